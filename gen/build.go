package gen

import (
	"encoding/base64"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cardgen/cardgen/annotations"
	"github.com/cardgen/cardgen/gen/schema"
	"github.com/cardgen/cardgen/internal/ports"
	"github.com/cardgen/cardgen/runtime/card"
	"golang.org/x/tools/go/packages"
)

// toolNameRE is the tool name rule: the SDK's character set, and annotations.MaxToolName (64)
// characters because several clients cap names there.
var toolNameRE = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,` + strconv.Itoa(annotations.MaxToolName) + `}$`)

// ValidToolName reports whether name meets the tool name rule the generator holds names to (the
// SDK's characters, at most annotations.MaxToolName of them): cardgen new checks a name with it
// before it writes a tool.
func ValidToolName(name string) bool { return toolNameRE.MatchString(name) }

const (
	sdkPath = "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Input is one type-checked package, as go/packages loads it for the command or go/analysis
// hands it to the vet analyzer. The model is built from this alone.
type Input struct {
	Fset  *token.FileSet // positions of Files
	Files []*ast.File    // the package's files, with comments
	Types *types.Package // the type-checked package
	Info  *types.Info    // Defs, Uses, Types and Selections of Files at least
	// Dir is the package's source directory, where the generated files go. When empty, the
	// directory of the first file is used. It must come from the go command, not from the
	// syntax: a cgo package's files are compiled from copies in the build cache, and
	// `//line` directives or GOFLAGS=-cover move file positions elsewhere too.
	Dir string
	// CompilerReports is set by a caller that reports the package's compile errors itself, as
	// go vet and gopls do around an analyzer: a field whose type they made invalid is then not
	// reported again.
	CompilerReports bool
	// IgnoredFiles are the package's files that build constraints leave out here; a tool
	// declared in one would be missing from the generated file (reported).
	IgnoredFiles []string
	// GoMod is the go.mod of the package's module ("" when unknown), and ModulePath its path.
	GoMod, ModulePath string
	// Errors are go/packages' errors for the package; those regeneration cures are dropped.
	Errors []packages.Error
	// ImportErrors are the errors of the packages it imports, positioned in their own files.
	// Their types come from export data, so a package that does not compile reaches cardgen
	// only as invalid types; these say why.
	ImportErrors []ImportError
	// ImportSyntax are the packages it imports, directly or through others, that have a syntax
	// error, whoever reports it: their types are what the parser made of the broken file (a
	// struct without its fields), and cardgen checks nothing against them.
	ImportSyntax []BrokenImport
	// MainModules are the directories of the main modules (the module, or the modules of a
	// go.work) of the package and of the packages it depends on: their source is the user's,
	// which cardgen reads for tag positions and build constraints. Empty when unknown (under
	// an analysis driver): the module of GoMod, or of Dir, stands for them.
	MainModules []string
}

// A BrokenImport is a package with a syntax error that a package depends on.
type BrokenImport struct {
	Path  string         // the broken package
	Via   string         // the package's own import that leads to it (Path when imported directly)
	First token.Position // its first syntax error
	Msg   string         // the first syntax error's message
}

// An ImportError is an error of an imported package, at its position in that package's files.
type ImportError struct {
	Path string         // the imported package
	Pos  token.Position // in one of its files
	Msg  string         // the error, without its position
	// GoCommand is, when the error is an import the go command could not resolve, what the go
	// command says about it (which says what to do).
	GoCommand string
}

// listError returns the go command's first error for p, on one line, or "".
func listError(p *packages.Package) string {
	if p == nil {
		return ""
	}
	for _, e := range p.Errors {
		if e.Kind == packages.ListError {
			return strings.Join(strings.Fields(e.Msg), " ")
		}
	}
	return ""
}

// InputOf adapts a package loaded with LoadMode.
func InputOf(pkg *packages.Package) Input {
	in := Input{Fset: pkg.Fset, Files: pkg.Syntax, Types: pkg.Types, Info: pkg.TypesInfo, Errors: pkg.Errors, Dir: pkg.Dir, IgnoredFiles: pkg.IgnoredFiles}
	if in.Dir == "" && len(pkg.GoFiles) > 0 {
		in.Dir = filepath.Dir(pkg.GoFiles[0])
	}
	if pkg.Module != nil {
		in.GoMod, in.ModulePath = pkg.Module.GoMod, pkg.Module.Path
	}
	goCommand := map[string]string{} // import path → what the go command says is wrong with it
	mains := map[string]bool{}
	addMain := func(p *packages.Package) {
		if p.Module != nil && p.Module.Main && p.Module.Dir != "" {
			mains[p.Module.Dir] = true
		}
	}
	addMain(pkg)
	seen := map[*packages.Package]bool{}
	for _, path := range slices.Sorted(maps.Keys(pkg.Imports)) {
		imp := pkg.Imports[path]
		// The compiler builds no package that depends on one with a syntax error, however far
		// down: every package under this import is looked at, once for the whole package.
		packages.Visit([]*packages.Package{imp}, func(p *packages.Package) bool {
			if seen[p] {
				return false
			}
			seen[p] = true
			addMain(p)
			for _, e := range p.Errors {
				if e.Kind == packages.ParseError {
					in.ImportSyntax = append(in.ImportSyntax, BrokenImport{Path: p.PkgPath, Via: path, First: parseErrorPos(e.Pos), Msg: e.Msg})
					break
				}
			}
			return true
		}, nil)
		errs, _ := withoutEchoes(imp.Errors, nil)
		for _, e := range errs {
			// Only errors in the package's own files say that it does not compile; the go
			// command also files under an import what is wrong with the importing file (a
			// module go.mod does not require yet, a missing go.sum entry), kept for below.
			if p := parseErrorPos(e.Pos); p.Line > 0 && (slices.Contains(imp.GoFiles, p.Filename) || slices.Contains(imp.CompiledGoFiles, p.Filename)) {
				ie := ImportError{Path: path, Pos: p, Msg: e.Msg}
				if rest, ok := strings.CutPrefix(e.Msg, "could not import "); ok {
					// The import's own import is what the go command could not resolve (a
					// go.sum without its entry): its words, not "fix it first".
					ie.GoCommand = listError(imp.Imports[strings.SplitN(rest, " ", 2)[0]])
				}
				in.ImportErrors = append(in.ImportErrors, ie)
			} else if e.Kind == packages.ListError && goCommand[path] == "" {
				goCommand[path] = strings.Join(strings.Fields(e.Msg), " ")
			}
		}
	}
	in.MainModules = slices.Sorted(maps.Keys(mains))
	// The type checker's word for an import the go command could not resolve is "could not
	// import x (invalid package name: "")"; the go command's own says why and what to do
	// ("no required module provides package x; to add it: go get x").
	if len(goCommand) > 0 {
		in.Errors = slices.Clone(in.Errors)
		for i, e := range in.Errors {
			rest, ok := strings.CutPrefix(e.Msg, "could not import ")
			if !ok {
				continue
			}
			if msg := goCommand[strings.SplitN(rest, " ", 2)[0]]; msg != "" {
				in.Errors[i].Msg = msg
			}
		}
	}
	return in
}

// builder turns one loaded package into a Package, reporting every problem on the way.
type builder struct {
	*collector
	pkg   Input
	opts  Options
	out   *Package
	names map[string]*Tool // tool names seen, for duplicates
	// goNames holds the tools registered by their Go stem, for names that differ only in
	// . - _ or case: a map, as a package of thousands of tools compared each with all before it.
	goNames map[string]*Tool
	// foldedNames holds the tools by their names in lower case.
	foldedNames map[string]*Tool
	// typeSpecs maps the package's type names to their syntax, built when first needed (for
	// the tag positions of embedded structs' fields).
	typeSpecs map[*types.TypeName]*ast.TypeSpec
	// tagLits maps the position of each field of the package that has a struct tag to the tag's
	// literal, and moduleFiles holds the files of other packages of the module read for theirs:
	// both are built when a problem about a tag is first reported (tagProblem).
	tagLits     map[token.Pos]*ast.BasicLit
	moduleFiles map[string]*moduleFile
	// mainDirs caches inMainModule by directory.
	mainDirs map[string]bool
	// compileErrors is set when the package or an import does not compile; those errors are
	// reported, and a field whose type they made invalid is not reported again.
	compileErrors bool
	// uiOrigin says where out.UIDir came from, for a message about a view missing from it.
	uiOrigin string
	// platformSeen holds the types platformTypes has looked at, and platformFiles each file's
	// platformConstraint.
	platformSeen  map[types.Type]bool
	platformFiles map[*ast.File]string
	// uiDirUnknown is set when every //go:generate line's -ui was refused: where the views are
	// is not known, so a view not found in the default folder is not reported as well.
	uiDirUnknown bool
	// badLines are the lines whose directives had syntax errors; words with errors are left
	// out of the parsed directive, so checks that a slot is missing are skipped there rather
	// than reporting the same mistake twice. A line is one of a file: two files can both have
	// directives on line 15.
	badLines map[fileLine]bool
	// invalidSigs are the problems of handlers whose parameter or result types go/types could
	// not check: the compile error that made them invalid says what is wrong, so these are
	// reported only when there is none (see Model).
	invalidSigs Diagnostics
	// needSchemas are the tools with valid signatures, whose schemas are mapped together once
	// every handler is modelled (see schemas).
	needSchemas []*Tool
	// docs are the doc comments read for directives; a directive anywhere else applies to
	// nothing (strayDirectives).
	docs map[*ast.CommentGroup]bool
}

// Model builds the model of one package and checks it. It always returns a Package (possibly
// partial) and every diagnostic found; the package can be rendered only when there are none.
// Every message is bounded in length, however long the text it quotes (BoundMessage).
func Model(pkg Input, opts Options) (*Package, Diagnostics) {
	p, diags := model(pkg, opts)
	diags.bound()
	return p, diags
}

