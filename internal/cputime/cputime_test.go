package cputime

import (
	"os"
	"os/exec"
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

// TestPeakRSSKB: a child that holds 64 MiB reports a peak of at least that much, in kilobytes (a
// unit mistake, bytes for kilobytes or the reverse, is off by 1,024 and fails).
func TestPeakRSSKB(t *testing.T) {
	if os.Getenv("CPUTIME_HOLD") == "1" {
		b := make([]byte, 64<<20)
		for i := range b {
			b[i] = 1
		}
		os.Exit(int(b[len(b)-1]) - 1)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestPeakRSSKB$")
	cmd.Env = append(os.Environ(), "CPUTIME_HOLD=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	kb, ok := PeakRSSKB(cmd.ProcessState)
	if !ok {
		t.Skip("no peak resident size on this platform")
	}
	if kb < 64<<10 || kb > 64<<20 {
		t.Errorf("PeakRSSKB = %d KB for a child that held 64 MiB; want at least %d and far less than %d", kb, 64<<10, 64<<20)
	}
}
