package viewtest

import (
	"encoding/json"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/examples/shop"
	"github.com/cardgen/cardgen/internal/apphost"
	"github.com/cardgen/cardgen/runtime/apps"
	"github.com/cardgen/cardgen/runtime/card"
)

// button is a card button as the test expects it: its label and what it
// sends (the message text, or the URL).
type button struct{ label, send string }

// shopCards are the card tools of examples/shop with the input of their
// //card:example and the card the result card view must draw for it.
var shopCards = []struct {
	tool     string
	input    map[string]any
	title    string
	subtitle string
	text     string
	fields   [][2]string
	message  button  // the message button
	url      *button // the url button, if the card has one
}{
	{
		tool:     "get_order",
		input:    map[string]any{"id": "1042"},
		title:    "Order #1042",
		subtitle: "Shipped",
		text:     "Arrives Friday.",
		fields:   [][2]string{{"Total", "1,250,000 ₫"}, {"Carrier", "GHN"}},
		message:  button{"Cancel", "Cancel order 1042"},
		url:      &button{"Track", "https://shop.example.com/o/1042"},
	},
	{
		tool:     "get_product",
		input:    map[string]any{"id": "kb-01"},
		title:    "Mechanical keyboard",
		subtitle: "accessories",
		text:     "Tenkeyless, brown switches, USB-C.",
		fields:   [][2]string{{"Price", "1,250,000 ₫"}, {"In stock", "12"}},
		message:  button{"Add to cart", "Add Mechanical keyboard to my cart"},
	},
	{
		tool:     "cancel_order",
		input:    map[string]any{"id": "1043", "reason": "Ordered twice"},
		title:    "Order #1043 cancelled",
		subtitle: "Refund 900,000 ₫",
		text:     "The refund reaches your card in 3 to 5 days.",
		fields:   [][2]string{{"Refund", "900,000 ₫"}},
		message:  button{"Order again", "Show me order 1043 so I can order it again"},
	},
	{
		tool: "checkout_preview",
		input: map[string]any{
			"product_id": "ms-02",
			"quantity":   2,
			"email":      "lan@example.com",
		},
		title:    "Your order: 920,000 ₫",
		subtitle: "2 items",
		text:     "Receipt to lan@example.com.",
		fields:   [][2]string{{"Subtotal", "900,000 ₫"}, {"Shipping", "20,000 ₫"}, {"Discount", "0 ₫"}},
		message:  button{"Place order", "Place the order for 920,000 ₫"},
	},
}

// Scripts that read what the result card view drew.
const (
	fieldsJS  = `[...document.querySelectorAll("#card-fields .card-field")].map(r => [r.querySelector("dt").textContent, r.querySelector("dd").textContent])`
	buttonsJS = `[...document.querySelectorAll("#card-actions button")].map(b => b.textContent)`
)

