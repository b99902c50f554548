package apps_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing/fstest"

	"github.com/cardgen/cardgen/runtime/apps"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func ExampleRegistry() {
	// Usually an embed.FS of the service's cards folder.
	cards := fstest.MapFS{
		"orders/card.html":      {Data: []byte("<!DOCTYPE html><title>Order</title><p>…</p>")},
		"orders/card.meta.json": {Data: []byte(`{"csp": {"connectDomains": ["https://api.example.com"]}, "prefersBorder": false}`)},
	}
	r := apps.NewRegistry("shop", apps.Options{})
	uri, err := r.AddFile(cards, "orders/card.html", nil) // picks up orders/card.meta.json
	if err != nil {
		fmt.Println(err)
		return
	}
	builtin, err := r.AddHTML("builtin/result-card.html", apps.ResultCardView(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}

	s := mcp.NewServer(&mcp.Implementation{Name: "shop", Version: "1.0.0"}, nil)
	r.Register(s)
	fmt.Println(uri)
	path, version, _ := strings.Cut(builtin, "?v=")
	fmt.Println(path, len(version)) // the version changes with the view and with its _meta.ui
	// Output:
	// ui://shop/orders/card.html?v=93f669c3f049
	// ui://shop/builtin/result-card.html 12
}

func ExampleToolMeta() {
	tool := &mcp.Tool{
		Name:        "check_in",
		InputSchema: json.RawMessage(`{"type":"object"}`),
		Meta:        apps.ToolMeta("ui://shop/bookings/card.html?v=0123456789ab", apps.App),
	}
	b, _ := json.MarshalIndent(tool.Meta, "", "  ")
	fmt.Println(string(b))
	// Output:
	// {
	//   "ui": {
	//     "resourceUri": "ui://shop/bookings/card.html?v=0123456789ab",
	//     "visibility": [
	//       "app"
	//     ]
	//   },
	//   "ui/resourceUri": "ui://shop/bookings/card.html?v=0123456789ab"
	// }
}

func ExampleParseResourceMeta() {
	data := []byte(`{
  "csp": {"resourceDomains": ["http://cdn.example.com"]},
  "prefers_border": true
}`)
	_, problems := apps.ParseResourceMeta(data)
	for _, p := range problems {
		line, col := p.LineCol(data)
		fmt.Printf("card.meta.json:%d:%d: %s\n", line, col, p.Msg)
	}
	// Output:
	// card.meta.json:2:31: csp.resourceDomains[0] "http://cdn.example.com" is not an https origin; write it as https://host[:port], e.g. https://api.example.com
	// card.meta.json:3:3: unknown key "prefers_border" (did you mean "prefersBorder"?); known keys are csp, permissions, domain, prefersBorder
}

func ExampleParseVisibility() {
	v, err := apps.ParseVisibility("app")
	fmt.Println(v.Strings(), err)
	_, err = apps.ParseVisibility("card")
	fmt.Println(err)
	// Output:
	// [app] <nil>
	// unknown visibility "card"; a tool only cards call is "app"
}

// InvalidUTF8At finds the byte that keeps a view from being served: here the é of a file saved
// as Latin-1.
func ExampleInvalidUTF8At() {
	fmt.Println(apps.InvalidUTF8At([]byte("<p>caf\xe9</p>")))
	fmt.Println(apps.InvalidUTF8At([]byte("<p>café</p>")))
	// Output:
	// 6
	// -1
}
