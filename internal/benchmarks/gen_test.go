package benchmarks

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/cardgen/cardgen/gen"
	"github.com/cardgen/cardgen/internal/cputime"
	"github.com/cardgen/cardgen/internal/synth"
)

// synthDirs holds the synthetic packages written for this run, by handler count. Benchmarks run
// one at a time, so it needs no lock.
var synthDirs = map[int]string{}

func TestMain(m *testing.M) {
	code := m.Run()
	for _, dirs := range []map[int]string{synthDirs, generatedDirs} {
		for _, dir := range dirs {
			os.RemoveAll(dir)
		}
	}
	if synthModuleDir != "" {
		os.RemoveAll(synthModuleDir)
	}
	os.Exit(code)
}

// synthPackage returns the directory of a synthetic package of n handlers, writing it on first
// use. The directory is inside the module, where go/packages can load it; its leading underscore
// keeps it out of ./... patterns. One load warms the build cache (go list -export compiles the
// dependencies once), so that timed loads measure a warm cache, as a developer's are.
func synthPackage(b *testing.B, n int) string {
	b.Helper()
	if dir, ok := synthDirs[n]; ok {
		return dir
	}
	dir, err := os.MkdirTemp(".", fmt.Sprintf("_synth%d_", n))
	if err != nil {
		b.Fatal(err)
	}
	synthDirs[n] = dir
	if err := synth.Write(dir, n); err != nil {
		b.Fatal(err)
	}
	load(b, dir)
	return dir
}

// load is a plain go/packages load of dir with cardgen's mode: the baseline of Generate.
func load(b *testing.B, dir string) {
	pkgs, err := packages.Load(&packages.Config{Mode: gen.LoadMode, Dir: dir}, ".")
	if err != nil {
		b.Fatal(err)
	}
	if len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		b.Fatalf("loading %s: %d packages, errors %v", dir, len(pkgs), pkgs[0].Errors)
	}
}

// sizes are the handler counts both benchmarks run at, to show how cost grows.
var sizes = []int{50, 500}

// BenchmarkGenerate is gen.Generate on a synthetic package: load, model, check and render,
// without writing.
func BenchmarkGenerate(b *testing.B) {
	for _, n := range sizes {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			dir := synthPackage(b, n)
			b.ReportAllocs()
			cpu := startCPU()
			for b.Loop() {
				res, err := gen.Generate(gen.Options{Dir: dir}, ".")
				if err != nil {
					b.Fatal(err)
				}
				if len(res.Packages) != 1 || len(res.Packages[0].Tools) != n {
					b.Fatalf("generated %d packages, want 1 with %d tools", len(res.Packages), n)
				}
			}
			cpu.report(b, n)
		})
	}
}

// BenchmarkLoad is the go/packages load that Generate starts with, alone: the floor Generate is
// measured against.
func BenchmarkLoad(b *testing.B) {
	for _, n := range sizes {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			dir := synthPackage(b, n)
			b.ReportAllocs()
			cpu := startCPU()
			for b.Loop() {
				load(b, dir)
			}
			cpu.report(b, n)
		})
	}
}

// modulePackages and moduleTools shape the many-package benchmarks: the same 500 tools as the
// N=500 package, spread over packages of the size a service repository has.
const modulePackages, moduleTools = 20, 25

// synthModule returns a directory holding modulePackages synthetic packages of moduleTools
// handlers each (p00, p01, …), written on first use and loaded once to warm the build cache.
func synthModule(b *testing.B) string {
	b.Helper()
	if synthModuleDir != "" {
		return synthModuleDir
	}
	dir, err := os.MkdirTemp(".", "_synthmodule_")
	if err != nil {
		b.Fatal(err)
	}
	synthModuleDir = dir
	for i := range modulePackages {
		if err := synth.Write(filepath.Join(dir, fmt.Sprintf("p%02d", i)), moduleTools); err != nil {
			b.Fatal(err)
		}
	}
	loadModule(b, dir)
	return dir
}

// synthModuleDir is synthModule's directory once written.
var synthModuleDir string

// loadModule is a plain go/packages load of every package under dir with cardgen's mode.
func loadModule(b *testing.B, dir string) {
	pkgs, err := packages.Load(&packages.Config{Mode: gen.LoadMode, Dir: dir}, "./...")
	if err != nil {
		b.Fatal(err)
	}
	if len(pkgs) != modulePackages {
		b.Fatalf("loading %s: %d packages, want %d", dir, len(pkgs), modulePackages)
	}
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			b.Fatalf("loading %s: %v", p.PkgPath, p.Errors)
		}
	}
}

// BenchmarkGenerateModule is `cardgen ./...` over many packages (20 of 25 tools), the CI check
// of a service repository, against BenchmarkLoadModule, the plain load of the same packages.
func BenchmarkGenerateModule(b *testing.B) {
	dir := synthModule(b)
	b.ReportAllocs()
	cpu := startCPU()
	for b.Loop() {
		res, err := gen.Generate(gen.Options{Dir: dir}, "./...")
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Files) != 2*modulePackages {
			b.Fatalf("generated %d files, want %d", len(res.Files), 2*modulePackages)
		}
	}
	cpu.report(b, modulePackages*moduleTools)
}

