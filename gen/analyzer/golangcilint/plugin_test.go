package golangcilint

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/gen"
	"github.com/cardgen/cardgen/gen/analyzer"
	"github.com/cardgen/cardgen/internal/testenv"
)

// TestNewSettings: the ui setting reaches the analyzer's -ui flag, an empty one leaves it alone,
// and settings of the wrong shape are an error that names the linter.
func TestNewSettings(t *testing.T) {
	flag, goOnly := analyzer.Analyzer.Flags.Lookup("ui"), analyzer.Analyzer.Flags.Lookup("go-files-only")
	defer flag.Value.Set(flag.Value.String())
	defer goOnly.Value.Set(goOnly.Value.String())

	if _, err := New(map[string]any{"ui": "views"}); err != nil {
		t.Fatal(err)
	}
	if got := flag.Value.String(); got != "views" {
		t.Errorf("ui setting %q reached -ui as %q", "views", got)
	}
	if got := goOnly.Value.String(); got != "true" {
		t.Errorf("-go-files-only is %s after New; want true (golangci-lint drops issues outside Go files)", got)
	}
	p, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := flag.Value.String(); got != "views" {
		t.Errorf("no settings changed -ui to %q; want it left alone", got)
	}
	as, err := p.BuildAnalyzers()
	if err != nil || len(as) != 1 || as[0] != analyzer.Analyzer {
		t.Errorf("BuildAnalyzers = %v, %v; want cardgen's analyzer", as, err)
	}
	if _, err := New(map[string]any{"ui": 3}); err == nil || !strings.Contains(err.Error(), "cardgen linter settings") {
		t.Errorf("a number for ui: error %v; want one naming the cardgen linter settings", err)
	}
	if _, err := New(map[string]any{"ui": "../views"}); err == nil || !strings.Contains(err.Error(), "cardgen linter settings: ui: a folder outside the package directory") {
		t.Errorf("ui outside the package: error %v; want it refused, as cardgen -ui refuses it", err)
	}
}

// lintee is a module of annotated handlers for golangci-lint to check: good.go is clean,
// bad.go has a misspelt flag and a template naming no field, and viewed.go names a view that
// exists only in the folder views/ (so it is found only with the setting ui: views), whose
// sidecar has a misspelt key.
var lintee = map[string]string{
	"go.mod": "module example.com/lintee\n\ngo 1.26\n",
	"good.go": `package lintee

import "context"

// In is an input.
type In struct {
	ID string ` + "`json:\"id\"`" + `
}

// Out is an output.
type Out struct {
	ID     string ` + "`json:\"id\"`" + `
	Status string ` + "`json:\"status\"`" + `
}

// Get looks one up.
//
//card:tool get readonly
//card:result title="Item {{.ID}}" subtitle="{{.Status}}"
func Get(ctx context.Context, in In) (*Out, error) { return &Out{ID: in.ID}, nil }
`,
	"bad.go": `package lintee

import "context"

// Put stores one.
//
//card:tool put readonyl
//card:result title="Item {{.ID}}" subtitle="{{.Stauts}}"
func Put(ctx context.Context, in In) (*Out, error) { return &Out{ID: in.ID}, nil }
`,
	"viewed.go": `package lintee

import "context"

// Show draws one.
//
//card:tool show readonly
//card:ui item.html
func Show(ctx context.Context, in In) (*Out, error) { return &Out{ID: in.ID}, nil }
`,
	"views/item.html": "<!doctype html><title>Item</title><p>An item.</p>\n",
	// A sidecar with a misspelt key: its diagnostic is positioned in the JSON file.
	"views/item.meta.json": "{\n  \"prefersBordr\": true\n}\n",
}

// docBlocks returns the fenced code blocks of docs/editors.md in the given language whose text
// contains marker.
func docBlocks(t *testing.T, lang, marker string) []string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "editors.md"))
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	for _, m := range regexp.MustCompile("(?s)```"+lang+"\n(.*?)```").FindAllStringSubmatch(string(doc), -1) {
		if strings.Contains(m[1], marker) {
			blocks = append(blocks, m[1])
		}
	}
	return blocks
}

// config is the .golangci.yml of docs/editors.md, with the ui setting given: the test runs what
// the docs tell users to write.
func config(t *testing.T, ui string) string {
	t.Helper()
	blocks := docBlocks(t, "yaml", "type: module")
	if len(blocks) != 1 || !strings.Contains(blocks[0], "ui: cards\n") {
		t.Fatalf("docs/editors.md: want one .golangci.yml block with ui: cards, found %q", blocks)
	}
	return strings.Replace(blocks[0], "ui: cards\n", "ui: "+ui+"\n", 1)
}

