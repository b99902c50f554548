package main_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// moduleRoot is where go vet runs, so that it prints positions relative to the module.
const moduleRoot = "../.."

// buildCardvet builds the command into a temporary directory once per test binary.
func buildCardvet(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds cardvet and runs go vet")
	}
	bin := filepath.Join(t.TempDir(), "cardvet")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// run runs name with args in the module root and returns its output lines without go vet's
// "# package" headers, and its exit code.
func run(t testing.TB, name string, args ...string) ([]string, int) {
	t.Helper()
	out, code := output(t, name, args...)
	var lines []string
	for l := range strings.Lines(out) {
		if l = strings.TrimRight(l, "\n"); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	return lines, code
}

// output runs name with args in the module root and returns its output, standard output and
// standard error together, and its exit code.
func output(t testing.TB, name string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = moduleRoot
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	code := 0
	if ee, ok := errors.AsType[*exec.ExitError](err); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), code
}

// TestGoVet runs cardvet as go vet's tool: the diagnostics of generation, at module-relative
// positions, a failing exit status when there are any, and silence on the example shop.
func TestGoVet(t *testing.T) {
	bin := buildCardvet(t)
	tests := []struct {
		pkg   string
		flags []string // cardvet's flags, which go vet passes on
		want  []string
	}{
		{"./testdata/golden/bad_card_unknown_field", nil, []string{
			"testdata/golden/bad_card_unknown_field/p.go:30:24: {{.Title}}: Empty has no fields; add field Title to it, or take {{.Title}} out",
			"testdata/golden/bad_card_unknown_field/p.go:8:30: {{.Stauts}}: Order has no field Stauts; did you mean .Status?",
			"testdata/golden/bad_card_unknown_field/p.go:8:53: {{.Owner.Nmae}}: Person has no field Nmae; did you mean .Owner.Name?",
		}},
		{"./testdata/golden/bad_unknown_key", nil, []string{
			"testdata/golden/bad_unknown_key/p.go:7:13: unknown key titel for //card:tool; did you mean title?",
			"testdata/golden/bad_unknown_key/p.go:7:23: unknown flag readonyl for //card:tool; did you mean readonly? (quote the word to use it as NAME)",
		}},
		// Diagnostics in ui sidecars, which are not Go files, keep their file, line and column.
		{"./testdata/golden/bad_ui_sidecar", nil, []string{
			"testdata/golden/bad_ui_sidecar/cards/a.meta.json:2:3: unknown key \"prefersBordr\" (did you mean \"prefersBorder\"?); known keys are csp, permissions, domain, prefersBorder",
			"testdata/golden/bad_ui_sidecar/cards/a.meta.json:3:30: csp.connectDomains[0] \"http://api.example.com\" is not an https origin; write it as https://host[:port], e.g. https://api.example.com",
			"testdata/golden/bad_ui_sidecar/cards/b.meta.json:1:22: invalid JSON: invalid character '}' in literal true (expecting 'e'); fix the syntax",
		}},
		// -ui is passed through go vet to cardvet, as cardgen's -ui.
		{"./testdata/golden/bad_ui_sidecar", []string{"-ui=views"}, []string{
			`testdata/golden/bad_ui_sidecar/p.go:16:11: ui path "a.html": there is no such file in the ui folder views/ (given with -ui); create it or fix the path (a ui path must be a relative path to an .html file in the ui folder, e.g. "orders/card.html")`,
			`testdata/golden/bad_ui_sidecar/p.go:22:11: ui path "b.html": there is no such file in the ui folder views/ (given with -ui); create it or fix the path (a ui path must be a relative path to an .html file in the ui folder, e.g. "orders/card.html")`,
		}},
		{"./examples/shop", nil, nil},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.pkg)+strings.Join(tt.flags, ""), func(t *testing.T) {
			args := append(append([]string{"vet", "-vettool=" + bin}, tt.flags...), tt.pkg)
			got, code := run(t, "go", args...)
			slices.Sort(got)
			if !slices.Equal(got, tt.want) {
				t.Errorf("go vet -vettool=cardvet %s %v printed\n%s\nwant\n%s", tt.pkg, tt.flags, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			if wantFail := len(tt.want) > 0; (code != 0) != wantFail {
				t.Errorf("exit status %d; want failure %v", code, wantFail)
			}
		})
	}
}

