package gen

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestImportStubsOfDirectory: a package with assembly, or one file the stub must not touch, is
// given no stubs at all (the go command would compile a mix of stubs and real files); cardgen's
// own files and tests are left to others.
func TestImportStubsOfDirectory(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"a.go":         "package p\n\nimport \"fmt\"\n\nvar A = fmt.Sprint(1)\n",
		"b.go":         "package p\n\nfunc B() {}\n",
		"a_test.go":    "package p\n\nimport \"testing\"\n",
		GeneratedFile:  GeneratedHeader + "\n\npackage p\n\nimport \"os\"\n",
		"notes.txt":    "not Go",
		"_ignored.go":  "package p\n\nimport (\n",
		"sub/other.go": "package sub\n",
	})
	stubs := importStubs(dir)
	want := map[string]string{
		filepath.Join(dir, "a.go"): "package p\n\nimport _\"fmt\"\n",
		filepath.Join(dir, "b.go"): "package p\n",
	}
	if len(stubs) != len(want) {
		t.Errorf("stubs for %d files; want %d: %q", len(stubs), len(want), stubs)
	}
	for name, src := range want {
		if string(stubs[name]) != src {
			t.Errorf("%s: %q; want %q", name, stubs[name], src)
		}
	}
	for _, extra := range []struct{ name, src string }{
		{"f_amd64.s", "TEXT ·f(SB),0,$0\n"},
		{"c.go", "package p\n\n// int one() { return 1; }\nimport \"C\"\n"},
		{"e.go", "package p\n\nimport _ \"embed\"\n\n//go:embed notes.txt\nvar notes string\n"},
	} {
		path := filepath.Join(dir, extra.name)
		if err := os.WriteFile(path, []byte(extra.src), 0o644); err != nil {
			t.Fatal(err)
		}
		if stubs := importStubs(dir); stubs != nil {
			t.Errorf("with %s: stubs %q; want none", extra.name, stubs)
		}
		os.Remove(path)
	}
}

// TestLoadDoesNotCompileTarget: the go command lists the target package from its import stubs,
// so it does not compile it: an error in a function body, which the go command's compile reports
// and a load without bodies does not, is not among the package's errors, and the declarations
// are type-checked from the files as they are.
func TestLoadDoesNotCompileTarget(t *testing.T) {
	dir := moduleTempDir(t, "nocompile")
	writeTree(t, dir, map[string]string{
		"p.go": "package nocompile\n\nimport (\n\t\"context\"\n\tstr \"strings\"\n)\n\n// In is an input.\ntype In struct{ Q string }\n\n// Get gets.\nfunc Get(ctx context.Context, in In) (int, error) { return str.Count(in.Q, \"x\"), undefinedInBody }\n",
	})
	pkgs, err := Load(dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 {
		t.Fatalf("%d packages; want 1", len(pkgs))
	}
	p := pkgs[0]
	for _, e := range p.Errors {
		t.Errorf("error %v (kind %v); want none: the go command compiled the body", e, e.Kind)
	}
	if p.Types.Scope().Lookup("Get") == nil || p.Types.Scope().Lookup("In") == nil {
		t.Errorf("Get and In not in the package's scope: %v", p.Types.Scope().Names())
	}
	// The same package compiled by the go command as it is on disk fails: the test above would
	// pass on nothing if it did not.
	cmd := exec.Command("go", "list", "-e", "-export", "-f", "{{if .Error}}{{.Error}}{{end}}", ".")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "undefinedInBody") {
		t.Errorf("go list -export of the package as it is: %v, %q; want its compile error", err, out)
	}
}

// TestImportStubsOfImportedTarget: under "./...", a package that is not a target but imports one
// (a imports c, c imports b, and c is outside the pattern) is compiled by the go command against
// b's export data, which a stub would empty: the load is done again with b compiled, and no
// package of it has an error.
func TestImportStubsOfImportedTarget(t *testing.T) {
	dir := moduleTempDir(t, "stubgraph")
	mod := "github.com/cardgen/cardgen/gen/" + filepath.Base(dir)
	writeTree(t, dir, map[string]string{
		"targets/a/a.go": "package a\n\nimport \"" + mod + "/c\"\n\n// A is c's.\nvar A = c.C\n",
		"targets/b/b.go": "package b\n\n// B is a value.\nconst B = 42\n",
		"c/c.go":         "package c\n\nimport \"" + mod + "/targets/b\"\n\n// C is b's.\nconst C = b.B\n",
	})
	stubs, _, srcDirs, err := generatedFileStubs(dir, []string{"./targets/..."})
	if err != nil {
		t.Fatal(err)
	}
	stubbed := map[string]bool{}
	for _, d := range srcDirs {
		if importStubs(d) != nil {
			stubbed[d] = true
		}
	}
	if len(stubs) != 0 || len(stubbed) != 2 {
		t.Fatalf("generated stubs %q, import-stubbed %v; want none and targets/a and targets/b", stubs, stubbed)
	}
	pkgs, err := Load(dir, "./targets/...")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 2 {
		t.Fatalf("%d packages; want 2", len(pkgs))
	}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			t.Errorf("%s: %v", p.PkgPath, e)
		}
	})
	for _, p := range pkgs {
		if p.Name != "a" {
			continue
		}
		if a := p.Types.Scope().Lookup("A"); a == nil || a.Type().String() != "int" {
			t.Errorf("a.A: %v; want an int", a)
		}
	}
}

// TestUserOverlayKept: an -overlay in GOFLAGS is the user's way of showing the go command files
// other than those on disk; one on the command line would replace it, so cardgen then gives none,
// and a dependency is the overlay's.
func TestUserOverlayKept(t *testing.T) {
	dir := moduleTempDir(t, "useroverlay")
	mod := "github.com/cardgen/cardgen/gen/" + filepath.Base(dir)
	writeTree(t, dir, map[string]string{
		"c/c.go":       "package c\n\n// T is on disk.\ntype T struct{ A int }\n",
		"p/p.go":       "package p\n\nimport \"" + mod + "/c\"\n\n// V is c's.\nvar V c.T\n",
		"elsewhere.go": "package c\n\n// T is the overlay's.\ntype T struct{ B string }\n",
	})
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	overlay := filepath.Join(t.TempDir(), "overlay.json")
	replace, err := json.Marshal(map[string]map[string]string{"Replace": {filepath.Join(abs, "c", "c.go"): filepath.Join(abs, "elsewhere.go")}})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(overlay, replace, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOFLAGS", "-overlay="+overlay)
	pkgs, err := Load(filepath.Join(dir, "p"), ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("%d packages, errors %v", len(pkgs), pkgs[0].Errors)
	}
	if got := pkgs[0].Types.Scope().Lookup("V").Type().Underlying().String(); got != "struct{B string}" {
		t.Errorf("V is %s; want struct{B string}, the overlay's c.T", got)
	}
}
