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
// On its own it analyses the packages from source, as go vet's tool does, and has the go
// command compile only their package clauses and imports (standalone); it prints positions
// relative to the current directory, as go vet does.
//
// A fix of a jsonschema tag of a type that another package declares (a shared model package)
// edits that package's file, which a suggested fix may not: on its own, -fix applies it all the
// same, with every other package's fixes; under go vet, -fix prints it as not fixed, with the
// cardvet command that fixes it (otherpkg.go).
//
// The -ui flag names the ui folder, as cardgen's -ui does. The exit status is non-zero when
// there is any diagnostic (3 on its own), except with -json or -fix; on its own, -fix also
// leaves out the type errors that generation cures, as cardgen check does (cured.go).
// docs/editors.md has the details.
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/cardgen/cardgen/gen"
	"github.com/cardgen/cardgen/gen/analyzer"
	"github.com/cardgen/cardgen/internal/flagscan"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/singlechecker"
)

// singlechecker serves both ways of running: it hands go vet's per-package .cfg file (and its
// -flags and -V=full queries) to unitchecker, and loads package patterns itself otherwise.
// On package patterns, standalone runs it a second time, with loadEnv set, on an overlay that
// keeps the go command from compiling the packages it analyses.
func main() {
	if len(os.Args) > 1 && strings.HasSuffix(os.Args[len(os.Args)-1], ".cfg") {
		os.Args, badUI = withoutRefusedUI(os.Args)
	} else if os.Getenv(loadEnv) == "" {
		if code, ok := standalone(os.Args[1:]); ok {
			os.Exit(code)
		}
	}
	singlechecker.Main(oncePerFile(analyzer.Analyzer))
}

// badUI is why the -ui given under go vet was refused; withoutRefusedUI took the flag out.
var badUI error

// withoutRefusedUI takes a -ui that cardgen refuses out of go vet's arguments to cardvet, and
// returns why it was refused. Left in, it fails the flag parsing of every run go vet makes — one
// per package, the standard library's included, each printing the error and the whole usage
// (12,000 lines for one package of a module). Taken out, the runs for dependencies, which only
// gather facts and which cardgen's analyzer has none of, do nothing, and each package vetted
// reports it once, as a diagnostic at its package clause (oncePerFile).
//
// Under -fix, go vet drops diagnostics without a fix, so the -ui stays in and fails every run,
// loudly, as the flag package makes it: a quiet run would look like fixes applied.
func withoutRefusedUI(args []string) ([]string, error) {
	flags := args[1 : len(args)-1] // between the program and go vet's .cfg file
	for _, fix := range flagscan.Find(flags, "fix", true) {
		if on, err := strconv.ParseBool(fix.Value); !fix.Inline || err != nil || on { // -fix=false is no -fix
			return args, nil
		}
	}
	settings := flagscan.Find(flags, "ui", false)
	var first error
	kept := slices.Clone(args)
	for _, s := range slices.Backward(settings) { // every refused one: the flag package fails on any
		if _, err := gen.CleanUIDir(s.Value); err != nil {
			kept = slices.Delete(kept, 1+s.Index, 1+s.Index+s.Words)
			first = fmt.Errorf("invalid value %q for flag -ui: %v", s.Value, err)
		}
	}
	return kept, first
}

// oncePerFile returns a copy of a that reports nothing on a package with _test.go files when
// cardvet loads the packages itself. It loads them without tests unless given -test (standalone
// passes -test=false), and with -test its loader (go/packages) gives a package p that has tests
// twice, as p and as p's test variant "p [p.test]" (p's files and its _test.go files), and the
// driver analyses both: its text output drops the repeats, but -json listed every diagnostic
// under both, and -fix was handed every fix twice (it merges identical edits). The analyzer does not read _test.go files, as generation does not, so the test variant
// has nothing that p lacks, and p's types are the ones generation sees (a test file can add
// methods to p's types). Under go vet, p's test variant is the only one of the two analysed (the
// go command vets it instead of p so that no file is vetted twice), so there it is reported on;
// golangci-lint does the same (it drops p when p has a test variant), which is why the analyzer
// itself does not leave test variants out.
//
// It also reports the -ui withoutRefusedUI took out, once per package vetted, instead of
// running the analyzer with a folder cardgen refuses; and under -fix, it deals with the fixes
// the analyzer could not suggest, in other packages' files (fixOtherPackages).
func oncePerFile(a *analysis.Analyzer) *analysis.Analyzer {
	c := *a
	c.Run = func(pass *analysis.Pass) (any, error) {
		if badUI != nil {
			// A diagnostic, at the package clause, not an error: go vet caches a run whose tool
			// exits 0 (it runs cardvet with -json) and replays its diagnostics, but not its
			// errors, so a second go vet with the same -ui passed without a word.
			if len(pass.Files) > 0 {
				pass.Reportf(pass.Files[0].Package, "%v; fix the -ui given to go vet", badUI)
			}
			return &analyzer.Result{}, nil
		}
		recordCured(pass) // only for standalone's -fix (curedEnv)
		if !underGoVet() && testVariant(pass) {
			return &analyzer.Result{}, nil
		}
		if fixing() {
			return fixOtherPackages(a, pass)
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
