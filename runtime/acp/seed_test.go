package acp

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestSeedTerminalNeverOnACardThatNeedsInput: "Sending is_terminal: "true" on a card that needs
// user input — the drawer never opens; the user can't act." Metadata refuses it for every card
// with something to act on, and writes it for an informational one.
func TestSeedTerminalNeverOnACardThatNeedsInput(t *testing.T) {
	cta := PrimaryCTA("Go", Selection{"action": "go"})
	info := CustomPayload{Root: SectionNode{Title: "Booked", Children: []Node{
		TextNode{Value: "Flight BA117 is booked."},
		ListNode{Items: []ListItem{{Children: []Node{BadgeNode{Label: "Paid"}}}}},
	}}}
	needInput := map[string]Payload{
		"carousel": CarouselPayload{Items: []CarouselItem{{ID: "a", Title: "A", PrimaryCTA: cta}}},
		"detail":   detailForTest(),
		"form":     FormPayload{Fields: []FormField{{Name: "n", Kind: InputText, Label: "Name"}}, SubmitCTA: cta},
		"review":   ReviewPayload{Title: "R", SummaryRows: []SummaryRow{{Label: "a", Value: "b"}}, ApproveCTA: cta},
		"custom button": CustomPayload{Root: SectionNode{Children: []Node{
			TextNode{Value: "x"}, ButtonNode{Label: "Go", Action: Action{Selection: Selection{"a": "b"}}},
		}}},
		"custom input": CustomPayload{Root: Column(InputNode{Name: "q", Kind: InputText, Label: "Q"})},
		"custom choice grid": CustomPayload{Root: Column(ChoiceGridNode{Name: "c",
			Choices: []GridChoice{{Value: "v", Label: "V"}}})},
		"custom list item action": CustomPayload{Root: ListNode{Items: []ListItem{{
			Children: []Node{TextNode{Value: "row"}}, Action: &Action{Selection: Selection{"id": "1"}},
		}}}},
	}
	for name, p := range needInput {
		md, err := Metadata(p, MetadataOptions{Terminal: true})
		if err == nil || !strings.Contains(err.Error(), "is_terminal") {
			t.Errorf("%s: Metadata = %v, %v; want an error about is_terminal", name, md, err)
		}
		if md, err := Metadata(p, MetadataOptions{}); err != nil || md[MetaIsTerminal] != "" {
			t.Errorf("%s without Terminal: %v, %v", name, md, err)
		}
	}
	md, err := Metadata(info, MetadataOptions{Terminal: true})
	if err != nil || md[MetaIsTerminal] != "true" {
		t.Errorf("informational card: %v, %v; want is_terminal \"true\"", md, err)
	}
}

// TestSeedMetadataWire: the required keys and values to the character, every value a string
// (dict[str, str]), and the drawer width clamped to [320, 800] with both bounds kept.
func TestSeedMetadataWire(t *testing.T) {
	for w, want := range map[int]string{319: "320", 320: "320", 321: "321", 540: "540", 799: "799", 800: "800", 801: "800"} {
		md, err := Metadata(detailForTest(), MetadataOptions{DrawerWidthPx: w})
		if err != nil {
			t.Fatal(err)
		}
		if md["preferred_drawer_width_px"] != want {
			t.Errorf("width %d: %q; want %q", w, md["preferred_drawer_width_px"], want)
		}
		if md["card_protocol_version"] != "1" || md["requires_card_interaction"] != "true" || md["card_kind"] != "detail" {
			t.Errorf("required keys: %v", md)
		}
		var payload map[string]any
		if err := json.Unmarshal([]byte(md["card_payload"]), &payload); err != nil || payload["title"] == nil {
			t.Errorf("card_payload is not the payload at the top level: %q", md["card_payload"])
		}
	}
	want := []string{"carousel", "detail", "form", "review", "custom"}
	got := Kinds()
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("Kinds() = %v; want %v", got, want)
	}
	if err := ValidatePayload("gallery", []byte(`{}`)); err == nil {
		t.Error("unknown card_kind accepted")
	}
}

