package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
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

// TestHintRequirementsVendored: in a module that vendors its dependencies (go.mod says go 1.14 or
// later and vendor/ exists), the go command reads packages from vendor/ alone. A first generation
// there said nothing, and the build then failed ("import lookup disabled by -mod=vendor"); it
// must say to run go mod tidy && go mod vendor, and running exactly that must make the package
// build and vet. A vendored module that does not require cardgen's runtime (cardgen run from
// elsewhere) is told the same, and so is one with -mod=vendor in GOFLAGS; in a workspace, whose
// build reads the workspace's vendor directory, the command is go work vendor.
func TestHintRequirementsVendored(t *testing.T) {
	const src = `// Package v has one tool.
package v

import "context"

// In is the input.
type In struct {
	ID string ` + "`json:\"id\"`" + `
}

// Get returns what it is given.
//
//card:tool get
func Get(ctx context.Context, in In) (*In, error) { return &in, nil }
`
	// The README's setup, vendored.
	dir := vendoredModule(t, "example.com/v", map[string]string{"get.go": src})
	code, out, errOut := runIn(t, dir, ".")
	const wantPrefix = "cardgen: the generated code builds only once go.mod is tidied and its vendor directory made again (cannot find module providing package github.com/cardgen/cardgen/runtime/"
	const wantSuffix = ": import lookup disabled by -mod=vendor); run go mod tidy && go mod vendor\n"
	if code != 0 || out != "" || !strings.HasPrefix(errOut, wantPrefix) || !strings.HasSuffix(errOut, wantSuffix) || strings.Count(errOut, "\n") != 1 {
		t.Fatalf("first generation in a vendored module: exit %d, stdout %q, stderr:\n%s\nwant exit 0 and one line:\n%s…%s", code, out, errOut, wantPrefix, wantSuffix)
	}
	_, advice, _ := strings.Cut(errOut, "); run ")
	shIn(t, dir, strings.TrimSpace(advice)+" && go build ./... && go vet ./...")
	if code, _, errOut := runIn(t, dir, "."); code != 0 || errOut != "" {
		t.Errorf("second run: exit %d, stderr %q; want exit 0 and nothing", code, errOut)
	}

	// A vendored module that does not require cardgen (cardgen run from elsewhere): go list -m
	// cannot resolve the runtime's modules "using the vendor directory". Vendored with
	// -mod=vendor in GOFLAGS this time, as some set it.
	own := ownModule(t, "example.com/own", map[string]string{"get.go": strings.Replace(src, "package v", "package own", 1)})
	shIn(t, own, "go mod vendor")
	t.Setenv("GOFLAGS", "-mod=vendor")
	const wantOwn = "cardgen: the generated code imports packages of github.com/cardgen/cardgen and github.com/modelcontextprotocol/go-sdk, " +
		"which go.mod does not require yet; run go mod tidy && go mod vendor\n"
	if code, out, errOut := runIn(t, own, "."); code != 0 || out != "" || errOut != wantOwn {
		t.Errorf("first generation in a vendored module new to cardgen: exit %d, stdout %q, stderr:\n%s\nwant exit 0 and:\n%s", code, out, errOut, wantOwn)
	}
	t.Setenv("GOFLAGS", "")

	// The same module in a workspace with a vendor directory of its own, run from the
	// workspace's root: go mod vendor refuses to run in a workspace, go work vendor makes its
	// vendor directory.
	work := t.TempDir()
	m := filepath.Join(work, "m")
	if err := os.CopyFS(m, os.DirFS(ownModule(t, "example.com/m", map[string]string{"get.go": strings.Replace(src, "package v", "package m", 1)}))); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(work, "go.work"), []byte("go 1.26.0\n\nuse ./m\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOWORK", "")
	shIn(t, work, "go work vendor")
	wantWork := "cardgen: the generated code imports packages of github.com/cardgen/cardgen and github.com/modelcontextprotocol/go-sdk, " +
		"which " + filepath.Join("m", "go.mod") + " does not require yet; run go mod tidy && go work vendor in that module: cd m && go mod tidy && go work vendor\n"
	if code, out, errOut := runIn(t, work, "./m"); code != 0 || out != "" || errOut != wantWork {
		t.Errorf("first generation in a vendored workspace: exit %d, stdout %q, stderr:\n%s\nwant exit 0 and:\n%s", code, out, errOut, wantWork)
	}
}

// TestVendorComplaint: the complaint is the go command's first line about the vendored build,
// without its position or prefixes, whether it is about a package or about go.mod.
func TestVendorComplaint(t *testing.T) {
	for stderr, want := range map[string]string{
		"cards_gen.go:10:2: cannot find module providing package github.com/cardgen/cardgen/runtime/register: import lookup disabled by -mod=vendor\n\t(Go version in go.mod is at least 1.14 and vendor directory exists.)\n" +
			"go: can't load test package: cards_gen_test.go:8:2: cannot find module providing package github.com/cardgen/cardgen/runtime/cardtest: import lookup disabled by -mod=vendor\n": "cannot find module providing package github.com/cardgen/cardgen/runtime/register: import lookup disabled by -mod=vendor",
		"go: can't load test package: billing/cards_gen_test.go:8:2: cannot find module providing package github.com/cardgen/cardgen/runtime/cardtest: import lookup disabled by -mod=vendor\n": "cannot find module providing package github.com/cardgen/cardgen/runtime/cardtest: import lookup disabled by -mod=vendor",
		"go: updates to go.mod needed, disabled by -mod=vendor\n\t(Go version in go.mod is at least 1.14 and vendor directory exists.)\n\tto update it:\n\tgo mod tidy\n":                       "updates to go.mod needed, disabled by -mod=vendor",
	} {
		if got := vendorComplaint(stderr); got != want {
			t.Errorf("vendorComplaint(%q) = %q, want %q", stderr, got, want)
		}
	}
}

// TestTidyAdviceQuotesDir: the cd of the go mod tidy advice from outside the module quotes a
// directory the shell would split, as the run-cardgen-there advice does; pasted, it failed.
func TestTidyAdviceQuotesDir(t *testing.T) {
	wd := t.TempDir()
	mod := filepath.Join(wd, "my svc")
	if got, want := tidyAdvice(wd, mod, false), "run go mod tidy in that module: cd 'my svc' && go mod tidy"; got != want {
		t.Errorf("tidyAdvice = %q; want %q", got, want)
	}
}
