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
	"github.com/cardgen/cardgen/gen/analyzer"
	"golang.org/x/tools/go/analysis/singlechecker"
)

// singlechecker serves both ways of running: it hands go vet's per-package .cfg file (and its
// -flags and -V=full queries) to unitchecker, and loads package patterns itself otherwise.
func main() { singlechecker.Main(analyzer.Analyzer) }
