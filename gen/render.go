package gen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
	"golang.org/x/net/idna"

	"github.com/cardgen/cardgen/internal/urlhost"
	"github.com/cardgen/cardgen/runtime/apps"
)

// Import paths the generated code uses.
const (
	mdcardPath   = "github.com/cardgen/cardgen/runtime/mdcard"
	appsPath     = "github.com/cardgen/cardgen/runtime/apps"
	cardPath     = "github.com/cardgen/cardgen/runtime/card"
	registerPath = "github.com/cardgen/cardgen/runtime/register"
	jsonPath     = "encoding/json"
	strconvPath  = "strconv"
	contextPath  = "context"
)

// Render builds the generated file of p with jennifer and returns its gofmt'd bytes.
func Render(p *Package) ([]byte, error) {
	src, err := renderFreeOfScope(p, renderSource)
	if err != nil {
		return nil, fmt.Errorf("rendering %s: %w", p.Path, err)
	}
	out, err := formatFile(src)
	if err != nil {
		return nil, fmt.Errorf("formatting %s: %w", p.Path, err)
	}
	return out, nil
}

// newFile is a jennifer file of package p with cardgen's import names. Every file that renders
// part of the generated code is made here, so that all of them name the imports alike.
func newFile(p *Package) *jen.File {
	f := jen.NewFile(p.Name)
	f.NoFormat = true // formatted once, by formatFile
	f.ImportNames(map[string]string{
		sdkPath:      "mcp",
		cardPath:     "card",
		registerPath: "register",
		appsPath:     "apps",
		mdcardPath:   "mdcard",
		acpPath:      "acp",
	})
	for path, alias := range p.importAliases {
		f.ImportAlias(path, alias)
	}
	return f
}

// renderFreeOfScope renders a generated file of p with render, and again with other names for
// the imports whose names the package declares at its top level: a package with its own
// "var json" or "type card" would not compile with an import of that name (its file scope and
// the package scope cannot share a name), and jennifer does not know the package's names.
// Such a package is rare, so the first rendering is checked rather than every import planned.
func renderFreeOfScope(p *Package, render func(*Package) ([]byte, error)) ([]byte, error) {
	q := p
	for range 8 {
		src, err := render(q)
		if err != nil {
			return nil, err
		}
		imports, err := importNames(src)
		if err != nil {
			return nil, err
		}
		var clashes []string
		for path, name := range imports {
			if p.declares(name) || p.testDeclares(name) {
				clashes = append(clashes, path)
			}
		}
		if len(clashes) == 0 {
			return src, nil
		}
		taken := map[string]bool{}
		for _, name := range imports {
			taken[name] = true
		}
		aliases := maps.Clone(q.importAliases)
		if aliases == nil {
			aliases = map[string]string{}
		}
		for _, path := range clashes {
			// jennifer's own way with a name already taken: a number after it.
			for i := 1; ; i++ {
				alias := imports[path] + strconv.Itoa(i)
				if !taken[alias] && !p.declares(alias) && !p.testDeclares(alias) {
					aliases[path], taken[alias] = alias, true
					break
				}
			}
		}
		c := *p
		c.importAliases = aliases
		q = &c
	}
	return nil, fmt.Errorf("no import names free of package %s's own names found", p.Name)
}

// importNames returns the name each import of a rendered file is known by in it: its alias, or
// else the last element of its path (cardgen names every import it does not alias so, and so
// does jennifer for the standard library's).
func importNames(src []byte) (map[string]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.ImportsOnly|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	names := map[string]string{}
	for _, spec := range f.Imports {
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			return nil, err
		}
		if spec.Name != nil {
			names[path] = spec.Name.Name
		} else {
			names[path] = path[strings.LastIndex(path, "/")+1:]
		}
	}
	return names, nil
}

// declares reports whether the package declares name at its top level, outside cardgen's own
// files (which are about to be replaced).
func (p *Package) declares(name string) bool {
	if p.pkg.Types == nil {
		return false
	}
	obj := p.pkg.Types.Scope().Lookup(name)
	return obj != nil && !p.generated[objectFile(p.pkg.Fset, obj)]
}

// testScope holds the top-level names that the package's own test files declare, and their
// imports. The test build compiles them with both generated files, whose imports may not take
// those names either (a test's "var cardtest" or "type testing" stopped it: "already declared
// through import"), nor their declarations the names of the test files' imports.
type testScope struct {
	once    sync.Once // the two generated files are rendered side by side
	names   map[string]token.Position
	imports []fileImport
}

// A fileImport is an import of one of the package's files: the name the file gives it ("" when
// it gives none, and the imported package's own name is not known here), its path, and where it
// is.
type fileImport struct {
	name, path string
	pos        token.Position
}

// testDeclares reports whether a test file of the package (not of its external _test package)
// declares name at its top level. Build constraints are not read: renaming an import that a
// name in some build would clash with costs nothing.
func (p *Package) testDeclares(name string) bool {
	_, ok := p.testNames()[name]
	return ok
}

// testNames returns the top-level names the package's own test files declare, with where.
func (p *Package) testNames() map[string]token.Position {
	return p.readTests().names
}

// testImports returns the imports of the package's own test files.
func (p *Package) testImports() []fileImport {
	return p.readTests().imports
}

// readTests reads the package's own test files once, or returns nil when it has none to read.
func (p *Package) readTests() *testScope {
	if p.tests == nil {
		return &testScope{}
	}
	p.tests.once.Do(func() { p.tests.names, p.tests.imports = readTestFiles(p.Dir, p.Name) })
	return p.tests
}

