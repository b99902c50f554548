package register

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/runtime/acp"
	"github.com/cardgen/cardgen/runtime/card"
)

// TestReviewFromFittedCardKeepsRoles is the review card a generated …ACP builder makes from a
// card whose approve button is invalid: the reject button must not become approve_cta.
func TestReviewFromFittedCardKeepsRoles(t *testing.T) {
	c := card.Card{
		V: card.Version, Title: "Booking 7", FallbackText: "Booking 7",
		Fields: []card.Field{{Label: "Room", Value: "12"}},
		Actions: []card.Action{
			card.URLAction("Pay", "http://pay.example.com/7"),
			card.MessageAction("Cancel", "Cancel booking 7"),
		},
	}
	p, err := ReviewFromCard(card.Fit(c))
	if err == nil {
		t.Fatalf("ReviewFromCard gave a review card with approve_cta %+v; want an error", p.ApproveCTA)
	}
	if !strings.Contains(err.Error(), "approve button") {
		t.Errorf("error %q does not say the approve button is missing", err)
	}

	c.Actions[0].URL = "https://pay.example.com/7"
	p, err = ReviewFromCard(card.Fit(c))
	if err != nil {
		t.Fatal(err)
	}
	if p.ApproveCTA.Label != "Pay" || !p.ApproveCTA.Primary || p.RejectCTA == nil || p.RejectCTA.Label != "Cancel" || p.RejectCTA.Primary {
		t.Errorf("approve %+v, reject %+v; want Pay (primary), Cancel", p.ApproveCTA, p.RejectCTA)
	}
}

// TestDetailFromFittedCardKeepsRoles: a detail card's first CTA is the primary one, so a second
// button must not become it either.
func TestDetailFromFittedCardKeepsRoles(t *testing.T) {
	c := card.Card{
		V: card.Version, Title: "Booking 7", FallbackText: "Booking 7",
		Actions: []card.Action{
			card.URLAction("Pay", "http://pay.example.com/7"),
			card.MessageAction("Cancel", "Cancel booking 7"),
		},
	}
	if p, err := DetailFromCard(card.Fit(c)); err == nil {
		t.Errorf("DetailFromCard gave CTAs %+v; want an error (a detail card needs a CTA)", p.CTAs)
	}
}

// TestDetailWithoutButtonsSaysSo is the hostile review's: a detail card whose first button
// card.Fit drops (a data: URL) loses every button, and the error was acp's "ctas: must be an
// array, not null", a Go nil slice described as JSON. It says the card has no button left.
func TestDetailWithoutButtonsSaysSo(t *testing.T) {
	c := card.Card{
		V: card.Version, Title: "Keyboard", FallbackText: "Keyboard",
		Actions: []card.Action{
			card.URLAction("Buy", "data:text/html,<b>buy</b>"),
			card.MessageAction("Ask", "Tell me more"),
		},
	}
	_, err := DetailFromCard(card.Fit(c))
	if err == nil || strings.Contains(err.Error(), "null") || !strings.Contains(err.Error(), "needs a button, and the result card has none left") {
		t.Errorf("DetailFromCard: %v; want the error that no button is left", err)
	}
}

// captureDebug sends slog's default logger to a buffer, at debug level, until the test ends.
func captureDebug(t *testing.T) *bytes.Buffer {
	var buf bytes.Buffer
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})))
	t.Cleanup(func() { slog.SetDefault(old) })
	return &buf
}

