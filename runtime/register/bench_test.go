package register

import (
	"fmt"
	"testing"

	"github.com/cardgen/cardgen/runtime/acp"
	"github.com/cardgen/cardgen/runtime/card"
)

// roomItems returns n carousel items built as a generated …ACP carousel builds them, from
// fitted cards whose text is text (clipped by card.Fit to card.MaxText characters).
func roomItems(n int, text string) []acp.CarouselItem {
	items := make([]acp.CarouselItem, 0, n)
	for i := range n {
		id := fmt.Sprintf("room_%03d", i)
		c := card.Card{V: card.Version, Title: "Room " + id, Subtitle: "Sleeps 2 · 1,250,000 ₫ a night", Text: text,
			ImageURL: "https://img.example.com/rooms/" + id + ".jpg",
			Actions:  []card.Action{card.MessageAction("Book", "Book room "+id)}}
		items = append(items, CarouselItem(id, card.Fit(c.WithFallback())))
	}
	return items
}

// BenchmarkCarousel50 is the common case: 50 items that fit in one payload.
func BenchmarkCarousel50(b *testing.B) {
	items := roomItems(50, "Sea view, breakfast included, free cancellation until the day before arrival.")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Carousel("Rooms", items); err != nil {
			b.Fatal(err)
		}
	}
}

// productCard is a fitted result card as a generated detail or review builder gets it: a
// hero image, a few fields and two buttons, well under the card_payload limit.
func productCard() card.Card {
	return card.Fit(card.Card{V: card.Version, Title: "Mechanical keyboard", FallbackText: "Mechanical keyboard",
		ImageURL: "https://img.example.com/products/kb-87.jpg",
		Fields:   []card.Field{{Label: "Price", Value: "1,250,000 ₫"}, {Label: "Stock", Value: "12 left"}, {Label: "Ships", Value: "tomorrow"}},
		Actions: []card.Action{card.URLAction("Buy", "https://shop.example.com/checkout?sku=kb-87&qty=1"),
			card.MessageAction("Compare", "Compare the kb-87 with similar keyboards")}})
}

// BenchmarkDetail is the common case of DetailFromCard: a card that fits, encoded once.
func BenchmarkDetail(b *testing.B) {
	c := productCard()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DetailFromCard(c); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReview is the common case of ReviewFromCard: a card that fits, encoded once.
func BenchmarkReview(b *testing.B) {
	c := productCard()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReviewFromCard(c); err != nil {
			b.Fatal(err)
		}
	}
}
