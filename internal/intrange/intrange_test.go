package intrange_test

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"testing"

	"github.com/cardgen/cardgen/internal/intrange"
)

// TestOfMatchesGo holds every stated end to the range Go gives the type, and the ends left out to
// the types jsonschema-go's For leaves without them.
func TestOfMatchesGo(t *testing.T) {
	tests := []struct {
		signed bool
		bits   int
		lo, hi int64
		noLo   bool
		noHi   bool
	}{
		{true, 8, math.MinInt8, math.MaxInt8, false, false},
		{true, 16, math.MinInt16, math.MaxInt16, false, false},
		{true, 32, math.MinInt32, math.MaxInt32, false, false},
		{true, 64, 0, 0, true, true},
		{true, 0, 0, 0, true, true},
		{false, 8, 0, math.MaxUint8, false, false},
		{false, 16, 0, math.MaxUint16, false, false},
		{false, 32, 0, math.MaxUint32, false, false},
		{false, 64, 0, 0, false, true},
		{false, 0, 0, 0, false, true},
	}
	for _, tt := range tests {
		lo, hi := intrange.Of(tt.signed, tt.bits)
		check := func(end string, got json.Number, want int64, none bool) {
			if none {
				if got != "" {
					t.Errorf("Of(%v, %d) %s = %s, want none", tt.signed, tt.bits, end, got)
				}
				return
			}
			if n, err := strconv.ParseInt(string(got), 10, 64); err != nil || n != want {
				t.Errorf("Of(%v, %d) %s = %q, want %d", tt.signed, tt.bits, end, got, want)
			}
		}
		check("minimum", lo, tt.lo, tt.noLo)
		check("maximum", hi, tt.hi, tt.noHi)
	}
}

func ExampleOf() {
	for _, typ := range []struct {
		name   string
		signed bool
		bits   int
	}{{"uint8", false, 8}, {"int16", true, 16}, {"uint", false, 0}, {"int64", true, 64}} {
		lo, hi := intrange.Of(typ.signed, typ.bits)
		fmt.Printf("%s: minimum %q, maximum %q\n", typ.name, lo, hi)
	}
	// Output:
	// uint8: minimum "0", maximum "255"
	// int16: minimum "-32768", maximum "32767"
	// uint: minimum "0", maximum ""
	// int64: minimum "", maximum ""
}
