package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runIn(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestHelp(t *testing.T) {
	code, out, _ := runIn(t, ".", "help")
	if code != 0 || !strings.Contains(out, "//card:tool") || !strings.Contains(out, "//card:result") {
		t.Errorf("cardgen help: exit %d, output:\n%s", code, out)
	}
	code, out, _ = runIn(t, ".", "help", "field")
	if code != 0 || !strings.Contains(out, "//card:field") {
		t.Errorf("cardgen help field: exit %d, output:\n%s", code, out)
	}
	code, _, errOut := runIn(t, ".", "help", "reslut")
	if code != 2 || !strings.Contains(errOut, "result") {
		t.Errorf("cardgen help reslut: exit %d, stderr %q; want 2 and a did-you-mean", code, errOut)
	}
}

// TestDiagnosticsExitOne runs the command on a bad golden case: exit status 1, positions relative
// to the working directory (as under go:generate), and nothing written.
func TestDiagnosticsExitOne(t *testing.T) {
	dir, _ := filepath.Abs("../../testdata/golden/bad_card_unknown_field")
	want, err := os.ReadFile(filepath.Join(dir, "want", "stderr.txt"))
	if err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runIn(t, dir)
	if code != 1 {
		t.Errorf("exit %d; want 1", code)
	}
	if errOut != string(want) {
		t.Errorf("stderr:\n%s\nwant:\n%s", errOut, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "cards_gen.go")); err == nil {
		t.Error("a failing run wrote cards_gen.go")
	}
}

// TestVerboseUpToDate runs -v on the example, whose generated files are committed: it reports
// the tools and that nothing needed writing.
func TestVerboseUpToDate(t *testing.T) {
	dir, _ := filepath.Abs("../../examples/shop")
	code, _, errOut := runIn(t, dir, "-v")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, errOut)
	}
	for _, want := range []string{"6 tools", "get_order", "every generated file was up to date"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("-v output lacks %q:\n%s", want, errOut)
		}
	}
}

func TestBadFlag(t *testing.T) {
	if code, _, _ := runIn(t, ".", "-nope"); code != 2 {
		t.Errorf("exit %d for an unknown flag; want 2", code)
	}
}
