package gen_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
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

// TestDiagnosticsSayWhatToDo holds every diagnostic of the bad golden cases to the form the
// toolchain's users expect: "file:line:col: what is wrong; what to do". A message without the
// second half, or one that stops at the limit it broke, fails.
func TestDiagnosticsSayWhatToDo(t *testing.T) {
	lineCol := regexp.MustCompile(`^[^ :]+:\d+:\d+: `)
	atLimit := regexp.MustCompile(`the limit is \d+$`)
	// The go/types and go/parser errors the toolchain prints as they are (go vet's words).
	compilerWords := regexp.MustCompile(`^(undefined: [\pL_][\pL\pN_.]*|expected .+, found .+|missing ',' in .+|[\pL_][\pL\pN_]* redeclared in this block \(other declaration of .+\))$`)
	n := 0
	for _, c := range goldenCases(t) {
		stderr, err := os.ReadFile(filepath.Join(goldenRoot, c, "want", "stderr.txt"))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		for line := range strings.Lines(strings.TrimSpace(string(stderr))) {
			n++
			line = strings.TrimSpace(line)
			pos := lineCol.FindString(line)
			msg := line[len(pos):]
			wrong, todo, ok := strings.Cut(msg, "; ")
			switch {
			case pos != "" && compilerWords.MatchString(msg):
				// The compiler's own error, passed on in its words as go build and go vet print
				// it; cardgen adds nothing to what it says.
			case pos == "":
				t.Errorf("%s: %q does not start with file:line:col", c, line)
			case !ok || strings.TrimSpace(wrong) == "" || strings.TrimSpace(todo) == "":
				t.Errorf("%s: %q does not say what is wrong, a semicolon, then what to do", c, line)
			case atLimit.MatchString(msg):
				t.Errorf("%s: %q stops at the limit; say what to do about it", c, line)
			}
		}
	}
	if n < 50 {
		t.Errorf("read %d diagnostics from the bad golden cases; expected the whole set (over 50)", n)
	}
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

// TestGoldenAllAtOnce runs cardgen once over every golden case, as `cardgen ./...` runs over a
// repository, where packages are modelled and rendered side by side on every core. Each file must
// be the case's want/ file, in the same order on a second run; the failing cases, in a run of
// their own, must give every case's diagnostics together, sorted, each as its own run gives it.
func TestGoldenAllAtOnce(t *testing.T) {
	if *update {
		t.Skip("-update rewrites the want/ files from TestGolden's one-case runs")
	}
	root, _ := filepath.Abs(goldenRoot)
	var good, bad []string
	for _, name := range goldenCases(t) {
		if strings.HasPrefix(name, "bad_") {
			bad = append(bad, "./"+name)
		} else {
			good = append(good, "./"+name)
		}
	}

	res, err := gen.Generate(gen.Options{Dir: root}, good...)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Files) != 2*len(good) {
		t.Fatalf("one run over %d cases made %d files; want %d", len(good), len(res.Files), 2*len(good))
	}
	missing := map[string]bool{}
	for _, name := range good {
		for _, file := range []string{gen.GeneratedFile, gen.GeneratedTestFile} {
			missing[filepath.Join(root, name, file)] = true
		}
	}
	for _, f := range res.Files {
		if !missing[f.Path] {
			t.Errorf("%s made twice, or not a file of the cases", f.Path)
		}
		delete(missing, f.Path)
		want, err := os.ReadFile(filepath.Join(filepath.Dir(f.Path), "want", filepath.Base(f.Path)))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(f.Content, want) {
			t.Errorf("%s: a run over every case rendered other bytes than its want/ file", f.Path)
		}
	}
	for path := range missing {
		t.Errorf("%s was not made by the run over every case", path)
	}
	again, err := gen.Generate(gen.Options{Dir: root}, good...)
	if err != nil {
		t.Fatal(err)
	}
	for i := range res.Files {
		if again.Files[i].Path != res.Files[i].Path {
			t.Fatalf("file %d is %s on one run and %s on the next; want a fixed order", i, res.Files[i].Path, again.Files[i].Path)
		}
	}

	_, err = gen.Generate(gen.Options{Dir: root}, bad...)
	var diags gen.Diagnostics
	if !errors.As(err, &diags) {
		t.Fatalf("a run over every bad case: want diagnostics, got %v", err)
	}
	var want []string
	for _, name := range bad {
		b, err := os.ReadFile(filepath.Join(root, name, "want", "stderr.txt"))
		if err != nil {
			t.Fatal(err)
		}
		for line := range strings.Lines(string(b)) {
			want = append(want, strings.TrimPrefix(name, "./")+"/"+strings.TrimSuffix(line, "\n"))
		}
	}
	got := strings.Split(diags.Relative(root).Error(), "\n")
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("a run over every bad case printed\n%s\n\nwant each case's want/stderr.txt in turn:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