// readTestFiles returns the top-level names declared by the _test.go files in dir that belong
// to package pkg, cardgen's own aside, and their imports. Function bodies are parsed too
// (go/parser has no mode that skips them): once per package and run, for the package's test
// files only (about 2.5 ms for 117 KB of tests).
func readTestFiles(dir, pkg string) (map[string]token.Position, []fileImport) {
	names := map[string]token.Position{}
	var imports []fileImport
	entries, _ := os.ReadDir(dir) // read, not globbed: the directory's name may hold [ or *
	fset := token.NewFileSet()
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, "_test.go") || n == GeneratedTestFile {
			continue
		}
		// A file with syntax errors still declares what was parsed; the compiler reports the rest.
		f, _ := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.SkipObjectResolution)
		if f == nil || f.Name.Name != pkg {
			continue // unreadable, or the external test package, whose scope is its own
		}
		for _, spec := range f.Imports {
			imports = append(imports, importOf(fset, spec, ""))
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.Name != "init" {
					names[d.Name.Name] = fset.Position(d.Name.Pos())
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						names[s.Name.Name] = fset.Position(s.Name.Pos())
					case *ast.ValueSpec:
						for _, id := range s.Names {
							names[id.Name] = fset.Position(id.Pos())
						}
					}
				}
			}
		}
	}
	return names, imports
}

// importOf is the import spec: under its name in the file, or, when the file gives it none, under
// pkgName, the imported package's own name ("" when not known); at the name, or at the path when
// there is none.
func importOf(fset *token.FileSet, spec *ast.ImportSpec, pkgName string) fileImport {
	path, _ := strconv.Unquote(spec.Path.Value)
	imp := fileImport{name: pkgName, path: path, pos: fset.Position(spec.Path.Pos())}
	if spec.Name != nil {
		imp.name, imp.pos = spec.Name.Name, fset.Position(spec.Name.Pos())
	}
	return imp
}

// header writes the file's header comments.
func header(f *jen.File, p *Package) {
	f.HeaderComment(GeneratedHeader)
	tools := "the " + plural(len(p.Tools), "tool", "tools")
	if len(p.Tools) == 1 {
		tools = "the one tool" // not "the 1 tool"
	}
	// A header comment, followed by a blank line, not a package comment: go doc would open the
	// package's documentation with it.
	f.HeaderComment(fmt.Sprintf("This file registers %s of package %s with the MCP Go SDK.", tools, p.Name))
}

// parts are the top-level pieces of the generated file of p, in file order; each adds its
// declarations to the file it is given.
func parts(p *Package) []func(*jen.File) {
	ps := []func(*jen.File){
		func(f *jen.File) {
			doc(f, fmt.Sprintf("Written by cardgen %s for run-time API 1. An \"undefined: register.GeneratedAPI1\" error here "+
				"means the github.com/cardgen/cardgen module in go.mod is another version: run go generate with "+
				"the matching cardgen.", Version))
			f.Const().Id("_").Op("=").Qual(registerPath, "GeneratedAPI1")
		},
		func(f *jen.File) { renderSchemas(f, p) },
		func(f *jen.File) {
			if len(p.UIFiles) == 0 {
				return
			}
			var pats []string
			for _, u := range p.UIFiles {
				pats = append(pats, path.Join(p.UIDir, u))
			}
			doc(f, "uiFiles holds the views the tools name with //card:ui, and their sidecars; go:embed makes "+
				"a missing file a build error.")
			f.Comment("//go:embed " + strings.Join(pats, " "))
			f.Var().Id("uiFiles").Qual("embed", "FS")
		},
		func(f *jen.File) { renderRegister(f, p) },
	}
	for i := range registerHelpers(len(p.Tools)) {
		ps = append(ps, func(f *jen.File) { renderRegisterHelper(f, p, i) })
	}
	for _, t := range p.Tools {
		ps = append(ps, func(f *jen.File) {
			if t.Card != nil {
				renderCard(f, t)
			}
			if t.Markdown != nil {
				renderDocument(f, t)
			}
			if t.ACP != nil {
				renderACP(f, t)
			}
			if t.Reply != nil {
				renderReply(f, t)
			}
		})
	}
	return append(ps, func(f *jen.File) { renderDispatch(f, p) })
}

// fileOf is the jennifer file of p made of ps, its parts.
func fileOf(p *Package, ps []func(*jen.File)) *jen.File {
	f := newFile(p)
	header(f, p)
	for _, part := range ps {
		part(f)
	}
	return f
}

// renderOne renders the file of p made of ps in one jennifer file.
func renderOne(p *Package, ps []func(*jen.File)) ([]byte, error) {
	var buf bytes.Buffer
	err := fileOf(p, ps).Render(&buf)
	return buf.Bytes(), err
}

// renderSource is jennifer's unformatted rendering of the generated file of p. On a large package
// the parts are built and rendered in chunks on every core, each chunk in a jennifer file of its
// own, and joined: the bytes are those of renderOne, which the tests check. jennifer names an
// import when a chunk first uses it, so the chunks can disagree only when two imports want one
// name; then the file is rendered in one piece, as jennifer would name them.
func renderSource(p *Package) ([]byte, error) {
	ps := parts(p)
	return renderChunked(p, ps, min(len(ps)/chunkParts, 4*runtime.GOMAXPROCS(0)))
}

