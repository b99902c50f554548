package scaffold

import (
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/build/constraint"
	"go/parser"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/cardgen/cardgen/annotations"
	"github.com/cardgen/cardgen/gen"
	"github.com/cardgen/cardgen/internal/ports"
)

// pkgInfo is what scaffolding needs to know of the package in a directory. It comes from parsing
// the files, not type-checking them, so that a package in the middle of an edit can still be
// inspected, and so that identifiers in files of other platforms count too.
type pkgInfo struct {
	name  string               // package name; "" when the directory holds no Go package
	decls map[string]string    // package-level identifiers → where declared (file:line)
	types map[string]*recvInfo // type names declared in the package
	tools []toolInfo           // the package's annotated tools
	// uiDir is the ui folder its //go:generate line gives cardgen with -ui ("" for none): go
	// generate regenerates the package with it, so cardgen new must too.
	uiDir string
	// generateLine is set when a //go:generate line that go generate runs on the package
	// runs cardgen.
	generateLine bool
	problems     Problems
	// dir is the package's directory, and shown the same as the user wrote it, for messages.
	dir, shown string
	// dotImports are the packages its files (tests and other platforms' included) import with
	// import . "path", in the order first met. A dot-import puts the imported package's
	// exported names in its file's scope, which may not share a name with the package scope,
	// so a package-level name the scaffold or the generator declares must not be among them.
	dotImports []dotImport
	// structs are the package's struct types by name, for what their field tags say.
	structs map[string]*ast.StructType
}

// dotImport is one package imported with import . "path".
type dotImport struct {
	path string
	at   string // file:line:col of the first such import
	// names returns the package's exported package-level names, nil when it was not found: read
	// when first asked (it may start the go command), which cardgen new -view never does.
	names func() map[string]bool
}

// dotImported returns the dot-import that brings name into a file of the package.
func (info *pkgInfo) dotImported(name string) (dotImport, bool) {
	for _, d := range info.dotImports {
		if d.names()[name] {
			return d, true
		}
	}
	return dotImport{}, false
}

// recvInfo is a type the handler could be a method of.
type recvInfo struct {
	name    string
	param   string          // the receiver name its methods use ("s")
	pointer bool            // its methods have pointer receivers
	styled  bool            // param and pointer come from an existing method
	members map[string]bool // its methods and fields: a new method must not take one of these names
	problem string          // why it cannot be a receiver, if it cannot
	// files are the files that declare it: one, or several for complementary platforms
	// (x_linux.go and a //go:build !linux file). Whether builds take them is asked only of the
	// -recv type (pkgInfo.limited), not of every type of the package.
	files []ports.File
}

// toolInfo is one existing tool.
type toolInfo struct {
	name, goName string
	fn           string // the handler, as Func or Type.Method
	at           string // file:line of the handler
	// generated are the names the generator declares for the tool, as far as its directives
	// tell (a card from card tags of the output type is not seen here).
	generated []string
	// toolAt is file:line of its //card:tool line.
	toolAt string
	// ui is the argument of its //card:ui line ("" without one), at file:line uiAt.
	ui, uiAt string
	// acp is the kind its //card:acp line gives ("" without one).
	acp string
	// out is the name of the handler's output type, as the package declares it (Order for
	// *Order); "" when it is not a type of the package named plainly.
	out string
}

