package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/cardgen/cardgen/internal/testenv"
)

// TestHintRequirements generates a package for the first time in a module that requires neither
// cardgen's runtime nor the SDK: cardgen writes the files, exits 0 and says to run go mod tidy.
// A second run, which writes nothing new, says nothing; nor does a first generation after
// go mod tidy, when the module requires both. Run from a workspace's root, outside the module,
// it says where to run go mod tidy (it said only to run it, which fails there).
func TestHintRequirements(t *testing.T) {
	dir := ownModule(t, "example.com/hint", map[string]string{
		"get.go": `// Package hint has one tool.
package hint

import "context"

// In is the input.
type In struct {
	ID string ` + "`json:\"id\"`" + `
}

// Out is the output.
type Out struct {
	ID string ` + "`json:\"id\"`" + `
}

// Get returns what it is given.
//
//card:tool get
func Get(ctx context.Context, in In) (*Out, error) { return &Out{ID: in.ID}, nil }
`,
	})
	t.Setenv("GOFLAGS", "")

	// From a workspace's root, outside the module, go mod tidy must run in the module.
	work := t.TempDir()
	if err := os.WriteFile(filepath.Join(work, "go.work"), []byte("go 1.26.0\n\nuse "+dir+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOWORK", "")
	const missing = "cardgen: the generated code imports packages of github.com/cardgen/cardgen and " +
		"github.com/modelcontextprotocol/go-sdk, which "
	wantThere := missing + filepath.Join(dir, "go.mod") + " does not require yet; run go mod tidy in that module: cd " + dir + " && go mod tidy\n"
	if code, out, errOut := runIn(t, work, dir); code != 0 || out != "" || errOut != wantThere {
		t.Fatalf("first generation from the workspace's root: exit %d, stdout %q, stderr:\n%s\nwant exit 0 and:\n%s", code, out, errOut, wantThere)
	}
	for _, name := range []string{"cards_gen.go", "cards_gen_test.go"} {
		if err := os.Remove(filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}

	t.Setenv("GOWORK", "off")
	want := missing + "go.mod does not require yet; run go mod tidy\n"
	if code, out, errOut := runIn(t, dir, "."); code != 0 || out != "" || errOut != want {
		t.Fatalf("first generation: exit %d, stdout %q, stderr:\n%s\nwant exit 0 and:\n%s", code, out, errOut, want)
	}
	if code, _, errOut := runIn(t, dir, "."); code != 0 || errOut != "" {
		t.Errorf("second run: exit %d, stderr %q; want exit 0 and nothing (no file is generated for the first time)", code, errOut)
	}

	cmd := exec.Command("go", "mod", "tidy")
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		testenv.FailGoCommand(t, "go mod tidy: "+err.Error(), b)
	}
	if err := os.Remove(filepath.Join(dir, "cards_gen.go")); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runIn(t, dir, "."); code != 0 || errOut != "" {
		t.Errorf("first generation after go mod tidy: exit %d, stderr %q; want exit 0 and nothing", code, errOut)
	}

	// As go get -tool leaves go.mod: the runtime's modules are in the build list, but modules
	// only the runtime packages need (goldmark for runtime/mdcard, go-cmp for runtime/cardtest)
	// are not listed, and the build stops ("updates to go.mod needed").
	goMod := filepath.Join(dir, "go.mod")
	b, err := os.ReadFile(goMod)
	if err != nil {
		t.Fatal(err)
	}
	pruned := regexp.MustCompile(`(?m)^\s*github\.com/(yuin/goldmark|google/go-cmp) v\S+.*\n`).ReplaceAll(b, nil)
	if bytes.Equal(pruned, b) {
		t.Fatalf("go.mod after go mod tidy lists neither goldmark nor go-cmp:\n%s", b)
	}
	if err := os.WriteFile(goMod, pruned, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "cards_gen.go")); err != nil {
		t.Fatal(err)
	}
	want = "cardgen: the generated code builds only once go.mod is tidied (updates to go.mod needed); run go mod tidy\n"
	if code, _, errOut := runIn(t, dir, "."); code != 0 || errOut != want {
		t.Errorf("first generation with modules missing from go.mod: exit %d, stderr %q; want exit 0 and %q", code, errOut, want)
	}
}

// TestTidyComplaint: the complaint is the go command's line that asks for go mod tidy, not the
// progress before it (on a cold module cache the first line was "downloading …").
func TestTidyComplaint(t *testing.T) {
	for stderr, want := range map[string]string{
		"go: updates to go.mod needed; to update it:\n\tgo mod tidy\n": "updates to go.mod needed",
		"go: downloading github.com/modelcontextprotocol/go-sdk v1.8.0\ngo: downloading github.com/yuin/goldmark v1.8.7\ngo: updates to go.mod needed; to update it:\n\tgo mod tidy\n": "updates to go.mod needed",
		"p.go:5:2: missing go.sum entry for module providing package github.com/yuin/goldmark (imported by x); to add:\n\tgo get x\n":                                                  "p.go:5:2: missing go.sum entry for module providing package github.com/yuin/goldmark (imported by x)",
		"go: example.com/x: missing go.sum entry for go.mod file; to add it:\n\tgo mod download example.com/x\n":                                                                       "example.com/x: missing go.sum entry for go.mod file",
	} {
		if got := tidyComplaint(stderr); got != want {
			t.Errorf("tidyComplaint(%q) = %q, want %q", stderr, got, want)
		}
	}
}
