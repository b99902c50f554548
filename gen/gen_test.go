package gen

import (
	"fmt"
	"strings"
	"testing"
)

// TestToolList: -v lists a package's tools by name, up to logNames of them, then counts the rest,
// so a package of thousands of tools prints a line one can read.
func TestToolList(t *testing.T) {
	names := func(n int) []string {
		s := make([]string, n)
		for i := range s {
			s[i] = fmt.Sprintf("t%d", i)
		}
		return s
	}
	if got, want := toolList(names(2)), "[t0 t1]"; got != want {
		t.Errorf("toolList(2 names) = %q, want %q", got, want)
	}
	if got := toolList(names(logNames)); strings.Contains(got, "more") || strings.Count(got, " ") != logNames-1 {
		t.Errorf("toolList(%d names) = %q, want every name", logNames, got)
	}
	got := toolList(names(5000))
	if want := "[t0 t1 "; !strings.HasPrefix(got, want) || !strings.HasSuffix(got, "t19 … and 4980 more]") {
		t.Errorf("toolList(5000 names) = %q, want the first %d and the count of the rest", got, logNames)
	}
}
