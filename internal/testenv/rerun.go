package testenv

import (
	"errors"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// Rerun returns a command that runs the test binary bin again for t's test alone, verbosely, for
// a test that must run in conditions its own process cannot have (as another user, in a mount
// namespace of its own). The caller sets the command's environment and process attributes, and
// then judges it with RerunVerdict.
func Rerun(t testing.TB, bin string) *exec.Cmd {
	// -test.run takes a pattern per level of subtests: each level of the name, quoted.
	parts := strings.Split(t.Name(), "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return exec.Command(bin, "-test.run", strings.Join(parts, "/"), "-test.v", "-test.count", "1")
}

// RerunVerdict runs cmd, made by Rerun, and makes its verdict t's: t fails with the run's output
// when the run failed or did not pass the test, and is skipped when the run skipped it; how says
// how the test ran again, for the messages ("as nobody"). It returns the error of a run that could
// not start at all, which the caller judges: whether that is a reason to skip depends on why.
func RerunVerdict(t testing.TB, cmd *exec.Cmd, how string) error {
	t.Helper()
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	switch {
	case err != nil && !errors.As(err, &exit):
		return err
	case err != nil:
		t.Fatalf("the test run again %s: %v\n%s", how, err, out)
	// The verdict line is "--- PASS: TestX (0.01s)": with the " (", TestXY's is not TestX's.
	case strings.Contains(string(out), "--- SKIP: "+t.Name()+" ("):
		t.Skipf("the test run again %s skipped:\n%s", how, out)
	case !strings.Contains(string(out), "--- PASS: "+t.Name()+" ("):
		t.Fatalf("the test run again %s did not pass it:\n%s", how, out)
	}
	t.Logf("run again %s: passed", how)
	return nil
}
