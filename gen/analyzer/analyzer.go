// Package analyzer runs cardgen's checks as a go/analysis analyzer, so that go vet (through the
// cardvet command), golangci-lint and other analysis drivers report the same diagnostics as
// generation does, positioned at the offending word, with quick fixes for misspellings.
package analyzer

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/cardgen/cardgen/annotations"
	"github.com/cardgen/cardgen/gen"
	"golang.org/x/tools/go/analysis"
)

// Analyzer reports every problem cardgen would report when generating the package: malformed
// //card: directives, handler shapes, names, schemas, card rules and ui sidecars. Misspelt
// directives, keys, flags, template fields ({{.Stauts}}) and card tag slots (card:"titel"), and
// a space after //, come with a suggested fix. Its -ui flag is cardgen's -ui flag.
//
// It also reports, beyond generation, tools the package registers by hand with an &mcp.Tool{…}
// literal (handadd.go): a schema the SDK would infer from a type with a jsonschema tag it
// panics on, and a name one of the package's generated tools has.
var Analyzer = &analysis.Analyzer{
	Name: "cardgen",
	Doc: `check //card: annotations as cardgen would

The cardgen analyzer builds the same model of a package as the cardgen generator and reports
every diagnostic generation would: malformed //card: directives, handler signatures, tool
names, JSON schemas, result card rules and ui sidecar files. Misspelt directive, key and flag
names, template fields ({{.Stauts}}) and card tag slots (card:"titel"), and a space after //,
carry a suggested fix.

Tools registered by hand beside the generated ones (mcp.AddTool, register.AddTool with an
&mcp.Tool{...} literal) are reported when the SDK would infer a schema from a type with a
jsonschema tag it panics on (one beginning with WORD=), or when their name is that of a
generated tool of the package.`,
	URL:        "https://github.com/cardgen/cardgen/blob/main/docs/editors.md",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	// The model is built from partial type information too, as the generator does: a package
	// that refers to a function cardgen has not generated yet still gets its annotations checked.
	RunDespiteErrors: true,
}

// uiDir is the -ui flag.
var uiDir string

// goFilesOnly is the -go-files-only flag.
var goFilesOnly bool

func init() {
	Analyzer.Flags.Var(gen.UIDirValue(&uiDir), "ui", "the ui folder, relative to each package and inside it, as given to cardgen -ui (default: the -ui of the package's //go:generate line for cardgen, else "+gen.DefaultUIDir+")")
	Analyzer.Flags.BoolVar(&goFilesOnly, "go-files-only", false,
		"report a problem in a ui view's .meta.json sidecar at the //card:ui path that names the view, with the sidecar's file:line:col in the message, for drivers that drop diagnostics outside Go files (golangci-lint)")
}

func run(pass *analysis.Pass) (any, error) {
	// The generator loads packages without their tests; a test variant's _test.go files are
	// left out so that the analyzer sees what generation sees.
	files := slices.DeleteFunc(slices.Clone(pass.Files), func(f *ast.File) bool { return isTest(pass, f) })
	// A package whose every file the build leaves out (all of them _windows.go on Linux) is
	// still checked, as generation checks it: its tools would be missing from every build that
	// leaves the files out, which generation says at each handler.
	if len(files) == 0 && (len(pass.Files) > 0 || len(pass.IgnoredFiles) == 0) || syntaxError(pass, files) {
		// The driver reports a syntax error itself (go vet stops there); what the parser made
		// of the file would only bring its echoes, as generation leaves them out too.
		return &Result{}, nil
	}
	pkg, info := pass.Pkg, pass.TypesInfo
	if len(files) < len(pass.Files) && testMethods(pass) {
		pkg, info = withoutTests(pass, files)
	}
	in := gen.Input{Fset: pass.Fset, Files: files, Types: pkg, Info: info, IgnoredFiles: pass.IgnoredFiles, CompilerReports: true}
	if pass.Module != nil {
		// A misdeclared invopop method of a dependency's type is not the user's to fix.
		in.ModulePath = pass.Module.Path
	}
	model, diags := gen.Model(in, gen.Options{UIDir: uiDir})
	other := &otherFiles{fset: pass.Fset, files: map[string]*token.File{}}
	var out []analysis.Diagnostic
	for _, d := range diags {
		ad := diagnostic(d, files)
		if goFilesOnly && !ad.Pos.IsValid() && d.Via.IsValid() {
			ad.Pos, ad.Message = d.Via, viaMessage(d, pass.Fset.Position(d.Via).Filename)
		}
		if !ad.Pos.IsValid() {
			if ad.Pos = other.pos(d.Pos); !ad.Pos.IsValid() {
				// Nowhere to point: say where in the message, at the package clause if any.
				ad.Message = d.String()
				if len(files) > 0 {
					ad.Pos = files[0].Package
				}
			}
		}
		out = append(out, ad)
	}
	out = append(out, staleGenerated(pass, files)...)
	var tools []*gen.Tool
	if model != nil {
		tools = model.Tools
	}
	out = append(out, handRegistrations(pass, info, files, tools)...)
	// Sorted and without duplicates, as generation prints them: by file name, line and column,
	// not by token.Pos, whose order between files is the order the driver parsed them in (in
	// parallel, for go/packages) and puts a file added by otherFiles after every Go file. The
	// same problem reached through two tools that share a type is reported once, by its shortest
	// field path.
	slices.SortStableFunc(out, func(a, b analysis.Diagnostic) int {
		return gen.CompareDiagnostics(pass.Fset.Position(a.Pos), pass.Fset.Position(b.Pos), a.Message, b.Message)
	})
	out = slices.CompactFunc(out, func(a, b analysis.Diagnostic) bool { return a.Pos == b.Pos && gen.SameCause(a.Message, b.Message) })
	for _, d := range out {
		pass.Report(d)
	}
	return &Result{OtherPackages: otherPackageFixes(pass, tools, out)}, nil
}