func model(pkg Input, opts Options) (*Package, Diagnostics) {
	b := &builder{
		collector:     &collector{fset: pkg.Fset},
		pkg:           pkg,
		opts:          opts,
		names:         map[string]*Tool{},
		goNames:       map[string]*Tool{},
		foldedNames:   map[string]*Tool{},
		platformSeen:  map[types.Type]bool{},
		platformFiles: map[*ast.File]string{},
		badLines:      map[fileLine]bool{},
		docs:          map[*ast.CommentGroup]bool{},
		out: &Package{
			Name:        pkgName(pkg.Types),
			Path:        pkgPath(pkg.Types),
			GoMod:       pkg.GoMod,
			TypeCards:   map[*types.TypeName]*CardSpec{},
			pkg:         pkg,
			generated:   map[string]bool{},
			willDeclare: map[string]bool{"RegisterTools": true},
			tests:       &testScope{},
		},
	}
	if b.out.Dir = pkg.Dir; b.out.Dir == "" && len(pkg.Files) > 0 {
		b.out.Dir = dirOf(pkg.Fset.PositionFor(pkg.Files[0].Package, false).Filename)
	}
	for _, f := range pkg.Files {
		if isGeneratedFile(pkg.Fset, f) {
			b.out.generated[pkg.Fset.Position(f.Package).Filename] = true
		}
	}
	b.out.UIDir, b.uiOrigin = b.packageUIDir()
	b.out.GenerateLine = HasGenerateLine(b.pkg.Fset, b.pkg.Files, b.out.Dir)
	if pkg.Types == nil || pkg.Info == nil {
		for _, e := range pkg.Errors {
			b.at(parseErrorPos(e.Pos), "%s", e.Msg)
		}
		return b.out, b.diags
	}
	if b.syntaxErrors() {
		// What the parser made of a broken file - a struct without its fields, a doc comment
		// that is no longer above its function - would only bring echoes of the syntax error
		// ("has no field Title", "//card:tool applies to nothing"): the syntax errors alone are
		// reported, as the compiler reports them before anything else.
		own := pkg.Errors
		if len(pkg.ImportSyntax) > 0 {
			// The compiler does not type-check a package whose imports do not build.
			own = slices.DeleteFunc(slices.Clone(own), func(e packages.Error) bool { return e.Kind == packages.TypeError })
		}
		b.diags = append(b.diags, packageErrors(own, pkgPath(pkg.Types), b.out.generated, b.out.willDeclare)...)
		b.importErrors()
		b.brokenImports()
		return b.out, b.diags
	}
	b.ignoredTools()
	// Types' cards first: a handler's card starts from its output type's.
	for _, f := range pkg.Files {
		if b.out.generated[pkg.Fset.Position(f.Package).Filename] {
			continue
		}
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
				b.typeDecl(gd)
			}
		}
	}
	for _, f := range pkg.Files {
		if b.out.generated[pkg.Fset.Position(f.Package).Filename] {
			continue
		}
		// A constraint every first-class port satisfies (//go:build go1.21, gc or !purego) leaves
		// the handler in every build the generated file is in, as for types (platformTypes).
		constraint := b.platformConstraint(f)
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				b.funcDecl(fd, constraint)
			}
		}
		b.strayDirectives(f)
	}
	for _, name := range registerHelpers(len(b.out.Tools)) {
		b.out.willDeclare[name] = true
	}
	b.nameReceivers()
	b.checkBuiltinViewOrigins()
	compileErrs := packageErrors(pkg.Errors, pkgPath(pkg.Types), b.out.generated, b.out.willDeclare)
	b.compileErrors = len(compileErrs) > 0 || len(pkg.ImportErrors) > 0 || pkg.CompilerReports
	if !b.compileErrors {
		b.diags = append(b.diags, b.invalidSigs...)
	}
	b.schemas(b.needSchemas)
	b.checkDeclaredNames()
	b.checkHandWrittenFiles()
	b.updateFlag()
	b.diags = append(b.diags, compileErrs...)
	b.importErrors()
	return b.out, b.diags
}

// syntaxErrors reports whether a file of the package, other than cardgen's own, or of a package it
// imports has a syntax error.
func (b *builder) syntaxErrors() bool {
	_, syntax := withoutEchoes(b.pkg.Errors, b.out.generated)
	return syntax || len(b.pkg.ImportSyntax) > 0
}

// brokenImports reports, at the import that leads to it, each package with a syntax error that
// this package depends on and whose errors it does not report itself: the package must not
// look as if it had nothing to say, or no tools. A package with neither cardgen's files nor a
// //card: line says nothing: it has nothing of cardgen's to be wrong about.
func (b *builder) brokenImports() {
	if len(b.out.generated) == 0 && !b.hasDirectives() {
		return
	}
	for _, bi := range b.pkg.ImportSyntax {
		if slices.ContainsFunc(b.pkg.ImportErrors, func(e ImportError) bool { return e.Path == bi.Path }) {
			continue // reported at its own errors
		}
		// The first error, in the words and at the place the parser gave it (the file by its
		// name in the broken package's folder): the run may not report that package itself.
		first := bi.Msg
		if bi.First.Filename != "" {
			first = fmt.Sprintf("%s:%d:%d: %s", filepath.Base(bi.First.Filename), bi.First.Line, bi.First.Column, bi.Msg)
		}
		msg := fmt.Sprintf("package %s has a syntax error (%s); fix it, then run cardgen again", bi.Path, first)
		if bi.Via != bi.Path {
			msg = fmt.Sprintf("package %s, which %s imports, has a syntax error (%s); fix it, then run cardgen again", bi.Path, bi.Via, first)
		}
		for _, f := range b.pkg.Files {
			i := slices.IndexFunc(f.Imports, func(s *ast.ImportSpec) bool {
				p, _ := strconv.Unquote(s.Path.Value)
				return p == bi.Via
			})
			if i >= 0 && !b.out.generated[b.fset.Position(f.Package).Filename] {
				b.errorf(f.Imports[i].Path.Pos(), "%s", msg)
				break
			}
		}
	}
}

// hasDirectives reports whether a file of the package, other than cardgen's own, has a //card:
// comment.
func (b *builder) hasDirectives() bool {
	for _, f := range b.pkg.Files {
		if b.out.generated[b.fset.Position(f.Package).Filename] {
			continue
		}
		for _, g := range f.Comments {
			for _, c := range g.List {
				if strings.HasPrefix(c.Text, annotations.Prefix) {
					return true
				}
			}
		}
	}
	return false
}

// importErrors reports the errors of the packages the package imports.
func (b *builder) importErrors() {
	path := pkgPath(b.pkg.Types)
	for _, e := range b.pkg.ImportErrors {
		if e.GoCommand != "" {
			msg := e.GoCommand
			if !strings.Contains(msg, "imported by") {
				msg += fmt.Sprintf(" (needed by %s, which %s imports)", e.Path, path)
			}
			b.at(e.Pos, "%s", msg)
			continue
		}
		b.at(e.Pos, "%s; package %s does not compile, and %s imports it: fix it first", e.Msg, e.Path, path)
	}
}

// directives parses a doc comment and checks that each directive may stand where it does.
func (b *builder) directives(doc *ast.CommentGroup, on annotations.Target) ([]*annotations.Directive, string) {
	if doc == nil {
		return nil, ""
	}
	b.docs[doc] = true
	dirs, text, errs := annotations.ParseCommentGroup(doc)
	for _, e := range errs {
		b.annotationError(e)
		b.badLines[b.lineOf(e.Pos)] = true
	}
	seen := map[string]bool{}
	var kept []*annotations.Directive
	for _, d := range dirs {
		if d.Spec == nil {
			continue
		}
		if d.Spec.On&on == 0 {
			where := "a function or method"
			if on == annotations.OnType {
				where = "a type declaration"
			}
			b.errorf(d.NamePos, "//card:%s cannot stand on %s; it belongs on a %s", d.Name, where, d.Spec.On)
			continue
		}
		if seen[d.Name] && !d.Spec.Repeatable {
			b.errorf(d.NamePos, "//card:%s is given twice; keep one", d.Name)
			continue
		}
		seen[d.Name] = true
		kept = append(kept, d)
	}
	return kept, text
}

// strayDirectives reports the //card: lines of f that are in no doc comment cardgen reads: above
// a var, const or import, separated from a declaration by a blank line, inside a function, or on
// a struct field. Go would ignore them, and so would cardgen, silently: the tool would simply not
// be there.
func (b *builder) strayDirectives(f *ast.File) {
	// onDecl holds the doc comments of other declarations, and why a directive cannot stand there,
	// given where it belongs ("func", "func or type").
	onDecl := map[*ast.CommentGroup]func(where string) string{}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		switch {
		case !ok || gd.Doc == nil:
		case gd.Tok != token.TYPE:
			tok := gd.Tok.String()
			onDecl[gd.Doc] = func(where string) string {
				return "cannot stand on a " + tok + " declaration; it belongs in the doc comment of a " + where
			}
		case len(gd.Specs) > 1: // each type's own doc is read
			onDecl[gd.Doc] = func(string) string {
				return "cannot stand above a group of types; put it in the doc comment of the type inside the group it is for"
			}
		}
	}
	for _, g := range f.Comments {
		b.blockDirectives(g)
		if b.docs[g] {
			continue
		}
		for _, c := range g.List {
			if !strings.HasPrefix(c.Text, annotations.Prefix) {
				continue
			}
			name := c.Text[len(annotations.Prefix):]
			if i := strings.IndexAny(name, " \t"); i >= 0 {
				name = name[:i] // words are separated by spaces or tabs
			}
			at := c.Slash + token.Pos(len(annotations.Prefix))
			// Where the directive belongs: //card:tool on a func only, card directives on a
			// func or a type (an unknown name is reported as such where it stands).
			where := (annotations.OnFunc | annotations.OnType).String()
			if spec, ok := annotations.Lookup(name); ok {
				where = spec.On.String()
			}
			if why, ok := onDecl[g]; ok {
				b.errorf(at, "//card:%s %s", name, why(where))
			} else {
				b.errorf(at, "//card:%s is not in the doc comment of a %s, so it applies to nothing; put it in the comment directly above one, with no blank line between", name, where)
			}
		}
	}
}

// blockDirectives reports //card: lines inside the /* */ comments of g, when g is the doc
// comment of a func or type. Like //go:generate, a directive is a line comment: in a block comment
// it is text, which cardgen would skip without a word (or put into the tool's description). Only
// lines that start at the beginning of the comment's line count, as a directive would: an indented
// one is an example in prose, and a block comment elsewhere may be code commented out.
func (b *builder) blockDirectives(g *ast.CommentGroup) {
	if !b.docs[g] {
		return
	}
	for _, c := range g.List {
		if !strings.HasPrefix(c.Text, "/*") {
			continue
		}
		// The comment's text has no carriage returns (go/scanner drops them), so positions are
		// taken line by line from the file: a CRLF file counts them.
		file := b.fset.File(c.Slash)
		first := file.Line(c.Slash)
		for k, line := range strings.Split(c.Text, "\n") {
			at := c.Slash + 2 // on the first line, after the /*
			if k == 0 {
				line = strings.TrimPrefix(line, "/*")
				if trimmed := strings.TrimLeft(line, " \t"); trimmed != line {
					at += token.Pos(len(line) - len(trimmed))
					line = trimmed
				}
			} else {
				at = file.LineStart(first + k)
			}
			name, ok := strings.CutPrefix(line, annotations.Prefix)
			if !ok {
				continue
			}
			if i := strings.IndexAny(name, " \t*"); i >= 0 {
				name = name[:i]
			}
			b.errorf(at, "//card:%s is inside a /* */ comment, where it is not a directive but text; write it as a // line comment in the doc comment directly above the declaration", name)
		}
	}
}

// isCardDirective reports whether the directive fills a result-card slot.
func isCardDirective(name string) bool {
	switch name {
	case "result", "field", "action", "fallback":
		return true
	}
	return false
}

func hasCardDirective(dirs []*annotations.Directive) bool {
	return slices.ContainsFunc(dirs, func(d *annotations.Directive) bool { return isCardDirective(d.Name) })
}

