package benchmarks

import (
	"testing"
	"time"

	"github.com/cardgen/cardgen/internal/cputime"
)

// cpuMeter reports CPU time per operation next to ns/op. On a machine shared with other builds,
// wall time swings with the load while CPU time barely moves, so ratios are read from it too.
type cpuMeter struct {
	start time.Duration
	ok    bool
}

// startCPU is called right before the b.Loop loop.
func startCPU() cpuMeter {
	d, ok := cputime.Used()
	return cpuMeter{d, ok}
}

// report adds cpu-ns/op, and cpu-ns/tool when tools > 0, for the b.N operations since startCPU.
func (m cpuMeter) report(b *testing.B, tools int) {
	end, ok := cputime.Used()
	if !m.ok || !ok || b.N == 0 {
		return
	}
	perOp := float64(end-m.start) / float64(b.N)
	b.ReportMetric(perOp, "cpu-ns/op")
	if tools > 0 {
		b.ReportMetric(perOp/float64(tools), "cpu-ns/tool")
	}
}