// TestACPImageOverPayloadLimitDropped: a 100 KB https image URL is valid in a result card, but a
// detail card or carousel item with it was over the 65,536-byte card_payload limit and failed.
// The image, which the reference does not require, is dropped so that the card is sent, and the
// debug log says so.
func TestACPImageOverPayloadLimitDropped(t *testing.T) {
	log := captureDebug(t)
	long := "https://img.example.com/" + strings.Repeat("a", 100<<10)
	c := card.Fit(card.Card{V: card.Version, Title: "Keyboard", FallbackText: "Keyboard", ImageURL: long,
		Actions: []card.Action{card.MessageAction("Buy", "Buy the keyboard")}})
	if c.ImageURL != long {
		t.Fatalf("card.Fit dropped the image; the test needs it kept")
	}
	d, err := DetailFromCard(c)
	if err != nil || d.HeroImage != "" || len(d.CTAs) != 1 || d.Title != "Keyboard" {
		t.Errorf("DetailFromCard: hero image of %d bytes, %d CTAs, %v; want a valid card without the image", len(d.HeroImage), len(d.CTAs), err)
	}
	if !strings.Contains(log.String(), "hero_image=") || !strings.Contains(log.String(), "over the "+fmt.Sprint(acp.MaxPayloadBytes)+"-byte card_payload limit") {
		t.Errorf("debug log %q; want what was dropped", log.String())
	}

	log.Reset()
	small := card.Fit(card.Card{V: card.Version, Title: "Mouse", FallbackText: "Mouse", ImageURL: "https://img.example.com/m.png"})
	p, err := Carousel("Products", []acp.CarouselItem{CarouselItem("kb", c), CarouselItem("ms", small), CarouselItem("mn", small)})
	switch {
	case err != nil || len(p.Items) != 3:
		t.Fatalf("Carousel: %d items, %v; want the 3, valid", len(p.Items), err)
	case p.Items[0].Image != "" || p.Items[1].Image != small.ImageURL:
		t.Errorf("images %d and %q bytes; want the long one dropped and the short one kept", len(p.Items[0].Image), p.Items[1].Image)
	}
	if !strings.Contains(log.String(), "items[0].image=") {
		t.Errorf("debug log %q; want the dropped image named", log.String())
	}
}

// TestCarouselFitsPayloadLimit: 100 items with long texts are over the 64 KB card_payload
// limit; the carousel is fitted by dropping items from the end instead of failing.
func TestCarouselFitsPayloadLimit(t *testing.T) {
	// 4 bytes a character, and 2 UTF-16 code units: the text is at its limit (card.Len).
	items := roomItems(100, strings.Repeat("🌊", card.MaxText/2))
	if _, _, err := acp.Encode(acp.CarouselPayload{Title: "Rooms", Items: items}); err == nil {
		t.Fatal("the test carousel fits; make it longer")
	}
	p, err := Carousel("Rooms", items)
	if err != nil {
		t.Fatalf("Carousel: %v", err)
	}
	if n := len(p.Items); n == 0 || n >= 100 || !reflect.DeepEqual(p.Items, items[:n]) {
		t.Errorf("kept %d items; want the first ones, fewer than 100", n)
	}
	if _, b, err := acp.Encode(p); err != nil || len(b) > acp.MaxPayloadBytes {
		t.Errorf("the carousel does not fit: %d bytes, %v", len(b), err)
	}

	if p, err := Carousel("Rooms", items[:5]); err != nil || len(p.Items) != 5 {
		t.Errorf("a carousel that fits: %d items, %v; want all 5", len(p.Items), err)
	}
	if _, err := Carousel("Rooms", nil); err == nil {
		t.Error("a carousel without items: no error")
	}
}

// TestCarouselDropsRepeatedItems is a carousel built from data in which two elements share an
// id (a repeated SKU): the reply could not tell them apart, so the later one is dropped and the
// rest of the carousel is sent, rather than no card at all.
func TestCarouselDropsRepeatedItems(t *testing.T) {
	item := func(id string) acp.CarouselItem {
		return CarouselItem(id, card.Fit(card.Card{V: card.Version, Title: "Product " + id, FallbackText: id}))
	}
	p, err := Carousel("Products", []acp.CarouselItem{item("sku-1"), item("sku-2"), item("sku-1"), item("sku-3")})
	if err != nil {
		t.Fatalf("Carousel: %v; want the repeated item dropped", err)
	}
	var ids []string
	for _, it := range p.Items {
		ids = append(ids, it.ID)
	}
	if want := []string{"sku-1", "sku-2", "sku-3"}; !reflect.DeepEqual(ids, want) {
		t.Errorf("items %v; want %v", ids, want)
	}
}

// TestRepeatedButtonsFromData: two buttons whose targets come from data can turn out the same
// (Open {{.URL}} and Open {{.Mirror}}). Both would send one selection, which acp refuses, so the
// card would not be sent at all; the repeat is left out instead.
func TestRepeatedButtonsFromData(t *testing.T) {
	c := card.Fit(card.Card{
		V: card.Version, Title: "Order 7", FallbackText: "Order 7",
		Fields: []card.Field{{Label: "Status", Value: "paid"}},
		Actions: []card.Action{
			card.URLAction("Open", "https://shop.example.com/7"),
			card.URLAction("Open", "https://shop.example.com/7"),
		},
	})
	d, err := DetailFromCard(c)
	if err != nil || len(d.CTAs) != 1 {
		t.Errorf("DetailFromCard: %d CTAs, %v; want the one button, valid", len(d.CTAs), err)
	}
	r, err := ReviewFromCard(c)
	if err != nil || r.RejectCTA != nil {
		t.Errorf("ReviewFromCard: reject %+v, %v; want no reject button (it repeats approve), valid", r.RejectCTA, err)
	}
	// The same label with another target is another button.
	c.Actions[1] = card.URLAction("Open", "https://mirror.example.com/7")
	if d, err := DetailFromCard(c); err != nil || len(d.CTAs) != 2 {
		t.Errorf("DetailFromCard with two targets: %d CTAs, %v; want 2", len(d.CTAs), err)
	}
}

