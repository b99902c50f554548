package main_test

import (
	"bytes"
	"errors"
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
	var lines []string
	for l := range strings.Lines(out.String()) {
		if l = strings.TrimRight(l, "\n"); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	return lines, code
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
			`testdata/golden/bad_ui_sidecar/p.go:16:11: ui path "a.html": there is no such file in the ui folder views/; create it or fix the path (a ui path must be a relative path to an .html file in the ui folder, e.g. "orders/card.html")`,
			`testdata/golden/bad_ui_sidecar/p.go:22:11: ui path "b.html": there is no such file in the ui folder views/; create it or fix the path (a ui path must be a relative path to an .html file in the ui folder, e.g. "orders/card.html")`,
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
