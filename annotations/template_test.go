package annotations

import (
	"go/token"
	"reflect"
	"strconv"
	"testing"
)

// fallbackValue builds the Value of RAW in the line "//card:fallback RAW",
// so template positions are checked against a real source line.
func fallbackValue(t *testing.T, raw string) (Value, func(Template) string, func([]Error) string) {
	t.Helper()
	line := "//card:fallback " + raw
	fset, pos := lineFile(line)
	v := Value{Text: raw, Raw: raw, Pos: pos + token.Pos(len("//card:fallback "))}
	if raw != "" && (raw[0] == '"' || raw[0] == '`') {
		text, err := strconv.Unquote(raw)
		if err != nil {
			t.Fatalf("test input %s: %v", raw, err)
		}
		v.Text, v.Quoted = text, true
	}
	return v,
		func(tpl Template) string { return fmtTemplate(fset, tpl) },
		func(errs []Error) string { return fmtErrors(fset, errs) }
}

func TestParseTemplate(t *testing.T) {
	tests := []struct {
		raw     string // as written after //card:fallback (col 17)
		want    string
		literal bool
	}{
		{`"Order #{{.ID}}"`, `lit("Order #")@1:18 path(ID)@1:27`, false},
		{`"{{ .Customer.Name }}!"`, `path(Customer.Name)@1:21 lit("!")@1:38`, false},
		{`"{{.A}}{{.B}}"`, `path(A)@1:20 path(B)@1:26`, false},
		{"Shipped", `lit("Shipped")@1:17`, true},
		{`""`, ``, true},
		// Escapes before a reference: é is 6 source bytes and 2 text bytes.
		{`"\u00e9\t{{.ETA}}"`, `lit("é\t")@1:18 path(ETA)@1:28`, false},
		{"`\\t{{.ETA}}`", `lit("\\t")@1:18 path(ETA)@1:22`, false},
		// A literal {{ and stray closing braces are text, merged into one literal.
		{"`a {{\"{{\"}}b}} c`", `lit("a {{b}} c")@1:18`, true},
		{"`{{ \"x\" }}{{.Y}}`", `lit("x")@1:18 path(Y)@1:29`, false},
	}
	for _, tt := range tests {
		v, fmtT, fmtE := fallbackValue(t, tt.raw)
		tpl, errs := ParseTemplate(v)
		if len(errs) > 0 {
			t.Errorf("ParseTemplate(%s) errors:\n%s", tt.raw, fmtE(errs))
		}
		if got := fmtT(tpl); got != tt.want {
			t.Errorf("ParseTemplate(%s)\n got %s\nwant %s", tt.raw, got, tt.want)
		}
		if tpl.IsLiteral() != tt.literal {
			t.Errorf("ParseTemplate(%s).IsLiteral() = %v; want %v", tt.raw, tpl.IsLiteral(), tt.literal)
		}
		if tpl.Raw != v {
			t.Errorf("ParseTemplate(%s).Raw = %+v; want %+v", tt.raw, tpl.Raw, v)
		}
	}
}

func TestParseTemplateErrors(t *testing.T) {
	tests := []struct {
		raw  string
		want string
	}{
		{`"a {{.ID"`, "1:20: {{ has no closing }}; close it, or write a literal {{ as {{\"{{\"}}\n"},
		{`"{{}}"`, "1:18: empty {{}}; write a field path such as {{.ID}}\n"},
		{`"{{ . }}"`, "1:21: empty path {{.}}; name a field, as in {{.ID}}\n"},
		{`"{{ID}}"`, "1:20: only {{.Field}} paths are supported; write {{.ID}}\n"},
		{`"{{.ID | printf}}"`, "1:20: only {{.Field}} paths are supported; {{.ID | printf}} is not a field path: compute the value in Go, as a field or a String() method\n"},
		{`"{{len .Items}}"`, "1:20: only {{.Field}} paths are supported; {{len .Items}} is not a field path: compute the value in Go, as a field or a String() method\n"},
		{`"{{$x}}"`, "1:20: only {{.Field}} paths are supported; {{$x}} is not a field path: compute the value in Go, as a field or a String() method\n"},
		{`"{{- .ID -}}"`, "1:20: only {{.Field}} paths are supported; write {{.ID}}\n"},
		{`"{{Owner.Name}}"`, "1:20: only {{.Field}} paths are supported; write {{.Owner.Name}}\n"},
		{`"{{-.ID}}"`, "1:20: only {{.Field}} paths are supported; write {{.ID}}\n"},
		{`"{{end}}"`, "1:20: {{end}} is a text/template action, and cardgen templates hold only {{.Field}} paths; choose the text in Go, as a field or a String() method\n"},
		{`"{{if .OK}}"`, "1:20: {{if .OK}} is a text/template action, and cardgen templates hold only {{.Field}} paths; choose the text in Go, as a field or a String() method\n"},
		{`"{{.A.}}"`, "1:23: empty element in path .A.; write fields separated by single dots, as in .Customer.Name\n"},
		{`"{{.1x.y-z}}"`,
			"1:21: \"1x\" in path .1x.y-z is not a Go identifier; a path names fields, as in .Customer.Name\n" +
				"1:24: \"y-z\" in path .1x.y-z is not a Go identifier; a path names fields, as in .Customer.Name\n"},
		// Every bad action is reported, and parsing stops at an unclosed one.
		{`"\"{{.}} {{x}} {{.ok}} {{.Z"`,
			"1:22: empty path {{.}}; name a field, as in {{.ID}}\n" +
				"1:28: only {{.Field}} paths are supported; write {{.x}}\n" +
				"1:40: {{ has no closing }}; close it, or write a literal {{ as {{\"{{\"}}\n"},
		// A {{ closed only after the next one is unclosed, and the next one is read.
		{`"{{.ID and {{.Name x}} {{.ok}}"`,
			"1:18: {{ has no closing }} before the next {{; close it, or write a literal {{ as {{\"{{\"}}\n" +
				"1:30: only {{.Field}} paths are supported; {{.Name x}} is not a field path: compute the value in Go, as a field or a String() method\n"},
	}
	for _, tt := range tests {
		// Parse the line with ParseComment too: it must report the same.
		v, _, fmtE := fallbackValue(t, tt.raw)
		_, errs := ParseTemplate(v)
		if got := fmtE(errs); got != tt.want {
			t.Errorf("ParseTemplate(%s)\n got %s\nwant %s", tt.raw, got, tt.want)
		}
		line := "//card:fallback " + tt.raw
		fset, pos := lineFile(line)
		if _, errs := ParseComment(line, pos); fmtErrors(fset, errs) != tt.want {
			t.Errorf("ParseComment(%s) errors\n got %s\nwant %s", line, fmtErrors(fset, errs), tt.want)
		}
	}
}

// A Value built by hand (not by ParseComment) still parses; positions then
// count bytes of Text from Pos.
func TestParseTemplateHandBuiltValue(t *testing.T) {
	tpl, errs := ParseTemplate(Value{Text: "Hi {{.Name}}", Pos: 100})
	if errs != nil {
		t.Fatalf("errors: %v", errs)
	}
	want := []Segment{{Literal: "Hi ", Pos: 100}, {Path: []string{"Name"}, Pos: 105}}
	if !reflect.DeepEqual(tpl.Segments, want) {
		t.Errorf("segments = %+v; want %+v", tpl.Segments, want)
	}
	if tpl.Literal() != "Hi " {
		t.Errorf("Literal() = %q; want %q", tpl.Literal(), "Hi ")
	}
}
