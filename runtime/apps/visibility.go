package apps

import (
	"fmt"
	"strings"
)

// Visibility says who may call a tool: the model, the app (a view on the same
// server connection), or both. It is a bit set; the zero value means the
// default, both.
type Visibility uint8

// The visibility bits.
const (
	// Model: the tool is in the model's tool list and the model may call it.
	Model Visibility = 1 << iota
	// App: views from the same server may call the tool with tools/call.
	App
)

// ParseVisibility parses a comma-separated list of "model" and "app", such as
// "model", "app" or "model,app". Spaces around items are ignored; an empty
// list, an unknown item or a repeated one is an error.
func ParseVisibility(s string) (Visibility, error) {
	if strings.TrimSpace(s) == "" {
		return 0, fmt.Errorf(`visibility is empty; use "model", "app" or "model,app"`)
	}
	var v Visibility
	for item := range strings.SplitSeq(s, ",") {
		item = strings.TrimSpace(item)
		var bit Visibility
		switch item {
		case "model":
			bit = Model
		case "app":
			bit = App
		case "card":
			return 0, fmt.Errorf(`unknown visibility "card"; a tool only cards call is "app"`)
		default:
			return 0, fmt.Errorf(`unknown visibility %q in %q; use "model", "app" or "model,app"`, item, s)
		}
		if v&bit != 0 {
			return 0, fmt.Errorf("visibility %q lists %q twice; name it once", s, item)
		}
		v |= bit
	}
	return v, nil
}

// Strings returns the wire form of v for _meta.ui.visibility: "model" before
// "app". The zero value (and any value without a known bit) is the default,
// ["model", "app"], spelled out because hosts' handling of a missing list may
// differ.
func (v Visibility) Strings() []string {
	switch v & (Model | App) {
	case Model:
		return []string{"model"}
	case App:
		return []string{"app"}
	default:
		return []string{"model", "app"}
	}
}

// String returns the list form accepted by [ParseVisibility], e.g. "model,app".
func (v Visibility) String() string { return strings.Join(v.Strings(), ",") }

// ToolMeta returns a tool's _meta for a view at uri (from [Registry.URI] or
// the return of [Registry.AddFile]) and the tool's visibility:
//
//	{"ui": {"resourceUri": uri, "visibility": [...]}, "ui/resourceUri": uri}
//
// The flat "ui/resourceUri" key is deprecated by the spec but still read by
// some hosts, so both are written. With uri == "" (a tool a view calls but
// that has no view of its own) only the visibility is written.
func ToolMeta(uri string, v Visibility) map[string]any {
	ui := map[string]any{"visibility": v.Strings()}
	meta := map[string]any{"ui": ui}
	if uri != "" {
		ui["resourceUri"] = uri
		meta["ui/resourceUri"] = uri
	}
	return meta
}