// TestGoVetRefusedUI: a -ui cardgen refuses, given to go vet, is one diagnostic per package vetted,
// and again on a second run. Left to the flag package, it failed every run go vet makes, the
// standard library's included, each with the whole usage (12,601 lines for one package); and
// reported as the analyzer's error, go vet cached the run and a second one passed.
func TestGoVetRefusedUI(t *testing.T) {
	bin := buildCardvet(t)
	want := `testdata/golden/func_handler/p.go:1:1: invalid value "/abs/views" for flag -ui: an absolute path; -ui names a folder relative to each package directory, such as cards (go:embed embeds only files inside the package directory); fix the -ui given to go vet`
	for run1 := range 2 {
		got, code := run(t, "go", "vet", "-vettool="+bin, "-ui=/abs/views", "./testdata/golden/func_handler")
		if len(got) != 1 || got[0] != want || code == 0 {
			t.Errorf("run %d: go vet -vettool=cardvet -ui=/abs/views printed %d lines (exit %d):\n%s\nwant exit 1 and\n%s", run1+1, len(got), code, strings.Join(got[:min(len(got), 5)], "\n"), want)
		}
	}
	// Each refused -ui is taken out: one left in fails every run as before.
	got, code := run(t, "go", "vet", "-vettool="+bin, "-ui", "/other", "-ui=/abs/views", "./testdata/golden/func_handler")
	wantFirst := strings.Replace(want, "/abs/views", "/other", 1) // the first refused, as the flag package reports
	if len(got) != 1 || got[0] != wantFirst || code == 0 {
		t.Errorf("two refused -ui: %d lines (exit %d):\n%s\nwant exit 1 and\n%s", len(got), code, strings.Join(got[:min(len(got), 5)], "\n"), wantFirst)
	}
	// Under -fix, go vet drops diagnostics without a fix: the run fails loudly instead, as the
	// flag package makes it, rather than pass as if fixes had been applied.
	got, code = run(t, "go", "vet", "-vettool="+bin, "-fix", "-ui=/abs/views", "./testdata/golden/func_handler")
	if code == 0 || !slices.ContainsFunc(got, func(l string) bool { return strings.Contains(l, `invalid value "/abs/views" for flag -ui`) }) {
		t.Errorf("-fix with a refused -ui: exit %d, output:\n%s\nwant a failure naming the -ui", code, strings.Join(got[:min(len(got), 5)], "\n"))
	}
}

// TestGoVetFixDiff checks that go vet -fix -diff shows cardvet's suggested fixes and leaves
// the file alone.
func TestGoVetFixDiff(t *testing.T) {
	bin := buildCardvet(t)
	file := filepath.Join(moduleRoot, "testdata", "golden", "bad_unknown_key", "p.go")
	before, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	got, code := run(t, "go", "vet", "-vettool="+bin, "-fix", "-diff", "./testdata/golden/bad_unknown_key")
	for _, want := range []string{`-//card:tool titel="x" readonyl`, `+//card:tool title="x" readonly`} {
		if !slices.Contains(got, want) {
			t.Errorf("go vet -fix -diff output lacks %q:\n%s", want, strings.Join(got, "\n"))
		}
	}
	if code == 0 {
		t.Error("exit status 0 with a non-empty diff")
	}
	if after, err := os.ReadFile(file); err != nil || !bytes.Equal(after, before) {
		t.Errorf("go vet -fix -diff changed %s (%v)", file, err)
	}
}

// TestStandaloneDiff runs cardvet on its own with -fix -diff: the suggested fixes are shown as
// a diff and the file is left alone.
func TestStandaloneDiff(t *testing.T) {
	bin := buildCardvet(t)
	file := filepath.Join(moduleRoot, "testdata", "golden", "bad_unknown_key", "p.go")
	before, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := run(t, bin, "-fix", "-diff", "./testdata/golden/bad_unknown_key")
	for _, want := range []string{`-//card:tool titel="x" readonyl`, `+//card:tool title="x" readonly`} {
		if !slices.Contains(got, want) {
			t.Errorf("cardvet -fix -diff output lacks %q:\n%s", want, strings.Join(got, "\n"))
		}
	}
	if after, err := os.ReadFile(file); err != nil || !bytes.Equal(after, before) {
		t.Errorf("cardvet -fix -diff changed %s (%v)", file, err)
	}
}