// TestSeedPayloadUnderBothReadingsOf64KB: "card_payload ≤ 64 KB" may mean 64,000 bytes or
// 65,536, and a host meaning 64,000 shows a larger payload as a plain text reply. A payload of
// 64,000 bytes is accepted, and one of 64,001 bytes, within the limit under the other reading,
// is refused; FitCarousel brings a carousel within 64,000 bytes.
func TestSeedPayloadUnderBothReadingsOf64KB(t *testing.T) {
	const shell = `{"items":[{"id":"a","title":"","primary_cta":{"label":"x","selection":{"a":""},"primary":false}}]}`
	payload := func(size int) []byte {
		return []byte(`{"items":[{"id":"a","title":"` + strings.Repeat("x", size-len(shell)) + `","primary_cta":{"label":"x","selection":{"a":""},"primary":false}}]}`)
	}
	if err := ValidatePayload(KindCarousel, payload(64000)); err != nil {
		t.Errorf("64,000 bytes: %v; want valid", err)
	}
	for _, size := range []int{64001, 65536} {
		if err := ValidatePayload(KindCarousel, payload(size)); err == nil || !strings.Contains(err.Error(), "the limit is 64000 bytes") {
			t.Errorf("%d bytes: err = %v; want the 64000-byte limit", size, err)
		}
	}
	var items []CarouselItem
	for i := range 200 {
		id := fmt.Sprintf("item-%03d", i)
		items = append(items, CarouselItem{ID: id, Title: id, SecondaryText: strings.Repeat("x", 400), PrimaryCTA: PrimaryCTA("Choose", Selection{"id": id})})
	}
	fitted, dropped := FitCarousel(CarouselPayload{Items: items})
	_, b, err := Encode(fitted)
	if err != nil || dropped == 0 || len(b) > 64000 {
		t.Errorf("FitCarousel: %d bytes, %d items dropped, %v; want at most 64,000 bytes", len(b), dropped, err)
	}
	more := append(fitted.Items[:len(fitted.Items):len(fitted.Items)], items[len(fitted.Items)])
	if b, err := encodedJSON(CarouselPayload{Items: more}); err != nil || len(b) <= 64000 {
		t.Errorf("FitCarousel dropped an item that fits: %d bytes with it (%v)", len(b), err)
	}
}

// TestSeedDepthAtTheBoundary: "Element-tree nesting depth ≤ 8 levels": 8 levels are accepted
// and 9 are not, counted as the reference counts them (the root is 1).
func TestSeedDepthAtTheBoundary(t *testing.T) {
	nest := func(levels int) Node {
		var n Node = Text("leaf")
		for i := 1; i < levels; i++ {
			n = SectionNode{Children: []Node{n}}
		}
		return n
	}
	if err := (CustomPayload{Root: nest(8)}).Validate(); err != nil {
		t.Errorf("8 levels: %v", err)
	}
	if err := (CustomPayload{Root: nest(9)}).Validate(); err == nil || !strings.Contains(err.Error(), "9 levels deep; the limit is 8") {
		t.Errorf("9 levels: err = %v; want the depth limit", err)
	}
}

// TestSeedSelectionJSONKeepsEveryValue: the direct @mention reply "contains every value declared
// in the CTA's selection payload — both the static selection text fields and any dynamically
// captured user inputs"; ParseResponse parses it as JSON first and keeps every value, and falls
// back to prose for text that is not a JSON object.
func TestSeedSelectionJSONKeepsEveryValue(t *testing.T) {
	cta := PrimaryCTA("Book", Selection{"action": "book_offer", "offer_id": "off_123"})
	msg := NewChatMessage(TextContent{Text: `{"action": "book_offer", "offer_id": "off_123", "cabin": "economy", "seats": 2, "extras": ["bag"]}`})
	r := ParseResponse(msg, cta)
	if r.Form != ReplyJSON || len(r.Selection) != 5 || r.Selection["cabin"] != "economy" || r.Matched == nil {
		t.Errorf("JSON reply: %+v; want every value and the Book CTA matched", r)
	}
	r = ParseResponse(NewChatMessage(TextContent{Text: "The user picked offer off_123 with cabin economy."}), cta)
	if r.Form != ReplyProse || r.Selection["offer_id"] != "off_123" {
		t.Errorf("prose reply: %+v; want the offer id found", r)
	}
}

// TestSeedTextContentIsPlainNarration: "TextContent blocks carry plain narration shown in the
// chat bubble." The documentation of the types and functions that write narration must say it
// is plain, and nothing in the package may tell a reader that Markdown is allowed there (the doc
// of TextContent once did).
func TestSeedTextContentIsPlainNarration(t *testing.T) {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	d, err := doc.NewFromFiles(fset, files, "github.com/cardgen/cardgen/runtime/acp")
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string]string{}
	for _, ty := range d.Types {
		docs[ty.Name] = ty.Doc
		for _, f := range ty.Funcs {
			docs[f.Name] = f.Doc
		}
	}
	for _, name := range []string{"TextContent", "NewCardMessage"} {
		if !strings.Contains(strings.Join(strings.Fields(docs[name]), " "), "plain") {
			t.Errorf("the doc of %s does not say the narration is plain text:\n%s", name, docs[name])
		}
	}
	for name, text := range docs {
		if lower := strings.ToLower(text); strings.Contains(lower, "markdown is allowed") || strings.Contains(lower, "markdown allowed") {
			t.Errorf("the doc of %s allows Markdown, where the protocol's TextContent is plain narration:\n%s", name, text)
		}
	}
}
