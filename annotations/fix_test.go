package annotations

import (
	"fmt"
	"go/parser"
	"go/token"
	"testing"
)

// TestParseCommentFixes checks the certain fixes: exactly the misspelt word (or the blanks after
// "//") is replaced, and the fixed line parses without errors.
func TestParseCommentFixes(t *testing.T) {
	tests := []struct {
		line  string
		want  string // "line:col-line:col→NewText" of every error's fix, "-" for none
		fixed string
	}{
		{"//card:tol x", "1:8-1:11→tool", "//card:tool x"},
		{"//card:Tool x", "1:8-1:12→tool", "//card:tool x"},
		{"//card:fall x", "1:8-1:12→fallback", "//card:fallback x"},
		{"//card:reslut title=x", "1:8-1:14→result", "//card:result title=x"},
		{"//card:result titel=x", "1:15-1:20→title", "//card:result title=x"},
		{`//card:tool f titel="a b" readonly`, "1:15-1:20→title", `//card:tool f title="a b" readonly`},
		{"//card:tool get_order readonyl", "1:23-1:31→readonly", "//card:tool get_order readonly"},
		{"//card:tool readonli", "1:13-1:21→readonly", "//card:tool readonly"},
		{"//card:tool f idempotnet readonly", "1:15-1:25→idempotent", "//card:tool f idempotent readonly"},
		{"// card:tool get_order", "1:3-1:4→", "//card:tool get_order"},
		{"// \t card:result title=x", "1:3-1:6→", "//card:result title=x"},
		{"//card:tool ping\u00a0readonly", "1:17-1:19→ ", "//card:tool ping readonly"},
		{"//card:tool ping \u200breadonly", "1:18-1:21→", "//card:tool ping readonly"},
		{"//card:tool c readonly,idempotent", "1:15-1:34→readonly idempotent", "//card:tool c readonly idempotent"},
		{"//card:tool readonly,idempotent,", "1:13-1:33→readonly idempotent", "//card:tool readonly idempotent"},
		{"//card:tool c readonly,idempotnet", "1:15-1:34→readonly idempotent", "//card:tool c readonly idempotent"},
		{"//card:acp detial", "1:12-1:18→detail", "//card:acp detail"},
		{`//card:acp "Review"`, "1:13-1:19→review", `//card:acp "review"`},
		{`//card:action URL Track "https://x.example"`, "1:15-1:18→url", `//card:action url Track "https://x.example"`},
		{"//card:visibility modle", "1:19-1:24→model", "//card:visibility model"},
		{"//card:visibility model,ap", "1:25-1:27→app", "//card:visibility model,app"},
		{`//card:visibility "\x6dodel,ap"`, "1:29-1:31→app", `//card:visibility "\x6dodel,app"`},
	}
	for _, tt := range tests {
		fset, pos := lineFile(tt.line)
		_, errs := ParseComment(tt.line, pos)
		if len(errs) != 1 {
			t.Errorf("ParseComment(%q) = %d errors; want 1:\n%s", tt.line, len(errs), fmtErrors(fset, errs))
			continue
		}
		f := errs[0].Fix
		if got := fmtFix(fset, f); got != tt.want {
			t.Errorf("ParseComment(%q) fix = %s; want %s", tt.line, got, tt.want)
			continue
		}
		base := fset.File(pos).Base()
		start, end := int(f.Pos)-base, int(f.End)-base
		fixed := tt.line[:start] + f.NewText + tt.line[end:]
		if fixed != tt.fixed {
			t.Errorf("ParseComment(%q) fixed line = %q; want %q", tt.line, fixed, tt.fixed)
		}
		fset2, pos2 := lineFile(fixed)
		if d, errs := ParseComment(fixed, pos2); d == nil || len(errs) > 0 {
			t.Errorf("the fixed line %q does not parse cleanly: %v\n%s", fixed, d, fmtErrors(fset2, errs))
		}
	}
}

// TestParseCommentNoFix checks that errors without one certain mend carry no fix.
func TestParseCommentNoFix(t *testing.T) {
	for _, line := range []string{
		"//card:bogus",                                 // nothing close
		"//card:result zzz=x",                          // no key is close
		"//card:field A B c=d",                         // takes no keys
		"//card:tool get_order titl",                   // a key needs a value too
		`//card:fallback Order shipped`,                // too many arguments
		`//card:action link Track "https://x.example"`, // no kind is close: they are listed
		`//card:tool "get order"`,
		`//card:acp "d\x65tial"`,         // written with an escape: not as the source holds it
		`//card:tool title=Order status`, // quote the value, or was status meant as NAME?
	} {
		fset, pos := lineFile(line)
		_, errs := ParseComment(line, pos)
		if len(errs) == 0 {
			t.Errorf("ParseComment(%q): no error", line)
		}
		for _, e := range errs {
			if e.Fix != nil {
				t.Errorf("ParseComment(%q): %s: %s has fix %s; want none", line, lineCol(fset, e.Pos), e.Msg, fmtFix(fset, e.Fix))
			}
		}
	}
}

// TestParseCommentGroupKeepsFixes checks that fixes survive ParseCommentGroup with positions in
// the file.
func TestParseCommentGroupKeepsFixes(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", "package p\n\n// F does it.\n//card:tool f titel=x\n//card:reslut\nfunc F() {}\n", parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	_, _, errs := ParseCommentGroup(f.Comments[0])
	var got []string
	for _, e := range errs {
		got = append(got, fmtFix(fset, e.Fix))
	}
	want := []string{"4:15-4:20→title", "5:8-5:14→result"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("fixes = %v; want %v", got, want)
	}
}

// fmtFix renders f as "line:col-line:col→NewText", or "-" for nil.
func fmtFix(fset *token.FileSet, f *Fix) string {
	if f == nil {
		return "-"
	}
	a, b := fset.PositionFor(f.Pos, false), fset.PositionFor(f.End, false)
	return fmt.Sprintf("%d:%d-%d:%d→%s", a.Line, a.Column, b.Line, b.Column, f.NewText)
}