func (b *builder) typeDecl(gd *ast.GenDecl) {
	for _, spec := range gd.Specs {
		ts := spec.(*ast.TypeSpec)
		doc := ts.Doc
		if doc == nil && len(gd.Specs) == 1 {
			doc = gd.Doc
		}
		dirs, _ := b.directives(doc, annotations.OnType)
		obj, _ := b.pkg.Info.Defs[ts.Name].(*types.TypeName)
		if obj == nil {
			continue
		}
		named, _ := obj.Type().(*types.Named)
		if named == nil {
			// type Alias = Order: a card here would be dropped without a word, as the tools
			// returning Alias return Order, whose own card they get.
			if i := slices.IndexFunc(dirs, func(d *annotations.Directive) bool { return isCardDirective(d.Name) }); i >= 0 {
				target := types.Unalias(obj.Type())
				name := b.typeString(target)
				if n, ok := target.(*types.Named); ok && n.Obj().Pkg() == b.pkg.Types && n.TypeArgs().Len() == 0 {
					b.errorf(dirs[i].NamePos, "//card:%s is on %s, an alias of %s, and a tool returning %s gets %s's card; put the directive on %s's declaration", dirs[i].Name, ts.Name.Name, name, ts.Name.Name, name, name)
				} else {
					// An instance or another package's type: no declaration here takes the card.
					b.errorf(dirs[i].NamePos, "//card:%s is on %s, an alias of %s, which takes no card here; make %s a type of its own (type %s %s, without the =) to give it one, or put the card on the handler", dirs[i].Name, ts.Name.Name, name, ts.Name.Name, ts.Name.Name, name)
				}
			}
			continue
		}
		if named.TypeParams().Len() > 0 {
			// type Page[T any] struct{…}: no tool returns it (an instance is refused as an
			// output), so its card would apply to nothing.
			if i := slices.IndexFunc(dirs, func(d *annotations.Directive) bool { return isCardDirective(d.Name) }); i >= 0 {
				b.errorf(dirs[i].NamePos, "//card:%s is on the generic type %s, which no tool can return (a tool output must be a non-generic type); declare a type for the tool's output, as in type OrdersPage %s[Order], and give it the card", dirs[i].Name, ts.Name.Name, ts.Name.Name)
			}
			continue
		}
		st, isStruct := named.Underlying().(*types.Struct)
		tagged := isStruct && hasCardTags(st)
		if !hasCardDirective(dirs) && !tagged {
			continue
		}
		if !isStruct {
			b.errorf(ts.Name.Pos(), "type %s has a card but is not a struct; cards are built from the fields of a struct", ts.Name.Name)
			continue
		}
		c := &CardSpec{Pos: ts.Name.Pos()}
		if tagged {
			b.cardFromTags(c, named, st, ts)
		}
		// //card:field and //card:action replace the rows and buttons a card had, which on a
		// handler is the point (its type's card, adjusted); on the type itself it would drop
		// the rows its own tags give without a word.
		for _, kind := range []struct {
			directive, tag string
			fromTags       bool
		}{{"field", "field=", len(c.Fields) > 0}, {"action", "action=", len(c.Actions) > 0}} {
			if !kind.fromTags {
				continue
			}
			if i := slices.IndexFunc(dirs, func(d *annotations.Directive) bool { return d.Name == kind.directive }); i >= 0 {
				b.errorf(dirs[i].NamePos, "type %s gives its card's %ss both by card:\"%s…\" tags and by //card:%s directives, which would replace the tags' %ss; use one of the two", ts.Name.Name, kind.directive, kind.tag, kind.directive, kind.directive)
			}
		}
		fromTags := *c
		b.cardFromDirectives(c, dirs, named)
		// A slot both tags and a //card:result key give would take the directive's, and the tag
		// would do nothing without a word.
		for _, slot := range []struct {
			name      string
			tag, mine *Text
		}{
			{"title", fromTags.Title, c.Title}, {"subtitle", fromTags.Subtitle, c.Subtitle}, {"text", fromTags.Text, c.Text},
			{"icon", fromTags.Icon, c.Icon}, {"image", fromTags.Image, c.Image}, {"fallback", fromTags.Fallback, c.Fallback},
		} {
			if slot.tag != nil && slot.mine != slot.tag {
				at := b.fset.Position(slot.tag.Pos)
				b.errorf(slot.mine.Pos, "type %s's card %s is given twice, here and by the card:\"%s\" tag at %s:%d, and this one would win without a word; keep one", ts.Name.Name, slot.name, slot.name, filepath.Base(at.Filename), at.Line)
			}
		}
		if !hasCardDirective(dirs) && c.empty() {
			continue // only tags that fill no slot (reported above)
		}
		b.out.TypeCards[obj] = c
	}
}

func (b *builder) funcDecl(fd *ast.FuncDecl, constraint string) {
	dirs, text := b.directives(fd.Doc, annotations.OnFunc)
	var toolDir *annotations.Directive
	for _, d := range dirs {
		if d.Name == "tool" {
			toolDir = d
		}
	}
	if toolDir == nil {
		for _, d := range dirs {
			b.errorf(d.NamePos, "//card:%s needs a //card:tool directive on %s to make it a tool; add //card:tool above it, or remove the directive", d.Name, fd.Name.Name)
			break
		}
		return
	}
	fn, _ := b.pkg.Info.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return
	}
	// A handler refused for where it is declared, or for its name, still has everything else
	// checked (every problem in one run); the errors keep it from being generated.
	if constraint != "" {
		// cards_gen.go has no constraint: where this file is left out, RegisterTools would name
		// an undefined handler, and a run there would leave the tool out of the file.
		b.errorf(toolDir.NamePos, "handler %s is in a file built only %s, but the generated registrations are built everywhere, so the package would not build elsewhere; move the handler to a file without build constraints (it can call platform-specific code)", fd.Name.Name, constraint)
	}
	if fd.Name.Name == "_" {
		b.errorf(fd.Name.Pos(), "handler _ is blank: no code can call a function or method named _, so RegisterTools cannot register it; give it a name")
	}
	t := &Tool{Home: b.out.Path, Func: fn, Decl: fd, Dirs: dirs, Description: strings.TrimSpace(text)}
	b.toolHeader(t, toolDir)
	if t.Description == "" && t.Name != "" {
		// The description is what a model reads to choose a tool and fill its input: without
		// one, tools/list offers a name and a schema alone.
		b.errorf(toolDir.NamePos, "tool %s has no description; add a sentence saying what the tool does to the doc comment of %s, above its //card: lines: tools/list sends it as the description", t.Name, fd.Name.Name)
	}
	if !b.signature(t, fd) {
		b.refusedHandlerTypes(t, dirs)
		b.register(t)
		return
	}
	b.platformTypes(t)
	b.cardForTool(t, dirs)
	b.needSchemas = append(b.needSchemas, t)
	b.register(t)
}

// refusedHandlerTypes checks what can be checked of a handler whose signature is refused: the
// schemas of the input and output types it names, when they are named structs, and its card
// against the output. Every problem is reported in one run: without this, fixing the signature
// would uncover a second round, the types' own problems, in the next. The checks run on a copy
// of t, which is never generated (the signature's diagnostics stop the run before rendering):
// the copy's In is the struct the input names even through a pointer, and the ACP card, which
// is built from both schemas, is checked only when both types are known.
func (b *builder) refusedHandlerTypes(t *Tool, dirs []*annotations.Directive) {
	probe := *t
	if probe.In == nil {
		probe.In = t.inTried
	}
	if probe.In == nil && probe.Out == nil {
		return // nothing is known to check; the signature's diagnostics say what to fix
	}
	b.platformTypes(&probe)
	if probe.Out != nil {
		b.cardForTool(&probe, dirs)
	}
	if probe.In == nil || probe.Out == nil {
		probe.acpDir = nil
	}
	b.needSchemas = append(b.needSchemas, &probe)
}

// outputMethods are the methods whose presence changes the generated code of a type that has
// them: String (how a card shows it), encoding/json's (its JSON, so its schema) and those invopop
// calls while it reflects a schema.
var outputMethods = setOf([]string{"String", "MarshalJSON", "UnmarshalJSON", "MarshalText", "UnmarshalText",
	"JSONSchema", "JSONSchemaAlias", "JSONSchemaExtend", "JSONSchemaProperty", "GetFieldDocString"})

// platformTypes reports the types of the package, and of the other packages of the main modules,
// that t's schemas or card can reach (through exported fields, and embedded ones, that
// encoding/json does not skip) and that are declared in a file some first-class port does not
// build: the schemas and card builders are generated from
// the declaration the running platform builds, so a run elsewhere writes another file (or, with
// no declaration there, none). A constraint every port satisfies (//go:build go1.21) is not one.
// Each type is looked at once per package.
func (b *builder) platformTypes(t *Tool) {
	var walk func(types.Type)
	walk = func(typ types.Type) {
		typ = types.Unalias(typ)
		if b.platformSeen[typ] {
			return
		}
		b.platformSeen[typ] = true
		if n, ok := typ.(*types.Named); ok {
			obj := n.Obj()
			f, pos, name := b.fileOf(obj.Pos()), obj.Pos(), obj.Name()
			if obj.Pkg() != b.pkg.Types {
				// Another package of a main module is the user's as well; one of another module
				// (or the standard library) is not: its build constraints are not the user's to
				// change, and it reaches none of the main modules' types but through type
				// arguments.
				if mf := b.moduleFile(obj.Pos()); mf != nil && b.inMainModule(b.fset.Position(obj.Pos()).Filename) {
					f, pos, name = mf.file, typeSpecPos(b.fset, mf.file, obj), obj.Pkg().Name()+"."+obj.Name()
				} else {
					for i := range n.TypeArgs().Len() {
						walk(n.TypeArgs().At(i))
					}
					return
				}
			}
			if f != nil {
				if c := b.platformConstraint(f); c != "" {
					b.errorf(pos, "type %s, which tool %s uses, is declared in a file built only %s, but the generated schemas and card builders are built everywhere, so a run where this file is left out would generate another file; declare the type in a file every platform builds", name, t.Name, c)
				}
				// A method that decides what the generated code writes (a card shows the type
				// through String; the schema follows its JSON methods and invopop's) counts as
				// the type does: in a file some platform leaves out, a run there generates
				// another file, or one that calls a method that is not there.
				for i := range n.NumMethods() {
					m := n.Method(i)
					if !outputMethods[m.Name()] {
						continue
					}
					// Declared beside the type, in the package's files or the module's.
					mf := b.fileOf(m.Pos())
					if obj.Pkg() != b.pkg.Types {
						mf = nil
						if modf := b.moduleFile(m.Pos()); modf != nil {
							mf = modf.file
						}
					}
					if mf == nil {
						continue
					}
					if c := b.platformConstraint(mf); c != "" {
						b.errorf(m.Pos(), "method %s.%s, which decides what the generated code of tool %s writes for a %s, is declared in a file built only %s, but the generated file is built everywhere, so a run where this file is left out would generate another file (or one that calls a method that is not there); declare the method in a file every platform builds", name, m.Name(), t.Name, name, c)
					}
				}
			}
		}
		switch u := typ.Underlying().(type) {
		case *types.Pointer:
			walk(u.Elem())
		case *types.Slice:
			walk(u.Elem())
		case *types.Array:
			walk(u.Elem())
		case *types.Map:
			walk(u.Key())
			walk(u.Elem())
		case *types.Struct:
			for i := range u.NumFields() {
				f := u.Field(i)
				if !f.Exported() && !f.Embedded() || reflect.StructTag(u.Tag(i)).Get("json") == "-" {
					continue // neither schema nor card reads it
				}
				walk(f.Type())
			}
		}
	}
	if t.In != nil {
		walk(t.In)
	}
	if t.Out != nil {
		walk(t.Out)
	}
}

