package gen

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestTagSourcePositions maps a byte of a card tag's value to its column in the source through
// both quotings, the tag literal's and the tag value's: in raw and interpreted literals, after
// escapes, tabs and multi-byte runes. A fix is placed only where the source spells the word as
// the value holds it.
func TestTagSourcePositions(t *testing.T) {
	const src = "package p\n\ntype T struct {\n" +
		"\tA int `json:\"ä\t\" card:\"field=Größe,titel\"`\n" +
		"\tB int \"json:\\\"\\u00e4\\\" card:\\\"field=Gr\\u00f6\\u00dfe,titel\\\"\"\n" +
		"\tC int \"card:\\\"field=a\\\\\\\"b,titel\\\"\"\n" + // the value's own \" (\\\" in the literal)
		"\tD int \"card:\\\"tit\\x65l\\\"\"\n" +
		"}\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(src, "\n")
	fields := f.Decls[0].(*ast.GenDecl).Specs[0].(*ast.TypeSpec).Type.(*ast.StructType).Fields.List
	for _, tc := range []struct {
		field   int
		word    string // in the card tag's value
		fixable bool
	}{
		{0, "titel", true},
		{0, "field", true},
		{1, "titel", true},
		{1, "field", true},
		{2, "titel", true},
		{3, "titel", false},
	} {
		lit := fields[tc.field].Tag
		tag, err := strconv.Unquote(lit.Value)
		if err != nil {
			t.Fatal(err)
		}
		s := tagSource{tag: tag, lit: lit, field: fields[tc.field].Names[0].Pos()}
		value, _ := reflect.StructTag(tag).Lookup("card")
		off := strings.Index(value, tc.word)
		p := fset.Position(s.valueAt("card", off))
		line := lines[p.Line-1]
		want := tc.word
		if !tc.fixable {
			want = `tit\x65l`
		}
		if got := line[p.Column-1:]; !strings.HasPrefix(got, want) {
			t.Errorf("%s: %s of %#q is at column %d, which holds %q", fields[tc.field].Names[0].Name, tc.word, lit.Value, p.Column, got)
		}
		pos, end, ok := s.verbatim("card", value, off, off+len(tc.word))
		if ok != tc.fixable {
			t.Errorf("%s: verbatim(%s) = %v; want %v", fields[tc.field].Names[0].Name, tc.word, ok, tc.fixable)
		}
		if ok && src[fset.Position(pos).Offset:fset.Position(end).Offset] != tc.word {
			t.Errorf("%s: verbatim(%s) spans %q", fields[tc.field].Names[0].Name, tc.word, src[fset.Position(pos).Offset:fset.Position(end).Offset])
		}
	}
	// Without the literal, every byte of the tag is at the field.
	s := tagSource{tag: `card:"titel"`, field: 42}
	if got := s.valueAt("card", 3); got != 42 {
		t.Errorf("valueAt without the literal = %d; want the field's position", got)
	}
}

// TestWorkspaceModulePositions: a type of another module of the go.work is the user's source as
// much as one of the package's own module. A problem in its tag is reported at the word, as it
// is for another package of the same module (it was at column 1, the start of the field's line,
// as for a module of the module cache), and its declaration in a file some first-class port
// leaves out is reported as the module's own are.
func TestWorkspaceModulePositions(t *testing.T) {
	top := t.TempDir()
	cmd := exec.Command("go", "env", "GOMOD")
	cmd.Dir = top
	if out, err := cmd.Output(); err != nil || strings.TrimSpace(string(out)) != os.DevNull {
		t.Skipf("the temporary directory is inside a module (go env GOMOD: %s, %v)", out, err)
	}
	writeTree(t, top, map[string]string{
		"go.work":  "go 1.26\n\nuse (\n\t./a\n\t./b\n)\n",
		"a/go.mod": "module example.com/a\n\ngo 1.26\n",
		"a/p.go": "package a\n\nimport (\n\t\"context\"\n\n\t\"example.com/b\"\n)\n\ntype In struct {\n\tID string `json:\"id\"`\n}\n\n" +
			"// Get gets.\n//\n//card:tool\nfunc Get(ctx context.Context, in In) (*b.Out, error) { return nil, nil }\n",
		"b/go.mod": "module example.com/b\n\ngo 1.26\n",
		"b/p.go": "package b\n\n// Out is the output.\ntype Out struct {\n\tID   string `json:\"id\"`\n" +
			"\tName string `json:\"name\" jsonschema:\"minLenght=1\"`\n\tPath Path   `json:\"path\"`\n}\n",
		"b/path_linux.go": "package b\n\n// Path is declared for Linux only.\ntype Path struct {\n\tDir string `json:\"dir\"`\n}\n",
		"b/path_other.go": "//go:build !linux\n\npackage b\n\n// Path is declared elsewhere.\ntype Path struct{}\n",
	})
	t.Setenv("GOWORK", "")
	t.Setenv("GOOS", "linux")
	t.Setenv("GOFLAGS", "")
	_, err := Generate(Options{Dir: filepath.Join(top, "a")}, ".")
	var diags Diagnostics
	if !errors.As(err, &diags) {
		t.Fatalf("Generate = %v; want diagnostics", err)
	}
	var got []string
	for _, d := range diags.Relative(top) {
		pos, msg, _ := strings.Cut(d.String(), ": ")
		got = append(got, filepath.ToSlash(pos)+": "+strings.SplitN(msg, ",", 2)[0])
	}
	want := []string{
		"b/p.go:6:39: field Name: jsonschema tag: minLenght is not a keyword invopop knows",
		"b/path_linux.go:4:6: type b.Path",
	}
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
