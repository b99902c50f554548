package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/cardgen/cardgen/gen"
)

// runVersion prints the cardgen version that generated files record, the run-time API they
// need, and the module the binary was built from: a bug report needs all three, and a mismatch
// between the cardgen that runs under go:generate and the runtime a module requires shows here.
func runVersion(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cardgen version", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: cardgen version\n\nPrints the cardgen version, the run-time API it generates for and the module it was built from.\n")
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "cardgen version: takes no arguments, got %q\n", fs.Args())
		fs.Usage()
		return 2
	}
	fmt.Fprintf(stdout, "cardgen %s (run-time API 1), %s %s/%s\n", gen.Version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	if bi, ok := debug.ReadBuildInfo(); ok {
		if m := moduleOf(bi); m != nil {
			fmt.Fprintf(stdout, "built from %s\n", describe(m))
		}
	}
	return 0
}

// moduleOf is the module that holds the binary's main package: the main module when cardgen is
// built in its own repository, a dependency under go tool or go run …@version.
func moduleOf(bi *debug.BuildInfo) *debug.Module {
	for _, m := range append([]*debug.Module{&bi.Main}, bi.Deps...) {
		if m.Path != "" && (bi.Path == m.Path || strings.HasPrefix(bi.Path, m.Path+"/")) {
			return m
		}
	}
	return nil
}

// describe is a module as go version -m prints it: path, version and replacement.
func describe(m *debug.Module) string {
	s := m.Path + " " + m.Version
	if r := m.Replace; r != nil {
		s += " => " + strings.TrimSpace(r.Path+" "+r.Version)
	}
	return s
}
