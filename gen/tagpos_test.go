package gen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestTagSourcePositions maps a byte of a card tag's value to its column in the source through
// both quotings, the tag literal's and the tag value's: in raw and interpreted literals, after
// escapes, tabs and multi-byte runes. A fix is placed only where the source spells the word as
// the value holds it.
func TestTagSourcePositions(t *testing.T) {
	const src = "package p\n\ntype T struct {\n" +
		"\tA int `json:\"ä\t\" card:\"field=Größe,titel\"`\n" +
		"\tB int \"json:\\\"\\u00e4\\\" card:\\\"field=Gr\\u00f6\\u00dfe,titel\\\"\"\n" +
		"\tC int \"card:\\\"field=a\\\\\\\"b,titel\\\"\"\n" + // the value's own \" (\\\" in the literal)
		"\tD int \"card:\\\"tit\\x65l\\\"\"\n" +
		"}\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(src, "\n")
	fields := f.Decls[0].(*ast.GenDecl).Specs[0].(*ast.TypeSpec).Type.(*ast.StructType).Fields.List
	for _, tc := range []struct {
		field   int
		word    string // in the card tag's value
		fixable bool
	}{
		{0, "titel", true},
		{0, "field", true},
		{1, "titel", true},
		{1, "field", true},
		{2, "titel", true},
		{3, "titel", false},
	} {
		lit := fields[tc.field].Tag
		tag, err := strconv.Unquote(lit.Value)
		if err != nil {
			t.Fatal(err)
		}
		s := tagSource{tag: tag, lit: lit, field: fields[tc.field].Names[0].Pos()}
		value, _ := reflect.StructTag(tag).Lookup("card")
		off := strings.Index(value, tc.word)
		p := fset.Position(s.valueAt("card", off))
		line := lines[p.Line-1]
		want := tc.word
		if !tc.fixable {
			want = `tit\x65l`
		}
		if got := line[p.Column-1:]; !strings.HasPrefix(got, want) {
			t.Errorf("%s: %s of %#q is at column %d, which holds %q", fields[tc.field].Names[0].Name, tc.word, lit.Value, p.Column, got)
		}
		pos, end, ok := s.verbatim("card", value, off, off+len(tc.word))
		if ok != tc.fixable {
			t.Errorf("%s: verbatim(%s) = %v; want %v", fields[tc.field].Names[0].Name, tc.word, ok, tc.fixable)
		}
		if ok && src[fset.Position(pos).Offset:fset.Position(end).Offset] != tc.word {
			t.Errorf("%s: verbatim(%s) spans %q", fields[tc.field].Names[0].Name, tc.word, src[fset.Position(pos).Offset:fset.Position(end).Offset])
		}
	}
	// Without the literal, every byte of the tag is at the field.
	s := tagSource{tag: `card:"titel"`, field: 42}
	if got := s.valueAt("card", 3); got != 42 {
		t.Errorf("valueAt without the literal = %d; want the field's position", got)
	}
}
