package acp

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// longCarousel has n items of about 1.5 KB each, with characters JSON escapes (a quote, a
// backslash, a control character) and U+2028, which Encode writes raw.
func longCarousel(n int) CarouselPayload {
	p := CarouselPayload{Title: "Rooms", Subtitle: "Đà Nẵng \u2028 \"sea view\""}
	text := strings.Repeat("Phòng hướng biển \"đẹp\" \\ \x01 \u2028 ", 30)
	for i := range n {
		id := fmt.Sprintf("room_%d", i)
		p.Items = append(p.Items, CarouselItem{ID: id, Title: "Room " + id, SecondaryText: text,
			PrimaryCTA: PrimaryCTA("Choose", Selection{"id": id, "note": text[:40]})})
	}
	return p
}

func TestFitCarousel(t *testing.T) {
	in := longCarousel(80)
	_, full, err := Encode(in)
	if err == nil {
		t.Fatalf("the test carousel fits (%d bytes); make it longer", len(full))
	}
	before := reflect.ValueOf(in.Items).Pointer()
	got, dropped := FitCarousel(in)
	if len(in.Items) != 80 || reflect.ValueOf(in.Items).Pointer() != before {
		t.Fatal("FitCarousel changed its input")
	}
	if dropped == 0 || len(got.Items)+dropped != 80 {
		t.Fatalf("kept %d items and dropped %d of 80", len(got.Items), dropped)
	}
	if !reflect.DeepEqual(got.Items, in.Items[:len(got.Items)]) || got.Title != in.Title || got.Subtitle != in.Subtitle {
		t.Error("FitCarousel did not keep the first items and the title as they were")
	}
	_, b, err := Encode(got)
	if err != nil {
		t.Fatalf("the fitted carousel is invalid: %v", err)
	}
	// The most that fits: one more item would not.
	more := got
	more.Items = in.Items[:len(got.Items)+1]
	if _, mb, err := Encode(more); err == nil {
		t.Errorf("kept %d items (%d bytes), but %d fit (%d bytes)", len(got.Items), len(b), len(more.Items), len(mb))
	}

	small := longCarousel(3)
	if got, dropped := FitCarousel(small); dropped != 0 || !reflect.DeepEqual(got, small) {
		t.Errorf("FitCarousel changed a carousel that fits: dropped %d", dropped)
	}

	// One item too large on its own is kept; validation reports it.
	huge := longCarousel(2)
	huge.Items[0].SecondaryText = strings.Repeat("x", MaxPayloadBytes)
	got, dropped = FitCarousel(huge)
	if len(got.Items) != 1 || dropped != 1 {
		t.Errorf("kept %d items, dropped %d; want the first item kept", len(got.Items), dropped)
	}
	if err := got.Validate(); err == nil || !strings.Contains(err.Error(), "bytes") {
		t.Errorf("Validate of an oversized single item: %v; want the size error", err)
	}
}
