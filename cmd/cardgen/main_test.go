package main

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/annotations"
	"github.com/cardgen/cardgen/gen"
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
	// Every text cardgen help prints is the registry's, which docs/directives.md is generated
	// from: nothing is added here that the reference would lack.
	for _, name := range []string{"", "ui", "templates", "tags", "kinds"} {
		var want bytes.Buffer
		if err := annotations.WriteHelp(&want, name); err != nil {
			t.Fatal(err)
		}
		args := []string{"help"}
		if name != "" {
			args = append(args, name)
		}
		if code, out, errOut := runIn(t, ".", args...); code != 0 || out != want.String() {
			t.Errorf("cardgen help %s: exit %d, stderr %q, stdout:\n%s\nwant the registry's:\n%s", name, code, errOut, out, want.String())
		}
	}
	// -h asks for the usage, as it does of every other command (it was taken for a directive
	// name: "unknown directive "-h"", exit 2).
	for _, h := range []string{"-h", "-help", "--help"} {
		code, out, errOut := runIn(t, ".", "help", h)
		if code != 0 || out != "" || !strings.HasPrefix(errOut, "usage: "+helpUsage+"\n") {
			t.Errorf("cardgen help %s: exit %d, stdout %q, stderr %q; want exit 0 and the usage", h, code, out, errOut)
		}
	}
}

// TestLongWordsBounded: a word of cardgen help or of cardgen itself that is neither a directive
// nor a command, or a tool name cardgen new refuses, is quoted in the message about it
// shortened, as a diagnostic quotes one: a 5,000-character word (a pasted line) gave a line of
// 5,000 bytes.
func TestLongWordsBounded(t *testing.T) {
	long := strings.Repeat("x", 5000)
	for _, args := range [][]string{{"help", long}, {"help", "card:" + long}, {long}, {"new", long}, {"new", long, "-view"}} {
		_, _, errOut := runIn(t, t.TempDir(), args...)
		for line := range strings.Lines(errOut) {
			if len(line) > 1000 {
				t.Errorf("cardgen %.20s…: a line of %d bytes: %.100s…", strings.Join(args, " "), len(line), line)
			}
		}
		if !strings.Contains(errOut, " more characters)…") {
			t.Errorf("cardgen %.20s…: stderr does not shorten the word as a diagnostic does:\n%.500s", strings.Join(args, " "), errOut)
		}
	}
}

