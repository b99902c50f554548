package typedtool

import (
	"encoding/json"
	"testing"
)

// benchArguments are the arguments of a checkout form with a nested list: strings, a bool,
// integers and a fraction.
var benchArguments = []byte(`{"product_id":"kb-01","quantity":2,"email":"lan@example.com","express":true,"coupon":"ABCD",` +
	`"lines":[{"product_id":"kb-01","quantity":1,"weight":0.85},{"product_id":"ms-02","quantity":3,"weight":0.12}]}`)

// BenchmarkDecodeArguments decodes tool arguments for validation: /float64 as mcp.AddTool does
// (and typedtool did before integers were kept exact), /exact as apply does now.
func BenchmarkDecodeArguments(b *testing.B) {
	b.Run("float64", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			m := map[string]any{}
			if err := json.Unmarshal(benchArguments, &m); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("exact", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			m := map[string]any{}
			if err := unmarshalExact(benchArguments, &m); err != nil {
				b.Fatal(err)
			}
		}
	})
}
