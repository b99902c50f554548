package gen

import (
	"bytes"
	"unicode"
	"unicode/utf8"
)

// canonicalDecl writes, without go/printer, the gofmt'd form of the three declaration shapes that
// make up most of a large generated file and whose gofmt form is plain: the block of a card's
// fixed texts (`const ( name = "text" … )`), the block of schemas
// (`var ( name = json.RawMessage(`+"`…`"+`) … )`, or `name = other` for a schema another tool
// has too) and a card's stringer-style guard
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
	first, body, ok := bytes.Cut(bytes.TrimSuffix(rest, []byte("\n")), []byte("\n"))
	nl := bytes.LastIndexByte(body, '\n')
	if !ok || nl < 0 {
		return nil, false // fewer than three lines
	}
	lines, last := body[:nl+1], body[nl+1:] // lines: every line between the first and the last
	// The output is the input without jennifer's extra spaces and with indentation and padding:
	// sized once, as a block of schemas is a megabyte on a large package.
	out := make([]byte, 0, len(decl)+len(lines)/8+64)
	out = append(out, doc...)
	switch {
	case (string(first) == "const (" || string(first) == "var (") && string(last) == ")":
		schemas := string(first) == "var ("
		width := 0
		for line := range bytes.Lines(lines) {
			name, value, ok := bytes.Cut(line[:len(line)-1], []byte(" = "))
			if !ok || !isIdent(name) || schemas && !isRawMessage(value) && !isIdent(value) || !schemas && !isStringLit(value) {
				return nil, false
			}
			width = max(width, utf8.RuneCount(name))
		}
		out = append(out, first...)
		out = append(out, '\n')
		for line := range bytes.Lines(lines) {
			name, value, _ := bytes.Cut(line[:len(line)-1], []byte(" = "))
			out = append(out, '\t')
			out = append(out, name...)
			for range width - utf8.RuneCount(name) + 1 {
				out = append(out, ' ')
			}
			out = append(out, "= "...)
			if schemas && !isIdent(value) {
				// jennifer writes a space before a call's parenthesis; gofmt drops it.
				out = append(out, "json.RawMessage("...)
				value = value[len("json.RawMessage ("):]
			}
			out = append(out, value...)
			out = append(out, '\n')
		}
		out = append(out, ")\n"...)
	case string(first) == "func _ () {" && string(last) == "}":
		checks, ok := bytes.CutPrefix(lines, []byte("var x [1] struct{}\n"))
		if !ok || len(checks) == 0 {
			return nil, false
		}
		out = append(out, "func _() {\n\tvar x [1]struct{}\n"...)
		for line := range bytes.Lines(checks) {
			name, n, ok := guardCheck(line[:len(line)-1])
			if !ok {
				return nil, false
			}
			out = append(out, "\t_ = x[len("...)
			out = append(out, name...)
			out = append(out, ")-"...)
			out = append(out, n...)
			out = append(out, "]\n"...)
		}
		out = append(out, "}\n"...)
	default:
		return nil, false
	}
	return out, true
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
func isIdent(s []byte) bool {
	if len(s) == 0 {
		return false
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRune(s[i:])
		if !(unicode.IsLetter(r) || r == '_' || i > 0 && unicode.IsDigit(r)) {
			return false
		}
		i += size
	}
	return true
}

// isStringLit reports whether s is one interpreted string literal, as jen.Lit writes a string.
func isStringLit(s []byte) bool {
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
func isRawMessage(s []byte) bool {
	const open, close = "json.RawMessage (`", "`)"
	if !bytes.HasPrefix(s, []byte(open)) || !bytes.HasSuffix(s, []byte(close)) || len(s) < len(open)+len(close) {
		return false
	}
	return !bytes.ContainsAny(s[len(open):len(s)-len(close)], "`\n")
}

// guardCheck reads one line of a guard, "_ = x [len(name) - N]" as jennifer writes it.
func guardCheck(line []byte) (name, n []byte, ok bool) {
	rest, ok := bytes.CutPrefix(line, []byte("_ = x [len("))
	if !ok {
		return nil, nil, false
	}
	name, rest, ok = bytes.Cut(rest, []byte(") - "))
	if !ok || !isIdent(name) {
		return nil, nil, false
	}
	n, ok = bytes.CutSuffix(rest, []byte("]"))
	if !ok || len(n) == 0 || n[0] == '0' || len(bytes.Trim(n, "0123456789")) != 0 {
		return nil, nil, false
	}
	return name, n, true
}