// renderChunked renders the file of p made of ps in n chunks; n < 2 renders it in one piece.
func renderChunked(p *Package, ps []func(*jen.File), n int) ([]byte, error) {
	if n < 2 {
		return renderOne(p, ps)
	}
	chunks := make([]renderedChunk, n)
	onEveryCore(n, func(i int) {
		f := newFile(p)
		for _, part := range ps[i*len(ps)/n : (i+1)*len(ps)/n] {
			part(f)
		}
		chunks[i] = renderChunk(f)
	})
	imports := map[string]string{} // path → its import line
	names := map[string]string{}   // name → path
	size := 0
	for _, c := range chunks {
		if c.err != nil {
			return nil, c.err
		}
		size += len(c.body)
		for _, imp := range c.imports {
			if line, ok := imports[imp.path]; ok && line != imp.line || names[imp.name] != "" && names[imp.name] != imp.path {
				return renderOne(p, ps)
			}
			imports[imp.path], names[imp.name] = imp.line, imp.path
		}
	}
	f := newFile(p)
	header(f, p)
	var out bytes.Buffer
	if err := f.Render(&out); err != nil {
		return nil, err
	}
	out.Grow(size + 64*len(imports) + 16)
	writeImports(&out, imports)
	for _, c := range chunks {
		out.Write(c.body) // jennifer starts each top-level item with a line break: no separator
	}
	return out.Bytes(), nil
}

// chunkParts is the fewest parts worth a chunk of their own.
const chunkParts = 16

type renderedChunk struct {
	imports []chunkImport
	body    []byte
	err     error
}

type chunkImport struct{ path, name, line string }

// renderChunk renders f and splits jennifer's output into its import lines and the declarations
// after them.
func renderChunk(f *jen.File) renderedChunk {
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return renderedChunk{err: err}
	}
	src := buf.Bytes()
	// jennifer writes "package p\n\n", then "import x\n\n" or "import (\n…)\n\n" when there
	// are imports, then the declarations.
	_, rest, _ := bytes.Cut(src, []byte("\n\n"))
	var c renderedChunk
	var lines []string
	switch {
	case bytes.HasPrefix(rest, []byte("import (\n")):
		block, after, _ := bytes.Cut(rest[len("import (\n"):], []byte(")\n\n"))
		lines, rest = strings.Split(strings.TrimSuffix(string(block), "\n"), "\n"), after
	case bytes.HasPrefix(rest, []byte("import ")):
		line, after, _ := bytes.Cut(rest[len("import "):], []byte("\n\n"))
		lines, rest = []string{string(line)}, after
	}
	for _, line := range lines {
		name, quoted, aliased := strings.Cut(line, " ")
		if !aliased {
			quoted = name
		}
		path, err := strconv.Unquote(quoted)
		if err != nil {
			return renderedChunk{err: fmt.Errorf("reading jennifer's import line %q: %w", line, err)}
		}
		if !aliased {
			name = importName(path)
		}
		c.imports = append(c.imports, chunkImport{path: path, name: name, line: line})
	}
	c.body = rest
	return c
}

// importName is the name an unaliased import line gives a package: the last element of its path
// without a major version suffix, which is what jennifer's and the standard library's names are.
func importName(path string) string {
	elems := strings.Split(path, "/")
	last := elems[len(elems)-1]
	if len(elems) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
		last = elems[len(elems)-2]
	}
	return last
}

// writeImports writes the import block as jennifer does: sorted by path, one line per import.
func writeImports(w *bytes.Buffer, imports map[string]string) {
	paths := slices.Sorted(maps.Keys(imports))
	switch len(paths) {
	case 0:
	case 1:
		fmt.Fprintf(w, "import %s\n\n", imports[paths[0]])
	default:
		w.WriteString("import (\n")
		for _, p := range paths {
			w.WriteString(imports[p])
			w.WriteByte('\n')
		}
		w.WriteString(")\n\n")
	}
}

// formatFile groups the import block (standard library first, then the rest, as goimports
// would) and gofmts the file in one parse and print: printing is most of a run's cost on a large
// package, so the file is printed once, not by jennifer and then again by goimports.
func formatFile(src []byte) ([]byte, error) { return formatDecls(groupImports(src)) }

