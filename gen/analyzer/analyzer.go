// Package analyzer runs cardgen's checks as a go/analysis analyzer, so that go vet (through the
// cardvet command), golangci-lint and other analysis drivers report the same diagnostics as
// generation does, positioned at the offending word, with quick fixes for misspellings.
package analyzer

import (
	"cmp"
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"github.com/cardgen/cardgen/annotations"
	"github.com/cardgen/cardgen/gen"
	"golang.org/x/tools/go/analysis"
)

// Analyzer reports every problem cardgen would report when generating the package: malformed
// //card: directives, handler shapes, names, schemas and card rules. Misspelt directives, keys
// and flags and a space after // come with a suggested fix.
var Analyzer = &analysis.Analyzer{
	Name: "cardgen",
	Doc: `check //card: annotations as cardgen would

The cardgen analyzer builds the same model of a package as the cardgen generator and reports
every diagnostic generation would: malformed //card: directives, handler signatures, tool
names, JSON schemas and result card rules. Misspelt directive, key and flag names and a space
after // carry a suggested fix.`,
	URL: "https://github.com/cardgen/cardgen/blob/main/docs/editors.md",
	Run: run,
	// The model is built from partial type information too, as the generator does: a package
	// that refers to a function cardgen has not generated yet still gets its annotations checked.
	RunDespiteErrors: true,
}

func run(pass *analysis.Pass) (any, error) {
	// The generator loads packages without their tests; a test variant's _test.go files are
	// left out so that the analyzer sees what generation sees.
	files := slices.DeleteFunc(slices.Clone(pass.Files), func(f *ast.File) bool {
		return strings.HasSuffix(pass.Fset.Position(f.FileStart).Filename, "_test.go")
	})
	if len(files) == 0 {
		return nil, nil
	}
	_, diags := gen.Model(gen.Input{Fset: pass.Fset, Files: files, Types: pass.Pkg, Info: pass.TypesInfo}, gen.Options{})
	for _, d := range report(diags) {
		pass.Report(diagnostic(d, files))
	}
	return nil, nil
}

// report returns the diagnostics an analyzer can position (Model reports errors of the go
// command without a token.Pos; with no go command involved there are none), sorted and without
// duplicates, as generation prints them.
func report(diags gen.Diagnostics) gen.Diagnostics {
	diags = slices.DeleteFunc(slices.Clone(diags), func(d gen.Diagnostic) bool { return !d.At.IsValid() })
	slices.SortStableFunc(diags, func(a, b gen.Diagnostic) int {
		return cmp.Or(cmp.Compare(a.At, b.At), cmp.Compare(a.Msg, b.Msg))
	})
	return slices.CompactFunc(diags, func(a, b gen.Diagnostic) bool { return a.At == b.At && a.Msg == b.Msg })
}

// diagnostic converts d, turning its certain fix into a suggested fix.
func diagnostic(d gen.Diagnostic, files []*ast.File) analysis.Diagnostic {
	ad := analysis.Diagnostic{Pos: d.At, Message: d.Msg}
	if f := d.Fix; f != nil {
		ad.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   fixMessage(f, commentText(files, f.Pos, f.End)),
			TextEdits: []analysis.TextEdit{{Pos: f.Pos, End: f.End, NewText: []byte(f.NewText)}},
		}}
	}
	return ad
}

// fixMessage names the edit the way editors list quick fixes.
func fixMessage(f *annotations.Fix, old string) string {
	switch {
	case f.NewText == "" && strings.TrimSpace(old) == "":
		return "Remove the space after //"
	case f.NewText == "":
		return "Remove " + old
	case old == "":
		return "Insert " + f.NewText
	}
	return "Replace " + old + " with " + f.NewText
}

// commentText returns the source text in [pos, end), which annotation fixes always take from a
// single comment, or "" when no comment holds the whole span.
func commentText(files []*ast.File, pos, end token.Pos) string {
	for _, f := range files {
		if pos < f.FileStart || end > f.FileEnd {
			continue
		}
		for _, g := range f.Comments {
			for _, c := range g.List {
				if c.Slash <= pos && end <= c.End() {
					return c.Text[pos-c.Slash : end-c.Slash]
				}
			}
		}
	}
	return ""
}