// inspect reads the package in dir; shown is dir as the user wrote it, for messages.
func inspect(dir, shown string) (*pkgInfo, error) {
	info := &pkgInfo{decls: map[string]string{}, types: map[string]*recvInfo{}, structs: map[string]*ast.StructType{}, dir: dir, shown: shown}
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return info, nil // a new package in a new directory
	case err != nil:
		return nil, err
	case !st.IsDir():
		info.problems = append(info.problems, fmt.Sprintf("%s is a file, not a directory; -dir names the package directory", shown))
		return info, nil
	}
	bp, err := build.Default.ImportDir(dir, build.ImportComment)
	var noGo *build.NoGoError
	var multi *build.MultiplePackageError
	if errors.As(err, &noGo) && len(bp.IgnoredGoFiles) > 0 {
		// Files this platform leaves out may still be the package, for other platforms.
		bp.Name, err = platformPackage(dir, bp.IgnoredGoFiles)
	}
	switch {
	case errors.As(err, &noGo) || err == nil && bp.Name == "":
		return info, nil
	case errors.As(err, &multi):
		info.problems = append(info.problems, fmt.Sprintf("%s holds files of several packages (%v in %v); cardgen new needs one package, so fix the package clauses first", shown, multi.Packages, multi.Files))
		return info, nil
	case err != nil:
		var list scanner.ErrorList
		if !errors.As(err, &list) {
			return nil, fmt.Errorf("reading the package in %s: %w", shown, err)
		}
		info.syntaxProblems(list, shown)
		return info, nil
	}
	info.name = bp.Name

	// Files of other platforms (IgnoredGoFiles) declare names too; in-package tests share the
	// package scope. cardgen's own generated files are left out: they are about to be rewritten.
	var names []string
	for _, list := range [][]string{bp.GoFiles, bp.CgoFiles, bp.TestGoFiles, bp.IgnoredGoFiles} {
		for _, n := range list {
			if n != gen.GeneratedFile && n != gen.GeneratedTestFile {
				names = append(names, n)
			}
		}
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, n := range names {
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.ParseComments|parser.SkipObjectResolution)
		var list scanner.ErrorList
		if errors.As(err, &list) {
			info.syntaxProblems(list, shown)
			continue
		} else if err != nil {
			return nil, err
		}
		if f.Name.Name != bp.Name {
			continue // another package, such as a //go:build ignore program
		}
		files = append(files, f)
	}
	at := func(pos token.Pos) string {
		p := fset.Position(pos)
		return fmt.Sprintf("%s:%d", filepath.Join(shown, filepath.Base(p.Filename)), p.Line)
	}
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				info.genDecl(d, at, ports.File{Name: filepath.Base(fset.Position(f.Package).Filename), ImportsC: importsC(f)})
			case *ast.FuncDecl:
				if d.Recv == nil {
					if d.Name.Name != "init" && d.Name.Name != "_" {
						info.decls[d.Name.Name] = at(d.Name.Pos())
					}
				}
			}
		}
	}
	for _, f := range files {
		for _, imp := range f.Imports {
			if imp.Name == nil || imp.Name.Name != "." {
				continue
			}
			path, err := strconv.Unquote(imp.Path.Value)
			if err != nil || slices.ContainsFunc(info.dotImports, func(d dotImport) bool { return d.path == path }) {
				continue
			}
			p := fset.Position(imp.Name.Pos())
			info.dotImports = append(info.dotImports, dotImport{
				path:  path,
				at:    fmt.Sprintf("%s:%d:%d", filepath.Join(shown, filepath.Base(p.Filename)), p.Line, p.Column),
				names: sync.OnceValue(func() map[string]bool { return exportedNames(path, dir) }),
			})
		}
	}
	// The generator reads the //go:generate lines of the files it loads, the package's own built
	// here, and of its test files; cardgen new reads the same ones, so that both name one ui
	// folder.
	built := slices.DeleteFunc(slices.Clone(files), func(f *ast.File) bool {
		name := filepath.Base(fset.Position(f.Package).Filename)
		return !slices.Contains(bp.GoFiles, name) && !slices.Contains(bp.CgoFiles, name)
	})
	// go generate runs the lines of the package's test files too, after the others'.
	info.generateUIDir(fset, append(built, gen.GenerateLineFiles(fset, dir)...), at)
	info.generateLine = gen.HasGenerateLine(fset, built, dir)
	// Methods after types, so that every receiver type is known.
	for _, f := range files {
		// The generator reads no test file: an annotated helper there is no tool of the package.
		test := strings.HasSuffix(fset.Position(f.Package).Filename, "_test.go")
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				info.funcDecl(fd, at, !test)
			}
		}
	}
	return info, nil
}

