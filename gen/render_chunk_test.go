package gen

import (
	"bytes"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/internal/synth"
)

// moduleTempDir makes a directory inside the module for the test to write a package into (a
// package outside it cannot be loaded with the module's dependencies); the leading underscore
// keeps it out of ./... patterns. It is removed when the test ends.
func moduleTempDir(t testing.TB, prefix string) string {
	t.Helper()
	dir, err := os.MkdirTemp(".", "_"+prefix)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// writeTree writes files (relative path → source) under dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, src := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// synthDir writes a synthetic package of n handlers (internal/synth) into a moduleTempDir.
func synthDir(t testing.TB, n int) string {
	t.Helper()
	dir := moduleTempDir(t, "synth")
	if err := synth.Write(dir, n); err != nil {
		t.Fatal(err)
	}
	return dir
}

// modelDir loads and models the package in dir as Generate does before rendering.
func modelDir(t testing.TB, dir string) *Package {
	t.Helper()
	pkgs, err := Load(dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	p, diags := Model(InputOf(pkgs[0]), Options{})
	if len(diags) > 0 {
		t.Fatalf("%s: %v", dir, diags)
	}
	return p
}

// generatingDirs are the packages cardgen generates for in the repository: the example and every
// golden case that is not a bad input.
func generatingDirs(t *testing.T) []string {
	t.Helper()
	dirs := []string{"../examples/shop"}
	cases, err := os.ReadDir("../testdata/golden")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if c.IsDir() && !strings.HasPrefix(c.Name(), "bad_") && !strings.HasPrefix(c.Name(), "_") && !strings.HasPrefix(c.Name(), ".") {
			dirs = append(dirs, filepath.Join("../testdata/golden", c.Name()))
		}
	}
	return dirs
}

// TestRenderChunkedMatchesOneFile holds the parallel rendering to jennifer's rendering of the
// whole file in one piece, byte for byte, for every generating golden case, the example and a
// package whose two imports want the same name (which must take the one-piece path), at every
// chunk count up to one part per chunk.
func TestRenderChunkedMatchesOneFile(t *testing.T) {
	for _, dir := range append(generatingDirs(t), writeCollidingImports(t)) {
		p := modelDir(t, dir)
		ps := parts(p)
		one, err := renderOne(p, ps)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(dir, "_collide") && !bytes.Contains(one, []byte("model1 ")) {
			t.Fatalf("the package meant to make jennifer alias an import did not:\n%s", one)
		}
		for n := 2; n <= len(ps); n++ { // n < 2 is the one-piece render itself
			got, err := renderChunked(p, ps, n)
			if err != nil {
				t.Fatalf("%s in %d chunks: %v", dir, n, err)
			}
			if !bytes.Equal(got, one) {
				t.Errorf("%s in %d chunks differs from the file rendered in one piece:\n--- chunked\n%s\n--- one piece\n%s", dir, n, got, one)
				break
			}
		}
	}
}

// writeCollidingImports writes a package whose tool's input and output types come from two
// packages named model, so that jennifer must alias the second import.
func writeCollidingImports(t *testing.T) string {
	t.Helper()
	dir := moduleTempDir(t, "collide")
	mod := "github.com/cardgen/cardgen/gen/" + filepath.Base(dir)
	files := map[string]string{
		"a/model/model.go": "package model\n\n// A is an output.\ntype A struct {\n\tID string `json:\"id\"`\n}\n",
		"b/model/model.go": "package model\n\n// B is an output.\ntype B struct {\n\tID string `json:\"id\"`\n}\n",
		"p.go": "package p\n\nimport (\n\t\"context\"\n\n\tamodel \"" + mod + "/a/model\"\n\tbmodel \"" + mod + "/b/model\"\n)\n\n" +
			"// In is the input.\ntype In struct {\n\tID string `json:\"id\"`\n}\n\n" +
			"// Get gets.\n//\n//card:tool readonly\n//card:result title=\"{{.ID}}\"\nfunc Get(ctx context.Context, in In) (*amodel.A, error) {\n\treturn &amodel.A{ID: in.ID}, nil\n}\n\n" +
			"// Put puts.\n//\n//card:tool\n//card:result title=\"{{.ID}}\"\nfunc Put(ctx context.Context, in In) (*bmodel.B, error) {\n\treturn &bmodel.B{ID: in.ID}, nil\n}\n",
	}
	writeTree(t, dir, files)
	return dir
}

// TestGeneratedFilesHaveNoPackageDoc: the comment that says what a generated file holds is a
// header, separated from the package clause by a blank line. As a package comment it opened the
// package's documentation in go doc (cards_gen.go sorts before most files), and staticcheck
// reported it (ST1000).
func TestGeneratedFilesHaveNoPackageDoc(t *testing.T) {
	files, err := filepath.Glob("../testdata/golden/*/want/cards_gen*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no generated golden files: %v", err)
	}
	for _, name := range append(files, "../examples/shop/cards_gen.go", "../examples/shop/cards_gen_test.go") {
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		if f.Doc != nil {
			t.Errorf("%s: a package comment %q; the generated file's comments must be a header", name, f.Doc.Text())
		}
	}
}
