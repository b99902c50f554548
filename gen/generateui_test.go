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
			if got := HasGenerateLine(fset, []*ast.File{f}, dir); got != tc.has {
				t.Errorf("HasGenerateLine = %v; want %v", got, tc.has)
			}
			// The same file read from disk, as HasGenerateLine reads the files go/packages
			// did not load (test files).
			if got := HasGenerateLine(fset, nil, dir); got != tc.has {
				t.Errorf("HasGenerateLine from disk = %v; want %v", got, tc.has)
			}
		})
	}
	// An alias is the file's own.
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"a.go": "package p\n\n//go:generate -command cg go tool cardgen\n",
		"b.go": "package p\n\n//go:generate cg -ui views\n",
	})
	if HasGenerateLine(token.NewFileSet(), nil, dir) {
		t.Errorf("an alias of a.go ran cardgen on a line of b.go")
	}
}

// TestGenerateLineFiles: the files whose //go:generate lines count beside the loaded ones are
// those go generate reads and a build does not: test files, and files only go generate's
// "generate" build tag keeps. A file every build leaves out (//go:build ignore) is not one, nor a
// file the build reads (the load has it), nor one without a //go:generate line; the package's
// own test files come before those of its _test package, whatever their names, and the
// generate-only files before both.
func TestGenerateLineFiles(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"a_test.go":  "package p_test\n\n//go:generate go tool cardgen -ui x\n",
		"b_test.go":  "package p\n\n//go:generate go tool cardgen -ui y\n",
		"c_test.go":  "//go:build ignore\n\npackage p\n\n//go:generate go tool cardgen -ui z\n",
		"d_test.go":  "package p\n",
		"gen.go":     "//go:build generate\n\npackage gen\n\n//go:generate go tool cardgen -ui w\n",
		"ignored.go": "//go:build ignore\n\npackage ignored\n\n//go:generate go tool cardgen -ui v\n",
		"p.go":       "package loaded\n\n//go:generate go tool cardgen -ui u\n",
		"_x_test.go": "package underscore\n\n//go:generate go tool cardgen -ui t\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	for _, f := range GenerateLineFiles(token.NewFileSet(), dir) {
		got = append(got, f.Name.Name)
	}
	if want := []string{"gen", "p", "p_test"}; !slices.Equal(got, want) {
		t.Errorf("GenerateLineFiles: packages %q; want %q (gen.go, b_test.go, then a_test.go; the others left out)", got, want)
	}
}

// TestGenerateLineOfOtherPackages: a //go:generate line runs cardgen with the directory of its
// file as the working directory; one that names only other directories, or runs another
// cardgen command, is not the package's line: its -ui is not the package's folder, and go
// generate in the package does not generate it. A file kept only for go generate
// (//go:build generate) does count, and a file every build leaves out does not.
func TestGenerateLineOfOtherPackages(t *testing.T) {
	for _, tc := range []struct {
		line string
		here bool
	}{
		{"go tool cardgen", true},
		{"go tool cardgen -ui views", true},
		{"go tool cardgen -v .", true},
		{"go tool cardgen ./...", true},
		{"go tool cardgen ../...", true},
		{"go tool cardgen ../../...", true},
		{"go tool cardgen $GOFILE", true},
		{"go tool cardgen orders.go", true},
		{"go tool cardgen ./orders.go", true},
		{"go tool cardgen example.com/shop/orders", true}, // an import path: perhaps this one
		{"go tool cardgen ./sub ./other .", true},
		{"go tool cardgen -ui ./sub", true}, // ./sub is -ui's value
		{"go tool cardgen --ui=views ...", true},
		{"go tool cardgen ./sub", false},
		{"go tool cardgen -ui views ./sub/...", false},
		{"go tool cardgen ../lib", false},
		{"go tool cardgen ../lib/...", false},
		{"go tool cardgen sub/x.go", false},
		{"go tool cardgen check", false},
		{"go tool cardgen check ./...", false},
		{"go tool cardgen new get_order", false},
	} {
		var g generateScan
		_, ok := g.cardgenArgs("//go:generate " + tc.line)
		if ok != tc.here {
			t.Errorf("%q: runs cardgen on the package %v; want %v", tc.line, ok, tc.here)
		}
	}

	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"p.go":       "package p\n\n//go:generate go tool cardgen -ui views ./sub\n",
		"ignored.go": "//go:build ignore\n\npackage p\n\n//go:generate go tool cardgen\n",
	})
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filepath.Join(dir, "p.go"), nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	if ui, _, _ := PackageUIDir(fset, []*ast.File{f}); ui != "" {
		t.Errorf("PackageUIDir = %q from a line for ./sub; want none", ui)
	}
	if HasGenerateLine(fset, []*ast.File{f}, dir) {
		t.Errorf("HasGenerateLine: a line for ./sub, or one in a file no build reads, counted")
	}
	writeTree(t, dir, map[string]string{"gen.go": "//go:build generate\n\npackage p\n\n//go:generate go tool cardgen\n"})
	if !HasGenerateLine(fset, []*ast.File{f}, dir) {
		t.Errorf("HasGenerateLine: the line of a //go:build generate file did not count")
	}
}
