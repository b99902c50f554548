package gostub

import (
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestFile: a stub keeps the header (build constraints, comments) and every import, made
// blank, with each import path at its offset in its line, and nothing after the imports.
func TestFile(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{{
		name: "block",
		src:  "//go:build linux\n\n// Package p does things.\npackage p\n\nimport (\n\t\"context\"\n\tj \"encoding/json\"\n\t. \"strings\"\n\t_ \"embed\"\n\n\tlongname \"net/http\" // the server\n)\n\nfunc F() { context.TODO() }\n",
		want: "//go:build linux\n\n// Package p does things.\npackage p\n\nimport (\n_\"context\"\n\t_ \"encoding/json\"\n\t_ \"strings\"\n\t_ \"embed\"\n\n\t_        \"net/http\" // the server\n)\n",
	}, {
		name: "one line",
		src:  "package p\n\nimport \"fmt\"\n\nvar _ = fmt.Sprint\n",
		want: "package p\n\nimport _\"fmt\"\n",
	}, {
		name: "two declarations and a one-line block",
		src:  "package p\n\nimport ( \"fmt\"; \"os\" )\nimport x \"io\"\n\ntype T int\n",
		want: "package p\n\nimport (_\"fmt\";_\"os\" )\nimport _ \"io\"\n",
	}, {
		name: "no imports",
		src:  "// +build ignore\n\npackage p // a comment\n\nfunc F() {}\n",
		want: "// +build ignore\n\npackage p\n",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := File("p.go", []byte(tc.src))
			if !ok || string(got) != tc.want {
				t.Fatalf("File = %q, %v; want %q", got, ok, tc.want)
			}
			// Every import path is where it was in its line, bar one moved by the _ before it.
			fset := token.NewFileSet()
			orig, err := parser.ParseFile(fset, "p.go", tc.src, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			stub, err := parser.ParseFile(fset, "p.go", got, parser.ImportsOnly)
			if err != nil {
				t.Fatalf("the stub does not parse: %v", err)
			}
			if len(stub.Imports) != len(orig.Imports) {
				t.Fatalf("%d imports; want %d", len(stub.Imports), len(orig.Imports))
			}
			for i, spec := range stub.Imports {
				if spec.Name == nil || spec.Name.Name != "_" {
					t.Errorf("import %s is not blank", spec.Path.Value)
				}
				was, is := fset.Position(orig.Imports[i].Path.Pos()), fset.Position(spec.Path.Pos())
				moved := tc.name == "one line"
				if is.Line != was.Line || (is.Column != was.Column) != moved {
					t.Errorf("import %s at %d:%d; was at %d:%d", spec.Path.Value, is.Line, is.Column, was.Line, was.Column)
				}
			}
		})
	}
	for _, src := range []string{
		"package p\n\n// #include <stdio.h>\nimport \"C\"\n",
		"package p\n\nimport _ \"embed\"\n\n//go:embed a.txt\nvar a string\n",
		"package p\n\nimport (\n\t\"fmt\n",
	} {
		if got, ok := File("p.go", []byte(src)); ok {
			t.Errorf("File(%q) = %q; want none (cgo, an embed, a syntax error in the imports)", src, got)
		}
	}
}

// TestStubsCompile: the go command lists and compiles a package given the stubs of its files —
// named, dot, blank and unnamed imports, two files importing one package, a package main without
// func main — and reports nothing, where the package as it is does not compile.
func TestStubsCompile(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command:", err)
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":   "module example.com/m\n\ngo 1.26\n",
		"main.go":  "package main\n\nimport (\n\t\"fmt\"\n\tstr \"strings\"\n\t. \"os\"\n)\n\nfunc helper() int { return str.Count(fmt.Sprint(Args), \"x\") + undefinedHere }\n",
		"other.go": "//go:build !nosuchtag\n\npackage main\n\nimport \"fmt\"\nimport \"strings\"\n\nvar _ = fmt.Sprint(strings.ToUpper(\"x\"))\n",
	}
	replace := map[string]string{}
	for name, src := range files {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(name, ".go") {
			continue
		}
		stub, ok := File(path, []byte(src))
		if !ok {
			t.Fatalf("no stub of %s", name)
		}
		stubPath := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(stubPath, stub, 0o644); err != nil {
			t.Fatal(err)
		}
		replace[path] = stubPath
	}
	overlay, err := json.Marshal(struct{ Replace map[string]string }{replace})
	if err != nil {
		t.Fatal(err)
	}
	overlayFile := filepath.Join(t.TempDir(), "overlay.json")
	if err := os.WriteFile(overlayFile, overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	list := func(flags ...string) string {
		cmd := exec.Command("go", append(append([]string{"list", "-e", "-export"}, flags...), "-f", "{{.Error}} {{.Imports}}", ".")...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go list: %v\n%s", err, out)
		}
		return strings.TrimSpace(string(out))
	}
	if got, want := list("-overlay="+overlayFile), "<nil> [fmt os strings]"; got != want {
		t.Errorf("go list -export of the stubs: %q; want %q", got, want)
	}
	if got := list(); !strings.Contains(got, "undefinedHere") {
		t.Errorf("go list -export of the files as they are: %q; want their compile error", got)
	}
}

func ExampleFile() {
	src := `//go:build linux

package server

import (
	"context"
	h "net/http"
)

func Serve(ctx context.Context) error { return h.ListenAndServe(":8080", nil) }
`
	stub, ok := File("server.go", []byte(src))
	fmt.Print(string(stub), ok)
	// Output:
	// //go:build linux
	//
	// package server
	//
	// import (
	// _"context"
	// 	_ "net/http"
	// )
	// true
}
