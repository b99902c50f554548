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
// blank, each import spec starting where it started (the go command's import errors are placed
// there), and nothing after the imports.
func TestFile(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{{
		name: "block",
		src:  "//go:build linux\n\n// Package p does things.\npackage p\n\nimport (\n\t\"context\"\n\tj \"encoding/json\"\n\t. \"strings\"\n\t_ \"embed\"\n\n\tlongname \"net/http\" // the server\n)\n\nfunc F() { context.TODO() }\n",
		want: "//go:build linux\n\n// Package p does things.\npackage p\n\nimport (\n\t_\"context\"\n\t_ \"encoding/json\"\n\t_ \"strings\"\n\t_ \"embed\"\n\n\t_        \"net/http\" // the server\n)\n",
	}, {
		name: "one line",
		src:  "package p\n\nimport \"fmt\"\n\nvar _ = fmt.Sprint\n",
		want: "package p\n\nimport _\"fmt\"\n",
	}, {
		name: "two declarations and a one-line block",
		src:  "package p\n\nimport ( \"fmt\"; \"os\" )\nimport x \"io\"\n\ntype T int\n",
		want: "package p\n\nimport ( _\"fmt\"; _\"os\" )\nimport _ \"io\"\n",
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
			// Every import spec starts where it started, moved only by the _ written before the
			// unnamed imports earlier on its line (imports gofmt never leaves on one line).
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
				was, is := fset.Position(orig.Imports[i].Pos()), fset.Position(spec.Pos())
				moved := 0
				for _, earlier := range orig.Imports[:i] {
					if earlier.Name == nil && fset.Position(earlier.Pos()).Line == was.Line {
						moved++
					}
				}
				if is.Line != was.Line || is.Column != was.Column+moved {
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
	dir := writeModule(t, map[string]string{
		"main.go":  "package main\n\nimport (\n\t\"fmt\"\n\tstr \"strings\"\n\t. \"os\"\n)\n\nfunc helper() int { return str.Count(fmt.Sprint(Args), \"x\") + undefinedHere }\n",
		"other.go": "//go:build !nosuchtag\n\npackage main\n\nimport \"fmt\"\nimport \"strings\"\n\nvar _ = fmt.Sprint(strings.ToUpper(\"x\"))\n",
	})
	format := "{{.Error}} {{.Imports}}"
	if got, want := goList(t, dir, format, "-overlay="+stubOverlay(t, dir)), "<nil> [fmt os strings]"; got != want {
		t.Errorf("go list -export of the stubs: %q; want %q", got, want)
	}
	if got := goList(t, dir, format); !strings.Contains(got, "undefinedHere") {
		t.Errorf("go list -export of the files as they are: %q; want their compile error", got)
	}
}

// TestImportErrorPositions: the go command reports an import it cannot load at the same position
// in a stub as in the file — in a group, on a line of its own, named — so a diagnostic made from
// its error points at the import.
func TestImportErrorPositions(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"a.go":                  "package p\n\nimport (\n\t\"fmt\"\n\t\"fmtt\"\n\tx \"example.com/m/other/internal/r\"\n)\n\nvar _ = fmt.Sprint(x.R(0))\n",
		"b.go":                  "package p\n\nimport \"nosuch.example/q\"\n\nvar _ = q.Q\n",
		"other/internal/r/r.go": "package r\n\ntype R int\n",
	})
	// The package's own error, then those of its imports: their positions and words.
	const format = `{{.Error}}{{range .DepsErrors}}|{{.}}{{end}}`
	asIs := goList(t, dir, format)
	for _, want := range []string{"a.go:5:2", "a.go:6:2", "b.go:3:8"} {
		if !strings.Contains(asIs, want) {
			t.Fatalf("go list of the files as they are: %q; want an error at %s (the test expects the go command's words)", asIs, want)
		}
	}
	if stubbed := goList(t, dir, format, "-overlay="+stubOverlay(t, dir)); stubbed != asIs {
		t.Errorf("go list of the stubs:\n%s\nwant, as of the files as they are:\n%s", stubbed, asIs)
	}
}

// writeModule writes a module example.com/m holding files (relative path → source) into a new
// directory and returns it.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command:", err)
	}
	dir := t.TempDir()
	files["go.mod"] = "module example.com/m\n\ngo 1.26\n"
	for name, src := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// stubOverlay writes the stubs of the Go files directly in dir and the go command's overlay JSON
// that names them, and returns the JSON's path.
func stubOverlay(t *testing.T, dir string) string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	replace := map[string]string{}
	for _, path := range names {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		stub, ok := File(path, src)
		if !ok {
			t.Fatalf("no stub of %s", path)
		}
		stubPath := filepath.Join(t.TempDir(), filepath.Base(path))
		if err := os.WriteFile(stubPath, stub, 0o644); err != nil {
			t.Fatal(err)
		}
		replace[path] = stubPath
	}
	overlay, err := json.Marshal(struct{ Replace map[string]string }{replace})
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "overlay.json")
	if err := os.WriteFile(file, overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// goList is `go list -e -export -f format` of the package in dir with flags, its output trimmed.
func goList(t *testing.T, dir, format string, flags ...string) string {
	t.Helper()
	cmd := exec.Command("go", append(append([]string{"list", "-e", "-export"}, flags...), "-f", format, ".")...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	return strings.TrimSpace(string(out))
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
	// 	_"context"
	// 	_ "net/http"
	// )
	// true
}
