package annotations

import (
	"fmt"
	"go/token"
	"strconv"
	"strings"
)

// Template is a parsed card text: literal parts and {{.Field.Path}} references.
type Template struct {
	Segments []Segment
	Raw      Value
}

// Segment is one part of a Template: exactly one of Literal and Path is set.
// Pos is the exact source position of the literal's first byte, or of the
// leading "." of the path.
type Segment struct {
	Literal string
	Path    []string
	Pos     token.Pos
}

// IsLiteral reports whether the template has no field references, so its
// text is known at generate time (and its length can be checked then).
func (t Template) IsLiteral() bool {
	for _, s := range t.Segments {
		if s.Path != nil {
			return false
		}
	}
	return true
}

// Literal returns the concatenated literal text of the template; for a
// template where IsLiteral is true that is its whole value.
func (t Template) Literal() string {
	var b strings.Builder
	for _, s := range t.Segments {
		b.WriteString(s.Literal)
	}
	return b.String()
}

// ParseTemplate parses v.Text as a card template. The only actions are field
// paths {{.ID}}, {{.Customer.Name}} (spaces inside the braces are allowed) and
// quoted strings, so a literal "{{" is written {{"{{"}}. Positions of segments
// and errors point into v.Raw, even past escapes in a quoted value. All errors
// are returned; the segments parsed up to an unclosed {{ are kept.
func ParseTemplate(v Value) (Template, []Error) {
	tp := templateParser{v: v, offs: offsets(v)}
	if n := strings.Count(v.Text, "{{"); n > 0 {
		tp.segs = make([]Segment, 0, 2*n+1) // text and a path per action, and a tail
	}
	tp.parse()
	return Template{Segments: tp.segs, Raw: v}, tp.errs
}

type templateParser struct {
	v    Value
	offs rawMap // text offset → raw offset
	segs []Segment
	errs []Error
}

func (tp *templateParser) pos(i int) token.Pos { return tp.v.Pos + token.Pos(tp.offs.at(i)) }

func (tp *templateParser) errorf(i int, format string, args ...any) {
	tp.errs = append(tp.errs, Error{Pos: tp.pos(i), Msg: fmt.Sprintf(format, args...)})
}

// literal appends text found at offset i, merging it into a preceding literal
// so that the generator emits one string per run of text.
func (tp *templateParser) literal(text string, i int) {
	if text == "" {
		return
	}
	if n := len(tp.segs); n > 0 && tp.segs[n-1].Path == nil {
		tp.segs[n-1].Literal += text
		return
	}
	tp.segs = append(tp.segs, Segment{Literal: text, Pos: tp.pos(i)})
}

func (tp *templateParser) parse() {
	s := tp.v.Text
	for i := 0; i < len(s); {
		j := strings.Index(s[i:], "{{")
		if j < 0 {
			tp.literal(s[i:], i)
			return
		}
		j += i
		tp.literal(s[i:j], i)
		next, ok := tp.action(j)
		if !ok {
			return
		}
		i = next
	}
}

// action parses the {{…}} starting at i and returns the offset after it.
func (tp *templateParser) action(open int) (int, bool) {
	s := tp.v.Text
	a := skipBlanks(s, open+2)
	if a < len(s) && (s[a] == '"' || s[a] == '`') {
		if end, ok := tp.quotedAction(open, a); ok {
			return end, true
		}
	}
	k := strings.Index(s[a:], "}}")
	if k < 0 {
		tp.errorf(open, `{{ has no closing }}; close it, or write a literal {{ as {{"{{"}}`)
		return 0, false
	}
	k += a
	if nested := strings.Index(s[a:k], "{{"); nested >= 0 {
		// "{{.ID and {{.Name}}": this {{ was never closed. Going on from the next one keeps
		// that action and any field misspelt in it from being hidden inside this error.
		tp.errorf(open, `{{ has no closing }} before the next {{; close it, or write a literal {{ as {{"{{"}}`)
		return a + nested, true
	}
	inner := strings.TrimRight(s[a:k], " \t")
	switch {
	case inner == "":
		tp.errorf(open, "empty {{}}; write a field path such as {{.ID}}")
	case inner == ".":
		tp.errorf(a, "empty path {{.}}; name a field, as in {{.ID}}")
	case strings.ContainsAny(inner, " \t|()$\"`:=") || inner[0] != '.':
		tp.notPath(a, inner)
	default:
		tp.path(inner, a)
	}
	return k + 2, true
}

// templateKeywords are text/template's action words, which look like bare field names.
var templateKeywords = map[string]bool{
	"if": true, "else": true, "end": true, "range": true, "with": true, "define": true,
	"block": true, "template": true, "break": true, "continue": true,
}

// notPath reports an action that is not a field path, with the path it most likely meant when
// there is one: {{ID}} and {{- .ID -}} mean {{.ID}}. Anything else (pipelines, functions,
// variables) computes a value, which belongs in Go.
func (tp *templateParser) notPath(a int, inner string) {
	bare := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(inner, "-"), "-"))
	if word, _, _ := strings.Cut(bare, " "); templateKeywords[word] {
		// {{end}} is not a field called end: text/template's actions have no place here.
		tp.errorf(a, "{{%s}} is a text/template action, and cardgen templates hold only {{.Field}} paths; choose the text in Go, as a field or a String() method", inner)
		return
	}
	if !strings.HasPrefix(bare, ".") {
		bare = "." + bare
	}
	if isFieldPath(bare[1:]) {
		tp.errorf(a, "only {{.Field}} paths are supported; write {{%s}}", bare)
		return
	}
	tp.errorf(a, "only {{.Field}} paths are supported; {{%s}} is not a field path: compute the value in Go, as a field or a String() method", inner)
}

// isFieldPath reports whether s is Go identifiers joined by dots, such as Owner.Name.
func isFieldPath(s string) bool {
	for name := range strings.SplitSeq(s, ".") {
		if !token.IsIdentifier(name) {
			return false
		}
	}
	return true
}

// quotedAction parses {{"text"}}, a literal string, as text/template does.
// It returns false (and reports nothing) when the action is not exactly one
// string, leaving the caller to report it.
func (tp *templateParser) quotedAction(open, a int) (int, bool) {
	s := tp.v.Text
	q := s[a]
	j := a + 1
	for j < len(s) && s[j] != q {
		if q == '"' && s[j] == '\\' {
			j++
		}
		j++
	}
	if j >= len(s) {
		return 0, false
	}
	text, err := strconv.Unquote(s[a : j+1])
	end := skipBlanks(s, j+1)
	if err != nil || !strings.HasPrefix(s[end:], "}}") {
		return 0, false
	}
	tp.literal(text, open)
	return end + 2, true
}

// path checks the dot path p, found at offset at, and appends it.
func (tp *templateParser) path(p string, at int) {
	elems := strings.Split(p[1:], ".")
	ok := true
	off := at + 1
	for _, e := range elems {
		if !token.IsIdentifier(e) {
			ok = false
			if e == "" {
				tp.errorf(off, "empty element in path %s; write fields separated by single dots, as in .Customer.Name", p)
			} else {
				tp.errorf(off, "%q in path %s is not a Go identifier; a path names fields, as in .Customer.Name", e, p)
			}
		}
		off += len(e) + 1
	}
	if ok {
		tp.segs = append(tp.segs, Segment{Path: elems, Pos: tp.pos(at)})
	}
}

func skipBlanks(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}
