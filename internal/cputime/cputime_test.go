package cputime

import (
	"testing"
	"time"
)

// TestUsedCountsWorkNotWaiting requires the clock to move while the process computes and to
// stand nearly still while it sleeps: a clock stuck at zero, or one that is wall time, fails.
func TestUsedCountsWorkNotWaiting(t *testing.T) {
	start, ok := Used()
	if !ok {
		t.Skip("no CPU clock on this platform")
	}

	// Busy work until the clock has moved 20 ms; a loaded machine only makes this take longer.
	const want = 20 * time.Millisecond
	x := 0
	for began := time.Now(); ; x++ {
		now, _ := Used()
		if now-start >= want {
			break
		}
		if time.Since(began) > 10*time.Second {
			t.Fatalf("Used moved %v in 10 s of busy work (x=%d); want %v", now-start, x, want)
		}
	}

	const nap = 200 * time.Millisecond
	before, _ := Used()
	time.Sleep(nap)
	after, _ := Used()
	if got := after - before; got > nap/2 {
		t.Errorf("Used moved %v while the process slept %v; want far less (a CPU clock, not wall time)", got, nap)
	}
}
