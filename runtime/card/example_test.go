package card_test

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/cardgen/cardgen/runtime/card"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func ExampleFit() {
	c := card.Card{
		Title:    "Order #1042 for " + strings.Repeat("a very long customer name ", 4),
		IconURL:  "http://shop.example.com/icon.png", // not https: dropped
		Fields:   []card.Field{{Label: "Total", Value: "1,250,000 ₫"}, {Label: "Note", Value: ""}},
		Actions:  []card.Action{card.URLAction("Track", "https://shop.example.com/o/1042")},
		Subtitle: "Shipped\nby GHN", // one line only
	}
	fitted, changes := card.FitWithChanges(c)
	fmt.Println(fitted.Validate() == nil)
	b, _ := json.MarshalIndent(fitted, "", "  ")
	fmt.Println(string(b))
	for _, ch := range changes {
		fmt.Println(ch)
	}
	// Output:
	// true
	// {
	//   "v": 1,
	//   "title": "Order #1042 for a very long customer name a very long customer name a very long…",
	//   "subtitle": "Shipped by GHN",
	//   "fields": [
	//     {
	//       "label": "Total",
	//       "value": "1,250,000 ₫"
	//     }
	//   ],
	//   "actions": [
	//     {
	//       "kind": "url",
	//       "label": "Track",
	//       "url": "https://shop.example.com/o/1042"
	//     }
	//   ],
	//   "fallback_text": "Order #1042 for a very long customer name a very long customer name a very long…\nShipped by GHN\nTotal: 1,250,000 ₫"
	// }
	// title: clipped from 120 to 80 characters
	// subtitle: replaced line breaks and tabs with spaces and removed other control characters
	// icon_url: dropped "http://shop.example.com/icon.png": not an https URL
	// fields[1]: dropped: the label or value is empty
	// fallback_text: was empty; built from the title, subtitle, text and fields
	// v: set to 1 (was 0)
}

func ExampleCard_Validate() {
	c := card.Card{
		Title:   strings.Repeat("x", 90),
		Actions: []card.Action{card.URLAction("Track", "http://shop.example.com/o/1042")},
	}
	fmt.Println(c.Validate())
	// Output:
	// invalid result card, 3 problems:
	// 	title: is 90 characters; the limit is 80: shorten it, or clip it with card.Fit or card.Clip
	// 	actions[0].url: "http://shop.example.com/o/1042" is not an https URL; use an absolute https:// URL with a host and no user name or password (percent-encode spaces), or leave it empty
	// 	fallback_text: is empty; hosts drop a card without one: write a plain-text summary (Fit builds one from the other slots)
}

func ExampleCard_MessagingText() {
	c := card.Card{
		Title:        "Order #1042",
		FallbackText: "Order #1042 shipped, arrives Friday.",
		Actions: []card.Action{
			card.URLAction("Track", "https://shop.example.com/o/1042"),
			card.MessageAction("Cancel", "Cancel order 1042"), // not a link: not listed
		},
	}
	fmt.Println(c.MessagingText())
	// Output:
	// Order #1042 shipped, arrives Friday.
	// Track: https://shop.example.com/o/1042
}

func ExampleAttach() {
	res := &mcp.CallToolResult{
		Content: []mcp.Content{&mcp.TextContent{Text: "Order 1042 has been handed to the carrier."}},
		Meta:    mcp.Meta{"trace_id": "abc123"}, // kept
	}
	card.Attach(res, card.Fit(card.Card{
		Title:        "Order #1042",
		Subtitle:     "Shipped",
		FallbackText: "Order #1042 shipped.",
	}))
	b, _ := json.MarshalIndent(res.Meta, "", "  ")
	fmt.Println(string(b))

	back, found, err := card.FromMeta(res.Meta)
	fmt.Println(back.Title, found, err)
	// Output:
	// {
	//   "assistant_platform": {
	//     "card": {
	//       "title": "Order #1042",
	//       "subtitle": "Shipped",
	//       "fallback_text": "Order #1042 shipped."
	//     }
	//   },
	//   "trace_id": "abc123"
	// }
	// Order #1042 true <nil>
}

func ExampleClip() {
	fmt.Println(card.Clip("Giao hàng nhanh", 10))
	fmt.Println(card.Clip("Cafe\u0301 au lait", 5)) // "e" + combining acute is kept or dropped whole
	// Output:
	// Giao hàng…
	// Caf…
}

// Len counts as a JavaScript host's .length does: a character past U+FFFF, as most emoji are,
// is two UTF-16 code units. Clip cuts in the same units and never splits an emoji.
func ExampleLen() {
	fmt.Println(card.Len("Order #1042"), card.Len("Tổng ₫"), card.Len("🎉"), card.Len("🇻🇳"))
	fmt.Println(card.Clip("🎉🎉🎉🎉🎉", 5), card.Clip("a🎉b", 3))
	// Output:
	// 11 6 2 4
	// 🎉🎉… a…
}

// IsBlank is the rule for a required slot: white space and invisible characters alone show
// nothing, so a title of a zero-width space is as missing as an empty one.
func ExampleIsBlank() {
	fmt.Println(card.IsBlank(" \u200b\u00a0"), card.IsBlank("Order #1042"))
	// Output: true false
}

// A client, or a test, reads the card of a result as it arrives: FromMeta takes the _meta it
// decoded from JSON, as well as one a server built in process.
func ExampleFromMeta() {
	res := &mcp.CallToolResult{}
	card.Attach(res, card.Fit(card.Card{Title: "Order #1042", Subtitle: "Shipped"}))
	wire, _ := json.Marshal(res)

	var got struct {
		Meta map[string]any `json:"_meta"`
	}
	_ = json.Unmarshal(wire, &got)
	c, ok, err := card.FromMeta(got.Meta)
	fmt.Printf("%q %q %v %v %v\n", c.Title, c.FallbackText, ok, err, c.Validate())

	_, ok, err = card.FromMeta(map[string]any{card.MetaKey: "not an object"})
	fmt.Println(ok, err != nil)
	// Output:
	// "Order #1042" "Order #1042\nShipped" true <nil> <nil>
	// false true
}
