package gen

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// splitRegisterTools lowers registerChunk to k for the rest of the test. The tests that call it
// are not parallel, and parallel tests start only after every sequential one has ended.
func splitRegisterTools(t *testing.T, k int) {
	t.Helper()
	saved := registerChunk
	registerChunk = k
	t.Cleanup(func() { registerChunk = saved })
}

// TestRegisterHelpers generates every golden case that generates with RegisterTools split into
// functions of two tools: register_helpers must be its want/split/cards_gen.go, each file must
// register at most two tools per function and none in a RegisterTools that calls helpers, and
// every file must build and vet in its package, so each helper is passed exactly the variables of
// RegisterTools its tools use.
func TestRegisterHelpers(t *testing.T) {
	splitRegisterTools(t, 2)
	root, _ := filepath.Abs(filepath.Join("..", "testdata", "golden"))
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, e := range entries {
		if e.IsDir() && !strings.HasPrefix(e.Name(), "bad_") && !strings.HasPrefix(e.Name(), "_") && !strings.HasPrefix(e.Name(), ".") {
			dirs = append(dirs, "./"+e.Name())
		}
	}
	res, err := Generate(Options{Dir: root}, dirs...)
	if err != nil {
		t.Fatal(err)
	}
	addTool := regexp.MustCompile(`(?m)^\t(register|register\d+)\.AddTool\(`)
	funcs := regexp.MustCompile(`(?m)^func (\w+)\(`)
	overlay := map[string]map[string]string{"Replace": {}}
	var pkgs []string
	split := 0
	for _, p := range res.Packages {
		pkgs = append(pkgs, "./testdata/golden/"+filepath.Base(p.Dir))
	}
	for _, f := range res.Files {
		name := filepath.Base(filepath.Dir(f.Path))
		tmp := filepath.Join(t.TempDir(), filepath.Base(f.Path))
		if err := os.WriteFile(tmp, f.Content, 0o644); err != nil {
			t.Fatal(err)
		}
		overlay["Replace"][f.Path] = tmp
		if filepath.Base(f.Path) != GeneratedFile {
			continue
		}
		if name == "register_helpers" {
			want := filepath.Join(root, name, "want", "split", GeneratedFile)
			if u := flag.Lookup("update"); u != nil && u.Value.String() == "true" {
				if err := os.MkdirAll(filepath.Dir(want), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(want, f.Content, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			b, err := os.ReadFile(want)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b, f.Content) {
				t.Errorf("%s differs from what cardgen makes with RegisterTools split in twos (go test ./gen -run TestRegisterHelpers -update rewrites it):\n%s", want, f.Content)
			}
		}
		// Each function's registrations: the text from one func line to the next.
		src := string(f.Content)
		locs := funcs.FindAllStringSubmatchIndex(src, -1)
		helpers := 0
		for i, loc := range locs {
			end := len(src)
			if i+1 < len(locs) {
				end = locs[i+1][0]
			}
			fn, n := src[loc[2]:loc[3]], len(addTool.FindAllString(src[loc[0]:end], -1))
			switch {
			case strings.HasPrefix(fn, "registerTools"):
				helpers++
				if n == 0 || n > 2 {
					t.Errorf("%s: %s registers %d tools; want 1 or 2", name, fn, n)
				}
			case fn == "RegisterTools" && strings.Contains(src, "\nfunc registerTools1(") && n > 0:
				t.Errorf("%s: RegisterTools registers %d tools itself and calls helpers too", name, n)
			case n > 2:
				t.Errorf("%s: %s registers %d tools; want at most 2", name, fn, n)
			}
		}
		if helpers > 0 {
			split++
		}
	}
	if split < 5 {
		t.Fatalf("only %d golden cases were split; the test no longer exercises the helpers", split)
	}
	b, _ := json.Marshal(overlay)
	ov := filepath.Join(t.TempDir(), "overlay.json")
	if err := os.WriteFile(ov, b, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", append([]string{"vet", "-overlay", ov}, pkgs...)...)
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet of the golden cases generated with RegisterTools split: %v\n%s", err, out)
	}
}

// TestRegisterHelperNames: the helpers of a split RegisterTools are generated names like any
// other, checked against the package's own declarations and the names of its files' imports
// (that of a package whose own name it is, and one a test file names so); a receiver takes
// another parameter name rather than shadow one; a package of no more tools than a function
// registers declares none.
func TestRegisterHelperNames(t *testing.T) {
	dir := moduleTempDir(t, "helpers")
	abs, _ := filepath.Abs(dir)
	writeTree(t, dir, map[string]string{
		"rt/rt.go":  "package registerTools1\n\nfunc F() {}\n",
		"imp.go":    "package p\n\nimport \"" + "github.com/cardgen/cardgen/gen/" + filepath.Base(abs) + "/rt" + "\"\n\nvar _ = registerTools1.F\n",
		"p_test.go": "package p\n\nimport registerTools3 \"strings\"\n\nvar _ = registerTools3.ToUpper\n",
		"p.go": `package p

import "context"

type In struct {
	ID string ` + "`json:\"id\"`" + `
}

type Out struct {
	ID string ` + "`json:\"id\"`" + `
}

type RegisterTools1 struct{}

// A does it.
//
//card:tool
func (RegisterTools1) A(ctx context.Context, in In) (*Out, error) { return nil, nil }

// B does it.
//
//card:tool
func (RegisterTools1) B(ctx context.Context, in In) (*Out, error) { return nil, nil }

// C does it.
//
//card:tool
func C(ctx context.Context, in In) (*Out, error) { return nil, nil }

func registerTools2() {}
`})
	if _, err := Generate(Options{Dir: abs}, "."); err != nil {
		t.Fatalf("a package of 3 tools, unsplit: %v", err)
	}
	splitRegisterTools(t, 1)
	_, err := Generate(Options{Dir: abs}, ".")
	part := "(a part of RegisterTools, which registers the tools of a package of more than 1 in functions of 1)"
	for _, want := range []string{
		"imp.go:3:8: this file imports github.com/cardgen/cardgen/gen/" + filepath.Base(abs) + "/rt as registerTools1, a name cardgen also declares in package p " + part + ", so the package would not compile; import it under another name",
		"p.go:30:6: registerTools2 is declared here and also generated by cardgen " + part + "; rename it",
		"p_test.go:3:8: this test file imports strings as registerTools3, a name cardgen also declares in package p " + part + ", so go test would not compile the package; import it under another name",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v; want %s", err, want)
		}
	}
	if t.Failed() {
		return
	}
	splitRegisterTools(t, 2)
	for _, f := range []string{"imp.go", "p_test.go"} {
		if err := os.Remove(filepath.Join(dir, f)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "p.go"), bytes.Replace(must(os.ReadFile(filepath.Join(dir, "p.go"))), []byte("registerTools2()"), []byte("other()"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Generate(Options{Dir: abs}, ".")
	if err != nil {
		t.Fatal(err)
	}
	src := string(res.Files[0].Content)
	if !strings.Contains(src, "func RegisterTools(s *mcp.Server, registerTools1Svc *RegisterTools1, opts ...register.Option) {") ||
		!strings.Contains(src, "\tregisterTools1(s, registerTools1Svc, opts)\n") {
		t.Errorf("the receiver's parameter shadows the helper registerTools1:\n%s", src)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
