package benchmarks

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/cardgen/cardgen/examples/shop"
	"github.com/cardgen/cardgen/runtime/card"
)

// sampleOrder is the shop's order 1042, the one its get_order example shows.
func sampleOrder(tb testing.TB) *shop.Order {
	tb.Helper()
	o, err := shop.New().GetOrder(context.Background(), shop.GetOrderInput{ID: "1042"})
	if err != nil {
		tb.Fatal(err)
	}
	return o
}

// generatedMeta is what the shop's generated code sends: the card built by GetOrderCard, fitted
// to the host limits, as the result's _meta.
func generatedMeta(o *shop.Order) ([]byte, error) {
	return json.Marshal(card.Fit(shop.GetOrderCard(o)).Meta())
}

// mapMeta is the baseline: the same _meta written by hand as nested maps, as a server without
// cardgen would, with no limits checked.
func mapMeta(o *shop.Order) ([]byte, error) {
	return json.Marshal(map[string]any{
		"assistant_platform": map[string]any{
			"card": map[string]any{
				"v":        1,
				"title":    "Order #" + o.ID,
				"subtitle": string(o.Status),
				"text":     "Arrives " + o.ETA + ".",
				"fields": []any{
					map[string]any{"label": "Total", "value": o.Total.String()},
					map[string]any{"label": "Carrier", "value": o.Carrier},
				},
				"actions": []any{
					map[string]any{"kind": "url", "label": "Track", "url": o.TrackURL},
					map[string]any{"kind": "message", "label": "Cancel", "text": "Cancel order " + o.ID},
				},
				"fallback_text": "Order #" + o.ID + " " + string(o.Status) + ", arrives " + o.ETA + ". Total " + o.Total.String() + ".",
			},
		},
	})
}

// BenchmarkCard builds, fits and encodes the get_order card's _meta: cardgen's generated
// builder and card.Fit against a hand-written map.
func BenchmarkCard(b *testing.B) {
	o := sampleOrder(b)
	for _, v := range []struct {
		name string
		meta func(*shop.Order) ([]byte, error)
	}{{"generated", generatedMeta}, {"map", mapMeta}} {
		b.Run(v.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu := startCPU()
			for b.Loop() {
				if _, err := v.meta(o); err != nil {
					b.Fatal(err)
				}
			}
			cpu.report(b, 0)
		})
	}
}

// TestCardBaselineSameContent checks that the two sides of BenchmarkCard encode the same JSON
// value, so that the benchmark compares equal work.
func TestCardBaselineSameContent(t *testing.T) {
	o := sampleOrder(t)
	var values [2]any
	for i, meta := range []func(*shop.Order) ([]byte, error){generatedMeta, mapMeta} {
		b, err := meta(o)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &values[i]); err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(values[0], values[1]) {
		t.Errorf("generated _meta %v\ndiffers from the map baseline %v", values[0], values[1])
	}
}
