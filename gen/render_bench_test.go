package gen

import (
	"testing"

	"github.com/cardgen/cardgen/internal/cputime"
)

// BenchmarkRenderSteps takes Render apart on a synthetic package of 500 handlers: jennifer
// building and rendering the unformatted source (jennifer-ms, jennifer-cpu-ms), gofmt'ing it
// (gofmt-ms, gofmt-cpu-ms) and the test file (test-ms, test-cpu-ms), each on its own, per run.
// Set next to the load and model phases of internal/benchmarks' BenchmarkGeneratePhases, it shows
// what the generator's speed goals leave for rendering (BENCHMARKS.md).
func BenchmarkRenderSteps(b *testing.B) {
	p := modelDir(b, synthDir(b, 500))
	phases := cputime.NewPhases("jennifer", "gofmt", "test")
	for b.Loop() {
		phases.Start()
		src, err := renderSource(p)
		if err != nil {
			b.Fatal(err)
		}
		phases.End(0)
		if _, err := formatFile(src); err != nil {
			b.Fatal(err)
		}
		phases.End(1)
		if _, err := RenderTest(p); err != nil {
			b.Fatal(err)
		}
		phases.End(2)
	}
	phases.Report(b)
}
