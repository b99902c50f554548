package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/cardgen/cardgen/gen/analyzer"
	"golang.org/x/tools/go/analysis"
)

// A problem in a struct tag of a type that another package declares (model.Address, used by the
// tools of package m3) is reported with m3, at the tag, and its fix edits model's file. go/analysis
// forbids a suggested fix to edit another package's files, so the analyzer reports such a problem
// without its fix and returns the fix in its Result (analyzer.Result.OtherPackages). Under -fix,
// where the driver drops every diagnostic without a fix, that made -fix skip the tag without a
// word, while plain vet reported it.
//
// cardvet on its own applies them: its driver applies the fixes of every package it analyses at
// once, merging identical edits (two packages that use one type fix its tag once) and refusing
// clashing ones. go vet applies each package's fixes on its own, from a file of edits per package
// that must agree on every file they both change: m3 fixing model.Address and m4 fixing
// model.Person in the same file would clash, and go vet -fix would then apply no fix at all. So
// under go vet, cardvet prints each diagnostic whose fix it leaves out, with the command that
// applies it.

// fixing reports whether the driver was given -fix.
func fixing() bool {
	f := flag.Lookup("fix")
	return f != nil && f.Value.String() == "true"
}

// fixOtherPackages runs a on pass under -fix: on its own, the diagnostics the analyzer's Result
// has a fix in another package's file for are reported with that fix, which the driver may read
// the file for; under go vet, each is printed to standard output (go vet shows it and replays it
// from its cache) as not fixed.
func fixOtherPackages(a *analysis.Analyzer, pass *analysis.Pass) (any, error) {
	report := pass.Report
	var held []analysis.Diagnostic
	pass.Report = func(d analysis.Diagnostic) { held = append(held, d) }
	res, err := a.Run(pass)
	pass.Report = report
	r, _ := res.(*analyzer.Result)
	if err != nil || r == nil || len(r.OtherPackages) == 0 || underGoVet() {
		for _, d := range held {
			report(d)
		}
		if err == nil && r != nil && underGoVet() {
			printNotFixed(os.Stdout, pass, r.OtherPackages)
		}
		return res, err
	}
	type key struct {
		pos int
		msg string
	}
	fixes := map[key]analysis.SuggestedFix{}
	files := map[string]bool{}
	for _, o := range r.OtherPackages {
		fixes[key{int(o.Diagnostic.Pos), o.Diagnostic.Message}] = o.Fix
		for _, e := range o.Fix.TextEdits {
			files[pass.Fset.File(e.Pos).Name()] = true
		}
	}
	for _, d := range held {
		if f, ok := fixes[key{int(d.Pos), d.Message}]; ok {
			d.SuggestedFixes = []analysis.SuggestedFix{f}
		}
		report(d)
	}
	// The driver reads the files it applies fixes to through the pass, which allows only the
	// package's own.
	readFile := pass.ReadFile
	pass.ReadFile = func(name string) ([]byte, error) {
		if files[name] {
			return os.ReadFile(name)
		}
		return readFile(name)
	}
	return res, nil
}

// printNotFixed prints the diagnostic of each of fixes, which go vet -fix leaves unfixed, with
// the command that fixes it.
func printNotFixed(w io.Writer, pass *analysis.Pass, fixes []analyzer.OtherPackageFix) {
	for _, o := range fixes {
		fmt.Fprintf(w, "%s: not fixed: %s (the tag is in package %s, and under go vet a fix found with package %s may edit only that package's files; run cardvet -fix %s on its own to apply it)\n",
			pass.Fset.Position(o.Diagnostic.Pos), o.Diagnostic.Message, o.Package, pass.Pkg.Path(), pass.Pkg.Path())
	}
}
