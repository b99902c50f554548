package register

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/runtime/apps"
	"github.com/cardgen/cardgen/runtime/card"
)

// TestAttachCardLogsFitting checks that a card built from data that breaks the limits is fitted
// before it is attached, and that what changed is logged at debug level through the given logger.
func TestAttachCardLogsFitting(t *testing.T) {
	var logs bytes.Buffer
	cfg := NewConfig(WithLogger(slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))))
	res := &mcp.CallToolResult{}
	long := strings.Repeat("very long title ", 10)
	cfg.AttachCard(context.Background(), res, "get_order", card.Card{Title: long, FallbackText: "ok", ImageURL: "http://insecure.example.com/x.png"})
	got, ok, err := card.FromMeta(res.Meta)
	if err != nil || !ok {
		t.Fatalf("no card attached: %v", err)
	}
	if err := got.Validate(); err != nil {
		t.Errorf("the attached card is not valid: %v", err)
	}
	if got.ImageURL != "" || len([]rune(got.Title)) > card.MaxTitle {
		t.Errorf("the attached card was not fitted: %+v", got)
	}
	out := logs.String()
	for _, want := range []string{"level=DEBUG", "tool=get_order", "title=", "image_url="} {
		if !strings.Contains(out, want) {
			t.Errorf("the debug log lacks %q:\n%s", want, out)
		}
	}

	// A card that fits logs nothing, and without a logger nothing is written anywhere.
	logs.Reset()
	cfg.AttachCard(context.Background(), &mcp.CallToolResult{}, "get_order", card.Card{Title: "Order", FallbackText: "Order"})
	if logs.Len() != 0 {
		t.Errorf("a card that fits was logged: %s", logs.String())
	}
	NewConfig().AttachCard(context.Background(), &mcp.CallToolResult{}, "get_order", card.Card{Title: long})
}

func TestDecodeSelection(t *testing.T) {
	schema := []byte(`{"type":"object","properties":{"n":{"type":"integer","minimum":1},"ok":{"type":"boolean"},"s":{"type":"string"}},"required":["n"],"additionalProperties":false}`)
	var in struct {
		N  int    `json:"n"`
		OK bool   `json:"ok"`
		S  string `json:"s"`
	}
	if err := DecodeSelection(schema, map[string]any{"tool": "x", "n": "3", "ok": "true", "s": "hi"}, &in); err != nil || in.N != 3 || !in.OK || in.S != "hi" {
		t.Errorf("DecodeSelection: %+v, %v", in, err)
	}
	for _, bad := range []map[string]any{{"n": "0"}, {"s": "x"}, {"n": 1, "extra": 1}, {"n": "three"}} {
		if err := DecodeSelection(schema, bad, &in); err == nil {
			t.Errorf("DecodeSelection(%v) succeeded; want a validation error", bad)
		}
	}
}

// TestDecodeSelectionAsFormsAnswer decodes what a person's answers to a form look like: an
// unticked checkbox sends nothing (false, even for a required bool), a field left blank is no
// answer (not an empty number or an option nobody chose), a number typed into a text field is
// text, and a date the input cannot take is an error that says the selection is the problem.
func TestDecodeSelectionAsFormsAnswer(t *testing.T) {
	schema := []byte(`{"type":"object","properties":{"urgent":{"type":"boolean"},"severity":{"type":"string","enum":["low","high"]},` +
		`"hours":{"type":"number"},"title":{"type":"string"},"due":{"type":"string","format":"date-time"}},"required":["urgent","title"],"additionalProperties":false}`)
	type input struct {
		Urgent   bool       `json:"urgent"`
		Severity string     `json:"severity,omitempty"`
		Hours    *float64   `json:"hours,omitempty"`
		Title    string     `json:"title"`
		Due      *time.Time `json:"due,omitempty"`
	}
	var in input
	sel := map[string]any{"tool": "new_ticket", "severity": "", "hours": " ", "title": json.Number("123")}
	if err := DecodeSelection(schema, sel, &in); err != nil || in.Urgent || in.Severity != "" || in.Hours != nil || in.Title != "123" {
		t.Errorf("DecodeSelection(%v) = %+v, %v; want urgent false, no severity or hours, title \"123\"", sel, in, err)
	}
	// An optional *bool left unticked stays unset; "3.0" in an integer field is 3.
	var opt struct {
		Notify *bool `json:"notify,omitempty"`
		Count  int   `json:"count"`
	}
	optSchema := []byte(`{"type":"object","properties":{"notify":{"type":"boolean"},"count":{"type":"integer"}},"required":["count"],"additionalProperties":false}`)
	if err := DecodeSelection(optSchema, map[string]any{"count": "3.0"}, &opt); err != nil || opt.Notify != nil || opt.Count != 3 {
		t.Errorf("optional checkbox and 3.0: %+v, %v; want notify unset and count 3", opt, err)
	}
	in = input{}
	err := DecodeSelection(schema, map[string]any{"title": "t", "due": "2025-01-01"}, &in)
	const want = selectionErrorPrefix + `due is "2025-01-01", not a date and time like 2026-01-31T09:00:00Z`
	if err == nil || err.Error() != want {
		t.Errorf("a date without a time: %v; want %s", err, want)
	}
}

