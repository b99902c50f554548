package gen_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/gen"
)

var update = flag.Bool("update", false, "rewrite the want/ files of testdata/golden from what cardgen makes now")

// goldenRoot holds one folder per case, in wire's layout: the input package, and want/ with the
// files cardgen must write (want/*.go) or the diagnostics it must print (want/stderr.txt).
const goldenRoot = "../testdata/golden"

func goldenCases(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(goldenRoot)
	if err != nil {
		t.Fatal(err)
	}
	var cases []string
	for _, e := range entries {
		// Folders starting with "_" or "." are other tests' scratch copies, which the go
		// command ignores too.
		if e.IsDir() && !strings.HasPrefix(e.Name(), "_") && !strings.HasPrefix(e.Name(), ".") {
			cases = append(cases, e.Name())
		}
	}
	return cases
}

// TestGolden runs cardgen on every case and compares with want/. Cases named bad_* must fail
// with exactly want/stderr.txt and write nothing; the others must generate exactly want/*.go.
func TestGolden(t *testing.T) {
	var good []string
	for _, name := range goldenCases(t) {
		dir := filepath.Join(goldenRoot, name)
		t.Run(name, func(t *testing.T) {
			abs, _ := filepath.Abs(dir)
			res, err := gen.Generate(gen.Options{Dir: abs}, ".")
			wantDir := filepath.Join(dir, "want")
			if strings.HasPrefix(name, "bad_") {
				var diags gen.Diagnostics
				if !errors.As(err, &diags) {
					t.Fatalf("want diagnostics, got result %v, error %v", res, err)
				}
				got := []byte(diags.Relative(abs).Error() + "\n")
				compareGolden(t, filepath.Join(wantDir, "stderr.txt"), got)
				if _, err := os.Stat(filepath.Join(dir, gen.GeneratedFile)); err == nil {
					t.Errorf("a failing run left %s behind", gen.GeneratedFile)
				}
				return
			}
			if err != nil {
				t.Fatalf("cardgen: %v", err)
			}
			if len(res.Files) != 2 {
				t.Fatalf("cardgen made %d files; want %s and %s", len(res.Files), gen.GeneratedFile, gen.GeneratedTestFile)
			}
			again, err := gen.Generate(gen.Options{Dir: abs}, ".")
			if err != nil {
				t.Fatal(err)
			}
			for i, f := range res.Files {
				compareGolden(t, filepath.Join(wantDir, filepath.Base(f.Path)), f.Content)
				// Deterministic: a second run renders the same bytes.
				if !bytes.Equal(again.Files[i].Content, f.Content) {
					t.Errorf("a second run rendered different bytes for %s", f.Path)
				}
			}
		})
		if !strings.HasPrefix(name, "bad_") {
			good = append(good, name)
		}
	}
	if *update {
		return
	}
	t.Run("want_files_compile_and_vet", func(t *testing.T) {
		// Each want/cards_gen.go is laid over its case package with go's -overlay, so the
		// generated code is built and vetted exactly where it would be written.
		overlay := map[string]map[string]string{"Replace": {}}
		var pkgs []string
		for _, name := range good {
			dir, _ := filepath.Abs(filepath.Join(goldenRoot, name))
			for _, name := range []string{gen.GeneratedFile, gen.GeneratedTestFile} {
				overlay["Replace"][filepath.Join(dir, name)] = filepath.Join(dir, "want", name)
			}
			pkgs = append(pkgs, "./testdata/golden/"+name)
		}
		b, _ := json.Marshal(overlay)
		ov := filepath.Join(t.TempDir(), "overlay.json")
		if err := os.WriteFile(ov, b, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("go", append([]string{"vet", "-overlay", ov}, pkgs...)...)
		cmd.Dir = ".."
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go vet of the generated golden files: %v\n%s", err, out)
		}
	})
}

func compareGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./gen -run TestGolden -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from what cardgen makes now:\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}
