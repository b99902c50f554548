package gen

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// canonicalDecl writes, without go/printer, the gofmt'd form of the three declaration shapes that
// make up most of a large generated file and whose gofmt form is plain: the block of a card's
// fixed texts (`const ( name = "text" … )`), the block of schemas
// (`var ( name = json.RawMessage(`+"`…`"+`) … )`) and a card's stringer-style guard
// (`func _() { var x [1]struct{}; _ = x[len(name)-N] … }`). decl is jennifer's unformatted text
// of one top-level declaration with its doc comment. Anything that does not match one of those
// shapes exactly — another value, a comment gofmt might rewrite, a line break — returns false and
// goes through go/format.
//
// gofmt aligns the = of a block of one-line specs one space after the longest name (counted in
// runes, as text/tabwriter counts) and leaves everything else of these lines as it is; the golden
// files and TestCanonicalDeclMatchesGofmt hold this to format.Source.
func canonicalDecl(decl []byte) ([]byte, bool) {
	doc, rest, ok := plainDoc(decl)
	if !ok {
		return nil, false
	}
	text := strings.TrimSuffix(string(rest), "\n")
	lines := strings.Split(text, "\n")
	var out strings.Builder
	out.Write(doc)
	switch {
	case len(lines) >= 3 && (lines[0] == "const (" || lines[0] == "var (") && lines[len(lines)-1] == ")":
		spec := isStringLit
		if lines[0] == "var (" {
			spec = isRawMessage
		}
		specs := lines[1 : len(lines)-1]
		names := make([]string, len(specs))
		values := make([]string, len(specs))
		width := 0
		for i, line := range specs {
			name, value, ok := strings.Cut(line, " = ")
			if !ok || !isIdent(name) || !spec(value) {
				return nil, false
			}
			names[i], values[i] = name, value
			width = max(width, utf8.RuneCountInString(name))
		}
		out.WriteString(lines[0])
		out.WriteByte('\n')
		for i, name := range names {
			out.WriteByte('\t')
			out.WriteString(name)
			out.WriteString(strings.Repeat(" ", width-utf8.RuneCountInString(name)+1))
			out.WriteString("= ")
			if lines[0] == "var (" {
				// jennifer writes a space before a call's parenthesis; gofmt drops it.
				out.WriteString("json.RawMessage(" + strings.TrimPrefix(values[i], "json.RawMessage ("))
			} else {
				out.WriteString(values[i])
			}
			out.WriteByte('\n')
		}
		out.WriteString(")\n")
	case len(lines) >= 3 && lines[0] == "func _ () {" && lines[1] == "var x [1] struct{}" && lines[len(lines)-1] == "}":
		out.WriteString("func _() {\n\tvar x [1]struct{}\n")
		for _, g := range lines[2 : len(lines)-1] {
			name, n, ok := guardCheck(g)
			if !ok {
				return nil, false
			}
			out.WriteString("\t_ = x[len(" + name + ")-" + n + "]\n")
		}
		out.WriteString("}\n")
	default:
		return nil, false
	}
	return []byte(out.String()), true
}

// plainDoc splits the doc comment off decl. It is plain when every line is "// " and text that
// starts with a letter or digit: go/printer reformats doc comments with indented lines (code,
// lists), headings and directives, which are left to it.
func plainDoc(decl []byte) (doc, rest []byte, ok bool) {
	rest = decl
	for bytes.HasPrefix(rest, []byte("//")) {
		line, after, _ := bytes.Cut(rest, []byte("\n"))
		r, _ := utf8.DecodeRune(line[min(3, len(line)):])
		if !bytes.HasPrefix(line, []byte("// ")) || !(unicode.IsLetter(r) || unicode.IsDigit(r)) || bytes.ContainsAny(line, "\t\r") {
			return nil, nil, false
		}
		rest = after
	}
	return decl[:len(decl)-len(rest)], rest, true
}

// isIdent reports whether s is a Go identifier.
func isIdent(s string) bool {
	for i, r := range s {
		if !(unicode.IsLetter(r) || r == '_' || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return s != ""
}

// isStringLit reports whether s is one interpreted string literal, as jen.Lit writes a string.
func isStringLit(s string) bool {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return false
	}
	for i := 1; i < len(s)-1; i++ {
		switch s[i] {
		case '\\':
			i++ // the escaped byte
			if i == len(s)-1 {
				return false // the closing quote was escaped
			}
		case '"', '\n':
			return false
		}
	}
	return true
}

// isRawMessage reports whether s is json.RawMessage of one raw string, as rawString writes a
// schema: compact JSON, so on one line.
func isRawMessage(s string) bool {
	const open, close = "json.RawMessage (`", "`)"
	if !strings.HasPrefix(s, open) || !strings.HasSuffix(s, close) || len(s) < len(open)+len(close) {
		return false
	}
	return !strings.ContainsAny(s[len(open):len(s)-len(close)], "`\n")
}

// guardCheck reads one line of a guard, "_ = x [len(name) - N]" as jennifer writes it.
func guardCheck(line string) (name, n string, ok bool) {
	rest, ok := strings.CutPrefix(line, "_ = x [len(")
	if !ok {
		return "", "", false
	}
	name, rest, ok = strings.Cut(rest, ") - ")
	if !ok || !isIdent(name) {
		return "", "", false
	}
	n, ok = strings.CutSuffix(rest, "]")
	if !ok || n == "" || n[0] == '0' || strings.Trim(n, "0123456789") != "" {
		return "", "", false
	}
	return name, n, true
}
