package annotations

import (
	"fmt"
	"go/token"
	"strings"
)

// lineFile makes a one-line file holding line in a fresh FileSet, so that
// positions print as line:col.
func lineFile(line string) (*token.FileSet, token.Pos) {
	fset := token.NewFileSet()
	f := fset.AddFile("x.go", -1, len(line))
	f.SetLinesForContent([]byte(line))
	return fset, f.Pos(0)
}

func lineCol(fset *token.FileSet, pos token.Pos) string {
	p := fset.Position(pos)
	return fmt.Sprintf("%d:%d", p.Line, p.Column)
}

// fmtErrors renders errors as "line:col: msg", one per line.
func fmtErrors(fset *token.FileSet, errs []Error) string {
	var b strings.Builder
	for _, e := range errs {
		fmt.Fprintf(&b, "%s: %s\n", lineCol(fset, e.Pos), e.Msg)
	}
	return b.String()
}

// fmtValue renders a Value as text@line:col, with the raw form when quoted.
func fmtValue(fset *token.FileSet, v Value) string {
	if v.Quoted {
		return fmt.Sprintf("%q(%s)@%s", v.Text, v.Raw, lineCol(fset, v.Pos))
	}
	return fmt.Sprintf("%s@%s", v.Text, lineCol(fset, v.Pos))
}

// fmtDirective renders every field of d with positions.
func fmtDirective(fset *token.FileSet, d *Directive) string {
	if d == nil {
		return "<nil>"
	}
	var parts []string
	parts = append(parts, fmt.Sprintf("%s@%s name@%s", d.Name, lineCol(fset, d.Pos), lineCol(fset, d.NamePos)))
	for _, a := range d.Args {
		parts = append(parts, "arg "+fmtValue(fset, a))
	}
	for _, kv := range d.Keys {
		parts = append(parts, fmt.Sprintf("key %s@%s=%s", kv.Key, lineCol(fset, kv.KeyPos), fmtValue(fset, kv.Value)))
	}
	for _, f := range d.Flags {
		parts = append(parts, "flag "+fmtValue(fset, f))
	}
	return strings.Join(parts, " | ")
}

// fmtTemplate renders the segments of t with positions.
func fmtTemplate(fset *token.FileSet, t Template) string {
	var parts []string
	for _, s := range t.Segments {
		if s.Path != nil {
			parts = append(parts, fmt.Sprintf("path(%s)@%s", strings.Join(s.Path, "."), lineCol(fset, s.Pos)))
		} else {
			parts = append(parts, fmt.Sprintf("lit(%q)@%s", s.Literal, lineCol(fset, s.Pos)))
		}
	}
	return strings.Join(parts, " ")
}