// TestStandaloneDiagnostics runs cardvet on its own with a package pattern.
func TestStandaloneDiagnostics(t *testing.T) {
	bin := buildCardvet(t)
	got, code := run(t, bin, "./testdata/golden/bad_unknown_directive")
	if len(got) != 1 || !strings.HasSuffix(got[0], "testdata/golden/bad_unknown_directive/p.go:8:8: unknown directive //card:reslut; did you mean //card:result?") {
		t.Errorf("cardvet printed %q; want the unknown directive at p.go:8:8", got)
	}
	if code == 0 {
		t.Error("exit status 0 with a diagnostic")
	}
}

// withTests is a package with _test.go files: an in-package test with an annotated helper, a
// test file that defines -update only on linux, and an external test package.
const withTests = "./cmd/cardvet/testdata/withtests"

// TestEachDiagnosticOnce runs cardvet on its own and as go vet's tool, with and without -json,
// on a package with tests, which cardvet's own loader analyses twice with -test (as p and as its
// test variant "p [p.test]"), once without (as p), and go vet once (as the test variant): each
// diagnostic of p.go is reported once, the -update one in a _test.go file too (generation reads
// _test.go files for that), and the annotated helpers in _test.go files are not reported, as
// generation does not read them. A method that p_test.go declares on p's output type is not taken for the field a
// template names, as generation does not see it either.
func TestEachDiagnosticOnce(t *testing.T) {
	bin := buildCardvet(t)
	// Prefixes of the diagnostics, relative to the package's folder, in sorted order; the rest
	// of the -update message is the generator's to word.
	want := []string{
		"p.go:10:13: unknown key titel for //card:tool; did you mean title?",
		"p.go:11:24: {{.Stauts}}: Out has no field Stauts; did you mean .Status?",
		"p.go:17:8: unknown directive //card:reslut; did you mean //card:result?",
		"x_linux_test.go:5:24: -update is defined in a test file built only on linux",
	}
	for _, mode := range []struct {
		name string
		args []string
		json bool
	}{
		{"standalone", []string{bin, withTests}, false},
		{"standalone-json", []string{bin, "-json", withTests}, true},
		// With -test, the driver loads the test variants again (and compiles the package).
		{"standalone-test", []string{bin, "-test", withTests}, false},
		{"standalone-test-json", []string{bin, "-test", "-json", withTests}, true},
		{"govet", []string{"go", "vet", "-vettool=" + bin, withTests}, false},
		{"govet-json", []string{"go", "vet", "-vettool=" + bin, "-json", withTests}, true},
	} {
		t.Run(mode.name, func(t *testing.T) {
			out, _ := output(t, mode.args[0], mode.args[1:]...)
			var got []string
			if mode.json {
				got = jsonDiagnostics(t, out)
			} else {
				for l := range strings.Lines(out) {
					if l = strings.TrimRight(l, "\n"); l != "" && !strings.HasPrefix(l, "#") {
						got = append(got, l)
					}
				}
			}
			for i, d := range got {
				// Positions are relative in text and absolute in JSON.
				if _, rel, ok := strings.Cut(filepath.ToSlash(d), "testdata/withtests/"); ok {
					got[i] = rel
				}
			}
			slices.Sort(got)
			ok := len(got) == len(want)
			for i := 0; ok && i < len(want); i++ {
				ok = strings.HasPrefix(got[i], want[i])
			}
			if !ok {
				t.Errorf("%s reported\n%s\nwant each of these once\n%s", strings.Join(mode.args, " "), strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// jsonDiagnostics returns the diagnostics of the go/analysis JSON output out, one or more
// objects (go vet prints one per package it vets) of package ID, then analyzer name, then the
// analyzer's diagnostics or error, as "file:line:col: message".
func jsonDiagnostics(t *testing.T, out string) []string {
	t.Helper()
	var text strings.Builder
	for l := range strings.Lines(out) {
		if !strings.HasPrefix(l, "#") {
			text.WriteString(l)
		}
	}
	var diags []string
	dec := json.NewDecoder(strings.NewReader(text.String()))
	for {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("output is not go/analysis JSON: %v\n%s", err, out)
		}
		for id, analyzers := range tree {
			for name, raw := range analyzers {
				var ds []struct{ Posn, Message string }
				if err := json.Unmarshal(raw, &ds); err != nil {
					t.Errorf("%s: %s: %s", id, name, raw)
				}
				for _, d := range ds {
					diags = append(diags, d.Posn+": "+d.Message)
				}
			}
		}
	}
	return diags
}

// TestFixOnceWithTests applies the fixes in a copy of the package with tests, on its own and
// under go vet: each misspelling in p.go is fixed once (the template field that only the tests
// declare as a method too), and the _test.go files, which generation does not read, are left
// alone. (The driver merges identical edits, so fixes
// reported under both p and its test variant were not applied twice even before cardvet
// reported them once; this holds it to that.)
func TestFixOnceWithTests(t *testing.T) {
	bin := buildCardvet(t)
	src := filepath.Join(moduleRoot, filepath.FromSlash(withTests))
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []struct {
		name string
		args []string
	}{
		{"standalone", []string{bin, "-fix"}},
		{"govet", []string{"go", "vet", "-vettool=" + bin, "-fix"}},
	} {
		t.Run(mode.name, func(t *testing.T) {
			// In the module, as go vet needs; a leading _ keeps it out of ./... patterns.
			copyDir, err := os.MkdirTemp(".", "_fix")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.RemoveAll(copyDir) })
			before := map[string]string{}
			for _, e := range entries {
				data, err := os.ReadFile(filepath.Join(src, e.Name()))
				if err != nil {
					t.Fatal(err)
				}
				before[e.Name()] = string(data)
				if err := os.WriteFile(filepath.Join(copyDir, e.Name()), data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			out, code := output(t, mode.args[0], append(mode.args[1:], "./cmd/cardvet/"+filepath.Base(copyDir))...)
			if code != 0 {
				t.Errorf("%s: exit status %d\n%s", strings.Join(mode.args, " "), code, out)
			}
			for name, old := range before {
				want := old
				if name == "p.go" {
					want = strings.NewReplacer(`titel="x"`, `title="x"`, "{{.Stauts}}", "{{.Status}}", "//card:reslut", "//card:result").Replace(old)
				}
				got, err := os.ReadFile(filepath.Join(copyDir, name))
				if err != nil {
					t.Fatal(err)
				}
				if string(got) != want {
					t.Errorf("after %s, %s is\n%s\nwant\n%s", strings.Join(mode.args, " "), name, got, want)
				}
			}
		})
	}
}

// outputIn runs name with args in dir and returns its output lines without go vet's "# package"
// headers, and its exit code.
func outputIn(t testing.TB, dir, name string, args ...string) ([]string, int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	code := 0
	if ee, ok := errors.AsType[*exec.ExitError](err); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for l := range strings.Lines(out.String()) {
		if l = strings.TrimRight(l, "\n"); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	return lines, code
}

// TestStandaloneRelativePaths: cardvet on its own prints positions relative to the current
// directory, as go vet does (shorter ones only: a package above it stays absolute), from the
// module root, from the package's folder and from a folder beside it, the sidecar's too.
func TestStandaloneRelativePaths(t *testing.T) {
	bin := buildCardvet(t)
	golden := filepath.Join(moduleRoot, "testdata", "golden")
	for _, c := range []struct{ dir, pkg string }{
		{moduleRoot, "./testdata/golden/bad_unknown_key"},
		{filepath.Join(golden, "bad_unknown_key"), "."},
		{filepath.Join(golden, "bad_card_unknown_field"), "../bad_unknown_key"},
		{moduleRoot, "./testdata/golden/bad_ui_sidecar"},
		{filepath.Join(golden, "bad_ui_sidecar", "cards"), ".."},
	} {
		vet, vetCode := outputIn(t, c.dir, "go", "vet", "-vettool="+bin, c.pkg)
		got, code := outputIn(t, c.dir, bin, c.pkg)
		slices.Sort(vet)
		slices.Sort(got)
		if len(got) == 0 || !slices.Equal(got, vet) {
			t.Errorf("in %s, cardvet %s printed\n%s\nwhere go vet printed\n%s", c.dir, c.pkg, strings.Join(got, "\n"), strings.Join(vet, "\n"))
		}
		for _, l := range got {
			if filepath.IsAbs(l) {
				t.Errorf("in %s, cardvet %s printed an absolute position: %s", c.dir, c.pkg, l)
			}
		}
		if code != 3 || vetCode != 1 {
			t.Errorf("in %s, exit status %d on its own and %d under go vet; want 3 and 1", c.dir, code, vetCode)
		}
	}
}

// TestStandaloneDoesNotCompile runs cardvet on its own on a package whose generated file
// type-checks but does not compile (a function without a body): it is analysed from source and
// never compiled, as under go vet, so the compiler's "missing function body" is not reported.
// Compiling the packages it analyses, generated files included, was nearly all of a run of
// cardvet on its own after an edit (BenchmarkStandaloneVsGoVet).
func TestStandaloneDoesNotCompile(t *testing.T) {
	bin := buildCardvet(t)
	want := []string{"cmd/cardvet/testdata/uncompiled/p.go:9:13: unknown key titel for //card:tool; did you mean title?"}
	for _, args := range [][]string{
		{bin, "./cmd/cardvet/testdata/uncompiled"},
		{"go", "vet", "-vettool=" + bin, "./cmd/cardvet/testdata/uncompiled"},
	} {
		got, code := run(t, args[0], args[1:]...)
		if !slices.Equal(got, want) {
			t.Errorf("%s printed\n%s\nwant\n%s", strings.Join(args, " "), strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if code == 0 {
			t.Errorf("%s: exit status 0 with a diagnostic", strings.Join(args, " "))
		}
	}
}

// TestStandaloneCompilesImportedPackages runs cardvet on its own on a command and a package of
// tools that it reaches only through a package the patterns do not match, which calls the
// tools' generated RegisterTools: that package is compiled against the tools package, so the
// tools package is compiled whole (cut to its package clause, it failed "undefined:
// tools.RegisterTools"), and only the tool's diagnostic is printed.
func TestStandaloneCompilesImportedPackages(t *testing.T) {
	bin := buildCardvet(t)
	got, code := run(t, bin, "./cmd/cardvet/testdata/chain/server", "./cmd/cardvet/testdata/chain/tools")
	want := []string{"cmd/cardvet/testdata/chain/tools/tools.go:8:13: unknown key titel for //card:tool; did you mean title?"}
	if !slices.Equal(got, want) || code != 3 {
		t.Errorf("cardvet printed (exit %d)\n%s\nwant (exit 3)\n%s", code, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestHelpNamesCardvet holds -h and -help to what cardvet on its own does: the driver's usage
// names the analyzer ("cardgen") and gives -test the driver's default, true, which cardvet turns
// off (docs/editors.md).
func TestHelpNamesCardvet(t *testing.T) {
	bin := buildCardvet(t)
	for _, flag := range []string{"-h", "-help"} {
		out, code := output(t, bin, flag)
		if code != 0 {
			t.Errorf("cardvet %s: exit status %d, want 0\n%s", flag, code, out)
		}
		if !strings.Contains(out, "Usage: cardvet [-flag] [package]") || strings.Contains(out, "Usage: cardgen") {
			t.Errorf("cardvet %s: the usage line does not name cardvet:\n%s", flag, out)
		}
		if !strings.Contains(out, "(default false; under go vet, go vet decides)") || strings.Contains(out, "(default true)") {
			t.Errorf("cardvet %s: -test is not shown off by default:\n%s", flag, out)
		}
		if !strings.Contains(out, "-ui") {
			t.Errorf("cardvet %s: the analyzer's flags are missing:\n%s", flag, out)
		}
	}
}

// curedSource calls RegisterTools before the package's first generation, as a package does that
// is moving to cardgen, and has a misspelt key that -fix fixes.
const curedSource = `// Package mig registers its tools before its first generation.
package mig

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// GetOrderInput is the input.
type GetOrderInput struct {
	ID string ` + "`json:\"id\"`" + `
}

// GetOrderOutput is the output.
type GetOrderOutput struct {
	Title string ` + "`json:\"title\"`" + `
}

// GetOrder gets an order.
//
//card:tool get_order titel="Get order"
func GetOrder(ctx context.Context, in GetOrderInput) (*GetOrderOutput, error) {
	return &GetOrderOutput{}, nil
}

// Serve registers the tools.
func Serve(server *mcp.Server) {
	RegisterTools(server)
}
`

// TestFixLeavesOutCuredTypeErrors: cardvet -fix on its own in a package that calls RegisterTools
// before its first generation applied its fix, then printed "undefined: RegisterTools" and
// exited 1, where docs/editors.md says that what -fix cannot fix is not printed and does not fail
// the run. That error is one generation cures, which cardgen check leaves out too: -fix now does,
// with -test (whose load compiles the package, and prints the compiler's copy under "# path") as
// well. Any other type error is still printed, and fails the run.
func TestFixLeavesOutCuredTypeErrors(t *testing.T) {
	bin := buildCardvet(t)
	fixed := strings.Replace(curedSource, `titel="Get order"`, `title="Get order"`, 1)
	const other = "\nvar bad int = \"s\"\n"
	for _, tt := range []struct {
		name, src string
		flags     []string
		code      int
		want      []string // the output's lines, in order
	}{
		{"cured", curedSource, []string{"-fix"}, 0, nil},
		{"cured with -test", curedSource, []string{"-fix", "-test"}, 0, nil},
		{"another type error", curedSource + other, []string{"-fix"}, 1, []string{
			"DIR/mig.go:32:15: cannot use \"s\" (untyped string constant) as int value in variable declaration",
		}},
		{"another type error with -test", curedSource + other, []string{"-fix", "-test"}, 1, []string{
			"-: # github.com/cardgen/cardgen/DIR",
			"DIR/mig.go:32:15: cannot use \"s\" (untyped string constant) as int value in variable declaration",
			"DIR/mig.go:32:15: cannot use \"s\" (untyped string constant) as int value in variable declaration",
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// In the module, whose go.mod requires the SDK; a leading _ keeps it out of ./...
			dir, err := os.MkdirTemp(".", "_cured")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.RemoveAll(dir) })
			if err := os.WriteFile(filepath.Join(dir, "mig.go"), []byte(tt.src), 0o644); err != nil {
				t.Fatal(err)
			}
			pkg := "cmd/cardvet/" + filepath.Base(dir)
			lines, code := run(t, bin, append(tt.flags, "./"+pkg)...)
			var want []string
			for _, w := range tt.want {
				want = append(want, strings.ReplaceAll(w, "DIR", pkg))
			}
			if code != tt.code || !slices.Equal(lines, want) {
				t.Errorf("cardvet %s: exit %d, output:\n%s\nwant exit %d and:\n%s", strings.Join(tt.flags, " "), code, strings.Join(lines, "\n"), tt.code, strings.Join(want, "\n"))
			}
			got, err := os.ReadFile(filepath.Join(dir, "mig.go"))
			if err != nil {
				t.Fatal(err)
			}
			if wantSrc := strings.Replace(tt.src, curedSource, fixed, 1); string(got) != wantSrc {
				t.Errorf("cardvet %s did not apply the fix:\n%s", strings.Join(tt.flags, " "), got)
			}
		})
	}
	// Without -fix the type errors are the driver's, printed as before.
	dir, err := os.MkdirTemp(".", "_cured")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.WriteFile(filepath.Join(dir, "mig.go"), []byte(curedSource), 0o644); err != nil {
		t.Fatal(err)
	}
	lines, code := run(t, bin, "./cmd/cardvet/"+filepath.Base(dir))
	if code != 3 || !slices.ContainsFunc(lines, func(l string) bool { return strings.HasSuffix(l, ": undefined: RegisterTools") }) {
		t.Errorf("cardvet without -fix: exit %d, output:\n%s\nwant exit 3 and the type error", code, strings.Join(lines, "\n"))
	}
}

// otherPackageFiles is a module whose model package declares the types of two tool packages, p
// and q, with jsonschema tags in the form the SDK reads: Address is p's, Person q's, Shared both.
// p also has a tag of its own.
var otherPackageFiles = map[string]string{
	"go.mod": "module example.com/shop\n\ngo 1.26\n",
	"model/model.go": "package model\n\n" +
		"type Address struct {\n\tLine1 string `json:\"line1\" jsonschema:\"street and number\"`\n}\n\n" +
		"type Person struct {\n\tName string `json:\"name\" jsonschema:\"the full name\"`\n}\n\n" +
		"type Shared struct {\n\tID string `json:\"id\" jsonschema:\"the shared id\"`\n}\n",
	"p/p.go": "package p\n\nimport (\n\t\"context\"\n\n\t\"example.com/shop/model\"\n)\n\n" +
		"type In struct {\n\tAddr   model.Address `json:\"addr\"`\n\tShared model.Shared  `json:\"shared\"`\n\tNote   string        `json:\"note\" jsonschema:\"a note\"`\n}\n\n" +
		"type Out struct {\n\tOK bool `json:\"ok\"`\n}\n\n// Check checks an address.\n//\n//card:tool\nfunc Check(ctx context.Context, in In) (*Out, error) { return nil, nil }\n",
	"q/q.go": "package q\n\nimport (\n\t\"context\"\n\n\t\"example.com/shop/model\"\n)\n\n" +
		"type In struct {\n\tWho    model.Person `json:\"who\"`\n\tShared model.Shared `json:\"shared\"`\n}\n\n" +
		"type Out struct {\n\tOK bool `json:\"ok\"`\n}\n\n// Greet greets a person.\n//\n//card:tool\nfunc Greet(ctx context.Context, in In) (*Out, error) { return nil, nil }\n",
}

// TestFixOtherPackages: a jsonschema tag of a type declared in another package than the tool's is
// reported with the tool's package, at the tag, and its fix edits the other package's file, which
// go/analysis does not let a suggested fix do. go vet -fix used to exit 0 without a word and
// change nothing there. cardvet on its own now applies those fixes, every package's at once (the
// tag two packages share once, and the tags two packages fix in one file together); under go vet,
// which applies each package's fixes on their own, -fix prints each such tag as not fixed, with
// the cardvet command that fixes it, and leaves the file alone.
func TestFixOtherPackages(t *testing.T) {
	bin := buildCardvet(t)
	setup := func(t *testing.T) string {
		dir := t.TempDir()
		for name, data := range otherPackageFiles {
			if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	read := func(t *testing.T, dir, name string) string {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	described := strings.NewReplacer(`"street and number"`, `"description=street and number"`, `"the full name"`, `"description=the full name"`,
		`"the shared id"`, `"description=the shared id"`, `"a note"`, `"description=a note"`)

	t.Run("standalone", func(t *testing.T) {
		dir := setup(t)
		lines, code := outputIn(t, dir, bin, "-fix", "./...")
		if code != 0 || len(lines) != 0 {
			t.Errorf("cardvet -fix: exit %d, output:\n%s\nwant exit 0 and none", code, strings.Join(lines, "\n"))
		}
		for _, name := range []string{"model/model.go", "p/p.go"} {
			if got, want := read(t, dir, name), described.Replace(otherPackageFiles[name]); got != want {
				t.Errorf("after cardvet -fix, %s is\n%s\nwant\n%s", name, got, want)
			}
		}
	})

	t.Run("govet", func(t *testing.T) {
		dir := setup(t)
		lines, code := outputIn(t, dir, "go", "vet", "-vettool="+bin, "-fix", "./...")
		if code != 0 {
			t.Errorf("go vet -fix: exit %d; want 0", code)
		}
		model := filepath.Join(dir, "model", "model.go")
		var notes []string
		for _, l := range lines {
			if rest, ok := strings.CutPrefix(l, model+":"); ok {
				pos, _, _ := strings.Cut(rest, ": ")
				_, tail, _ := strings.Cut(rest, " (the tag is in package ")
				notes = append(notes, pos+" "+tail)
			}
		}
		slices.Sort(notes)
		run := func(pkg string) string {
			return "example.com/shop/model, and under go vet a fix found with package " + pkg + " may edit only that package's files; run cardvet -fix " + pkg + " on its own to apply it)"
		}
		want := []string{
			"12:35 " + run("example.com/shop/p"),
			"12:35 " + run("example.com/shop/q"),
			"4:41 " + run("example.com/shop/p"),
			"8:39 " + run("example.com/shop/q"),
		}
		if !slices.Equal(notes, want) || len(notes) != len(lines) {
			t.Errorf("go vet -fix printed:\n%s\nwant the four tags of model.go, each with the package to run cardvet -fix on:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
		}
		if got := read(t, dir, "model/model.go"); got != otherPackageFiles["model/model.go"] {
			t.Errorf("go vet -fix changed model.go:\n%s", got)
		}
		if got, want := read(t, dir, "p/p.go"), described.Replace(otherPackageFiles["p/p.go"]); got != want {
			t.Errorf("after go vet -fix, p.go is\n%s\nwant\n%s", got, want)
		}
	})
}