// groupImports puts the standard library's imports of jennifer's import block first and the
// others after a blank line.
func groupImports(src []byte) []byte {
	start := bytes.Index(src, []byte("\nimport (\n"))
	if start < 0 {
		return src
	}
	body := start + len("\nimport (\n")
	end := bytes.Index(src[body:], []byte("\n)\n"))
	if end < 0 {
		return src
	}
	var std, other []string
	for _, line := range strings.Split(string(src[body:body+end]), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		path := line[strings.IndexByte(line, '"')+1:]
		if first, _, _ := strings.Cut(path, "/"); strings.Contains(first, ".") {
			other = append(other, line)
		} else {
			std = append(std, line)
		}
	}
	block := strings.Join(std, "\n")
	if len(std) > 0 && len(other) > 0 {
		block += "\n\n"
	}
	block += strings.Join(other, "\n")
	return append(append(append([]byte{}, src[:body]...), block...), src[body+end:]...)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// lowerFirst makes an exported Go name unexported as Go's style does: a leading initialism is
// lowered whole (UI → ui, HTTPGet → httpGet, not uI and hTTPGet), up to the capital that starts
// the next word.
func lowerFirst(s string) string {
	n := 0
	for n < len(s) && 'A' <= s[n] && s[n] <= 'Z' {
		n++
	}
	isLower := func(i int) bool { return i < len(s) && 'a' <= s[i] && s[i] <= 'z' }
	plural := n > 1 && isLower(n) && s[n] == 's' && !isLower(n+1) // IDs, URLsByID
	if n > 1 && isLower(n) && !plural {
		n-- // HTTPGet: the G starts Get
	}
	if n == 0 {
		if s == "" || s[0] < utf8.RuneSelf {
			return s // already lower case, or a digit or _: nothing to lower, nothing to copy
		}
		r, size := utf8.DecodeRuneInString(s) // Été → été
		return string(unicode.ToLower(r)) + s[size:]
	}
	// One allocation: it runs for every name generated for every tool.
	var b strings.Builder
	b.Grow(len(s))
	for i := range n {
		b.WriteByte(s[i] + 'a' - 'A')
	}
	b.WriteString(s[n:])
	return b.String()
}

// uiServerName is the default host of a package's ui:// URIs: its name, which hosts and the SDK
// take as a URI host only in ASCII (runtime/apps refuses any other, so RegisterTools of a
// package café panicked), or else the name as a browser writes such a host (xn--caf-dma), or
// failing that its plain Punycode form.
func uiServerName(pkgName string) string {
	if !urlhost.NonASCII(pkgName) {
		return pkgName
	}
	if ascii, err := urlhost.ToASCII(pkgName); err == nil && ascii != "" {
		return ascii
	}
	if ascii, err := idna.Punycode.ToASCII(pkgName); err == nil {
		return ascii
	}
	return "ui" // cannot happen for a Go identifier: Punycode encodes any letters
}

func schemaVar(t *Tool, which string) string { return lowerFirst(t.GoName) + which + "Schema" }

// rawString writes s as a Go raw string when it can, which keeps the embedded JSON readable in
// review, and as an interpreted string otherwise.
func rawString(s string) jen.Code {
	if !strings.Contains(s, "`") && !strings.Contains(s, "\r") {
		return jen.Id("`" + s + "`")
	}
	return jen.Lit(s)
}

func renderSchemas(f *jen.File, p *Package) {
	if len(p.Tools) == 0 {
		return
	}
	doc(f, "The tools' JSON schemas, derived by cardgen from the Go types with invopop/jsonschema's rules. "+
		"They are passed to the SDK explicitly so that it never infers its own.")
	var defs []jen.Code
	// Tools that share a type share its schema: a later variable names the first that holds the
	// same schema instead of repeating it (an input type of many tools, as an ID lookup is).
	first := map[string]string{}
	def := func(name string, schema []byte, runtime bool, reflect string, n *types.Named, typ jen.Code) jen.Code {
		// reflect tells an input from an output, which never share: an output's variable is not
		// named after an input, even when the JSON is the same.
		key := reflect + ":" + string(schema)
		switch {
		case runtime:
			key = reflect + ":" + n.String() + ":reflected"
		case schema == nil:
			key = "mdcard"
		}
		if prev, ok := first[key]; ok {
			return jen.Id(name).Op("=").Id(prev)
		}
		first[key] = name
		return schemaDef(name, schema, runtime, reflect, typ)
	}
	for _, t := range p.Tools {
		defs = append(defs,
			def(schemaVar(t, "Input"), t.InSchema, t.InRuntime, "ReflectSchema", t.In, t.typ(t.inName())),
			def(schemaVar(t, "Output"), t.OutSchema, t.OutRuntime, "ReflectOutputSchema", t.Out, t.typ(t.outName())))
	}
	f.Var().Defs(defs...)
}

// schemaDef declares a schema variable: the bytes cardgen computed, or a call to reflect, the
// register function that reflects the type at init (ReflectSchema for an input,
// ReflectOutputSchema for an output).
func schemaDef(name string, schema []byte, runtime bool, reflect string, typ jen.Code) jen.Code {
	if schema == nil && !runtime { // a markdown card tool: mdcard's output
		return jen.Id(name).Op("=").Qual(mdcardPath, "OutputSchema").Call()
	}
	if runtime {
		return jen.Id(name).Op("=").Qual(registerPath, reflect).Types(typ).Call()
	}
	return jen.Id(name).Op("=").Qual(jsonPath, "RawMessage").Call(rawString(string(schema)))
}

func renderRegister(f *jen.File, p *Package) {
	names := make([]string, len(p.Tools))
	for i, t := range p.Tools {
		names[i] = t.Name
	}
	doc(f, fmt.Sprintf("RegisterTools adds the annotated tools of package %s to s: %s. ", p.Name, strings.Join(names, ", "))+
		"Each tool gets the input and output schemas cardgen derived from its Go types (resolved on "+
		"its first call: register.AddTool is mcp.AddTool with lazy schemas); a tool with a result card "+
		"gets the card, fitted to the host limits, in the result's _meta.")
	params := []jen.Code{jen.Id("s").Op("*").Qual(sdkPath, "Server")}
	for _, r := range p.Receivers {
		params = append(params, jen.Id(r.Param).Op("*").Id(r.Type.Name()))
	}
	params = append(params, jen.Id("opts").Op("...").Qual(registerPath, "Option"))
	views := viewVars(p)
	var body []jen.Code
	for _, r := range p.Receivers {
		// A nil service is a wiring mistake: found here, at start-up, rather than as a recovered
		// panic in every call of its tools.
		body = append(body, jen.If(jen.Id(r.Param).Op("==").Nil()).Block(
			jen.Panic(jen.Lit(fmt.Sprintf("%s.RegisterTools: %s is nil; pass the *%s whose methods serve the tools", p.Name, r.Param, r.Type.Name())))))
	}
	if p.usesUI() {
		// Only cards and views need the options; a package without them keeps the parameter
		// so that every RegisterTools has the same shape.
		body = append(body, jen.Id("cfg").Op(":=").Qual(registerPath, "NewConfig").Call(jen.Id("opts").Op("...")))
		body = append(body, jen.Id("ui").Op(":=").Id("cfg").Dot("UIRegistry").Call(jen.Lit(uiServerName(p.Name))))
		if len(p.UIFiles) > 0 {
			body = append(body, jen.Id("uiFS").Op(":=").Qual(registerPath, "SubFS").Call(jen.Id("uiFiles"), jen.Lit(p.UIDir)))
		}
		for _, t := range p.Tools {
			if t.UIPath != "" && views[t.UIPath] == uiVar(t) {
				body = append(body, jen.Id(uiVar(t)).Op(":=").Qual(registerPath, "MustUI").Call(
					jen.Id("ui").Dot("AddFile").Call(jen.Id("uiFS"), jen.Lit(t.UIPath), jen.Nil())))
			}
		}
		for _, t := range p.Tools {
			if t.Markdown != nil {
				body = append(body, jen.Id("markdownUI").Op(":=").Qual(registerPath, "MustUI").Call(
					jen.Id("ui").Dot("AddHTML").Call(jen.Qual(mdcardPath, "ViewPath"), jen.Qual(mdcardPath, "View").Call(), jen.Id("cfg").Dot("MarkdownViewMeta").Call())))
				break
			}
		}
		for _, t := range p.Tools {
			if t.Markdown != nil {
				body = append(body, jen.Id(lowerFirst(t.GoName)+"Doc").Op(":=").Qual(registerPath, "MustDocument").Call(
					jen.Qual(mdcardPath, "NewDocument").Call(jen.Lit(t.Name))))
			}
		}
		if p.usesBuiltinView() {
			body = append(body, jen.Comment("Tools with a result card and no view of their own are drawn by the built-in view."))
			meta := jen.Nil()
			if origins := p.builtinViewOrigins(); len(origins) > 0 {
				// The view loads the cards' icons and images, which the host's CSP must allow.
				meta = jen.Id("cfg").Dot("BuiltinViewMeta").Call(litStrings(origins)...)
			}
			body = append(body, jen.Id("resultCardUI").Op(":=").Qual(registerPath, "MustUI").Call(
				jen.Id("ui").Dot("AddHTML").Call(jen.Lit(builtinViewPath), jen.Qual(appsPath, "ResultCardView").Call(), meta)))
		}
	}
	if helpers := registerHelpers(len(p.Tools)); helpers != nil {
		for i, name := range helpers {
			var args []jen.Code
			for _, a := range helperParams(p, helperTools(p, i), views) {
				args = append(args, jen.Id(a.name))
			}
			body = append(body, jen.Id(name).Call(args...))
		}
	} else {
		for _, t := range p.Tools {
			body = append(body, toolRegistration(t, views))
		}
	}
	if p.usesUI() {
		body = append(body, jen.Id("ui").Dot("Register").Call(jen.Id("s")))
	}
	f.Func().Id("RegisterTools").Params(params...).Block(body...)
}

// registerChunk is the most tools one generated function registers. RegisterTools of a package
// with more calls helpers of registerChunk tools each (registerHelpers): the compiler's work on
// one function grows faster than its size, and the package of 4,000 tools took 18% less CPU to
// build in functions of 200 than in one RegisterTools, and 11% less than in functions of 100
// (BENCHMARKS.md, "Compile time of the generated package"). A variable so that tests can split
// small packages.
var registerChunk = 200

// registerHelpers returns the names of the functions RegisterTools splits the registration of
// n tools into, in order, or nil when n tools take one function: registerTools1, registerTools2,
// …. They are package-level names, so Model adds them to the names checked against the
// package's own.
func registerHelpers(n int) []string {
	if n <= registerChunk {
		return nil
	}
	names := make([]string, (n+registerChunk-1)/registerChunk)
	for i := range names {
		names[i] = "registerTools" + strconv.Itoa(i+1)
	}
	return names
}

// helperTools returns the tools that helper i of registerHelpers registers.
func helperTools(p *Package, i int) []*Tool {
	return p.Tools[i*registerChunk : min((i+1)*registerChunk, len(p.Tools))]
}

// A helperParam is a parameter of a registration helper: a parameter or variable of
// RegisterTools that the helper's tools use, under the same name, so that toolRegistration writes
// the same statement in either function.
type helperParam struct {
	name string
	typ  jen.Code
}

// helperParams lists the parameters of the helper that registers tools, in a fixed order: the
// server, the receivers they are methods of (in RegisterTools' order), cfg when one has a card,
// the view URIs and markdown documents they name, in the order of the tools, and the options.
func helperParams(p *Package, tools []*Tool, views map[string]string) []helperParam {
	params := []helperParam{{"s", jen.Op("*").Qual(sdkPath, "Server")}}
	for _, r := range p.Receivers {
		if slices.ContainsFunc(tools, func(t *Tool) bool { return t.Recv == r }) {
			params = append(params, helperParam{r.Param, jen.Op("*").Id(r.Type.Name())})
		}
	}
	if slices.ContainsFunc(tools, func(t *Tool) bool { return t.Card != nil }) {
		params = append(params, helperParam{"cfg", jen.Op("*").Qual(registerPath, "Config")})
	}
	seen := map[string]bool{}
	add := func(name string, typ jen.Code) {
		if !seen[name] {
			seen[name] = true
			params = append(params, helperParam{name, typ})
		}
	}
	for _, t := range tools {
		// The variables toolMeta and markdownRegistration name.
		switch {
		case t.UIPath != "":
			add(views[t.UIPath], jen.String())
		case t.Markdown != nil:
			add("markdownUI", jen.String())
		case t.Card != nil:
			add("resultCardUI", jen.String())
		}
		if t.Markdown != nil {
			add(lowerFirst(t.GoName)+"Doc", jen.Op("*").Qual(mdcardPath, "Document"))
		}
	}
	return append(params, helperParam{"opts", jen.Index().Qual(registerPath, "Option")})
}

// renderRegisterHelper declares helper i of registerHelpers, which adds its tools as RegisterTools
// would.
func renderRegisterHelper(f *jen.File, p *Package, i int) {
	name := registerHelpers(len(p.Tools))[i]
	tools := helperTools(p, i)
	views := viewVars(p)
	doc(f, fmt.Sprintf("%s adds tools %d to %d of package %s (%s to %s) for RegisterTools, which registers "+
		"them in functions of at most %d tools so that none is slow to compile.",
		name, i*registerChunk+1, i*registerChunk+len(tools), p.Name, tools[0].Name, tools[len(tools)-1].Name, registerChunk))
	var params []jen.Code
	for _, a := range helperParams(p, tools, views) {
		params = append(params, jen.Id(a.name).Add(a.typ))
	}
	body := make([]jen.Code, len(tools))
	for j, t := range tools {
		body[j] = toolRegistration(t, views)
	}
	f.Func().Id(name).Params(params...).Block(body...)
}

// toolRegistration is one register.AddTool call with the tool's definition and a function literal
// that adapts the user's handler: it calls it, refuses a nil output, attaches the card and the
// reply. RegisterTools's options are passed on, so that AddTool logs a handler's panic to
// WithLogger's logger. A literal per tool, rather than a generic helper, because the Go compiler builds a
// generic helper once per input type: on 500 tools that made the generated package 8–17% slower
// to compile (see BENCHMARKS.md), a cost paid on every build, for a gain only when generating.
//
// views maps each //card:ui path to the variable that holds its URI (see viewVars).
func toolRegistration(t *Tool, views map[string]string) jen.Code {
	tool := fields{{"Name", jen.Lit(t.Name)}}
	if t.Title != "" {
		tool = append(tool, field{"Title", jen.Lit(t.Title)})
	}
	if t.Description != "" {
		tool = append(tool, field{"Description", jen.Lit(t.Description)})
	}
	if t.Icon != "" {
		tool = append(tool, field{"Icons", jen.Index().Qual(sdkPath, "Icon").Values(jen.Values(jen.Id("Source").Op(":").Lit(t.Icon)))})
	}
	tool = append(tool,
		field{"Annotations", annotationsLit(t)},
		field{"InputSchema", jen.Id(schemaVar(t, "Input"))},
		field{"OutputSchema", jen.Id(schemaVar(t, "Output"))})
	if meta := toolMeta(t, views); meta != nil {
		tool = append(tool, field{"Meta", meta})
	}
	outType := t.typ(t.outName())
	if t.OutPtr {
		outType = jen.Op("*").Add(t.typ(t.outName()))
	}
	if t.Markdown != nil {
		return markdownRegistration(t, tool)
	}
	call := handlerCall(t, jen.Id("req"))
	// With an error the output is not sent: a nil pointer says so; a value output has no nil.
	errOut := jen.Id("out")
	if t.OutPtr {
		errOut = jen.Nil()
	}
	if t.ReturnsResult {
		return addToolCall(t, tool, outType, resultHandlerBody(t, call, errOut))
	}
	body := []jen.Code{
		jen.List(jen.Id("out"), jen.Err()).Op(":=").Add(call),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), errOut, jen.Err())),
	}
	outVal := jen.Id("out")
	switch {
	case t.OutPtr && t.emptyOutput():
		// An output without fields has nothing to be missing: nil is {}, as mcp.AddTool sends it.
		body = append(body, jen.If(jen.Id("out").Op("==").Nil()).Block(
			jen.Id("out").Op("=").Op("&").Add(t.typ(t.outName())).Values()))
	case t.OutPtr:
		body = append(body, jen.If(jen.Id("out").Op("==").Nil()).Block(
			jen.Return(jen.Nil(), jen.Nil(), jen.Qual(registerPath, "NoOutput").Call(jen.Lit(t.Name)))))
	default:
		outVal = jen.Op("&").Id("out")
	}
	if t.Reply == nil && t.Card == nil {
		// Nothing to add to the result: register.AddTool makes it, as mcp.AddTool does.
		body = append(body, jen.Return(jen.Nil(), jen.Id("out"), jen.Nil()))
		return addToolCall(t, tool, outType, body)
	}
	body = append(body, jen.Id("res").Op(":=").Op("&").Qual(sdkPath, "CallToolResult").Values())
	if t.Reply != nil {
		body = append(body, setReply(t, outVal))
	}
	if t.Card != nil {
		body = append(body, attachCard(t, outVal))
	}
	body = append(body, jen.Return(jen.Id("res"), jen.Id("out"), jen.Nil()))
	return addToolCall(t, tool, outType, body)
}

