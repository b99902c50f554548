package gen

import (
	"strings"

	"github.com/dave/jennifer/jen"
)

// docWidth is the longest line of a generated comment, "// " included, unless one word is longer.
const docWidth = 100

// doc adds text to f as a comment, wrapped at docWidth: generated doc comments are built from
// names of any length (a package of 500 tools lists 500 names), so they are wrapped as they are
// written rather than by hand.
func doc(f *jen.File, text string) {
	for _, line := range wrapDoc(text, docWidth-len("// ")) {
		f.Comment(line)
	}
}

// wrapDoc breaks text into lines of at most width bytes at spaces, keeping any word longer than
// width whole on its own line. The lines are unindented and the comment is one paragraph, so
// gofmt, which reformats doc comments, finds no list, heading or code block in it and leaves it
// as written (TestDocIsGofmtStable).
func wrapDoc(text string, width int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		switch {
		case line == "":
			line = word
		case len(line)+1+len(word) <= width:
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