// generateUIDir sets uiDir from the -ui flag of the //go:generate lines that run cardgen, or
// reports lines that disagree or give a -ui cardgen refuses, as the generator reads them.
func (info *pkgInfo) generateUIDir(fset *token.FileSet, files []*ast.File, at func(token.Pos) string) {
	dir, _, problems := gen.PackageUIDir(fset, files)
	info.uiDir = dir
	for _, d := range problems {
		info.problems = append(info.problems, at(d.At)+": "+d.Msg)
	}
}

// exportedNames returns the exported package-level names of the package that a file in dir
// imports by path, as its source files declare them (methods aside), or nil when the package
// cannot be found or read: the build then reports the import itself.
func exportedNames(path, dir string) map[string]bool {
	// go/build runs the go command in Context.Dir to find a package of a module, not in the
	// directory the import is made from: the process's directory need not be in that module.
	ctxt := build.Default
	ctxt.Dir = dir
	bp, err := ctxt.Import(path, dir, 0)
	if err != nil {
		return nil
	}
	fset := token.NewFileSet()
	names := map[string]bool{}
	add := func(id *ast.Ident) {
		if id.IsExported() {
			names[id.Name] = true
		}
	}
	for _, n := range slices.Concat(bp.GoFiles, bp.CgoFiles) {
		f, err := parser.ParseFile(fset, filepath.Join(bp.Dir, n), nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					add(d.Name)
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						add(s.Name)
					case *ast.ValueSpec:
						for _, n := range s.Names {
							add(n)
						}
					}
				}
			}
		}
	}
	return names
}

// platformPackage is the name of the package of the files in dir that this platform leaves out,
// when they are all there is: a package for other platforms (svc_windows.go), which cardgen new
// joins rather than start a package of another name beside it. Files built on no platform at all
// (//go:build ignore, usually a package main run by go generate) are not the package; "" when
// no other file is left. Files of several packages are a *build.MultiplePackageError, and syntax
// errors a scanner.ErrorList, as go/build reports them.
func platformPackage(dir string, ignored []string) (string, error) {
	fset := token.NewFileSet()
	var names, files []string
	for _, n := range ignored {
		if strings.HasSuffix(n, "_test.go") {
			continue // tests, of the package or of its external test package (svc_test), name no package to join
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			return "", err
		}
		if builtNowhere(f) {
			continue
		}
		if len(names) > 0 && f.Name.Name != names[0] {
			return "", &build.MultiplePackageError{Dir: dir, Packages: []string{names[0], f.Name.Name}, Files: []string{files[0], n}}
		}
		names, files = append(names, f.Name.Name), append(files, n)
	}
	if len(names) == 0 {
		return "", nil
	}
	return names[0], nil
}

// builtNowhere reports whether f's build constraint needs the tag ignore, by the convention for
// files that no build takes (programs that go generate runs): with ignore unset, no setting of
// its other tags satisfies it.
func builtNowhere(f *ast.File) bool {
	for _, g := range f.Comments {
		if g.Pos() > f.Package {
			break
		}
		for _, c := range g.List {
			if !constraint.IsGoBuild(c.Text) && !constraint.IsPlusBuild(c.Text) {
				continue
			}
			expr, err := constraint.Parse(c.Text)
			if err != nil {
				continue
			}
			var tags []string
			expr.Eval(func(tag string) bool {
				if tag != "ignore" && !slices.Contains(tags, tag) {
					tags = append(tags, tag)
				}
				return false
			})
			if len(tags) > 16 || satisfiable(expr, tags) {
				return false // too many tags to try each setting: take it for a platform's
			}
			return true
		}
	}
	return false
}

// satisfiable reports whether some setting of tags, with every other tag unset, satisfies expr.
func satisfiable(expr constraint.Expr, tags []string) bool {
	for set := range 1 << len(tags) {
		if expr.Eval(func(tag string) bool {
			i := slices.Index(tags, tag)
			return i >= 0 && set&(1<<i) != 0
		}) {
			return true
		}
	}
	return false
}

