package gen_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

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

// TestKeepsOwnFilesOfPackageWithoutTools: a package without tools may have files of its own
// named as cardgen's (a card game's cards_gen.go), without cardgen's header: cardgen neither
// removes them nor reports them stale. It removed a hand-written cards_gen.go on every run over
// ./..., since the name alone made a file cardgen's.
func TestKeepsOwnFilesOfPackageWithoutTools(t *testing.T) {
	src, _ := filepath.Abs(goldenRoot)
	dir, err := os.MkdirTemp(src, "_owncards")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	files := map[string]string{
		gen.GeneratedFile:     "package deck\n\n// NewDeck returns the 52 cards of a deck.\nfunc NewDeck() []string { return nil }\n",
		gen.GeneratedTestFile: "package deck\n",
		"deck.go":             "package deck\n\nvar _ = NewDeck\n",
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(b), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, err := gen.Generate(gen.Options{Dir: dir}, ".")
	if err != nil {
		t.Fatal(err)
	}
	if stale := gen.Stale(res.Files); len(stale) != 0 {
		t.Errorf("Stale = %v; want none: the files are the package's own", stale)
	}
	if _, err := gen.Write(res.Files); err != nil {
		t.Fatal(err)
	}
	for name, want := range files {
		if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(got) != want {
			t.Errorf("%s: %v; want it kept as it was", name, err)
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

// TestWriteRemovesLeftoverTemps: a run killed between writing a temporary file and renaming it
// leaves the file behind, and the next Write into that folder removes it once it is old enough
// that no run still alive can be writing it. Anything else, a fresh temporary file (another
// run's, perhaps mid-write) included, stays.
func TestWriteRemovesLeftoverTemps(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-2 * time.Hour)
	files := map[string]time.Time{
		".cards_gen.go.tmp2750218832": old, // removed
		".cards_gen_test.go.tmp17":    old, // removed
		".cards_gen.go.tmp999":        time.Now().Add(-time.Minute),
		".cards_gen.go.tmp":           old, // no digits: not os.CreateTemp's
		".cards_gen.go.tmp12x":        old,
		"cards_gen.go.tmp12":          old, // no leading dot
		".notes.go.tmp12":             old, // not a file cardgen generates
		".cards_gen.go.tmp12.bak":     old,
		"notes.go":                    old,
	}
	for name, mtime := range files {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte("partial"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}
	// A folder of the name is not a file cardgen wrote.
	if err := os.Mkdir(filepath.Join(dir, ".cards_gen.go.tmp31"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(filepath.Join(dir, ".cards_gen.go.tmp31"), old, old); err != nil {
		t.Fatal(err)
	}

	target := filepath.Join(dir, gen.GeneratedFile)
	if _, err := gen.Write([]gen.File{{Path: target, Content: []byte("package p\n")}}); err != nil {
		t.Fatal(err)
	}
	var got []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && path != dir {
			rel, _ := filepath.Rel(dir, path)
			got = append(got, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		".cards_gen.go.tmp", ".cards_gen.go.tmp12.bak", ".cards_gen.go.tmp12x", ".cards_gen.go.tmp31",
		".cards_gen.go.tmp999", ".notes.go.tmp12", "cards_gen.go", "cards_gen.go.tmp12", "notes.go",
	}
	if !slices.Equal(got, want) {
		t.Errorf("after Write the folder holds\n%q\nwant\n%q", got, want)
	}
}

// TestWriteFileMode: a rewritten file keeps the permissions it had (a group-writable 0664, a
// private 0600), and a new one gets what os.WriteFile gives a file of 0644 in the same folder —
// 0644 less the umask. Write set 0644 whatever the file had been and whatever the umask said.
func TestWriteFileMode(t *testing.T) {
	dir := t.TempDir()
	for _, mode := range []fs.FileMode{0o664, 0o600} {
		path := filepath.Join(dir, mode.String(), gen.GeneratedFile)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("package old\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(path, mode); err != nil {
			t.Fatal(err)
		}
		if _, err := gen.Write([]gen.File{{Path: path, Content: []byte("package p\n")}}); err != nil {
			t.Fatal(err)
		}
		if info, err := os.Stat(path); err != nil || info.Mode().Perm() != mode {
			t.Errorf("a %v file rewritten: %v, %v; want it to keep its mode", mode, info.Mode().Perm(), err)
		}
	}
	// The umask decides, as it does for os.WriteFile.
	like := filepath.Join(dir, "like.go")
	if err := os.WriteFile(like, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := os.Stat(like)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, gen.GeneratedFile)
	if _, err := gen.Write([]gen.File{{Path: path, Content: []byte("package p\n")}}); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != want.Mode().Perm() {
		t.Errorf("a new file: %v, %v; want %v, as os.WriteFile makes a file of 0644 here", info.Mode().Perm(), err, want.Mode().Perm())
	}
}
