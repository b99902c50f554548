package gen

import (
	"errors"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/tools/go/packages"
)

func TestRelativeTo(t *testing.T) {
	dir := filepath.FromSlash("/work/pkg")
	for path, want := range map[string]string{
		"/work/pkg/p.go":           "p.go",
		"/work/pkg/cards/a.json":   filepath.FromSlash("cards/a.json"),
		"/work/pkg/..hidden/x.go":  filepath.FromSlash("..hidden/x.go"), // below dir, though it starts with ".."
		"/work/other/p.go":         filepath.FromSlash("/work/other/p.go"),
		"/work/p.go":               filepath.FromSlash("/work/p.go"),
		"relative/to/nothing/p.go": filepath.FromSlash("relative/to/nothing/p.go"),
	} {
		if got := RelativeTo(dir, filepath.FromSlash(path)); got != want {
			t.Errorf("RelativeTo(%q, %q) = %q, want %q", dir, path, got, want)
		}
	}
}

// TestShortPath: diagnostics name files as go build does from the directory it runs in, relative
// where that is shorter, ../bad/p.go included (cardgen printed the absolute path of a package
// beside the current one).
func TestShortPath(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "repo", "good")
	for _, d := range []string{dir, filepath.Join(root, "repo", "bad")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "p.go"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for path, want := range map[string]string{
		filepath.Join(root, "repo", "good", "p.go"): "p.go",
		filepath.Join(root, "repo", "bad", "p.go"):  filepath.Join("..", "bad", "p.go"),
		filepath.Join(root, "repo", "good", "..x"):  "..x",
		filepath.Join("relative", "p.go"):           filepath.Join("relative", "p.go"),
	} {
		if got := ShortPath(dir, path); got != want {
			t.Errorf("ShortPath(%q, %q) = %q, want %q", dir, path, got, want)
		}
	}
	// Through a symlink, .. is the link target's parent: ../bad/p.go from link would not be the
	// file, so the path stays whole.
	link := filepath.Join(root, "link")
	if err := os.Symlink(dir, link); err == nil {
		other := filepath.Join(root, "bad", "p.go") // ../bad/p.go from link, lexically
		if err := os.MkdirAll(filepath.Dir(other), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(other, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if got := ShortPath(link, other); got != other {
			t.Errorf("ShortPath through a symlink = %q; want the path whole", got)
		}
	}
	// Far away, the absolute path is the shorter.
	far := filepath.Join(string(filepath.Separator)+"x", "p.go")
	if !filepath.IsAbs(far) {
		far = filepath.VolumeName(root) + far
	}
	if got := ShortPath(dir, far); got != far {
		t.Errorf("ShortPath(%q, %q) = %q, want it unchanged", dir, far, got)
	}
}

// TestDiagnosticString prints positions as the Go toolchain does: file:line:col, and file:line
// when the column is unknown (a //line directive that names none), not a column 0.
func TestDiagnosticString(t *testing.T) {
	for _, c := range []struct {
		d    Diagnostic
		want string
	}{
		{Diagnostic{Pos: token.Position{Filename: "p.go", Line: 3, Column: 7}, Msg: "bad"}, "p.go:3:7: bad"},
		{Diagnostic{Pos: token.Position{Filename: "orders.tmpl", Line: 102}, Msg: "bad"}, "orders.tmpl:102: bad"},
		{Diagnostic{Msg: "no position"}, "no position"},
	} {
		if got := c.d.String(); got != c.want {
			t.Errorf("String() = %q; want %q", got, c.want)
		}
	}
}

// TestPackageErrorNotes: go/types' indented notes join the error they belong to, a note whose
// error is dropped (an undefined name the generated file will declare) is dropped with it, and a
// note's file is named as go build names it.
func TestPackageErrorNotes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "p")
	at := func(name string, line int) string { return fmt.Sprintf("%s:%d:1", filepath.Join(dir, name), line) }
	errs := []packages.Error{
		{Pos: at("p.go", 1), Msg: "undefined: RegisterTools", Kind: packages.TypeError},
		{Pos: at("p.go", 2), Msg: "\tnote of the dropped error", Kind: packages.TypeError},
		{Pos: at("p.go", 3), Msg: "x redeclared in this block", Kind: packages.TypeError},
		{Pos: at("q.go", 4), Msg: "\tother declaration of x", Kind: packages.TypeError},
		{Pos: filepath.Join(dir, "$GOROOT/src/strings/strings.go") + ":62:1", Msg: "\tin the standard library", Kind: packages.TypeError},
	}
	ds := packageErrors(errs, "example.com/p", nil, map[string]bool{"RegisterTools": true})
	want := "x redeclared in this block (other declaration of x: q.go:4:1) (in the standard library: $GOROOT/src/strings/strings.go:62:1)"
	if len(ds) != 1 || ds[0].Msg != want {
		t.Errorf("diagnostics %v; want one: %q", ds, want)
	}
}

