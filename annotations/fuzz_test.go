package annotations

import (
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const fuzzBase = token.Pos(1000)

// FuzzParseComment checks that no line panics, that every position lies in
// the line, and that every returned word is found in the line where its
// position says.
func FuzzParseComment(f *testing.F) {
	for _, s := range Specs() {
		f.Add(s.Example)
	}
	for _, s := range []string{
		`//card:tool get_order title="Order status" readonly idempotent`,
		`// card:tool x`, `//card:`, `//card:result titel=x subtitle="{{ID}}" title= image="{{.A`,
		`//card:fallback "\t\u00e9 {{.A..B}} \q`, "//card:field `a` `{{\"{{\"}}`", `//card:example {"a":`,
		`//card:visibility model,,app`, `//card:ui ../x.html`, `//card:tool readonly=1 readonly readonly`,
		`//card:reply "{{.A}}"x"`, "//card:result title=\"\n\"", "//card:acp \t\r", `//card:action url "L" "{{ .A.B }}"`,
		`//card:tol x`, `//card:tool f titel=x readonyl`, `//card:tool readonli`, "// \tcard:tool x",
		`//card:tool title=Order status readonly`, `//card:result title=Order #{{.ID}} x=y`, "//card:tool t=a\u00a0b\u200bc",
		`//card:tool c readonly,idempotent,`, `//card:acp detial`, `//card:visibility "model,\x61q"`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		end := fuzzBase + token.Pos(len(line))
		inLine := func(what string, p token.Pos) {
			if p < fuzzBase || p > end {
				t.Fatalf("%s at %d is outside the line [%d, %d]: %q", what, p, fuzzBase, end, line)
			}
		}
		at := func(p token.Pos) string { return line[p-fuzzBase:] }
		d, errs := ParseComment(line, fuzzBase)
		for _, e := range errs {
			inLine("error "+e.Msg, e.Pos)
			if e.Msg == "" {
				t.Fatal("empty error message")
			}
			if f := e.Fix; f != nil {
				// A fix replaces a span of this line, at the error, and changes it.
				inLine("fix start", f.Pos)
				inLine("fix end", f.End)
				if f.Pos > f.End || f.Pos < e.Pos || line[f.Pos-fuzzBase:f.End-fuzzBase] == f.NewText {
					t.Fatalf("bad fix %+v for error %q in %q", *f, e.Msg, line)
				}
			}
		}
		if !slices.IsSortedFunc(errs, func(a, b Error) int { return int(a.Pos - b.Pos) }) {
			t.Fatalf("errors not sorted: %v", errs)
		}
		if d == nil {
			return
		}
		if d.Spec == nil || d.Spec.Name != d.Name || d.Pos != fuzzBase || !strings.HasPrefix(at(d.NamePos), d.Name) {
			t.Fatalf("bad directive header %+v for %q", d, line)
		}
		check := func(v Value) {
			inLine("value", v.Pos)
			if !strings.HasPrefix(at(v.Pos), v.Raw) {
				t.Fatalf("value raw %q is not at its position in %q", v.Raw, line)
			}
		}
		for _, v := range d.Args {
			check(v)
		}
		for _, v := range d.Flags {
			check(v)
		}
		for _, kv := range d.Keys {
			inLine("key", kv.KeyPos)
			if !strings.HasPrefix(at(kv.KeyPos), kv.Key+"=") {
				t.Fatalf("key %q is not at its position in %q", kv.Key, line)
			}
			check(kv.Value)
			if kv.Value.Quoted && len(errs) == 0 {
				if text, err := strconv.Unquote(kv.Value.Raw); err != nil || text != kv.Value.Text {
					t.Fatalf("quoted value %q decodes to %q, %v; Text is %q", kv.Value.Raw, text, err, kv.Value.Text)
				}
			}
		}
		// Template errors were reported by ParseComment already.
		for i, v := range d.Args {
			if i < len(d.Spec.Args) && d.Spec.Args[i].Kind.IsTemplate() {
				_, terrs := ParseTemplate(v)
				for _, e := range terrs {
					if !slices.Contains(errs, e) {
						t.Fatalf("ParseTemplate error %v not reported by ParseComment(%q)", e, line)
					}
				}
			}
		}
	})
}

// FuzzParseTemplate checks that no template panics, that every position is
// inside Raw, and that path segments point at their source text.
func FuzzParseTemplate(f *testing.F) {
	for _, s := range []string{
		`Order #{{.ID}}`, `"{{ .Customer.Name }}!"`, "`{{\"{{\"}}`", `"\u00e9{{.A}}\x41"`, `{{.}}`, `{{`, `{{"}}`,
		`{{ "x" }}{{.Y}}`, `{{.A..B}}`, `{{.1x}}`, `}}{{.A | b}}`, `"\"{{.A}}"`, "{{`a`}}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		v := Value{Text: raw, Raw: raw, Pos: fuzzBase}
		if text, err := strconv.Unquote(raw); err == nil && len(raw) >= 2 && (raw[0] == '"' || raw[0] == '`') {
			v.Text, v.Quoted = text, true
		}
		tpl, errs := ParseTemplate(v)
		end := fuzzBase + token.Pos(len(raw))
		for _, e := range errs {
			if e.Pos < fuzzBase || e.Pos > end {
				t.Fatalf("error %q at %d outside [%d, %d] for %q", e.Msg, e.Pos, fuzzBase, end, raw)
			}
		}
		for _, s := range tpl.Segments {
			if s.Pos < fuzzBase || s.Pos > end {
				t.Fatalf("segment %+v outside [%d, %d] for %q", s, fuzzBase, end, raw)
			}
			if (s.Path == nil) == (s.Literal == "") {
				t.Fatalf("segment %+v must have exactly one of Literal and Path", s)
			}
			if s.Path != nil && !v.Quoted && !strings.HasPrefix(raw[s.Pos-fuzzBase:], "."+strings.Join(s.Path, ".")) {
				t.Fatalf("path %v is not at its position in %q", s.Path, raw)
			}
		}
		if len(errs) == 0 && tpl.IsLiteral() && !strings.Contains(v.Text, "{{") && tpl.Literal() != v.Text {
			t.Fatalf("literal template %q gave %q", v.Text, tpl.Literal())
		}
	})
}

// FuzzParseTag checks that no tag panics, every offset is inside it and every fix replaces a
// slot name with a real slot.
func FuzzParseTag(f *testing.F) {
	for _, s := range []string{"title", "title,field=Total", "-,title", ",,", "field=", "titel", " text , image "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, value string) {
		items, errs := ParseTag(value)
		for _, it := range items {
			if it.Offset < 0 || it.Offset > len(value) || !strings.HasPrefix(value[it.Offset:], it.Slot) {
				t.Fatalf("item %+v not at its offset in %q", it, value)
			}
		}
		for _, e := range errs {
			if e.Offset < 0 || e.Offset > len(value) {
				t.Fatalf("error %+v outside %q", e, value)
			}
			if fx := e.Fix; fx != nil {
				// A fix replaces a misspelt slot name with a real one, where the error points.
				if fx.Offset != e.Offset || fx.End <= fx.Offset || fx.End > len(value) || strings.ContainsAny(value[fx.Offset:fx.End], ",=") {
					t.Fatalf("fix %+v of %q is not the slot name at the error", fx, value)
				}
				if _, ok := tagSlot(fx.NewText); !ok {
					t.Fatalf("fix %+v of %q names no slot", fx, value)
				}
			}
		}
	})
}
