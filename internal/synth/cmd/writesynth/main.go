// Command writesynth writes the synthetic packages that cardgen's start-up benchmarks compile in:
// one package for cardgen (with its generated cards_gen.go) and the same handlers registered by
// hand with SDK-inferred schemas. It runs under go:generate in internal/benchmarks:
//
//	writesynth -n 500 -gen synth500gen -inferred synth500inferred
//
// Both directories lose their .go files first, so that a smaller n leaves nothing stale behind.
// Only cards_gen.go of cardgen's output is written: its golden test file would need a snapshot
// per tool, which a benchmark fixture does not need.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/cardgen/cardgen/gen"
	"github.com/cardgen/cardgen/internal/synth"
)

func main() {
	n := flag.Int("n", 500, "number of tool handlers")
	genDir := flag.String("gen", "", "`dir` of the package cardgen generates from (required)")
	inferredDir := flag.String("inferred", "", "`dir` of the package with SDK-inferred schemas (required)")
	flag.Parse()
	if *genDir == "" || *inferredDir == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: writesynth -n N -gen dir -inferred dir")
		os.Exit(2)
	}
	if err := run(*n, *genDir, *inferredDir); err != nil {
		fmt.Fprintln(os.Stderr, "writesynth:", err)
		os.Exit(1)
	}
}

func run(n int, genDir, inferredDir string) error {
	for _, dir := range []string{genDir, inferredDir} {
		if err := removeGoFiles(dir); err != nil {
			return err
		}
	}
	if err := synth.Write(genDir, n); err != nil {
		return err
	}
	if err := synth.WriteInferred(inferredDir, n); err != nil {
		return err
	}
	res, err := gen.Generate(gen.Options{Dir: genDir}, ".")
	if err != nil {
		return err
	}
	for _, f := range res.Files {
		if filepath.Base(f.Path) == gen.GeneratedFile {
			_, err := gen.Write([]gen.File{f})
			return err
		}
	}
	return fmt.Errorf("cardgen produced no %s for %s", gen.GeneratedFile, genDir)
}

// removeGoFiles deletes the .go files directly in dir; a missing dir is fine.
func removeGoFiles(dir string) error {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return err
	}
	for _, f := range files {
		if err := os.Remove(f); err != nil {
			return err
		}
	}
	return nil
}
