package testenv

import (
	"os/exec"
	"testing"
)

// TestRerunVerdict gives RerunVerdict the output of runs that passed, skipped, failed, passed
// another test, or could not start, and checks the verdict each makes.
func TestRerunVerdict(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh to stand in for a test binary:", err)
	}
	for _, c := range []struct {
		name, script      string
		fatal, skip, errs bool
	}{
		{"passed", "echo '--- PASS: TestX (0.01s)'", false, false, false},
		{"skipped", "echo '--- SKIP: TestX (0.00s)'", false, true, false},
		{"failed", "echo '--- FAIL: TestX (0.01s)'; exit 1", true, false, false},
		{"another test passed", "echo '--- PASS: TestXY (0.01s)'", true, false, false},
	} {
		var err error
		r := (&Recorder{TestName: "TestX"}).Run(func(tb testing.TB) {
			err = RerunVerdict(tb, exec.Command("sh", "-c", c.script), "here")
		})
		if r.FatalCalled != c.fatal || r.SkipCalled != c.skip || (err != nil) != c.errs {
			t.Errorf("%s: fatal %v, skip %v, error %v; want fatal %v, skip %v", c.name, r.FatalCalled, r.SkipCalled, err, c.fatal, c.skip)
		}
	}
	r := Record(func(tb testing.TB) {
		if err := RerunVerdict(tb, exec.Command("/nonexistent/test.bin"), "nowhere"); err == nil {
			tb.Errorf("a run that could not start gave no error")
		}
	})
	if len(r.Errors) > 0 || r.FatalCalled || r.SkipCalled {
		t.Errorf("a run that could not start: %+v; want its error returned and no verdict", r)
	}
}
