package card

import (
	"encoding/json"
	"strings"
	"testing"
)

// getOrderCard is the card a get_order tool returns.
func getOrderCard() Card {
	return Card{
		V:        Version,
		Title:    "Order #1042",
		Subtitle: "Shipped",
		Text:     "Arrives Friday.",
		Fields:   []Field{{Label: "Total", Value: "1,250,000 ₫"}, {Label: "Carrier", Value: "GHN"}},
		Actions: []Action{
			URLAction("Track", "https://shop.example.com/o/1042"),
			MessageAction("Cancel", "Cancel order 1042"),
		},
		FallbackText: "Order #1042 Shipped, arrives Friday. Total 1,250,000 ₫.",
	}
}

// longCard has every text slot over its limit, and more fields and
// actions than a card shows.
func longCard() Card {
	return longCardOf(strings.Repeat("Giao hàng nhanh ", 40)) // 640 characters
}

// longCardOf is longCard with long in every text slot.
func longCardOf(long string) Card {
	c := Card{Title: long, Subtitle: long, Text: long, FallbackText: long, IconURL: "http://x.com/i.png"}
	for range 6 {
		c.Fields = append(c.Fields, Field{Label: long, Value: long})
	}
	for range 3 {
		c.Actions = append(c.Actions, MessageAction(long, long))
	}
	return c
}

func BenchmarkFitValid(b *testing.B) {
	c := getOrderCard()
	b.ReportAllocs()
	for b.Loop() {
		Fit(c)
	}
}

func BenchmarkFitLong(b *testing.B) {
	c := longCard()
	b.ReportAllocs()
	for b.Loop() {
		Fit(c)
	}
}

// BenchmarkFitLongEmoji is BenchmarkFitLong with two emoji in every 18 characters: characters
// past U+FFFF, two UTF-16 units each, which Clip must not split.
func BenchmarkFitLongEmoji(b *testing.B) {
	c := longCardOf(strings.Repeat("Giao hàng 🚚 nhanh 🎉 ", 40)) // 720 characters, 800 UTF-16 units
	b.ReportAllocs()
	for b.Loop() {
		Fit(c)
	}
}

func BenchmarkValidate(b *testing.B) {
	c := getOrderCard()
	b.ReportAllocs()
	for b.Loop() {
		if err := c.Validate(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMarshalCard(b *testing.B) {
	c := getOrderCard()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := json.Marshal(c); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWithFallback is what a generated card builder pays for its fallback text.
func BenchmarkWithFallback(b *testing.B) {
	c := getOrderCard()
	c.FallbackText = ""
	b.ReportAllocs()
	for b.Loop() {
		c.WithFallback()
	}
}

// BenchmarkIsHTTPS checks a mix of URLs: the common ASCII form the fast path decides, one
// with a port, an IPv4 host and an internationalized host that take the full check.
func BenchmarkIsHTTPS(b *testing.B) {
	urls := []string{
		"https://shop.example.com/o/1042",
		"https://shop.example.com:8443/o/1042",
		"https://192.168.10.20/x",
		"https://bücher.example/katalog",
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, u := range urls {
			IsHTTPS(u)
		}
	}
}
