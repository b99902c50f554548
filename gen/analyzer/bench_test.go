package analyzer_test

import (
	"path/filepath"
	"testing"

	"github.com/cardgen/cardgen/gen/analyzer"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// BenchmarkAnalyzer times the analyzer alone on the synthetic package of 500 annotated handlers,
// loaded and type-checked once: the cost cardvet adds to the type checking go vet does anyway.
//
//	go test ./gen/analyzer -run '^$' -bench Analyzer -benchmem
func BenchmarkAnalyzer(b *testing.B) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "internal", "benchmarks", "synth500gen"))
	if err != nil {
		b.Fatal(err)
	}
	pkgs, err := packages.Load(&packages.Config{Mode: loadMode, Dir: dir}, ".")
	if err != nil {
		b.Fatal(err)
	}
	if len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		b.Fatalf("loading %s: %v", dir, pkgs)
	}
	b.ReportAllocs()
	for b.Loop() {
		graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.Analyzer}, pkgs, nil)
		if err != nil {
			b.Fatal(err)
		}
		if act := graph.Roots[0]; act.Err != nil || len(act.Diagnostics) > 0 {
			b.Fatalf("analyzer: %v, %d diagnostics", act.Err, len(act.Diagnostics))
		}
	}
}