// TestCustomGclDoc holds the .custom-gcl.yml of docs/editors.md to what TestGolangciLint builds:
// the same golangci-lint version and this package as the plugin.
func TestCustomGclDoc(t *testing.T) {
	blocks := docBlocks(t, "yaml", "plugins:")
	if len(blocks) != 1 {
		t.Fatalf("docs/editors.md: want one .custom-gcl.yml block, found %d", len(blocks))
	}
	mod, err := os.ReadFile(filepath.Join("testdata", "customgcl", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	version := regexp.MustCompile(`github.com/golangci/golangci-lint/v2 (v\S+)`).FindStringSubmatch(string(mod))
	if version == nil {
		t.Fatal("testdata/customgcl/go.mod requires no golangci-lint")
	}
	for _, want := range []string{
		"version: " + version[1] + "\n",
		"module: github.com/cardgen/cardgen\n",
		"import: github.com/cardgen/cardgen/gen/analyzer/golangcilint\n",
	} {
		if !strings.Contains(blocks[0], want) {
			t.Errorf("docs/editors.md .custom-gcl.yml lacks %q (the test builds golangci-lint %s with this package):\n%s", want, version[1], blocks[0])
		}
	}
}

// TestGolangciLint builds golangci-lint with this plugin compiled in, as `golangci-lint custom`
// would (testdata/customgcl, golangci-lint's version pinned by its go.sum), and runs it with the
// configuration docs/editors.md gives on a small module: the cardgen linter reports exactly the
// problems cardgen would, at their positions, and the ui setting reaches the analyzer.
func TestGolangciLint(t *testing.T) {
	if testing.Short() {
		t.Skip("builds golangci-lint (minutes on a cold build cache); skipped with -short")
	}
	bin := filepath.Join(t.TempDir(), "customgcl")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = filepath.Join("testdata", "customgcl")
	build.Env = append(os.Environ(), "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		testenv.FailGoCommand(t, "building golangci-lint with the cardgen plugin: "+err.Error(), out)
	}

	dir := t.TempDir()
	for name, src := range lintee {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(ui string) (string, int) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, ".golangci.yml"), []byte(config(t, ui)), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, "run", "--output.text.print-issued-lines=false", "--show-stats=false", "./...")
		cmd.Dir = dir
		// Its own cache, so that each run lints afresh.
		cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+t.TempDir())
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("running golangci-lint: %v\n%s", err, out)
		}
		return string(out), code
	}

	// The sidecar's problem cannot be shown in its own file (golangci-lint drops issues outside
	// Go files), so it comes at the //card:ui path that names the view, saying where it is.
	directive := fmt.Sprintf("viewed.go:8:%d: ", len("//card:ui ")+1)
	for ui, planted := range map[string][]string{
		"views": {"readonyl", "Stauts", "prefersBordr"},
		"cards": {"readonyl", "Stauts", `"item.html"`},
	} {
		out, code := run(ui)
		got := issueLines(out)
		says := cardgenSays(t, dir, ui)
		var want, moved []string
		for _, line := range says {
			if strings.HasPrefix(line, "views/") {
				moved = append(moved, directive+line)
			} else {
				want = append(want, line)
			}
		}
		want = append(want, moved...)
		if strings.Join(got, "\n") != strings.Join(want, "\n") || code != 1 {
			t.Errorf("golangci-lint with ui: %s: exit %d, issues\n%s\n\nwant exit 1 and what cardgen says:\n%s\n\nwhole output:\n%s",
				ui, code, strings.Join(got, "\n"), strings.Join(want, "\n"), out)
		}
		// What cardgen says is itself held to the problems planted in lintee, so that the
		// comparison cannot pass on two empty lists.
		if len(says) != len(planted) {
			t.Errorf("cardgen -ui %s says\n%s\nwant one problem for each of %q", ui, strings.Join(says, "\n"), planted)
			continue
		}
		for i, p := range planted {
			if !strings.Contains(says[i], p) {
				t.Errorf("cardgen -ui %s: problem %d is %q; want one about %s", ui, i+1, says[i], p)
			}
		}
	}
}

// cardgenSays is what cardgen reports on the module in dir with -ui ui, as golangci-lint prints
// an issue of the cardgen linter.
func cardgenSays(t *testing.T, dir, ui string) []string {
	t.Helper()
	_, err := gen.Generate(gen.Options{Dir: dir, UIDir: ui}, "./...")
	var diags gen.Diagnostics
	if !errors.As(err, &diags) {
		t.Fatalf("cardgen -ui %s: want diagnostics, got %v", ui, err)
	}
	var lines []string
	for _, d := range diags.Relative(dir) {
		lines = append(lines, d.String()+" (cardgen)")
	}
	return lines
}

// issueLines are the file:line:col lines of the cardgen linter in golangci-lint's text output,
// in order (the docs' configuration leaves golangci-lint's default linters on too).
func issueLines(out string) []string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if issueLine.MatchString(l) && strings.HasSuffix(l, " (cardgen)") {
			lines = append(lines, l)
		}
	}
	return lines
}

var issueLine = regexp.MustCompile(`^[\w./-]+\.go:\d+:\d+: `)
