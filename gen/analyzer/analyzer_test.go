package analyzer_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/gen"
	"github.com/cardgen/cardgen/gen/analyzer"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// TestAnalyzer checks the diagnostics of the packages under testdata/src against their
// "// want" comments. A //card: line cannot also hold a want comment (the rest of the line is
// the directive's), so directive diagnostics are expected by a "// want +N" line above them in
// the doc comment.
func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), analyzer.Analyzer, "shapes", "clean", "stale", "handadd")
}

// TestSuggestedFixes applies every suggested fix to testdata/src/typos and compares the result
// with typos.go.golden.
func TestSuggestedFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), analyzer.Analyzer, "typos")
}

// TestFixMessages checks the titles editors show for the quick fixes, and the source range of
// each diagnostic with a fix: the word the fix replaces (from the "//" for a space after it; for a
// misspelt field, the template path up to it, as generation reports the path's position).
func TestFixMessages(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), analyzer.Analyzer, "typos")
	if len(results) != 1 {
		t.Fatalf("%d results; want 1", len(results))
	}
	fset := results[0].Pass.Fset
	var got []string
	for _, d := range results[0].Diagnostics {
		if len(d.SuggestedFixes) == 0 {
			continue // a diagnostic without a fix need not have a range
		}
		src, err := os.ReadFile(fset.Position(d.Pos).Filename)
		if err != nil {
			t.Fatal(err)
		}
		span := string(src[fset.Position(d.Pos).Offset:fset.Position(d.End).Offset])
		for _, f := range d.SuggestedFixes {
			got = append(got, fmt.Sprintf("%q: %s", span, f.Message))
		}
	}
	want := []string{
		`"titel": Replace titel with title`,
		`"readonyl": Replace readonyl with readonly`,
		`"reslut": Replace reslut with result`,
		`"subtitel": Replace subtitel with subtitle`,
		`"// ": Remove the space after //`,
		`"idempotnet": Replace idempotnet with idempotent`,
		`".Stauts": Replace Stauts with Status`,
		`".Owner.Nmae": Replace Nmae with Name`,
		`"minLenght": Replace minLenght with minLength`,
		`"omitemtpy": Replace omitemtpy with omitempty`,
		`"titel": Replace titel with title`,
		`"subtitel": Replace subtitel with subtitle`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("fixes:\n got %q\nwant %q", got, want)
	}
}

// TestSameAsGeneration runs the analyzer over every failing golden case of the generator
// (testdata/golden/bad_*) and requires exactly the diagnostics generation reports there, at the
// same file, line and column (ui sidecar files included), except for the errors of the go
// command: the type checker's errors, which under go vet the type checker reports itself (and
// vet stops there).
//
// Generation runs live rather than being read from want/stderr.txt so that the comparison holds
// while the generator changes; gen's TestGolden ties generation to stderr.txt.
func TestSameAsGeneration(t *testing.T) {
	cases, err := filepath.Glob(filepath.Join("..", "..", "testdata", "golden", "bad_*"))
	if err != nil || len(cases) == 0 {
		t.Fatalf("no golden bad_* cases: %v", err)
	}
	for _, dir := range cases {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			abs, diags := generationDiags(t, dir)
			pkgs, err := packages.Load(&packages.Config{Mode: loadMode, Dir: abs}, ".")
			if err != nil {
				t.Fatal(err)
			}
			if syntaxError(pkgs[0]) {
				// Generation reports a syntax error alone. go vet stops at one, in the package
				// or in one it imports, before any analyzer runs; a driver that runs the
				// analyzer despite it reports it itself, and the analyzer then says nothing of
				// its own (a broken import it cannot see: go/analysis gives it the import's
				// types, not its errors). The cases are named so that no other drops out.
				switch name := filepath.Base(dir); name {
				case "bad_syntax":
					graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.Analyzer}, pkgs, nil)
					if err != nil {
						t.Fatal(err)
					}
					if ds := graph.Roots[0].Diagnostics; len(ds) > 0 {
						t.Errorf("the analyzer reported %d diagnostics on a package with a syntax error, the first %q; want none", len(ds), ds[0].Message)
					}
				case "bad_syntax_import", "bad_empty_file":
				default:
					t.Errorf("%s has a syntax error; it is not compared with the analyzer", name)
				}
				return
			}
			// Messages of the go command's errors (type errors, and the compile errors that
			// go list reports as one error beginning "# path").
			typeErrs := map[string]bool{}
			for _, e := range pkgs[0].Errors {
				typeErrs[e.Msg] = true
			}
			var want []string
			// A go/types error with notes is one diagnostic, the notes after it in parentheses.
			note := regexp.MustCompile(` \([^()]+: [^()]+:\d+:\d+\)$`)
			for _, d := range diags.Relative(abs) {
				if !typeErrs[d.Msg] && !typeErrs[note.ReplaceAllString(d.Msg, "")] {
					want = append(want, d.String())
				}
			}
			if len(want) == 0 {
				t.Fatal("generation reports only go command errors here; the case proves nothing")
			}

			graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.Analyzer}, pkgs, nil)
			if err != nil {
				t.Fatal(err)
			}
			act := graph.Roots[0]
			if act.Err != nil {
				t.Fatal(act.Err)
			}
			var got []string
			for _, d := range act.Diagnostics {
				p := act.Package.Fset.Position(d.Pos)
				got = append(got, fmt.Sprintf("%s:%d:%d: %s", relative(abs, p.Filename), p.Line, p.Column, d.Message))
			}
			// In generation's order too: by file name, line and column.
			if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
				t.Errorf("analyzer diagnostics differ from generation's:\n--- analyzer\n%s\n--- generation (without go command errors)\n%s", g, w)
			}
		})
	}
}