// resultHandlerBody is the body of the handler literal of a tool whose handler returns its own
// *mcp.CallToolResult: the result is sent as the handler made it, as mcp.AddTool sends it, with
// the card and reply added. A request for the client's input (InputRequests) is sent untouched.
// The handler's Content wins over the reply (it wrote it on purpose); an error result (IsError)
// gets neither the card nor the reply (the output's words would contradict the error), and may
// come with a nil output, which is then not sent
// (register.AddTool sends an error result without structuredContent, as clients expect of a
// tool error); a nil output beside a result that is no error is register.NoOutput, as for the
// other handler shapes. A handler error discards the result, as mcp.AddTool discards it.
func resultHandlerBody(t *Tool, call *jen.Statement, errOut jen.Code) []jen.Code {
	body := []jen.Code{
		jen.List(jen.Id("res"), jen.Id("out"), jen.Err()).Op(":=").Add(call),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), errOut, jen.Err())),
		// A request for the client's input (a multi-round-trip call) goes out as it is: content
		// and inputRequests are exclusive on the wire, and there is no output yet.
		jen.If(jen.Id("res").Op("!=").Nil().Op("&&").Id("res").Dot("InputRequests").Op("!=").Nil()).Block(jen.Return(jen.Id("res"), jen.Id("out"), jen.Nil())),
	}
	outVal := jen.Id("out")
	switch {
	case t.OutPtr && t.emptyOutput():
		// A tool whose result is its own content (an image) declares an output without
		// fields: its nil is {}, as mcp.AddTool sends it, and an error result is sent without.
		body = append(body, jen.If(jen.Id("out").Op("==").Nil()).Block(
			jen.If(jen.Id("res").Op("!=").Nil().Op("&&").Id("res").Dot("IsError")).Block(jen.Return(jen.Id("res"), jen.Nil(), jen.Nil())),
			jen.Id("out").Op("=").Op("&").Add(t.typ(t.outName())).Values()))
	case t.OutPtr:
		body = append(body, jen.If(jen.Id("out").Op("==").Nil()).Block(
			jen.If(jen.Id("res").Op("!=").Nil().Op("&&").Id("res").Dot("IsError")).Block(jen.Return(jen.Id("res"), jen.Nil(), jen.Nil())),
			jen.Return(jen.Nil(), jen.Nil(), jen.Qual(registerPath, "NoOutput").Call(jen.Lit(t.Name)))))
	default:
		outVal = jen.Op("&").Id("out")
	}
	if t.Reply == nil && t.Card == nil {
		return append(body, jen.Return(jen.Id("res"), jen.Id("out"), jen.Nil()))
	}
	body = append(body, jen.If(jen.Id("res").Op("==").Nil()).Block(jen.Id("res").Op("=").Op("&").Qual(sdkPath, "CallToolResult").Values()))
	if t.Reply != nil {
		body = append(body, jen.If(jen.Id("res").Dot("Content").Op("==").Nil().Op("&&").Op("!").Id("res").Dot("IsError")).Block(
			setReply(t, outVal)))
	}
	if t.Card != nil {
		body = append(body, jen.If(jen.Op("!").Id("res").Dot("IsError")).Block(
			attachCard(t, outVal)))
	}
	return append(body, jen.Return(jen.Id("res"), jen.Id("out"), jen.Nil()))
}

