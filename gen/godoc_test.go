package gen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportedFieldsDocumented: every exported field of an exported struct type of gen and
// gen/scaffold says what it holds, by a doc comment or a comment on its line; a reader of go
// doc sees the fields, not the code that sets them.
func TestExportedFieldsDocumented(t *testing.T) {
	for _, dir := range []string{".", "scaffold"} {
		fset := token.NewFileSet()
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			{
				ast.Inspect(f, func(n ast.Node) bool {
					ts, ok := n.(*ast.TypeSpec)
					if !ok || !ts.Name.IsExported() {
						return true
					}
					st, ok := ts.Type.(*ast.StructType)
					if !ok {
						return true
					}
					for _, fl := range st.Fields.List {
						for _, name := range fl.Names {
							if name.IsExported() && fl.Doc == nil && fl.Comment == nil {
								t.Errorf("%s: %s.%s has no doc comment; say what it holds", fset.Position(name.Pos()), ts.Name.Name, name.Name)
							}
						}
					}
					return true
				})
			}
		}
	}
}