// syntaxError reports whether pkg or a package it imports has a syntax error.
func syntaxError(pkg *packages.Package) bool {
	found := false
	packages.Visit([]*packages.Package{pkg}, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			found = found || e.Kind == packages.ParseError
		}
	})
	return found
}

// loadMode is the generator's load mode plus the type sizes the checker driver requires.
const loadMode = gen.LoadMode | packages.NeedTypesSizes

func relative(dir, file string) string {
	if rel, ok := strings.CutPrefix(file, dir+string(filepath.Separator)); ok {
		return filepath.ToSlash(rel)
	}
	return file
}

// Example runs the analyzer over a package with a misspelt key and flag, as golangci-lint or
// a custom driver would, and prints each diagnostic with its fix.
func Example() {
	dir, _ := filepath.Abs(filepath.Join("..", "..", "testdata", "golden", "bad_unknown_key"))
	pkgs, err := packages.Load(&packages.Config{Mode: loadMode, Dir: dir}, ".")
	if err != nil {
		fmt.Println(err)
		return
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.Analyzer}, pkgs, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, act := range graph.Roots {
		for _, d := range act.Diagnostics {
			p := act.Package.Fset.Position(d.Pos)
			fmt.Printf("%s:%d:%d: %s\n", filepath.Base(p.Filename), p.Line, p.Column, d.Message)
			for _, f := range d.SuggestedFixes {
				fmt.Printf("\tfix: %s\n", f.Message)
			}
		}
	}
	// Output:
	// p.go:7:13: unknown key titel for //card:tool; did you mean title?
	// 	fix: Replace titel with title
	// p.go:7:23: unknown flag readonyl for //card:tool; did you mean readonly? (quote the word to use it as NAME)
	// 	fix: Replace readonyl with readonly
}

// TestGoFilesOnly runs the analyzer with -go-files-only over the golden case whose ui sidecars
// are wrong: no diagnostic is left in a file that is not Go source, and each of generation's
// sidecar problems comes at the //card:ui path that names its view, with the sidecar's position
// in the message.
func TestGoFilesOnly(t *testing.T) {
	if err := analyzer.Analyzer.Flags.Set("go-files-only", "true"); err != nil {
		t.Fatal(err)
	}
	defer analyzer.Analyzer.Flags.Set("go-files-only", "false")
	abs, diags := generationDiags(t, filepath.Join("..", "..", "testdata", "golden", "bad_ui_sidecar"))
	src, err := os.ReadFile(filepath.Join(abs, "p.go"))
	if err != nil {
		t.Fatal(err)
	}
	// Where each view's //card:ui path is in p.go.
	at := map[string]string{}
	for i, line := range strings.Split(string(src), "\n") {
		if view, ok := strings.CutPrefix(line, "//card:ui "); ok {
			at[strings.TrimSuffix(view, ".html")] = fmt.Sprintf("p.go:%d:%d: ", i+1, len("//card:ui ")+1)
		}
	}
	var want []string
	for _, d := range diags.Relative(abs) {
		view, ok := strings.CutSuffix(strings.TrimPrefix(d.Pos.Filename, "cards/"), ".meta.json")
		if !ok || at[view] == "" {
			t.Fatalf("generation's diagnostic %s is not about a sidecar of this case", d)
		}
		want = append(want, at[view]+d.String())
	}

	got := analyzeDir(t, abs)
	if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w || len(want) != 3 {
		t.Errorf("with -go-files-only:\n--- analyzer\n%s\n--- want (generation's three sidecar problems at the //card:ui paths)\n%s", g, w)
	}
}