// emptyOutput reports whether the tool's output type is a struct without fields, the output of a
// tool whose result is its own content: a nil one says nothing is missing.
func (t *Tool) emptyOutput() bool {
	st, ok := t.Out.Underlying().(*types.Struct)
	return ok && st.NumFields() == 0
}

// setReply is the statement that makes the tool's reply text the content of res.
func setReply(t *Tool, outVal jen.Code) jen.Code {
	return jen.Id("res").Dot("Content").Op("=").Index().Qual(sdkPath, "Content").Values(
		jen.Op("&").Qual(sdkPath, "TextContent").Values(jen.Dict{jen.Id("Text"): jen.Id(lowerFirst(t.GoName) + "Reply").Call(outVal)}))
}

// attachCard is the statement that puts the tool's card, fitted, in res's _meta.
func attachCard(t *Tool, outVal jen.Code) jen.Code {
	return jen.Id("cfg").Dot("AttachCard").Call(jen.Id("ctx"), jen.Id("res"), jen.Lit(t.Name), jen.Id(t.GoName+"Card").Call(outVal))
}

// addToolCall is the register.AddTool call of a tool with the fields tool and a handler literal
// with body, returning outType.
func addToolCall(t *Tool, tool fields, outType jen.Code, body []jen.Code) jen.Code {
	reqName := "_"
	if t.HasRequest {
		reqName = "req"
	}
	return jen.Qual(registerPath, "AddTool").Call(
		jen.Id("s"),
		jen.Op("&").Qual(sdkPath, "Tool").Values(tool.values()...),
		jen.Func().Params(
			jen.Id("ctx").Qual(contextPath, "Context"),
			jen.Id(reqName).Op("*").Qual(sdkPath, "CallToolRequest"),
			jen.Id("in").Add(t.typ(t.inName())),
		).Params(jen.Op("*").Qual(sdkPath, "CallToolResult"), outType, jen.Error()).Block(body...),
		jen.Id("opts").Op("..."),
	)
}