// TestFormSelection holds a generated DispatchACP to the values the user entered: a JSON reply
// and a card response give their selection; prose that names the form's tool (and so matches
// its submit CTA), an empty message, a cancelled form and a reply with a key given twice are
// refused, with errors callers can tell apart.
func TestFormSelection(t *testing.T) {
	submit := acp.CTA{Label: "Preview", Selection: acp.Selection{SelectionTool: "checkout"}, Primary: true}
	values := `{"tool":"checkout","qty":"2"}`
	card := func(md map[string]string) acp.ChatMessage {
		md["card_protocol_version"] = "1"
		return acp.NewChatMessage(acp.MetadataContent{Metadata: md})
	}
	for name, msg := range map[string]acp.ChatMessage{
		"json":          acp.NewChatMessage(acp.TextContent{Text: values}),
		"card response": card(map[string]string{"selection": values}),
	} {
		sel, err := FormSelection(acp.ParseResponse(msg, submit))
		if err != nil || sel["qty"] != "2" || sel[SelectionTool] != "checkout" {
			t.Errorf("%s: FormSelection = %v, %v; want the selection", name, sel, err)
		}
	}
	for name, tc := range map[string]struct {
		msg  acp.ChatMessage
		want error
	}{
		"prose":        {acp.NewChatMessage(acp.TextContent{Text: "They chose checkout with 2."}), ErrNoFormValues},
		"empty":        {acp.NewChatMessage(), ErrNoFormValues},
		"cancelled":    {card(map[string]string{"selection": values, "cancelled": "true"}), ErrFormCancelled},
		"key twice":    {acp.NewChatMessage(acp.TextContent{Text: `{"tool":"checkout","qty":"2","qty":"3"}`}), ErrNoFormValues},
		"no selection": {card(map[string]string{"text": "I filled it in"}), ErrNoFormValues},
	} {
		r := acp.ParseResponse(tc.msg, submit)
		if name == "prose" && r.Matched == nil {
			t.Fatalf("prose matched no CTA (%+v); its refusal would prove nothing", r)
		}
		sel, err := FormSelection(r)
		if err == nil || sel != nil || !errors.Is(err, tc.want) {
			t.Errorf("%s: FormSelection = %v, %v; want no selection and an error wrapping %v", name, sel, err, tc.want)
		}
	}
}