// testMethods reports whether a _test.go file of the pass declares a method of a type that a
// file of the package itself declares. go vet and golangci-lint analyse a package with tests as
// its test variant only, whose types carry such methods, where generation, which loads the
// package without its tests, does not see them: a card template's {{.Stauts}} is a method there
// and a missing field to generation.
func testMethods(pass *analysis.Pass) bool {
	for _, f := range pass.Files {
		if !isTest(pass, f) {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok || fn.Signature().Recv() == nil {
				continue // a receiver the type checker could not resolve
			}
			t := fn.Signature().Recv().Type()
			if ptr, ok := t.(*types.Pointer); ok {
				t = ptr.Elem()
			}
			if named, ok := t.(*types.Named); ok && named.Obj().Pos().IsValid() &&
				!strings.HasSuffix(pass.Fset.File(named.Obj().Pos()).Name(), "_test.go") {
				return true
			}
		}
	}
	return false
}

// isTest reports whether f is a _test.go file, by the name of the file itself, not the one a
// //line directive gives.
func isTest(pass *analysis.Pass, f *ast.File) bool {
	return strings.HasSuffix(pass.Fset.File(f.FileStart).Name(), "_test.go")
}

// withoutTests type-checks files, the pass's files without its _test.go files, again, for the
// types generation sees. Each import resolves to the package the pass resolved it to (a vendored
// package's path is not the one the source imports), or else to the imported package of that
// path: the test variant's imports include every one of its other files'. The type errors are
// not reported: those of the package itself are the driver's to report, and one that the test
// files covered (a file of the package using a declaration of its tests) is the go command's
// when it builds the package.
func withoutTests(pass *analysis.Pass, files []*ast.File) (*types.Package, *types.Info) {
	imported := map[string]*types.Package{}
	for _, p := range pass.Pkg.Imports() {
		imported[p.Path()] = p
	}
	for _, f := range files {
		for _, spec := range f.Imports {
			path, err := strconv.Unquote(spec.Path.Value)
			if pn := pass.TypesInfo.PkgNameOf(spec); err == nil && pn != nil {
				imported[path] = pn.Imported()
			}
		}
	}
	conf := types.Config{
		Importer: importer(func(path string) (*types.Package, error) {
			if p, ok := imported[path]; ok {
				return p, nil
			}
			return nil, fmt.Errorf("%s was not imported", path)
		}),
		GoVersion: pass.Pkg.GoVersion(),
		Sizes:     pass.TypesSizes,
		Error:     func(error) {},
	}
	info := &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       map[ast.Node]*types.Scope{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		FileVersions: map[*ast.File]string{},
	}
	pkg, _ := conf.Check(pass.Pkg.Path(), pass.Fset, files, info)
	return pkg, info
}

// importer is a types.Importer made of a function.
type importer func(path string) (*types.Package, error)

func (f importer) Import(path string) (*types.Package, error) { return f(path) }

// staleGenerated says of each of cardgen's own files among files that does not type-check (it
// registers a handler since renamed, say) that it is stale, at its first type error, as cardgen
// check names it stale: the driver prints the type error, which does not say that generation
// cures it. Under go vet the analyzer does not run on such a package; cardvet on its own and
// drivers that run analyzers despite type errors do.
func staleGenerated(pass *analysis.Pass, files []*ast.File) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, f := range files {
		name := filepath.Base(pass.Fset.Position(f.FileStart).Filename)
		if name != gen.GeneratedFile || !gen.HasGeneratedHeader(f) {
			continue
		}
		for _, e := range pass.TypeErrors {
			// An import that cannot be resolved (a module go.mod does not require yet) is not
			// cured by generating again, which writes the same imports.
			if f.FileStart <= e.Pos && e.Pos <= f.FileEnd && !strings.HasPrefix(e.Msg, "could not import ") {
				out = append(out, analysis.Diagnostic{Pos: e.Pos, Message: fmt.Sprintf(
					"%s does not type-check (%s): it is stale; run go generate (or cardgen) to update it", name, e.Msg)})
				break
			}
		}
	}
	return out
}

