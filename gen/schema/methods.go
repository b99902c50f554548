package schema

import (
	"go/types"
	"reflect"
	"strings"
)

const invopopPath = "github.com/invopop/jsonschema"

// hasMethod reports whether the method set of t (not *t: invopop asks reflect.Type.Implements of
// the dereferenced type) has the named method with a signature that sig accepts. A method of the
// same name with another signature does not implement invopop's interface and is ignored, as
// invopop ignores it.
func (m *mapper) hasMethod(t types.Type, name string, sig func(*types.Signature) bool) bool {
	if !mayHaveMethods(t) {
		return false
	}
	// A cheap look-up rules out most types before their (allocation-heavy) method set is built:
	// nothing of that name, promoted or declared, means no such method.
	if obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name); obj == nil {
		return false
	}
	sel := m.methods.MethodSet(t).Lookup(nil, name)
	if sel == nil {
		return false
	}
	fn, ok := sel.Obj().(*types.Func)
	return ok && !fn.Signature().Variadic() && sig(fn.Signature())
}

// mayHaveMethods is a cheap test that spares computing the method sets of the many types that
// have none: unnamed non-struct types and named types that declare no methods and embed nothing.
func mayHaveMethods(t types.Type) bool {
	t = types.Unalias(t)
	if n, ok := t.(*types.Named); ok && n.NumMethods() > 0 {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Interface:
		return u.NumMethods() > 0
	case *types.Struct:
		for i := range u.NumFields() {
			if u.Field(i).Embedded() {
				return true
			}
		}
	case *types.Pointer: // *T has T's methods
		return mayHaveMethods(u.Elem())
	}
	return false
}

// calledAtReflectTime reports whether invopop replaces t by what one of its methods returns.
func (m *mapper) calledAtReflectTime(t types.Type) bool {
	return m.hasMethod(t, "JSONSchemaAlias", isAliasSig) || m.hasMethod(t, "JSONSchema", isSchemaSig)
}

// The signatures of the interfaces invopop v0.14.0 checks with Implements.

func isSchemaSig(s *types.Signature) bool { // JSONSchema() *jsonschema.Schema
	return s.Params().Len() == 0 && s.Results().Len() == 1 && isSchemaPtr(s.Results().At(0).Type())
}

func isExtendSig(s *types.Signature) bool { // JSONSchemaExtend(*jsonschema.Schema)
	return s.Params().Len() == 1 && s.Results().Len() == 0 && isSchemaPtr(s.Params().At(0).Type())
}

func isAliasSig(s *types.Signature) bool { // JSONSchemaAlias() any
	return s.Params().Len() == 0 && s.Results().Len() == 1 && isEmptyInterface(s.Results().At(0).Type())
}

func isPropertySig(s *types.Signature) bool { // JSONSchemaProperty(prop string) any
	return s.Params().Len() == 1 && s.Results().Len() == 1 &&
		isBasic(s.Params().At(0).Type(), types.String) && isEmptyInterface(s.Results().At(0).Type())
}

func isDocStringSig(s *types.Signature) bool { // GetFieldDocString(fieldName string) string
	return s.Params().Len() == 1 && s.Results().Len() == 1 &&
		isBasic(s.Params().At(0).Type(), types.String) && isBasic(s.Results().At(0).Type(), types.String)
}

func isEnumDescriptorSig(s *types.Signature) bool { // EnumDescriptor() ([]byte, []int)
	return s.Params().Len() == 0 && s.Results().Len() == 2 &&
		isSliceOf(s.Results().At(0).Type(), types.Uint8) && isSliceOf(s.Results().At(1).Type(), types.Int)
}

// The signatures encoding/json needs of a map key type that is not a string or an integer.

func isMarshalTextSig(s *types.Signature) bool { // MarshalText() ([]byte, error)
	return s.Params().Len() == 0 && s.Results().Len() == 2 &&
		isSliceOf(s.Results().At(0).Type(), types.Uint8) && isError(s.Results().At(1).Type())
}