// TestBoundMessage: a run of more than longRun characters without a space keeps its first
// runHead and last runTail characters, cut on rune boundaries, around the count of the others;
// shorter runs, the spaces between runs and a second shortening leave the message as it is.
func TestBoundMessage(t *testing.T) {
	long := "k" + strings.Repeat("é", 250) + "z" // 252 runes, 502 bytes
	for _, c := range []struct{ in, want string }{
		{"unknown key kaaa for //card:tool; did you mean title?", "unknown key kaaa for //card:tool; did you mean title?"},
		{strings.Repeat("a", longRun), strings.Repeat("a", longRun)},
		{strings.Repeat("a", longRun+1), strings.Repeat("a", runHead) + "…(81 more characters)…" + strings.Repeat("a", runTail)},
		{"unknown key " + long + " for\t//card:tool; " + long,
			"unknown key k" + strings.Repeat("é", runHead-1) + "…(132 more characters)…" + strings.Repeat("é", runTail-1) + "z for\t//card:tool; " +
				"k" + strings.Repeat("é", runHead-1) + "…(132 more characters)…" + strings.Repeat("é", runTail-1) + "z"},
	} {
		got := BoundMessage(c.in)
		if got != c.want {
			t.Errorf("BoundMessage(%.40q…) = %q; want %q", c.in, got, c.want)
		}
		if !utf8.ValidString(got) {
			t.Errorf("BoundMessage(%.40q…) cut a rune: %q", c.in, got)
		}
		if again := BoundMessage(got); again != got {
			t.Errorf("BoundMessage shortened its own result again: %q", again)
		}
	}
}

// TestLongUserTextBounded: a 100,000-character directive key (reported by the annotations
// parser) and template field (reported by gen's template check) make diagnostics of a few
// hundred bytes, at the positions they had.
func TestLongUserTextBounded(t *testing.T) {
	key := "k" + strings.Repeat("a", 100_000)
	field := "X" + strings.Repeat("a", 100_000)
	keyLine := "//card:tool " + key + `="x"`
	fieldLine := `//card:result title="{{.` + field + `}}"`
	src := "package p\n\nimport \"context\"\n\ntype In struct {\n\tID string `json:\"id\"`\n}\n\ntype Out struct {\n\tID string `json:\"id\"`\n}\n\n" +
		"// F does it.\n//\n" + keyLine + "\nfunc F(ctx context.Context, in In) (*Out, error) { return nil, nil }\n\n" +
		"// G does it.\n//\n//card:tool\n" + fieldLine + "\nfunc G(ctx context.Context, in In) (*Out, error) { return nil, nil }\n"
	dir := moduleTempDir(t, "long")
	writeTree(t, dir, map[string]string{"p.go": src})
	abs, _ := filepath.Abs(dir)
	_, err := Generate(Options{Dir: abs}, ".")
	var diags Diagnostics
	if !errors.As(err, &diags) {
		t.Fatalf("want diagnostics, got %v", err)
	}
	at := map[string]token.Position{} // the start of each long text in the file
	for i, line := range strings.Split(src, "\n") {
		for _, text := range []string{key, field} {
			if col := strings.Index(line, text); col >= 0 {
				at[text] = token.Position{Filename: filepath.Join(abs, "p.go"), Line: i + 1, Column: col + 1}
			}
		}
	}
	found := map[string]bool{}
	for _, d := range diags {
		if n := len(d.String()); n > 1000 {
			t.Errorf("a diagnostic of %d bytes: %.300s…", n, d)
		}
		for text, pos := range at {
			head := text[:runHead]
			if !strings.Contains(d.Msg, text[:20]) {
				continue
			}
			// The key is quoted alone (its run keeps 80 characters of it), the field as {{.X…}}:
			// and as X…; (79 and 79).
			for _, want := range []string{
				fmt.Sprintf("%s…(%d more characters)…%s", head, len(text)-runHead-runTail, text[len(text)-runTail:]),
				fmt.Sprintf("{{.%s…(%d more characters)…%s}}:", text[:runHead-3], len(text)+6-runHead-runTail, text[len(text)-runTail+3:]),
			} {
				if strings.Contains(d.Msg, want) {
					found[text] = true
				}
			}
			// The key is reported at its start, the field at the dot of {{.X.
			if d.Pos.Filename != pos.Filename || d.Pos.Line != pos.Line || text == key && d.Pos.Column != pos.Column || text == field && d.Pos.Column != pos.Column-1 {
				t.Errorf("%s: %.120s… reported at %s; want the text's position %s", d.Pos, d.Msg, d.Pos, pos)
			}
		}
	}
	if !found[key] || !found[field] {
		t.Errorf("the key (found %v) or the field (found %v) is not shortened to its ends and the count between in the diagnostics:\n%.2000s", found[key], found[field], diags.Error())
	}
}
