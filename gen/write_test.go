package gen_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/gen"
)

// TestRemovesFilesOfPackageWithoutTools copies a generating golden case with its generated files,
// removes its //card:tool directives, and expects cardgen to delete its own files (and only
// those), so that registrations of handlers that are gone cannot break the build.
func TestRemovesFilesOfPackageWithoutTools(t *testing.T) {
	src, _ := filepath.Abs(filepath.Join(goldenRoot, "value_output"))
	dir, err := os.MkdirTemp(filepath.Dir(src), "_notools")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	p, err := os.ReadFile(filepath.Join(src, "p.go"))
	if err != nil {
		t.Fatal(err)
	}
	noTools := []byte(strings.ReplaceAll(string(p), "//card:", "// "))
	files := map[string][]byte{"p.go": noTools, "notes_test.go": []byte("package p\n")}
	for _, name := range []string{gen.GeneratedFile, gen.GeneratedTestFile} {
		b, err := os.ReadFile(filepath.Join(src, "want", name))
		if err != nil {
			t.Fatal(err)
		}
		files[name] = b
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, err := gen.Generate(gen.Options{Dir: dir}, ".")
	if err != nil {
		t.Fatal(err)
	}
	if stale := gen.Stale(res.Files); len(stale) != 2 {
		t.Errorf("Stale = %v; want both generated files, which should be gone", stale)
	}
	for _, f := range gen.StaleFiles(res.Files) {
		if f.Why != gen.Unwanted {
			t.Errorf("StaleFiles: %s is stale as %d; want Unwanted (the package has no tools)", f.Path, f.Why)
		}
	}
	written, err := gen.Write(res.Files)
	if err != nil || len(written) != 2 {
		t.Fatalf("Write = %v, %v; want the two generated files removed", written, err)
	}
	for _, name := range []string{gen.GeneratedFile, gen.GeneratedTestFile} {
		if _, err := os.Stat(filepath.Join(dir, name)); !os.IsNotExist(err) {
			t.Errorf("%s still exists", name)
		}
	}
	for _, name := range []string{"p.go", "notes_test.go"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s was removed: %v", name, err)
		}
	}
}

// TestWriteErrorNamesTheFile: a failed write names the file Write was asked to write and the
// cause, not the temporary file beside it that it writes through (".cards_gen.go.tmp123"), which
// the user never asked for. The rename onto a non-empty directory fails for root too.
func TestWriteErrorNamesTheFile(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, gen.GeneratedFile)
	if err := os.MkdirAll(filepath.Join(target, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := gen.Write([]gen.File{{Path: target, Content: []byte("package p\n")}})
	if err == nil || !strings.HasPrefix(err.Error(), "writing "+target+": ") || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("Write onto a directory: %v; want \"writing %s: \" and the cause, without the temporary file", err, target)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("Write left %d entries in the directory; want only the directory in the way", len(entries))
	}
}
