package benchmarks

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// BenchmarkBuild is the compile time of the generated code, which users pay on every build of a
// package with tools: `go build` of a copy of the 500-tool package after a one-line change (so
// that the package itself recompiles and its dependencies come from the build cache), for the
// package cardgen generated and for the same handlers registered with plain mcp.AddTool and
// SDK-inferred schemas. A change to the generated code's shape that makes generation faster must
// not make this slower (BENCHMARKS.md, "Compile time of the generated package").
func BenchmarkBuild(b *testing.B) {
	for _, v := range []struct{ name, dir string }{{"generated", "synth500gen"}, {"inferred", "synth500inferred"}} {
		b.Run(v.name, func(b *testing.B) {
			dir, err := os.MkdirTemp(".", "_build_"+v.dir+"_")
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { os.RemoveAll(dir) })
			if err := os.CopyFS(dir, os.DirFS(v.dir)); err != nil {
				b.Fatal(err)
			}
			build := func(i int) {
				// A new constant each time: the package's source changes, its API does not.
				touch := fmt.Sprintf("package synth500\n\nconst buildRun = %d\n", i)
				if err := os.WriteFile(filepath.Join(dir, "zz_touch.go"), []byte(touch), 0o644); err != nil {
					b.Fatal(err)
				}
				cmd := exec.Command("go", "build", ".")
				cmd.Dir = dir
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("go build: %v\n%s", err, out)
				}
			}
			build(-1) // dependencies into the build cache
			cpu := startCPU()
			i := 0
			for b.Loop() {
				build(i)
				i++
			}
			cpu.report(b, 500)
		})
	}
}
