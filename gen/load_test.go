package gen

import (
	"errors"
	"fmt"
	"go/ast"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

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
		"p.go": "package p\n\nimport \"strings\"\n\n// Mine is the user's.\nfunc Mine() *strings.Builder { return nil }\n",
		// An old generated file, under another name than cards_gen.go: the header decides.
		"old_gen.go": GeneratedHeader + "\n\npackage p\n\nimport \"net/http\"\n\n" +
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
	// The go command compiles the package with the old file cut to its package clause
	// (generatedFileStubs), and the type checker must not see its error either.
	if len(p.TypeErrors) > 0 {
		t.Errorf("type errors %v; want none (the type error is in the old generated file)", p.TypeErrors)
	}
	scope := p.Types.Scope()
	for name, want := range map[string]bool{"Mine": true, "Theirs": true, "RegisterTools": false, "broken": false} {
		if got := scope.Lookup(name) != nil; got != want {
			t.Errorf("%s in scope: %v; want %v", name, got, want)
		}
	}
	// The old file is hidden from the go command by an overlay (generatedFileStubs); one that
	// go/packages knew of would make it type-check every dependency from source.
	if imp := p.Imports["strings"]; imp == nil || imp.TypesInfo != nil {
		t.Errorf("strings: %v; want it loaded from export data, without types info", imp)
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

// TestGeneratedFileStubsInAnyDirectory: a directory whose name is also a glob pattern (x[1] matches
// only "x1") still has its generated files found and cut to their package clause.
func TestGeneratedFileStubsInAnyDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "x[1]")
	writeTree(t, dir, map[string]string{
		"old_gen.go": GeneratedHeader + "\n\npackage p\n\nvar broken int = \"not an int\"\n",
		"p.go":       "package p\n",
	})
	stubs, _, _, err := generatedFileStubs(dir, []string{"."})
	if err != nil {
		t.Fatal(err)
	}
	old, err := filepath.Abs(filepath.Join(dir, "old_gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	if want := GeneratedHeader + "\n\npackage p\n"; len(stubs) != 1 || string(stubs[old]) != want {
		t.Errorf("stubs = %q; want only %s cut to %q", stubs, old, want)
	}
}

// TestTreeStubsMatchGoList: for a tree pattern, the generated files stubbed are exactly those of
// the packages the go command lists, found without running it. The tree has one of each rule of
// the go command's: testdata, _ and . directories and a nested module are left out, and so is a
// root of those names ("./_old/...", or the module's own directory named _work when the pattern
// spells it); go.mod's ignore directives leave directories out, rooted or anywhere; a directory
// named vendor with code is a package, the vendored packages under it are not (unless the
// pattern names vendor); a root that is a symbolic link is followed, one under it is not.
func TestTreeStubsMatchGoList(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "_work")
	gen := func(pkg string) string {
		return GeneratedHeader + "\n\npackage " + pkg + "\n\nfunc RegisterTools() {}\n"
	}
	files := map[string]string{
		"go.mod":        "module example.com/m\n\ngo 1.26\n\nignore ./node_modules\n\nignore build/out\n",
		"nested/go.mod": "module example.com/n\n\ngo 1.26\n",
	}
	for _, pkg := range []string{"a", "a/deeper/b", "a/testdata/t", "a/vendor", "a/vendor/x", "vendor/example.com/v",
		"_old", ".cache", "nested", "node_modules/p", "c", "c/build/out", "real/s"} {
		name := filepath.Base(pkg)
		files[pkg+"/"+name+".go"] = "package " + name + "\n"
		files[pkg+"/cards_gen.go"] = gen(name)
	}
	writeTree(t, dir, files)
	if err := os.Symlink("real", filepath.Join(dir, "linked")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	for _, tc := range []struct {
		pattern string
		want    int // how many the go command lists, so that the test cannot pass on nothing
	}{
		{"./...", 5}, // a, a/deeper/b, a/vendor, c, real/s
		{dir + "/...", 0},
		{dir + "/a/...", 3},
		{"./a/vendor/...", 2},
		{"./_old/...", 0},
		{"./a/testdata/...", 0},
		{"./node_modules/...", 0},
		{"./c/...", 1},
		{"./linked/...", 1},
	} {
		pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedFiles, Dir: dir}, tc.pattern)
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, p := range pkgs {
			for _, f := range p.GoFiles {
				if filepath.Base(f) == GeneratedFile {
					want = append(want, f)
				}
			}
		}
		stubs, _, _, err := generatedFileStubs(dir, []string{tc.pattern})
		if err != nil {
			t.Fatal(err)
		}
		got := slices.Sorted(maps.Keys(stubs))
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: stubs for %q; want %q, those the go command lists", tc.pattern, got, want)
		}
		if len(want) != tc.want {
			t.Errorf("%s: the go command lists %q; the test expects %d", tc.pattern, want, tc.want)
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
	write(own)
	if diags := modelDiags(t, dir); len(diags) != 0 {
		t.Errorf("a package without tools and with its own RegisterTools: %v; want no diagnostics", diags)
	}
	write(strings.Replace(own, "// Get is not a tool yet.\n", "// Get is a tool.\n//\n//card:tool\n", 1))
	diags := modelDiags(t, dir)
	if len(diags) != 1 || !strings.Contains(diags[0].Msg, "RegisterTools is declared here and also generated by cardgen; rename it") {
		t.Errorf("with a tool: %v; want the RegisterTools clash", diags)
	}
}