// typeSpecPos returns the position of the name of obj's declaration in file, a file of another
// package parsed for it, whose export data keeps only the line; obj's position when the file
// has no type of that name on that line.
func typeSpecPos(fset *token.FileSet, file *ast.File, obj types.Object) token.Pos {
	line := fset.Position(obj.Pos()).Line
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		for _, spec := range gd.Specs {
			if ts := spec.(*ast.TypeSpec); ts.Name.Name == obj.Name() && fset.Position(ts.Name.Pos()).Line == line {
				return ts.Name.Pos()
			}
		}
	}
	return obj.Pos()
}

// platformConstraint is fileConstraint of f when a first-class port does not build f, and ""
// when every one does; cached per file.
func (b *builder) platformConstraint(f *ast.File) string {
	if c, ok := b.platformFiles[f]; ok {
		return c
	}
	c := fileConstraint(b.fset, f)
	if c != "" {
		name := b.fset.Position(f.Package).Filename
		check := ports.Check{Dir: filepath.Dir(name), Cgo: true}
		if check.Uncovered(ports.File{Name: filepath.Base(name), ImportsC: importsC(b.fset, f)}) == "" {
			c = ""
		}
	}
	b.platformFiles[f] = c
	return c
}

// fileOf is the file of the package that holds pos, or nil.
func (b *builder) fileOf(pos token.Pos) *ast.File {
	for _, f := range b.pkg.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// register records t and checks its name is unique.
func (b *builder) register(t *Tool) {
	if t.Name == "" {
		return
	}
	if prev, ok := b.names[t.Name]; ok {
		prevPos := b.fset.Position(prev.NamePos)
		b.errorf(t.NamePos, "tool name %q is already used by %s (%s:%d:%d); tool names must be unique in a package: give one of them another with //card:tool NAME",
			t.Name, prev.Func.Name(), filepath.Base(prevPos.Filename), prevPos.Line, prevPos.Column)
		return
	}
	if prev, ok := b.goNames[t.GoName]; ok {
		// get.order, get_order and get-order would all declare GetOrderCard,
		// getOrderInputSchema, …: the generated file would not compile.
		prevPos := b.fset.Position(prev.NamePos)
		b.errorf(t.NamePos, "tool names %q and %q (%s:%d:%d) both become %s in the generated Go names (%sCard, %sInputSchema, …), which would clash; rename one so they differ in more than . - _ or case",
			t.Name, prev.Name, filepath.Base(prevPos.Filename), prevPos.Line, prevPos.Column, t.GoName, t.GoName, lowerFirst(t.GoName))
		return
	}
	if why := FilePathProblem(t.Name + ".schema.json"); why != "" {
		// testdata/golden/con.schema.json: Windows reserves the name, so a checkout there fails,
		// and the module cannot be zipped for the proxy.
		b.errorf(t.NamePos, "tool name %q names its golden files (testdata/golden/%s.schema.json) with a name Windows reserves (%s); rename the tool", t.Name, t.Name, why)
		return
	}
	if prev, ok := b.foldedNames[strings.ToLower(t.Name)]; ok {
		// Their golden files (testdata/golden/getA.schema.json and geta.schema.json) are one
		// file on macOS and Windows, where one tool's golden test would always fail.
		prevPos := b.fset.Position(prev.NamePos)
		b.errorf(t.NamePos, "tool names %q and %q (%s:%d:%d) differ only in case, and their golden files in testdata/golden would be one file on macOS and Windows; rename one",
			t.Name, prev.Name, filepath.Base(prevPos.Filename), prevPos.Line, prevPos.Column)
		return
	}
	b.names[t.Name] = t
	b.goNames[t.GoName] = t
	b.foldedNames[strings.ToLower(t.Name)] = t
	b.out.Tools = append(b.out.Tools, t)
	for _, n := range generatedNames(t) {
		b.out.willDeclare[n] = true
	}
	if t.acpKind() == "form" {
		b.out.willDeclare["DispatchACP"] = true // one for all the package's form tools
	}
}

// checkToolTitle reports a tool title that hosts could not show as written: not UTF-8 (the SDK
// sends each bad byte as U+FFFD), with a control character or a line break (a title is one line
// of plain text), or of white space and invisible characters alone, which shows as no title
// (an empty one the directive parser reports).
func (b *builder) checkToolTitle(v annotations.Value, title string) {
	pos := v.Pos
	switch r, bad := badControl(title, oneLine); {
	case !utf8.ValidString(title):
		b.errorf(pos, "tool title is not valid UTF-8; write the text as UTF-8 (an escape such as \\xff is a byte, not a character: use \\u00ff)")
	case bad:
		b.errorf(charPos(v, r), "tool title contains the control character %U, and hosts show a title as one line of plain text; remove it", r)
	case title != "" && card.IsBlank(title):
		b.errorf(pos, "tool title %q shows nothing (white space and invisible characters alone); write visible text, or leave title= out", title)
	}
}

// checkToolIcon checks an icon= value as MCP's tools/list carries it (Tool.Icons[].src): an
// https:// URL a browser parses, or a data: URI of base64 image data. An http:// URL would be
// fetched in the clear by whoever shows the tool, and the spec names only those two forms.
func (b *builder) checkToolIcon(pos token.Pos, icon string) {
	// A data: URI's scheme, media type and ;base64 are case-insensitive (RFC 2397 and the WHATWG
	// fetch standard's data: URL processor); browsers also take base64 without its padding.
	if len(icon) >= len("data:") && strings.EqualFold(icon[:len("data:")], "data:") {
		mediaType, data, ok := strings.Cut(icon[len("data:"):], ",")
		params := strings.Split(mediaType, ";")
		typ := strings.ToLower(strings.TrimSpace(params[0]))
		sub, isImage := strings.CutPrefix(typ, "image/")
		switch {
		case !ok || !strings.EqualFold(strings.TrimSpace(params[len(params)-1]), "base64"):
			b.errorf(pos, "tool icon %q is a data: URI without ;base64, before its data; write data:image/png;base64,<the image in base64>", icon)
		case !isImage || sub == "":
			what := "no media type"
			if typ != "" {
				what = typ
			}
			b.errorf(pos, "tool icon %q is a data: URI of %s, not of an image; give the image's type, as in data:image/png;base64,…", icon, what)
		case data == "":
			b.errorf(pos, "tool icon %q is a data: URI with no data after the comma; put the image in base64 there", icon)
		default:
			if _, err := base64.StdEncoding.DecodeString(data); err != nil {
				if _, rawErr := base64.RawStdEncoding.DecodeString(data); rawErr != nil {
					b.errorf(pos, "tool icon %q holds data that is not base64 (%v); encode the image with standard base64", icon, err)
				}
			}
		}
		return
	}
	if lower := card.LowerScheme(icon); lower != icon && card.IsHTTPS(lower) {
		b.errorf(pos, "tool icon %q writes its scheme in capitals, which a client that checks for the https:// prefix refuses; write %s", icon, lower)
		return
	}
	if !card.IsHTTPS(icon) {
		b.errorf(pos, "tool icon %q is not an https:// URL that a browser parses (a client may refuse an icon it would fetch in the clear, or cannot parse); give an https:// URL, or a data:image/…;base64, URI", icon)
	}
}

func (b *builder) toolHeader(t *Tool, d *annotations.Directive) {
	if len(d.Args) > 0 {
		// The annotations parser has checked the characters; the length limit is cardgen's.
		t.Name, t.NamePos = d.Args[0].Text, d.Args[0].Pos
		if !toolNameRE.MatchString(t.Name) {
			b.errorf(t.NamePos, "tool name %q is %d characters; the limit is %d, which several clients enforce: shorten it by %d", t.Name, len(t.Name), annotations.MaxToolName, len(t.Name)-annotations.MaxToolName)
		}
	} else {
		t.Name, t.NamePos = SnakeCase(t.Func.Name()), t.Decl.Name.Pos()
		if !toolNameRE.MatchString(t.Name) {
			b.errorf(t.NamePos, "the tool name derived from %s, %q, is not valid; name the tool explicitly: //card:tool my_tool", t.Func.Name(), t.Name)
		}
	}
	t.GoName = GoName(t.Name)
	if kv, ok := d.Key("title"); ok {
		t.Title = kv.Value.Text
		b.checkToolTitle(kv.Value, t.Title)
	}
	if kv, ok := d.Key("icon"); ok {
		t.Icon = kv.Value.Text
		b.checkToolIcon(kv.Value.Pos, t.Icon)
	}
	t.ReadOnly = d.Flag("readonly")
	t.Destructive = d.Flag("destructive")
	t.Idempotent = d.Flag("idempotent")
	t.OpenWorld = d.Flag("openworld")
	if t.ReadOnly && t.Destructive {
		b.errorf(d.NamePos, "tool %s is marked both readonly and destructive; a read-only tool cannot be destructive, keep one", t.Name)
	}
}

// nthTypePos is where the type of the i-th parameter or result of list is written (a, b int
// names two of one type), or else at when list has no i-th (or is nil, a function without
// results).
func nthTypePos(list *ast.FieldList, i int, at token.Pos) token.Pos {
	if list == nil {
		return at
	}
	n := 0
	for _, f := range list.List {
		k := max(len(f.Names), 1)
		if i < n+k {
			return f.Type.Pos()
		}
		n += k
	}
	return at
}

// signature checks the handler shape: func(ctx, [*mcp.CallToolRequest,] In) (Out|*Out, error).
func (b *builder) signature(t *Tool, fd *ast.FuncDecl) bool {
	sig := t.Func.Type().(*types.Signature)
	const shapes = "want func(context.Context, In) (*Out, error) or func(context.Context, *mcp.CallToolRequest, In) (*Out, error), where In and Out are structs, or either returning (*mcp.CallToolResult, *Out, error) as mcp.ToolHandlerFor does"
	ok := true
	params, results := sig.Params(), sig.Results()
	if hasInvalidType(params) || hasInvalidType(results) {
		// An undefined type, or one from an import that does not compile: the checks below
		// would call it "invalid type" and ask for a named struct that it may well be.
		b.invalidSigs = append(b.invalidSigs, Diagnostic{Pos: b.fset.Position(fd.Type.Pos()), At: fd.Type.Pos(),
			Msg: fmt.Sprintf("the signature of handler %s has a type that is invalid because the package does not compile; fix the compile errors", fd.Name.Name)})
		return false
	}
	paramPos := func(i int) token.Pos { return nthTypePos(fd.Type.Params, i, fd.Type.Params.Pos()) }
	if sig.TypeParams().Len() > 0 {
		b.errorf(fd.Name.Pos(), "handler %s is generic, and a tool handler must not have type parameters; annotate a non-generic function that calls it instead", fd.Name.Name)
		return false
	}
	isCtx := func(i int) bool { return isNamed(params.At(i).Type(), "context", "Context") }
	switch {
	case params.Len() == 1 && isCtx(0):
		// A tool without arguments still takes an input: the SDK needs an object schema.
		b.errorf(fd.Type.Params.Pos(), "handler %s takes no input after its context.Context; add one, as in func(ctx context.Context, in %sInput), where %sInput is a struct (an empty one for a tool without arguments)", fd.Name.Name, t.GoName, t.GoName)
		ok = false
	case params.Len() == 1:
		b.errorf(paramPos(0), "handler %s takes no context.Context; add it as the first parameter: func(ctx context.Context, in %s)", fd.Name.Name, b.typeString(params.At(0).Type()))
		ok = false
	case params.Len() == 2 && !isCtx(0) && isCtx(1):
		b.errorf(paramPos(0), "handler %s takes its context.Context second; put it first: func(ctx context.Context, in %s)", fd.Name.Name, b.typeString(params.At(0).Type()))
		ok = false
	case params.Len() < 2 || params.Len() > 3:
		b.errorf(fd.Type.Params.Pos(), "handler %s takes %s; %s", fd.Name.Name, plural(params.Len(), "parameter", "parameters"), shapes)
		ok = false
	default:
		if !isNamed(params.At(0).Type(), "context", "Context") {
			b.errorf(paramPos(0), "the first parameter of handler %s must be a context.Context, not %s; %s", fd.Name.Name, b.typeString(params.At(0).Type()), shapes)
			ok = false
		}
		isRequest := func(i int) bool {
			p, isPtr := types.Unalias(params.At(i).Type()).(*types.Pointer)
			return isPtr && isNamed(p.Elem(), sdkPath, "CallToolRequest")
		}
		if params.Len() == 3 && !isRequest(1) && isRequest(2) {
			// func(ctx, in In, req *mcp.CallToolRequest): one mistake, the order, said once.
			b.errorf(paramPos(1), "handler %s takes its *mcp.CallToolRequest after its input; put it second: func(ctx context.Context, req *mcp.CallToolRequest, in %s)", fd.Name.Name, b.typeString(params.At(1).Type()))
			return false
		}
		if params.Len() == 3 {
			if !isRequest(1) {
				b.errorf(paramPos(1), "the second parameter of handler %s must be a *mcp.CallToolRequest, not %s; %s", fd.Name.Name, b.typeString(params.At(1).Type()), shapes)
				ok = false
			}
			t.HasRequest = true
		}
		if sig.Variadic() {
			// Its input is a slice: "the input is []In" would only repeat this.
			b.errorf(paramPos(params.Len()-1), "handler %s is variadic; %s", fd.Name.Name, shapes)
			return false
		}
		in := params.At(params.Len() - 1).Type()
		t.inPos = paramPos(params.Len() - 1)
		// An alias (type GetInput = api.GetRequest) stands for its type, which the generated code
		// names directly.
		if isNamedStruct(in) {
			t.In = types.Unalias(in).(*types.Named)
			t.InName, ok = b.writableName(in, paramPos(params.Len()-1), "input", fd.Name.Name, ok)
		} else if generic := genericInstance(in); generic != "" {
			b.errorf(paramPos(params.Len()-1), "the input of handler %s is %s, an instance of the generic type %s; a tool input must be a non-generic named struct type: declare one, as in type %sInput %s, and take it instead", fd.Name.Name, b.typeString(in), generic, t.GoName, b.typeString(types.Unalias(in)))
			ok = false
		} else if p, isPtr := types.Unalias(in).(*types.Pointer); isPtr && isNamedStruct(p.Elem()) {
			t.inTried = types.Unalias(p.Elem()).(*types.Named)
			b.errorf(paramPos(params.Len()-1), "the input of handler %s is %s, a pointer; a tool input is taken by value: take %s (drop the *)", fd.Name.Name, b.typeString(in), b.typeString(p.Elem()))
			ok = false
		} else if a := unnamedStructAlias(in); a != nil {
			// type In = struct{…} reads as a named type, and is none.
			b.errorf(paramPos(params.Len()-1), "the input of handler %s is %s, an alias of an unnamed struct type; a tool input must be a named struct type: declare %s without the = (type %s struct{…})", fd.Name.Name, b.typeString(in), a.Obj().Name(), a.Obj().Name())
			ok = false
		} else {
			b.errorf(paramPos(params.Len()-1), "the input of handler %s is %s; a tool input must be a named struct type passed by value, e.g. %sInput", fd.Name.Name, b.typeString(in), t.GoName)
			ok = false
		}
	}
	resPos := fd.Type.Params.End() // where the results belong when there are none
	if fd.Type.Results != nil {
		resPos = fd.Type.Results.Pos()
	}
	errorType := types.Universe.Lookup("error").Type()
	resultPos := func(i int) token.Pos { return nthTypePos(fd.Type.Results, i, resPos) }
	isResult := func(i int) bool { return isNamed(types.Unalias(results.At(i).Type()), sdkPath, "CallToolResult") }
	isResultPtr := func(i int) bool {
		p, isPtr := types.Unalias(results.At(i).Type()).(*types.Pointer)
		return isPtr && isNamed(types.Unalias(p.Elem()), sdkPath, "CallToolResult")
	}
	outIdx := 0 // the output's index among the results: 1 after a *mcp.CallToolResult
	switch {
	case results.Len() == 1 && types.Identical(results.At(outIdx).Type(), errorType):
		b.errorf(resPos, "handler %s returns only an error; return the output before it: (*%sResult, error), where %sResult is a struct", fd.Name.Name, t.GoName, t.GoName)
		ok = false
	case results.Len() == 1:
		b.errorf(resPos, "handler %s returns %s without an error; return (%s, error)", fd.Name.Name, b.typeString(results.At(outIdx).Type()), b.typeString(results.At(outIdx).Type()))
		ok = false
	case results.Len() == 2 && types.Identical(results.At(outIdx).Type(), errorType) && !types.Identical(results.At(1).Type(), errorType):
		b.errorf(resPos, "handler %s returns the error first; the error comes last: return (%s, error)", fd.Name.Name, b.typeString(results.At(1).Type()))
		ok = false
	case results.Len() == 3 && !isResult(0) && !isResultPtr(0):
		b.errorf(resPos, "handler %s returns 3 values, and the first is %s; %s", fd.Name.Name, b.typeString(results.At(outIdx).Type()), shapes)
		ok = false
	case results.Len() != 2 && results.Len() != 3:
		b.errorf(resPos, "handler %s returns %s; %s", fd.Name.Name, plural(results.Len(), "value", "values"), shapes)
		ok = false
	default:
		if results.Len() == 3 {
			outIdx, t.ReturnsResult = 1, true
			if isResult(0) {
				// Said, and the rest checked as for a pointer, so that what else is wrong (a
				// markdown output, a form) is said in the same run.
				b.errorf(resultPos(0), "handler %s returns mcp.CallToolResult by value; return a pointer to it, as mcp.ToolHandlerFor does: (*mcp.CallToolResult, %s, error)", fd.Name.Name, b.typeString(results.At(1).Type()))
				ok = false
			}
		}
		if results.Len() == 2 && isResultPtr(0) {
			b.errorf(resultPos(0), "handler %s returns a *mcp.CallToolResult and no output; a tool's output is a struct of its own beside the result: return (*mcp.CallToolResult, *%sResult, error), where %sResult is a struct, as mcp.ToolHandlerFor does (for a tool whose result is its own content, a struct without fields, whose nil output is sent as {})", fd.Name.Name, t.GoName, t.GoName)
			ok = false
			break
		}
		if isResultPtr(outIdx) || isResult(outIdx) {
			b.errorf(resultPos(outIdx), "the output of handler %s is %s, the result itself; a tool's output is a struct of its own: return (*mcp.CallToolResult, *%sResult, error), where %sResult is a struct", fd.Name.Name, b.typeString(results.At(outIdx).Type()), t.GoName, t.GoName)
			ok = false
			break
		}
		last := results.Len() - 1
		if !types.Identical(results.At(last).Type(), errorType) {
			b.errorf(resultPos(last), "the last result of handler %s must be error, not %s; %s", fd.Name.Name, b.typeString(results.At(last).Type()), shapes)
			ok = false
		}
		written := results.At(outIdx).Type() // as the signature has it, aliases and all
		t.outPos = resultPos(outIdx)
		out := types.Unalias(written)
		if p, isPtr := out.(*types.Pointer); isPtr {
			written = p.Elem()
			out, t.OutPtr = types.Unalias(written), true
		}
		if named, isNamedT := out.(*types.Named); isNamedT && isStructType(named) && named.TypeArgs().Len() == 0 {
			t.Out = named
			t.OutName, ok = b.writableName(written, resultPos(outIdx), "output", fd.Name.Name, ok)
			// The generated handler passes a value output on: go vet's copylocks check would
			// fail the generated file, not the user's (returning a composite literal copies
			// nothing). A pointer output copies nothing, and is not looked at.
			if lock, fields := valueLock(b.pkg.Types, named, t.OutPtr); lock != nil {
				where := "it is a lock itself (its pointer has Lock and Unlock methods)"
				if len(fields) > 0 {
					where = "its field " + strings.Join(fields, ".") + " holds a lock (" + b.typeString(lock) + ")"
				}
				b.errorf(resultPos(outIdx), "the output of handler %s is %s by value, and %s, which go vet's copylocks check forbids copying, as the generated handler would; return *%s", fd.Name.Name, b.typeString(results.At(outIdx).Type()), where, b.typeString(results.At(outIdx).Type()))
				ok = false
			}
		} else if generic := genericInstance(out); generic != "" {
			b.errorf(resultPos(outIdx), "the output of handler %s is %s, an instance of the generic type %s; a tool output must be a non-generic named struct type or a pointer to one: declare one, as in type %sResult %s, and return it instead", fd.Name.Name, b.typeString(results.At(outIdx).Type()), generic, t.GoName, b.typeString(out))
			ok = false
		} else if a := unnamedStructAlias(written); a != nil {
			what := ", an alias"
			if written != results.At(outIdx).Type() {
				what = ", where " + a.Obj().Name() + " is an alias" // *Result
			}
			b.errorf(resultPos(outIdx), "the output of handler %s is %s%s of an unnamed struct type; a tool output must be a named struct type or a pointer to one: declare %s without the = (type %s struct{…})", fd.Name.Name, b.typeString(results.At(outIdx).Type()), what, a.Obj().Name(), a.Obj().Name())
			ok = false
		} else if _, isInterface := out.Underlying().(*types.Interface); isInterface && t.ReturnsResult {
			// mcp.AddTool's form of a tool whose result is its own content (an image): Out any.
			b.errorf(resultPos(outIdx), "the output of handler %s is %s; a tool output must be a named struct type or a pointer to one: for a tool whose result is its own content, declare an output without fields, as in type %sResult struct{}, and return (*mcp.CallToolResult, *%sResult, error), whose nil output is sent as {}", fd.Name.Name, b.typeString(results.At(outIdx).Type()), t.GoName, t.GoName)
			ok = false
		} else {
			b.errorf(resultPos(outIdx), "the output of handler %s is %s; a tool output must be a named struct type or a pointer to one (cards read an output's fields, and clients of MCP versions before SEP-2106 take structuredContent only as a JSON object): wrap it, as in type %sResult struct{ Items %s `json:\"items\"` }, and return that", fd.Name.Name, b.typeString(results.At(outIdx).Type()), t.GoName, b.typeString(results.At(outIdx).Type()))
			ok = false
		}
	}
	if recv := sig.Recv(); recv != nil {
		// The receiver may be written with an alias (type Svc = Service; func (s *Svc) Get):
		// the method is Service's, and RegisterTools takes a *Service.
		rt := types.Unalias(recv.Type())
		if p, isPtr := rt.(*types.Pointer); isPtr {
			rt = types.Unalias(p.Elem())
		}
		named, _ := rt.(*types.Named)
		if named == nil {
			// A receiver type that does not compile is reported by the compiler's error; any
			// other receiver is a named type, which Go requires.
			return false
		}
		if named.TypeArgs().Len() > 0 || named.TypeParams().Len() > 0 {
			b.errorf(fd.Name.Pos(), "handler %s is a method of generic type %s, and RegisterTools could take no value of it without its type arguments; declare the handler on a non-generic type, or as a function (one that calls this method on a %s of the type arguments it needs will do)", fd.Name.Name, named.Obj().Name(), named.Obj().Name())
			return false
		}
		t.Recv = b.receiver(named.Obj())
	}
	return ok
}

func (b *builder) receiver(tn *types.TypeName) *Receiver {
	for _, r := range b.out.Receivers {
		if r.Type == tn {
			return r
		}
	}
	r := &Receiver{Type: tn} // Param is named once every tool is known (nameReceivers)
	b.out.Receivers = append(b.out.Receivers, r)
	return r
}

// shadowingNames returns the variables of the generated code in scope where it calls t's handler
// (calls) and where it writes t's input type (ins); its output type is written where only
// RegisterTools' own are (registerToolsScope). The handler is called inside RegisterTools'
// function literal for the tool, whose parameters are ctx, in and, when the handler takes the
// request or serves a markdown document, req; its types are written in that literal's signature,
// in RegisterTools' scope. A form tool's handler is called, and its input type written, in
// DispatchACP too, after reply, sel and err are bound.
func shadowingNames(t *Tool) (calls, ins map[string]bool) {
	calls, ins = maps.Clone(registerToolsScope), maps.Clone(registerToolsScope)
	calls["ctx"], calls["in"] = true, true
	if t.HasRequest || t.Markdown != nil {
		calls["req"] = true
	}
	if t.ACP != nil && t.ACP.Kind == "form" {
		for _, name := range []string{"ctx", "reply", "sel", "err"} {
			calls[name], ins[name] = true, true
		}
	}
	return calls, ins
}

// toolLocals are the endings of the names that RegisterTools and DispatchACP use for a tool's
// own declarations and variables, after its Go name with a lower-case first letter
// (getOrderInputSchema, getOrderUI).
var toolLocals = map[string]bool{"InputSchema": true, "OutputSchema": true, "UI": true, "Doc": true, "Reply": true, "Document": true}

// nameReceivers names each receiver's parameter once every tool is known (receiverParam). Taken
// are the generated functions' own locals and imports (with a number after them too), the
// packages of the tools' input and output types (a receiver type Model of a tool whose input is
// a model.Lookup), Go's
// predeclared names (a parameter "nil" would shadow the nil they return), the package's own
// names (a handler function is called by its name), the names the generated file declares
// (RegisterTools calls registerTools1, … in a package of many tools: a receiver type
// RegisterTools1 gets registerTools1Svc), the other receivers' parameters, and the
// names of each tool's declarations and variables there (toolLocals): a receiver type
// GetOrderInputSchema gets getOrderInputSchemaSvc.
func (b *builder) nameReceivers() {
	used := map[string]bool{}
	// The packages of the tools' input and output types are imported under their names (or with
	// a number after them when two share one), and their types are written through them.
	imports := map[string]bool{}
	for _, t := range b.out.Tools {
		var names []*types.TypeName
		if t.In != nil {
			names = append(names, t.inName())
		}
		if t.Out != nil {
			names = append(names, t.outName())
		}
		for _, n := range names {
			if n.Pkg() != nil && n.Pkg() != b.pkg.Types {
				imports[n.Pkg().Name()] = true
			}
		}
	}
	taken := func(name string) bool {
		trimmed := strings.TrimRight(name, "0123456789")
		if generatedLocals[name] || generatedImports[trimmed] || imports[name] || imports[trimmed] || used[name] ||
			types.Universe.Lookup(name) != nil || b.out.declares(name) || b.out.willDeclare[name] {
			return true
		}
		return slices.ContainsFunc(b.out.Tools, func(t *Tool) bool {
			rest, ok := strings.CutPrefix(name, lowerFirst(t.GoName))
			return ok && toolLocals[rest]
		})
	}
	for _, r := range b.out.Receivers {
		r.Param = receiverParam(r.Type.Name(), taken)
		used[r.Param] = true
	}
}

// typeString writes t as the user would in this package: its own types bare, others by package
// name (mcp.CallToolRequest, not the import path).
func (b *builder) typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p == b.pkg.Types {
			return ""
		}
		return p.Name()
	})
}

