package acp_test

import (
	"fmt"
	"time"

	"github.com/cardgen/cardgen/runtime/acp"
	"github.com/google/uuid"
)

// A detail card sent as a ChatMessage. Timestamp and MsgID are set after
// construction so the output is reproducible; a real agent keeps the
// fresh values NewCardMessage stamps.
func ExampleNewCardMessage() {
	card := acp.DetailPayload{
		Title:       "British Airways BA117",
		SummaryRows: []acp.SummaryRow{{Label: "Departs", Value: "09:05 LHR"}},
		CTAs: []acp.CTA{
			acp.PrimaryCTA("Book", acp.Selection{"action": "book", "offer_id": "off_1"}),
			acp.NewCTA("Back", acp.Selection{"action": "back"}),
		},
	}
	msg, err := acp.NewCardMessage("Here is the flight:", card, acp.MetadataOptions{
		CardID:        uuid.MustParse("0b5e8a4e-2a3c-4d7e-8f91-5c6d7e8f9a0b"),
		DrawerWidthPx: 540,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	msg.Timestamp = time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	msg.MsgID = uuid.MustParse("6f1c2a52-3b8e-4c1d-9a4f-0d2b7e5c8a91")
	wire, err := msg.MarshalJSON() // the exact envelope payload bytes
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(wire))
	// Output:
	// {"timestamp":"2025-01-02T03:04:05+00:00","msg_id":"6f1c2a52-3b8e-4c1d-9a4f-0d2b7e5c8a91","content":[{"type":"text","text":"Here is the flight:"},{"type":"metadata","metadata":{"card_id":"0b5e8a4e-2a3c-4d7e-8f91-5c6d7e8f9a0b","card_kind":"detail","card_payload":"{\"title\":\"British Airways BA117\",\"summary_rows\":[{\"label\":\"Departs\",\"value\":\"09:05 LHR\"}],\"ctas\":[{\"label\":\"Book\",\"selection\":{\"action\":\"book\",\"offer_id\":\"off_1\"},\"primary\":true},{\"label\":\"Back\",\"selection\":{\"action\":\"back\"},\"primary\":false}]}","card_protocol_version":"1","preferred_drawer_width_px":"540","requires_card_interaction":"true"}}]}
}

// The three forms a user's pick can arrive in, read against the CTAs the
// card offered.
func ExampleParseResponse() {
	offered := []acp.CTA{
		acp.PrimaryCTA("Select", acp.Selection{"action": "book_offer", "offer_id": "off_123"}),
		acp.PrimaryCTA("Select", acp.Selection{"action": "book_offer", "offer_id": "off_456"}),
	}
	replies := []acp.ChatMessage{
		// Direct @mention: the selection JSON as text.
		acp.NewChatMessage(acp.TextContent{Text: `{"action":"book_offer","offer_id":"off_456"}`}),
		// Through the planner: prose that names the identifiers.
		acp.NewChatMessage(acp.TextContent{Text: "The user picked offer off_123 with cabin economy."}),
		// A card response block.
		acp.NewChatMessage(acp.MetadataContent{Metadata: map[string]string{
			"card_protocol_version": "1",
			"selection":             `{"action":"book_offer","offer_id":"off_456"}`,
		}}),
	}
	for _, msg := range replies {
		r := acp.ParseResponse(msg, offered...)
		fmt.Printf("%-8s offer_id=%v matched=%v\n", r.Form, r.Selection["offer_id"], r.Matched != nil)
	}
	// Output:
	// json     offer_id=off_456 matched=true
	// prose    offer_id=off_123 matched=true
	// metadata offer_id=off_456 matched=true
}

// ValidatePayload reports every problem of a raw payload with its path.
func ExampleValidatePayload() {
	err := acp.ValidatePayload("carousel", []byte(`{
		"items": [{"id": "a", "title": "A", "colour": "red",
		           "primary_cta": {"selection": {"offer_id": ["a"]}}}]}`))
	fmt.Println(err)
	// Output:
	// acp: invalid "carousel" card payload (3 problems):
	// 	items[0].colour: unknown field; allowed fields are id, image, title, subtitle, badges, secondary_text, primary_cta
	// 	items[0].primary_cta.label: required
	// 	items[0].primary_cta.selection.offer_id: must be a string, number or boolean, not an array; selections are flat key/value pairs
}

// A custom element tree built with the node constructors.
func ExampleEncode() {
	tree := acp.CustomPayload{Root: acp.Section("Your trip",
		acp.Heading(3, "Hotel Ngọc"),
		acp.Row(acp.BadgeNode{Label: "Paid", Variant: acp.BadgeSuccess}, acp.Text("3 nights")),
		acp.Button("Cancel", acp.Selection{"action": "cancel", "booking": 7}),
	)}
	kind, payload, err := acp.Encode(tree)
	fmt.Println(kind, err)
	fmt.Println(string(payload))
	// Output:
	// custom <nil>
	// {"root":{"type":"section","title":"Your trip","children":[{"type":"heading","value":"Hotel Ngọc","level":3},{"type":"group","direction":"row","children":[{"type":"badge","label":"Paid","variant":"success"},{"type":"text","value":"3 nights"}]},{"type":"button","label":"Cancel","primary":false,"action":{"selection":{"action":"cancel","booking":7}}}]}}
}

// A carousel built from rows of data that repeat a SKU: Validate refuses it, because the reply
// could not say which of the two items the user picked, and FitCarousel keeps the first item of
// each SKU so that the card is still sent.
func ExampleFitCarousel() {
	rows := []struct{ SKU, Name string }{{"sku-1", "Mug"}, {"sku-2", "Cup"}, {"sku-1", "Mug"}}
	var p acp.CarouselPayload
	for _, r := range rows {
		p.Items = append(p.Items, acp.CarouselItem{ID: r.SKU, Title: r.Name,
			PrimaryCTA: acp.PrimaryCTA("Choose", acp.Selection{"sku": r.SKU})})
	}
	fmt.Println(p.Validate())
	fitted, dropped := acp.FitCarousel(p)
	fmt.Println(len(fitted.Items), dropped, fitted.Validate())
	// Output:
	// acp: invalid "carousel" card payload: items[2].id: duplicate id "sku-1", as items[0].id: the reply could not say which of the two items the user picked; give each item its own id (acp.FitCarousel keeps the first)
	// 2 1 <nil>
}
