// Command cardvet checks //card: annotations with cardgen's analyzer and reports every problem
// cardgen would report when generating, without generating anything.
//
// Under go vet, which runs it once per package with the build's type information:
//
//	go vet -vettool=$(command -v cardvet) ./...
//
// On its own, with package patterns, like any single-analyzer checker; -fix applies the
// suggested fixes (for misspelt directive, key and flag names, template fields and card tag
// slots, and a space after //), and -diff shows them instead:
//
//	cardvet ./...
//	cardvet -fix -diff ./...
//
// The -ui flag names the ui folder, as cardgen's -ui does. The exit status is non-zero when
// there is any diagnostic (3 on its own), except with -json or -fix; docs/editors.md has the
// details.
package main

import (
	"flag"
	"go/ast"
	"slices"
	"strings"

	"github.com/cardgen/cardgen/gen/analyzer"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/singlechecker"
)

// singlechecker serves both ways of running: it hands go vet's per-package .cfg file (and its
// -flags and -V=full queries) to unitchecker, and loads package patterns itself otherwise.
func main() { singlechecker.Main(oncePerFile(analyzer.Analyzer)) }

// oncePerFile returns a copy of a that reports nothing on a package with _test.go files when
// cardvet loads the packages itself. Its loader (go/packages, with -test on by default) gives a
// package p that has tests twice, as p and as p's test variant "p [p.test]" (p's files and its
// _test.go files), and the driver analyses both: its text output drops the repeats, but -json
// listed every diagnostic under both, and -fix was handed every fix twice (it merges identical
// edits). The analyzer does not read _test.go files, as generation does not, so the test variant
// has nothing that p lacks, and p's types are the ones generation sees (a test file can add
// methods to p's types). Under go vet, p's test variant is the only one of the two analysed (the
// go command vets it instead of p so that no file is vetted twice), so there it is reported on;
// golangci-lint does the same (it drops p when p has a test variant), which is why the analyzer
// itself does not leave test variants out.
func oncePerFile(a *analysis.Analyzer) *analysis.Analyzer {
	c := *a
	c.Run = func(pass *analysis.Pass) (any, error) {
		if !underGoVet() && testVariant(pass) {
			return nil, nil
		}
		return a.Run(pass)
	}
	return &c
}

// underGoVet reports whether cardvet runs as go vet's tool, on the one package of a .cfg file,
// by the test singlechecker.Main makes of the arguments once it has parsed the flags.
func underGoVet() bool {
	args := flag.Args()
	return len(args) == 1 && strings.HasSuffix(args[0], ".cfg")
}

// testVariant reports whether pass is on a package with _test.go files: the test variant of a
// package, or its external test package (whose files are all _test.go files). The name is that
// of the file itself, not the one a //line directive gives.
func testVariant(pass *analysis.Pass) bool {
	return slices.ContainsFunc(pass.Files, func(f *ast.File) bool {
		return strings.HasSuffix(pass.Fset.File(f.FileStart).Name(), "_test.go")
	})
}
