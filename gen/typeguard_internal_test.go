package gen

import (
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGuardsInModulesWithoutDots: a module path need not have a dot (module myapp), and a type
// of such a module is guarded as any other; only the standard library's types are not.
func TestGuardsInModulesWithoutDots(t *testing.T) {
	named := func(path string) *types.Named {
		pkg := types.NewPackage(path, filepath.Base(path))
		obj := types.NewTypeName(token.NoPos, pkg, "T", nil)
		n := types.NewNamed(obj, types.NewStruct([]*types.Var{types.NewField(token.NoPos, pkg, "X", types.Typ[types.Int], false)}, []string{`json:"x"`}), nil)
		pkg.Scope().Insert(obj)
		return n
	}
	s := speller{home: "myapp/p"}
	if len(s.guard(nil, named("myapp/p"))) == 0 {
		t.Error("a type of module myapp has no guard; it was taken for the standard library's")
	}
	if len(s.guard(nil, named("strings"))) != 0 {
		t.Error("a type of the standard library has a guard")
	}
}

// TestTypeGuardsCompileBesideTestNames: the generated test's type guards compile when the
// package's own test file declares any (the guard then writes interface{}), and they name no
// package the package's files do not import themselves: a.Wrap's field of b's type gets no
// guard, where an import of b by the generated test would make go mod tidy promote b's module to
// a direct requirement.
func TestTypeGuardsCompileBesideTestNames(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and vets a generated package; skipped with -short")
	}
	dir := moduleTempDir(t, "guardnames")
	base := "github.com/cardgen/cardgen/gen/" + filepath.Base(dir)
	writeTree(t, dir, map[string]string{
		"b/b.go": "package b\n\ntype U struct {\n\tN int `json:\"n\"`\n}\n",
		"a/a.go": "package a\n\nimport \"" + base + "/b\"\n\ntype Wrap struct {\n\tU b.U `json:\"u\"`\n}\n",
		"p.go": `package p

import (
	"context"

	"` + base + `/a"
)

type In struct {
	Free interface{} ` + "`json:\"free\"`" + `
}

type Out struct {
	W a.Wrap ` + "`json:\"w\"`" + `
}

// Get gets.
//
//card:tool
func Get(ctx context.Context, in In) (*Out, error) { return &Out{}, nil }
`,
		"helpers_test.go": "package p\n\nfunc any(bs ...bool) bool { return len(bs) > 0 }\n",
	})
	generateAndWrite(t, dir)
	src, err := os.ReadFile(filepath.Join(dir, GeneratedTestFile))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), "Free interface{}") || !strings.Contains(string(src), "} = Out{}") {
		t.Errorf("the guards of In and Out are missing, or write the empty interface as any:\n%s", src)
	}
	if strings.Contains(string(src), `/b"`) || strings.Contains(string(src), "= a.Wrap{}") {
		t.Errorf("the generated test imports b, which p does not import, for a guard of a.Wrap:\n%s", src)
	}
	cmd := exec.Command("go", "vet", ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet: %v\n%s", err, out)
	}
}
