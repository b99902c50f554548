package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/internal/testenv"
)

// ownModule writes a module of its own, outside this repository, into a temporary directory:
// go.mod names module path, replaces github.com/cardgen/cardgen with this checkout and requires
// nothing; files are written beside it. Tests that use it run the go command there, so -short
// skips them.
func ownModule(t *testing.T, path string, files map[string]string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("runs the go command on a module of its own; skipped with -short")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files["go.mod"] = "module " + path + "\n\ngo 1.26.0\n\nreplace github.com/cardgen/cardgen => " + root + "\n"
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestGoTool follows the README's install story with Go's tool directive, in a module of its
// own outside this repository: go.mod requires cardgen and names it as a tool, as go get -tool
// would write it (cardgen comes from this checkout, through a replace directive);
// //go:generate go tool cardgen writes the package's files; the package builds and vets; its
// generated golden test passes once its snapshots are written; and go tool cardgen check finds
// everything up to date.
func TestGoTool(t *testing.T) {
	dir := ownModule(t, "example.com/tooluser", map[string]string{
		"orders.go": `// Package orders is a user of cardgen installed with go get -tool.
package orders

//go:generate go tool cardgen

import "context"

// Shop is the service.
type Shop struct{}

// GetOrderInput is the input of get_order.
type GetOrderInput struct {
	ID string ` + "`json:\"id\" jsonschema:\"required\"`" + `
}

// Order is an order.
type Order struct {
	ID     string ` + "`json:\"id\"`" + `
	Status string ` + "`json:\"status\"`" + `
}

// GetOrder looks up one order.
//
//card:tool get_order readonly
//card:result title="Order {{.ID}}" subtitle="{{.Status}}"
//card:example {"id":"1042","status":"shipped"}
func (s *Shop) GetOrder(ctx context.Context, in GetOrderInput) (*Order, error) {
	return &Order{ID: in.ID, Status: "shipped"}, nil
}
`,
	})
	goCmd := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
		out, err := cmd.CombinedOutput()
		if err != nil {
			testenv.FailGoCommand(t, fmt.Sprintf("go %s: %v", strings.Join(args, " "), err), out)
		}
		return string(out)
	}

	// What go get -tool github.com/cardgen/cardgen/cmd/cardgen@v0.1.0 writes into go.mod. The
	// command itself asks the module proxy about the version and about every prefix of the
	// package path, which fails here because v0.1.0 is not published; the replace directive
	// then supplies this checkout.
	goCmd("mod", "edit", "-require=github.com/cardgen/cardgen@v0.1.0", "-tool=github.com/cardgen/cardgen/cmd/cardgen")
	goCmd("mod", "tidy")
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(mod), "\ntool github.com/cardgen/cardgen/cmd/cardgen\n") {
		t.Fatalf("go.mod lost the tool directive:\n%s", mod)
	}
	goCmd("generate", "./...")
	for _, name := range []string{"cards_gen.go", "cards_gen_test.go"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Fatalf("go generate did not write %s: %v", name, err)
		}
	}
	goCmd("mod", "tidy") // the generated code imports the SDK and cardgen's runtime
	goCmd("vet", "./...")
	goCmd("test", "-run", "Golden", "./...", "-update")
	goCmd("test", "./...")
	if out := goCmd("tool", "cardgen", "check"); out != "" {
		t.Errorf("go tool cardgen check on the generated package printed %q; want nothing", out)
	}
	// The binary go tool builds says which cardgen it is: the module's required version, replaced
	// here by this checkout.
	if out := goCmd("tool", "cardgen", "version"); !strings.HasPrefix(out, "cardgen v0.1.0 (run-time API 1), go") ||
		!strings.Contains(out, "\nbuilt from github.com/cardgen/cardgen v0.1.0 => ") {
		t.Errorf("go tool cardgen version printed %q; want the version and the module it was built from", out)
	}
	if out := goCmd("tool", "cardgen", "help", "result"); !strings.Contains(out, "//card:result") {
		t.Errorf("go tool cardgen help result printed %q; want the directive's reference", out)
	}
}
