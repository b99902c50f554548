package benchmarks

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/cardgen/cardgen/gen"
	"github.com/cardgen/cardgen/internal/cputime"
	"github.com/cardgen/cardgen/internal/synth"
)

// dirs holds the packages written for this run by name. Benchmarks run one at a time, so it
// needs no lock.
var dirs = map[string]string{}

func TestMain(m *testing.M) {
	code := m.Run()
	for _, dir := range dirs {
		os.RemoveAll(dir)
	}
	os.Exit(code)
}

// written returns the directory that write filled under name, calling write on first use. The
// directory is inside the module, where go/packages can load it; its leading underscore keeps it
// out of ./... patterns.
func written(b *testing.B, name string, write func(dir string) error) string {
	b.Helper()
	if dir, ok := dirs[name]; ok {
		return dir
	}
	dir, err := os.MkdirTemp(".", "_"+name+"_")
	if err != nil {
		b.Fatal(err)
	}
	dirs[name] = dir
	if err := write(dir); err != nil {
		b.Fatal(err)
	}
	return dir
}

// synthPackage returns the directory of a synthetic package of n handlers, its build cache warm
// (warm).
func synthPackage(b *testing.B, n int) string { return packageNamed(b, "synth", n, false) }

// generatedPackage returns the directory of a synthetic package of n handlers with its
// generated files written and up to date — a package as a repository keeps it, where go generate
// runs again and CI runs cardgen check.
func generatedPackage(b *testing.B, n int) string {
	return packageNamed(b, "synthgenerated", n, true)
}

// packageNamed returns the directory of a synthetic package of n handlers written for this run
// under name (and n), with its generated files when generated, its build cache warm (warm).
func packageNamed(b *testing.B, name string, n int, generated bool) string {
	return written(b, fmt.Sprintf("%s%d", name, n), func(dir string) error {
		if err := synth.Write(dir, n); err != nil {
			return err
		}
		if generated {
			res, err := gen.Generate(gen.Options{Dir: dir}, ".")
			if err != nil {
				return err
			}
			if _, err := gen.Write(res.Files); err != nil {
				return err
			}
		}
		warm(b, dir, ".")
		return nil
	})
}

// warm fills the build cache for the packages of pattern in dir as both sides of a comparison
// find it when a developer runs them again: one plain load (go list -export compiles the
// dependencies and the packages) and one cardgen load (the go command compiles the packages'
// import stubs, gen/importstubs.go). Without the second, the first timed cardgen run of a
// benchmark would pay for compiling the stubs, once, and a run of few iterations would count it.
func warm(b *testing.B, dir, pattern string) {
	if pattern == "." {
		load(b, dir)
	} else {
		loadModule(b, dir)
	}
	if _, err := gen.Load(dir, pattern); err != nil {
		b.Fatal(err)
	}
}

// modulePackages and moduleTools shape the many-package benchmarks: the same 500 tools as the
// N=500 package, spread over packages of the size a service repository has.
const modulePackages, moduleTools = 20, 25

// synthModule returns a directory holding modulePackages synthetic packages of moduleTools
// handlers each (p00, p01, …), loaded once to warm the build cache.
func synthModule(b *testing.B) string {
	return written(b, "synthmodule", func(dir string) error {
		for i := range modulePackages {
			if err := synth.Write(filepath.Join(dir, fmt.Sprintf("p%02d", i)), moduleTools); err != nil {
				return err
			}
		}
		warm(b, dir, "./...")
		return nil
	})
}