// BenchmarkLoadModule is the go/packages load that BenchmarkGenerateModule starts with, alone.
func BenchmarkLoadModule(b *testing.B) {
	dir := synthModule(b)
	b.ReportAllocs()
	cpu := startCPU()
	for b.Loop() {
		loadModule(b, dir)
	}
	cpu.report(b, modulePackages*moduleTools)
}

// BenchmarkCheck is what `cardgen check` does at N=500: generate without writing and compare each
// file with the disk (Stale); the synthetic package has no generated file yet, so every file is
// stale and each comparison reads a missing file, the cheap case of the comparison.
func BenchmarkCheck(b *testing.B) {
	dir := synthPackage(b, 500)
	b.ReportAllocs()
	cpu := startCPU()
	for b.Loop() {
		res, err := gen.Generate(gen.Options{Dir: dir}, ".")
		if err != nil {
			b.Fatal(err)
		}
		if stale := gen.Stale(res.Files); len(stale) != len(res.Files) {
			b.Fatalf("Stale found %d of %d files; want all (none is written)", len(stale), len(res.Files))
		}
	}
	cpu.report(b, 500)
}

// generatedPackage returns the directory of a synthetic package of n handlers with its
// generated files written and up to date — a package as a repository keeps it, where go generate
// runs again and CI runs cardgen check — written on first use.
func generatedPackage(b *testing.B, n int) string {
	b.Helper()
	if dir, ok := generatedDirs[n]; ok {
		return dir
	}
	dir, err := os.MkdirTemp(".", fmt.Sprintf("_synthgenerated%d_", n))
	if err != nil {
		b.Fatal(err)
	}
	generatedDirs[n] = dir
	if err := synth.Write(dir, n); err != nil {
		b.Fatal(err)
	}
	res, err := gen.Generate(gen.Options{Dir: dir}, ".")
	if err != nil {
		b.Fatal(err)
	}
	if _, err := gen.Write(res.Files); err != nil {
		b.Fatal(err)
	}
	load(b, dir)
	return dir
}

// generatedDirs holds generatedPackage's directories by handler count.
var generatedDirs = map[int]string{}

// BenchmarkRegenerate is gen.Generate on a package whose generated files are already there and
// up to date, as go generate runs on every later change, at N = 50 and 500; its baseline is
// BenchmarkLoadGenerated, the plain load of the same package, generated files included.
func BenchmarkRegenerate(b *testing.B) {
	for _, n := range sizes {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			dir := generatedPackage(b, n)
			b.ReportAllocs()
			cpu := startCPU()
			for b.Loop() {
				res, err := gen.Generate(gen.Options{Dir: dir}, ".")
				if err != nil {
					b.Fatal(err)
				}
				if len(res.Packages) != 1 || len(res.Packages[0].Tools) != n {
					b.Fatalf("generated %d packages, want 1 with %d tools", len(res.Packages), n)
				}
			}
			cpu.report(b, n)
		})
	}
}

// BenchmarkLoadGenerated is the plain go/packages load of BenchmarkRegenerate's packages, their
// generated files included.
func BenchmarkLoadGenerated(b *testing.B) {
	for _, n := range sizes {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			dir := generatedPackage(b, n)
			b.ReportAllocs()
			cpu := startCPU()
			for b.Loop() {
				load(b, dir)
			}
			cpu.report(b, n)
		})
	}
}

// BenchmarkCheckUpToDate is `cardgen check` as CI runs it: on the 500-handler package with its
// generated files committed and up to date, so that every comparison reads a whole file and
// finds it equal. Its baseline is BenchmarkLoadGenerated/N=500.
func BenchmarkCheckUpToDate(b *testing.B) {
	dir := generatedPackage(b, 500)
	b.ReportAllocs()
	cpu := startCPU()
	for b.Loop() {
		res, err := gen.Generate(gen.Options{Dir: dir}, ".")
		if err != nil {
			b.Fatal(err)
		}
		if stale := gen.Stale(res.Files); len(stale) != 0 {
			b.Fatalf("Stale found %v; want none", stale)
		}
	}
	cpu.report(b, 500)
}

// BenchmarkGeneratePhases is Generate at N=500 taken apart through gen's API, to show where a
// run goes, next to the plain load it is compared with, in the same loop: per run, the wall
// time of each phase (plain-ms, load-ms, model-ms, render-ms) and its CPU time (plain-cpu-ms, …).
// Render is the generated file, with the test file rendered alongside as Generate does.
func BenchmarkGeneratePhases(b *testing.B) {
	dir := synthPackage(b, 500)
	phases := cputime.NewPhases("plain", "load", "model", "render")
	for b.Loop() {
		phases.Start()
		load(b, dir)
		phases.End(0)
		pkgs, err := gen.Load(dir, ".")
		if err != nil {
			b.Fatal(err)
		}
		phases.End(1)
		p, diags := gen.Model(gen.InputOf(pkgs[0]), gen.Options{})
		if len(diags) > 0 {
			b.Fatal(diags)
		}
		phases.End(2)
		done := make(chan error, 1)
		go func() {
			_, err := gen.RenderTest(p)
			done <- err
		}()
		if _, err := gen.Render(p); err != nil {
			b.Fatal(err)
		}
		if err := <-done; err != nil {
			b.Fatal(err)
		}
		phases.End(3)
	}
	phases.Report(b)
}
