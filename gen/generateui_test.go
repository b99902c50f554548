package gen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestGenerateLineAliases: go generate expands a -command alias on the lines after it in its
// file, so a line that runs cardgen through one is cardgen's, for its -ui and for whether the
// package has a line that runs cardgen; the -command line itself runs nothing, and an alias
// does not reach another file.
func TestGenerateLineAliases(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		ui        string
		has       bool
	}{
		{"alias", "package p\n\n//go:generate -command cg go tool cardgen\n//go:generate cg -ui views\n", "views", true},
		{"alias with flags", "package p\n\n//go:generate -command cg go run example.com/cmd/cardgen@v1 -ui web\n//go:generate cg\n", "web", true},
		{"defined only", "package p\n\n//go:generate -command cg go tool cardgen -ui views\n", "", false},
		{"used before defined", "package p\n\n//go:generate cg -ui views\n//go:generate -command cg go tool cardgen\n", "", false},
		{"other tool", "package p\n\n//go:generate -command sg go tool stringer\n//go:generate sg -type T\n", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeTree(t, dir, map[string]string{"p.go": tc.src})
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, filepath.Join(dir, "p.go"), nil, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			ui, _, problems := PackageUIDir(fset, []*ast.File{f})
			if ui != tc.ui || len(problems) > 0 {
				t.Errorf("PackageUIDir = %q, %v; want %q", ui, problems, tc.ui)
			}
			if got := hasGenerateLine(fset, []*ast.File{f}, dir); got != tc.has {
				t.Errorf("hasGenerateLine = %v; want %v", got, tc.has)
			}
			// The same file read from disk, as hasGenerateLine reads the files go/packages
			// did not load (test files).
			if got := hasGenerateLine(fset, nil, dir); got != tc.has {
				t.Errorf("hasGenerateLine from disk = %v; want %v", got, tc.has)
			}
		})
	}
	// An alias is the file's own.
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"a.go": "package p\n\n//go:generate -command cg go tool cardgen\n",
		"b.go": "package p\n\n//go:generate cg -ui views\n",
	})
	if hasGenerateLine(token.NewFileSet(), nil, dir) {
		t.Errorf("an alias of a.go ran cardgen on a line of b.go")
	}
}

// TestGenerateLinesOfTestFiles: the test files whose //go:generate lines count are those go
// generate runs: a file the build leaves out (//go:build ignore) is not one, and the package's own
// test files come before those of its _test package, whatever their names.
func TestGenerateLinesOfTestFiles(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"a_test.go": "package p_test\n\n//go:generate go tool cardgen -ui x\n",
		"b_test.go": "package p\n\n//go:generate go tool cardgen -ui y\n",
		"c_test.go": "//go:build ignore\n\npackage p\n\n//go:generate go tool cardgen -ui z\n",
		"d_test.go": "package p\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	for _, f := range GenerateLinesOfTestFiles(token.NewFileSet(), dir) {
		got = append(got, f.Name.Name)
	}
	if want := []string{"p", "p_test"}; !slices.Equal(got, want) {
		t.Errorf("GenerateLinesOfTestFiles: packages %q; want %q (b_test.go, then a_test.go; c_test.go left out)", got, want)
	}
}
