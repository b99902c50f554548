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
	seen := 0
	for _, f := range p.Syntax {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				seen++
				if want, known := keeps[fd.Name.Name]; !known || (fd.Body != nil) != want {
					t.Errorf("%s: body kept %v; want kept only for generic functions and methods", fd.Name.Name, fd.Body != nil)
				}
			}
		}
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