// TestDecodeSelectionNonFiniteNumber is a number field answered "NaN" or "Inf": strconv reads
// them as floats, but JSON has no such numbers, so they are not an answer; the error must say
// the form's answer is the problem, as every DecodeSelection error does, and write the answer:
// as the text it was, or as the Go float put in the selection by hand.
func TestDecodeSelectionNonFiniteNumber(t *testing.T) {
	schema := []byte(`{"type":"object","properties":{"budget":{"type":"number"}},"additionalProperties":false}`)
	for _, c := range []struct {
		v    any
		want string
	}{
		{"NaN", `budget is "NaN", not a number`},
		{"Inf", `budget is "Inf", not a number`},
		{"-infinity", `budget is "-infinity", not a number`},
		{" +Inf ", `budget is " +Inf ", not a number`},
		{math.NaN(), `budget is NaN, not a number`},
		{math.Inf(1), `budget is +Inf, not a number`},
	} {
		var in struct {
			Budget float64 `json:"budget"`
		}
		err := DecodeSelection(schema, map[string]any{"budget": c.v}, &in)
		var selErr *SelectionError
		if !errors.As(err, &selErr) || !slices.Equal(selErr.Problems, []string{c.want}) || !strings.HasPrefix(err.Error(), selectionErrorPrefix) {
			t.Errorf("budget %v: %v; want a *SelectionError with the one problem %s", c.v, err, c.want)
		}
	}
}