// isNamed reports whether t is the named type or alias pkgPath.name (mcp.CallToolRequest is an
// alias of an instantiated generic type, so each alias on the way is checked before it is
// resolved: type Req = mcp.CallToolRequest is mcp.CallToolRequest too).
func isNamed(t types.Type, pkgPath, name string) bool {
	for a, ok := t.(*types.Alias); ok; a, ok = t.(*types.Alias) {
		if a.Obj().Pkg() != nil && a.Obj().Pkg().Path() == pkgPath && a.Obj().Name() == name {
			return true
		}
		t = a.Rhs()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkgPath && n.Obj().Name() == name
}

// hasInvalidType reports whether a variable of the tuple has a type go/types could not check, or
// a pointer to one.
func hasInvalidType(vars *types.Tuple) bool {
	for v := range vars.Variables() {
		t := types.Unalias(v.Type())
		if p, ok := t.(*types.Pointer); ok {
			t = types.Unalias(p.Elem())
		}
		if t == types.Typ[types.Invalid] {
			return true
		}
	}
	return false
}

// writableName returns the name the generated code writes for t, a named type behind the
// aliases the handler's signature reaches it through: nil when the type's own name will do, else
// the alias nearest the type that the generated package can name. The type's own name will not
// do when it is unexported and of another package (type In = in in package api), or in an
// internal package the generated package may not import (the SDK's jsonrpc.Error is its
// internal/jsonrpc2.WireError). When no alias will do either (an alias of a pointer to the type,
// type OutPtr = *model.Out), it reports that and returns ok false; otherwise ok is as given.
func (b *builder) writableName(t types.Type, pos token.Pos, what, handler string, ok bool) (*types.TypeName, bool) {
	obj := types.Unalias(t).(*types.Named).Obj()
	why, todo := b.unwritable(obj)
	if why == "" {
		return nil, ok
	}
	var name *types.TypeName
	for a, isAlias := t.(*types.Alias); isAlias; a, isAlias = t.(*types.Alias) {
		if w, _ := b.unwritable(a.Obj()); w == "" && a.TypeArgs().Len() == 0 {
			name = a.Obj() // the last one found is the nearest the type
		}
		t = a.Rhs()
	}
	if name != nil {
		return name, ok
	}
	b.errorf(pos, "the %s of handler %s is %s.%s, which the generated code cannot name: %s, and the handler's signature reaches it through no alias the generated code can name instead; %s, or use a struct type of package %s",
		what, handler, obj.Pkg().Name(), obj.Name(), why, todo, b.pkg.Types.Name())
	return nil, false
}

// unwritable says why code in the generated package cannot refer to the type name obj by its
// name, and what would give it a name it can refer to; why is "" when it can.
func (b *builder) unwritable(obj *types.TypeName) (why, todo string) {
	pkg := obj.Pkg()
	if pkg == nil || pkg == b.pkg.Types {
		return "", ""
	}
	if !obj.Exported() {
		exported := schema.ExportedName(obj.Name())
		return fmt.Sprintf("%s is not exported by package %s", obj.Name(), pkg.Name()),
			fmt.Sprintf("declare an exported alias of it in package %s (type %s = %s) and use that in the handler", pkg.Name(), exported, obj.Name())
	}
	if parent, ok := internalParent(pkg.Path()); ok && !mayImport(b.pkg.Types.Path(), parent) {
		where := "the standard library"
		if parent != "" {
			where = parent + " and the packages under it"
		}
		return fmt.Sprintf("package %s is internal, and only %s may import it", pkg.Path(), where),
			fmt.Sprintf("use an alias of the type itself (type %s = %s.%s) declared in a package that %s may import", obj.Name(), pkg.Name(), obj.Name(), b.pkg.Types.Path())
	}
	return "", ""
}

// internalParent returns the parent of the last internal element of an import path, whose tree
// alone may import it (go help internal): "example.com/api" for
// "example.com/api/internal/model", "" for the standard library's "internal/…"; ok is false for
// a path without an internal element.
func internalParent(path string) (parent string, ok bool) {
	switch {
	case strings.HasSuffix(path, "/internal"):
		return strings.TrimSuffix(path, "/internal"), true
	case strings.Contains(path, "/internal/"):
		return path[:strings.LastIndex(path, "/internal/")], true
	case path == "internal" || strings.HasPrefix(path, "internal/"):
		return "", true
	}
	return "", false
}

// mayImport reports whether the package importer, one cardgen generates for, is in the tree of
// parent, as returned by internalParent ("" stands for the standard library's internal
// packages, which no package cardgen generates for may import: it is never of the standard
// library, whatever its path looks like — example/p has no dot either).
func mayImport(importer, parent string) bool {
	if parent == "" {
		return false
	}
	return importer == parent || strings.HasPrefix(importer, parent+"/")
}

// unnamedStructAlias returns the alias nearest an unnamed struct type that t, as written, is an
// alias of (type In = struct{…}), or nil when t is no such alias.
func unnamedStructAlias(t types.Type) *types.Alias {
	a, ok := t.(*types.Alias)
	if !ok {
		return nil
	}
	if _, isStruct := types.Unalias(t).(*types.Struct); !isStruct {
		return nil
	}
	for next, ok := a.Rhs().(*types.Alias); ok; next, ok = a.Rhs().(*types.Alias) {
		a = next
	}
	return a
}

func isStructType(t types.Type) bool {
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

// isNamedStruct reports whether t, behind aliases, is a non-generic named struct type: what a
// tool input must be.
func isNamedStruct(t types.Type) bool {
	named, ok := types.Unalias(t).(*types.Named)
	return ok && isStructType(named) && named.TypeArgs().Len() == 0
}

// SnakeCase turns a Go name into a tool name: GetOrder → get_order, ListHTTPRoutes →
// list_http_routes. A run of capitals is one word, or several where it is made of common
// initialisms (GetHTTPSURL → get_https_url), and an initialism's plural keeps its s (ListURLs →
// list_urls, GetUserIDs → get_user_ids, not list_ur_ls), so that GoName gives the Go name back.
func SnakeCase(s string) string {
	rs := []rune(s)
	var words []string
	for i := 0; i < len(rs); {
		if w := mixedWordAt(rs[i:]); w != "" {
			// OAuth, IPv4, GitHub: one word, though its capitals would split it.
			words, i = append(words, w), i+utf8.RuneCountInString(w)
			continue
		}
		if !unicode.IsUpper(rs[i]) {
			// A word that starts in lower case or with a digit: the first of getOrder.
			j := i + 1
			for j < len(rs) && !unicode.IsUpper(rs[j]) {
				j++
			}
			words, i = append(words, string(rs[i:j])), j
			continue
		}
		j := i + 1
		for j < len(rs) && unicode.IsUpper(rs[j]) {
			j++
		}
		switch {
		case j-i == 1:
			// One capital starts a word: Get, Order, Get2.
			k := j
			for k < len(rs) && (unicode.IsLower(rs[k]) || unicode.IsDigit(rs[k])) {
				k++
			}
			words, i = append(words, string(rs[i:k])), k
		case j == len(rs) || !unicode.IsLower(rs[j]):
			// A run of capitals that ends the name or meets a digit: HTTPSURL.
			words, i = append(words, initialismWords(string(rs[i:j]))...), j
		case rs[j] == 's' && (j+1 == len(rs) || !unicode.IsLower(rs[j+1])) && allInitialisms(initialismWords(string(rs[i:j]))):
			// An initialism's plural: URLs, IDs.
			ws := initialismWords(string(rs[i:j]))
			ws[len(ws)-1] += "s"
			words, i = append(words, ws...), j+1
		default:
			// The run's last capital starts the next word: HTTPServer is HTTP and Server.
			words, i = append(words, initialismWords(string(rs[i:j-1]))...), j-1
		}
	}
	for k, w := range words {
		words[k] = strings.ToLower(w)
	}
	return strings.Join(words, "_")
}

// mixedWords are words written with capitals inside them, each one word of a tool name
// (GetOAuthToken → get_oauth_token, not get_o_auth_token; LookupIPv4 → lookup_ipv4) that
// GoName writes back as it is written here.
var mixedWords = []string{"OAuth", "IPv4", "IPv6", "GitHub", "GitLab", "GraphQL", "JavaScript", "TypeScript", "WebSocket", "YouTube", "PayPal", "LinkedIn", "PostgreSQL", "MySQL"}

// mixedWord maps each of mixedWords in lower case to itself.
var mixedWord = func() map[string]string {
	m := make(map[string]string, len(mixedWords))
	for _, w := range mixedWords {
		m[strings.ToLower(w)] = w
	}
	return m
}()

// mixedWordAt returns the word of mixedWords that rs starts with, as a word of its own (what
// follows it starts no lower-case letter: OAuthToken, IPv4s are not IPv4 and s), or "".
func mixedWordAt(rs []rune) string {
	for _, w := range mixedWords {
		n := utf8.RuneCountInString(w)
		if len(rs) >= n && string(rs[:n]) == w && (len(rs) == n || !unicode.IsLower(rs[n])) {
			return w
		}
	}
	return ""
}

// initialismWords splits a run of capitals into the common initialisms it is made of, longest
// first (HTTPSURL → HTTPS, URL); a run that is not made of them is one word.
func initialismWords(run string) []string {
	var ws []string
	for rest := run; rest != ""; {
		n := 0
		for k := len(rest); k > 1; k-- {
			if initialisms[rest[:k]] {
				n = k
				break
			}
		}
		if n == 0 {
			return []string{run}
		}
		ws, rest = append(ws, rest[:n]), rest[n:]
	}
	return ws
}

func allInitialisms(ws []string) bool {
	for _, w := range ws {
		if !initialisms[w] {
			return false
		}
	}
	return true
}

// GoName turns a tool name into an exported Go identifier stem: get_order → GetOrder,
// orders.list-all → OrdersListAll. A word that is a common initialism is written in capitals,
// as Go names write it (get_user_id → GetUserID, list_http_routes → ListHTTPRoutes, get_ids →
// GetIDs, not GetUserId): the generated names are exported API that people call, and staticcheck's ST1003
// and golint ask for the same words.
func GoName(tool string) string {
	var b strings.Builder
	for word := range strings.FieldsFuncSeq(tool, func(r rune) bool { return r == '_' || r == '.' || r == '-' }) {
		if initialisms[strings.ToUpper(word)] {
			b.WriteString(strings.ToUpper(word))
			continue
		}
		if w, ok := mixedWord[strings.ToLower(word)]; ok {
			b.WriteString(w) // oauth → OAuth
			continue
		}
		if stem, ok := strings.CutSuffix(word, "s"); ok && len(stem) > 1 && initialisms[strings.ToUpper(stem)] {
			b.WriteString(strings.ToUpper(stem) + "s") // ids → IDs, urls → URLs
			continue
		}
		r, size := utf8.DecodeRuneInString(word)
		b.WriteRune(unicode.ToUpper(r))
		b.WriteString(word[size:])
	}
	s := b.String()
	if s == "" || !unicode.IsLetter([]rune(s)[0]) {
		s = "Tool" + s
	}
	return s
}

// initialisms are the words GoName writes in capitals, SnakeCase keeps whole and labels (Words)
// show in capitals: staticcheck's default list for ST1003, which is golint's with a few more,
// golint's LHS and RHS, and acronyms tools commonly name (PDF, CSV, SKU…), so that ToPDFs is
// to_pdfs and its card ToPDFsCard, not to_pd_fs and ToPdFsCard.
var initialisms = setOf([]string{
	"ACL", "AMQP", "API", "ASCII", "CPU", "CSS", "DB", "DNS", "EOF", "GID", "GUID", "HTML", "HTTP",
	"HTTPS", "ID", "IP", "JSON", "LHS", "QPS", "RAM", "RHS", "RPC", "RTP", "SIP", "SLA", "SMTP",
	"SQL", "SSH", "TCP", "TLS", "TS", "TTL", "UDP", "UI", "UID", "URI", "URL", "UTF8", "UUID", "VM",
	"XML", "XMPP", "XSRF", "XSS",
	"CSV", "FAQ", "JWT", "MCP", "PDF", "PNG", "SDK", "SKU", "SMS", "SVG",
})

// genericInstance returns the name of the generic type t instantiates (behind aliases), or "".
func genericInstance(t types.Type) string {
	if n, ok := types.Unalias(t).(*types.Named); ok && n.TypeArgs().Len() > 0 && isStructType(n) {
		return n.Obj().Name()
	}
	return ""
}

// generatedNames lists the package-level identifiers the generated file declares for t.
func generatedNames(t *Tool) []string {
	return GeneratedNames(t.GoName, ToolShape{Reply: t.Reply != nil, Markdown: t.Markdown != nil, Card: t.Card != nil, ACP: t.acpKind()})
}

// acpKind is the kind of t's //card:acp, from the directive until the card is modelled after the
// schemas (tools are registered, and the names they will declare known, before that).
func (t *Tool) acpKind() string {
	switch {
	case t.ACP != nil:
		return t.ACP.Kind
	case t.acpDir != nil && len(t.acpDir.Args) > 0:
		return t.acpDir.Args[0].Text
	}
	return ""
}

// ToolShape is what decides, beside its Go name, which names the generated file declares for a
// tool: a //card:reply, a markdown document, a result card, and the kind of its //card:acp.
type ToolShape struct {
	Reply, Markdown, Card bool   // the tool has a //card:reply, a markdown document, a result card
	ACP                   string // "", "detail", "review", "carousel" or "form"
}

// GeneratedNames lists the package-level identifiers the generated file declares for a tool
// whose Go name is goName (GoName of its tool name) and whose shape is shape: its schemas
// (getOrderInputSchema, getOrderOutputSchema), its reply, document, card and Agent Chat
// Protocol builders (GetOrderCard, GetOrderACP, GetOrderItemCard, GetOrderACPForm). The names
// the file declares once for the package (RegisterTools, and DispatchACP when a tool has a form)
// are not among them. cardgen new keeps the names it picks clear of them.
func GeneratedNames(goName string, shape ToolShape) []string {
	lower := lowerFirst(goName)
	names := []string{lower + "InputSchema", lower + "OutputSchema"}
	if shape.Reply {
		names = append(names, lower+"Reply")
	}
	if shape.Markdown {
		names = append(names, lower+"Document")
	}
	if shape.Card {
		names = append(names, goName+"Card")
	}
	switch shape.ACP {
	case "":
	case "form":
		names = append(names, goName+"ACPForm")
	case "carousel":
		names = append(names, goName+"ACP", goName+"ItemCard")
	default:
		names = append(names, goName+"ACP")
	}
	return names
}

// checkHandWrittenFiles reports a cards_gen.go or cards_gen_test.go that cardgen did not write
// (no generated-code header) where it is about to write one: replacing it would destroy code
// someone wrote. Removal of a file without the header is refused the same way (isCardgenFile).
func (b *builder) checkHandWrittenFiles() {
	if len(b.out.Tools) == 0 || b.out.Dir == "" {
		return
	}
	for _, name := range []string{GeneratedFile, GeneratedTestFile} {
		path := filepath.Join(b.out.Dir, name)
		// Not b.out.generated: files of these names are taken for cardgen's by name while
		// loading; only the header says who wrote one.
		if !fileExists(path) || isCardgenFile(path) {
			continue
		}
		b.at(token.Position{Filename: path, Line: 1, Column: 1},
			"%s is not a file cardgen wrote (its first line is not %q), and cardgen is about to write its own there; rename this file, or delete it if it is an old generated file whose header was removed", name, GeneratedHeader)
	}
}

// checkDeclaredNames reports user declarations that collide with what cardgen generates.
func (b *builder) checkDeclaredNames() {
	if len(b.out.Tools) == 0 {
		return // nothing is generated, so a RegisterTools of the package's own is no clash
	}
	// The generated RegisterTools and DispatchACP call handler functions and name input and
	// output types of the package by their names, inside functions whose own variables could
	// shadow them: a handler func ui, or a type cfg, could not be referred to there.
	reported := map[types.Object]bool{}
	for _, t := range b.out.Tools {
		calls, ins := shadowingNames(t)
		check := func(obj types.Object, names map[string]bool) {
			if obj == nil || obj.Pkg() != b.pkg.Types || !names[obj.Name()] || reported[obj] {
				return
			}
			reported[obj] = true
			what := "type"
			if _, ok := obj.(*types.Func); ok {
				what = "handler function"
			}
			b.errorf(obj.Pos(), "%s %s has the name of a variable in the generated RegisterTools or DispatchACP, where the generated code could not refer to it; rename it", what, obj.Name())
		}
		if t.Recv == nil && t.Func != nil {
			check(t.Func, calls)
		}
		if t.In != nil {
			check(t.inName(), ins)
		}
		if t.Out != nil {
			check(t.outName(), registerToolsScope)
		}
	}
	byName := map[string]*Tool{}
	for _, t := range b.out.Tools {
		for _, name := range generatedNames(t) {
			prev, ok := byName[name]
			if !ok {
				byName[name] = t
				continue
			}
			if prev != t {
				prevPos := b.fset.Position(prev.NamePos)
				b.errorf(t.NamePos, "cardgen would declare %s for tool %s and for tool %s (%s:%d:%d), and the generated file would not compile; rename one of the tools", name, t.Name, prev.Name, filepath.Base(prevPos.Filename), prevPos.Line, prevPos.Column)
			}
		}
	}
	scope := b.pkg.Types.Scope()
	declared := b.declaredNames()
	// The package's names are looked up in what cardgen declares (its scope is sorted), not the
	// other way round: a package of 500 tools declares some 6,000 names, which need no sorting.
	for _, name := range scope.Names() {
		d, ok := declared[name]
		if !ok {
			continue
		}
		if obj := scope.Lookup(name); !b.out.generated[objectFile(b.fset, obj)] {
			b.errorf(obj.Pos(), "%s is declared here and also generated by cardgen%s; rename it", name, d.why())
		}
	}
	// The package's own test files are compiled with both generated files.
	declared["TestCardgenGolden"] = declaredName{what: "the golden test of " + GeneratedTestFile}
	tests := b.out.testNames()
	for _, name := range slices.Sorted(maps.Keys(tests)) {
		if d, ok := declared[name]; ok {
			b.at(tests[name], "%s is declared here, in a test file, and also generated by cardgen%s, which go test compiles with it; rename it", name, d.why())
		}
	}
	b.dotImportClashes()
	b.importClashes(declared)
}

// importClashes reports each import of the package's files, and of its own test files, whose
// name in its file is one the generated files declare (declared): a file's imports and the
// package's declarations may not share a name ("registerTools2 already declared through import
// of package strings"), so the package, or its test build, would not compile. The generated
// names are not changed instead, as they are not for a declaration of the package's own:
// RegisterTools and the builders are the package's API, and a test calls them by name.
func (b *builder) importClashes(declared map[string]declaredName) {
	// An import the file does not name is known by the imported package's own name: from the
	// type checker for the package's files, and, for a test file, which cardgen does not load,
	// from the package's own import of the same path (another is not known, and not reported).
	byPath := map[string]string{}
	for _, imp := range b.pkg.Types.Imports() {
		byPath[imp.Path()] = imp.Name()
	}
	var imports []fileImport
	for _, f := range b.pkg.Files {
		if b.out.generated[b.fset.Position(f.Package).Filename] {
			continue
		}
		for _, spec := range f.Imports {
			name := ""
			if b.pkg.Info != nil {
				if pn, ok := b.pkg.Info.Implicits[spec].(*types.PkgName); ok {
					name = pn.Imported().Name()
				}
			}
			imports = append(imports, importOf(b.fset, spec, name))
		}
	}
	files := len(imports)
	imports = append(imports, b.out.testImports()...)
	for i, imp := range imports {
		name := imp.name
		if name == "" {
			name = byPath[imp.path]
		}
		d, ok := declared[name]
		if !ok || name == "_" || name == "." {
			continue
		}
		if i < files {
			b.at(imp.pos, "this file imports %s as %s, a name cardgen also declares in package %s%s, so the package would not compile; import it under another name", imp.path, name, b.out.Name, d.why())
		} else {
			b.at(imp.pos, "this test file imports %s as %s, a name cardgen also declares in package %s%s, so go test would not compile the package; import it under another name", imp.path, name, b.out.Name, d.why())
		}
	}
}

// A declaredName is a name the generated files declare, and what it is, said only when it is
// reported: a fixed text of tool (of its carousel's item card when item), or what.
type declaredName struct {
	tool *Tool
	item bool
	what string
}

// why is " (what it is)" for a message, or "" when the name says it.
func (d declaredName) why() string {
	switch {
	case d.tool != nil && d.item:
		return " (a fixed text of the item card of tool " + d.tool.Name + ")"
	case d.tool != nil:
		return " (a fixed text of tool " + d.tool.Name + ")"
	case d.what != "":
		return " (" + d.what + ")"
	}
	return ""
}

// declaredNames returns the package-level names the new generated file declares, each with a
// word on what it is when a user could not guess it from the name: the tools' schemas and
// builders, RegisterTools and DispatchACP, the constants of the cards' fixed texts
// (getOrderTitle, getOrderField1Label: a package's own name among them stopped the build with
// "redeclared") and the embedded views (uiFiles).
func (b *builder) declaredNames() map[string]declaredName {
	names := make(map[string]declaredName, len(b.out.willDeclare)+8*len(b.out.Tools))
	for name := range b.out.willDeclare {
		names[name] = declaredName{}
	}
	if len(b.out.UIFiles) > 0 {
		names["uiFiles"] = declaredName{what: "the views it embeds"}
	}
	for _, name := range registerHelpers(len(b.out.Tools)) {
		names[name] = declaredName{what: fmt.Sprintf("a part of RegisterTools, which registers the tools of a package of more than %d in functions of %d", registerChunk, registerChunk)}
	}
	// Constants are named by concatenation, so two tools can arrive at one name: the reply of
	// tool send (send + ReplyText1) and the text of tool send_reply (sendReply + Text1).
	owner := make(map[string]*Tool, len(names))
	clashed := map[[2]*Tool]bool{} // one report for a pair of tools
	claim := func(t *Tool, name string, item bool) {
		if prev, ok := owner[name]; ok && prev != t {
			if clashed[[2]*Tool{t, prev}] {
				return
			}
			clashed[[2]*Tool{t, prev}] = true
			prevPos := b.fset.Position(prev.NamePos)
			what := strings.TrimSuffix(strings.TrimPrefix(declaredName{tool: t, item: item}.why(), " ("), ")")
			b.errorf(t.NamePos, "cardgen would declare the constant %s for %s and for tool %s (%s:%d:%d), and the generated file would not compile; rename one of the tools",
				name, what, prev.Name, filepath.Base(prevPos.Filename), prevPos.Line, prevPos.Column)
			return
		}
		owner[name] = t
		names[name] = declaredName{tool: t, item: item}
	}
	for _, t := range b.out.Tools {
		for _, name := range generatedNames(t) {
			owner[name] = t
		}
	}
	for _, t := range b.out.Tools {
		for _, name := range fixedTextNames(t) {
			claim(t, name, false)
		}
		if item := carouselItem(t); item != nil {
			for _, name := range fixedTextNames(item) {
				claim(t, name, true)
			}
		}
	}
	return names
}

// fixedTextNames lists the constants the generated file declares for the fixed texts of t's
// card, reply and document: the tool's lowered Go name and the stems the renderers take from the
// same helpers (headTexts, fieldStem, actionStem, litStems). TestFixedTextNamesMatchRender holds
// the list to what every golden case renders.
func fixedTextNames(t *Tool) []string {
	lower := lowerFirst(t.GoName)
	var names []string
	text := func(stem string, txt *Text) {
		if txt != nil {
			for _, s := range litStems(stem, txt) {
				names = append(names, lower+s)
			}
		}
	}
	if c := t.Card; c != nil {
		for _, h := range c.headTexts() {
			text(h.stem, h.txt)
		}
		for i, f := range c.Fields {
			names = append(names, lower+fieldStem(i)+"Label")
			text(fieldStem(i)+"Value", f.Value)
		}
		for i, a := range c.Actions {
			stem, target := actionStem(i, a)
			names = append(names, lower+stem+"Label")
			text(stem+target, a.Target)
		}
		text(stemFallback, c.Fallback)
	}
	if t.Reply != nil {
		text(stemReply, t.Reply)
	}
	if m := t.Markdown; m != nil {
		text("Title", m.Title)
		text("Subtitle", m.Subtitle)
	}
	return names
}

// dotImportClashes reports a dot-import of a package that exports a name the generated file
// declares: the import puts the name in its file's scope, which may not share a name with the
// package scope, so a dot-imported RegisterTools or GetCard stops the build ("already declared
// through dot-import").
func (b *builder) dotImportClashes() {
	for _, f := range b.pkg.Files {
		if b.out.generated[b.fset.Position(f.Package).Filename] {
			continue
		}
		for _, spec := range f.Imports {
			if spec.Name == nil || spec.Name.Name != "." {
				continue
			}
			path, _ := strconv.Unquote(spec.Path.Value)
			i := slices.IndexFunc(b.pkg.Types.Imports(), func(p *types.Package) bool { return p.Path() == path })
			if i < 0 {
				continue
			}
			imported := b.pkg.Types.Imports()[i]
			var clash []string
			for _, name := range slices.Sorted(maps.Keys(b.out.willDeclare)) {
				if obj := imported.Scope().Lookup(name); obj != nil && obj.Exported() {
					clash = append(clash, name)
				}
			}
			if len(clash) > 0 {
				b.errorf(spec.Name.Pos(), "the dot-import of %s brings %s into this file, which cardgen declares in package %s, so the package would not compile; import %s by name", path, strings.Join(clash, " and "), b.out.Name, imported.Name())
			}
		}
	}
}

func dirOf(file string) string {
	i := strings.LastIndexAny(file, `/\`)
	if i < 0 {
		return "."
	}
	return file[:i]
}

func pkgName(p *types.Package) string {
	if p == nil {
		return ""
	}
	return p.Name()
}

func pkgPath(p *types.Package) string {
	if p == nil {
		return ""
	}
	return p.Path()
}

// packageUIDir decides the package's ui folder — -ui when it is given, else the -ui of its
// //go:generate line for cardgen, else DefaultUIDir — and says where it came from. The lines'
// problems are reported whichever it is: go generate runs each of them.
func (b *builder) packageUIDir() (dir, origin string) {
	// go generate runs the lines of the package's test files too, of either package (p and
	// p_test), after those of its other files.
	dir, at, problems := PackageUIDir(b.pkg.Fset, append(slices.Clip(b.pkg.Files), b.generatingFiles()...))
	b.diags = append(b.diags, problems...)
	switch {
	case b.opts.UIDir != "":
		return b.opts.UIDir, "given with -ui"
	case !at.IsValid() && len(problems) > 0:
		b.uiDirUnknown = true
	case at.IsValid():
		p := b.pkg.Fset.Position(at)
		return dir, fmt.Sprintf("from -ui on the //go:generate line at %s:%d", filepath.Base(p.Filename), p.Line)
	}
	return DefaultUIDir, "the default; a package whose views are elsewhere names their folder with -ui on its //go:generate line for cardgen"
}

// fileLine is a line of one file.
type fileLine struct {
	file string
	line int
}

// lineOf is the line of the file pos is in.
func (b *builder) lineOf(pos token.Pos) fileLine {
	p := b.fset.Position(pos)
	return fileLine{p.Filename, p.Line}
}

// valueLock is lockPath of out when the handler returns it by value (ptr false), and nil
// otherwise.
func valueLock(home *types.Package, out types.Type, ptr bool) (types.Type, []string) {
	if ptr {
		return nil, nil
	}
	return lockPath(home, out)
}

// lockPath returns the lock the value type t holds that go vet's copylocks check forbids copying,
// and the fields it is in, outermost first (none when t is the lock); nil when t holds none. It
// follows the check's rule: a type whose pointer has Lock and Unlock methods and whose value does
// not (sync.Mutex, the noCopy in sync/atomic's types), held directly, in an array or in a struct
// field, not through a pointer, slice or map. A lock inside another package's type is reported
// as that type (atomic.Int64, not its unexported noCopy field). No type holds itself by value, so
// the walk ends without remembering where it has been.
func lockPath(home *types.Package, t types.Type) (lock types.Type, fields []string) {
	for {
		a, ok := t.Underlying().(*types.Array)
		if !ok {
			break
		}
		t = a.Elem()
	}
	if _, ok := t.Underlying().(*types.Interface); !ok && hasLockMethods(types.NewPointer(t)) && !hasLockMethods(t) {
		return t, nil
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil, nil
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		lock, inner := lockPath(home, f.Type())
		if lock == nil {
			continue
		}
		if n, ok := types.Unalias(f.Type()).(*types.Named); ok && n.Obj().Pkg() != home && len(inner) > 0 {
			lock, inner = n, nil
		}
		return lock, append([]string{f.Name()}, inner...)
	}
	return nil, nil
}

// hasLockMethods reports whether t's method set has Lock() and Unlock(): sync.Locker's.
func hasLockMethods(t types.Type) bool {
	ms := types.NewMethodSet(t)
	for _, name := range []string{"Lock", "Unlock"} {
		sel := ms.Lookup(nil, name)
		if sel == nil {
			return false
		}
		sig := sel.Obj().Type().(*types.Signature)
		if sig.Params().Len() != 0 || sig.Results().Len() != 0 {
			return false
		}
	}
	return true
}