// syntaxError reports whether a file of files does not parse. The driver's syntax trees do not
// say so (a struct that lost its fields is no Bad node), so the files are read again.
func syntaxError(pass *analysis.Pass, files []*ast.File) bool {
	fset := token.NewFileSet()
	for _, f := range files {
		if gen.HasGeneratedHeader(f) {
			// Generation reads nothing of its own files (a syntax error there brings no echoes),
			// and parsing the 2.4 MB a package of 500 tools has was most of the analyzer's
			// allocations.
			continue
		}
		name := pass.Fset.Position(f.FileStart).Filename
		src, err := pass.ReadFile(name)
		if err != nil {
			continue
		}
		if _, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution); err != nil {
			return true
		}
	}
	return false
}

// viaMessage is the message of d, a problem in a file that is not Go source, reported in the Go
// file goFile: d's file (relative to goFile's folder), line and column, then d's message.
func viaMessage(d gen.Diagnostic, goFile string) string {
	name := filepath.ToSlash(gen.RelativeTo(filepath.Dir(goFile), d.Pos.Filename))
	return fmt.Sprintf("%s:%d:%d: %s", name, d.Pos.Line, d.Pos.Column, d.Msg)
}

// otherFiles positions diagnostics in files that are not Go source, such as the .meta.json
// sidecars of ui views, which Model reports with a token.Position but no token.Pos. Such a file
// is added to the pass's FileSet, as vet's asmdecl analyzer does for assembly files, so that
// drivers print file:line:col as for any other diagnostic.
type otherFiles struct {
	fset  *token.FileSet
	files map[string]*token.File // nil for a file that could not be read
}

// pos returns p as a token.Pos, or NoPos when p names no readable file or lies outside it.
func (o *otherFiles) pos(p token.Position) token.Pos {
	if p.Filename == "" || p.Line < 1 {
		return token.NoPos
	}
	tf, seen := o.files[p.Filename]
	if !seen {
		if data, err := os.ReadFile(p.Filename); err == nil {
			tf = o.fset.AddFile(p.Filename, -1, len(data))
			tf.SetLinesForContent(data)
		}
		o.files[p.Filename] = tf
	}
	if tf == nil || p.Line > tf.LineCount() {
		return token.NoPos
	}
	off := tf.Offset(tf.LineStart(p.Line)) + max(p.Column, 1) - 1
	return tf.Pos(min(off, tf.Size()))
}

// diagnostic converts d, turning its certain fix into a suggested fix.
func diagnostic(d gen.Diagnostic, files []*ast.File) analysis.Diagnostic {
	ad := analysis.Diagnostic{Pos: d.At, Message: d.Msg}
	if f := d.Fix; f != nil {
		if f.End > d.At {
			ad.End = f.End // the misspelt word, for editors to underline
		}
		ad.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   fixMessage(f, sourceText(files, f.Pos, f.End)),
			TextEdits: []analysis.TextEdit{{Pos: f.Pos, End: f.End, NewText: []byte(f.NewText)}},
		}}
	}
	return ad
}

// fixMessage names the edit the way editors list quick fixes.
func fixMessage(f *annotations.Fix, old string) string {
	switch {
	case f.NewText == "" && old != "" && strings.TrimSpace(old) == "":
		return "Remove the space after //"
	case f.NewText == "":
		return "Remove " + old
	case old == "":
		return "Insert " + f.NewText
	}
	return "Replace " + old + " with " + f.NewText
}

// sourceText returns the source text in [pos, end), which a fix always takes from a single
// comment (a directive, a template) or struct tag literal, or "" when none holds the whole span.
func sourceText(files []*ast.File, pos, end token.Pos) string {
	for _, f := range files {
		if pos < f.FileStart || end > f.FileEnd {
			continue
		}
		for _, g := range f.Comments {
			for _, c := range g.List {
				if c.Slash <= pos && end <= c.End() {
					return c.Text[pos-c.Slash : end-c.Slash]
				}
			}
		}
		// A struct tag: its literal is the source's bytes.
		text := ""
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil || text != "" || n.End() < pos || n.Pos() > end {
				return false
			}
			if lit, ok := n.(*ast.BasicLit); ok && lit.Pos() <= pos && end <= lit.End() {
				text = lit.Value[pos-lit.Pos() : end-lit.Pos()]
			}
			return true
		})
		return text
	}
	return ""
}