func isMarshalJSONSig(s *types.Signature) bool { // MarshalJSON() ([]byte, error)
	return isMarshalTextSig(s)
}

func isUnmarshalJSONSig(s *types.Signature) bool { // UnmarshalJSON([]byte) error
	return isUnmarshalTextSig(s)
}

func isUnmarshalTextSig(s *types.Signature) bool { // UnmarshalText([]byte) error
	return s.Params().Len() == 1 && s.Results().Len() == 1 &&
		isSliceOf(s.Params().At(0).Type(), types.Uint8) && isError(s.Results().At(0).Type())
}

func isSchemaPtr(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && isNamed(p.Elem(), invopopPath, "Schema")
}

func isEmptyInterface(t types.Type) bool {
	i, ok := types.Unalias(t).(*types.Interface)
	return ok && i.Empty()
}

func isBasic(t types.Type, kind types.BasicKind) bool {
	b, ok := types.Unalias(t).(*types.Basic)
	return ok && b.Kind() == kind
}

func isSliceOf(t types.Type, kind types.BasicKind) bool {
	s, ok := types.Unalias(t).(*types.Slice)
	return ok && isBasic(s.Elem(), kind)
}

func isError(t types.Type) bool {
	return types.Identical(types.Unalias(t), types.Universe.Lookup("error").Type())
}

// isNamed reports whether t is exactly the named type path.name (not a type defined from it).
func isNamed(t types.Type, path, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// typeString names a type in messages the way Go source in another package would: pkg.Name.
func typeString(t types.Type) string {
	return types.TypeString(t, (*types.Package).Name)
}

// invopopMethods are the methods invopop calls on a new value of a type while reflecting it, with
// the signatures it checks.
var invopopMethods = []struct {
	name string
	sig  func(*types.Signature) bool
}{
	{"JSONSchema", isSchemaSig}, {"JSONSchemaAlias", isAliasSig}, {"JSONSchemaExtend", isExtendSig},
	{"JSONSchemaProperty", isPropertySig}, {"GetFieldDocString", isDocStringSig},
}

// hiddenInterfaceMethod reports a struct type t that gets one of invopop's methods from an
// embedded interface whose field invopop does not reflect (json:"-" or jsonschema:"-"): the
// method is promoted into t's method set whatever the tags say, invopop calls it on a new value
// of t, where the interface is nil, and the generated package panics at init. (An embedded
// interface that is reflected is reported where its field is mapped.)
func (m *mapper) hiddenInterfaceMethod(t types.Type, at site) bool {
	str, ok := t.Underlying().(*types.Struct)
	if !ok || !mayHaveMethods(t) {
		return false
	}
	for _, im := range invopopMethods {
		obj, index, _ := types.LookupFieldOrMethod(t, false, nil, im.name)
		fn, ok := obj.(*types.Func)
		if !ok || len(index) < 2 || fn.Signature().Variadic() || !im.sig(fn.Signature()) {
			continue
		}
		recv := fn.Signature().Recv()
		if recv == nil || !types.IsInterface(recv.Type()) {
			continue
		}
		// Follow the embedded fields to the interface: is one of them left out by its tags?
		cur, hidden := str, ""
		for _, i := range index[:len(index)-1] {
			if cur == nil {
				break
			}
			f := cur.Field(i)
			tag := reflect.StructTag(cur.Tag(i))
			if strings.Split(tag.Get("json"), ",")[0] == "-" || strings.Split(tag.Get("jsonschema"), ",")[0] == "-" {
				hidden = f.Name()
			}
			cur, _ = deref(f.Type()).Underlying().(*types.Struct)
		}
		if hidden == "" {
			continue
		}
		iface := typeString(recv.Type())
		m.problemf(at, "type %s gets invopop's %s method from the embedded interface %s (field %s); invopop calls it on a new %s, where that interface is nil, and panics at init (a json:\"-\" tag does not remove a promoted method); "+
			"give %s its own %s method, or make %s a named field instead of an embedded one",
			typeString(t), im.name, iface, hidden, typeString(t), typeString(t), im.name, hidden)
		return true
	}
	return false
}
