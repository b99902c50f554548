package main_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/cardgen/cardgen/internal/cputime"
)

// synthPkg is the synthetic package of 500 annotated handlers the benchmarks share.
const synthPkg = "internal/benchmarks/synth500gen"

// BenchmarkGoVet times go vet on the 500-handler package, plain and with cardvet as its tool,
// alternating the two in every iteration so that both see the same machine load; it reports
// each one's time per run and their ratio (the goal is at most 1.5). go vet caches its results,
// so every run is on a copy of the package whose content has just changed (a comment in one
// extra file): the timings are those of vetting the package again after an edit, with its
// dependencies' results cached, as in an editor or CI loop. maxRSS-KB is the largest resident
// size of a child process (go, or the vet tool).
//
//	go test ./cmd/cardvet -run '^$' -bench GoVet -benchtime 20x
func BenchmarkGoVet(b *testing.B) {
	bin := buildCardvet(b)
	copyDir, pkg := synthCopy(b)
	plain := []string{"vet", pkg}
	card := []string{"vet", "-vettool=" + bin, pkg}
	// Warm the caches of the dependencies (and their vet facts) outside the timing.
	vet(b, copyDir, plain, "warm")
	vet(b, copyDir, card, "warm")
	var plainTime, cardTime time.Duration
	var maxRSS int64
	b.ResetTimer()
	for i := range b.N {
		nonce := fmt.Sprintf("%d-%d", time.Now().UnixNano(), i)
		start := time.Now()
		maxRSS = max(maxRSS, vet(b, copyDir, plain, "plain-"+nonce))
		plainTime += time.Since(start)
		start = time.Now()
		maxRSS = max(maxRSS, vet(b, copyDir, card, "cardvet-"+nonce))
		cardTime += time.Since(start)
	}
	b.ReportMetric(float64(plainTime.Nanoseconds())/float64(b.N), "plain-ns/run")
	b.ReportMetric(float64(cardTime.Nanoseconds())/float64(b.N), "cardvet-ns/run")
	b.ReportMetric(float64(cardTime)/float64(plainTime), "cardvet/plain")
	b.ReportMetric(float64(maxRSS), "maxRSS-KB")
}

// synthCopy copies the package synthPkg into a new folder of cmd/cardvet (whose leading _ keeps
// it out of ./... patterns), removed when b ends, and returns the folder and its package pattern
// from the module root.
func synthCopy(b *testing.B) (dir, pkg string) {
	b.Helper()
	dir, err := os.MkdirTemp(".", "_bench")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { os.RemoveAll(dir) })
	files, err := filepath.Glob(filepath.Join(moduleRoot, synthPkg, "*.go"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no Go files in %s: %v", synthPkg, err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir, "./cmd/cardvet/" + filepath.Base(dir)
}

// BenchmarkStandaloneVsGoVet times cardvet on its own (cardvet ./pkg) and go vet
// -vettool=cardvet on the 500-handler package, alternately, each after a change to the package's
// content (as BenchmarkGoVet), so that neither finds the package in a cache: the go command used
// to compile the package, its 2.4 MB generated file included, for cardvet on its own, which took
// 20 to 30 times go vet's CPU time. It reports each one's wall and CPU time per run (the CPU time
// of the processes run: go, go list, the compiler, cardvet) and standalone/govet of both (the goal
// is about 1). Run it with a private build cache, so that the package's compiled files are in no
// cache shared with other work:
//
//	GOCACHE=$(mktemp -d) go test ./cmd/cardvet -run '^$' -bench StandaloneVsGoVet -benchtime 10x
func BenchmarkStandaloneVsGoVet(b *testing.B) {
	bin := buildCardvet(b)
	copyDir, pkg := synthCopy(b)
	govet := []string{"go", "vet", "-vettool=" + bin, pkg}
	standalone := []string{bin, pkg}
	// Warm the caches of the dependencies (and their vet facts) outside the timing.
	vetCPU(b, copyDir, govet, "warm")
	vetCPU(b, copyDir, standalone, "warm")
	var vetWall, vetCPUTime, soloWall, soloCPUTime time.Duration
	b.ResetTimer()
	for i := range b.N {
		nonce := fmt.Sprintf("%d-%d", time.Now().UnixNano(), i)
		start := time.Now()
		vetCPUTime += vetCPU(b, copyDir, govet, "govet-"+nonce)
		vetWall += time.Since(start)
		start = time.Now()
		soloCPUTime += vetCPU(b, copyDir, standalone, "standalone-"+nonce)
		soloWall += time.Since(start)
	}
	n := float64(b.N) * float64(time.Millisecond)
	b.ReportMetric(float64(vetWall)/n, "govet-ms")
	b.ReportMetric(float64(soloWall)/n, "standalone-ms")
	b.ReportMetric(float64(soloWall)/float64(vetWall), "standalone/govet")
	if _, ok := cputime.Used(); ok {
		b.ReportMetric(float64(vetCPUTime)/n, "govet-cpu-ms")
		b.ReportMetric(float64(soloCPUTime)/n, "standalone-cpu-ms")
		b.ReportMetric(float64(soloCPUTime)/float64(vetCPUTime), "standalone/govet-cpu")
	}
}

// vetCPU writes a file that changes the package's content with nonce, runs args in the module
// root, which must pass, and returns the CPU time it took, its children's included.
func vetCPU(b *testing.B, dir string, args []string, nonce string) time.Duration {
	b.Helper()
	src := "package synth500\n\n// Nonce changes the package so that no cache holds it: " + nonce + "\n"
	if err := os.WriteFile(filepath.Join(dir, "nonce.go"), []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = moduleRoot
	before, _ := cputime.Used()
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("%v: %v\n%s", args, err, out)
	}
	after, _ := cputime.Used()
	return after - before
}

// vet writes a file that changes the package's content with nonce, runs go with args in the
// module root and returns the largest resident size of its children, in kilobytes.
func vet(b *testing.B, dir string, args []string, nonce string) int64 {
	b.Helper()
	src := "package synth500\n\n// Nonce changes the package so that go vet cannot reuse its cached result: " + nonce + "\n"
	if err := os.WriteFile(filepath.Join(dir, "nonce.go"), []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = moduleRoot
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go %v: %v\n%s", args, err, out)
	}
	kb, _ := cputime.PeakRSSKB(cmd.ProcessState)
	return kb
}
