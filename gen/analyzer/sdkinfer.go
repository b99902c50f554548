package analyzer

import (
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"
)

// sdkInference follows, over go/types, the MCP Go SDK's inference of a schema from a Go type:
// google/jsonschema-go's ForType (jsonschema/infer.go, v0.4.3), which mcp.AddTool calls for a
// tool's input and output when the mcp.Tool leaves the schema nil, and which
// register.AddTool calls the same way. It goes as far as the first thing that makes ForType
// fail, in the order ForType meets them, to say whether that is a jsonschema tag that begins
// with WORD= (disallowedPrefixRegexp): ForType refuses those, "for future compatibility",
// where invopop, and so cardgen, reads its keywords so (description=the order id).
//
// ForType follows pointers; walks a map's values, a slice's and an array's elements, and a
// struct's fields as reflect.VisibleFields lists them (an embedded struct's fields promoted, the
// embedded field itself skipped), leaving out unexported fields and json:"-"; infers each
// field's type before it reads the field's jsonschema tag; and stops at the first error: a
// named type met again below itself (a cycle), a map key that is neither a string nor an
// encoding.TextMarshaler, a channel, function, complex or unsafe.Pointer type (ignored instead
// with IgnoreInvalidTypes), an empty jsonschema tag, or a tag that begins with WORD=. The types
// it maps without walking them (time.Time, slog.Level, big.Int, big.Rat, big.Float) are not
// walked here either.
type sdkInference struct {
	// ignoreInvalid is ForOptions.IgnoreInvalidTypes: a field of a type ForType cannot map is
	// left out instead of failing.
	ignoreInvalid bool
	// path holds the named types being inferred, outermost first, for ForType's cycle check.
	path []*types.Named
	// done holds the named types inferred without failure, and whether their schema is nil
	// (ignored): whether ForType fails below a type does not depend on the path to it when it
	// does not fail (a cycle through the type would fail from anywhere), and the types of a
	// large package are met many times over.
	done map[*types.Named]bool
}

// inferFailure is where ForType fails first: on the jsonschema tag of field, or, when field is
// nil, on something else (or something go/types cannot say, such as a type parameter).
type inferFailure struct {
	field *types.Var
	tag   string
}

// otherFailure is a failure that is not about a jsonschema tag, or a type the walk cannot follow.
var otherFailure = &inferFailure{}

// forType returns whether ForType's schema for t is nil (a type IgnoreInvalidTypes leaves out),
// and where ForType fails first, or nil.
func (w *sdkInference) forType(t types.Type) (ignored bool, fail *inferFailure) {
	t = types.Unalias(t)
	for {
		p, ok := t.Underlying().(*types.Pointer)
		if !ok {
			break
		}
		t = types.Unalias(p.Elem())
	}
	if n, ok := t.(*types.Named); ok {
		if ignored, ok := w.done[n]; ok {
			return ignored, nil
		}
		if slices.ContainsFunc(w.path, func(p *types.Named) bool { return types.Identical(p, n) }) {
			return false, otherFailure // "cycle detected for type"
		}
		if mappedWithoutWalking(n) {
			return false, nil
		}
		w.path = append(w.path, n)
		ignored, fail = w.underlying(n)
		w.path = w.path[:len(w.path)-1]
		if fail == nil {
			if w.done == nil {
				w.done = map[*types.Named]bool{}
			}
			w.done[n] = ignored
		}
		return ignored, fail
	}
	return w.underlying(t)
}

// underlying is forType's switch on the kind of t, a type that is no pointer.
func (w *sdkInference) underlying(t types.Type) (ignored bool, fail *inferFailure) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&(types.IsBoolean|types.IsInteger|types.IsFloat|types.IsString) != 0 && u.Info()&types.IsUntyped == 0:
			return false, nil
		case u.Kind() == types.Complex64 || u.Kind() == types.Complex128 || u.Kind() == types.UnsafePointer:
			return w.invalid()
		}
		return false, otherFailure // an invalid type: the package does not type-check
	case *types.Interface:
		return false, nil // any value
	case *types.Map:
		if k, ok := u.Key().Underlying().(*types.Basic); !(ok && k.Info()&types.IsString != 0) && !types.Implements(u.Key(), textMarshaler) {
			return w.invalid()
		}
		return w.forType(u.Elem())
	case *types.Slice:
		return w.forType(u.Elem())
	case *types.Array:
		return w.forType(u.Elem())
	case *types.Struct:
		for _, f := range visibleFields(t) {
			if f.v.Anonymous() || !f.v.Exported() {
				continue // an embedded field's own fields are among the visible ones
			}
			tags := reflect.StructTag(f.tag)
			if name, _, found := strings.Cut(tags.Get("json"), ","); name == "-" && !found {
				continue
			}
			ignored, fail := w.forType(f.v.Type())
			if fail != nil {
				return false, fail
			}
			if ignored && w.ignoreInvalid {
				continue
			}
			if tag, ok := tags.Lookup("jsonschema"); ok {
				if tag == "" {
					return false, otherFailure // "empty jsonschema tag on struct field"
				}
				if sdkRefusedTag(tag) {
					return false, &inferFailure{field: f.v, tag: tag}
				}
			}
		}
		return false, nil
	case *types.Chan, *types.Signature:
		return w.invalid()
	}
	return false, otherFailure // a type parameter, or a type the walk does not know
}