// handlerFunc is the user's handler as a function value: a method value on its receiver's
// parameter, or the function itself.
func handlerFunc(t *Tool) *jen.Statement {
	if t.Recv != nil {
		return jen.Id(t.Recv.Param).Dot(t.Func.Name())
	}
	return jen.Id(t.Func.Name())
}

// annotationsLit writes the SDK tool annotations. The flags are the whole truth: a tool not marked
// destructive is sent destructiveHint false, one not marked openworld openWorldHint false, rather
// than leaving hosts to assume the protocol's cautious defaults (true) for an annotated tool.
func annotationsLit(t *Tool) jen.Code {
	d := jen.Dict{}
	if t.ReadOnly {
		d[jen.Id("ReadOnlyHint")] = jen.True()
	}
	if t.Idempotent {
		d[jen.Id("IdempotentHint")] = jen.True()
	}
	if !t.ReadOnly {
		d[jen.Id("DestructiveHint")] = jen.Qual(registerPath, "Bool").Call(jen.Lit(t.Destructive))
	}
	d[jen.Id("OpenWorldHint")] = jen.Qual(registerPath, "Bool").Call(jen.Lit(t.OpenWorld))
	if t.Title != "" {
		d[jen.Id("Title")] = jen.Lit(t.Title)
	}
	return jen.Op("&").Qual(sdkPath, "ToolAnnotations").Values(d)
}