// generationDiags runs generation on the failing case in dir and returns the case's absolute
// path and the diagnostics generation reports.
func generationDiags(t *testing.T, dir string) (string, gen.Diagnostics) {
	t.Helper()
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = gen.Generate(gen.Options{Dir: abs}, ".")
	var diags gen.Diagnostics
	if !errors.As(err, &diags) {
		t.Fatalf("generation: want diagnostics, got %v", err)
	}
	return abs, diags
}

// TestUIFlag: -ui is cleaned and checked as cardgen's -ui is, so that a value generation refuses
// (outside the package, absolute, a character go:embed cannot take) is refused by the analyzer
// too, rather than checking views generation would never read, and "./views/" is "views".
func TestUIFlag(t *testing.T) {
	flag := analyzer.Analyzer.Flags.Lookup("ui")
	defer flag.Value.Set(flag.Value.String())
	for _, bad := range []string{"", "..", "../views", "views/../..", "/views", "a b", "views*"} {
		if err := flag.Value.Set(bad); err == nil {
			t.Errorf("-ui=%q accepted as %q; want it refused, as cardgen refuses it", bad, flag.Value.String())
		}
	}
	for in, want := range map[string]string{"./views/": "views", "views//v1/": "views/v1", ".": ".", "a/../b": "b"} {
		if err := flag.Value.Set(in); err != nil || flag.Value.String() != want {
			t.Errorf("-ui=%q: %q, %v; want %q", in, flag.Value.String(), err, want)
		}
	}
}

// TestAllFilesLeftOut: a package whose every file the build leaves out (here, all _plan9.go) has
// no Go files for the driver, yet generation checks it and says its tools would be missing; the
// analyzer says the same, at the same place, instead of nothing.
func TestAllFilesLeftOut(t *testing.T) {
	if runtime.GOOS == "plan9" {
		t.Skip("the file is built on plan9")
	}
	dir := t.TempDir()
	src := "package w\n\nimport \"context\"\n\ntype In struct{ X int `json:\"x\"` }\ntype Out struct{ Y int `json:\"y\"` }\n\n" +
		"//card:tool plan9_only\nfunc Do(ctx context.Context, in In) (*Out, error) { return nil, nil }\n"
	for name, data := range map[string]string{"go.mod": "module example.com/w\n\ngo 1.26\n", "w_plan9.go": src} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	abs, diags := generationDiags(t, dir)
	var want []string
	for _, d := range diags.Relative(abs) {
		if strings.HasSuffix(d.Pos.Filename, ".go") {
			want = append(want, d.String())
		}
	}
	if len(want) == 0 {
		t.Fatalf("generation reports nothing in w_plan9.go (%v); the case proves nothing", diags)
	}
	got := analyzeDir(t, abs)
	if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
		t.Errorf("analyzer:\n%s\nwant (generation):\n%s", g, w)
	}
}

// analyzeDir runs the analyzer on the package in dir and returns its diagnostics as
// file:line:col: message, the file relative to dir.
func analyzeDir(t *testing.T, dir string) []string {
	t.Helper()
	pkgs, err := packages.Load(&packages.Config{Mode: loadMode, Dir: dir}, ".")
	if err != nil {
		t.Fatal(err)
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range graph.Roots[0].Diagnostics {
		p := graph.Roots[0].Package.Fset.Position(d.Pos)
		got = append(got, fmt.Sprintf("%s:%d:%d: %s", relative(dir, p.Filename), p.Line, p.Column, d.Message))
	}
	return got
}

// TestStaleImport: a generated file whose only type error is an import that does not resolve (a
// module go.mod does not require yet) is not called stale, as generating again writes the same
// import; one that refers to a handler since renamed is.
func TestStaleImport(t *testing.T) {
	handler := "package p\n\nimport \"context\"\n\ntype In struct{ X int `json:\"x\"` }\ntype Out struct{ Y int `json:\"y\"` }\n\n" +
		"//card:tool do_it\nfunc Do(ctx context.Context, in In) (*Out, error) { return nil, nil }\n"
	for body, stale := range map[string]bool{
		"import \"example.com/nosuch/runtime\"\n\nvar _ = runtime.X\n": false,
		"var _ = Renamed\n": true,
	} {
		dir := t.TempDir()
		for name, data := range map[string]string{
			"go.mod":       "module example.com/p\n\ngo 1.26\n",
			"p.go":         handler,
			"cards_gen.go": "// Code generated by cardgen. DO NOT EDIT.\n\npackage p\n\n" + body,
		} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		got := analyzeDir(t, dir)
		said := slices.ContainsFunc(got, func(d string) bool { return strings.Contains(d, "it is stale") })
		if said != stale {
			t.Errorf("cards_gen.go with %q: diagnostics %q; want stale said: %v", body, got, stale)
		}
	}
}

// TestTestVariant checks a package whose tests declare a method of a type of the package: in
// the package's test variant, which go vet and golangci-lint analyse instead of the package,
// the analyzer reports what generation reports, which does not see the tests' methods.
func TestTestVariant(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), analyzer.Analyzer, "testmethods")
	variants := 0
	for _, r := range results {
		if strings.HasSuffix(r.Action.Package.ID, ".test]") && len(r.Pass.Files) > 1 {
			variants++
		}
	}
	if variants != 1 {
		t.Errorf("%d test variants analysed; want 1", variants)
	}
}

