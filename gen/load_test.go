package gen

import (
	"go/ast"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestLoadSkipsBodies loads a package through Load, which parses declarations without their
// bodies: generic functions and methods of generic types keep theirs (go/types requires them),
// init functions get an empty one (go/types requires one, and "func init must have a body" once
// stopped every package with an init),
// imports used only inside bodies are not reported as unused, an error inside a body is left to
// the compiler, and an error in a declaration is still found.
func TestLoadSkipsBodies(t *testing.T) {
	dir := moduleTempDir(t, "bodies")
	src := `package p

import (
	"context"
	"fmt"
	"strings"
)

type In struct{ ID string }

type Out struct{ Name string }

// Get uses fmt and strings only in its body, and has a type error there.
func Get(ctx context.Context, in In) (*Out, error) {
	var unused int
	return &Out{Name: fmt.Sprint(strings.ToUpper(in.ID), undefinedName)}, nil
}

func Map[T any](xs []T) int { return len(xs) }

type G[T any] struct{ v T }

func (g *G[T]) Value() T { return g.v }

func (g *(G[T])) Paren() T { return g.v }

type H[K comparable, V any] map[K]V

func (h H[K, V]) Len() int { return len(h) }

var broken = notDeclared

func init() { fmt.Println(undefinedInInit) }

func init() {}
`
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	pkgs, err := Load(dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	p := pkgs[0]
	// Which functions keep their bodies, named rather than asked of isGeneric.
	keeps := map[string]bool{"Get": false, "Map": true, "Value": true, "Paren": true, "Len": true}
	seen, inits := 0, 0
	for _, f := range p.Syntax {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			switch {
			case !ok:
			case fd.Name.Name == "init":
				// go/types requires a body there; an empty one stands in for it.
				inits++
				if fd.Body == nil || len(fd.Body.List) != 0 {
					t.Errorf("init: body %v; want an empty one", fd.Body)
				}
			default:
				seen++
				if want, known := keeps[fd.Name.Name]; !known || (fd.Body != nil) != want {
					t.Errorf("%s: body kept %v; want kept only for generic functions and methods", fd.Name.Name, fd.Body != nil)
				}
			}
		}
	}
	if inits != 2 {
		t.Errorf("saw %d init functions; want 2", inits)
	}
	if seen != len(keeps) {
		t.Errorf("saw %d functions; want %d", seen, len(keeps))
	}
	var msgs []string
	for _, e := range p.Errors {
		if e.Kind == packages.TypeError {
			msgs = append(msgs, e.Msg)
		}
	}
	if len(msgs) != 1 || !strings.Contains(msgs[0], "undefined: notDeclared") {
		t.Errorf("type errors %q; want only the declaration's undefined: notDeclared", msgs)
	}
	if len(p.TypeErrors) != 1 {
		t.Errorf("TypeErrors %v; want the one of Errors", p.TypeErrors)
	}
}

func TestIsUnusedImport(t *testing.T) {
	for msg, want := range map[string]bool{
		`"fmt" imported and not used`:                  true,
		`"example.com/x/y" imported as z and not used`: true,
		`declared and not used: x`:                     false,
		`undefined: fmt`:                               false,
		`"fmt" imported and not used; really`:          false,
	} {
		if got := isUnusedImport(msg); got != want {
			t.Errorf("isUnusedImport(%q) = %v, want %v", msg, got, want)
		}
	}
}

// TestLoadSkipsCardgenFiles loads a package holding an old file of cardgen's (its header first):
// only its header and package clause are read, so its imports are not loaded, its declarations
// are not in scope and its type error is not reported. A file that merely has cardgen's file name
// without the header is the user's and is read as usual.
func TestLoadSkipsCardgenFiles(t *testing.T) {
	dir := moduleTempDir(t, "oldgen")
	files := map[string]string{
		"p.go": "package p\n\n// Mine is the user's.\nfunc Mine() int { return 1 }\n",
		// An old generated file, under another name than cards_gen.go: the header decides.
		"old_gen.go": generatedHeader + "\n\npackage p\n\nimport \"net/http\"\n\n" +
			"// RegisterTools is stale.\nfunc RegisterTools(h http.Handler) {}\n\nvar broken int = \"not an int\"\n",
		// The user's own file, named as cardgen names its file but without the header.
		GeneratedFile: "package p\n\n// Theirs is the user's too.\nvar Theirs = 2\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pkgs, err := Load(dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	p := pkgs[0]
	// go list -export compiles the package as it is on disk and reports the old file's error as
	// one list error, which the model drops (packageErrors); the type checker must not see it.
	if len(p.TypeErrors) > 0 {
		t.Errorf("type errors %v; want none (the type error is in the old generated file)", p.TypeErrors)
	}
	scope := p.Types.Scope()
	for name, want := range map[string]bool{"Mine": true, "Theirs": true, "RegisterTools": false, "broken": false} {
		if got := scope.Lookup(name) != nil; got != want {
			t.Errorf("%s in scope: %v; want %v", name, got, want)
		}
	}
	for _, imp := range p.Types.Imports() {
		if imp.Path() == "net/http" {
			t.Error("net/http, which only the old generated file imports, was loaded")
		}
	}
	for _, f := range p.Syntax {
		name := filepath.Base(p.Fset.Position(f.Package).Filename)
		if name == "old_gen.go" && (len(f.Decls) > 0 || !isGeneratedFile(p.Fset, f)) {
			t.Errorf("old_gen.go: %d declarations parsed, recognised as cardgen's: %v; want none, and recognised",
				len(f.Decls), isGeneratedFile(p.Fset, f))
		}
	}
}

// TestOwnRegisterTools: a package without tools may declare its own RegisterTools, since cardgen
// generates nothing there (a service registering its tools by hand, next to packages that use
// cardgen, must not fail cardgen ./...); once the package has a tool, the name clashes.
func TestOwnRegisterTools(t *testing.T) {
	dir := moduleTempDir(t, "ownregister")
	const own = `package own

import "context"

// RegisterTools registers tools by hand.
func RegisterTools() {}

type In struct {
	ID string ` + "`json:\"id\"`" + `
}

type Out struct {
	ID string ` + "`json:\"id\"`" + `
}

// Get is not a tool yet.
func Get(ctx context.Context, in In) (*Out, error) { return nil, nil }
`
	write := func(src string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, "own.go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	model := func() Diagnostics {
		t.Helper()
		pkgs, err := Load(dir, ".")
		if err != nil {
			t.Fatal(err)
		}
		_, diags := Model(InputOf(pkgs[0]), Options{})
		return diags
	}
	write(own)
	if diags := model(); len(diags) != 0 {
		t.Errorf("a package without tools and with its own RegisterTools: %v; want no diagnostics", diags)
	}
	write(strings.Replace(own, "// Get is not a tool yet.\n", "// Get is a tool.\n//\n//card:tool\n", 1))
	diags := model()
	if len(diags) != 1 || !strings.Contains(diags[0].Msg, "RegisterTools is declared here and also generated by cardgen; rename it") {
		t.Errorf("with a tool: %v; want the RegisterTools clash", diags)
	}
}
