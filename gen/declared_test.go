package gen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestFixedTextNamesMatchRender generates every golden case that generates, and the example, and
// wants the constants each generated file declares to be exactly those fixedTextNames names for
// its tools and their carousels' item cards: the names cardgen checks the package's own
// declarations against are the names it writes.
func TestFixedTextNamesMatchRender(t *testing.T) {
	entries, err := os.ReadDir(filepath.Join("..", "testdata", "golden"))
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, e := range entries {
		// Folders starting with "_" or "." are other tests' scratch copies (cmd/cardgen's tests
		// make and remove _hint… there while this test runs), which the go command ignores too.
		if e.IsDir() && !strings.HasPrefix(e.Name(), "bad_") && !strings.HasPrefix(e.Name(), "_") && !strings.HasPrefix(e.Name(), ".") {
			dirs = append(dirs, "./"+e.Name())
		}
	}
	root, _ := filepath.Abs(filepath.Join("..", "testdata", "golden"))
	res, err := Generate(Options{Dir: root}, dirs...)
	if err != nil {
		t.Fatal(err)
	}
	shop, err := Generate(Options{Dir: filepath.Join("..", "examples", "shop")}, ".")
	if err != nil {
		t.Fatal(err)
	}
	res.Packages = append(res.Packages, shop.Packages...)
	res.Files = append(res.Files, shop.Files...)
	checked := 0
	for _, p := range res.Packages {
		var want []string
		for _, tool := range p.Tools {
			want = append(want, fixedTextNames(tool)...)
			if item := carouselItem(tool); item != nil {
				want = append(want, fixedTextNames(item)...)
			}
		}
		slices.Sort(want)
		var got []string
		for _, f := range res.Files {
			if filepath.Dir(f.Path) != p.Dir || filepath.Base(f.Path) != GeneratedFile {
				continue
			}
			file, err := parser.ParseFile(token.NewFileSet(), f.Path, f.Content, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range file.Decls {
				if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.CONST {
					for _, spec := range g.Specs {
						for _, n := range spec.(*ast.ValueSpec).Names {
							if n.Name != "_" {
								got = append(got, n.Name)
							}
						}
					}
				}
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s: the generated file declares the constants %q; fixedTextNames says %q", p.Path, got, want)
		}
		checked += len(got)
	}
	if checked < 100 {
		t.Fatalf("only %d constants checked; the cases no longer exercise fixed texts", checked)
	}
}
