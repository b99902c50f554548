package acp

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cardgen/cardgen/internal/cputime"
)

// carousel returns a carousel of n items, each with an image, two badges
// and a primary CTA with a four-value selection.
func carousel(n int) CarouselPayload {
	p := CarouselPayload{Title: "Choose a flight", Subtitle: "LHR → JFK"}
	for i := range n {
		id := fmt.Sprintf("off_%03d", i)
		p.Items = append(p.Items, CarouselItem{
			ID:            id,
			Image:         "https://img.example.com/airlines/" + id + ".png",
			Title:         "Flight " + id,
			Subtitle:      "Direct · 8h 05m",
			Badges:        []Badge{{Label: "Cheapest", Variant: BadgeSuccess}, {Label: "Wi-Fi", Variant: BadgeInfo}},
			SecondaryText: "£412",
			PrimaryCTA:    PrimaryCTA("Select", Selection{"action": "book_offer", "offer_id": id, "price": 412.5, "seats": 2}),
		})
	}
	return p
}

func BenchmarkValidateCarousel50(b *testing.B) {
	_, payload, err := Encode(carousel(50))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(payload)))
	b.ReportAllocs()
	for b.Loop() {
		if err := ValidatePayload(KindCarousel, payload); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodeCarousel50(b *testing.B) {
	p := carousel(50)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Encode(p); err != nil {
			b.Fatal(err)
		}
	}
}

// payload64KB returns a valid carousel payload just under MaxPayloadBytes,
// padded through the last item's secondary text.
func payload64KB(tb testing.TB) []byte {
	p := carousel(1)
	for {
		next := carousel(len(p.Items) + 1)
		_, b, err := Encode(next)
		if err != nil || len(b) > MaxPayloadBytes-200 {
			break
		}
		p = next
	}
	_, b, err := Encode(p)
	if err != nil {
		tb.Fatal(err)
	}
	p.Items[len(p.Items)-1].SecondaryText += strings.Repeat("x", MaxPayloadBytes-1-len(b))
	_, b, err = Encode(p)
	if err != nil {
		tb.Fatal(err)
	}
	if len(b) != MaxPayloadBytes-1 {
		tb.Fatalf("built %d bytes; want %d", len(b), MaxPayloadBytes-1)
	}
	return b
}

func BenchmarkValidate64KB(b *testing.B) {
	payload := payload64KB(b)
	b.SetBytes(int64(len(payload)))
	b.ReportAllocs()
	start, ok := cputime.Used()
	for b.Loop() {
		if err := ValidatePayload(KindCarousel, payload); err != nil {
			b.Fatal(err)
		}
	}
	if end, _ := cputime.Used(); ok {
		b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
	}
}

// TestValidate64KBUnderOneMillisecond guards the budget: validating the
// largest payload takes under 1 ms. It measures CPU time, not wall time,
// so that a loaded machine does not fail it.
func TestValidate64KBUnderOneMillisecond(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("timing test; skipped with -short and -race")
	}
	payload := payload64KB(t)
	const n = 200
	start, ok := cputime.Used()
	if !ok {
		t.Skip("no CPU clock on this platform")
	}
	for range n {
		if err := ValidatePayload(KindCarousel, payload); err != nil {
			t.Fatal(err)
		}
	}
	end, _ := cputime.Used()
	if perOp := (end - start) / n; perOp > time.Millisecond {
		t.Errorf("ValidatePayload(64 KB) = %v CPU/op; want under 1 ms", perOp)
	}
}

// BenchmarkFitCarouselOver is fitting a carousel of 80 long items, about twice the payload
// limit: it encodes the whole payload once and each item once.
func BenchmarkFitCarouselOver(b *testing.B) {
	p := longCarousel(80)
	b.ReportAllocs()
	for b.Loop() {
		if _, dropped := FitCarousel(p); dropped == 0 {
			b.Fatal("nothing dropped")
		}
	}
}

// BenchmarkParseResponseManyOccurrences is the reply that made prose matching quadratic: 256 KiB
// of the winning CTA's value, over and over.
func BenchmarkParseResponseManyOccurrences(b *testing.B) {
	msg := NewChatMessage(TextContent{Text: strings.Repeat("x ", 128<<10)})
	expect := []CTA{NewCTA("X", Selection{"id": "x"}), NewCTA("Y", Selection{"id": "y"})}
	b.SetBytes(256 << 10)
	for b.Loop() {
		if r := ParseResponse(msg, expect...); r.Matched == nil {
			b.Fatal("no match")
		}
	}
}

// BenchmarkParseResponseJSON is reading a pick whose selection is a JSON object of ten keys, as
// text (a direct @mention) and as a card response's metadata, against a carousel's CTAs, one of
// which it picks.
func BenchmarkParseResponseJSON(b *testing.B) {
	const sel = `{"action":"book_offer","offer_id":"off_007","price":412.5,"seats":2,"cabin":"economy",` +
		`"refundable":true,"bags":1,"seat":"14C","meal":"vegetarian","note":"window \u2014 please"}`
	var expect []CTA
	for _, it := range carousel(10).Items {
		expect = append(expect, it.PrimaryCTA)
	}
	for _, bc := range []struct {
		name string
		msg  ChatMessage
		form ReplyForm
	}{
		{"text", NewChatMessage(TextContent{Text: sel}), ReplyJSON},
		{"metadata", NewChatMessage(MetadataContent{Metadata: map[string]string{
			MetaCardProtocolVersion: CardProtocolVersion,
			MetaCardID:              "0b5e8a4e-2a3c-4d7e-8f91-5c6d7e8f9a0b",
			MetaText:                "Flight off_007",
			MetaSelection:           sel,
		}}), ReplyMetadata},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if r := ParseResponse(bc.msg, expect...); r.Form != bc.form || len(r.Selection) != 10 || r.Matched == nil {
					b.Fatalf("Form %v, Selection %v, Matched %v", r.Form, r.Selection, r.Matched)
				}
			}
		})
	}
}
