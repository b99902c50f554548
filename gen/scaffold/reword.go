package scaffold

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/cardgen/cardgen/gen"
)

// What Apply finds wrong only once the files are written (a problem of the generator's that
// NewPlan does not foresee, a compiler error in the golden test run) is positioned in those files:
// the scaffolded handler's file, a new package's doc.go, the starter view, or cardgen's generated
// files as regenerated with the new tool. Apply undoes the scaffold before it returns, so a
// file:line:col there would send the user to a file that no longer exists, or that holds other
// lines again. These functions name what was there instead: the scaffolded declaration, and that
// it was not kept.

// scaffolded returns diags with every position in a file the scaffold created, the diagnostic's
// own or one its message gives (a clash with the new tool, reported at the other tool, gives the
// new tool's position), replaced by the scaffolded declaration that was there.
func (p *Plan) scaffolded(diags gen.Diagnostics) gen.Diagnostics {
	out := make(gen.Diagnostics, len(diags))
	for i, d := range diags {
		d.Msg = p.scaffoldedText(d.Msg, nil)
		if where := p.describe(d.Pos.Filename, d.Pos.Line, nil); where != "" {
			d = gen.Diagnostic{Msg: where + ": " + d.Msg}
		}
		out[i] = d
	}
	return out
}

// textPosition matches a position in a message or in the go command's output: a file name
// (relative to the package directory, or absolute) and a line, and maybe a column. The go command
// prints compiler errors as ./get_log.go:12:3: and test failures as cards_gen_test.go:80:; the
// generator names another declaration as (get_log.go:12:3).
var textPosition = regexp.MustCompile(`[^\s()"]+\.(?:go|html):(\d+)(?::\d+)?`)

// scaffoldedText returns text with each position in a file the scaffold created or regenerated
// (regenerated, the paths of the generated files written) replaced by what was there.
func (p *Plan) scaffoldedText(text string, regenerated []string) string {
	return textPosition.ReplaceAllStringFunc(text, func(pos string) string {
		m := textPosition.FindStringSubmatchIndex(pos)
		line, _ := strconv.Atoi(pos[m[2]:m[3]])
		name := pos[:m[2]-1]
		if !filepath.IsAbs(name) {
			name = filepath.Join(p.Dir, name)
		}
		if where := p.describe(name, line, regenerated); where != "" {
			return where
		}
		return pos
	})
}

// describe says what was at line of the file path when path is a file the scaffold created, or
// one of regenerated (the generated files as regenerated with the new tool); "" otherwise.
func (p *Plan) describe(path string, line int, regenerated []string) string {
	if path == "" {
		return ""
	}
	shown := func(f string) string {
		rel, err := filepath.Rel(p.Dir, f)
		if err != nil {
			return f
		}
		return filepath.Join(p.Options.Dir, rel)
	}
	for _, f := range p.Files {
		if !sameFile(path, f.Path) {
			continue
		}
		switch {
		case f.Path == p.Source:
			return fmt.Sprintf("%s in %s, which was not kept", declarationAt(f.Content, line), shown(f.Path))
		case strings.HasSuffix(f.Path, ".html"):
			return fmt.Sprintf("the scaffolded starter view %s, which was not kept", shown(f.Path))
		default:
			return fmt.Sprintf("the scaffolded %s of the new package, which was not kept", shown(f.Path))
		}
	}
	for _, f := range regenerated {
		if sameFile(path, f) {
			return fmt.Sprintf("%s as regenerated with the new tool (its line %d), which was undone since", shown(f), line)
		}
	}
	return ""
}

// declarationAt names the top-level declaration of the scaffolded handler's file src that line is
// in: the handler (or its //card: lines, in its doc comment), one of its types, or the imports.
func declarationAt(src []byte, line int) string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return "the scaffolded handler's file"
	}
	within := func(from, to token.Pos) bool {
		return fset.Position(from).Line <= line && line <= fset.Position(to).Line
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Doc != nil && within(d.Doc.Pos(), d.Doc.End()) {
				return "the doc comment (its //card: lines) of the scaffolded handler " + d.Name.Name
			}
			if within(d.Pos(), d.End()) {
				return "the scaffolded handler " + d.Name.Name
			}
		case *ast.GenDecl:
			from := d.Pos()
			if d.Doc != nil {
				from = d.Doc.Pos()
			}
			if !within(from, d.End()) {
				continue
			}
			if d.Tok == token.IMPORT {
				return "the imports of the scaffolded handler's file"
			}
			for _, spec := range d.Specs {
				if ts, ok := spec.(*ast.TypeSpec); ok {
					return "the scaffolded type " + ts.Name.Name
				}
			}
		}
	}
	return "the scaffolded handler's file"
}

// sameFile reports whether a and b name one file: the same path, or, while it exists, the same
// file through another path (through a symlinked directory, which the go command may print
// resolved).
func sameFile(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	ia, err := os.Stat(a)
	if err != nil {
		return false
	}
	ib, err := os.Stat(b)
	return err == nil && os.SameFile(ia, ib)
}
