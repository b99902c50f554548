package gen

import (
	"os"
	"path/filepath"
	"slices"

	"github.com/cardgen/cardgen/internal/gostub"
	"golang.org/x/tools/go/packages"
)

// importStubs returns, for each Go file of the package in dir (not a test, not cardgen's own),
// its stub (gostub.File): the file cut to its header and imports, every import made blank. It
// returns nil, and the package is compiled as it is, when a file cannot be read or stubbed, or
// the package holds a file of another language (gostub.OtherLanguageFile).
//
// go/packages asks "go list -export" for the export data of the dependencies, and the go command
// then compiles the packages it was asked to list too, whose export data a load with syntax
// never reads. After an edit of a handler, a type or a doc comment — every go generate but the
// first, and the first too, after the annotations were written — that compile misses the build
// cache: at 500 tools it was more than half of a run's CPU time (BENCHMARKS.md, the AfterEdit rows). A
// stub's export data stays in the cache until the file's header or imports change, and
// go/packages still parses and type-checks the files as they are on disk (the overlay goes to
// the go command alone).
func importStubs(dir string) map[string][]byte {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	stubs := map[string][]byte{}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() {
			continue
		}
		if gostub.OtherLanguageFile(name) {
			return nil
		}
		if !isPackageGoFile(name) {
			continue // a test, or a file the go command ignores (_x.go, .x.go)
		}
		path := filepath.Join(dir, name)
		if isCardgenFileName(name) && isCardgenFile(path) {
			continue // cut to its package clause (packageClauseStub), not read whole
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		if hasCardgenHeader(src) {
			continue
		}
		stub, ok := gostub.File(path, src)
		if !ok {
			return nil
		}
		stubs[path] = stub
	}
	return stubs
}

// importStubsSafe reports whether a load whose go command saw the files of stubbedDirs as their
// import stubs is the load it would have been without them. It is when every package of those
// directories was loaded as one of roots, which go/packages type-checks from source, and no other
// package of the load imports one: such a package (a dependency of one root that imports
// another, under "./...") was compiled by the go command against a stub's export data.
func importStubsSafe(roots []*packages.Package, stubbedDirs map[string]bool) bool {
	isRoot := map[*packages.Package]bool{}
	for _, p := range roots {
		isRoot[p] = true
	}
	memo := map[*packages.Package]bool{}
	stubbed := func(p *packages.Package) bool {
		is, ok := memo[p]
		if !ok {
			is = slices.ContainsFunc(p.GoFiles, func(f string) bool { return stubbedDirs[filepath.Dir(f)] })
			memo[p] = is
		}
		return is
	}
	safe := true
	packages.Visit(roots, func(p *packages.Package) bool {
		if !safe {
			return false
		}
		if isRoot[p] {
			return true
		}
		if stubbed(p) {
			safe = false
			return false
		}
		for _, imp := range p.Imports {
			if stubbed(imp) {
				safe = false
				return false
			}
		}
		return true
	}, nil)
	return safe
}
