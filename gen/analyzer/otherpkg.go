package analyzer

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"slices"

	"github.com/cardgen/cardgen/annotations"
	"github.com/cardgen/cardgen/gen"
	"github.com/cardgen/cardgen/gen/schema"
	"golang.org/x/tools/go/analysis"
)

// Result is what the analyzer returns for a package besides its diagnostics.
type Result struct {
	// OtherPackages are the fixes of diagnostics of the package that lie in another package's
	// file. A problem in a struct tag of a type that another package declares (model.Address,
	// shared by the tools of two packages) is reported with each package whose tools use the
	// type, at the tag; go/analysis forbids a suggested fix to edit another package's files
	// (drivers such as go vet apply each package's fixes on their own, and two packages' edits
	// of one file would clash), so such a diagnostic comes without its fix, and the fix is here.
	// A driver that applies every package's fixes at once may apply them; cardvet on its own
	// does, and under go vet -fix it prints the diagnostics they mend, which go vet would drop.
	OtherPackages []OtherPackageFix
}

// OtherPackageFix is the fix of a diagnostic in another package's file.
type OtherPackageFix struct {
	Diagnostic analysis.Diagnostic   // as reported: without the fix
	Package    string                // import path of the package whose file the fix edits
	Fix        analysis.SuggestedFix // the edit, in the pass's FileSet
}

// otherPackageFixes returns the fixes of the diagnostics among out that lie in a Go file of
// another package than the pass's: the tag problems generation reports there without a fix.
// They are found again by mapping the tools' types (the schema problems carry the edit), for
// the diagnostics only, and only when the source still holds the word to replace where the
// diagnostic points, in a file that is not generated.
func otherPackageFixes(pass *analysis.Pass, tools []*gen.Tool, out []analysis.Diagnostic) []OtherPackageFix {
	var (
		fixes    []OtherPackageFix
		problems []schema.Problem
		mapped   bool
		sources  = map[string][]byte{} // nil for a file that cannot be read or is generated
	)
	for _, d := range out {
		if len(d.SuggestedFixes) > 0 || !d.Pos.IsValid() {
			continue
		}
		tf := pass.Fset.File(d.Pos)
		if tf == nil || slices.ContainsFunc(pass.Files, func(f *ast.File) bool { return pass.Fset.File(f.FileStart) == tf }) {
			continue
		}
		if !mapped {
			problems, mapped = tagFixes(pass, tools), true
		}
		for _, p := range problems {
			if gen.BoundMessage(p.Msg) != d.Message || pass.Fset.Position(p.Field.Pos()).Filename != tf.Name() {
				continue
			}
			src, seen := sources[tf.Name()]
			if !seen {
				src = editableSource(tf.Name())
				sources[tf.Name()] = src
			}
			off := tf.Offset(d.Pos)
			if len(src) != tf.Size() || off+len(p.FixOld) > len(src) || string(src[off:off+len(p.FixOld)]) != p.FixOld {
				continue // changed since, or an escape in the literal: the bytes are not the word
			}
			fixes = append(fixes, OtherPackageFix{
				Diagnostic: d,
				Package:    p.Field.Pkg().Path(),
				Fix: analysis.SuggestedFix{
					Message:   fixMessage(&annotations.Fix{NewText: p.FixText}, p.FixOld),
					TextEdits: []analysis.TextEdit{{Pos: d.Pos, End: d.Pos + token.Pos(len(p.FixOld)), NewText: []byte(p.FixText)}},
				},
			})
			break
		}
	}
	return fixes
}

// tagFixes returns the problems with a fix that mapping the tools' input and output types finds
// in struct tags of other packages than the pass's, as generation maps them.
func tagFixes(pass *analysis.Pass, tools []*gen.Tool) []schema.Problem {
	var fixable []schema.Problem
	keep := func(probs []schema.Problem) {
		for _, p := range probs {
			if p.Field != nil && p.FixText != "" && p.FixOld != "" && p.Field.Pkg() != nil && p.Field.Pkg().Path() != pass.Pkg.Path() {
				fixable = append(fixable, p)
			}
		}
	}
	for _, t := range tools {
		if t.In != nil {
			_, probs := schema.For(t.In, token.NoPos)
			keep(probs)
		}
		if t.Out != nil && t.Markdown == nil { // a markdown card tool sends mdcard's output, not Out
			_, probs := schema.ForOutput(t.Out, token.NoPos)
			keep(probs)
		}
	}
	return fixable
}

// editableSource returns the content of the Go file name, or nil when it cannot be read or is a
// generated file, which a fix leaves alone.
func editableSource(name string) []byte {
	src, err := os.ReadFile(name)
	if err != nil {
		return nil
	}
	f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.PackageClauseOnly|parser.ParseComments)
	if err != nil || ast.IsGenerated(f) {
		return nil
	}
	return src
}
