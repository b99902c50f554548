package gen

import (
	"go/types"
	"slices"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/cardgen/cardgen/gen/schema"
)

// Type guards hold the generated test to the declarations cardgen read. For each named struct
// type that a tool's schemas or card were made from, cards_gen_test.go declares
//
//	_ struct {
//		ID string `json:"id"`
//	} = GetOrderInput{}
//
// which compiles only while GetOrderInput's underlying type is identical to the struct type as
// cardgen read it: the same fields, in the same order, with the same names, types and tags (Go's
// type identity takes tags into account, where a conversion would not). A field added, removed,
// renamed, retyped or retagged since cardgen ran makes `go test` fail to compile at that line,
// whose comment says to run go generate, as stringer's "invalid array index" guard does for
// constants. The guards stand in the test file rather than in cards_gen.go so that a build never
// breaks while a type is being edited; only the tests, which would check stale schemas, do.
//
// A guard needs every field spelled in the generated package: a struct of another package with
// an unexported field, or one whose fields reach a type that cannot be named there (unexported
// in another package, in an internal package the package may not import, declared inside a
// function, an interface with an unexported method of another package), gets none; `cardgen
// check` still finds it stale.
//
// A struct that embeds an alias (type Base = Inner) names the field by the alias, which the
// guard must write as it is: written as Inner the field's name would differ. So the alias gets a
// guard of its own, _ *Inner = (*Base)(nil), which compiles only while Base stands for Inner.

// guardedTypes returns the named struct types t's generated code depends on by their fields:
// those its input and output schemas were made from and, for a tool with a result card or a
// markdown card, its output and the structs embedded in it, whose card tags make the card.
func guardedTypes(t *Tool, in, out []*types.Named) []*types.Named {
	all := append(append([]*types.Named(nil), in...), out...)
	if t.Card == nil && t.Markdown == nil {
		return all
	}
	seen := map[*types.Named]bool{}
	var walk func(n *types.Named)
	walk = func(n *types.Named) {
		if seen[n] {
			return
		}
		seen[n] = true
		if !slices.Contains(all, n) {
			all = append(all, n)
		}
		st, ok := n.Underlying().(*types.Struct)
		if !ok {
			return
		}
		for i := range st.NumFields() {
			if !st.Field(i).Embedded() {
				continue
			}
			ft := types.Unalias(st.Field(i).Type())
			if p, ok := ft.(*types.Pointer); ok {
				ft = types.Unalias(p.Elem())
			}
			if e, ok := ft.(*types.Named); ok && isStructType(e) {
				walk(e)
			}
		}
	}
	walk(t.Out)
	return all
}

// typeGuards returns the guard declarations of the package's tools, each type once (the first
// tool to reach it places it), for the top level of the test file: a var block per tool, with a
// comment that says what a failure means; nil when no type can be guarded. A block per tool,
// rather than a declaration per type or one block of all: the formatter takes the file's
// top-level declarations one at a time, on every core, and go/printer's cost grows faster than
// a declaration's size, while each declaration has a cost of its own (measured on the 500-tool
// package: RenderTest 59 ms a run with blocks per tool, 75 ms with a declaration per type, 156 ms
// with one block).
func typeGuards(p *Package) []jen.Code {
	s := speller{home: p.Path, anyTaken: p.declares("any") || p.testDeclares("any")}
	if pkg := p.pkg.Types; pkg != nil {
		s.imported = map[string]bool{}
		for _, imp := range pkg.Imports() {
			s.imported[imp.Path()] = true
		}
	}
	seen := map[*types.Named]bool{}
	var guards []jen.Code
	for _, t := range p.Tools {
		var specs []jen.Code
		for _, n := range t.guarded {
			if seen[n] {
				continue
			}
			seen[n] = true
			specs = s.guard(specs, n)
		}
		if len(specs) > 0 {
			for _, line := range wrapDoc("The types of "+t.Name+", each with its fields as cardgen read them: one that no longer compiles has changed since, and the generated code is stale; run go generate.", docWidth-len("// ")) {
				guards = append(guards, jen.Comment(line))
			}
			guards = append(guards, jen.Var().Defs(specs...), jen.Line())
		}
	}
	return guards
}

