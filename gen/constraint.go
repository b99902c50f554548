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
// "on windows (its _windows.go name)"), or returns "" when the file is built everywhere.
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
	const constrained = "this file's build constraints (its //go:build line or its _GOOS/_GOARCH name) leave it out of this build, so its tools would be left out of the generated registrations, which are built everywhere; move the handler to a file without build constraints (it can call platform-specific code)"
	for _, name := range b.pkg.IgnoredFiles {
		if strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			if pos, _ := firstTool(name); pos.IsValid() {
				b.at(pos, "%s", constrained)
			}
		}
	}
}

// firstTool returns the position of the first //card:tool directive in a doc comment of a
// function of the file, and the function's name; a zero position when there is none. Only files
// that hold the text are parsed: a //card:tool inside a string (a generator template kept in a
// //go:build ignore file) is not a directive.
func firstTool(name string) (token.Position, string) {
	src, err := os.ReadFile(name)
	if err != nil || !bytes.Contains(src, []byte("//card:tool")) {
		return token.Position{}, ""
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return token.Position{}, ""
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Doc == nil {
			continue
		}
		for _, c := range fd.Doc.List {
			if c.Text == "//card:tool" || strings.HasPrefix(c.Text, "//card:tool ") {
				return fset.Position(c.Pos()), fd.Name.Name
			}
		}
	}
	return token.Position{}, ""
}
