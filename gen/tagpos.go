package gen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/cardgen/cardgen/annotations"
	"github.com/cardgen/cardgen/gen/schema"
)

// A problem about a word of a struct tag is reported at that word, as the Go toolchain reports
// a problem inside a string literal. go/types keeps a field's tag as a string, without the
// position of the literal it came from; the package's syntax holds the literal, and
// schema.LiteralOffset maps an offset in the tag to one in the literal, escapes included.

// tagSource is a field's struct tag: the string go/types holds, and the literal it was written
// as when the syntax is at hand.
type tagSource struct {
	tag   string
	lit   *ast.BasicLit // nil without the syntax
	field token.Pos     // where a position inside the tag falls back to
}

// at returns the position of byte off of the tag, or the field's when the literal is unknown.
func (s tagSource) at(off int) token.Pos {
	if s.lit != nil {
		if o, ok := schema.LiteralOffset(s.lit.Value, off); ok {
			return s.lit.Pos() + token.Pos(o)
		}
	}
	return s.field
}

// valueAt returns the position of byte off of the value of key in the tag.
func (s tagSource) valueAt(key string, off int) token.Pos {
	if o, ok := schema.TagOffset(s.tag, key, off); ok {
		return s.at(o)
	}
	return s.field
}

// verbatim returns the positions of bytes off and end of the value of key, which is value, when
// the source has exactly value[off:end] between them, so that an edit of the source there is an
// edit of the value: no escape in the tag literal or in the tag's quoting of the value.
func (s tagSource) verbatim(key, value string, off, end int) (pos, endPos token.Pos, ok bool) {
	if s.lit == nil {
		return token.NoPos, token.NoPos, false
	}
	a, okA := schema.TagOffset(s.tag, key, off)
	b, okB := schema.TagOffset(s.tag, key, end)
	if !okA || !okB {
		return token.NoPos, token.NoPos, false
	}
	la, okA := schema.LiteralOffset(s.lit.Value, a)
	lb, okB := schema.LiteralOffset(s.lit.Value, b)
	if !okA || !okB || s.lit.Value[la:lb] != value[off:end] {
		return token.NoPos, token.NoPos, false
	}
	return s.lit.Pos() + token.Pos(la), s.lit.Pos() + token.Pos(lb), true
}

// fieldTagLit returns the tag literal of field f among the fields of st, or nil.
func fieldTagLit(st *ast.StructType, f *types.Var) *ast.BasicLit {
	if st == nil {
		return nil
	}
	for _, fl := range st.Fields.List {
		if fl.Tag != nil && fieldAt(fl, f.Pos()) {
			return fl.Tag
		}
	}
	return nil
}

// fieldAt reports whether the field syntax fl declares the field whose types.Var is at pos: the
// position of its name, or of the type name of an embedded field.
func fieldAt(fl *ast.Field, pos token.Pos) bool {
	for _, n := range fl.Names {
		if n.Pos() == pos {
			return true
		}
	}
	if id := embeddedFieldIdent(fl.Type); len(fl.Names) == 0 && id != nil {
		return id.Pos() == pos
	}
	return false
}

// embeddedFieldIdent is go/types' function of that name: the identifier whose position an
// embedded field's types.Var has (T in T, *T, pkg.T and T[int]).
func embeddedFieldIdent(e ast.Expr) *ast.Ident {
	switch e := e.(type) {
	case *ast.StarExpr:
		if _, ok := e.X.(*ast.StarExpr); !ok { // **T is not a field
			return embeddedFieldIdent(e.X)
		}
	case *ast.Ident:
		return e
	case *ast.SelectorExpr:
		return e.Sel
	case *ast.IndexExpr:
		return embeddedFieldIdent(e.X)
	case *ast.IndexListExpr:
		return embeddedFieldIdent(e.X)
	}
	return nil
}

// tagLit returns the literal of field f's tag in the package's syntax, or nil. The index of the
// package's tag literals is built when the first problem about a tag is reported.
func (b *builder) tagLit(f *types.Var) *ast.BasicLit {
	if b.tagLits == nil {
		b.tagLits = map[token.Pos]*ast.BasicLit{}
		for _, file := range b.pkg.Files {
			indexTagLits(file, func(fl *ast.Field, pos token.Pos) { b.tagLits[pos] = fl.Tag })
		}
	}
	return b.tagLits[f.Pos()]
}

// indexTagLits calls add with each field of file's struct types that has a tag, and the position
// its types.Var has.
func indexTagLits(file *ast.File, add func(fl *ast.Field, pos token.Pos)) {
	ast.Inspect(file, func(n ast.Node) bool {
		st, ok := n.(*ast.StructType)
		if !ok || st.Fields == nil {
			return true
		}
		for _, fl := range st.Fields.List {
			if fl.Tag == nil {
				continue
			}
			for _, n := range fl.Names {
				add(fl, n.Pos())
			}
			if id := embeddedFieldIdent(fl.Type); len(fl.Names) == 0 && id != nil {
				add(fl, id.Pos())
			}
		}
		return true
	})
}

// tagProblem reports the schema problem p, which is about byte p.TagOffset of p.Field's tag,
// at that byte: in the package's syntax, or in the source file of another package of the module.
// Where neither has the tag, it stays at the field.
func (b *builder) tagProblem(p schema.Problem) {
	lit := b.tagLit(p.Field)
	var fix *annotations.Fix
	if lit == nil || unquoted(lit) != p.Tag {
		// Another package's file: the position is shown, but no fix is offered for a file the
		// analysis of this package does not own (go vet -fix would skip it), as for card tags.
		lit = b.moduleTagLit(p.Field, p.Tag)
	} else {
		fix = tagSource{tag: p.Tag, lit: lit}.fix(p)
	}
	b.errorfFix(tagSource{tag: p.Tag, lit: lit, field: p.Pos}.at(p.TagOffset), fix, "%s", p.Msg)
}