// generatedModule returns a directory holding the packages of synthModule with their generated
// files written and up to date: a service repository as it is kept, where go generate ./... runs
// again and CI runs cardgen check ./....
func generatedModule(b *testing.B) string {
	return written(b, "synthgeneratedmodule", func(dir string) error {
		for i := range modulePackages {
			if err := synth.Write(filepath.Join(dir, fmt.Sprintf("p%02d", i)), moduleTools); err != nil {
				return err
			}
		}
		res, err := gen.Generate(gen.Options{Dir: dir}, "./...")
		if err != nil {
			return err
		}
		if _, err := gen.Write(res.Files); err != nil {
			return err
		}
		warm(b, dir, "./...")
		return nil
	})
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

// measure runs op in b's loop and reports allocations and CPU time, per tool too.
func measure(b *testing.B, tools int, op func()) {
	b.ReportAllocs()
	cpu := startCPU()
	for b.Loop() {
		op()
	}
	cpu.report(b, tools)
}

// generate is gen.Generate on the packages matching pattern in dir, without writing.
func generate(b *testing.B, dir, pattern string) *gen.Result {
	res, err := gen.Generate(gen.Options{Dir: dir}, pattern)
	if err != nil {
		b.Fatal(err)
	}
	return res
}

// generateN is gen.Generate on the package in dir, which must have n tools, without writing.
func generateN(b *testing.B, dir string, n int) {
	if res := generate(b, dir, "."); len(res.Packages) != 1 || len(res.Packages[0].Tools) != n {
		b.Fatalf("generated %d packages, want 1 with %d tools", len(res.Packages), n)
	}
}

// sizes are the handler counts the single-package benchmarks run at, to show how cost grows.
var sizes = []int{50, 500}

// generateSizes is Generate on the package packageOf writes for each of sizes.
func generateSizes(b *testing.B, packageOf func(*testing.B, int) string) {
	for _, n := range sizes {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			dir := packageOf(b, n)
			measure(b, n, func() { generateN(b, dir, n) })
		})
	}
}

// loadSizes is the plain load of the package packageOf writes for each of sizes.
func loadSizes(b *testing.B, packageOf func(*testing.B, int) string) {
	for _, n := range sizes {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			dir := packageOf(b, n)
			measure(b, n, func() { load(b, dir) })
		})
	}
}

// check is what `cardgen check` does on dir: generate without writing and compare each file
// with the disk (Stale), which must find stale files of them.
func check(b *testing.B, dir string, stale int) {
	measure(b, 500, func() {
		res := generate(b, dir, ".")
		if got := gen.Stale(res.Files); len(got) != stale {
			b.Fatalf("Stale found %v of %d files; want %d", got, len(res.Files), stale)
		}
	})
}

// BenchmarkGenerate is gen.Generate on a synthetic package before its first generation: load,
// model, check and render, without writing.
func BenchmarkGenerate(b *testing.B) { generateSizes(b, synthPackage) }

// BenchmarkLoad is the go/packages load that Generate starts with, alone: the floor Generate is
// measured against.
func BenchmarkLoad(b *testing.B) { loadSizes(b, synthPackage) }

// BenchmarkRegenerate is gen.Generate on a package whose generated files are already there and
// up to date, as go generate runs on every later change; its baseline is BenchmarkLoadGenerated.
func BenchmarkRegenerate(b *testing.B) { generateSizes(b, generatedPackage) }

// BenchmarkLoadGenerated is the plain go/packages load of BenchmarkRegenerate's packages, their
// generated files included.
func BenchmarkLoadGenerated(b *testing.B) { loadSizes(b, generatedPackage) }

// BenchmarkCheck is `cardgen check` at N=500 before the first generation: every file is stale
// and each comparison reads a missing file.
func BenchmarkCheck(b *testing.B) { check(b, synthPackage(b, 500), 2) }

// BenchmarkCheckUpToDate is `cardgen check` as CI runs it: on the 500-handler package with its
// generated files committed and up to date, so that every comparison reads a whole file and
// finds it equal. Its baseline is BenchmarkLoadGenerated/N=500.
func BenchmarkCheckUpToDate(b *testing.B) { check(b, generatedPackage(b, 500), 0) }

// BenchmarkGenerateAfterEdit is Generate on a synthetic package before its first generation as a
// developer meets it: right after an edit of the package's source. Each run first writes a new
// constant into a file of its own (as BenchmarkBuild does), so the build cache holds nothing of the
// package as it now is; the edit is written outside the timed part of the run. Its baseline is
// BenchmarkLoadAfterEdit.
func BenchmarkGenerateAfterEdit(b *testing.B) {
	afterEdit(b, "synthedit", false, func(dir string, n int) { generateN(b, dir, n) })
}