// TestOtherPackageFixes: a jsonschema tag of a type another package declares is reported with
// the package whose tool uses the type, at the tag, without a suggested fix (go/analysis forbids
// one that edits another package's files), and the analyzer's Result carries the fix, which
// mends the tag; a tag whose literal escapes the words, and a generated file, get none. The
// package's own tag keeps its suggested fix.
func TestOtherPackageFixes(t *testing.T) {
	dir := t.TempDir()
	model := "package model\n\ntype Address struct {\n\tLine1 string `json:\"line1\" jsonschema:\"street and number\"`\n" +
		"\tCity  string \"json:\\\"city\\\" jsonschema:\\\"the \\\\u0063ity\\\"\"\n}\n"
	files := map[string]string{
		"go.mod":          "module example.com/m3\n\ngo 1.26\n",
		"model/model.go":  model,
		"model/zz_gen.go": "// Code generated by hand. DO NOT EDIT.\n\npackage model\n\ntype Country struct {\n\tName string `json:\"name\" jsonschema:\"the country name\"`\n}\n",
		"p.go": "package m3\n\nimport (\n\t\"context\"\n\n\t\"example.com/m3/model\"\n)\n\n" +
			"type In struct {\n\tAddr    model.Address `json:\"addr\"`\n\tCountry model.Country `json:\"country\"`\n\tNote    string `json:\"note\" jsonschema:\"a note\"`\n}\n\n" +
			"type Out struct {\n\tOK bool `json:\"ok\"`\n}\n\n// Check checks an address.\n//\n//card:tool\nfunc Check(ctx context.Context, in In) (*Out, error) { return nil, nil }\n",
	}
	for name, data := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pkgs, err := packages.Load(&packages.Config{Mode: loadMode, Dir: dir}, ".")
	if err != nil {
		t.Fatal(err)
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	act := graph.Roots[0]
	if act.Err != nil {
		t.Fatal(act.Err)
	}
	fset := act.Package.Fset
	var got []string
	for _, d := range act.Diagnostics {
		p := fset.Position(d.Pos)
		got = append(got, fmt.Sprintf("%s:%d:%d: fixes %d", relative(dir, p.Filename), p.Line, p.Column, len(d.SuggestedFixes)))
	}
	want := []string{
		"model/model.go:4:41: fixes 0",
		"model/model.go:5:43: fixes 0",
		"model/zz_gen.go:6:39: fixes 0",
		"p.go:12:42: fixes 1",
	}
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics:\n got %q\nwant %q", got, want)
	}
	res, ok := act.Result.(*analyzer.Result)
	if !ok {
		t.Fatalf("result %T; want *analyzer.Result", act.Result)
	}
	if len(res.OtherPackages) != 1 {
		t.Fatalf("%d fixes in other packages; want 1 (model.go:4, not the escaped tag or the generated file)", len(res.OtherPackages))
	}
	o := res.OtherPackages[0]
	if o.Package != "example.com/m3/model" || o.Diagnostic.Pos != act.Diagnostics[0].Pos || o.Fix.Message != "Replace street and number with description=street and number" {
		t.Errorf("fix %+v", o)
	}
	src := []byte(model)
	tf := fset.File(o.Fix.TextEdits[0].Pos)
	for _, e := range slices.Backward(o.Fix.TextEdits) {
		src = slices.Concat(src[:tf.Offset(e.Pos)], e.NewText, src[tf.Offset(e.End):])
	}
	if fixed := strings.Replace(model, `jsonschema:"street and number"`, `jsonschema:"description=street and number"`, 1); string(src) != fixed {
		t.Errorf("the fix makes model.go\n%s\nwant\n%s", src, fixed)
	}
}
