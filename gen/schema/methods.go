package schema

import (
	"fmt"
	"go/types"
	"reflect"
	"slices"
	"strings"
)

const invopopPath = "github.com/invopop/jsonschema"

// hasMethod reports whether the method set of t (not *t: invopop asks reflect.Type.Implements of
// the dereferenced type) has the named method with a signature that sig accepts. A method of the
// same name with another signature, or on *t only, does not implement invopop's interface and is
// ignored, as invopop ignores it (misdeclaredMethods reports it).
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

// An invopopMethod is a method invopop calls on a new value of a type while reflecting it: its
// name, the signature it checks, and that signature as Go writes it with invopop's package path,
// for messages. schemaArg is where the signature has a *jsonschema.Schema: "result" (JSONSchema),
// "parameter" (JSONSchemaExtend) or "".
type invopopMethod struct {
	name, want string
	sig        func(*types.Signature) bool
	schemaArg  string
}

// The methods invopop calls: on every type it reflects (typeMethods), and on a struct whose fields
// it walks (structMethods).
var (
	typeMethods = []invopopMethod{
		{"JSONSchema", "JSONSchema() *" + invopopPath + ".Schema", isSchemaSig, "result"},
		{"JSONSchemaAlias", "JSONSchemaAlias() any", isAliasSig, ""},
		{"JSONSchemaExtend", "JSONSchemaExtend(*" + invopopPath + ".Schema)", isExtendSig, "parameter"},
	}
	structMethods = []invopopMethod{
		{"JSONSchemaProperty", "JSONSchemaProperty(string) any", isPropertySig, ""},
		{"GetFieldDocString", "GetFieldDocString(string) string", isDocStringSig, ""},
	}
	invopopMethods = slices.Concat(typeMethods, structMethods)
)

// misdeclaredMethods reports each method of t (a type being mapped, not a pointer) that has the
// name of one of methods but that invopop does not call, and so neither does cardgen: one with
// another signature, such as a JSONSchema that returns the *jsonschema.Schema of the MCP Go SDK's
// schema package (github.com/google/jsonschema-go), which a server moving from the SDK's inferred
// schemas imports, or one declared on the pointer receiver, which invopop does not see (it asks
// whether the type itself implements its interfaces). The schema is invopop's, made without the
// method (Problem.Ignored).
func (m *mapper) misdeclaredMethods(t types.Type, at site, methods []invopopMethod) {
	if !mayHaveMethods(t) {
		return
	}
	for _, im := range methods {
		if msg, pkg := m.misdeclared(t, im); msg != "" {
			m.report(at, Problem{Ignored: true, MethodPkg: pkg}, msg)
		}
	}
}

// misdeclaredSchema is misdeclared for the methods that give a type's whole schema (JSONSchema,
// JSONSchemaAlias): what to say instead of advising one for a type that has it, misdeclared.
func (m *mapper) misdeclaredSchema(t types.Type) string {
	for _, im := range typeMethods[:2] {
		if msg, _ := m.misdeclared(t, im); msg != "" {
			return msg
		}
	}
	return ""
}

// misdeclared says what is wrong with t's method named im.name when invopop does not call it, and
// what to write instead, and the path of the package that declares the method; "" when t has no
// such method, or one invopop calls. An interface's
// methods are left alone: a field of an interface type with invopop's methods is reported on its
// own (schema), and one without them is no mistake of this kind.
func (m *mapper) misdeclared(t types.Type, im invopopMethod) (msg, pkg string) {
	if types.IsInterface(t) {
		return "", ""
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, im.name)
	fn, ok := obj.(*types.Func)
	if !ok {
		return "", "" // none, or a field of that name
	}
	sig := fn.Signature()
	if sig.Recv() == nil {
		return "", ""
	}
	onValue := m.methods.MethodSet(t).Lookup(nil, im.name) != nil
	goodSig := !sig.Variadic() && im.sig(sig)
	if onValue && goodSig {
		return "", ""
	}
	recv := sig.Recv().Type()
	name := typeString(recv) + "." + im.name
	var what, todo []string
	want := "a method " + im.want
	if p, ok := recv.(*types.Pointer); ok && !onValue {
		name = "(*" + typeString(p.Elem()) + ")." + im.name
		bare := typeString(p.Elem())
		if n, ok := types.Unalias(p.Elem()).(*types.Named); ok {
			bare = n.Obj().Name()
		}
		what = append(what, "has a pointer receiver")
		todo = append(todo, "declare it on the value receiver, func ("+bare+") "+im.name)
		want += " of the type itself, not of its pointer"
	}
	if !goodSig {
		w, do := sigMismatch(sig, im)
		what, todo = append(what, w), append(todo, do)
	}
	if fn.Pkg() != nil {
		pkg = fn.Pkg().Path()
	}
	return fmt.Sprintf("%s %s, so cardgen never calls it; cardgen, like invopop, calls only %s: %s (or remove the method)",
		name, strings.Join(what, " and "), want, strings.Join(todo, ", and ")), pkg
}

// sigMismatch says how the signature sig of a method differs from im's, which invopop calls, and
// what to change: a Schema of another package than invopop's (the MCP Go SDK's
// github.com/google/jsonschema-go), a Schema that is not a pointer, or else the whole signature.
func sigMismatch(sig *types.Signature, im invopopMethod) (what, todo string) {
	var arg types.Type
	verb := "returns"
	switch {
	case sig.Variadic():
	case im.schemaArg == "result" && sig.Params().Len() == 0 && sig.Results().Len() == 1:
		arg = sig.Results().At(0).Type()
	case im.schemaArg == "parameter" && sig.Params().Len() == 1 && sig.Results().Len() == 0:
		arg, verb = sig.Params().At(0).Type(), "takes"
	}
	arg = types.Unalias(arg)
	ptr := false
	if p, ok := arg.(*types.Pointer); ok {
		ptr, arg = true, types.Unalias(p.Elem())
	}
	n, ok := arg.(*types.Named)
	if !ok || n.Obj().Name() != "Schema" || n.Obj().Pkg() == nil {
		return "is " + types.TypeString(sig, (*types.Package).Path), "give it that signature"
	}
	path := n.Obj().Pkg().Path()
	what = verb + " " + path + ".Schema"
	var fixes []string
	if ptr {
		what = verb + " *" + path + ".Schema"
	} else {
		if path == invopopPath {
			what += ", not a pointer to it"
		}
		fixes = append(fixes, map[string]string{"returns": "return", "takes": "take"}[verb]+" a pointer")
	}
	if path != invopopPath {
		fixes = append(fixes, "import "+invopopPath+" in place of "+path+" in the file that declares it")
	}
	return what, strings.Join(fixes, " and ")
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
