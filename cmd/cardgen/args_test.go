package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/gen"
)

// twoToolPackage writes a package of three files into a new folder beside the golden cases,
// inside the module: a.go and b.go declare a tool each, doc.go holds the go:generate line and
// no tool.
func twoToolPackage(t *testing.T) string {
	t.Helper()
	return newPackage(t, "_twotools", map[string]string{
		"doc.go": "// Package p has its tools in two files.\npackage p\n\n//go:generate cardgen $GOFILE\n",
		"a.go": `package p

import "context"

// A is tool_a.
//
//card:tool tool_a
func A(ctx context.Context, in In) (Out, error) { return Out{ID: in.ID}, nil }

type In struct {
	ID string ` + "`json:\"id\"`" + `
}

type Out struct {
	ID string ` + "`json:\"id\"`" + `
}
`,
		"b.go": `package p

import "context"

// B is tool_b.
//
//card:tool tool_b
func B(ctx context.Context, in In) (Out, error) { return Out{ID: in.ID}, nil }
`,
	})
}

// newPackage writes files into a new folder beside the golden cases, inside the module, removed
// when the test ends.
func newPackage(t *testing.T, prefix string, files map[string]string) string {
	t.Helper()
	golden, _ := filepath.Abs("../../testdata/golden")
	dir, err := os.MkdirTemp(golden, prefix)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	for name, src := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestGoFileArgument: a .go file argument, as //go:generate cardgen $GOFILE passes, stands for
// the whole package of its directory. go/packages alone would load the file as a package of its
// own ("command-line-arguments"): cardgen would then generate one file's tools under another
// package path, and delete the generated files when the file has no tool.
func TestGoFileArgument(t *testing.T) {
	dir := twoToolPackage(t)
	importPath := "github.com/cardgen/cardgen/testdata/golden/" + filepath.Base(dir)
	wantBoth := func(when string) {
		t.Helper()
		src, err := os.ReadFile(filepath.Join(dir, "cards_gen.go"))
		if err != nil {
			t.Fatalf("%s: %v", when, err)
		}
		for _, want := range []string{`"tool_a"`, `"tool_b"`} {
			if !strings.Contains(string(src), want) {
				t.Errorf("%s: cards_gen.go lacks %s", when, want)
			}
		}
		if _, err := os.Stat(filepath.Join(dir, "cards_gen_test.go")); err != nil {
			t.Errorf("%s: %v", when, err)
		}
	}

	code, _, errOut := runIn(t, dir, "-v", "a.go")
	if code != 0 || !strings.Contains(errOut, importPath+": 2 tools [tool_a tool_b]") {
		t.Fatalf("cardgen -v a.go: exit %d\n%s\nwant exit 0 and both tools of %s", code, errOut, importPath)
	}
	wantBoth("after cardgen a.go")

	// The file that holds the go:generate line has no tool: the package keeps its files.
	code, _, errOut = runIn(t, dir, "-v", "doc.go")
	if code != 0 || !strings.Contains(errOut, "every generated file was up to date") {
		t.Errorf("cardgen -v doc.go: exit %d\n%s\nwant exit 0 and nothing to write", code, errOut)
	}
	wantBoth("after cardgen doc.go")

	// From elsewhere, with a file of a subdirectory and its directory named twice, and check.
	parent := filepath.Dir(dir)
	rel := filepath.Join(filepath.Base(dir), "b.go")
	if code, _, errOut := runIn(t, parent, "check", rel, filepath.Join(filepath.Base(dir), "doc.go")); code != 0 {
		t.Errorf("cardgen check %s …/doc.go: exit %d\n%s", rel, code, errOut)
	}
	// As under go:generate without arguments: the package of the working directory.
	if code, _, errOut := runIn(t, dir, "-v"); code != 0 || !strings.Contains(errOut, "every generated file was up to date") {
		t.Errorf("cardgen -v: exit %d\n%s", code, errOut)
	}
	wantBoth("at the end")

	code, _, errOut = runIn(t, dir, "c.go")
	if want := "cardgen: c.go: no such file; name a .go file of the package, its directory (./dir) or a package pattern (./...)\n"; code != 1 || errOut != want {
		t.Errorf("cardgen c.go: exit %d, stderr %q; want exit 1 and %q", code, errOut, want)
	}
}

func TestPackagePatterns(t *testing.T) {
	dir := twoToolPackage(t)
	parent := filepath.Dir(dir)
	base := filepath.Base(dir)
	sep := string(filepath.Separator)
	tests := []struct {
		args []string
		want string // the patterns, joined by spaces
	}{
		{[]string{"a.go", "b.go", "./..."}, ". ./..."},
		{[]string{base + sep + "a.go"}, "." + sep + base},
		{[]string{"." + sep + base + sep + "a.go", base + sep + "b.go"}, "." + sep + base},
		{[]string{filepath.Join(dir, "a.go")}, dir},
		{[]string{"github.com/nats-io/nats.go", "std"}, "github.com/nats-io/nats.go std"}, // a package, not a file
		{[]string{"./" + base + "/....go"}, "./" + base + "/....go"},                      // a pattern, not a file
		{[]string{"." + sep + base, "./" + base + "/...", "./" + base[:2] + "..."}, "." + sep + base + " ./" + base + "/... ./" + base[:2] + "..."},
	}
	for _, tt := range tests {
		from := parent
		if tt.args[0] == "a.go" {
			from = dir
		}
		wd, _ := os.Getwd()
		os.Chdir(from)
		got, errs := packagePatterns(tt.args)
		os.Chdir(wd)
		if len(errs) > 0 || strings.Join(got, " ") != tt.want {
			t.Errorf("packagePatterns(%q) = %q, %v; want %q", tt.args, got, errs, tt.want)
		}
	}
}

// TestMissingDirectory: a directory pattern whose directory does not exist is refused with what
// to do, before the go command's "stat /abs/path: directory not found" (no cardgen: prefix, no
// advice, and the machine's absolute path).
func TestMissingDirectory(t *testing.T) {
	dir := twoToolPackage(t)
	for _, arg := range []string{"./nosuchdir", "./nosuch/...", "./nosuch/x...", "../nosuchdir", filepath.Join(dir, "nosuch", "...")} {
		code, _, errOut := runIn(t, dir, arg)
		want := "cardgen: " + arg + ": no such directory; name a package directory (./dir), a package pattern (./...) or a .go file of the package\n"
		if code != 1 || errOut != want {
			t.Errorf("cardgen %s: exit %d, stderr %q; want exit 1 and %q", arg, code, errOut, want)
		}
	}
	code, _, errOut := runIn(t, dir, "./a.go/...")
	if code != 1 || !strings.Contains(errOut, "./a.go/...: not a directory;") && !strings.Contains(errOut, "./a.go/...: no such directory;") {
		t.Errorf("cardgen ./a.go/...: exit %d, stderr %q; want exit 1 and a directory refused", code, errOut)
	}
}

// TestBadArgumentAmongGood: one argument that names no directory used to end the run before
// anything was loaded, hiding the other packages' diagnostics and stale files. Now each refused
// argument is reported, the other packages are still checked, and nothing is written.
func TestBadArgumentAmongGood(t *testing.T) {
	dir := twoToolPackage(t)
	// A misspelt field in tool_a's card: a diagnostic of the package that loads.
	src, err := os.ReadFile(filepath.Join(dir, "a.go"))
	if err != nil {
		t.Fatal(err)
	}
	src = []byte(strings.Replace(string(src), "//card:tool tool_a\n", "//card:tool tool_a\n//card:result title=\"{{.Idd}}\"\n", 1))
	if err := os.WriteFile(filepath.Join(dir, "a.go"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	refused := "./nosuch: no such directory; name a package directory (./dir), a package pattern (./...) or a .go file of the package"
	code, _, errOut := runIn(t, dir, ".", "./nosuch", "./nosuch2")
	if code != 1 || !strings.Contains(errOut, "cardgen: "+refused) || !strings.Contains(errOut, "./nosuch2: no such directory") ||
		!strings.Contains(errOut, "a.go:") || !strings.Contains(errOut, "Idd") {
		t.Errorf("cardgen . ./nosuch ./nosuch2: exit %d\n%s\nwant exit 1, both arguments refused, and the diagnostic of a.go", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "cards_gen.go")); err == nil {
		t.Error("cardgen wrote cards_gen.go while an argument was refused")
	}
	code, out, _ := runIn(t, dir, "check", "-json", ".", "./nosuch")
	var rep checkReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 1 || len(rep.Diagnostics) != 2 ||
		rep.Diagnostics[0].Message != refused || rep.Diagnostics[1].File != "a.go" {
		t.Errorf("check -json . ./nosuch: exit %d, %v, %+v; want the refused argument and the diagnostic of a.go", code, err, rep.Diagnostics)
	}
	// Every argument refused: one diagnostic each in the JSON, one line each on stderr.
	code, out, errOut = runIn(t, dir, "check", "-json", "./nope1", "./nope2")
	rep = checkReport{}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 1 || len(rep.Diagnostics) != 2 ||
		strings.Contains(rep.Diagnostics[0].Message, "\n") || strings.Count(errOut, "cardgen check: ./nope") != 2 {
		t.Errorf("check -json ./nope1 ./nope2: exit %d, %v, %+v, stderr %q; want two diagnostics and two lines", code, err, rep.Diagnostics, errOut)
	}
	// Without the mistake, the good package has nothing to report, and still nothing is written.
	if err := os.WriteFile(filepath.Join(dir, "a.go"), []byte(strings.Replace(string(src), "{{.Idd}}", "{{.ID}}", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runIn(t, dir, ".", "./nosuch")
	if code != 1 || !strings.Contains(errOut, "nothing written") {
		t.Errorf("cardgen . ./nosuch on a good package: exit %d\n%s\nwant exit 1 and nothing written", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "cards_gen.go")); err == nil {
		t.Error("cardgen wrote cards_gen.go while an argument was refused")
	}
}

// TestUIFlag: -ui is cleaned into the form go:embed and fs.Sub accept ("./cards" and "cards/"
// used to be written as they were, and the server panicked at start-up), and a folder go:embed
// cannot reach is refused with exit status 2, before anything is loaded.
func TestUIFlag(t *testing.T) {
	tmp := copyCase(t, "ui_views", map[string]string{"p.go": "p.go", "cards/tickets/view.html": "view.html", "cards/tickets/view.meta.json": "view.meta.json"})
	if err := os.MkdirAll(filepath.Join(tmp, "cards", "tickets"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"view.html", "view.meta.json"} {
		if err := os.Rename(filepath.Join(tmp, name), filepath.Join(tmp, "cards", "tickets", name)); err != nil {
			t.Fatal(err)
		}
	}
	if code, _, errOut := runIn(t, tmp, "-ui", "cards"); code != 0 {
		t.Fatalf("cardgen -ui cards: exit %d\n%s", code, errOut)
	}
	want, err := os.ReadFile(filepath.Join(tmp, "cards_gen.go"))
	if err != nil || !strings.Contains(string(want), `register.SubFS(uiFiles, "cards")`) || !strings.Contains(string(want), "//go:embed cards/tickets/view.html ") {
		t.Fatalf("cardgen -ui cards: %v; cards_gen.go:\n%s", err, want)
	}
	for _, ui := range []string{"./cards", "cards/", "cards//", "x/../cards"} {
		os.Remove(filepath.Join(tmp, "cards_gen.go"))
		code, _, errOut := runIn(t, tmp, "-ui", ui)
		got, _ := os.ReadFile(filepath.Join(tmp, "cards_gen.go"))
		if code != 0 || string(got) != string(want) {
			t.Errorf("cardgen -ui %s: exit %d\n%s\nwant exit 0 and the cards_gen.go of -ui cards; got:\n%s", ui, code, errOut, got)
		}
	}
	if code, _, errOut := runIn(t, tmp, "check", "-ui", "./cards"); code != 0 {
		t.Errorf("cardgen check -ui ./cards: exit %d\n%s", code, errOut)
	}

	before, _ := os.ReadFile(filepath.Join(tmp, "cards_gen.go"))
	abs := filepath.Join(tmp, "cards")
	for _, tt := range []struct{ ui, want string }{
		{"../x/cards", `invalid value "../x/cards" for flag -ui: a folder outside the package directory; -ui names a folder relative to each package directory, such as cards (go:embed embeds only files inside the package directory)`},
		{"..", `invalid value ".." for flag -ui: a folder outside`},
		{"cards/../..", `invalid value "cards/../.." for flag -ui: a folder outside`},
		{abs, `invalid value "` + abs + `" for flag -ui: an absolute path; -ui names a folder relative to each package directory`},
		{"", `invalid value "" for flag -ui: empty; -ui names a folder relative to each package directory, such as cards (go:embed embeds only files inside the package directory), or "." for the package directory itself`},
		{"my cards", `invalid value "my cards" for flag -ui: the character " " cannot be in a //go:embed pattern`},
		{"card*", `invalid value "card*" for flag -ui: the character "*" cannot be in a //go:embed pattern`},
	} {
		for _, args := range [][]string{{"-ui", tt.ui}, {"check", "-ui", tt.ui}} {
			code, out, errOut := runIn(t, tmp, args...)
			if code != 2 || out != "" || !strings.HasPrefix(errOut, tt.want) {
				t.Errorf("cardgen %q: exit %d, stdout %q, stderr:\n%s\nwant exit 2 and %q", args, code, out, errOut, tt.want)
			}
		}
	}
	if after, _ := os.ReadFile(filepath.Join(tmp, "cards_gen.go")); string(after) != string(before) {
		t.Error("a refused -ui changed cards_gen.go")
	}
}

// TestUIFolderPerPackage: without -ui, each package takes the ui folder of its own
// //go:generate line for cardgen (else cards), so cardgen and cardgen check over ./... agree with
// go generate for a module whose packages keep their views in different folders; -ui given on
// the command line applies to all of them.
func TestUIFolderPerPackage(t *testing.T) {
	src, err := os.ReadFile("../../testdata/golden/ui_views/p.go")
	if err != nil {
		t.Fatal(err)
	}
	view, err := os.ReadFile("../../testdata/golden/ui_views/cards/tickets/view.html")
	if err != nil {
		t.Fatal(err)
	}
	pkg := func(name, line string) string {
		return strings.Replace(string(src), "package p\n", "package "+name+"\n\n"+line+"\n", 1)
	}
	parent := newPackage(t, "_uiperpkg", map[string]string{
		"a/p.go":                    pkg("a", "//go:generate go tool cardgen -ui views"),
		"a/views/tickets/view.html": string(view),
		"b/p.go":                    pkg("b", "//go:generate go tool cardgen"),
		"b/cards/tickets/view.html": string(view),
	})
	if code, _, errOut := runIn(t, parent, "./..."); code != 0 {
		t.Fatalf("cardgen ./...: exit %d\n%s", code, errOut)
	}
	for name, embed := range map[string]string{"a": "//go:embed views/tickets/view.html", "b": "//go:embed cards/tickets/view.html"} {
		got, err := os.ReadFile(filepath.Join(parent, name, "cards_gen.go"))
		if err != nil || !strings.Contains(string(got), embed) {
			t.Errorf("package %s: %v; want its cards_gen.go to embed from its own folder (%s)", name, err, embed)
		}
	}
	if code, out, errOut := runIn(t, parent, "check", "./..."); code != 0 {
		t.Errorf("cardgen check ./...: exit %d\n%s%s", code, out, errOut)
	}
	code, _, errOut := runIn(t, parent, "check", "-ui", "views", "./...")
	want := `b/p.go:19:11: ui path "tickets/view.html": there is no such file in the ui folder views/ (given with -ui); create it or fix the path`
	if code != 1 || !strings.HasPrefix(errOut, want) {
		t.Errorf("cardgen check -ui views ./...: exit %d, stderr:\n%s\nwant exit 1 and %s…", code, errOut, want)
	}
}

func TestCleanUIDir(t *testing.T) {
	for in, want := range map[string]string{"cards": "cards", "./cards": "cards", "cards/": "cards", "a//b/./c/": "a/b/c", ".": ".", "./": ".", "ui/../cards": "cards", "_ui.v2~x": "_ui.v2~x"} {
		if got, err := gen.CleanUIDir(in); got != want || err != nil {
			t.Errorf("CleanUIDir(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

// TestCommandHint: a bare word that does not load is most likely a mistyped command, a command
// after a flag, or a directory without "./"; cardgen says which after the go command's error.
func TestCommandHint(t *testing.T) {
	dir := newPackage(t, "_hint", map[string]string{"views/x.go": "package views\n"})
	tests := []struct {
		args []string
		want string // the last line of stderr
	}{
		{[]string{"chek"}, `cardgen: "chek" is not a cardgen command or a package; did you mean cardgen check?`},
		{[]string{"verison"}, `cardgen: "verison" is not a cardgen command or a package; did you mean cardgen version?`},
		{[]string{"-v", "new"}, `cardgen: "new" was taken for a package because a flag comes before it; write the command first: cardgen new [flags]`},
		{[]string{"views"}, `cardgen: "views" is read as an import path, not as the directory views; write ./views`},
		{[]string{"bogus"}, `cardgen: "bogus" is not a cardgen command (check, new, help, version) or a package; name a package by its directory (./dir) or a pattern (./...)`},
		// Followed by packages, as the command would be.
		{[]string{"chek", "./..."}, `cardgen: "chek" is not a cardgen command or a package; did you mean cardgen check?`},
		{[]string{"chek", "./views", "-ui", "cards"}, `cardgen: "chek" is not a cardgen command or a package; did you mean cardgen check?`},
		{[]string{"nwe", "get_weather"}, `cardgen: "nwe" is not a cardgen command or a package; did you mean cardgen new?`},
		{[]string{"-v", "check", "./..."}, `cardgen: "check" was taken for a package because a flag comes before it; write the command first: cardgen check [flags]`},
	}
	for _, tt := range tests {
		code, _, errOut := runIn(t, dir, tt.args...)
		lines := strings.Split(strings.TrimSpace(errOut), "\n")
		if code != 1 || len(lines) < 2 || lines[len(lines)-1] != tt.want {
			t.Errorf("cardgen %q: exit %d, stderr:\n%s\nwant exit 1, the go command's error and then:\n%s", tt.args, code, errOut, tt.want)
		}
	}
	// Before other arguments, a word that is a package, a pattern or a directory gets no hint,
	// however close to a command: the argument that did not load is another (net is one edit
	// from new).
	for _, args := range [][]string{{"net", "nosuch"}, {"views", "nosuch"}, {"bogus", "./..."}} {
		// Each hint starts with the word it is about, quoted; the go command's own words, which
		// start with cardgen: too, do not.
		if _, _, errOut := runIn(t, dir, args...); strings.Contains(errOut, `cardgen: "`) {
			t.Errorf("cardgen %q got a hint:\n%s", args, errOut)
		}
	}
	// all is the go command's pattern of every package (too slow to load here).
	if commandWordOnly("all") {
		t.Error(`commandWordOnly("all") = true; want false: all is a pattern`)
	}
	// A package that loads gets no hint, whatever its problems.
	if code, _, errOut := runIn(t, dir, "./views"); code != 0 || errOut != "" {
		t.Errorf("cardgen ./views: exit %d, stderr %q", code, errOut)
	}
	bad, _ := filepath.Abs("../../testdata/golden/bad_card_unknown_field")
	if _, _, errOut := runIn(t, filepath.Dir(bad), "./"+filepath.Base(bad)); strings.Contains(errOut, "command") {
		t.Errorf("a package with diagnostics got a command hint:\n%s", errOut)
	}
}

// TestCommandHintModulePackage: in a module named with one word, that word is the module's root
// package, not a mistyped command, when it comes before another argument that does not load.
func TestCommandHintModulePackage(t *testing.T) {
	dir := ownModule(t, "chek", map[string]string{"p.go": "// Package chek has no tools.\npackage chek\n"})
	code, _, errOut := runIn(t, dir, "chek", "nosuch")
	if code != 1 || !strings.Contains(errOut, "nosuch") || strings.Contains(errOut, "did you mean") {
		t.Errorf("cardgen chek nosuch in module chek: exit %d, stderr:\n%s\nwant exit 1, the go command's error about nosuch and no hint", code, errOut)
	}
}

// TestArgsAfterPackages: flags may follow the packages, as with cardgen new; the go command
// would take "-json" for an import path ("malformed import path").
func TestArgsAfterPackages(t *testing.T) {
	bad, _ := filepath.Abs("../../testdata/golden/bad_card_unknown_field")
	code, out, errOut := runIn(t, filepath.Dir(bad), "check", "./"+filepath.Base(bad), "-json")
	if code != 1 || !strings.HasPrefix(out, "{") || strings.Contains(errOut, "malformed") {
		t.Errorf("cardgen check ./pkg -json: exit %d, stdout:\n%s\nstderr:\n%s\nwant exit 1 and the JSON report", code, out, errOut)
	}
	shop, _ := filepath.Abs("../../examples/shop")
	code, _, errOut = runIn(t, shop, ".", "-v")
	if code != 0 || !strings.Contains(errOut, "every generated file was up to date") {
		t.Errorf("cardgen . -v: exit %d\n%s", code, errOut)
	}
}

// TestExtraArguments: commands that take no arguments, or one, refuse more rather than ignore
// them.
func TestExtraArguments(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"version", "extra"}, "cardgen version: takes no arguments, got [\"extra\"]\nusage: cardgen version\n"},
		{[]string{"version", "-json"}, "flag provided but not defined: -json\n"},
		{[]string{"help", "tool", "extra"}, "cardgen help: want at most one directive name (or templates, tags, kinds), got 2 [\"tool\" \"extra\"]\nusage: cardgen help [directive | templates | tags | kinds]\n"},
	}
	for _, tt := range tests {
		code, out, errOut := runIn(t, ".", tt.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, tt.want) {
			t.Errorf("cardgen %q: exit %d, stdout %q, stderr:\n%s\nwant exit 2 and:\n%s", tt.args, code, out, errOut, tt.want)
		}
	}
}

// TestReadOnlyPackage: when a package directory cannot be written, cardgen names the file it
// was about to write and what to do (not the temporary file it writes through), and writes
// nothing — not even the packages before it.
func TestReadOnlyPackage(t *testing.T) {
	if rerunForReadOnly(t) {
		return
	}
	parent := newPackage(t, "_readonly", map[string]string{"a/a.go": "package a\n", "b/b.go": "package b\n"})
	for _, name := range []string{"a", "b"} {
		src, err := os.ReadFile("../../testdata/golden/value_output/p.go")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(parent, name, "p.go"), []byte(strings.Replace(string(src), "package p", "package "+name, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	why := makeReadOnly(t, filepath.Join(parent, "b"))
	code, _, errOut := runIn(t, parent, "./...")
	want := "cardgen: cannot write " + filepath.Join("b", "cards_gen.go") + ": " + why + "; make its directory writable and run cardgen again (nothing was written)\n"
	if code != 1 || errOut != want {
		t.Errorf("cardgen ./... with b read-only: exit %d, stderr %q; want exit 1 and %q", code, errOut, want)
	}
	if _, err := os.Stat(filepath.Join(parent, "a", "cards_gen.go")); err == nil {
		t.Error("the writable package a was written although b could not be")
	}
}

// chmodReadOnly takes the write permission off dir until the test ends, and returns the error
// text of a write into it.
func chmodReadOnly(t *testing.T, dir string) string {
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
	return "permission denied"
}

// TestFlagHint: a go build flag given to cardgen (-tags, as to go vet) is refused, as any unknown
// flag is, and the last line says to set it in GOFLAGS, which the go command that loads the
// packages reads (keeping what GOFLAGS already holds); a flag of another cardgen command names
// that command. Other unknown flags get the flag package's error and the usage alone.
func TestFlagHint(t *testing.T) {
	tests := []struct {
		goflags string
		args    []string
		want    string // the last line of stderr; "" for none beyond the usage
	}{
		{"", []string{"-tags", "integration", "./..."}, "cardgen: -tags is a flag of the go command, which cardgen runs to load the packages; set it in GOFLAGS instead: GOFLAGS=-tags=integration cardgen [packages]"},
		{"", []string{"check", "./...", "--mod=vendor"}, "cardgen: -mod is a flag of the go command, which cardgen runs to load the packages; set it in GOFLAGS instead: GOFLAGS=-mod=vendor cardgen check [packages]"},
		{"-buildvcs=false", []string{"-race", "./..."}, `cardgen: -race is a flag of the go command, which cardgen runs to load the packages; set it in GOFLAGS instead: GOFLAGS="$GOFLAGS -race" cardgen [packages]`},
		{"", []string{"new", "get_x", "-tags=a,b"}, "cardgen: -tags is a flag of the go command, which cardgen runs to load the packages; set it in GOFLAGS instead: GOFLAGS=-tags=a,b cardgen new <tool_name>"},
		// GOFLAGS cannot carry -modfile or -overlay to cardgen's load: the hint says what can.
		{"", []string{"-modfile=alt.mod", "."}, "cardgen: -modfile is a flag of the go command, and cardgen cannot load packages with an alternate go.mod (go/packages fails with -modfile: golang/go#48482); " +
			"leave it out, and cardgen uses the module's go.mod: if alt.mod names cardgen as a tool, give it to the go command that runs cardgen instead (go tool -modfile=alt.mod cardgen [packages]); " +
			"if the packages need its replace directives, put them in a go.work file that uses the module (GOWORK=$PWD/alt.work cardgen [packages])"},
		{"", []string{"check", "-overlay", "o.json"}, "cardgen: -overlay is a flag of the go command, and cardgen cannot take one: it generates from the package files on disk, and loads them with an -overlay of its own, which replaces one in GOFLAGS; save the files, then run cardgen check"},
		{"", []string{"-json", "./..."}, "cardgen: -json is a flag of cardgen check, not of cardgen; did you mean cardgen check?"},
		{"", []string{"new", "get_x", "-json"}, "cardgen: -json is a flag of cardgen check, not of cardgen new; did you mean cardgen check?"},
		{"", []string{"check", "-dir", "x"}, "cardgen: -dir is a flag of cardgen new, not of cardgen check; did you mean cardgen new?"},
		{"", []string{"check", "-v"}, "cardgen: -v is a flag of generation (cardgen -v [packages]), not of cardgen check; leave it out"},
		{"", []string{"-verbose"}, ""},
	}
	for _, tt := range tests {
		t.Setenv("GOFLAGS", tt.goflags)
		code, out, errOut := runIn(t, ".", tt.args...)
		lines := strings.Split(strings.TrimSpace(errOut), "\n")
		last := lines[len(lines)-1]
		if tt.want == "" && strings.HasPrefix(last, "cardgen: ") {
			t.Errorf("cardgen %q: a hint %q; want the usage alone", tt.args, last)
		}
		if code != 2 || out != "" || !strings.HasPrefix(errOut, "flag provided but not defined: ") || tt.want != "" && last != tt.want {
			t.Errorf("cardgen %q: exit %d, stdout %q, stderr:\n%s\nwant exit 2, the flag package's error, the usage and:\n%s", tt.args, code, out, errOut, tt.want)
		}
	}
}

// TestGOFLAGSModfile: with -modfile in GOFLAGS, every command that loads packages failed with the
// go command's "go list .: build flag -modfile only valid when using modules" (go/packages runs
// the go command outside module mode once: golang/go#48482). Each now says in one line, before
// loading anything, that cardgen cannot use it and what to do, with the rest of GOFLAGS kept.
func TestGOFLAGSModfile(t *testing.T) {
	const advice = "cardgen cannot load packages with an alternate go.mod (go/packages fails with -modfile: golang/go#48482); " +
		"leave it out of GOFLAGS (%s), and cardgen uses the module's go.mod: if tools.mod names cardgen as a tool, give it to the go command that runs cardgen instead (go tool -modfile=tools.mod %s); " +
		"if the packages need its replace directives, put them in a go.work file that uses the module (GOWORK=$PWD/alt.work %s)\n"
	for _, tt := range []struct {
		goflags string
		args    []string
		want    string
	}{
		{"-modfile=tools.mod", nil, "cardgen: GOFLAGS holds -modfile=tools.mod, and " + fmt.Sprintf(advice, "GOFLAGS= cardgen [packages]", "cardgen [packages]", "cardgen [packages]")},
		{"-tags=x --modfile=tools.mod -mod=mod", []string{"check", "."}, "cardgen check: GOFLAGS holds -modfile=tools.mod, and " + fmt.Sprintf(advice, `GOFLAGS="-tags=x -mod=mod" cardgen check [packages]`, "cardgen check [packages]", "cardgen check [packages]")},
		{"-mod=mod -modfile=tools.mod", []string{"new", "get_x"}, "cardgen new: GOFLAGS holds -modfile=tools.mod, and " + fmt.Sprintf(advice, "GOFLAGS=-mod=mod cardgen new <tool_name>", "cardgen new <tool_name>", "cardgen new <tool_name>")},
	} {
		t.Setenv("GOFLAGS", tt.goflags)
		dir := t.TempDir() // a module and its alternate go.mod; cardgen new writes nothing: it stops first
		for _, name := range []string{"go.mod", "tools.mod"} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte("module example.com/m\n\ngo 1.26.0\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		code, out, errOut := runIn(t, dir, tt.args...)
		if code != 1 || out != "" || errOut != tt.want {
			t.Errorf("GOFLAGS=%q cardgen %q: exit %d, stdout %q, stderr:\n%s\nwant exit 1 and:\n%s", tt.goflags, tt.args, code, out, errOut, tt.want)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 2 {
			t.Errorf("GOFLAGS=%q cardgen %q wrote into its directory: %v", tt.goflags, tt.args, entries)
		}
	}
	// check -json says it in its report too.
	t.Setenv("GOFLAGS", "-modfile=tools.mod")
	code, out, _ := runIn(t, t.TempDir(), "check", "-json")
	if code != 1 || !strings.Contains(out, `"message": "GOFLAGS holds -modfile=tools.mod, and cardgen cannot load packages`) {
		t.Errorf("cardgen check -json: exit %d, stdout:\n%s\nwant exit 1 and the line as a diagnostic", code, out)
	}
	// A -modfile without a file is the go command's to report (GOFLAGS takes -flag=value).
	t.Setenv("GOFLAGS", "-modfile")
	if msg := goflagsModfile("cardgen"); msg != "" {
		t.Errorf("goflagsModfile with GOFLAGS=-modfile: %q; want none", msg)
	}
}

// TestEveryFlagHinted: each flag of each command that takes flags, given to another command
// that lacks it, gets the hint that names a command it belongs to (the first, when several
// share it).
func TestEveryFlagHinted(t *testing.T) {
	for _, owner := range commandFlags {
		owner.flags().VisitAll(func(f *flag.Flag) {
			for _, c := range commandFlags {
				if c.flags().Lookup(f.Name) != nil {
					continue
				}
				err := fmt.Errorf("flag provided but not defined: -%s", f.Name)
				hint := flagHint(c.command, []string{"-" + f.Name}, err)
				named := slices.ContainsFunc(commandFlags, func(o commandFlagSet) bool {
					if o.flags().Lookup(f.Name) == nil {
						return false
					}
					if o.command == "" {
						return strings.Contains(hint, "-"+f.Name+" is a flag of generation")
					}
					return strings.Contains(hint, "-"+f.Name+" is a flag of "+commandName(o.command))
				})
				if !named {
					t.Errorf("%s -%s: hint %q; want it to name a command that has the flag, such as %s", commandName(c.command), f.Name, hint, commandName(owner.command))
				}
			}
		})
	}
}
