package gen

import (
	"bytes"
	"go/format"
)

// formatDecls gofmts a file a top-level declaration at a time, on every core. Printing is the
// largest part of a run on a big package, go/printer's cost grows faster than the size of what
// it prints, and top-level declarations are formatted independently of each other; so the
// result is the bytes format.Source gives for the whole file (TestRenderMatchesGofmt holds it),
// in a fraction of the time. src is jennifer's unformatted output, where every top-level
// declaration starts a line at nesting depth zero.
func formatDecls(src []byte) ([]byte, error) {
	header, decls := splitDecls(src)
	for i := 1; i < len(decls); i++ {
		// Two declarations of one kind with no doc comment between them stay on adjacent lines,
		// where gofmt may align them with each other: only the whole file formats them right.
		if sameKindNoDoc(decls[i-1], decls[i]) {
			return format.Source(src)
		}
	}
	out := make([][]byte, len(decls)+1)
	errs := make([]error, len(decls)+1)
	out[0], errs[0] = format.Source(header)
	onEveryCore(len(decls), func(i int) {
		if b, ok := canonicalDecl(decls[i]); ok {
			out[i+1] = b
			return
		}
		const clause = "package p\n\n"
		b, err := format.Source(append([]byte(clause), decls[i]...))
		if err == nil {
			b = b[len(clause):]
		}
		out[i+1], errs[i+1] = b, err
	})
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	var buf bytes.Buffer
	buf.Grow(len(src) + len(src)/8) // gofmt adds indentation and alignment
	for i, b := range out {
		if i > 0 {
			buf.WriteByte('\n') // gofmt's blank line between declarations of different kinds or with docs
		}
		buf.Write(bytes.TrimRight(b, "\n"))
		buf.WriteByte('\n')
	}
	return buf.Bytes(), nil
}

// sameKindNoDoc reports whether next starts with the same keyword as prev and has no comment
// above it.
func sameKindNoDoc(prev, next []byte) bool {
	if bytes.HasPrefix(next, []byte("/")) {
		return false
	}
	return declKeyword(stripDoc(prev)) == declKeyword(next)
}

// stripDoc drops the comment lines at the start of a declaration.
func stripDoc(d []byte) []byte {
	for bytes.HasPrefix(d, []byte("//")) || bytes.HasPrefix(d, []byte("/*")) {
		end := bytes.IndexByte(d, '\n')
		if bytes.HasPrefix(d, []byte("/*")) {
			if e := bytes.Index(d, []byte("*/")); e >= 0 {
				end = e + 2
				if nl := bytes.IndexByte(d[end:], '\n'); nl >= 0 {
					end += nl
				}
			}
		}
		if end < 0 {
			return nil
		}
		d = d[end+1:]
	}
	return d
}

// splitDecls cuts src before each top-level func, var, const or type declaration, keeping the
// comment lines just above a declaration (its doc) with it. It tracks brackets, strings, raw
// strings, runes and comments so that nothing inside a declaration is taken for a boundary.
func splitDecls(src []byte) (header []byte, decls [][]byte) {
	var cuts []int
	depth := 0
	docStart := -1 // start of the run of comment lines directly above the current line
	lineStart := true
	for i := 0; i < len(src); i++ {
		c := src[i]
		if lineStart && depth == 0 {
			lineStart = false
			rest := src[i:]
			switch {
			case bytes.HasPrefix(rest, []byte("//")) || bytes.HasPrefix(rest, []byte("/*")):
				if docStart < 0 {
					docStart = i
				}
			case hasDeclKeyword(rest):
				at := i
				if docStart >= 0 {
					at = docStart
				}
				cuts = append(cuts, at)
				docStart = -1
			default:
				docStart = -1
			}
		}
		switch c {
		case '\n':
			lineStart = true
		case '(', '{', '[':
			depth++
		case ')', '}', ']':
			depth--
		case '"', '\'':
			for i++; i < len(src) && src[i] != c; i++ {
				if src[i] == '\\' {
					i++
				}
			}
		case '`':
			for i++; i < len(src) && src[i] != '`'; i++ {
			}
		case '/':
			if i+1 < len(src) && src[i+1] == '/' {
				for i < len(src) && src[i] != '\n' {
					i++
				}
				lineStart = true
			} else if i+1 < len(src) && src[i+1] == '*' {
				end := bytes.Index(src[i+2:], []byte("*/"))
				if end < 0 {
					i = len(src)
				} else {
					i += 2 + end + 1
				}
			}
		}
	}
	if len(cuts) == 0 {
		return src, nil
	}
	header = src[:cuts[0]]
	for k, at := range cuts {
		end := len(src)
		if k+1 < len(cuts) {
			end = cuts[k+1]
		}
		decls = append(decls, src[at:end])
	}
	return header, decls
}

func hasDeclKeyword(line []byte) bool { return declKeyword(line) != "" }

func declKeyword(line []byte) string {
	for _, kw := range []string{"func ", "var ", "const ", "type "} {
		if bytes.HasPrefix(line, []byte(kw)) {
			return kw
		}
	}
	return ""
}