// fix returns p's edit of the source, when p has one and the source holds the tag's bytes there
// as they are (no escape in the literal between them); nil otherwise.
func (s tagSource) fix(p schema.Problem) *annotations.Fix {
	if p.FixText == "" || p.Field == nil || s.lit == nil || !strings.HasPrefix(p.Tag[p.TagOffset:], p.FixOld) {
		return nil
	}
	a, okA := schema.LiteralOffset(s.lit.Value, p.TagOffset)
	b, okB := schema.LiteralOffset(s.lit.Value, p.TagOffset+len(p.FixOld))
	if !okA || !okB || s.lit.Value[a:b] != p.FixOld {
		return nil
	}
	return &annotations.Fix{Pos: s.lit.Pos() + token.Pos(a), End: s.lit.Pos() + token.Pos(b), NewText: p.FixText}
}

func unquoted(lit *ast.BasicLit) string {
	s, _ := strconv.Unquote(lit.Value)
	return s
}

// moduleTagLit returns the literal of the tag of f, a field of another package of a main module
// (the module, or a module of the go.work), or nil. Such a package's types come from export
// data, which keeps a field's file and line but not its column or its tag literal; the file is
// the user's, so it is parsed, into the package's FileSet so that positions in it print as any
// other, and the tag taken from the field of f's name on f's line, when there is one such field
// and its tag is the one go/types holds (the file has not changed since it was compiled). Files
// elsewhere (the module cache, the standard library) are left alone: their fields keep their
// position.
func (b *builder) moduleTagLit(f *types.Var, tag string) *ast.BasicLit {
	mf := b.moduleFile(f.Pos())
	if mf == nil {
		return nil
	}
	fp := b.fset.Position(f.Pos())
	lit := mf.lits[lineName{fp.Line, f.Name()}]
	if lit == nil || unquoted(lit) != tag {
		return nil
	}
	return lit
}

// moduleFile returns the file that holds pos, an object's position in another package's export
// data, parsed, when the file is under the directory of a main module (a module nested there,
// replaced by its directory, is the user's source too); nil otherwise. Each file is parsed once.
func (b *builder) moduleFile(pos token.Pos) *moduleFile {
	fp := b.fset.Position(pos)
	if !fp.IsValid() || !slices.ContainsFunc(b.mainModules(), func(root string) bool { return within(root, fp.Filename) }) {
		return nil
	}
	if b.moduleFiles == nil {
		b.moduleFiles = map[string]*moduleFile{}
	}
	mf, seen := b.moduleFiles[fp.Filename]
	if !seen {
		mf = parseModuleFile(b.fset, fp.Filename)
		b.moduleFiles[fp.Filename] = mf
	}
	return mf
}

// inMainModule reports whether the file at path belongs to a main module: the go.mod nearest to
// it is one of theirs (a module nested in one, which is not in the go.work, is another module).
func (b *builder) inMainModule(path string) bool {
	roots := b.mainModules()
	dir := filepath.Dir(path)
	if in, ok := b.mainDirs[dir]; ok {
		return in
	}
	if b.mainDirs == nil {
		b.mainDirs = map[string]bool{}
	}
	in := false
	if root := moduleRoot(dir); root != "" {
		for _, r := range roots {
			if sameDir(r, root) {
				in = true
				break
			}
		}
	}
	b.mainDirs[dir] = in
	return in
}

// mainModules returns the directories of the main modules: Input.MainModules, or the package's
// own module when those are not known.
func (b *builder) mainModules() []string {
	if len(b.pkg.MainModules) > 0 {
		return b.pkg.MainModules
	}
	if root := b.moduleRoot(); root != "" {
		return []string{root}
	}
	return nil
}

// sameDir reports whether a and b name one directory: equal paths, or, through a symbolic link
// or another spelling, the same file.
func sameDir(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	ia, errA := os.Stat(a)
	ib, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(ia, ib)
}

// moduleRoot is the directory of the package's go.mod: as go/packages found it, or, under an
// analysis driver, which does not say, as the go command finds it, in the package's directory or
// the nearest one above it.
func (b *builder) moduleRoot() string {
	if b.pkg.GoMod != "" {
		return filepath.Dir(b.pkg.GoMod)
	}
	if b.out.Dir == "" {
		return ""
	}
	return moduleRoot(b.out.Dir)
}

// moduleFile is a source file of another package of a main module, parsed for its tag literals
// and its build constraint.
type moduleFile struct {
	file *ast.File
	lits map[lineName]*ast.BasicLit // nil for a name on a line that has two fields of it
}

type lineName struct {
	line int
	name string
}

// parseModuleFile parses the file at path into fset for its fields' tag literals, or returns nil.
func parseModuleFile(fset *token.FileSet, path string) *moduleFile {
	file, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	mf := &moduleFile{file: file, lits: map[lineName]*ast.BasicLit{}}
	indexTagLits(file, func(fl *ast.Field, pos token.Pos) {
		k := lineName{fset.Position(pos).Line, fieldName(fl, pos)}
		if _, dup := mf.lits[k]; dup {
			mf.lits[k] = nil
			return
		}
		mf.lits[k] = fl.Tag
	})
	return mf
}

// fieldName is the name of the field fl declares at pos.
func fieldName(fl *ast.Field, pos token.Pos) string {
	for _, n := range fl.Names {
		if n.Pos() == pos {
			return n.Name
		}
	}
	return embeddedFieldIdent(fl.Type).Name
}
