package scaffold

import (
	"fmt"
	"testing"

	"github.com/cardgen/cardgen/internal/synth"
)

// BenchmarkNewPlan plans a new tool, a method of the package's Service, in synthetic packages of
// 50 and 500 tools (internal/synth: 5 and 50 handler files): the inspection of the package that
// cardgen new does before it writes anything.
func BenchmarkNewPlan(b *testing.B) {
	for _, n := range []int{50, 500} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			dir := b.TempDir()
			if err := synth.Write(dir, n); err != nil {
				b.Fatal(err)
			}
			opts := Options{Dir: dir, Tool: "new_tool", Recv: "Service"}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := NewPlan(opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