// TestUsageLines: cardgen -h shows each command's usage line exactly as the command's own -h
// prints it. (The two were written separately and differed: cardgen -h gave new's flags in
// another order and case, and cardgen help's own usage left out templates and tags.)
func TestUsageLines(t *testing.T) {
	_, _, all := runIn(t, ".", "-h")
	for _, cmd := range []string{"check", "new", "help"} {
		code, _, own := runIn(t, ".", cmd, "-h")
		first, _, _ := strings.Cut(own, "\n")
		line, ok := strings.CutPrefix(first, "usage: ")
		if code != 0 || !ok {
			t.Errorf("cardgen %s -h: exit %d, stderr %q; want exit 0 and a usage line", cmd, code, own)
			continue
		}
		if !strings.Contains(all, "       "+line+"\n") {
			t.Errorf("cardgen -h lacks the usage line of cardgen %s -h, %q:\n%s", cmd, line, all)
		}
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
	for _, want := range []string{"examples/shop: ", " tools [", "get_order", "1 package in ", ", model ", ", render ", "every generated file was up to date"} {
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

func TestCheck(t *testing.T) {
	shopDir, _ := filepath.Abs("../../examples/shop")
	if code, _, errOut := runIn(t, shopDir, "check"); code != 0 {
		t.Errorf("check on the committed example: exit %d\n%s", code, errOut)
	}
	bad, _ := filepath.Abs("../../testdata/golden/bad_card_unknown_field")
	code, out, _ := runIn(t, bad, "check", "-json")
	if code != 1 {
		t.Errorf("check -json on a bad case: exit %d; want 1", code)
	}
	var rep checkReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("check -json output is not JSON: %v\n%s", err, out)
	}
	if len(rep.Diagnostics) != 3 || rep.Diagnostics[0].File != "p.go" || rep.Diagnostics[0].Line != 8 || rep.Diagnostics[0].Column != 30 ||
		!strings.Contains(rep.Diagnostics[0].Message, "did you mean .Status?") {
		t.Errorf("check -json diagnostics: %+v", rep.Diagnostics)
	}
	// A package argument that cannot be found still gives the documented JSON on stdout, with
	// the error as a diagnostic without a position (it printed nothing on stdout before).
	code, out, _ = runIn(t, bad, "check", "-json", "nosuch.go")
	rep = checkReport{}
	if err := json.Unmarshal([]byte(out), &rep); code != 1 || err != nil || len(rep.Diagnostics) != 1 ||
		!strings.Contains(rep.Diagnostics[0].Message, "nosuch.go: no such file") || rep.Stale == nil {
		t.Errorf("check -json nosuch.go: exit %d, %v, stdout %q; want exit 1 and one diagnostic naming the file", code, err, out)
	}
}

// TestCheckStale copies a good golden case with its generated files, edits the generated file,
// and expects check to name it and write nothing.
func TestCheckStale(t *testing.T) {
	tmp := copyCase(t, "value_output", map[string]string{"p.go": "p.go", "want/cards_gen.go": "cards_gen.go", "want/cards_gen_test.go": "cards_gen_test.go"})
	f, err := os.OpenFile(filepath.Join(tmp, "cards_gen.go"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("\n// edited by hand\n")
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(filepath.Join(tmp, "cards_gen.go"))
	code, _, errOut := runIn(t, tmp, "check")
	if code != 1 || !strings.Contains(errOut, "cards_gen.go: stale") || strings.Contains(errOut, "cards_gen_test.go") {
		t.Errorf("check on an edited generated file: exit %d\n%s", code, errOut)
	}
	after, _ := os.ReadFile(filepath.Join(tmp, "cards_gen.go"))
	if string(before) != string(after) {
		t.Error("check wrote the stale file")
	}

	// A missing file is named as missing; a file of a package whose last tool went, as one to
	// remove. Neither is touched.
	if err := os.Remove(filepath.Join(tmp, "cards_gen_test.go")); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runIn(t, tmp, "check")
	// The case has no //go:generate line, so go generate would change nothing: check says so.
	if want := "cards_gen_test.go: missing; run cardgen on the package to write it (go generate does so only through a //go:generate line that runs cardgen, and none in the package does: add //go:generate go tool cardgen to one of its files, unless a line elsewhere runs cardgen on it)\n"; code != 1 || !strings.Contains(errOut, want) {
		t.Errorf("check without the test file, in a package without a //go:generate line: exit %d\n%s\nwant exit 1 and %q", code, errOut, want)
	}
	src, _ := os.ReadFile(filepath.Join(tmp, "p.go"))
	src = []byte(strings.Replace(string(src), "\nimport", "\n//go:generate go tool cardgen\n\nimport", 1))
	if err := os.WriteFile(filepath.Join(tmp, "p.go"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runIn(t, tmp, "check")
	if want := "cards_gen_test.go: missing; run go generate (or cardgen) to write it\n"; code != 1 || !strings.Contains(errOut, want) {
		t.Errorf("check without the test file: exit %d\n%s\nwant exit 1 and %q", code, errOut, want)
	}
	// go generate reads the package's test files too: a line there is a line of the package.
	withLine := src
	if err := os.WriteFile(filepath.Join(tmp, "p.go"), []byte(strings.Replace(string(src), "//go:generate go tool cardgen\n", "", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tmp, "gen_test.go"), []byte("package p\n\n//go:generate go tool cardgen\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runIn(t, tmp, "check")
	if want := "cards_gen_test.go: missing; run go generate (or cardgen) to write it\n"; code != 1 || !strings.Contains(errOut, want) {
		t.Errorf("check with the //go:generate line in a test file: exit %d\n%s\nwant exit 1 and %q", code, errOut, want)
	}
	if err := os.Remove(filepath.Join(tmp, "gen_test.go")); err != nil {
		t.Fatal(err)
	}
	src = withLine
	if err := os.WriteFile(filepath.Join(tmp, "p.go"), []byte(strings.ReplaceAll(string(src), "//card:", "// ")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runIn(t, tmp, "check")
	if want := "cards_gen.go: no longer generated (the package has no tools); run go generate (or cardgen) to remove it\n"; code != 1 || errOut != want {
		t.Errorf("check after the last tool went: exit %d\n%s\nwant exit 1 and only %q", code, errOut, want)
	}
	if _, err := os.Stat(filepath.Join(tmp, "cards_gen.go")); err != nil {
		t.Errorf("check removed cards_gen.go: %v", err)
	}
}

// TestVerboseWrites runs -v ./... on a copy of a one-tool golden case without its generated
// files, beside a package without tools: it names the tool in the singular, says the other
// package has none, and names the files it wrote relative to the working directory, as the go
// command prints paths.
func TestVerboseWrites(t *testing.T) {
	tmp := copyCase(t, "value_output", map[string]string{"p.go": "p.go"})
	if err := os.Mkdir(filepath.Join(tmp, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tmp, "empty", "e.go"), []byte("package empty\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runIn(t, tmp, "-v", "./...")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, errOut)
	}
	for _, want := range []string{": 1 tool [", "/empty: no annotated tools\n", "\ncardgen: wrote cards_gen.go\n", "\ncardgen: wrote cards_gen_test.go\n"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("-v output lacks %q:\n%s", want, errOut)
		}
	}

	// Without its last tool the package's generated files go, and -v says so.
	src, err := os.ReadFile(filepath.Join(tmp, "p.go"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tmp, "p.go"), []byte(strings.ReplaceAll(string(src), "//card:", "// ")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runIn(t, tmp, "-v", ".")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, errOut)
	}
	for _, want := range []string{": no annotated tools\n", "\ncardgen: removed cards_gen.go\n", "\ncardgen: removed cards_gen_test.go\n"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("-v output after the last tool went lacks %q:\n%s", want, errOut)
		}
	}
	if _, err := os.Stat(filepath.Join(tmp, "cards_gen.go")); !os.IsNotExist(err) {
		t.Errorf("cards_gen.go is still there after the last tool went (%v)", err)
	}
}

// TestLastToolRemoved: a run that removes a package's generated files, its last //card:tool
// gone, says so in one line, naming the golden files and the views it leaves unchecked. It used
// to exit 0 without a word, and nothing flagged testdata/golden afterwards: the test whose
// leftovers subtest names stray golden files was one of the files removed.
func TestLastToolRemoved(t *testing.T) {
	tmp := copyCase(t, "value_output", map[string]string{"p.go": "p.go", "want/cards_gen.go": "cards_gen.go", "want/cards_gen_test.go": "cards_gen_test.go"})
	for _, name := range []string{"testdata/golden/echo.schema.json", "testdata/golden/echo.card.json", "cards/echo.html"} {
		path := filepath.Join(tmp, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src, err := os.ReadFile(filepath.Join(tmp, "p.go"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tmp, "p.go"), []byte(strings.ReplaceAll(string(src), "//card:", "// ")), 0o644); err != nil {
		t.Fatal(err)
	}
	// From the package's parent, so that the message names the package's directory.
	base := filepath.Base(tmp)
	code, out, errOut := runIn(t, filepath.Dir(tmp), "./"+base)
	want := "cardgen: removed " + base + "/cards_gen.go and " + base + "/cards_gen_test.go: no annotated handler (//card:tool) is left in the package; " +
		"the golden files in " + base + "/testdata/golden are no longer checked, and the views in " + base + "/cards are no longer served: delete them unless a tool comes back\n"
	if code != 0 || out != "" || errOut != want {
		t.Errorf("cardgen after the last tool went: exit %d, stdout %q, stderr:\n%s\nwant exit 0 and:\n%s", code, out, errOut, want)
	}
	// Nothing left to remove: nothing to say.
	if code, out, errOut := runIn(t, tmp); code != 0 || out != "" || errOut != "" {
		t.Errorf("cardgen again: exit %d, stdout %q, stderr %q; want exit 0 and no output", code, out, errOut)
	}

	// Without golden files or views, the removal alone is said.
	for _, name := range []string{"want/cards_gen.go", "want/cards_gen_test.go"} {
		b, err := os.ReadFile(filepath.Join("../../testdata/golden/value_output", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(tmp, filepath.Base(name)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, dir := range []string{"testdata", "cards"} {
		if err := os.RemoveAll(filepath.Join(tmp, dir)); err != nil {
			t.Fatal(err)
		}
	}
	code, _, errOut = runIn(t, tmp)
	if want := "cardgen: removed cards_gen.go and cards_gen_test.go: no annotated handler (//card:tool) is left in the package\n"; code != 0 || errOut != want {
		t.Errorf("cardgen in a package without golden files: exit %d, stderr:\n%s\nwant exit 0 and:\n%s", code, errOut, want)
	}
}

// copyCase copies files of the golden case name (from → to, relative to the case and to the
// copy) into a new folder beside the cases, inside the module, removed when the test ends.
func copyCase(t *testing.T, name string, files map[string]string) string {
	t.Helper()
	src, _ := filepath.Abs(filepath.Join("../../testdata/golden", name))
	tmp, err := os.MkdirTemp(filepath.Dir(src), "_"+name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(tmp) })
	for from, to := range files {
		b, err := os.ReadFile(filepath.Join(src, from))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(tmp, to), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return tmp
}

// TestVersion: cardgen version names the version generated files record, the run-time API and
// the Go toolchain, then the module it was built from.
func TestVersion(t *testing.T) {
	code, out, errOut := runIn(t, ".", "version")
	first, rest, _ := strings.Cut(out, "\n")
	want := "cardgen " + gen.Version + " (run-time API 1), " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
	if code != 0 || errOut != "" || first != want {
		t.Errorf("cardgen version: exit %d, stderr %q, first line %q; want exit 0 and %q", code, errOut, first, want)
	}
	if !strings.HasPrefix(rest, "built from github.com/cardgen/cardgen ") {
		t.Errorf("cardgen version: second line %q; want the module it was built from", rest)
	}
}

// TestCheckStaleNextToDiagnostics runs check over a package with a diagnostic and one whose
// generated file is missing: both are reported. (One bad package used to hide the stale files of
// every other, in the text and the -json report alike.)
func TestCheckStaleNextToDiagnostics(t *testing.T) {
	good := copyCase(t, "value_output", map[string]string{"p.go": "p.go", "want/cards_gen.go": "cards_gen.go"})
	bad := copyCase(t, "bad_card_unknown_field", map[string]string{"p.go": "p.go"})
	root := filepath.Dir(good)
	code, out, _ := runIn(t, root, "check", "-json", "./"+filepath.Base(good), "./"+filepath.Base(bad))
	var rep checkReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("check -json: %v\n%s", err, out)
	}
	wantStale := filepath.Join(filepath.Base(good), "cards_gen_test.go")
	// (Its cards_gen.go is stale too: the copy's import path is in the schemas' $id.)
	if code != 1 || len(rep.Diagnostics) == 0 || !slices.Contains(rep.Stale, wantStale) {
		t.Errorf("check -json: exit %d, %d diagnostics, stale %q; want exit 1, the bad package's diagnostics and %s among the stale", code, len(rep.Diagnostics), rep.Stale, wantStale)
	}
}

// TestViewCommandDiscoverable: cardgen new -view, which writes the starter view of an existing
// tool, is named where a user looks for views: cardgen -h, cardgen help and cardgen help ui.
func TestViewCommandDiscoverable(t *testing.T) {
	_, _, usage := runIn(t, ".", "-h")
	_, help, _ := runIn(t, ".", "help")
	_, helpUI, _ := runIn(t, ".", "help", "ui")
	_, helpUI2, _ := runIn(t, ".", "help", "//card:ui")
	for name, text := range map[string]string{"cardgen -h": usage, "cardgen help": help, "cardgen help ui": helpUI, "cardgen help //card:ui": helpUI2} {
		if !strings.Contains(text, "cardgen new <tool_name> -view") {
			t.Errorf("%s does not name cardgen new <tool_name> -view:\n%s", name, text)
		}
	}
	// The registry's //card:ui reference gives the command's usage as cardgen new -h does.
	if !strings.Contains(strings.Join(strings.Fields(helpUI), " "), newViewUsage) {
		t.Errorf("cardgen help ui does not give %q:\n%s", newViewUsage, helpUI)
	}
	if _, out, _ := runIn(t, ".", "help", "result"); strings.Contains(out, "-view") {
		t.Errorf("cardgen help result names -view, which is about //card:ui:\n%s", out)
	}
}

// TestCheckJSONReasonsAndGoModPosition: check -json listed stale, missing and unwanted files in
// one "stale" list, where only the text output said which; stale_files says why each is stale.
// And a go.mod the go command cannot parse was a diagnostic without a position, though the go
// command names the line: it is placed at go.mod's line now, for CI annotations.
func TestCheckJSONReasonsAndGoModPosition(t *testing.T) {
	tmp := copyCase(t, "value_output", map[string]string{"p.go": "p.go", "want/cards_gen.go": "cards_gen.go", "want/cards_gen_test.go": "cards_gen_test.go"})
	if err := os.WriteFile(filepath.Join(tmp, "cards_gen.go"), []byte("// Code generated by cardgen. DO NOT EDIT.\n\npackage p\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(tmp, "cards_gen_test.go")); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runIn(t, tmp, "check", "-json")
	var rep checkReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 1 {
		t.Fatalf("check -json: exit %d, %v\n%s", code, err, out)
	}
	got := map[string]string{}
	for _, s := range rep.StaleFiles {
		got[s.File] = s.Reason
		if s.Message == "" {
			t.Errorf("stale file %s has no message", s.File)
		}
	}
	if want := map[string]string{"cards_gen.go": "changed", "cards_gen_test.go": "missing"}; !maps.Equal(got, want) || len(rep.Stale) != 2 {
		t.Errorf("stale_files %+v, stale %q; want reasons %v", rep.StaleFiles, rep.Stale, want)
	}

	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/broken\n\ngo 1.26\n\nrequirex foo v1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte("package broken\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runIn(t, dir, "check", "-json", ".")
	rep = checkReport{}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 1 || len(rep.Diagnostics) != 1 ||
		rep.Diagnostics[0].File != "go.mod" || rep.Diagnostics[0].Line != 5 || !strings.HasPrefix(rep.Diagnostics[0].Message, "unknown directive: requirex") {
		t.Errorf("check -json in a module with a broken go.mod: exit %d, %v, %+v; want one diagnostic at go.mod:5", code, err, rep.Diagnostics)
	}
}

// TestCheckJSONBadFlags: a check with -json whose flags did not parse printed the flag package's
// error on stderr and nothing on stdout, so a CI step that parses stdout failed on empty input
// instead of showing the mistake. It now prints the report with the error as its diagnostic,
// and only when -json was asked for (as the flag package would have read it).
func TestCheckJSONBadFlags(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args []string
		want string // the report's one diagnostic; "" for no report
	}{
		{[]string{"check", "-json", "-nosuch"}, "cardgen check: flag provided but not defined: -nosuch"},
		{[]string{"check", "-nosuch", "--json", "./..."}, "cardgen check: flag provided but not defined: -nosuch"},
		{[]string{"check", "-json", "-ui", "/abs"}, "cardgen check: invalid value \"/abs\" for flag -ui"},
		{[]string{"check", "-nosuch"}, ""},
		{[]string{"check", "-json", "-json=false", "-nosuch"}, ""},
		{[]string{"check", "-json=nonsense"}, ""},
	}
	for _, tt := range tests {
		code, out, errOut := runIn(t, dir, tt.args...)
		if code != 2 {
			t.Errorf("%q: exit %d, want 2\n%s", tt.args, code, errOut)
		}
		if tt.want == "" {
			if out != "" {
				t.Errorf("%q: printed %q on stdout, want nothing", tt.args, out)
			}
			continue
		}
		var rep checkReport
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Errorf("%q: stdout is not the report: %v\n%s", tt.args, err, out)
			continue
		}
		if len(rep.Diagnostics) != 1 || !strings.HasPrefix(rep.Diagnostics[0].Message, tt.want) || rep.Stale == nil || rep.StaleFiles == nil {
			t.Errorf("%q: report %+v; want one diagnostic starting %q and empty stale lists", tt.args, rep, tt.want)
		}
	}
}

// TestLoadErrorsNameCardgen: the go command's words on a pattern it cannot list come without a
// position, and were printed bare — at a workspace's root, cardgen ./... printed "pattern ./...:
// directory prefix . does not contain modules listed in go.work …" where every other message of
// cardgen's starts with its name. Now each line of such a run's output starts with the name of
// the command that printed it, or is a file:line:col diagnostic.
func TestLoadErrorsNameCardgen(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"go.work":    "go 1.26.0\n\nuse (\n\t./lib\n\t./svc\n)\n",
		"lib/go.mod": "module example.com/lib\n\ngo 1.26.0\n",
		"lib/lib.go": "package lib\n",
		"svc/go.mod": "module example.com/svc\n\ngo 1.26.0\n",
		"svc/svc.go": "package svc\n",
	} {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("GOWORK", "")
	t.Setenv("GOFLAGS", "")
	const workRoot = "pattern ./...: directory prefix . does not contain modules listed in go.work"
	tests := []struct {
		dir  string
		args []string
		want string // the first line
	}{
		{dir, []string{"./..."}, "cardgen: " + workRoot},
		{dir, []string{"check", "./..."}, "cardgen check: " + workRoot},
		// A package the go command cannot find is its words without a position too.
		{filepath.Join(dir, "lib"), []string{"nosuch/pkg"}, "cardgen: package nosuch/pkg is not in std"},
		{filepath.Join(dir, "lib"), []string{"check", "nosuch/pkg"}, "cardgen check: package nosuch/pkg is not in std"},
	}
	for _, tt := range tests {
		code, out, errOut := runIn(t, tt.dir, tt.args...)
		if code != 1 || out != "" || !strings.HasPrefix(errOut, tt.want) {
			t.Errorf("cardgen %q: exit %d, stdout %q, stderr:\n%s\nwant exit 1 and first %q", tt.args, code, out, errOut, tt.want)
		}
		for line := range strings.Lines(errOut) {
			if !strings.HasPrefix(line, "cardgen: ") && !strings.HasPrefix(line, "cardgen check: ") {
				t.Errorf("cardgen %q: a line of stderr does not name cardgen: %q", tt.args, line)
			}
		}
	}
}
