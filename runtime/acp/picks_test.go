package acp

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// skuItem is a carousel item as a generated carousel builds one from a row of data: the id is
// the row's SKU and the CTA's selection carries it.
func skuItem(sku, title string) CarouselItem {
	return CarouselItem{ID: sku, Title: title, PrimaryCTA: PrimaryCTA("Choose", Selection{"action": "choose", "id": sku})}
}

// TestValidateRefusesRepeatedPicks: whatever a user can pick on one card must come back as a
// reply the agent can tell apart from every other pick, so a repeated id, name, option value
// or selection is refused with the path of the repeat and of the first one.
func TestValidateRefusesRepeatedPicks(t *testing.T) {
	cta := func(sel Selection) CTA { return NewCTA("Go", sel) }
	grid := func(name string, values ...string) ChoiceGridNode {
		g := ChoiceGridNode{Name: name}
		for _, v := range values {
			g.Choices = append(g.Choices, GridChoice{Value: v, Label: v})
		}
		return g
	}
	for _, tc := range []struct {
		name string
		p    Payload
		want string // the problem lines
	}{
		{"carousel repeated SKU", CarouselPayload{Items: []CarouselItem{
			skuItem("sku-1", "Mug"), skuItem("sku-2", "Cup"), skuItem("sku-1", "Mug again"),
		}}, `items[2].id: duplicate id "sku-1", as items[0].id: the reply could not say which of the two items the user picked; give each item its own id (acp.FitCarousel keeps the first)`},
		{"carousel same selection", CarouselPayload{Items: []CarouselItem{
			{ID: "a", Title: "A", PrimaryCTA: cta(Selection{"action": "choose"})},
			{ID: "b", Title: "B", PrimaryCTA: cta(Selection{"action": "choose"})},
		}}, `items[1].primary_cta.selection: same selection as items[0].primary_cta.selection: the reply is the selection, so it could not say which of the two items the user picked; put the item's id in it`},
		{"carousel values alike as ParseResponse reads them", CarouselPayload{Items: []CarouselItem{
			{ID: "a", Title: "A", PrimaryCTA: cta(Selection{"n": "1", "ok": true})},
			{ID: "b", Title: "B", PrimaryCTA: cta(Selection{"ok": "true", "n": 1.0})},
		}}, `items[1].primary_cta.selection: same selection as items[0].primary_cta.selection: the reply is the selection, so it could not say which of the two items the user picked; put the item's id in it`},
		{"detail", DetailPayload{Title: "D",
			SubOptions: &SubOptions{Name: "offer_id", Kind: SubOptionRadio, Label: "Cabin", Choices: []SubOptionChoice{
				{Value: "eco", Label: "Economy"}, {Value: "biz", Label: "Business"}, {Value: "eco", Label: "Economy plus"},
			}},
			CTAs: []CTA{cta(Selection{"offer_id": "off_1"}), cta(Selection{"offer_id": "off_1"})},
		}, `sub_options.choices[2].value: duplicate value "eco", as sub_options.choices[0].value: the reply could not say which of the two choices the user picked; give each its own value
ctas[1].selection: same selection as ctas[0].selection: the reply is the selection, so it could not say which of the two CTAs the user picked; make each CTA's selection different
sub_options.name: "offer_id" is also a key of ctas[0].selection: the reply holds what the user entered and the selection in one object, where one value would hide the other; rename one`},
		{"form", FormPayload{Fields: []FormField{
			{Name: "email", Kind: InputEmail, Label: "Email"},
			{Name: "size", Kind: InputSelect, Label: "Size", Options: []Option{{Value: "s", Label: "S"}, {Value: "s", Label: "Small"}}},
			{Name: "email", Kind: InputEmail, Label: "Email again"},
			{Name: "tool", Kind: InputText, Label: "Tool"},
		}, SubmitCTA: PrimaryCTA("Send", Selection{"tool": "checkout"})},
			`fields[1].options[1].value: duplicate value "s", as fields[1].options[0].value: the reply could not say which of the two options the user picked; give each its own value
fields[2].name: duplicate name "email", as fields[0].name: the reply holds one value per name, so one field's answer would hide the other's; give each field its own name
fields[3].name: "tool" is also a key of submit_cta.selection: the reply holds what the user entered and the selection in one object, where one value would hide the other; rename one`},
		{"review", ReviewPayload{Title: "Cancel order 7?", SummaryRows: []SummaryRow{{Label: "Order", Value: "7"}},
			ApproveCTA: PrimaryCTA("Cancel order", Selection{"order": "7"}), RejectCTA: &CTA{Label: "Keep it", Selection: Selection{"order": "7"}}},
			`reject_cta.selection: same selection as approve_cta.selection: the reply is the selection, so a rejection could not be told from an approval; make the two selections different`},
		{"custom", CustomPayload{Root: Section("Pick",
			InputNode{Name: "qty", Kind: InputSelect, Label: "Qty", Options: []Option{{Value: "1", Label: "1"}, {Value: "1", Label: "one"}}},
			Row(grid("colour", "red", "blue", "red"), grid("qty", "2")),
			ListNode{Items: []ListItem{
				{Children: []Node{Text("Room 1")}, Action: &Action{Selection: Selection{"room": "1"}}},
				{Children: []Node{Text("Room 1 again")}, Action: &Action{Selection: Selection{"room": "1"}}},
			}},
			Button("Colour", Selection{"colour": "any"}),
		)}, `root.children[0].options[1].value: duplicate value "1", as root.children[0].options[0].value: the reply could not say which of the two options the user picked; give each its own value
root.children[1].children[0].choices[2].value: duplicate value "red", as root.children[1].children[0].choices[0].value: the reply could not say which of the two choices the user picked; give each its own value
root.children[1].children[1].name: duplicate name "qty", as root.children[0].name: the reply holds one value per name, so one answer would hide the other; give each input and choice grid its own name
root.children[2].items[1].action.selection: same selection as root.children[2].items[0].action.selection: the reply is the selection, so it could not say which of the two the user picked; make each selection different
root.children[1].children[0].name: "colour" is also a key of root.children[3].action.selection: the reply holds what the user entered and the selection in one object, where one value would hide the other; rename one`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Encode(tc.p)
			if err == nil {
				t.Fatal("Encode accepted the payload")
			}
			if got := strings.TrimSuffix(problemLines(t, err), "\n"); got != tc.want {
				t.Errorf("problems:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

// TestValidateAcceptsDistinctPicks: values repeated where they cannot be confused are fine.
func TestValidateAcceptsDistinctPicks(t *testing.T) {
	for name, p := range map[string]Payload{
		// One value under different keys, a selection holding another's, ids that differ in case.
		"carousel": CarouselPayload{Items: []CarouselItem{
			{ID: "a", Title: "A", PrimaryCTA: NewCTA("Go", Selection{"id": "a"})},
			{ID: "A", Title: "A", PrimaryCTA: NewCTA("Go", Selection{"sku": "a"})},
			{ID: "b", Title: "B", PrimaryCTA: NewCTA("Go", Selection{"id": "a", "size": "xl"})},
		}},
		// One option value in two fields: each answer comes back under its own name.
		"form": FormPayload{Fields: []FormField{
			{Name: "from", Kind: InputSelect, Label: "From", Options: []Option{{Value: "lhr", Label: "LHR"}}},
			{Name: "to", Kind: InputSelect, Label: "To", Options: []Option{{Value: "lhr", Label: "LHR"}}},
		}, SubmitCTA: PrimaryCTA("Go", Selection{"action": "route"})},
		"review": ReviewPayload{Title: "R", SummaryRows: []SummaryRow{{Label: "a", Value: "b"}},
			ApproveCTA: PrimaryCTA("Yes", Selection{"action": "approve"}), RejectCTA: &CTA{Label: "No", Selection: Selection{"action": "reject"}}},
		"custom": CustomPayload{Root: Column(
			InputNode{Name: "q", Kind: InputText, Label: "Q"},
			Button("Search", Selection{"action": "search"}),
			Button("Clear", Selection{"action": "clear"}),
		)},
	} {
		if err := p.(interface{ Validate() error }).Validate(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestValidateRawRepeats: repeats are found through JSON escapes and key order, as the host
// and encoding/json read them, not as the bytes are written.
func TestValidateRawRepeats(t *testing.T) {
	payload := `{"items":[` +
		`{"id":"a","title":"A","primary_cta":{"label":"x","selection":{"k":"v","n":2}}},` +
		`{"id":"\u0061","title":"A","primary_cta":{"label":"x","selection":{"z":1}}},` +
		`{"id":"c","title":"C","primary_cta":{"label":"x","selection":{"n":2.0,"\u006b":"v"}}}]}`
	err := ValidatePayload(KindCarousel, []byte(payload))
	if err == nil {
		t.Fatal("accepted")
	}
	got := problemLines(t, err)
	for _, want := range []string{
		`items[1].id: duplicate id "a", as items[0].id:`,
		`items[2].primary_cta.selection: same selection as items[0].primary_cta.selection:`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("problems:\n%s\nwant a line starting %q", got, want)
		}
	}
}

// TestFitCarouselDropsRepeats: a carousel built from data whose rows repeat a SKU is still
// sent, with the first item of each SKU, in order, and no repeat left to make the pick
// ambiguous.
func TestFitCarouselDropsRepeats(t *testing.T) {
	in := CarouselPayload{Title: "Mugs", Items: []CarouselItem{
		skuItem("sku-1", "Mug"), skuItem("sku-2", "Cup"), skuItem("sku-1", "Mug (row 3)"),
		skuItem("sku-3", "Jug"), skuItem("sku-2", "Cup (row 5)"),
		// A new id whose selection repeats sku-3's: the reply would be sku-3's.
		{ID: "sku-4", Title: "Jug, boxed", PrimaryCTA: PrimaryCTA("Choose", Selection{"action": "choose", "id": "sku-3"})},
	}}
	if err := in.Validate(); err == nil {
		t.Fatal("the carousel with repeats validates")
	}
	before := reflect.ValueOf(in.Items).Pointer()
	got, dropped := FitCarousel(in)
	if len(in.Items) != 6 || reflect.ValueOf(in.Items).Pointer() != before || in.Items[2].Title != "Mug (row 3)" {
		t.Fatal("FitCarousel changed its input")
	}
	want := []CarouselItem{in.Items[0], in.Items[1], in.Items[3]}
	if dropped != 3 || !reflect.DeepEqual(got.Items, want) || got.Title != "Mugs" {
		t.Errorf("FitCarousel kept %v, dropped %d; want the first of each SKU (%v), 3 dropped", titles(got.Items), dropped, titles(want))
	}
	if err := got.Validate(); err != nil {
		t.Errorf("the fitted carousel is invalid: %v", err)
	}

	// Repeats are dropped before items are counted against the size limit, so a carousel
	// over the limit keeps as many distinct items as fit.
	big := longCarousel(160)
	for i := 1; i < len(big.Items); i += 2 {
		big.Items[i] = big.Items[i-1]
	}
	got, dropped = FitCarousel(big)
	if err := got.Validate(); err != nil {
		t.Fatalf("the fitted carousel is invalid: %v", err)
	}
	for i, it := range got.Items {
		if it.ID != big.Items[2*i].ID {
			t.Fatalf("item %d is %s; want %s, the first of each repeat in order", i, it.ID, big.Items[2*i].ID)
		}
	}
	if len(got.Items) >= 80 || len(got.Items)+dropped != 160 {
		t.Errorf("kept %d and dropped %d of 160 items (80 distinct, not all of which fit)", len(got.Items), dropped)
	}
}

func titles(items []CarouselItem) []string {
	var s []string
	for _, it := range items {
		s = append(s, it.Title)
	}
	return s
}

// TestParseResponseRepeatedKey: a reply that gives one key two values names two picks; it
// matches nothing and carries no selection, in text or in a card response. A key repeated
// with the same value is one value.
func TestParseResponseRepeatedKey(t *testing.T) {
	offers := []CTA{ctaOff123, ctaOff456}
	two := `{"action":"book_offer","offer_id":"off_123","offer_id":"off_456"}`
	r := ParseResponse(textMsg(two), offers...)
	if r.Form != ReplyJSON || r.Selection != nil || r.Matched != nil || r.Text != two {
		t.Errorf("JSON reply with two offer_ids = %+v; want form json, no selection, no match", r)
	}
	md := map[string]string{MetaCardProtocolVersion: CardProtocolVersion, MetaSelection: two, MetaCancelled: "false"}
	r = ParseResponse(ChatMessage{Content: []Content{MetadataContent{Metadata: md}}}, offers...)
	if r.Form != ReplyMetadata || r.Selection != nil || r.Matched != nil {
		t.Errorf("card response with two offer_ids = %+v; want form metadata, no selection, no match", r)
	}

	same := `{"action":"book_offer","offer_id":"off_123","offer_id":"off_123"}`
	if r := ParseResponse(textMsg(same), offers...); r.Matched == nil || r.Matched.Selection["offer_id"] != "off_123" {
		t.Errorf("JSON reply repeating one offer_id: Matched = %v; want off_123", r.Matched)
	}
	alike := `{"action":"book_offer","offer_id":"off_123","n":"1","n":1.0}`
	if r := ParseResponse(textMsg(alike), offers...); r.Selection == nil || r.Matched == nil {
		t.Errorf("JSON reply repeating n as \"1\" and 1.0 = %+v; want it read as one value", r)
	}
}

// FuzzFitCarouselRepeats builds carousels from fuzzed ids and selection values drawn from few
// letters, so that they repeat: FitCarousel must return one Validate accepts whenever the
// items are otherwise valid, keep the first item, and drop only items that repeat a kept one.
func FuzzFitCarouselRepeats(f *testing.F) {
	f.Add([]byte("aabbca"), []byte("abcabc"), false)
	f.Add([]byte("abc"), []byte("aaa"), true)
	f.Add([]byte("\x00\x01\x00"), []byte("1\x011"), true)
	f.Fuzz(func(t *testing.T, ids, vals []byte, number bool) {
		n := min(len(ids), len(vals), 40)
		if n == 0 {
			return
		}
		var p CarouselPayload
		for i := range n {
			var v any = string(rune('0' + vals[i]%4))
			if number && vals[i]%2 == 0 {
				v = json.Number(fmt.Sprint(vals[i] % 4)) // "1" and 1 are one value
			}
			id := string(rune('a' + ids[i]%5))
			p.Items = append(p.Items, CarouselItem{ID: id, Title: "T", PrimaryCTA: NewCTA("Go", Selection{"v": v})})
		}
		got, dropped := FitCarousel(p)
		if len(got.Items)+dropped != n || len(got.Items) == 0 || !reflect.DeepEqual(got.Items[0], p.Items[0]) {
			t.Fatalf("kept %d, dropped %d of %d, first %v", len(got.Items), dropped, n, got.Items)
		}
		if err := got.Validate(); err != nil {
			t.Fatalf("FitCarousel returned an invalid carousel: %v", err)
		}
		// Every item dropped repeats the id or the selection of one kept.
		kept := 0
		for _, it := range p.Items {
			if kept < len(got.Items) && reflect.DeepEqual(it, got.Items[kept]) {
				kept++
				continue
			}
			repeats := false
			for _, k := range got.Items[:kept] {
				if k.ID == it.ID || sameSelection(k.PrimaryCTA.Selection, it.PrimaryCTA.Selection) {
					repeats = true
				}
			}
			if !repeats {
				t.Fatalf("dropped %+v, which repeats no item kept before it", it)
			}
		}
	})
}

// TestCarouselEmptyID: an item without an id (a nil pointer on the way to it in the data) is
// refused by Validate, at the item, and dropped by FitCarousel: the reply names the picked item
// by its id, so a pick of it could not be acted on.
func TestCarouselEmptyID(t *testing.T) {
	in := CarouselPayload{Title: "Rooms", Items: []CarouselItem{
		skuItem("r1", "Single"), skuItem("", "Unknown"), skuItem("r2", "Double"),
	}}
	err := in.Validate()
	if err == nil || !strings.Contains(err.Error(), "items[1].id") || !strings.Contains(err.Error(), "empty id") {
		t.Fatalf("Validate of an item without an id: %v; want an error at items[1].id saying it is empty", err)
	}
	got, dropped := FitCarousel(in)
	if want := []CarouselItem{in.Items[0], in.Items[2]}; dropped != 1 || !reflect.DeepEqual(got.Items, want) {
		t.Errorf("FitCarousel kept %v, dropped %d; want the two items with ids", titles(got.Items), dropped)
	}
	if err := got.Validate(); err != nil {
		t.Errorf("the fitted carousel is invalid: %v", err)
	}
}