// TestImportErrors: a tool whose input uses a type of an imported package that does not compile
// gets that package's own error, at its position, and what to do; not only the invalid type it
// leaves behind. An imported package that the same run generates reports its own errors instead,
// less those the run cures: a package-level use of its own RegisterTools, missing until now,
// stops neither it nor the package importing it.
func TestImportErrors(t *testing.T) {
	dir := moduleTempDir(t, "imports")
	mod := "github.com/cardgen/cardgen/gen/" + filepath.Base(dir)
	tool := func(pkg, imp, typ string) string {
		return "package " + pkg + "\n\nimport (\n\t\"context\"\n\n\t\"" + mod + "/" + imp + "\"\n)\n\n" +
			"// In is the input.\ntype In struct {\n\tX " + typ + " `json:\"x\"`\n}\n\n" +
			"// Out is the output.\ntype Out struct {\n\tID string `json:\"id\"`\n}\n\n" +
			"// Get gets.\n//\n//card:tool\nfunc Get(ctx context.Context, in In) (*Out, error) { return nil, nil }\n"
	}
	writeTree(t, dir, map[string]string{
		"broken/broken.go": "package broken\n\n// T does not compile.\ntype T struct{ X undefinedType }\n",
		"a/a.go":           tool("a", "broken", "broken.T"),
		"gen/gen.go": "package gen\n\nimport (\n\t\"context\"\n\n\t\"github.com/modelcontextprotocol/go-sdk/mcp\"\n)\n\n" +
			"// T is an input.\ntype T struct {\n\tID string `json:\"id\"`\n}\n\n" +
			"// Get gets.\n//\n//card:tool\nfunc Get(ctx context.Context, in T) (*T, error) { return nil, nil }\n\n" +
			"var register func(*mcp.Server) = RegisterTools\n",
		"b/b.go": tool("b", "gen", "gen.T"),
	})

	_, err := Generate(Options{Dir: dir}, "./a")
	var diags Diagnostics
	if !errors.As(err, &diags) {
		t.Fatalf("Generate(./a) = %v; want diagnostics", err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, d := range diags.Relative(abs) {
		msgs = append(msgs, d.String())
	}
	// The field whose type the error made invalid is not reported again (it was, as "its type
	// is invalid because the package that declares it does not compile", before the compile
	// errors were reported themselves).
	want := []string{
		"broken/broken.go:4:18: undefined: undefinedType; package " + mod + "/broken does not compile, and " + mod + "/a imports it: fix it first",
	}
	if !slices.Equal(msgs, want) {
		t.Errorf("Generate(./a):\n%s\nwant:\n%s", strings.Join(msgs, "\n"), strings.Join(want, "\n"))
	}

	res, err := Generate(Options{Dir: dir}, "./gen", "./b")
	if err != nil {
		t.Fatalf("Generate(./gen ./b): %v; want both generated (gen's missing RegisterTools is what the run writes)", err)
	}
	if len(res.Packages) != 2 {
		t.Errorf("Generate(./gen ./b) modelled %d packages; want 2", len(res.Packages))
	}
}

// TestOutputDirFromGoCommand checks that the generated files go into the package's directory as
// the go command reports it, not into the directory of the first parsed file: a file of goyacc's
// kind starts with a //line directive naming another directory, GOFLAGS=-cover makes go/packages
// parse instrumented copies in the build cache, and so does cgo. cardgen used to write into
// those places and report success.
func TestOutputDirFromGoCommand(t *testing.T) {
	dir := moduleTempDir(t, "outdir")
	writeTree(t, dir, map[string]string{
		"a_parser.go": "//line grammar/parser.y:1\npackage p\n\n// Parsed is declared in a generated parser.\nvar Parsed = 1\n",
		"b.go": "package p\n\nimport \"context\"\n\n// In is the input.\ntype In struct {\n\tID string `json:\"id\"`\n}\n\n" +
			"// Get gets.\n//\n//card:tool\nfunc Get(ctx context.Context, in In) (*In, error) { return &in, nil }\n",
	})
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string) {
		t.Helper()
		res, err := Generate(Options{Dir: dir}, ".")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(res.Files) == 0 {
			t.Fatalf("%s: no files generated", name)
		}
		for _, f := range res.Files {
			if filepath.Dir(f.Path) != abs {
				t.Errorf("%s: generated %s; want it in %s", name, f.Path, abs)
			}
		}
	}
	check("//line directive")
	t.Setenv("GOFLAGS", "-cover")
	check("GOFLAGS=-cover")
}

// TestStaleFileNeverBlocks checks that cardgen's own earlier output cannot stop it from
// regenerating, as docs/generator.md promises, in the two ways the go command itself trips on the
// old file before cardgen reads a line: its package clause still names the package before a
// rename, and its //go:embed names a view file since renamed (the go command reports that
// position relative to its working directory, which the filter of cardgen's own files missed).
func TestStaleFileNeverBlocks(t *testing.T) {
	tool := func(pkg string) string {
		return "package " + pkg + "\n\nimport \"context\"\n\n// In is the input.\ntype In struct {\n\tID string `json:\"id\"`\n}\n\n" +
			"// Get gets.\n//\n//card:tool\nfunc Get(ctx context.Context, in In) (*In, error) { return &in, nil }\n"
	}
	for name, files := range map[string]map[string]string{
		"renamed package": {
			"p.go":            tool("shoporders"),
			GeneratedFile:     GeneratedHeader + "\n\npackage orders\n\nfunc RegisterTools() {}\n",
			GeneratedTestFile: GeneratedHeader + "\n\npackage orders\n",
		},
		// The clause of one of cardgen's two files edited by hand: the go command names those
		// two, and the package is what p.go says.
		"generated files disagree": {
			"p.go":            tool("p"),
			GeneratedFile:     GeneratedHeader + "\n\npackage px\n\nfunc RegisterTools() {}\n",
			GeneratedTestFile: GeneratedHeader + "\n\npackage p\n",
		},
		"renamed view": {
			"p.go":        tool("p"),
			GeneratedFile: GeneratedHeader + "\n\npackage p\n\nimport _ \"embed\"\n\n//go:embed cards/gone.html\nvar view string\n",
		},
		// The old file imports what the new one will not: a package of the module that no
		// longer compiles (the removed tool took a type from there; MOD stands for the module
		// path), or a package no module provides any more. Neither is the package's import now.
		"import of a package that no longer compiles": {
			"p.go":           tool("p"),
			"views/views.go": "package views\n\n// T no longer compiles.\ntype T struct{ X undefinedType }\n",
			GeneratedFile:    GeneratedHeader + "\n\npackage p\n\nimport _ \"MOD/views\"\n",
		},
		"import of a package no module provides": {
			"p.go":        tool("p"),
			GeneratedFile: GeneratedHeader + "\n\npackage p\n\nimport _ \"example.com/notthere/x\"\n",
		},
	} {
		t.Run(name, func(t *testing.T) {
			dir := moduleTempDir(t, "stale")
			for name, src := range files {
				files[name] = strings.ReplaceAll(src, "MOD", "github.com/cardgen/cardgen/gen/"+filepath.Base(dir))
			}
			writeTree(t, dir, files)
			// A directory is looked at directly, a tree by a walk, an import path through the go
			// command: see generatedFileStubs.
			for _, pattern := range []string{".", "./...", "github.com/cardgen/cardgen/gen/" + filepath.Base(dir)} {
				if pattern == "./..." && files["views/views.go"] != "" {
					continue // ./... matches the broken package itself, whose error is the user's
				}
				res, err := Generate(Options{Dir: dir}, pattern)
				if err != nil {
					t.Fatalf("Generate(%s): %v", pattern, err)
				}
				if len(res.Files) != 2 || !strings.Contains(string(res.Files[0].Content), "\"get\"") {
					t.Fatalf("Generate(%s) gave %d files; want the two files with tool get", pattern, len(res.Files))
				}
			}
		})
	}
}

// TestGoCommandErrors checks that what the go command says about a package it cannot resolve
// reaches the user, with its advice, instead of the type checker's "could not import x (invalid
// package name: "")" or "no Go package matches" (go/packages returns no package and no error
// when the go command refuses to list at all).
func TestGoCommandErrors(t *testing.T) {
	tool := "package p\n\nimport (\n\t\"context\"\n\n\t_ \"example.com/notthere/x\"\n)\n\n// In is the input.\ntype In struct {\n\tID string `json:\"id\"`\n}\n\n" +
		"// Get gets.\n//\n//card:tool\nfunc Get(ctx context.Context, in In) (*In, error) { return &in, nil }\n"
	t.Run("import no module provides", func(t *testing.T) {
		dir := moduleTempDir(t, "gocmd")
		writeTree(t, dir, map[string]string{"p.go": tool})
		_, err := Generate(Options{Dir: dir}, ".")
		if err == nil || !strings.Contains(err.Error(), "p.go:6:") ||
			!strings.Contains(err.Error(), "no required module provides package example.com/notthere/x; to add it: go get example.com/notthere/x") {
			t.Errorf("Generate = %v; want the go command's error at the import", err)
		}
	})
	t.Run("bad GOFLAGS", func(t *testing.T) {
		dir := moduleTempDir(t, "goflags")
		writeTree(t, dir, map[string]string{"p.go": "package p\n"})
		t.Setenv("GOFLAGS", "-bogus")
		// go/packages words it "err: exit status 1: stderr: go: parsing …".
		const want = "go list .: go: parsing $GOFLAGS: unknown flag -bogus"
		if _, err := Generate(Options{Dir: dir}, "."); err == nil || err.Error() != want {
			t.Errorf("Generate = %v; want %q", err, want)
		}
	})
	t.Run("go.mod needs updating", func(t *testing.T) {
		dir := moduleTempDir(t, "gomod")
		writeTree(t, dir, map[string]string{
			"go.mod": "module example.com/m\n\ngo 1.26\n\nrequire github.com/cardgen/cardgen v0.0.0\n\nreplace github.com/cardgen/cardgen => ../..\n",
			"p/p.go": "package p\n\nimport _ \"github.com/cardgen/cardgen/runtime/card\"\n",
		})
		_, err := Generate(Options{Dir: dir}, "./p")
		if err == nil || !strings.Contains(err.Error(), "go mod tidy") {
			t.Errorf("Generate = %v; want the go command's advice to run go mod tidy", err)
		}
	})
}

// TestHandWrittenFileNotReplaced checks that a cards_gen.go or cards_gen_test.go that cardgen did
// not write (no generated-code header) is reported instead of replaced: cardgen already refused
// to delete such a file, but overwrote it, destroying the code in it, and cardgen check called it
// plain "stale".
func TestHandWrittenFileNotReplaced(t *testing.T) {
	for _, name := range []string{GeneratedFile, GeneratedTestFile} {
		t.Run(name, func(t *testing.T) {
			dir := moduleTempDir(t, "handwritten")
			hand := "package p\n\n// Helper is hand-written.\nfunc Helper() int { return 42 }\n"
			writeTree(t, dir, map[string]string{
				"p.go": "package p\n\nimport \"context\"\n\n// In is the input.\ntype In struct {\n\tID string `json:\"id\"`\n}\n\n" +
					"// Get gets.\n//\n//card:tool\nfunc Get(ctx context.Context, in In) (*In, error) { return &in, nil }\n",
				name: hand,
			})
			_, err := Generate(Options{Dir: dir}, ".")
			var diags Diagnostics
			if !errors.As(err, &diags) || len(diags) != 1 || !strings.Contains(diags[0].Msg, name+" is not a file cardgen wrote") || diags[0].Pos.Line != 1 {
				t.Fatalf("Generate = %v; want one diagnostic at %s:1:1 saying cardgen did not write it", err, name)
			}
			if b, _ := os.ReadFile(filepath.Join(dir, name)); string(b) != hand {
				t.Errorf("%s was changed", name)
			}
		})
	}
}

// TestCRLFCheckout: git checks files out with CRLF line endings under core.autocrlf, Git for
// Windows' default and that of Windows CI runners. cardgen's own files checked out so are still
// its own (cardgen refused to replace them, saying their first line was not its header), and are
// up to date when only their line endings differ: cardgen check failed on every such checkout,
// and go generate rewrote files whose text had not changed. A CRLF file whose text differs is
// still stale, and rewritten.
func TestCRLFCheckout(t *testing.T) {
	dir := moduleTempDir(t, "crlf")
	tool := func(title string) string {
		return "package p\n\nimport \"context\"\n\n// In is the input.\ntype In struct {\n\tID string `json:\"id\"`\n}\n\n" +
			"// Get gets.\n//\n//card:tool get title=\"" + title + "\"\nfunc Get(ctx context.Context, in In) (*In, error) { return &in, nil }\n"
	}
	writeTree(t, dir, map[string]string{"p.go": tool("Get")})
	res, err := Generate(Options{Dir: dir}, ".")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Write(res.Files); err != nil {
		t.Fatal(err)
	}
	// Check out the package as git does on Windows: every file with CRLF line endings.
	old := time.Now().Add(-time.Hour)
	for _, name := range []string{"p.go", GeneratedFile, GeneratedTestFile} {
		path := filepath.Join(dir, name)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(strings.ReplaceAll(string(b), "\n", "\r\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, old, old); err != nil {
			t.Fatal(err)
		}
	}
	res, err = Generate(Options{Dir: dir}, ".")
	if err != nil {
		t.Fatalf("Generate over a CRLF checkout: %v; want no diagnostic (the files are cardgen's own)", err)
	}
	if stale := Stale(res.Files); len(stale) != 0 {
		t.Errorf("Stale = %v; want none (only the line endings differ)", stale)
	}
	if written, err := Write(res.Files); err != nil || len(written) != 0 {
		t.Errorf("Write = %v, %v; want nothing written", written, err)
	}
	for _, name := range []string{GeneratedFile, GeneratedTestFile} {
		if info, err := os.Stat(filepath.Join(dir, name)); err != nil || !info.ModTime().Equal(old) {
			t.Errorf("%s was touched (%v)", name, err)
		}
	}

	// A change of the text is a change, whatever the line endings.
	writeTree(t, dir, map[string]string{"p.go": strings.ReplaceAll(tool("Get it"), "\n", "\r\n")})
	res, err = Generate(Options{Dir: dir}, ".")
	if err != nil {
		t.Fatal(err)
	}
	if stale := StaleFiles(res.Files); len(stale) != 1 || filepath.Base(stale[0].Path) != GeneratedFile || stale[0].Why != Changed {
		t.Errorf("StaleFiles = %v; want %s changed", stale, GeneratedFile)
	}
	if written, err := Write(res.Files); err != nil || len(written) != 1 {
		t.Errorf("Write = %v, %v; want %s written", written, err, GeneratedFile)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, GeneratedFile)); !strings.Contains(string(b), `"Get it"`) || strings.Contains(string(b), "\r") {
		t.Errorf("%s is not the new file with LF line endings", GeneratedFile)
	}
}

// TestGenerateOutsideModule keeps the go command's words for a directory outside any module and
// adds the fix a newcomer needs: go mod init.
func TestGenerateOutsideModule(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte("package p\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "env", "GOMOD")
	cmd.Dir = dir
	if out, err := cmd.Output(); err != nil || strings.TrimSpace(string(out)) != os.DevNull {
		t.Skipf("the temporary directory is inside a module (go env GOMOD: %s, %v)", out, err)
	}
	_, err := Generate(Options{Dir: dir}, ".")
	if err == nil || !strings.Contains(err.Error(), "go.mod file not found") || !strings.HasSuffix(err.Error(), "make this directory one with go mod init") {
		t.Errorf("Generate outside a module: %v; want the go command's error and the go mod init advice", err)
	}
}

// TestByteOrderMark: a generated file saved by an editor that starts files with a UTF-8 byte
// order mark (as some on Windows do) is still cardgen's own: it is stale, and replaced, rather
// than refused as a file cardgen did not write.
func TestByteOrderMark(t *testing.T) {
	dir := moduleTempDir(t, "bom")
	writeTree(t, dir, map[string]string{"p.go": "package p\n\nimport \"context\"\n\n// In is the input.\ntype In struct {\n\tID string `json:\"id\"`\n}\n\n" +
		"// Get gets.\n//\n//card:tool\nfunc Get(ctx context.Context, in In) (*In, error) { return &in, nil }\n"})
	res, err := Generate(Options{Dir: dir}, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Files {
		if err := os.WriteFile(f.Path, append([]byte("\uFEFF"), f.Content...), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, err = Generate(Options{Dir: dir}, ".")
	if err != nil {
		t.Fatalf("Generate over files with a byte order mark: %v; want no diagnostic (the files are cardgen's own)", err)
	}
	if stale := StaleFiles(res.Files); len(stale) != 2 || stale[0].Why != Changed || stale[1].Why != Changed {
		t.Errorf("StaleFiles = %v; want both files changed", stale)
	}
	if written, err := Write(res.Files); err != nil || len(written) != 2 {
		t.Fatalf("Write = %v, %v; want both files rewritten", written, err)
	}
	for _, f := range res.Files {
		if b, _ := os.ReadFile(f.Path); !strings.HasPrefix(string(b), GeneratedHeader+"\n") {
			t.Errorf("%s does not start with the header after Write", f.Path)
		}
	}
}

// TestExcludedPackageTools: the go command leaves out of ./... a directory whose Go files build
// constraints all exclude, without a word, so a tool there was registered nowhere and cardgen
// ./... and cardgen check ./... passed, while cardgen ./pkg reported it. Files the go command
// ignores (a leading _), tests, testdata and packages without tools stay unreported.
func TestExcludedPackageTools(t *testing.T) {
	dir := moduleTempDir(t, "excluded")
	tool := func(pkg, constraint string) string {
		return constraint + "package " + pkg + "\n\nimport \"context\"\n\n// In is the input.\ntype In struct {\n\tID string `json:\"id\"`\n}\n\n" +
			"// Get gets.\n//\n//card:tool\nfunc Get(ctx context.Context, in In) (*In, error) { return &in, nil }\n"
	}
	writeTree(t, dir, map[string]string{
		"ok/p.go":                tool("ok", ""),
		"plan9/p_plan9.go":       tool("plan9", ""),
		"tagged/p.go":            tool("tagged", "//go:build integration\n\n"),
		"notools/p.go":           "//go:build integration\n\npackage notools\n",
		"hidden/_p.go":           tool("hidden", ""),
		"onlytest/p_test.go":     tool("onlytest", ""),
		"testdata/td/p_plan9.go": tool("td", ""),
		"nested/go.mod":          "module example.com/nested\n\ngo 1.26\n",
		"nested/t/p.go":          tool("t", ""),
	})
	want := func(path string, line int) string {
		return fmt.Sprintf("%s:%d:8: this build leaves every Go file of this package out (by their build constraints, or GOFLAGS -tags, or CGO_ENABLED=0 for cgo files), so ./... does not match the package and the tool of Get would be registered nowhere; move the handler to a file without build constraints (it can call platform-specific code)", filepath.FromSlash(path), line)
	}
	for _, tt := range []struct {
		pattern string
		want    []string
	}{
		{"./...", []string{want("plan9/p_plan9.go", 12), want("tagged/p.go", 14)}},
		{"./tagged/...", []string{want("tagged/p.go", 14)}}, // instead of "no Go package matches"
		// A pattern the go command refuses as a whole lists nothing either: its tools are not
		// left out by build constraints.
		{"./nested/...", []string{"pattern ./nested/...: directory prefix nested does not contain main module or its selected dependencies; it belongs to the module of nested/go.mod: run cardgen in that module (cd nested && cardgen ./...)"}},
	} {
		_, err := Generate(Options{Dir: dir}, tt.pattern)
		var diags Diagnostics
		if !errors.As(err, &diags) {
			t.Fatalf("cardgen %s: %v; want diagnostics", tt.pattern, err)
		}
		abs, _ := filepath.Abs(dir)
		var got []string
		for _, d := range diags.Relative(abs) {
			got = append(got, d.String())
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("cardgen %s:\n%s\nwant:\n%s", tt.pattern, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
		}
	}
	// Without them the run writes, as before.
	for _, d := range []string{"plan9", "tagged"} {
		if err := os.RemoveAll(filepath.Join(dir, d)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Generate(Options{Dir: dir}, "./..."); err != nil {
		t.Errorf("cardgen ./... without the excluded packages: %v", err)
	}
}

// TestExcludedPackageToolsGoFlags: the build the go command runs takes its tags from GOFLAGS and
// leaves cgo files out when CGO_ENABLED=0; packages that build leaves out were skipped without a
// word, because go/build's default context knows neither.
func TestExcludedPackageToolsGoFlags(t *testing.T) {
	dir := moduleTempDir(t, "excludedflags")
	tool := func(pkg, head string) string {
		return head + "package " + pkg + "\n\n" + cgoImport(head) + "import \"context\"\n\n// In is the input.\ntype In struct {\n\tID string `json:\"id\"`\n}\n\n" +
			"// Get gets.\n//\n//card:tool\nfunc Get(ctx context.Context, in In) (*In, error) { return &in, nil }\n"
	}
	writeTree(t, dir, map[string]string{
		"ok/p.go":     tool("ok", ""),
		"legacy/p.go": tool("legacy", "//go:build !integration\n\n"),
		"native/p.go": tool("native", "// cgo\n"),
	})
	t.Setenv("GOFLAGS", "-tags=integration")
	t.Setenv("CGO_ENABLED", "0")
	_, err := Generate(Options{Dir: dir}, "./...")
	var diags Diagnostics
	if !errors.As(err, &diags) {
		t.Fatalf("cardgen ./...: %v; want diagnostics for legacy and native", err)
	}
	abs, _ := filepath.Abs(dir)
	var got []string
	for _, d := range diags.Relative(abs) {
		file, _, _ := strings.Cut(d.String(), ":")
		got = append(got, filepath.ToSlash(file))
	}
	if want := []string{"legacy/p.go", "native/p.go"}; !slices.Equal(got, want) {
		t.Errorf("diagnostics in %q, want one in each of %q:\n%v", got, want, diags)
	}
}

// cgoImport is the import of "C" for a file whose head says cgo.
func cgoImport(head string) string {
	if strings.Contains(head, "cgo") {
		return "import \"C\"\n\n"
	}
	return ""
}

// TestRunElsewhereAdvice: a user runs cardgen where they are — at a repository's root above the
// module, in one module naming a package of a module nested in it or beside it, at a workspace's
// root, in a directory of no package — and the go command refuses in words that say what is
// wrong but not what to do; the go.mod-not-found advice even said to make the current directory
// a module, when the package is in one already. Each gets the command that works.
func TestRunElsewhereAdvice(t *testing.T) {
	top := t.TempDir()
	cmd := exec.Command("go", "env", "GOMOD")
	cmd.Dir = top
	if out, err := cmd.Output(); err != nil || strings.TrimSpace(string(out)) != os.DevNull {
		t.Skipf("the temporary directory is inside a module (go env GOMOD: %s, %v)", out, err)
	}
	writeTree(t, top, map[string]string{
		"repo/svc/go.mod":          "module example.com/svc\n\ngo 1.26\n",
		"repo/svc/orders/p.go":     "package orders\n",
		"repo/svc/internal/x/p.go": "package x\n",
		"repo/svc/tools/go.mod":    "module example.com/svc/tools\n\ngo 1.26\n",
		"repo/svc/tools/gen/p.go":  "package gen\n",
		"repo/other/go.mod":        "module example.com/other\n\ngo 1.26\n",
		"repo/other/p.go":          "package other\n",
		"work/go.work":             "go 1.26\n\nuse (\n\t./a\n\t./b\n)\n",
		"work/a/go.mod":            "module example.com/a\n\ngo 1.26\n",
		"work/a/p.go":              "package a\n",
		"work/b/go.mod":            "module example.com/b\n\ngo 1.26\n",
		"work/b/p.go":              "package b\n",
		"loose/p.go":               "package loose\n",
		"repo/my svc/go.mod":       "module example.com/mysvc\n\ngo 1.26\n",
		"repo/my svc/orders/p.go":  "package orders\n",
	})
	t.Setenv("GOWORK", "")
	for _, tt := range []struct {
		dir, pattern, want string
	}{
		{"repo", "./svc/orders", "; it belongs to the module of svc/go.mod: run cardgen in that module (cd svc && cardgen ./orders)"},
		{"repo/svc", "./tools/gen", "; it belongs to the module of tools/go.mod: run cardgen in that module (cd tools && cardgen ./gen)"},
		{"repo/svc", "../other", "; it belongs to the module of ../other/go.mod: run cardgen in that module (cd ../other && cardgen .)"},
		{"repo/svc", "../other/...", "; it belongs to the module of ../other/go.mod: run cardgen in that module (cd ../other && cardgen ./...)"},
		// A directory the shell would split: the advice pastes as it is.
		{"repo", "./my svc/orders", "; it belongs to the module of my svc/go.mod: run cardgen in that module (cd 'my svc' && cardgen ./orders)"},
		{"repo/svc", ".", "; name the directory of a package, or the packages below this one: cardgen ./..."},
		{"repo/svc", "./internal", "; name the directory of a package, or the packages below this one: cardgen ./internal/..."},
		{"work", "./...", "; name the packages of the workspace's modules instead: cardgen ./a/... ./b/..."},
		// A directory in no module: the go command names none to go to.
		{"repo/svc", "../../loose", "outside main module or its selected dependencies; no go.mod is at or above it: name a package of this module, or make that directory a module with go mod init and run cardgen there"},
		// An import path of the module's own that names no directory: go get cannot add it.
		{"repo/svc", "example.com/svc/ordrs", "no package example.com/svc/ordrs: its directory ordrs in module example.com/svc does not exist; name a package that exists, by its directory (cardgen ./...) or import path"},
		{"work/a", "example.com/b/sub", "no package example.com/b/sub: its directory ../b/sub in module example.com/b does not exist; name a package that exists, by its directory (cardgen ./...) or import path"},
	} {
		_, err := Generate(Options{Dir: filepath.Join(top, tt.dir)}, tt.pattern)
		if err == nil || !strings.HasSuffix(err.Error(), tt.want) {
			t.Errorf("cardgen %s in %s: %v\nwant the go command's error ending in %q", tt.pattern, tt.dir, err, tt.want)
		}
	}
	// cardgen check's advice gives cardgen check commands.
	for _, tt := range []struct {
		dir, pattern, want string
	}{
		{"repo", "./svc/orders", "; it belongs to the module of svc/go.mod: run cardgen check in that module (cd svc && cardgen check ./orders)"},
		{"work", "./...", "; name the packages of the workspace's modules instead: cardgen check ./a/... ./b/..."},
		{"repo/svc", "example.com/svc/ordrs", "name a package that exists, by its directory (cardgen check ./...) or import path"},
	} {
		_, err := Generate(Options{Dir: filepath.Join(top, tt.dir), Command: "cardgen check"}, tt.pattern)
		if err == nil || !strings.HasSuffix(err.Error(), tt.want) {
			t.Errorf("cardgen check %s in %s: %v\nwant the go command's error ending in %q", tt.pattern, tt.dir, err, tt.want)
		}
	}
}

// TestInvalidSignatureTypes: a handler whose input or output type does not type-check is
// reported by the compile error alone (testdata/golden/bad_undefined_type), and by cardgen only
// when no compile error reached it, so that the tool is never dropped without a word.
func TestInvalidSignatureTypes(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"go.mod": "module example.com/p\n\ngo 1.26\n",
		"p.go":   "package p\n\nimport \"context\"\n\n// Find finds.\n//\n//card:tool\nfunc Find(ctx context.Context, in FindInput) (*FindResult, error) { return nil, nil }\n",
	})
	pkgs, err := Load(dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	in := InputOf(pkgs[0])
	_, diags := Model(in, Options{})
	if len(diags) != 2 || !strings.HasPrefix(diags[0].Msg, "undefined: ") || !strings.HasPrefix(diags[1].Msg, "undefined: ") {
		t.Errorf("with the compile errors: %v; want the two undefined types alone", diags)
	}
	in.Errors = nil
	_, diags = Model(in, Options{})
	if len(diags) != 1 || diags[0].Pos.Line != 8 || !strings.Contains(diags[0].Msg, "handler Find has a type that is invalid") {
		t.Errorf("without them: %v; want the handler's signature reported", diags)
	}
}

// TestSyntaxErrorInPackageOfTheRun: when ./... matches a package with a syntax error and
// packages of tools that depend on it, directly or through another package, the broken package
// reports its syntax errors and each tools' package says, at the import that leads there, which
// package is broken and where; the tools' packages are neither checked against the types the
// parser made out (a struct without its fields: no "unknown field Title") nor taken for packages
// without tools, whose files cardgen check would call "no longer generated". A package that
// imports the broken one but has nothing of cardgen's says nothing.
func TestSyntaxErrorInPackageOfTheRun(t *testing.T) {
	dir := moduleTempDir(t, "syntax")
	mod := "github.com/cardgen/cardgen/gen/" + filepath.Base(dir)
	tools := func(pkg, imp, out string) string {
		return "package " + pkg + "\n\nimport (\n\t\"context\"\n\n\t\"" + mod + "/" + imp + "\"\n)\n\n// In is the input.\ntype In struct {\n\tID string `json:\"id\"`\n}\n\n" +
			"// Show shows.\n//\n//card:tool\n//card:result title=\"{{.Title}}\"\nfunc Show(ctx context.Context, in In) (*" + out + ", error) { return nil, nil }\n"
	}
	writeTree(t, dir, map[string]string{
		"model/model.go": "package model\n\n// Item has one brace too many.\ntype Item struct {{\n\tTitle string `json:\"title\"`\n}\n",
		// A composite literal of the broken type: its type error is the syntax error's echo.
		"p.go":      tools("p", "model", "model.Item") + "\nvar sample = model.Item{Title: \"x\"}\n",
		"q/q.go":    "package q\n\nimport \"" + mod + "/model\"\n\n// Wrapped wraps an item.\ntype Wrapped struct {\n\tmodel.Item\n\tTitle string `json:\"title\"`\n}\n",
		"deep/p.go": tools("deep", "q", "q.Wrapped"),
	})
	res, err := Generate(Options{Dir: dir, Partial: true}, "./...")
	var diags Diagnostics
	if !errors.As(err, &diags) {
		t.Fatalf("Generate = %v; want diagnostics", err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range diags {
		got = append(got, fmt.Sprintf("%s:%d:%d: %s", filepath.ToSlash(RelativeTo(abs, d.Pos.Filename)), d.Pos.Line, d.Pos.Column, d.Msg))
	}
	want := []string{
		"deep/p.go:6:2: package " + mod + "/model, which " + mod + "/q imports, has a syntax error (model.go:4:19: expected '}', found '{'); fix it, then run cardgen again",
		"model/model.go:4:19: expected '}', found '{'",
		"model/model.go:5:2: expected ';', found Title",
		"p.go:6:2: package " + mod + "/model has a syntax error (model.go:4:19: expected '}', found '{'); fix it, then run cardgen again",
	}
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, p := range res.Packages {
		if len(p.Tools) > 0 {
			t.Errorf("package %s rendered with %d tools; want none rendered with tools", p.Path, len(p.Tools))
		}
	}
}

// TestShellQuote: a word of advice quoted by ShellQuote is read back by a POSIX shell as the word
// itself, and a plain one is left as it is.
func TestShellQuote(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	for _, w := range []string{"svc", "../other", "./...", "my svc", "it's", "a&b", "$HOME", "~x", "a*b", "x;y", "naïve", "", "'", "a\tb"} {
		q := ShellQuote(w)
		if plain := w != "" && !strings.ContainsAny(w, " '&$~*;\tï"); plain != (q == w) {
			t.Errorf("ShellQuote(%q) = %s; want it quoted only when the shell needs it", w, q)
		}
		out, err := exec.Command(sh, "-c", "printf %s "+q).Output()
		if err != nil || string(out) != w {
			t.Errorf("sh read ShellQuote(%q) = %s as %q (%v)", w, q, out, err)
		}
	}
}

// TestMisdeclaredMethodOfDependency: a method of the name of one invopop calls that invopop does
// not call (a JSONSchema on the pointer receiver, or returning the MCP Go SDK's Schema) is the
// user's mistake in their own module, and reported; in a dependency's package it is nobody's to
// fix here, and the schema is invopop's, made without it, as it was before such methods were
// reported.
func TestMisdeclaredMethodOfDependency(t *testing.T) {
	dir := moduleTempDir(t, "depmethod")
	dep := "package money\n\nimport \"github.com/invopop/jsonschema\"\n\n// Money is a dependency's type.\ntype Money struct {\n\tCents int64 `json:\"cents\"`\n}\n\n" +
		"// JSONSchema is on the pointer receiver, which invopop does not see.\nfunc (*Money) JSONSchema() *jsonschema.Schema { return &jsonschema.Schema{Type: \"integer\"} }\n"
	tool := func(imp string) string {
		return "package p\n\nimport (\n\t\"context\"\n\n\t\"" + imp + "\"\n)\n\n// In is the input.\ntype In struct {\n\tPrice money.Money `json:\"price\"`\n}\n\n" +
			"// Get gets.\n//\n//card:tool\nfunc Get(ctx context.Context, in In) (*In, error) { return &in, nil }\n"
	}
	sum, err := os.ReadFile(filepath.Join("..", "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	writeTree(t, dir, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.26\n\nrequire (\n\tgithub.com/cardgen/cardgen v0.0.0\n\texample.com/money v0.0.0\n\tgithub.com/invopop/jsonschema v0.14.0\n)\n\n" +
			"replace github.com/cardgen/cardgen => ../..\n\nreplace example.com/money => ./money\n",
		"go.sum":         string(sum),
		"money/go.mod":   "module example.com/money\n\ngo 1.26\n\nrequire github.com/invopop/jsonschema v0.14.0\n",
		"money/money.go": dep,
		"own/money.go":   strings.Replace(dep, "package money", "package money", 1),
		"dep/p.go":       tool("example.com/money"),
		"mine/p.go":      tool("example.com/m/own"),
	})
	tidy := exec.Command("go", "mod", "tidy")
	tidy.Dir = dir
	if out, err := tidy.CombinedOutput(); err != nil {
		t.Fatalf("go mod tidy: %v\n%s", err, out)
	}
	// The dependency's method: no diagnostic, and the schema invopop makes without it.
	res, err := Generate(Options{Dir: dir}, "./dep")
	if err != nil {
		t.Fatalf("a dependency's misdeclared method: %v; want no diagnostic", err)
	}
	if len(res.Packages) != 1 || len(res.Packages[0].Tools) != 1 || !strings.Contains(string(res.Packages[0].Tools[0].InSchema), `"cents":{"type":"integer"}`) {
		t.Errorf("the input schema is not invopop's without the method")
	}
	// The same method in a package of the module: reported.
	_, err = Generate(Options{Dir: dir}, "./mine")
	var diags Diagnostics
	if !errors.As(err, &diags) || len(diags) != 1 || !strings.Contains(diags[0].Msg, "(*money.Money).JSONSchema has a pointer receiver") {
		t.Errorf("a misdeclared method of the module: %v; want it reported", err)
	}
}
