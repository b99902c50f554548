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

// TestSkipOrFail holds SkipOrFail to skipping on a developer's machine and failing under
// CI=true, where .ci/run has installed every tool.
func TestSkipOrFail(t *testing.T) {
	t.Setenv("CI", "")
	r := Record(func(tb testing.TB) { SkipOrFail(tb, "no tool") })
	if !r.SkipCalled || r.FatalCalled {
		t.Errorf("without CI: skip %v, fatal %v; want a skip", r.SkipCalled, r.FatalCalled)
	}
	t.Setenv("CI", "true")
	r = Record(func(tb testing.TB) { SkipOrFail(tb, "no tool") })
	if r.SkipCalled || !r.FatalCalled || len(r.Errors) != 1 || r.Errors[0] != "no tool" {
		t.Errorf("under CI=true: skip %v, fatal %v, errors %q; want one failure saying why", r.SkipCalled, r.FatalCalled, r.Errors)
	}
}