// invalid is ForType on a type it cannot map: left out with IgnoreInvalidTypes, else an error.
func (w *sdkInference) invalid() (bool, *inferFailure) {
	if w.ignoreInvalid {
		return true, nil
	}
	return false, otherFailure
}

// sdkRefusedTag reports whether jsonschema-go refuses tag, the value of a field's jsonschema
// tag: it matches ^[^ \t\n]*=, a WORD= before any white space.
func sdkRefusedTag(tag string) bool {
	i := strings.IndexAny(tag, " \t\n=")
	return i >= 0 && tag[i] == '='
}

// mappedWithoutWalking reports whether n is one of the types jsonschema-go maps to a schema of
// its own (initialSchemaMap) without looking inside.
func mappedWithoutWalking(n *types.Named) bool {
	obj := n.Obj()
	if obj.Pkg() == nil {
		return false
	}
	switch obj.Pkg().Path() + "." + obj.Name() {
	case "time.Time", "log/slog.Level", "math/big.Int", "math/big.Rat", "math/big.Float":
		return true
	}
	return false
}

// textMarshaler is encoding.TextMarshaler, which a map key may implement instead of being a
// string.
var textMarshaler = func() *types.Interface {
	bytes := types.NewSlice(types.Typ[types.Byte])
	errType := types.Universe.Lookup("error").Type()
	sig := types.NewSignatureType(nil, nil, nil, nil,
		types.NewTuple(types.NewParam(token.NoPos, nil, "", bytes), types.NewParam(token.NoPos, nil, "", errType)), false)
	return types.NewInterfaceType([]*types.Func{types.NewFunc(token.NoPos, nil, "MarshalText", sig)}, nil).Complete()
}()

// visibleField is a field reflect.VisibleFields returns, with its tag.
type visibleField struct {
	v     *types.Var
	tag   string
	depth int    // len(Index)
	name  string // "" once hidden
}

// visibleFields is reflect.VisibleFields over go/types: the fields of t, a struct type, and those
// of embedded structs (and pointers to them) after the embedded field, in index preorder,
// without the ones a field of the same name hides (one less deep, or as deep: both go).
func visibleFields(t types.Type) []visibleField {
	var (
		fields   []visibleField
		byName   = map[string]int{}
		visiting []types.Type
		depth    int
	)
	var walk func(t types.Type)
	walk = func(t types.Type) {
		st := t.Underlying().(*types.Struct)
		if slices.ContainsFunc(visiting, func(v types.Type) bool { return types.Identical(v, t) }) {
			return
		}
		visiting = append(visiting, t)
		depth++
		for i := range st.NumFields() {
			f := st.Field(i)
			add := true
			if old, ok := byName[f.Name()]; ok {
				switch {
				case depth == fields[old].depth:
					fields[old].name = ""
					add = false
				case depth < fields[old].depth:
					fields[old].name = ""
				default:
					add = false
				}
			}
			if add {
				byName[f.Name()] = len(fields)
				fields = append(fields, visibleField{v: f, tag: st.Tag(i), depth: depth, name: f.Name()})
			}
			if f.Anonymous() {
				ft := types.Unalias(f.Type())
				if p, ok := ft.Underlying().(*types.Pointer); ok {
					ft = types.Unalias(p.Elem())
				}
				if _, ok := ft.Underlying().(*types.Struct); ok {
					walk(ft)
				}
			}
		}
		depth--
		visiting = visiting[:len(visiting)-1]
	}
	walk(t)
	return slices.DeleteFunc(fields, func(f visibleField) bool { return f.name == "" })
}
