package testenv

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// SkipOrFail ends a test that cannot run here, for the reason why: it skips, printing why, or,
// under CI=true, where every tool a test needs is installed (.ci/run), it fails.
func SkipOrFail(t testing.TB, why string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s", why)
	}
	t.Skipf("%s (CI=true makes this fail instead)", why)
}

// Node runs script with node, in one process, with in as JSON on its standard input, and decodes
// the JSON it prints into out. The script must print an object with a "node" member holding
// process.versions.node; Node returns that version. Without node, or with a node older than 20
// (the first with the JavaScript the tests compare against: RegExp's v flag, URL.canParse), it
// ends the test with SkipOrFail, saying what could not be compared (what).
func Node(t testing.TB, script string, in, out any, what string) string {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		SkipOrFail(t, "node is not on PATH, so "+what)
	}
	input, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", "-e", script)
	cmd.Stdin = bytes.NewReader(input)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.Bytes())
	}
	var version struct {
		Node string `json:"node"`
	}
	if err := json.Unmarshal(stdout, &version); err != nil {
		t.Fatalf("node's answer: %v\n%.2000s", err, stdout)
	}
	major, _, _ := strings.Cut(version.Node, ".")
	if n, err := strconv.Atoi(major); err != nil || n < 20 {
		SkipOrFail(t, "node is "+version.Node+", so "+what+" (it needs node 20 or later)")
	}
	if err := json.Unmarshal(stdout, out); err != nil {
		t.Fatalf("node's answer: %v\n%.2000s", err, stdout)
	}
	return version.Node
}