// guard appends the guards of the named type n to specs: for a struct, an assignment of its zero
// value to the struct type as declared, which compiles while the two are identical, tags
// included, and one for each alias it embeds; for another type (type Status string, type Items
// []Item), a conversion of a *n to a pointer to its underlying type as declared, which compiles
// while the two underlying types are identical.
func (s speller) guard(specs []jen.Code, n *types.Named) []jen.Code {
	if pkg := n.Obj().Pkg(); pkg == nil || schema.StandardPackage(pkg.Path()) {
		return specs // the standard library keeps its types as they are (json.RawMessage)
	}
	value, ok := s.spell(n)
	if !ok {
		return specs
	}
	st, isStruct := n.Underlying().(*types.Struct)
	if !isStruct {
		under, ok := s.spell(n.Underlying())
		if !ok {
			return specs
		}
		return append(specs, jen.Id("_").Op("=").Parens(jen.Op("*").Add(under)).Call(jen.Parens(jen.Op("*").Add(value)).Call(jen.Nil())))
	}
	lit, ok := s.structType(st)
	if !ok {
		return specs
	}
	specs = append(specs, jen.Id("_").Add(lit).Op("=").Add(value).Values())
	for i := range st.NumFields() {
		if !st.Field(i).Embedded() {
			continue
		}
		t := st.Field(i).Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if a, ok := t.(*types.Alias); ok {
			// Written by its name in the struct above (embedded checked that it can be).
			if target, ok := s.spell(types.Unalias(a)); ok {
				specs = append(specs, jen.Id("_").Op("*").Add(target).Op("=").Parens(jen.Op("*").Add(s.qualified(a.Obj()))).Call(jen.Nil()))
			}
		}
	}
	return specs
}

// speller writes go/types types as Go source in the package home, or reports that one cannot be
// written there.
type speller struct {
	home string
	// anyTaken is set when the package, or one of its test files, declares a name any, so that
	// the empty interface is written interface{}.
	anyTaken bool
	// imported are the packages the package's own files import (nil: any may be named). A type
	// of another package is written only from these and the standard library: an import of the
	// test file that no file of the package has would make go mod tidy promote an indirect
	// requirement to a direct one.
	imported map[string]bool
}

func (s speller) structType(st *types.Struct) (jen.Code, bool) {
	fields := make([]jen.Code, 0, st.NumFields())
	for i := range st.NumFields() {
		f := st.Field(i)
		if !f.Exported() && (f.Pkg() == nil || f.Pkg().Path() != s.home) {
			// An unexported field written here would belong to this package, not to f's, and
			// the struct types would not be identical.
			return nil, false
		}
		var field *jen.Statement
		if f.Embedded() {
			typ, ok := s.embedded(f)
			if !ok {
				return nil, false
			}
			field = jen.Add(typ)
		} else {
			typ, ok := s.spell(f.Type())
			if !ok {
				return nil, false
			}
			field = jen.Id(f.Name()).Add(typ)
		}
		if tag := st.Tag(i); tag != "" {
			field.Op(tagLiteral(tag))
		}
		fields = append(fields, field)
	}
	return jen.Struct(fields...), true
}

// embedded writes the type of the embedded field f by the name the field has: an alias embeds
// under the alias's name, so an alias is written as itself (when it can be: not a generic one,
// nor one of an internal package), where spell writes the type it stands for.
func (s speller) embedded(f *types.Var) (jen.Code, bool) {
	t, ptr := f.Type(), false
	if p, ok := t.(*types.Pointer); ok {
		t, ptr = p.Elem(), true
	}
	var c jen.Code
	switch t := t.(type) {
	case *types.Alias:
		if t.Obj().Name() != f.Name() || !s.spellsAlias(t) {
			return nil, false
		}
		c = s.qualified(t.Obj())
	case *types.Named:
		if t.Obj().Name() != f.Name() {
			return nil, false
		}
		var ok bool
		if c, ok = s.spell(t); !ok {
			return nil, false
		}
	default:
		return nil, false // an embedded basic type cannot be in a struct of json fields
	}
	if ptr {
		return jen.Op("*").Add(c), true
	}
	return c, true
}

// spellsAlias reports whether the alias a can be written by its own name.
func (s speller) spellsAlias(a *types.Alias) bool {
	return a.TypeArgs().Len() == 0 && s.nameable(a.Obj())
}

// tagLiteral writes a struct tag as a raw string where it can be one, as people write tags.
func tagLiteral(tag string) string {
	if !strconv.CanBackquote(tag) {
		return strconv.Quote(tag)
	}
	return "`" + tag + "`"
}