// TestReviewWithEveryFieldEmpty is the reviewer's review card whose one field, A "{{.A}}", is
// empty for the output: card.Fit leaves the field out, and the review card failed with acp's
// "summary_rows: must have at least 1 item; it is empty", which says nothing of why. The error
// names the cause now; a field with a value still makes a row.
func TestReviewWithEveryFieldEmpty(t *testing.T) {
	c := card.Card{
		Title:   "Cancel order 7?",
		Fields:  []card.Field{{Label: "A", Value: ""}, {Label: "B", Value: " "}},
		Actions: []card.Action{card.MessageAction("Cancel order", "Cancel order 7")},
	}
	_, err := ReviewFromCard(card.Fit(c))
	if err == nil {
		t.Fatal("ReviewFromCard gave a review card without summary rows; want an error")
	}
	for _, want := range []string{`the review card "Cancel order 7?" needs at least one summary row`, "card.Fit leaves out a field whose label or value is empty", "never empty"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if _, ok := errors.AsType[*acp.ValidationError](err); ok {
		t.Errorf("error %q is acp's; want one that names the cause", err)
	}
	c.Fields[1].Value = "Paid"
	if p, err := ReviewFromCard(card.Fit(c)); err != nil || len(p.SummaryRows) != 1 || p.SummaryRows[0] != (acp.SummaryRow{Label: "B", Value: "Paid"}) {
		t.Errorf("ReviewFromCard = %+v, %v; want the one row with a value", p.SummaryRows, err)
	}
}

// TestUnknownSelectionToolKey: a "tool" key that holds no text was said to be missing ("no
// \"tool\" key") although it is there; the error says what it holds now. A missing key, an
// empty name and a name without a form are each said as they are.
func TestUnknownSelectionToolKey(t *testing.T) {
	tools := []string{"order", "book"}
	for _, c := range []struct {
		sel  acp.Selection
		want string
	}{
		{acp.Selection{"tool": []any{"order"}}, `the selection's "tool" key holds an array (["order"]), not a tool name; it did not come from a form card of this package, whose selection names the tool as text`},
		{acp.Selection{"tool": map[string]any{"name": "order"}}, `the selection's "tool" key holds an object ({"name":"order"}), not a tool name;`},
		{acp.Selection{"tool": json.Number("3")}, `the selection's "tool" key holds the number 3, not a tool name;`},
		{acp.Selection{"tool": true}, `the selection's "tool" key holds true, not a tool name;`},
		{acp.Selection{"tool": nil}, `the selection's "tool" key holds null, not a tool name;`},
		{acp.Selection{"tool": ""}, `the selection's "tool" key is empty, not a tool name;`},
		{acp.Selection{"qty": "2"}, `the selection names no tool (no "tool" key); it did not come from a form card of this package`},
		{acp.Selection{"tool": "ship"}, `the selection names tool "ship", which has no form card here; form tools are order, book`},
	} {
		if err := UnknownSelection(c.sel, tools); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("UnknownSelection(%v) = %v; want %s", c.sel, err, c.want)
		}
	}
}

// TestSelectionErrorsAreSentinels: a caller of a generated DispatchACP tells an unknown tool and
// a nil output from its handlers' errors with errors.Is; and a hostile reply's tool name is shown
// shortened, as its values are, not echoed whole (1 MiB came back as a 1 MiB error).
func TestSelectionErrorsAreSentinels(t *testing.T) {
	for _, sel := range []acp.Selection{{}, {"tool": 3}, {"tool": ""}, {"tool": "ship"}} {
		if err := UnknownSelection(sel, []string{"order"}); !errors.Is(err, ErrUnknownTool) {
			t.Errorf("UnknownSelection(%v) = %v; want errors.Is ErrUnknownTool", sel, err)
		}
	}
	if err := NoOutput("get"); !errors.Is(err, ErrNoOutput) || err.Error() != "tool get: the handler returned a nil output and no error" {
		t.Errorf("NoOutput = %v", err)
	}
	big := strings.Repeat("x", 1<<20)
	if err := UnknownSelection(acp.Selection{"tool": big}, []string{"order"}); len(err.Error()) > 400 {
		t.Errorf("UnknownSelection of a 1 MiB tool name: a %d-byte error; want it shortened", len(err.Error()))
	}
}

// TestDecodeSelectionGoNumbers: acp.Selection holds Go integers, Go floats or json.Number; a
// selection decoded with encoding/json into map[string]any holds float64s. Each is read as the
// JSON number it writes: a number for a text field is its text, and a ",string" integer takes
// a Go integer, where both were refused ("s is 3, not text"; "12, outside the range of the
// field").
func TestDecodeSelectionGoNumbers(t *testing.T) {
	type in struct {
		S string  `json:"s"`
		Q int64   `json:"q,string"`
		N int64   `json:"n,omitempty"`
		F float64 `json:"f,omitempty"`
	}
	schema := ReflectSchema[in]()
	for _, v := range []any{3, int8(3), int64(3), uint(3), uint64(3), 3.0, float32(3), json.Number("3")} {
		var got in
		if err := DecodeSelection(schema, acp.Selection{"s": v, "q": v, "n": v, "f": v}, &got); err != nil || got != (in{S: "3", Q: 3, N: 3, F: 3}) {
			t.Errorf("DecodeSelection of %T(%v) = %+v, %v; want s \"3\" and 3 in every number field", v, v, got, err)
		}
	}
	var got in
	if err := DecodeSelection(schema, acp.Selection{"s": "x", "q": "1", "f": 0.1}, &got); err != nil || got.F != 0.1 {
		t.Errorf("DecodeSelection of float64 0.1 = %+v, %v; want 0.1", got, err)
	}
	if err := DecodeSelection(schema, acp.Selection{"s": "x", "q": "1", "f": math.NaN()}, &got); err == nil {
		t.Errorf("DecodeSelection of NaN: no error")
	}
}