func uiVar(t *Tool) string { return lowerFirst(t.GoName) + "UI" }

// viewVars maps each //card:ui path of p to the variable holding its URI in RegisterTools: that of
// the first tool naming it. Tools that share a view share the variable, because the registry
// takes each path once and a second AddFile of it would make RegisterTools panic at start-up.
func viewVars(p *Package) map[string]string {
	views := map[string]string{}
	for _, t := range p.Tools {
		if _, ok := views[t.UIPath]; t.UIPath != "" && !ok {
			views[t.UIPath] = uiVar(t)
		}
	}
	return views
}

// toolMeta is the tool's _meta.ui: its view (its own, or the built-in one for a card) and its
// visibility.
func toolMeta(t *Tool, views map[string]string) jen.Code {
	var uri jen.Code
	switch {
	case t.UIPath != "":
		uri = jen.Id(views[t.UIPath])
	case t.Markdown != nil:
		uri = jen.Id("markdownUI")
	case t.Card != nil:
		uri = jen.Id("resultCardUI")
	case t.HasVisibility:
		uri = jen.Lit("")
	default:
		return nil
	}
	return jen.Qual(sdkPath, "Meta").Call(jen.Qual(appsPath, "ToolMeta").Call(uri, visibilityLit(t.Visibility)))
}

func visibilityLit(v apps.Visibility) jen.Code {
	switch v {
	case apps.Model:
		return jen.Qual(appsPath, "Model")
	case apps.App:
		return jen.Qual(appsPath, "App")
	case apps.Model | apps.App:
		return jen.Qual(appsPath, "Model").Op("|").Qual(appsPath, "App")
	}
	return jen.Lit(0)
}

// markdownRegistration registers a markdown card tool: the handler's document is rendered by
// runtime/mdcard, the part the caller asked for, and sent as mdcard's {card, parts} output.
func markdownRegistration(t *Tool, tool fields) jen.Code {
	call := handlerCall(t, jen.Id("req"))
	zero := jen.Qual(mdcardPath, "Output").Values()
	outVal := jen.Id("out")
	body := []jen.Code{
		jen.List(jen.Id("out"), jen.Err()).Op(":=").Add(call),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), zero, jen.Err())),
	}
	if t.OutPtr {
		body = append(body, jen.If(jen.Id("out").Op("==").Nil()).Block(
			jen.Return(jen.Nil(), zero, jen.Qual(registerPath, "NoOutput").Call(jen.Lit(t.Name)))))
	} else {
		outVal = jen.Op("&").Id("out")
	}
	body = append(body,
		jen.List(jen.Id("md"), jen.Id("renderOpts")).Op(":=").Id(lowerFirst(t.GoName)+"Document").Call(outVal),
		jen.Id("renderOpts").Dot("Part").Op("=").Int().Parens(jen.Id("in").Dot(t.PartField)),
		jen.Return(jen.Id(lowerFirst(t.GoName)+"Doc").Dot("Serve").Call(jen.Id("req"), jen.Id("md"), jen.Id("renderOpts"))))
	return jen.Qual(registerPath, "AddTool").Call(
		jen.Id("s"),
		jen.Op("&").Qual(sdkPath, "Tool").Values(tool.values()...),
		jen.Func().Params(
			jen.Id("ctx").Qual(contextPath, "Context"),
			jen.Id("req").Op("*").Qual(sdkPath, "CallToolRequest"),
			jen.Id("in").Add(t.typ(t.inName())),
		).Params(jen.Op("*").Qual(sdkPath, "CallToolResult"), jen.Qual(mdcardPath, "Output"), jen.Error()).Block(body...),
		jen.Id("opts").Op("..."),
	)
}

// handlerCall is the call of t's handler with ctx, req (when the handler takes the request) and in.
func handlerCall(t *Tool, req jen.Code) *jen.Statement {
	fn := handlerFunc(t)
	args := []jen.Code{jen.Id("ctx")}
	if t.HasRequest {
		args = append(args, req)
	}
	return fn.Call(append(args, jen.Id("in"))...)
}

// fields is the body of a composite literal in the order written, one field per line. jen.Dict
// sorts its keys, which would scatter a struct's fields out of the order a reader expects.
type fields []field

type field struct {
	name string
	val  jen.Code
}

func (fs fields) values() []jen.Code {
	items := make([]jen.Code, 0, len(fs)+1)
	for _, f := range fs {
		items = append(items, jen.Line().Id(f.name).Op(":").Add(f.val))
	}
	return append(items, jen.Line())
}

// typ refers to a type name from the generated file: bare when it is declared in the package
// being generated, qualified by its import path otherwise (an input or output type may live in a
// shared package).
func (t *Tool) typ(n *types.TypeName) *jen.Statement {
	if pkg := n.Pkg(); pkg != nil && pkg.Path() != t.Home {
		return jen.Qual(pkg.Path(), n.Name())
	}
	return jen.Id(n.Name())
}

// inName and outName are the names the generated code writes for the tool's input and output
// types: the types' own, or the aliases that stand for them (Tool.InName, Tool.OutName).
func (t *Tool) inName() *types.TypeName {
	if t.InName != nil {
		return t.InName
	}
	return t.In.Obj()
}

func (t *Tool) outName() *types.TypeName {
	if t.OutName != nil {
		return t.OutName
	}
	return t.Out.Obj()
}
