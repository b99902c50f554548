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