// TestResultCardShop draws the real result of every card tool of the example
// shop in the result card view.
func TestResultCardShop(t *testing.T) {
	t.Parallel()
	for _, tc := range shopCards {
		t.Run(tc.tool, func(t *testing.T) {
			t.Parallel()
			h := apphost.Require(t)
			result := call(t, connectShop(t), tc.tool, tc.input)
			p := h.Open(t, apphost.Scenario{HTML: apps.ResultCardView(), ToolInput: tc.input, ToolResult: result})

			handshake(t, p)
			eventuallyText(t, p, "#card-title", tc.title)
			for _, x := range []struct{ sel, want string }{
				{"#card-subtitle", tc.subtitle},
				{"#card-text", tc.text},
				{"#status", ""},
			} {
				if got, err := p.Text(x.sel); err != nil || got != x.want {
					t.Errorf("%s = %q (error %v), want %q", x.sel, got, err, x.want)
				}
			}
			if got := eval[[][2]string](t, p, fieldsJS); !reflect.DeepEqual(got, tc.fields) {
				t.Errorf("fields = %q, want %q", got, tc.fields)
			}
			wantButtons := []string{tc.message.label}
			if tc.url != nil {
				// The card lists its url button first, so it is the primary one.
				wantButtons = []string{tc.url.label, tc.message.label}
			}
			// (get_order's Track URL is not https, so card.Fit drops it, and the button after it
			// with it rather than make it primary: no buttons.)
			if got := eval[[]string](t, p, buttonsJS); !reflect.DeepEqual(got, wantButtons) && (len(got) > 0 || len(wantButtons) > 0) {
				t.Errorf("buttons = %q, want %q", got, wantButtons)
			}
			sized(t, p)
			fitted(t, p)

			shot := screenshot(t, p, tc.tool+"-card.png")
			if tc.tool == "get_order" {
				commitScreenshot(t, shot, "get_order-card.png")
			}

			eventuallyStyle(t, p, "body", "background-color", "rgb(255, 255, 255)")
			eventuallyStyle(t, p, "body", "color", "rgb(24, 24, 27)")
			if err := p.SetTheme("dark"); err != nil {
				t.Fatal(err)
			}
			eventuallyStyle(t, p, "body", "background-color", "rgb(24, 24, 27)")
			eventuallyStyle(t, p, "body", "color", "rgb(250, 250, 250)")
			screenshot(t, p, tc.tool+"-card-dark.png")

			clickSends(t, p, `#card-actions button[data-kind="message"]`, "ui/message", messageParams(t, tc.message.send))
			if tc.url != nil {
				clickSends(t, p, `#card-actions button[data-kind="url"]`, "ui/open-link", `{"url":"`+tc.url.send+`"}`)
			}
			// The host answered, so the view shows no failure.
			eventuallyText(t, p, "#status", "")

			tornDown(t, p)
			noPageErrors(t, p)
		})
	}
}

// xss is markup that runs script if a view ever puts data into innerHTML.
const xss = `<img src=x onerror=alert(1)>`

