package testenv

import "testing"

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
		r := Record(func(tb testing.TB) { FailGoCommand(tb, "go build", []byte(c.out)) })
		if skipped, failed := r.SkipCalled, r.FatalCalled; skipped != c.wantSkip || failed == c.wantSkip {
			t.Errorf("CI=%q, output %q: skipped %v, failed %v; want skipped %v", c.ci, c.out, skipped, failed, c.wantSkip)
		}
	}
}