// syntaxProblems reports syntax errors with the file names as the user wrote the directory.
func (info *pkgInfo) syntaxProblems(list scanner.ErrorList, shown string) {
	for _, e := range list {
		info.problems = append(info.problems, fmt.Sprintf("%s:%d:%d: %s; fix the syntax before scaffolding into this package",
			filepath.Join(shown, filepath.Base(e.Pos.Filename)), e.Pos.Line, e.Pos.Column, e.Msg))
	}
}

// importsC reports whether f imports "C", which a build with CGO_ENABLED=0 leaves out.
func importsC(f *ast.File) bool {
	return slices.ContainsFunc(f.Imports, func(imp *ast.ImportSpec) bool { return imp.Path.Value == `"C"` })
}

// limited says why r, a type of the package, is not declared in every build that takes the
// handler's file and RegisterTools, and where to declare it instead; "" when it is. A type
// declared in several files is declared everywhere when, on every first-class port, with cgo on
// and off, one of them is built (x_linux.go and x_other.go with //go:build !linux); x_linux.go
// and x_darwin.go leave Windows without it.
func (info *pkgInfo) limited(r *recvInfo) string {
	const elsewhere = "; the handler's file and RegisterTools are, so declare the type in a file without build constraints"
	if len(r.files) > 1 {
		built := slices.DeleteFunc(slices.Clone(r.files), func(f ports.File) bool { return strings.HasSuffix(f.Name, "_test.go") })
		if port := (ports.Check{Dir: info.dir, Cgo: true}).Uncovered(built...); port != "" {
			return fmt.Sprintf("is declared only in files that no build for %s takes%s", port, elsewhere)
		}
		return ""
	}
	f := r.files[0]
	var why string
	switch {
	case strings.HasSuffix(f.Name, "_test.go"):
		why = "a test file, which the handler's file cannot use; declare the type in a file of the package"
	case !builtEverywhere(f.Name):
		why = "which is not built on every platform (its name ends in a GOOS or GOARCH)" + elsewhere
	case (ports.Check{Dir: info.dir, Cgo: true}).Uncovered(ports.File{Name: f.Name}) != "":
		why = "which is not built on every platform (its build constraint leaves some out)" + elsewhere
	case f.ImportsC:
		why = `which is not built on every platform (it imports "C", which CGO_ENABLED=0 leaves out)` + elsewhere
	default:
		return ""
	}
	return fmt.Sprintf("is declared in %s, %s", filepath.Join(info.shown, f.Name), why)
}

// genDecl records the names d declares, in file.
func (info *pkgInfo) genDecl(d *ast.GenDecl, at func(token.Pos) string, file ports.File) {
	for _, spec := range d.Specs {
		switch s := spec.(type) {
		case *ast.ValueSpec:
			for _, n := range s.Names {
				if n.Name != "_" {
					info.decls[n.Name] = at(n.Pos())
				}
			}
		case *ast.TypeSpec:
			info.decls[s.Name.Name] = at(s.Name.Pos())
			if prev := info.types[s.Name.Name]; prev != nil {
				// Declared again: in files for other platforms (or the compiler reports the
				// redeclaration); whether they cover every one is decided once all are read.
				prev.files = append(prev.files, file)
				continue
			}
			r := &recvInfo{name: s.Name.Name, members: map[string]bool{}, pointer: true, files: []ports.File{file}}
			if st, ok := s.Type.(*ast.StructType); ok && !s.Assign.IsValid() {
				info.structs[s.Name.Name] = st
			}
			switch t := s.Type.(type) {
			case *ast.InterfaceType:
				r.problem = fmt.Sprintf("%s is an interface; methods need a concrete type, such as a struct", s.Name.Name)
			case *ast.StarExpr:
				r.problem = fmt.Sprintf("%s is a pointer type; methods need a type that is not a pointer", s.Name.Name)
			case *ast.StructType:
				for _, fl := range t.Fields.List {
					for _, n := range fl.Names {
						r.members[n.Name] = true
					}
					if len(fl.Names) == 0 {
						r.members[embeddedName(fl.Type)] = true
					}
				}
			}
			switch {
			case s.TypeParams != nil:
				r.problem = fmt.Sprintf("%s is generic; tool handlers must be methods of non-generic types", s.Name.Name)
			case s.Assign.IsValid():
				r.problem = fmt.Sprintf("%s is an alias; give the type it stands for", s.Name.Name)
			}
			info.types[s.Name.Name] = r
		}
	}
}