// spell writes t, or reports that it cannot be written in the package: an alias as the type it
// stands for, or by its own name where that type cannot be written.
func (s speller) spell(t types.Type) (jen.Code, bool) {
	switch t := t.(type) {
	case *types.Alias:
		// The type an alias stands for, so that an alias pointed elsewhere since (type ID =
		// string, now int) no longer compiles; the alias itself where that type cannot be
		// written here (one of another package's internal packages).
		if c, ok := s.spell(types.Unalias(t)); ok {
			return c, true
		}
		if s.spellsAlias(t) {
			return s.qualified(t.Obj()), true
		}
		return nil, false
	case *types.Named:
		obj := t.Obj()
		if obj.Pkg() == nil { // error
			return jen.Id(obj.Name()), obj.Name() == "error"
		}
		if !s.nameable(obj) {
			return nil, false
		}
		name := s.qualified(obj)
		if t.TypeArgs().Len() == 0 {
			return name, true
		}
		args := make([]jen.Code, t.TypeArgs().Len())
		for i := range args {
			a, ok := s.spell(t.TypeArgs().At(i))
			if !ok {
				return nil, false
			}
			args[i] = a
		}
		return name.Types(args...), true
	case *types.Basic:
		switch {
		case t.Kind() == types.UnsafePointer:
			return jen.Qual("unsafe", "Pointer"), true
		case t.Info()&types.IsUntyped != 0 || t.Kind() == types.Invalid:
			return nil, false
		}
		return jen.Id(t.Name()), true
	case *types.Pointer:
		elem, ok := s.spell(t.Elem())
		return jen.Op("*").Add(elem), ok
	case *types.Slice:
		elem, ok := s.spell(t.Elem())
		return jen.Index().Add(elem), ok
	case *types.Array:
		elem, ok := s.spell(t.Elem())
		return jen.Index(jen.Id(strconv.FormatInt(t.Len(), 10))).Add(elem), ok
	case *types.Map:
		key, ok := s.spell(t.Key())
		if !ok {
			return nil, false
		}
		elem, ok := s.spell(t.Elem())
		return jen.Map(key).Add(elem), ok
	case *types.Chan:
		elem, ok := s.spell(t.Elem())
		if _, nested := types.Unalias(t.Elem()).(*types.Chan); nested && ok {
			// chan (<-chan T): without them, chan <-chan T would read as chan<- (chan T).
			elem = jen.Parens(elem)
		}
		switch t.Dir() {
		case types.SendOnly:
			return jen.Chan().Op("<-").Add(elem), ok
		case types.RecvOnly:
			return jen.Op("<-").Chan().Add(elem), ok
		}
		return jen.Chan().Add(elem), ok
	case *types.Struct:
		return s.structType(t)
	case *types.Signature:
		return s.signature(t)
	case *types.Interface:
		return s.iface(t)
	}
	return nil, false // type parameters, unions
}

func (s speller) signature(sig *types.Signature) (jen.Code, bool) {
	fn := jen.Func()
	return fn, s.params(fn, sig)
}

// params writes sig's parameters and results after fn: the part of a function type, or of a
// method in an interface, after func or the method's name.
func (s speller) params(fn *jen.Statement, sig *types.Signature) bool {
	if sig.TypeParams().Len() > 0 {
		return false
	}
	params := make([]jen.Code, sig.Params().Len())
	for i := range params {
		pt := sig.Params().At(i).Type()
		variadic := sig.Variadic() && i == len(params)-1
		if variadic {
			pt = pt.(*types.Slice).Elem()
		}
		c, ok := s.spell(pt)
		if !ok {
			return false
		}
		if variadic {
			c = jen.Op("...").Add(c)
		}
		params[i] = c
	}
	results := make([]jen.Code, sig.Results().Len())
	for i := range results {
		c, ok := s.spell(sig.Results().At(i).Type())
		if !ok {
			return false
		}
		results[i] = c
	}
	fn.Params(params...)
	switch len(results) {
	case 0:
	case 1:
		fn.Add(results[0])
	default:
		fn.Params(results...)
	}
	return true
}

// iface writes an interface by its whole method set, embedded interfaces' methods included: two
// interface types are identical when their type sets are, however they were written. One with an
// unexported method of another package, or a constraint's type set, cannot be written here.
func (s speller) iface(t *types.Interface) (jen.Code, bool) {
	if !t.IsMethodSet() {
		return nil, false
	}
	if t.NumMethods() == 0 {
		if s.anyTaken {
			return jen.Interface(), true
		}
		return jen.Any(), true
	}
	methods := make([]jen.Code, t.NumMethods())
	for i := range methods {
		m := t.Method(i)
		if !m.Exported() && (m.Pkg() == nil || m.Pkg().Path() != s.home) {
			return nil, false
		}
		method := jen.Id(m.Name())
		if !s.params(method, m.Signature()) {
			return nil, false
		}
		methods[i] = method
	}
	return jen.Interface(methods...), true
}

// nameable reports whether the type name obj can be written in the package: declared at a
// package's top level, and either in the package or exported by one it may import.
func (s speller) nameable(obj *types.TypeName) bool {
	pkg := obj.Pkg()
	if pkg == nil || obj.Parent() != pkg.Scope() {
		return false // a type declared inside a function
	}
	if pkg.Path() == s.home {
		return true
	}
	if !obj.Exported() || pkg.Name() == "main" {
		return false
	}
	if parent, internal := internalParent(pkg.Path()); internal && !mayImport(s.home, parent) {
		return false
	}
	return s.imported == nil || s.imported[pkg.Path()] || schema.StandardPackage(pkg.Path())
}

func (s speller) qualified(obj *types.TypeName) *jen.Statement {
	if obj.Pkg().Path() == s.home {
		return jen.Id(obj.Name())
	}
	return jen.Qual(obj.Pkg().Path(), obj.Name())
}