// TestResultCardHostileData puts xss into every field that a result card
// shows and checks that the view shows it as text: every slot's textContent
// is the slot's value, no element is made from it, no error occurs, and a
// button sends its text unchanged.
func TestResultCardHostileData(t *testing.T) {
	t.Parallel()
	everySlot := card.Card{
		V:            card.Version,
		Title:        xss,
		Subtitle:     xss,
		Text:         xss,
		IconURL:      "https://shop.example.com/" + url.PathEscape(xss) + ".png",
		ImageURL:     "https://shop.example.com/" + url.PathEscape(xss) + ".jpg",
		Fields:       []card.Field{{Label: xss, Value: xss}, {Label: xss, Value: xss}, {Label: xss, Value: xss}, {Label: xss, Value: xss}},
		Actions:      []card.Action{card.MessageAction(xss, xss), card.URLAction(xss, "https://shop.example.com/o/"+url.PathEscape(xss))},
		FallbackText: xss,
	}
	// The same card with the xss in its URLs as it is, spaces and all: no https URL, so the
	// platform drops the card, and the view shows its fallback text, the xss, as text.
	unescaped := everySlot
	unescaped.IconURL = "https://shop.example.com/" + xss + ".png"
	unescaped.ImageURL = "https://shop.example.com/" + xss + ".jpg"
	unescaped.Actions = []card.Action{card.MessageAction(xss, xss), card.URLAction(xss, "https://shop.example.com/o/"+xss)}
	tests := []struct {
		name string
		card card.Card // sent as given: a host must survive any card
	}{
		{"every slot", everySlot},
		{"every slot, URLs unescaped", unescaped},
		// The shop's own card builders, with xss in every string of the
		// tool's output, fitted as the generated code fits them.
		{"get_order", card.Fit(shop.GetOrderCard(&shop.Order{
			ID: xss, Status: shop.Status(xss), ETA: xss, Total: 1, Carrier: xss, TrackURL: xss,
			Customer: &shop.Customer{Name: xss, Email: xss},
			Lines:    []shop.Line{{ProductID: xss, Quantity: 1, Price: 1}},
		}))},
		{"get_product", card.Fit(shop.GetProductCard(&shop.Product{
			ID: xss, Name: xss, Category: xss, Description: xss, Price: 1, Stock: 1, ImageURL: xss,
		}))},
		{"cancel_order", card.Fit(shop.CancelOrderCard(&shop.Cancellation{
			ID: xss, Status: shop.Status(xss), Refund: 1, Message: xss,
		}))},
		{"checkout_preview", card.Fit(shop.CheckoutPreviewCard(&shop.CheckoutPreview{
			Items: 1, Subtotal: 1, Total: 1, Email: xss,
		}))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := tc.card
			if !strings.Contains(c.Title+c.Subtitle+c.Text, xss) {
				t.Fatalf("card %+v carries no %s in its title, subtitle or text; the test would prove nothing", c, xss)
			}
			res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: xss}}}
			card.Attach(res, c)
			result, err := json.Marshal(res)
			if err != nil {
				t.Fatal(err)
			}
			p := apphost.Require(t).Open(t, apphost.Scenario{HTML: apps.ResultCardView(), ToolResult: result})

			if c.Validate() != nil {
				// The platform drops the card: the view draws none, and shows the fallback
				// text as text, with no element made from it.
				eventuallyText(t, p, "#result-text", c.FallbackText)
				if !eval[bool](t, p, `document.getElementById("card").hidden`) || p.Exists("#result-text *") {
					t.Error("the view drew the card, or made elements of its fallback text")
				}
				if n := eval[int](t, p, `document.querySelectorAll("[onerror]").length`); n != 0 {
					t.Errorf("%d elements with an onerror attribute, want 0", n)
				}
				noPageErrors(t, p)
				return
			}
			eventuallyText(t, p, "#card-title", c.Title)
			for _, x := range []struct{ sel, want string }{
				{"#card-subtitle", c.Subtitle},
				{"#card-text", c.Text},
			} {
				if got, err := p.Text(x.sel); err != nil || got != x.want {
					t.Errorf("%s = %q (error %v), want %q", x.sel, got, err, x.want)
				}
			}
			var wantFields [][2]string
			for _, f := range c.Fields {
				wantFields = append(wantFields, [2]string{f.Label, f.Value})
			}
			if got := eval[[][2]string](t, p, fieldsJS); !reflect.DeepEqual(got, wantFields) {
				t.Errorf("fields = %q, want %q", got, wantFields)
			}
			// A url button whose URL card.IsHTTPS refuses is not drawn, as card.Fit would have
			// dropped it (the fitted shop cards).
			var wantButtons []string
			var drawn []card.Action
			for _, a := range c.Actions {
				if a.Kind == card.KindURL && !card.IsHTTPS(a.URL) {
					continue
				}
				wantButtons = append(wantButtons, a.Label)
				drawn = append(drawn, a)
			}
			// (get_order's Track URL is not https, so card.Fit drops it, and the button after it
			// with it rather than make it primary: no buttons.)
			if got := eval[[]string](t, p, buttonsJS); !reflect.DeepEqual(got, wantButtons) && (len(got) > 0 || len(wantButtons) > 0) {
				t.Errorf("buttons = %q, want %q", got, wantButtons)
			}
			// The view's own two images are the only ones, and nothing
			// carries an event handler attribute.
			if got := eval[[]string](t, p, `[...document.querySelectorAll("img")].map(i => i.id)`); !reflect.DeepEqual(got, []string{"card-icon", "card-image"}) {
				t.Errorf("img elements = %q, want only the view's own [card-icon card-image]", got)
			}
			if n := eval[int](t, p, `document.querySelectorAll("[onerror]").length`); n != 0 {
				t.Errorf("%d elements with an onerror attribute, want 0", n)
			}
			for _, a := range drawn {
				if a.Kind == card.KindMessage {
					clickSends(t, p, `#card-actions button[data-kind="message"]`, "ui/message", messageParams(t, a.Text))
				} else {
					b, _ := json.Marshal(map[string]string{"url": a.URL})
					clickSends(t, p, `#card-actions button[data-kind="url"]`, "ui/open-link", string(b))
				}
			}
			fitted(t, p)
			screenshot(t, p, "hostile-"+tc.name+".png")
			noPageErrors(t, p)
		})
	}
}