// embeddedName is the field name of an embedded field: the type name without package or pointer.
func embeddedName(e ast.Expr) string {
	for {
		switch t := e.(type) {
		case *ast.StarExpr:
			e = t.X
		case *ast.SelectorExpr:
			return t.Sel.Name
		case *ast.IndexExpr:
			e = t.X
		case *ast.IndexListExpr:
			e = t.X
		case *ast.Ident:
			return t.Name
		default:
			return ""
		}
	}
}

// funcDecl records fd as a method of its receiver type, and as a tool when tools is set and its
// doc comment has //card:tool.
func (info *pkgInfo) funcDecl(fd *ast.FuncDecl, at func(token.Pos) string, tools bool) {
	fn := fd.Name.Name
	if fd.Recv != nil && len(fd.Recv.List) == 1 {
		field := fd.Recv.List[0]
		typ, ptr := field.Type, false
		if s, ok := typ.(*ast.StarExpr); ok {
			typ, ptr = s.X, true
		}
		tname := embeddedName(typ)
		if r := info.types[tname]; r != nil {
			// The first method seen sets the receiver style the new one copies.
			if !r.styled {
				r.styled, r.pointer = true, ptr
				if len(field.Names) == 1 {
					r.param = field.Names[0].Name
				}
			}
			r.members[fd.Name.Name] = true
		}
		fn = tname + "." + fd.Name.Name
	}
	if fd.Doc == nil || !tools {
		return
	}
	dirs, _, _ := annotations.ParseCommentGroup(fd.Doc)
	var shape gen.ToolShape // as far as the directives tell
	var ui, uiAt string
	for _, d := range dirs {
		switch {
		case d.Name == "result":
			shape.Card = true
		case d.Name == "acp" && len(d.Args) > 0:
			shape.ACP = d.Args[0].Text
		case d.Name == "ui" && len(d.Args) > 0 && uiAt == "":
			ui, uiAt = d.Args[0].Text, at(d.Pos)
		}
	}
	for _, d := range dirs {
		if d.Name != "tool" {
			continue
		}
		name := gen.SnakeCase(fd.Name.Name)
		if len(d.Args) > 0 {
			name = d.Args[0].Text
		}
		t := toolInfo{name: name, goName: gen.GoName(name), fn: fn, at: at(fd.Name.Pos()), toolAt: at(d.Pos),
			ui: ui, uiAt: uiAt, acp: shape.ACP, out: outputType(fd)}
		t.generated = gen.GeneratedNames(t.goName, shape)
		info.tools = append(info.tools, t)
	}
}

// outputType is the name of the type fd returns first (Order of *Order), when it is a type of
// the package named plainly; "" otherwise.
func outputType(fd *ast.FuncDecl) string {
	if fd.Type.Results == nil || len(fd.Type.Results.List) == 0 {
		return ""
	}
	t := fd.Type.Results.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// markdownOutput reports whether the struct type name holds a markdown document: a field with
// the tag card:"markdown", its own or an embedded struct's of the package, as the generator reads
// the tags. Such a tool is drawn by the markdown card view and can have no view of its own.
func (info *pkgInfo) markdownOutput(name string) bool {
	seen := map[string]bool{}
	var walk func(string) bool
	walk = func(name string) bool {
		st := info.structs[name]
		if st == nil || seen[name] {
			return false
		}
		seen[name] = true
		for _, f := range st.Fields.List {
			if f.Tag != nil {
				tag, err := strconv.Unquote(f.Tag.Value)
				if err == nil && slices.Contains(strings.Split(reflect.StructTag(tag).Get("card"), ","), "markdown") {
					return true
				}
			}
			if len(f.Names) == 0 && walk(embeddedName(f.Type)) {
				return true
			}
		}
		return false
	}
	return walk(name)
}
