// Package testenv holds what cardgen's tests share about their environment: when a test that
// needs the network or node may skip, and running node.
package testenv

import (
	"os"
	"regexp"
	"testing"
)

// offline matches the go command's complaints when it cannot reach the module proxy.
var offline = regexp.MustCompile(`dial tcp|no such host|connection refused|i/o timeout|network is unreachable|GOPROXY=off`)

// FailGoCommand ends a test whose go command failed with output out: it skips, printing msg and
// the output, when the go command could not reach the module proxy and CI is not "true";
// otherwise, and always under CI=true, the test fails.
func FailGoCommand(t testing.TB, msg string, out []byte) {
	t.Helper()
	if os.Getenv("CI") != "true" && offline.Match(out) {
		t.Skipf("%s\n%s\n(the module proxy cannot be reached here; CI=true makes this fail instead)", msg, out)
	}
	t.Fatalf("%s\n%s", msg, out)
}
