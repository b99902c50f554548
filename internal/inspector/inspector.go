// Package inspector runs the MCP Inspector CLI (@modelcontextprotocol/inspector from npm), a real
// MCP client, from Go tests. The npm package is installed by `npm ci` in this folder (.ci/run does
// it); without it, tests skip with a printed reason, except under CI=true, where they fail.
package inspector

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// Dir is the folder of this package, which holds package.json and node_modules.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(file)
}

// Require returns the path of the mcp-inspector CLI, or skips (fails under CI=true) when node or
// the npm package is missing.
func Require(t testing.TB) string {
	t.Helper()
	bin := filepath.Join(Dir(), "node_modules", ".bin", "mcp-inspector")
	var missing string
	if _, err := exec.LookPath("node"); err != nil {
		missing = "node is not installed"
	} else if _, err := os.Stat(bin); err != nil {
		missing = "the MCP Inspector CLI is not installed; run `npm ci` in internal/inspector"
	}
	if missing != "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("inspector: %s (CI=true, so this test may not skip)", missing)
		}
		t.Skipf("inspector: %s", missing)
	}
	return bin
}

// Call runs `mcp-inspector --cli <server…> <args…>` and decodes its JSON output into out.
func Call(t testing.TB, server []string, args []string, out any) {
	t.Helper()
	bin := Require(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmdArgs := append(append([]string{"--cli"}, server...), args...)
	cmd := exec.CommandContext(ctx, bin, cmdArgs...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("mcp-inspector %v: %v\nstderr:\n%s\nstdout:\n%s", cmdArgs, err, stderr.String(), stdout.String())
	}
	// The server's own log lines go to stderr; stdout is the JSON answer, possibly after lines
	// the inspector prints itself, so decode from the first '{'.
	data := stdout.Bytes()
	if i := bytes.IndexByte(data, '{'); i > 0 {
		data = data[i:]
	}
	if err := json.Unmarshal(data, out); err != nil {
		t.Fatalf("mcp-inspector %v: output is not JSON: %v\n%s", cmdArgs, err, stdout.String())
	}
}
