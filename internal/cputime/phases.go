package cputime

import (
	"testing"
	"time"
)

// Phases times the consecutive phases of each iteration of a benchmark loop, in wall time and
// in CPU time, and reports both per iteration as <phase>-ms and <phase>-cpu-ms. Because the
// phases run one after another, each one's CPU time is the process's CPU clock across it
// (garbage collection started by one phase can spill into the next).
type Phases struct {
	names        []string
	wall, cpu    []time.Duration
	last         time.Time
	lastCPU      time.Duration
	measuringCPU bool
}

// NewPhases returns a timer for phases with these names, in the order they run.
func NewPhases(names ...string) *Phases {
	_, ok := Used()
	return &Phases{
		names:        names,
		wall:         make([]time.Duration, len(names)),
		cpu:          make([]time.Duration, len(names)),
		measuringCPU: ok,
	}
}

// Start marks the start of the first phase; call it at the top of each iteration.
func (p *Phases) Start() {
	p.last, p.lastCPU = time.Now(), now()
}

// End marks the end of phase i, which is also the start of the next one.
func (p *Phases) End(i int) {
	t, c := time.Now(), now()
	p.wall[i] += t.Sub(p.last)
	p.cpu[i] += c - p.lastCPU
	p.last, p.lastCPU = t, c
}

// Report adds the mean time of each phase per iteration to b's results; the CPU times only where
// they are measured.
func (p *Phases) Report(b *testing.B) {
	if b.N == 0 {
		return
	}
	n := float64(b.N) * float64(time.Millisecond)
	for i, name := range p.names {
		b.ReportMetric(float64(p.wall[i])/n, name+"-ms")
		if p.measuringCPU {
			b.ReportMetric(float64(p.cpu[i])/n, name+"-cpu-ms")
		}
	}
}

func now() time.Duration {
	d, _ := Used()
	return d
}
