// Package benchmarks holds cardgen's cross-package benchmarks: the generator against a plain
// go/packages load, server start-up with generated registrations against SDK-inferred schemas,
// and a generated result card against a hand-written _meta map. BENCHMARKS.md at the repository
// root records the commands and figures.
//
// synth500gen and synth500inferred are 500-tool packages written by internal/synth; the start-up
// benchmark compiles them in. Regenerate them (a test in internal/synth fails when they are
// stale) with go generate in this directory.
package benchmarks

//go:generate go run ../synth/cmd/writesynth -n 500 -gen synth500gen -inferred synth500inferred