// TestUIOptions registers views through the registry a Config gives, with and without the ui
// options, and reads them back with the SDK's client: WithUIServer names the ui:// host instead
// of the package, WithUIDefault is the _meta.ui of a view without a sidecar of its own, and a
// view that brings its own meta keeps it.
func TestUIOptions(t *testing.T) {
	border := true
	def := apps.ResourceMeta{CSP: &apps.CSP{ConnectDomains: []string{"https://api.example.com"}}, PrefersBorder: &border}
	own := &apps.ResourceMeta{Domain: "views.example.com"}
	for _, c := range []struct {
		name     string
		opts     []Option
		wantHost string
		wantMeta string // _meta.ui of the view without its own meta
	}{
		{"defaults", nil, "shop", `{}`},
		{"options", []Option{WithUIServer("shop-eu"), WithUIDefault(def)}, "shop-eu",
			`{"csp":{"connectDomains":["https://api.example.com"]},"prefersBorder":true}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			ui := NewConfig(c.opts...).UIRegistry("shop")
			plain := MustUI(ui.AddHTML("plain.html", []byte("<!doctype html><p>plain</p>"), nil))
			framed := MustUI(ui.AddHTML("framed.html", []byte("<!doctype html><p>framed</p>"), own))
			cs := connectClient(t, ui.Register)
			ctx := context.Background()

			for _, v := range []struct {
				uri, wantMeta string
			}{{plain, c.wantMeta}, {framed, `{"domain":"views.example.com"}`}} {
				if !strings.HasPrefix(v.uri, "ui://"+c.wantHost+"/") {
					t.Errorf("view URI %s; want the host %s", v.uri, c.wantHost)
				}
				res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: v.uri})
				if err != nil {
					t.Fatalf("reading %s: %v", v.uri, err)
				}
				b, err := json.Marshal(res.Contents[0].Meta["ui"])
				if err != nil {
					t.Fatal(err)
				}
				if string(b) != v.wantMeta {
					t.Errorf("%s: _meta.ui %s; want %s", v.uri, b, v.wantMeta)
				}
			}
		})
	}
}

// TestActionCTA: a url button becomes a CTA whose selection carries the URL, a message button one
// whose selection carries the text; primary is passed through.
func TestActionCTA(t *testing.T) {
	url := ActionCTA(card.URLAction("Track", "https://shop.example.com/o/1042"), true)
	if url.Label != "Track" || !url.Primary || url.Selection["action"] != "Track" || url.Selection["url"] != "https://shop.example.com/o/1042" || url.Selection["text"] != nil {
		t.Errorf("url action: %+v", url)
	}
	msg := ActionCTA(card.MessageAction("Cancel", "Cancel order 1042"), false)
	if msg.Label != "Cancel" || msg.Primary || msg.Selection["text"] != "Cancel order 1042" || msg.Selection["url"] != nil {
		t.Errorf("message action: %+v", msg)
	}
}

// TestDecodeSelectionKeyCase decodes a selection whose key differs from the field's JSON name
// only in case, against a schema that lets unknown keys through (as a type's own JSONSchema
// method may). The schema checked "qty" and never saw "QTY", so encoding/json, which matches
// keys to fields ignoring case, filled Qty with a value the schema's maximum forbids. Keys
// match case-sensitively, as AddTool and the SDK decode tool arguments, and "QTY" is unknown.
func TestDecodeSelectionKeyCase(t *testing.T) {
	schema := []byte(`{"type":"object","properties":{"qty":{"type":"integer","maximum":10}}}`)
	var in struct {
		Qty int `json:"qty"`
	}
	err := DecodeSelection(schema, map[string]any{"tool": "order", "QTY": json.Number("99")}, &in)
	if err == nil || in.Qty != 0 {
		t.Fatalf("DecodeSelection({QTY: 99}) = %+v, %v; want an error and qty unset", in, err)
	}
	const want = selectionErrorPrefix + "\"QTY\" is not a field of this form (field names are case-sensitive: did you mean qty?)"
	if err.Error() != want {
		t.Errorf("error %q; want %q", err, want)
	}
	if err := DecodeSelection(schema, map[string]any{"qty": "7"}, &in); err != nil || in.Qty != 7 {
		t.Errorf("DecodeSelection({qty: 7}) = %+v, %v; want qty 7", in, err)
	}
}

// TestBuiltinViewMeta: the built-in view's CSP is WithUIDefault's with the origins of the cards'
// icons and images added once each, and WithUIDefault's own value is left as it was; without
// origins the view keeps the registry's default.
func TestBuiltinViewMeta(t *testing.T) {
	border := true
	def := apps.ResourceMeta{CSP: &apps.CSP{ResourceDomains: []string{"https://fonts.example.com"}, ConnectDomains: []string{"https://api.example.com"}}, PrefersBorder: &border}
	cfg := NewConfig(WithUIDefault(def))
	if m := cfg.BuiltinViewMeta(); m != nil {
		t.Errorf("BuiltinViewMeta() = %+v; want nil, the registry's default", m)
	}
	m := cfg.BuiltinViewMeta("https://img.example.com", "https://fonts.example.com")
	if got := m.CSP.ResourceDomains; !slices.Equal(got, []string{"https://fonts.example.com", "https://img.example.com"}) {
		t.Errorf("resourceDomains %q; want the default's and the image origin, once each", got)
	}
	if !slices.Equal(m.CSP.ConnectDomains, def.CSP.ConnectDomains) || m.PrefersBorder != &border {
		t.Errorf("meta %+v lost the rest of the default", m)
	}
	if got := def.CSP.ResourceDomains; len(got) != 1 {
		t.Errorf("WithUIDefault's value changed: %q", got)
	}
	if err := m.Validate(); err != nil {
		t.Error(err)
	}
	if m := NewConfig().BuiltinViewMeta("https://img.example.com"); m.CSP == nil || !slices.Equal(m.CSP.ResourceDomains, []string{"https://img.example.com"}) {
		t.Errorf("without a default: %+v", m)
	}
}

// TestMustPanicsWithError: MustUI and MustDocument say they panic with an error that wraps
// theirs, and did with a string, which errors.Is could not look into.
func TestMustPanicsWithError(t *testing.T) {
	cause := errors.New("bad server name")
	for name, f := range map[string]func(){
		"MustUI":       func() { MustUI("", cause) },
		"MustDocument": func() { MustDocument(nil, cause) },
	} {
		func() {
			defer func() {
				err, _ := recover().(error)
				if !errors.Is(err, cause) {
					t.Errorf("%s panicked with %v; want an error wrapping the cause", name, err)
				}
			}()
			f()
		}()
	}
}