// TestResultCardTextOnly checks the view's fallback for a result without a
// card: its text content, shown as text. The host starts in the dark theme
// and sends a theme variable, which wins over the view's fallback.
func TestResultCardTextOnly(t *testing.T) {
	t.Parallel()
	text := "Order 1042: " + xss + "\nsecond line"
	res, err := json.Marshal(&mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}})
	if err != nil {
		t.Fatal(err)
	}
	p := apphost.Require(t).Open(t, apphost.Scenario{
		HTML:       apps.ResultCardView(),
		ToolResult: res,
		Theme:      "dark",
		Variables:  map[string]string{"--color-text-primary": "rgb(1, 2, 3)"},
	})
	handshake(t, p)
	eventuallyText(t, p, "#result-text", text)
	eventuallyStyle(t, p, "body", "background-color", "rgb(24, 24, 27)")
	eventuallyStyle(t, p, "body", "color", "rgb(1, 2, 3)")
	if p.Exists("#result-text img") {
		t.Error("the text became an img element")
	}
	if hidden := eval[bool](t, p, `document.getElementById("card").hidden`); !hidden {
		t.Error("#card is shown for a result without a card")
	}
	sized(t, p)
	tornDown(t, p)
	noPageErrors(t, p)
}

// TestResultCardPrimaryIsTheFirstButton sends cards written by hand, not fitted. The first
// button of a card is its primary one, and the second is not, whatever their kinds. A card whose
// first button the platform refuses (a plain http link) is dropped whole, and the view draws
// none of its buttons: the button after it never takes the primary role, which the seed gives
// the card's first button alone.
func TestResultCardPrimaryIsTheFirstButton(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		first   map[string]any
		buttons []string
	}{
		{"message first", map[string]any{"kind": "message", "label": "Cancel", "text": "Cancel order 1042"}, []string{"Cancel", "Track"}},
		{"http link first", map[string]any{"kind": "url", "label": "Map", "url": "http://map.example.com/1042"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res, err := json.Marshal(map[string]any{
				"content": []map[string]any{{"type": "text", "text": "Order 1042"}},
				"_meta": map[string]any{"assistant_platform": map[string]any{"card": map[string]any{
					"v": 1, "title": "Order 1042", "fallback_text": "Order 1042 has shipped.",
					"actions": []map[string]any{tc.first, {"kind": "url", "label": "Track", "url": "https://track.example.com/1042"}},
				}}},
			})
			if err != nil {
				t.Fatal(err)
			}
			p := apphost.Require(t).Open(t, apphost.Scenario{HTML: apps.ResultCardView(), ToolResult: res})
			handshake(t, p)
			if tc.buttons == nil {
				eventuallyText(t, p, "#result-text", "Order 1042 has shipped.")
			} else {
				eventuallyText(t, p, "#card-title", "Order 1042")
			}
			if got := eval[[]string](t, p, buttonsJS); !reflect.DeepEqual(got, tc.buttons) && (len(got) > 0 || len(tc.buttons) > 0) {
				t.Errorf("buttons = %q, want %q", got, tc.buttons)
			}
			primary := eval[[]string](t, p, `[...document.querySelectorAll("#card-actions button.primary")].map(b => b.textContent)`)
			if want := tc.buttons[:min(1, len(tc.buttons))]; !reflect.DeepEqual(primary, want) && (len(primary) > 0 || len(want) > 0) {
				t.Errorf("primary buttons = %q, want %q: the card's first button alone", primary, want)
			}
			tornDown(t, p)
			noPageErrors(t, p)
		})
	}
}

