package testenv

import (
	"runtime"
	"testing"
)

// TestFailGoCommand: an offline complaint skips outside CI and fails under CI=true; any other
// failure fails.
func TestFailGoCommand(t *testing.T) {
	for _, c := range []struct {
		ci, out  string
		wantSkip bool
	}{
		{"", "dial tcp: lookup proxy.golang.org: no such host", true},
		{"true", "dial tcp: lookup proxy.golang.org: no such host", false},
		{"", "undefined: x", false},
	} {
		t.Setenv("CI", c.ci)
		skipped, failed := outcome(func(tb testing.TB) { FailGoCommand(tb, "go build", []byte(c.out)) })
		if skipped != c.wantSkip || failed == c.wantSkip {
			t.Errorf("CI=%q, output %q: skipped %v, failed %v; want skipped %v", c.ci, c.out, skipped, failed, c.wantSkip)
		}
	}
}

// outcome runs f against a recorder and reports whether it skipped or failed.
func outcome(f func(testing.TB)) (skipped, failed bool) {
	r := &recorder{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
	return r.skipped, r.failed
}

// recorder is a testing.TB whose Skipf and Fatalf record the outcome and stop f's goroutine, as
// the testing package's do.
type recorder struct {
	testing.TB
	skipped, failed bool
}

func (r *recorder) Helper() {}

func (r *recorder) Skipf(string, ...any) {
	r.skipped = true
	runtime.Goexit()
}

func (r *recorder) Fatalf(string, ...any) {
	r.failed = true
	runtime.Goexit()
}