// BenchmarkLoadAfterEdit is the plain go/packages load of BenchmarkGenerateAfterEdit's packages,
// after the same edits.
func BenchmarkLoadAfterEdit(b *testing.B) {
	afterEdit(b, "syntheditload", false, func(dir string, _ int) { load(b, dir) })
}

// BenchmarkRegenerateAfterEdit is Generate on a package as it is kept (its generated files written
// and up to date) right after an edit: the go generate of every day. Its baseline is
// BenchmarkLoadGeneratedAfterEdit.
func BenchmarkRegenerateAfterEdit(b *testing.B) {
	afterEdit(b, "syntheditgen", true, func(dir string, n int) { generateN(b, dir, n) })
}

// BenchmarkLoadGeneratedAfterEdit is the plain load of BenchmarkRegenerateAfterEdit's packages,
// their generated files included, after the same edits.
func BenchmarkLoadGeneratedAfterEdit(b *testing.B) {
	afterEdit(b, "syntheditgenload", true, func(dir string, _ int) { load(b, dir) })
}

// afterEdit runs op on a package of each of sizes written for this benchmark (name, with its
// generated files when generated), after an edit of its source before each run: a file
// zz_edit.go holding a constant of a new value. The edits are made with the timer and the CPU
// meter stopped.
func afterEdit(b *testing.B, name string, generated bool, op func(dir string, n int)) {
	for _, n := range sizes {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			dir := packageNamed(b, name, n, generated)
			edits := 0
			edit := func() {
				edits++
				// The nanoseconds keep a value from any earlier benchmark run on this machine,
				// whose build the cache may still hold.
				src := fmt.Sprintf("package synth%d\n\nconst edit = %d\n", n, time.Now().UnixNano()+int64(edits))
				if err := os.WriteFile(filepath.Join(dir, "zz_edit.go"), []byte(src), 0o644); err != nil {
					b.Fatal(err)
				}
			}
			// The edit file is there before the first timed run, as it is in every later one:
			// its import stub ("package synthN") is then in the cache, as a developer's are.
			edit()
			warm(b, dir, ".")
			b.ReportAllocs()
			var cpu time.Duration
			for b.Loop() {
				b.StopTimer()
				edit()
				start, _ := cputime.Used()
				b.StartTimer()
				op(dir, n)
				end, _ := cputime.Used()
				cpu += end - start
			}
			b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(cpu)/float64(b.N)/float64(n), "cpu-ns/tool")
		})
	}
}

// BenchmarkGenerateModule is `cardgen ./...` over many packages (20 of 25 tools), the CI check
// of a service repository, against BenchmarkLoadModule, the plain load of the same packages.
func BenchmarkGenerateModule(b *testing.B) {
	dir := synthModule(b)
	measure(b, modulePackages*moduleTools, func() {
		if res := generate(b, dir, "./..."); len(res.Files) != 2*modulePackages {
			b.Fatalf("generated %d files, want %d", len(res.Files), 2*modulePackages)
		}
	})
}

// BenchmarkLoadModule is the go/packages load that BenchmarkGenerateModule starts with, alone.
func BenchmarkLoadModule(b *testing.B) {
	dir := synthModule(b)
	measure(b, modulePackages*moduleTools, func() { loadModule(b, dir) })
}

// BenchmarkRegenerateModule is `cardgen ./...` over the packages of BenchmarkGenerateModule with
// their generated files up to date, against BenchmarkLoadGeneratedModule.
func BenchmarkRegenerateModule(b *testing.B) {
	dir := generatedModule(b)
	measure(b, modulePackages*moduleTools, func() {
		if res := generate(b, dir, "./..."); len(res.Files) != 2*modulePackages {
			b.Fatalf("generated %d files, want %d", len(res.Files), 2*modulePackages)
		}
	})
}

// BenchmarkLoadGeneratedModule is the plain load of BenchmarkRegenerateModule's packages, their
// generated files included.
func BenchmarkLoadGeneratedModule(b *testing.B) {
	dir := generatedModule(b)
	measure(b, modulePackages*moduleTools, func() { loadModule(b, dir) })
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
