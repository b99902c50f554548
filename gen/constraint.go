package gen

import (
	"bytes"
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// fileConstraint describes the build constraint of f, for messages ("with //go:build linux",
// "with cgo (it imports "C")…", "on windows (its _windows.go name)"), or returns "" when the
// file is built everywhere.
func fileConstraint(fset *token.FileSet, f *ast.File) string {
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			if constraint.IsGoBuild(c.Text) {
				return "with " + c.Text
			}
			if constraint.IsPlusBuild(c.Text) {
				return "with " + c.Text
			}
		}
	}
	// go/build leaves a cgo file out when cgo is off (CGO_ENABLED=0, the default when
	// cross-compiling or without a C compiler).
	if importsC(fset, f) {
		return `with cgo (it imports "C"), which CGO_ENABLED=0 builds leave out`
	}
	name := strings.TrimSuffix(filepath.Base(fset.Position(f.Package).Filename), ".go")
	suffix := ".go"
	if n, ok := strings.CutSuffix(name, "_test"); ok {
		name, suffix = n, "_test.go"
	}
	parts := strings.Split(name, "_")
	if len(parts) < 2 {
		return ""
	}
	// go/build's rules: name_GOOS, name_GOARCH or name_GOOS_GOARCH (the first element is never
	// a constraint: linux.go is built everywhere).
	last := parts[len(parts)-1]
	if slices.Contains(knownOS, last) || slices.Contains(knownArch, last) {
		return "on " + last + " (its file name ends in _" + last + suffix + ")"
	}
	return ""
}

// importsC reports whether f is a cgo file. With cgo on, the go command hands go/packages the
// file as cgo rewrote it, which imports "unsafe" and others instead of "C" and whose //line
// directives place it in the file the user wrote: the file behind those positions is read,
// to its imports, when it is another.
func importsC(fset *token.FileSet, f *ast.File) bool {
	isC := func(imp *ast.ImportSpec) bool { return imp.Path.Value == `"C"` }
	if slices.ContainsFunc(f.Imports, isC) {
		return true
	}
	written := fset.Position(f.Package).Filename
	if tf := fset.File(f.Package); tf == nil || tf.Name() == written || !strings.HasSuffix(written, ".go") {
		return false
	}
	orig, err := parser.ParseFile(token.NewFileSet(), written, nil, parser.ImportsOnly)
	return err == nil && slices.ContainsFunc(orig.Imports, isC)
}

// knownOS and knownArch are go/build's lists (internal/syslist), which a file name suffix is
// checked against.
var (
	knownOS = []string{"aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios",
		"js", "linux", "nacl", "netbsd", "openbsd", "plan9", "solaris", "wasip1", "windows", "zos"}
	knownArch = []string{"386", "amd64", "amd64p32", "arm", "armbe", "arm64", "arm64be", "loong64",
		"mips", "mipsle", "mips64", "mips64le", "mips64p32", "mips64p32le", "ppc", "ppc64", "ppc64le",
		"riscv", "riscv64", "s390", "s390x", "sparc", "sparc64", "wasm"}
)

// ignoredTools reports the tools declared in files that build constraints leave out of this
// build: the run would silently leave them out of the generated file, which a run on another
// platform would write with them. (_test.go files are not read at all, by design: a test may
// hold annotated helpers of its own, and the analyzer skips them too.)
func (b *builder) ignoredTools() {
	const leftOut = "so its tools would be left out of the generated registrations, which are built everywhere; move the handler to a file without build constraints (it can call platform-specific code)"
	for _, name := range b.pkg.IgnoredFiles {
		if strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			pos, _, constraint, pkg := firstTool(name)
			switch {
			case !pos.IsValid():
			case b.pkg.Types.Name() != "" && pkg != b.pkg.Types.Name():
				// Not a file of this package: a program of its own (package main, the usual
				// //go:build ignore generator run with go run gen.go), which no build of the
				// package reads. (A package whose every file this build leaves out has no name
				// here: its files are all taken for its own.)
			case constraint != "":
				b.at(pos, "this file is built only %s, and this build leaves it out, %s", constraint, leftOut)
			default:
				b.at(pos, "this file's build constraints (its //go:build line or its _GOOS/_GOARCH name) leave it out of this build, %s", leftOut)
			}
		}
	}
}

// firstTool returns the position of the first //card:tool directive in a doc comment of a
// function of the file (at its name, "tool", where a tool in a file the build takes is reported
// too), the function's name, the file's build constraint as fileConstraint describes it and
// its package name; a zero position when there is none. Only files that hold the text are
// parsed: a //card:tool inside a string (a generator template kept in a //go:build ignore
// file) is not a directive.
func firstTool(name string) (pos token.Position, fn, constraint, pkg string) {
	src, err := os.ReadFile(name)
	if err != nil || !bytes.Contains(src, []byte("//card:tool")) {
		return token.Position{}, "", "", ""
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return token.Position{}, "", "", ""
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Doc == nil {
			continue
		}
		for _, c := range fd.Doc.List {
			if c.Text == "//card:tool" || strings.HasPrefix(c.Text, "//card:tool ") {
				return fset.Position(c.Pos() + token.Pos(len("//card:"))), fd.Name.Name, fileConstraint(fset, f), f.Name.Name
			}
		}
	}
	return token.Position{}, "", "", ""
}