// TestResultCardErrorResult sends what a failed tool call gives a host: isError set, no
// structuredContent, no card, and a text that is long, hostile and mixed in script and
// direction. The view must show it as the text it is, in the error colour, without growing
// wider than the frame; then follow the host's theme and variables as they change, keep
// reporting its size, and answer the teardown.
func TestResultCardErrorResult(t *testing.T) {
	t.Parallel()
	word := strings.Repeat("ab\u200bc", 750) // 3,000 characters that never break at a space
	text := "خطأ: الطلب غير موجود 👩‍👩‍👧 </script><script>alert(1)</script> " + xss + "\u202Egnp.exe\n" + word + " " +
		strings.Repeat("x", 10_000)
	res, err := json.Marshal(&mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: text}}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(res), "structuredContent") {
		t.Fatalf("the result carries structuredContent: %s", res)
	}
	p := apphost.Require(t).Open(t, apphost.Scenario{HTML: apps.ResultCardView(), ToolResult: res})
	handshake(t, p)
	eventuallyText(t, p, "#result-text", text)
	if !eval[bool](t, p, `document.getElementById("result-text").classList.contains("is-error")`) {
		t.Error("#result-text of an isError result is not marked is-error")
	}
	eventuallyStyle(t, p, "#result-text", "color", "rgb(185, 28, 28)")
	if n := eval[int](t, p, `document.querySelectorAll("script").length`); n != 1 {
		t.Errorf("%d script elements, want only the view's own", n)
	}
	if p.Exists("#result-text *") {
		t.Error("the text made elements inside #result-text")
	}
	if overflow := eval[bool](t, p, `document.documentElement.scrollWidth > document.documentElement.clientWidth`); overflow {
		t.Error("a long word makes the view wider than its frame")
	}
	sized(t, p)
	fitted(t, p)

	// The host changes its theme, then sends a variable: both reach the CSS.
	if err := p.SetTheme("dark"); err != nil {
		t.Fatal(err)
	}
	eventuallyStyle(t, p, "body", "background-color", "rgb(24, 24, 27)")
	eventuallyStyle(t, p, "#result-text", "color", "rgb(248, 113, 113)")
	if err := p.SetHostContext(map[string]any{"styles": map[string]any{"variables": map[string]any{"--color-background-primary": "rgb(9, 8, 7)"}}}); err != nil {
		t.Fatal(err)
	}
	eventuallyStyle(t, p, "body", "background-color", "rgb(9, 8, 7)")
	if err := p.SetTheme("light"); err != nil {
		t.Fatal(err)
	}
	eventuallyStyle(t, p, "#result-text", "color", "rgb(185, 28, 28)")
	eventuallyStyle(t, p, "body", "background-color", "rgb(9, 8, 7)") // the host's variable still wins
	screenshot(t, p, "error-result.png")
	tornDown(t, p)
	noPageErrors(t, p)
}

// TestResultCardTextDirection: a card in a right-to-left script reads right to left, slot by
// slot, while the slots in a left-to-right one stay left to right. Each slot takes its
// direction from its own first strong character (dir="auto"), as hosts' own chat text does.
func TestResultCardTextDirection(t *testing.T) {
	t.Parallel()
	c := card.Card{
		V:            card.Version,
		Title:        "طلب رقم 1042",
		Subtitle:     "Shipped",
		Text:         "ההזמנה בדרך",
		Fields:       []card.Field{{Label: "المجموع", Value: "1,250,000 ₫"}, {Label: "Carrier", Value: "GHN"}},
		Actions:      []card.Action{card.MessageAction("إلغاء", "Cancel order 1042")},
		FallbackText: "Order 1042",
	}
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Order 1042"}}}
	card.Attach(res, c)
	result, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	p := apphost.Require(t).Open(t, apphost.Scenario{HTML: apps.ResultCardView(), ToolResult: result})
	eventuallyText(t, p, "#card-title", c.Title)
	got := eval[map[string]string](t, p, `(() => {
		const d = el => getComputedStyle(el).direction;
		const rows = document.querySelectorAll("#card-fields .card-field");
		return {
			title: d(document.getElementById("card-title")),
			subtitle: d(document.getElementById("card-subtitle")),
			text: d(document.getElementById("card-text")),
			label1: d(rows[0].querySelector("dt")), value1: d(rows[0].querySelector("dd")),
			label2: d(rows[1].querySelector("dt")), value2: d(rows[1].querySelector("dd")),
			button: d(document.querySelector("#card-actions button")),
		};
	})()`)
	want := map[string]string{
		"title": "rtl", "subtitle": "ltr", "text": "rtl",
		"label1": "rtl", "value1": "ltr", "label2": "ltr", "value2": "ltr",
		"button": "rtl",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("directions = %v\nwant %v", got, want)
	}
	noPageErrors(t, p)
}
