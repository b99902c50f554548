package schema

import (
	"encoding/json"
	"fmt"
	"go/build"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/invopop/jsonschema"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/cardgen/cardgen/internal/intrange"
	"github.com/cardgen/cardgen/internal/jsonschematag"
)

// mapper walks a type the way invopop's Reflector walks a reflect.Type. Each method names the
// invopop function it mirrors, so the two can be read side by side.
type mapper struct {
	methods typeutil.MethodSetCache
	stack   []types.Type // types being expanded: meeting one again means invopop would recurse forever
	runtime bool
	// inexact is set when a method invopop calls may change what cardgen mapped around it
	// (JSONSchemaExtend, JSONSchemaProperty), so that no Loose schema is given.
	inexact  bool
	problems []Problem
	// topSchema is the top-level object's schema once it is being filled, and topFields the
	// field each of its properties comes from (after encoding/json's choice among fields of
	// one name).
	topSchema *jsonschema.Schema
	topFields map[string]Field
	reported  map[string]bool // pos+reason: one problem per cause, however many paths reach it
	// output maps a tool's output: the schema must also accept what encoding/json writes for nil
	// slices, maps and pointers (null), and fields promoted through an embedded pointer, which a
	// nil pointer leaves out, are not required.
	output bool
	// cands holds the fields of the structs being mapped, innermost last: each struct's fields
	// are collected, then encoding/json's rules pick which of them a name stands for.
	cands []cand
	// nodes counts the schemas made so far, up to maxNodes; expanded counts, per named type,
	// how many times it was expanded, for the message when the count passes maxNodes.
	nodes    int
	expanded map[*types.Named]int
	// cycles counts the fields that lead back to a type being expanded (cycleSeen holds each
	// field and type once); the first maxCycleReports are problems of their own, the rest one
	// problem at the top.
	cycles    int
	cycleSeen map[string]bool
	topPos    token.Pos
	// refs are the {"$ref": …} alternatives that oneof_ref and anyof_ref tags made, each with
	// its field: checked against the whole schema once it is complete (checkRefs).
	refs []refAt
	// badPatterns are the schemas whose pattern does not compile, reported already: checkRefs
	// leaves them out while it resolves the schema.
	badPatterns []badPattern
	// fieldType is the type of the field whose schema is being mapped, through pointers (nil at
	// the top): a problem about it can point at the field's tag (tagAdvice).
	fieldType types.Type
	// pastTypeRange are the schemas a bound outside their integer type's range was reported for
	// (checkTypeRange): checkEmptyRange leaves their bounds alone, one of which the tag did not
	// write.
	pastTypeRange []*jsonschema.Schema
	// declared are the named types whose declarations the schema was made from, each once, in
	// the order the walk first read them (Result.Declared).
	declared     []*types.Named
	declaredSeen map[*types.Named]bool
}

// refAt is a $ref alternative of the field at (field, with the tag tag), made by the tag
// keyword key.
type refAt struct {
	s     *jsonschema.Schema
	key   string
	at    site
	field Field // the field whose tag holds it, found while its struct is mapped
}

// maxCycleReports is how many fields leading back to a type being expanded are reported one by
// one. A graph of n types that all refer to each other has n² such fields, each reported with its
// path: 20,000 problems and 15 MB of messages at 200 types. Mending the first ones changes the
// rest, as a compiler's first errors do.
const maxCycleReports = 20

// maxNodes bounds the schema of one type. Named types are expanded inline wherever they occur,
// so a type reached along many paths is copied once per path: twenty structs that each hold two
// fields of the next make a million copies of the last (a 114 MB generated file, 3 GB of memory
// and 20 s at twenty levels; each level doubles it). The bound, several MB of JSON for one
// tool, is far above any schema a model could read, and stops the walk, naming the type that
// repeats most, long before memory runs out.
const maxNodes = 100_000

// cand is a field a struct's schema may get: what invopop reflects for it, and what
// encoding/json's field selection needs to know.
type cand struct {
	name     string
	depth    int  // embedding depth: 0 for the struct's own fields
	tagged   bool // the name comes from a json tag
	viaPtr   bool // promoted through an embedded pointer, which can be nil
	required bool
	prop     *jsonschema.Schema
	// withDefault is the field's own schema when it has a default (from a default= tag) to
	// check, once the field is chosen; at is where the field is.
	withDefault *jsonschema.Schema
	at          site
	field       Field
}

func newMapper() *mapper {
	return &mapper{reported: map[string]bool{}, expanded: map[*types.Named]int{}}
}

// site is where the walk is: the Go field path from the top-level type, for messages, and the
// position of the innermost field, for diagnostics. It is copied at every step of the walk and
// kept with every field collected, so it holds no more: a problem about the field's tag finds
// the field and its tag when it is reported (fieldAt).
type site struct {
	path string
	pos  token.Pos
}

func (s site) field(f *types.Var) site {
	c := site{path: f.Name(), pos: s.pos}
	if s.path != "" {
		c.path = s.path + "." + f.Name()
	}
	if f.Pos().IsValid() {
		c.pos = f.Pos()
	}
	return c
}

// problemf records a problem at the site; the message starts with "field <path>: " when the walk
// is inside a field. The same cause at the same position is reported once.
func (m *mapper) problemf(at site, format string, args ...any) {
	m.report(at, Problem{}, fmt.Sprintf(format, args...))
}

// ignoredf reports a problem that leaves the schema as invopop makes it: a word of a jsonschema
// tag that invopop ignores.
func (m *mapper) ignoredf(at site, format string, args ...any) {
	m.report(at, Problem{Ignored: true}, fmt.Sprintf(format, args...))
}

// tagProblemf is problemf for a problem about the place sp in the tag of the site's field.
func (m *mapper) tagProblemf(at site, sp tagSpot, format string, args ...any) {
	m.reportTag(at, sp, Problem{}, fmt.Sprintf(format, args...))
}

// tagIgnoredf is ignoredf for a word of the tag of the site's field, at the place sp.
func (m *mapper) tagIgnoredf(at site, sp tagSpot, format string, args ...any) {
	m.reportTag(at, sp, Problem{Ignored: true}, fmt.Sprintf(format, args...))
}

// reportTag is report for a problem about the place sp in the tag of the site's field. The field,
// its tag and the place in it are looked for now, as the problem is reported: mapping a type
// never does.
func (m *mapper) reportTag(at site, sp tagSpot, p Problem, reason string) {
	f, tag := m.fieldAt(at)
	m.reportTagOf(at, f, tag, sp, p, reason)
}

// reportTagOf is reportTag for the field f (nil when unknown) with the tag tag.
func (m *mapper) reportTagOf(at site, f *types.Var, tag string, sp tagSpot, p Problem, reason string) {
	if f != nil {
		if off := sp.offset(tag); off >= 0 {
			p.Field, p.Tag, p.TagOffset = f, tag, off
		}
	}
	m.report(at, p, reason)
}

// fieldAt returns the field the site is at, and its tag, or nil. A problem about a field's tag
// is reported while the struct that declares the field is being expanded, so the struct is on
// the stack: the innermost one there with a field of the site's name at the site's position.
func (m *mapper) fieldAt(at site) (*types.Var, string) {
	if at.path == "" {
		return nil, ""
	}
	name := at.path[strings.LastIndexByte(at.path, '.')+1:]
	for i := len(m.stack) - 1; i >= 0; i-- {
		st, ok := m.stack[i].Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for j := range st.NumFields() {
			if f := st.Field(j); f.Pos() == at.pos && f.Name() == name {
				return f, st.Tag(j)
			}
		}
	}
	return nil, ""
}

// report records the problem p (its kind set, Pos and Msg to be filled) for reason at the site.
func (m *mapper) report(at site, p Problem, reason string) {
	key := fmt.Sprint(at.pos, reason)
	if m.reported[key] {
		return
	}
	m.reported[key] = true
	msg := reason
	if at.path != "" {
		msg = "field " + shortFieldPath(at.path) + ": " + reason
	}
	p.Pos, p.Msg = at.pos, msg
	m.problems = append(m.problems, p)
}

// maxPathFields is how many fields of a path a message names: the first ones, which say where
// in the type the walk went, and the last ones, which say where the problem is.
const maxPathFields = 8

// shortFieldPath is the field path p (Root.R1.R2…) with its middle left out when it has more
// than maxPathFields fields: a path through a deep or cyclic type graph ran to hundreds.
func shortFieldPath(p string) string {
	fields := strings.Split(p, ".")
	if len(fields) <= maxPathFields {
		return p
	}
	return strings.Join(fields[:3], ".") + ".(" + strconv.Itoa(len(fields)-maxPathFields+1) + " more fields)." + strings.Join(fields[len(fields)-maxPathFields+4:], ".")
}

// top mirrors Reflector.ReflectFromType with ExpandedStruct and DoNotReference set.
func (m *mapper) top(t types.Type, pos token.Pos) *jsonschema.Schema {
	at := site{pos: pos}
	m.topPos = pos
	if t == nil {
		m.problemf(at, "%s has no type; pass the parameter's types.Type", m.which())
		return nil
	}
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	if m.hiddenInterfaceMethod(t, at) {
		return nil
	}
	if m.calledAtReflectTime(t) {
		m.runtime = true
		return nil
	}
	if _, ok := t.Underlying().(*types.Struct); !ok || special(t) != nil {
		desc := "is not a struct type"
		if sp := special(t); sp != nil {
			desc = "is described as a JSON " + sp.Type + ", not an object"
		}
		m.problemf(at, "%s must be a struct; %s %s: declare a struct type with a field of this type instead", m.which(), typeString(t), desc)
		return nil
	}
	if n, ok := t.(*types.Named); ok && n.TypeParams().Len() > n.TypeArgs().Len() {
		m.problemf(at, "%s must be a concrete type; %s has type parameters: use an instance such as %s[string]", m.which(), typeString(t), n.Obj().Name())
		return nil
	}
	if s := m.ownEncoding(t, at, false); s != nil {
		if s.Type != "" {
			m.problemf(at, "%s must be a struct; encoding/json writes %s as a JSON %s, not an object: declare a struct type with a field of this type instead", m.which(), typeString(t), s.Type)
		}
		return nil
	}
	s := m.schema(t, at)
	if s == nil {
		return nil
	}
	// invopop copies the root definition over the schema and then adds its ID and version. The
	// ID is left out (a deliberate difference, docs/schemas.md): invopop derives it from the
	// type's name alone, so a type's input and output schemas, which differ in their nulls,
	// share one, as do URLInfo and UrlInfo; the TypeScript SDK's validator caches compiled
	// schemas by $id and then checks one tool's values with another's schema.
	s.Version = jsonschema.Version
	return s
}

// which names what the mapper maps, for the problems of its top level.
func (m *mapper) which() string {
	if m.output {
		return "tool output"
	}
	return "tool input"
}

// schema mirrors reflectTypeToSchema (reached through refOrReflectTypeToSchema, which with
// DoNotReference and no Lookup always reflects anew). It never returns nil for a reachable type:
// after a problem it returns an empty schema so the walk can go on and report the rest.
func (m *mapper) schema(t types.Type, at site) *jsonschema.Schema {
	if m.nodes++; m.nodes > maxNodes {
		if m.nodes == maxNodes+1 {
			m.tooLarge()
		}
		return &jsonschema.Schema{}
	}
	throughPointer := deref(t) != types.Unalias(t)
	t = deref(t)
	if _, ok := t.(*types.TypeParam); ok {
		m.problemf(at, "type parameter %s has no schema until it is instantiated; use a concrete type", t)
		return &jsonschema.Schema{}
	}
	if _, ok := t.Underlying().(*types.Interface); ok && (m.calledAtReflectTime(t) || m.hasMethod(t, "JSONSchemaExtend", isExtendSig)) {
		// invopop would call the method on a new *I, which has no methods: a type-assertion panic.
		m.problemf(at, "interface type %s has one of invopop's schema methods, which invopop calls on a nil value and panics; use a concrete type for this field", typeString(t))
		return &jsonschema.Schema{}
	}
	if m.hiddenInterfaceMethod(t, at) {
		return &jsonschema.Schema{}
	}
	if m.calledAtReflectTime(t) {
		// invopop calls the method and uses what it returns; nothing below is reflected.
		m.runtime = true
		return &jsonschema.Schema{}
	}
	if m.hasMethod(t, "EnumDescriptor", isEnumDescriptorSig) {
		// Protobuf enums: jsonpb accepts either form.
		return &jsonschema.Schema{OneOf: []*jsonschema.Schema{{Type: "string"}, {Type: "integer"}}}
	}
	if isNamed(t, "net", "IP") {
		return ipSchema()
	}
	// A method of invopop's name that invopop does not call is reported after ownEncoding, which
	// reports it instead of advising such a method when the type needs one.
	s := m.ownEncoding(t, at, throughPointer)
	m.misdeclaredMethods(t, at, typeMethods)
	if s != nil {
		return s
	}
	if !m.enter(t, at) {
		return &jsonschema.Schema{}
	}
	defer m.leave()

	if n, ok := t.(*types.Named); ok {
		if _, isStruct := n.Underlying().(*types.Struct); !isStruct {
			m.noteDeclared(n) // described by its underlying type; a struct, by the fields collect reads
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		s = m.structSchema(t, at)
	case *types.Slice:
		s = m.sliceOrArray(t, u.Elem(), -1, at)
	case *types.Array:
		s = m.sliceOrArray(t, u.Elem(), u.Len(), at)
	case *types.Map:
		s = m.mapSchema(u, at)
	case *types.Interface:
		m.inputInterface(t, u, at)
		s = &jsonschema.Schema{}
	case *types.Basic:
		s = m.basic(u, at)
	case *types.Chan:
		m.problemf(at, "channels cannot be described by a JSON schema; tag it json:\"-\" or change its type")
		s = &jsonschema.Schema{}
	case *types.Signature:
		m.problemf(at, "functions cannot be described by a JSON schema; tag it json:\"-\" or change its type")
		s = &jsonschema.Schema{}
	default:
		m.problemf(at, "%s cannot be described by a JSON schema; tag it json:\"-\" or change its type", typeString(t))
		s = &jsonschema.Schema{}
	}
	if m.hasMethod(t, "JSONSchemaExtend", isExtendSig) {
		m.runtime, m.inexact = true, true
	}
	return s
}

// noteDeclared records n among the types whose declarations the schema is made from, once.
func (m *mapper) noteDeclared(n *types.Named) {
	if m.declaredSeen[n] {
		return
	}
	if m.declaredSeen == nil {
		m.declaredSeen = map[*types.Named]bool{}
	}
	m.declaredSeen[n] = true
	m.declared = append(m.declared, n)
}

// enter pushes t on the expansion stack, or reports the recursion that would make invopop loop
// (DoNotReference has no $ref to break the cycle). Only named types can recur: a type met again,
// or an instance of a generic type whose type arguments hold an instance of the same generic
// type being expanded (List[T] with a field of type *List[List[T]]: List[List[string]] inside
// List[string]), which meets a new, longer instance at every level and so never meets the same
// one again.
func (m *mapper) enter(t types.Type, at site) bool {
	n, generic := t.(*types.Named)
	generic = generic && n.TypeArgs().Len() > 0
	same := 0
	for _, s := range m.stack {
		if types.Identical(s, t) {
			name, owner := typeString(t), typeString(t)
			if generic {
				// A method is declared on the generic type, not on one instance of it.
				owner = n.Obj().Name() + " (declared as " + typeString(n.Origin()) + ")"
			}
			if key := fmt.Sprint(at.pos, name); !m.cycleSeen[key] {
				if m.cycleSeen == nil {
					m.cycleSeen = map[string]bool{} // made only for a type that refers to itself
				}
				m.cycleSeen[key] = true
				m.cycles++
			}
			if m.cycles <= maxCycleReports {
				m.problemf(at, "type %s refers to itself, which an inline schema (no $ref) cannot describe; tag the field json:\"-\" or give %s a JSONSchema() method", name, owner)
			}
			return false
		}
		if sn, ok := s.(*types.Named); generic && ok && sn.Origin() == n.Origin() && argsHold(n.TypeArgs(), s) {
			name := n.Obj().Name()
			m.problemf(at, "generic type %s is instantiated inside itself with ever longer type arguments (%s inside %s), which no schema can describe; tag the field json:\"-\" or give %s a JSONSchema() method",
				name, typeString(t), typeString(s), name)
			return false
		}
		if sn, ok := s.(*types.Named); generic && ok && sn.Origin() == n.Origin() {
			same++
		}
	}
	if same >= maxSameOrigin {
		// Growth the check above cannot see (List[struct{ X T }] inside List[T]).
		name := n.Obj().Name()
		m.problemf(at, "generic type %s is instantiated inside itself %d times (%s), which looks endless; tag the field json:\"-\" or give %s a JSONSchema() method",
			name, same+1, typeString(t), name)
		return false
	}
	if n != nil {
		m.expanded[n]++
	}
	m.stack = append(m.stack, t)
	return true
}

// tooLarge reports, at the top-level type, a schema that passed maxNodes, naming the named type
// expanded most often so far (the first declared among equals, so the message is stable).
func (m *mapper) tooLarge() {
	var most *types.Named
	for n, c := range m.expanded {
		if most == nil || c > m.expanded[most] || c == m.expanded[most] && n.Obj().Pos() < most.Obj().Pos() {
			most = n
		}
	}
	msg := fmt.Sprintf("the schema would have more than %d subschemas: every named type is expanded inline wherever it occurs (no $ref)", maxNodes)
	if most != nil {
		name := typeString(most)
		msg += fmt.Sprintf(", and %s alone was expanded %d times before cardgen stopped", name, m.expanded[most])
		msg += fmt.Sprintf("; reach %s, or the types that hold it, along fewer paths, tag the fields that need no schema json:\"-\", or give %s a JSONSchema() method", name, name)
	} else {
		msg += "; tag the fields that need no schema json:\"-\", or give the type a JSONSchema() method"
	}
	m.problemf(site{pos: m.topPos}, "%s", msg)
}

// maxSameOrigin is how many instances of one generic type may be expanded inside each other
// (Page[Page[Item]] is two) before the walk gives up; real types nest far less deep.
const maxSameOrigin = 16

// argsHold reports whether a type argument of list is, or is built from, the type s.
func argsHold(list *types.TypeList, s types.Type) bool {
	for i := range list.Len() {
		if holds(list.At(i), s, 0) {
			return true
		}
	}
	return false
}

func holds(t, s types.Type, depth int) bool {
	if depth > 32 { // type arguments are written by hand; this is deeper than any
		return false
	}
	t = types.Unalias(t)
	if types.Identical(t, s) {
		return true
	}
	switch t := t.(type) {
	case *types.Named:
		for i := range t.TypeArgs().Len() {
			if holds(t.TypeArgs().At(i), s, depth+1) {
				return true
			}
		}
	case *types.Pointer:
		return holds(t.Elem(), s, depth+1)
	case *types.Slice:
		return holds(t.Elem(), s, depth+1)
	case *types.Array:
		return holds(t.Elem(), s, depth+1)
	case *types.Map:
		return holds(t.Key(), s, depth+1) || holds(t.Elem(), s, depth+1)
	case *types.Chan:
		return holds(t.Elem(), s, depth+1)
	}
	return false
}

func (m *mapper) leave() { m.stack = m.stack[:len(m.stack)-1] }

func (m *mapper) basic(b *types.Basic, at site) *jsonschema.Schema {
	switch {
	case b.Kind() == types.Uintptr:
		m.problemf(at, "uintptr cannot be described by a JSON schema (invopop panics on it); tag it json:\"-\" or use uint64")
	case b.Info()&types.IsInteger != 0:
		lo, hi := intRange(b.Kind())
		return &jsonschema.Schema{Type: "integer", Minimum: lo, Maximum: hi}
	case b.Info()&types.IsFloat != 0:
		return &jsonschema.Schema{Type: "number"}
	case b.Info()&types.IsBoolean != 0:
		return &jsonschema.Schema{Type: "boolean"}
	case b.Info()&types.IsString != 0:
		return &jsonschema.Schema{Type: "string"}
	case b.Info()&types.IsComplex != 0:
		m.problemf(at, "complex numbers cannot be described by a JSON schema; tag it json:\"-\" or change its type")
	case b.Kind() == types.UnsafePointer:
		m.problemf(at, "unsafe.Pointer cannot be described by a JSON schema; tag it json:\"-\" or change its type")
	default:
		m.report(at, Problem{InvalidType: true}, "its type is invalid because the package that declares it does not compile; fix the compile errors there")
	}
	return &jsonschema.Schema{}
}

// intRange is the range of values of an integer kind that its schema states (intrange.Of): the
// MCP Go SDK's own inference states it, invopop does not (a deliberate difference,
// docs/schemas.md). Without it a client learns that 300 is no uint8 only when encoding/json fails
// to decode it, after the schema let it through. runtime/register's Mapper states the same.
func intRange(k types.BasicKind) (lo, hi json.Number) {
	switch k {
	case types.Int8:
		return intrange.Of(true, 8)
	case types.Int16:
		return intrange.Of(true, 16)
	case types.Int32:
		return intrange.Of(true, 32)
	case types.Int64:
		return intrange.Of(true, 64)
	case types.Int:
		return intrange.Of(true, 0)
	case types.Uint8:
		return intrange.Of(false, 8)
	case types.Uint16:
		return intrange.Of(false, 16)
	case types.Uint32:
		return intrange.Of(false, 32)
	case types.Uint64:
		return intrange.Of(false, 64)
	case types.Uint:
		return intrange.Of(false, 0)
	}
	return "", ""
}

// special returns the fixed schema invopop gives time.Time in reflectStruct.
func special(t types.Type) *jsonschema.Schema {
	if isNamed(t, "time", "Time") {
		return &jsonschema.Schema{Type: "string", Format: "date-time"}
	}
	return nil
}

// ownEncoding returns the schema of a type that encoding/json does not write as its Go structure,
// where cardgen departs from invopop (which describes the structure): json.Number is a JSON
// number, and a type with a MarshalText method (and no MarshalJSON) a JSON string. A type with
// its own MarshalJSON, or whose marshalling method is on the pointer only (used only when
// encoding/json can take the value's address), has a JSON form cardgen cannot know, and url.URL is
// written as an object of its parts though invopop says string: those are problems. It returns
// nil for any other type, and leaves time.Time, net.IP and json.RawMessage to invopop's rules. The
// Mapper of runtime/register.Reflector does the same at run time.
//
// throughPointer says that the value is reached through a pointer (a *T field or item), which
// encoding/json always writes with a MarshalText method of *T: a pointer-only MarshalText
// (*big.Float) is then a string, and only a T itself depends on whether its value is addressable.
func (m *mapper) ownEncoding(t types.Type, at site, throughPointer bool) *jsonschema.Schema {
	switch {
	case isNamed(t, "encoding/json", "Number"):
		return &jsonschema.Schema{Type: "number"}
	case isNamed(t, "net/url", "URL"):
		m.problemf(at, "encoding/json writes url.URL as an object of its parts (Scheme, Host, Path…), not the string invopop's schema says; use a string field tagged jsonschema:\"format=uri\"")
		return &jsonschema.Schema{}
	case !mayHaveMethods(t) || isNamed(t, "time", "Time") || isNamed(t, "encoding/json", "RawMessage"):
		return nil
	}
	if _, ok := t.Underlying().(*types.Interface); ok {
		return nil // any JSON value, whatever the dynamic type writes
	}
	// Each problem below advises a JSONSchema method; a type that has one that invopop does not
	// call (another signature, or on the pointer receiver) is told what is wrong with it instead.
	problemf := func(format string, args ...any) {
		if msg := m.misdeclaredSchema(t); msg != "" {
			m.problemf(at, "%s", msg)
			return
		}
		m.problemf(at, format, args...)
	}
	jsonValue, jsonPtr := m.methodOn(t, "MarshalJSON", isMarshalJSONSig)
	textValue, textPtr := m.methodOn(t, "MarshalText", isMarshalTextSig)
	if throughPointer && textPtr {
		textValue, textPtr = true, false
	}
	name := typeString(t)
	switch {
	case (jsonValue || jsonPtr) && inStandardLibrary(t):
		// No method can be added to it: a struct type of the user's that embeds it keeps its
		// MarshalJSON (encoding/json calls the promoted method) and can have a JSONSchema.
		problemf("type %s has a MarshalJSON method, so cardgen cannot know the JSON encoding/json writes for it (invopop would describe its Go fields); "+
			"%ssince it is the standard library's, which no method can be added to, embed it in a struct type of your own (type T struct{ *%s }), which keeps its MarshalJSON, "+
			"and give that type a JSONSchema() *jsonschema.Schema method that describes that JSON, or use another type", name, m.tagAdvice(t), name)
		return &jsonschema.Schema{}
	case (jsonValue || jsonPtr) && promotedFrom(t, "MarshalJSON") != nil:
		// Most likely a mistake: a struct that embeds time.Time is written as the time alone.
		f := promotedFrom(t, "MarshalJSON")
		from := typeString(f.Type())
		problemf("type %s gets a MarshalJSON method from its embedded field %s, so encoding/json writes (and reads) a %s as that %s alone and none of its other fields; "+
			"give the field a name (%s %s), or give %s a JSONSchema() *jsonschema.Schema method that describes that JSON", name, from, name, from, f.Name(), from, name)
		return &jsonschema.Schema{}
	case jsonValue || jsonPtr:
		problemf("type %s has a MarshalJSON method, so cardgen cannot know the JSON encoding/json writes for it (invopop would describe its Go fields); "+
			"%sgive %s a JSONSchema() *jsonschema.Schema method that describes that JSON (when it is yours), or use another type", name, m.tagAdvice(t), name)
		return &jsonschema.Schema{}
	case textPtr && !textValue && inStandardLibrary(t):
		problemf("type %s has MarshalText on its pointer only, so encoding/json writes it as a string or as its Go fields depending on whether it can take the value's address; "+
			"make the field a pointer (*%s), which encoding/json always writes with MarshalText", name, name)
		return &jsonschema.Schema{}
	case textPtr && !textValue:
		problemf("type %s has MarshalText on its pointer only, so encoding/json writes it as a string or as its Go fields depending on whether it can take the value's address; "+
			"make the field a pointer (*%s), declare MarshalText on the value receiver, or give %s a JSONSchema() *jsonschema.Schema method", name, name, name)
		return &jsonschema.Schema{}
	case !m.output && m.hasMethod(types.NewPointer(t), "UnmarshalJSON", isUnmarshalJSONSig):
		// An input is read by the method, whatever the schema says.
		problemf("type %s has an UnmarshalJSON method, so cardgen cannot know the JSON encoding/json reads into it (invopop would describe its Go type); "+
			"%sgive %s a JSONSchema() *jsonschema.Schema method that describes that JSON (when it is yours), or use another type in the input", name, m.tagAdvice(t), name)
		return &jsonschema.Schema{}
	case !m.output && !textValue && m.hasMethod(types.NewPointer(t), "UnmarshalText", isUnmarshalTextSig):
		// encoding/json reads a TextUnmarshaler from a JSON string only; a number or an object
		// is an error.
		problemf("type %s has UnmarshalText but no MarshalText, so encoding/json reads it only from a JSON string, where the schema describes its Go type and refuses strings; "+
			"declare MarshalText on the value receiver too, which makes it a string both ways, or give %s a JSONSchema() *jsonschema.Schema method", name, name)
		return &jsonschema.Schema{}
	case !m.output && textValue && at.path != "" && !m.hasMethod(types.NewPointer(t), "UnmarshalText", isUnmarshalTextSig) && !isStringKind(t):
		// Written as a string, but a string decodes only into a TextUnmarshaler or a string kind.
		// (At the top, where no field is, the type is no object at all, which top reports.)
		problemf("type %s has MarshalText but no UnmarshalText, so encoding/json writes it as a JSON string but cannot read one back into it, and the schema says string; "+
			"declare UnmarshalText on the pointer receiver, or give %s a JSONSchema() *jsonschema.Schema method", name, name)
		return &jsonschema.Schema{}
	case textValue && !m.hasMethod(t, "JSONSchemaExtend", isExtendSig):
		// encoding/json writes what MarshalText returns as a JSON string (uuid.UUID, netip.Addr).
		// A JSONSchemaExtend method extends invopop's own schema, which is then kept.
		return &jsonschema.Schema{Type: "string"}
	}
	return nil
}

// statesOwnJSON reports whether a field of type t with tag states the JSON of a type with its own
// encoding (a MarshalJSON method, or in an input an UnmarshalJSON on its pointer, and no method of
// invopop's: decimal.Decimal, null.String) in its jsonschema tag, with type=, oneof_type= or
// anyof_type=: the schema is then made of the tag's keywords alone, where cardgen could not know
// the JSON and reports the type otherwise. runtime/register's AdjustSchema does the same with
// invopop's schema.
func (m *mapper) statesOwnJSON(t types.Type, tag reflect.StructTag) bool {
	if !jsonschematag.StatesType(tag) {
		return false
	}
	t = deref(t)
	if _, ok := t.Underlying().(*types.Interface); ok || !mayHaveMethods(t) || m.calledAtReflectTime(t) {
		return false
	}
	if value, ptrOnly := m.methodOn(t, "MarshalJSON", isMarshalJSONSig); value || ptrOnly {
		return true
	}
	return !m.output && m.hasMethod(types.NewPointer(t), "UnmarshalJSON", isUnmarshalJSONSig)
}

// tagAdvice is the first way out a problem with the JSON encoding of t offers when t is the type
// of the field being mapped (through pointers), whose jsonschema tag can state that JSON
// (statesOwnJSON); "" for an item, a map value or the top level, where no tag can.
func (m *mapper) tagAdvice(t types.Type) string {
	if m.fieldType == nil || !types.Identical(t, m.fieldType) {
		return ""
	}
	return "state that JSON in the field's jsonschema tag (type=string, with format= or pattern= as it needs; oneof_type=string;null when it may be null), or "
}

// isStringKind reports whether t's underlying type is a string, which encoding/json decodes a
// JSON string into without a method.
func isStringKind(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// methodOn reports whether t's value method set has the named method with a signature sig
// accepts, and whether only *t's does.
func (m *mapper) methodOn(t types.Type, name string, sig func(*types.Signature) bool) (value, ptrOnly bool) {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
	fn, ok := obj.(*types.Func)
	if !ok || fn.Signature().Variadic() || !sig(fn.Signature()) {
		return false, false
	}
	if m.methods.MethodSet(t).Lookup(fn.Pkg(), name) != nil {
		return true, false
	}
	return false, true
}

// structSchema mirrors reflectStruct.
func (m *mapper) structSchema(t types.Type, at site) *jsonschema.Schema {
	if s := special(t); s != nil {
		return s
	}
	s := &jsonschema.Schema{
		Type:                 "object",
		Properties:           jsonschema.NewProperties(),
		AdditionalProperties: jsonschema.FalseSchema,
	}
	if m.topFields == nil { // the first struct mapped is the top-level type (see top)
		m.topSchema, m.topFields = s, map[string]Field{}
	}
	m.fields(s, t, at)
	return s
}

// fields mirrors reflectStructFields: it adds t's fields to st, flattening embedded structs into
// the same schema. Where invopop lets a later field of the same name replace the earlier one in
// place, cardgen follows encoding/json, which is what reads the tool's input and writes its
// output: the shallowest field wins, then the one with a json tag, and a name that two fields
// share at the same level with nothing to choose between them is left out (encoding/json writes
// neither). A name keeps the place where it first appears, as in invopop's ordered map.
func (m *mapper) fields(st *jsonschema.Schema, t types.Type, at site) {
	start := len(m.cands)
	m.collect(st, t, at, 0, false)
	cs := m.cands[start:]
	dups := duplicateNames(cs)
	for i := range cs {
		switch idx, shared := dups[cs[i].name]; {
		case !shared:
			m.place(st, &cs[i])
		case idx[0] == i: // the name's place is where it first appears
			if w := dominant(cs, idx); w != nil {
				m.place(st, w)
			}
		}
	}
	if st.OneOf != nil || st.AnyOf != nil {
		m.alwaysHolds(st, cs)
	}
	clear(cs) // drop the schemas so that the buffer keeps nothing alive
	m.cands = m.cands[:start]
}

// place adds the chosen field c to st.
func (m *mapper) place(st *jsonschema.Schema, c *cand) {
	required := c.required && !(m.output && c.viaPtr)
	if c.withDefault != nil && m.checkDefault(c.withDefault, c.at) && !m.output {
		if required {
			m.checkRequiredDefault(c.withDefault, c.name, c.at)
		}
		m.checkDefaultDecodes(c.field.Var.Type(), c.withDefault, c.at)
	}
	st.Properties.Set(c.name, c.prop)
	if st == m.topSchema {
		m.topFields[c.name] = c.field
	}
	if required {
		// fields places each name once, into a schema of its own.
		st.Required = append(st.Required, c.name)
	}
}

// duplicateNames returns, when fields of cs share a name (rare, and the only case where
// encoding/json's selection rules matter), the indices of the fields of each shared name in cs's
// order; nil when every name is unique. A struct of a few fields is compared pairwise, without
// allocating; a larger one through a map, so that one of thousands of fields costs linear time.
func duplicateNames(cs []cand) map[string][]int {
	const pairwise = 16
	shared := false
	if len(cs) <= pairwise {
		for i := range cs {
			for j := range i {
				shared = shared || cs[j].name == cs[i].name
			}
		}
	} else {
		seen := make(map[string]bool, len(cs))
		for i := range cs {
			shared = shared || seen[cs[i].name]
			seen[cs[i].name] = true
		}
	}
	if !shared {
		return nil
	}
	byName := make(map[string][]int, len(cs))
	for i := range cs {
		byName[cs[i].name] = append(byName[cs[i].name], i)
	}
	dups := map[string][]int{}
	for name, idx := range byName {
		if len(idx) > 1 {
			dups[name] = idx
		}
	}
	return dups
}

// dominant mirrors encoding/json's dominantField over the fields of cs at idx, which share a
// name: the shallowest one, or of several at that depth the only one with a json tag; nil when
// that leaves none or more than one (encoding/json then writes and reads none of them).
func dominant(cs []cand, idx []int) *cand {
	depth := -1
	for _, i := range idx {
		if depth < 0 || cs[i].depth < depth {
			depth = cs[i].depth
		}
	}
	var found *cand
	n, tagged := 0, 0
	var taggedOne *cand
	for _, i := range idx {
		c := &cs[i]
		if c.depth != depth {
			continue
		}
		n++
		found = c
		if c.tagged {
			tagged++
			taggedOne = c
		}
	}
	switch {
	case n == 1:
		return found
	case tagged == 1:
		return taggedOne
	}
	return nil
}

// collect appends the fields of t, and those promoted from its embedded structs, to m.cands in
// invopop's walk order. depth is the embedding depth of t's own fields; viaPtr says t was
// reached through an embedded pointer.
func (m *mapper) collect(st *jsonschema.Schema, t types.Type, at site, depth int, viaPtr bool) {
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	str, ok := t.Underlying().(*types.Struct)
	if !ok {
		return
	}
	if m.hasMethod(t, "GetFieldDocString", isDocStringSig) {
		m.runtime = true // replaces every description below; the fields are still walked
	}
	if m.hasMethod(t, "JSONSchemaProperty", isPropertySig) {
		m.runtime, m.inexact = true, true // may swap any field's type; which ones is known only at run time
		return
	}
	m.misdeclaredMethods(t, at, structMethods)
	if n, ok := t.(*types.Named); ok {
		m.noteDeclared(n)
	}
	for i := range str.NumFields() {
		f := str.Field(i)
		tag := reflect.StructTag(str.Tag(i))
		fat := at.field(f)
		name, embed, required, nullable := fieldName(f, tag)
		jsonTag := tag.Get("json")
		jsonName, _, _ := strings.Cut(jsonTag, ",")
		if name != "" || embed {
			m.checkJSONOptions(jsonTag, fat)
		}
		if jsonName != "" && jsonName != "-" && !validJSONName(jsonName) && (name != "" || embed) {
			m.tagIgnoredf(fat, tagSpot{key: "json", word: 0}, "json tag: encoding/json does not take %q as a name (it allows letters, digits, spaces and !#$%%&()*+-./:;<=>?@[]^_{|}~, not quotes or backslashes), so it uses the field name %s instead, which the schema does not have; rename it", jsonName, f.Name())
		}
		if name != "" && m.quotedString(f.Type(), tag) {
			m.tagIgnoredf(fat, tagSpot{key: "json", word: -1, find: "string"}, `json tag: option "string" on a string field makes encoding/json write and read the value quoted again inside the JSON string ("\"abc\"" for abc), `+
				`which the schema does not say and no client sends, so every call that sets it fails; remove the option (it is meant for numbers and booleans)`)
		}
		if msg, off := structTagSyntax(string(tag)); msg != "" {
			// reflect.StructTag.Get, which encoding/json and invopop both use, stops reading at
			// the first malformed pair, so everything from there on is silently dropped.
			m.tagIgnoredf(fat, tagSpot{off: off}, "struct tag %s, so encoding/json and invopop read none of it from there on; write it as key:\"value\" pairs separated by spaces, as in `json:\"id\" jsonschema:\"required\"`", msg)
		}
		if _, hasJSON := tag.Lookup("json"); !f.Embedded() && !f.Exported() && (hasJSON && tag.Get("json") != "-" || tag.Get("jsonschema") != "") {
			// As go vet's structtag check says: the tag shows the field was meant to be JSON.
			m.ignoredf(fat, "it is unexported, so encoding/json ignores it and its tags, and the schema leaves it out; export it: %s", exportAdvice(f.Name()))
		}
		switch {
		case tag.Get("json") == "-,":
			// encoding/json names this field "-"; invopop leaves it out, so the schema would
			// refuse the key the tool writes (an output) or never ask for it (an input).
			m.tagProblemf(fat, tagSpot{key: "json"}, `json:"-," names the field "-" for encoding/json, which invopop's schema leaves out, so the tool would write a key its schema refuses; give it another name, or json:"-" to leave it out`)
		case name != "" && f.Embedded() && !f.Exported():
			// encoding/json ignores an embedded field of an unexported non-struct type; invopop
			// makes it a required property that is never written or read.
			m.problemf(fat, "encoding/json ignores the embedded field %s (an unexported type that is not a struct), but invopop's schema requires it, so every call would fail; tag it json:\"-\", or export the type", f.Name())
		}
		if m.output && name != "" && required && omitted(tag) && omittable(f.Type(), tag) {
			// An input may require a field encoding/json would leave out (the client must send
			// it); an output cannot: the tool's own result breaks its schema.
			opt := "omitempty"
			if hasOption(strings.Split(jsonTag, ","), "omitzero") {
				opt = "omitzero"
			}
			m.tagProblemf(fat, tagSpot{key: "jsonschema", word: -1, find: "required"},
				"jsonschema tag: required on an output field whose json tag has %s: encoding/json leaves the field out of the result when it is %s, and the output schema then refuses the result; remove required, or the %s option",
				opt, map[string]string{"omitempty": "empty (false, 0, \"\", nil, or no items)", "omitzero": "zero"}[opt], opt)
		}
		if name == "" {
			if embed && !m.hiddenInterfaceMethod(deref(f.Type()), fat) && m.enter(deref(f.Type()), fat) {
				_, ptr := types.Unalias(f.Type()).Underlying().(*types.Pointer)
				n := len(m.cands)
				m.collect(st, f.Type(), fat, depth+1, viaPtr || ptr)
				m.leave()
				if ptr && f.Embedded() && !f.Exported() && !m.output && len(m.cands) > n {
					// encoding/json cannot allocate the struct behind an unexported embedded
					// pointer, so decoding any of its fields fails (golang.org/issue/21357).
					m.problemf(fat, "encoding/json cannot set the embedded pointer %s (its type is unexported), so it refuses every input that sets a field it promotes (%s), which the schema offers; "+
						"embed %s without the *, or export its type", f.Name(), m.cands[n].name, strings.TrimPrefix(typeString(f.Type()), "*"))
				}
			}
			continue
		}
		// Whether this field's schema is known only at run time (a JSONSchema method, say): its
		// JSON type is then unknown here, and the tag check must not judge keywords by it.
		before := m.runtime
		m.runtime = false
		var prop *jsonschema.Schema
		stated := m.statesOwnJSON(f.Type(), tag)
		if stated {
			prop = &jsonschema.Schema{} // the tag's keywords below are the whole schema
			m.misdeclaredMethods(deref(f.Type()), fat, typeMethods)
			if hasOption(strings.Split(jsonTag, ","), "string") {
				// encoding/json writes what MarshalJSON returns: the option applies to the
				// basic kinds' own encodings only.
				m.tagIgnoredf(fat, tagSpot{key: "json", word: -1, find: "string"}, `json tag: option "string" does nothing to a type with its own MarshalJSON, which encoding/json writes as the method returns it, and the schema is the jsonschema tag's; remove the option`)
			}
		} else {
			outer := m.fieldType
			m.fieldType = deref(f.Type())
			prop = m.schema(f.Type(), fat)
			m.fieldType = outer
		}
		fieldRuntime := m.runtime
		m.runtime = before || fieldRuntime
		m.keywordsFromTags(prop, tag, st, name, fat, fieldRuntime, quotable(f.Type()) && !stated)
		own := prop // the field's own schema, before a null alternative is added
		if fieldRuntime || prop.Default == nil {
			own = nil
		}
		if m.output {
			nullElems(f.Type(), prop)
		}
		switch {
		case nullable:
			prop = &jsonschema.Schema{OneOf: []*jsonschema.Schema{prop, {Type: "null"}}}
		case m.output && canBeNull(f.Type()) && !omitted(tag):
			prop = orNull(prop)
		}
		m.cands = append(m.cands, cand{name: name, depth: depth, tagged: jsonName != "", viaPtr: viaPtr, required: required, prop: prop, withDefault: own, at: fat, field: Field{Var: f, Tag: string(tag)}})
	}
}

// exportAdvice says how to export the unexported field name: rename it with ExportedName's
// name; for a name whose first letter has no upper case (中文, _x) that name puts an X in front,
// and the json tag keeps the JSON name.
func exportAdvice(name string) string {
	exported := ExportedName(name)
	if exported == "X"+name {
		return "its first letter has no capital, so put one in front (" + exported + ") and keep the JSON name in its json tag"
	}
	return "rename it " + exported
}

// ExportedName is an exported Go name for the unexported name: its first letter in upper case
// (status → Status, ñame → Ñame), or, when that letter has none (_hidden, 中文), an X before it.
func ExportedName(name string) string {
	r, size := utf8.DecodeRuneInString(name)
	if up := unicode.ToUpper(r); up != r && unicode.IsUpper(up) {
		return string(up) + name[size:]
	}
	return "X" + name
}

// validJSONName is encoding/json's isValidTag: a json tag name it uses; for any other it uses the
// Go field name, where invopop uses the tag's.
func validJSONName(s string) bool {
	for _, c := range s {
		if !strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c) && !unicode.IsLetter(c) && !unicode.IsDigit(c) {
			return false
		}
	}
	return true
}

// quotable reports whether encoding/json applies the json ",string" option to a field of type
// t: a string, number or boolean, or an unnamed pointer to one (not a **int, nor a named pointer
// type such as type IntPtr *int).
func quotable(t types.Type) bool {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsBoolean|types.IsNumeric|types.IsString) != 0 && b.Info()&types.IsComplex == 0
}

// QuotedJSONType returns the JSON type of the value a field of type t with the json tag of tag
// holds inside its JSON string when the tag has the ",string" option and encoding/json applies it
// (quotable): "boolean", "integer" or "number". It returns "" for any other field: one without
// the option, a string (which stays text, quoted again), or a type the option does not apply to.
// The schema says only "string" for such a field, as for text.
func QuotedJSONType(t types.Type, tag reflect.StructTag) string {
	if !hasOption(strings.Split(tag.Get("json"), ","), "string") || !quotable(t) {
		return ""
	}
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	switch info := t.Underlying().(*types.Basic).Info(); {
	case info&types.IsBoolean != 0:
		return "boolean"
	case info&types.IsInteger != 0:
		return "integer"
	case info&types.IsFloat != 0:
		return "number"
	}
	return ""
}

// quotedString reports whether the json ",string" option of tag applies to a field of type t
// that encoding/json writes as a string: it then writes the string quoted again inside the JSON
// string, and reads only that form. encoding/json applies the option to a string, number or
// boolean, or an unnamed pointer to one; json.Number is written as a number in quotes, and a type
// with its own MarshalJSON or MarshalText is written by its method, whatever the option says.
func (m *mapper) quotedString(t types.Type, tag reflect.StructTag) bool {
	if j := tag.Get("json"); !strings.Contains(j, ",string") || !hasOption(strings.Split(j, ","), "string") || !quotable(t) {
		return false
	}
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	if b := t.Underlying().(*types.Basic); b.Info()&types.IsString == 0 || isNamed(t, "encoding/json", "Number") {
		return false
	}
	p := types.NewPointer(t)
	return !m.hasMethod(p, "MarshalJSON", isMarshalJSONSig) && !m.hasMethod(p, "MarshalText", isMarshalTextSig)
}

// ipSchema is the schema of a net.IP, which encoding/json writes and reads with its MarshalText
// and UnmarshalText: an IPv4 or an IPv6 address, or "" for a nil one. invopop's
// {"type":"string","format":"ipv4"} made a client that checks formats (the TypeScript SDK's ajv)
// refuse every result holding an IPv6 address, and told clients to send IPv4 only
// (a deliberate difference, docs/schemas.md; runtime/register's jsonMapper writes the same).
func ipSchema() *jsonschema.Schema {
	return &jsonschema.Schema{Type: "string", AnyOf: []*jsonschema.Schema{{Format: "ipv4"}, {Format: "ipv6"}, {Const: ""}}}
}

// canBeNull reports whether encoding/json writes null for a zero value of t: a nil pointer,
// slice or map (an interface's schema accepts null already).
func canBeNull(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map:
		return true
	}
	return false
}

// omittable reports whether encoding/json can leave out a field of type t with the json tag
// tag: with omitzero, any field (its zero value); with omitempty, one whose type has an empty
// value (false, 0, "", a nil pointer, interface, slice or map, an empty map or slice, a
// zero-length array) — never a struct or a longer array.
func omittable(t types.Type, tag reflect.StructTag) bool {
	opts := strings.Split(tag.Get("json"), ",")
	if hasOption(opts, "omitzero") {
		return true
	}
	if !hasOption(opts, "omitempty") {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		return false
	case *types.Array:
		return u.Len() == 0
	}
	return true
}

// omitted reports whether a field's json tag leaves a nil value out instead of writing null.
func omitted(tag reflect.StructTag) bool {
	opts := strings.Split(tag.Get("json"), ",")
	return hasOption(opts, "omitempty") || hasOption(opts, "omitzero")
}

// orNull returns s, or {"oneOf":[s,{"type":"null"}]} as invopop's nullable option writes it when
// s has a single type other than null (so that exactly one alternative matches any value).
func orNull(s *jsonschema.Schema) *jsonschema.Schema {
	if s.Type == "" || s.Type == "null" {
		return s
	}
	return &jsonschema.Schema{OneOf: []*jsonschema.Schema{s, {Type: "null"}}}
}

// nullElems lets the items of the arrays and the values of the maps in s, the schema of t, be
// null where encoding/json writes null for them: nil pointers, slices and maps inside a slice,
// array or map. It runs once a field's tag keywords are applied (they read the items' type) and
// goes down through nested slices and maps; the fields of structs inside were seen to when those
// structs were mapped.
func nullElems(t types.Type, s *jsonschema.Schema) {
	switch u := deref(t).Underlying().(type) {
	case *types.Slice:
		s.Items = nullElem(u.Elem(), s.Items)
	case *types.Array:
		s.Items = nullElem(u.Elem(), s.Items)
	case *types.Map:
		if s.AdditionalProperties != jsonschema.FalseSchema && s.AdditionalProperties != jsonschema.TrueSchema {
			s.AdditionalProperties = nullElem(u.Elem(), s.AdditionalProperties)
		}
		for k, v := range s.PatternProperties {
			s.PatternProperties[k] = nullElem(u.Elem(), v)
		}
	}
}

func nullElem(t types.Type, s *jsonschema.Schema) *jsonschema.Schema {
	if s == nil {
		return nil
	}
	nullElems(t, s)
	if canBeNull(t) {
		return orNull(s)
	}
	return s
}

// fieldName mirrors reflectFieldName with RequiredFromJSONSchemaTags false (the default): a field
// is required unless its json tag has omitempty or omitzero, or when its jsonschema tag says
// "required". It returns an empty name for a field to skip, with embed set when the field's
// own fields are to be flattened into the parent instead.
func fieldName(f *types.Var, tag reflect.StructTag) (name string, embed, required, nullable bool) {
	jsonTags := strings.Split(tag.Get("json"), ",")
	if jsonTags[0] == "-" {
		return "", false, false, false
	}
	schemaTags := strings.Split(tag.Get("jsonschema"), ",")
	if schemaTags[0] == "-" {
		return "", false, false, false
	}
	required = !hasOption(jsonTags, "omitempty") && !hasOption(jsonTags, "omitzero")
	for _, s := range schemaTags {
		required = required || s == "required"
		nullable = nullable || s == "nullable"
	}
	if f.Embedded() && jsonTags[0] == "" {
		ft := types.Unalias(f.Type())
		if p, ok := ft.Underlying().(*types.Pointer); ok {
			ft = p.Elem()
		}
		if _, ok := ft.Underlying().(*types.Struct); ok {
			return "", true, false, false
		}
	}
	if hasOption(jsonTags, "inline") {
		return "", true, false, false
	}
	name = f.Name()
	if jsonTags[0] != "" {
		name = jsonTags[0]
	}
	if !f.Embedded() && !f.Exported() {
		name = ""
	}
	return name, false, required, nullable
}

// hasOption reports whether a json tag split on commas has the option (the name is skipped).
func hasOption(jsonTags []string, option string) bool {
	for _, o := range jsonTags[1:] {
		if o == option {
			return true
		}
	}
	return false
}

// sliceOrArray mirrors reflectSliceOrArray; n is the array length, or -1 for a slice.
func (m *mapper) sliceOrArray(t, elem types.Type, n int64, at site) *jsonschema.Schema {
	s := &jsonschema.Schema{}
	if isNamed(t, "encoding/json", "RawMessage") {
		return s // any JSON value
	}
	if n >= 0 {
		l := uint64(n)
		s.MinItems, s.MaxItems = &l, &l
	}
	if n < 0 && m.byteSlice(elem) {
		// encoding/json writes []byte as a base64 string.
		s.Type, s.ContentEncoding = "string", "base64"
		return s
	}
	s.Type = "array"
	s.Items = m.schema(elem, at)
	return s
}

// byteSlice reports whether encoding/json writes a slice of elem as a base64 string: elem is a
// byte type, uint8 or one defined from it (type Octet byte, where invopop says an array of
// integers), whose pointer has neither MarshalJSON nor MarshalText. encoding/json reads such a
// slice from a base64 string too (and from an array of numbers, which the schema leaves out, as
// it does for []byte).
func (m *mapper) byteSlice(elem types.Type) bool {
	if b, ok := elem.Underlying().(*types.Basic); !ok || b.Kind() != types.Uint8 {
		return false
	}
	p := types.NewPointer(elem)
	return !m.hasMethod(p, "MarshalJSON", isMarshalJSONSig) && !m.hasMethod(p, "MarshalText", isMarshalTextSig)
}

// mapSchema mirrors reflectMap. Signed integer keys get a pattern of digits (intKeyPattern),
// unless encoding/json reads or writes them as text (textKey); any other key is left
// unconstrained, as in invopop. Key types encoding/json cannot use are problems, because no JSON
// object can carry them.
func (m *mapper) mapSchema(u *types.Map, at site) *jsonschema.Schema {
	if !m.jsonKey(u.Key()) {
		m.problemf(at, "map key type %s cannot be a JSON object key; use a string or integer key type, or one that implements encoding.TextMarshaler and encoding.TextUnmarshaler", typeString(u.Key()))
	}
	s := &jsonschema.Schema{Type: "object"}
	if b, ok := u.Key().Underlying().(*types.Basic); ok && !m.textKey(u.Key()) {
		switch b.Kind() {
		case types.Int, types.Int8, types.Int16, types.Int32, types.Int64:
			s.PatternProperties = map[string]*jsonschema.Schema{intKeyPattern: m.schema(u.Elem(), at)}
			s.AdditionalProperties = jsonschema.FalseSchema
			return s
		case types.Uint, types.Uint8, types.Uint16, types.Uint32, types.Uint64, types.Uintptr:
			s.PatternProperties = map[string]*jsonschema.Schema{uintKeyPattern: m.schema(u.Elem(), at)}
			s.AdditionalProperties = jsonschema.FalseSchema
			return s
		}
	}
	if i, ok := u.Elem().Underlying().(*types.Interface); !ok {
		s.AdditionalProperties = m.schema(u.Elem(), at)
	} else {
		m.inputInterface(u.Elem(), i, at)
	}
	return s
}

// inputInterface reports a non-empty interface type t (with underlying type u) in an input:
// encoding/json cannot choose a concrete type to decode into, so only null decodes, while
// invopop's schema allows any value. An output writes the dynamic value, which any value
// describes.
func (m *mapper) inputInterface(t types.Type, u *types.Interface, at site) {
	if !m.output && !u.Empty() {
		m.ignoredf(at, "encoding/json can decode only null into the interface type %s, since it cannot choose a concrete type, so every input that sets it fails while the schema allows any value; "+
			"use a concrete type (or any) in the input, or tag the field json:\"-\"", typeString(t))
	}
}

// intKeyPattern is the pattern of the keys of a map with signed integer keys: encoding/json
// writes a negative key with its minus sign ("-3"), which invopop's "^[0-9]+$" refuses.
const intKeyPattern = "^-?[0-9]+$"

// uintKeyPattern is the pattern of the keys of a map with unsigned integer keys, which
// encoding/json writes as digits and reads only as digits: invopop constrains them not at all,
// so a client could send "abc" and get the decoder's error instead of the schema's.
const uintKeyPattern = "^[0-9]+$"

// textKey reports whether encoding/json writes (for an output) or reads (for an input) the
// integer map key type k as text: it writes a key with a value MarshalText method as what the
// method returns, and reads a key whose pointer has UnmarshalText with that method, before it
// would use the integer's digits. invopop's digits-only pattern would then refuse every key (an
// enum type Color int with MarshalText writes "red", not "1").
func (m *mapper) textKey(k types.Type) bool {
	if m.output {
		return m.hasMethod(k, "MarshalText", isMarshalTextSig)
	}
	return m.hasMethod(types.NewPointer(k), "UnmarshalText", isUnmarshalTextSig)
}

// jsonKey reports whether encoding/json accepts k as a map key type.
func (m *mapper) jsonKey(k types.Type) bool {
	if b, ok := k.Underlying().(*types.Basic); ok && b.Info()&(types.IsString|types.IsInteger) != 0 {
		return true
	}
	return m.hasMethod(k, "MarshalText", isMarshalTextSig) &&
		m.hasMethod(types.NewPointer(k), "UnmarshalText", isUnmarshalTextSig)
}

// deref strips every pointer, as invopop's reflectTypeToSchema does before anything else.
func deref(t types.Type) types.Type {
	t = types.Unalias(t)
	for {
		p, ok := t.Underlying().(*types.Pointer)
		if !ok {
			return t
		}
		t = types.Unalias(p.Elem())
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// inStandardLibrary reports whether t is a named type of a standard library package
// (StandardPackage).
func inStandardLibrary(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	return StandardPackage(n.Obj().Pkg().Path())
}

// StandardPackage reports whether the import path is a standard library package's: its first
// element has no dot, as the go command tells them apart, and GOROOT holds it — a module path
// need not have a dot (module myapp), so a path without one is the standard library's only where
// GOROOT has it (or when GOROOT is unknown).
func StandardPackage(path string) bool {
	if first, _, _ := strings.Cut(path, "/"); strings.Contains(first, ".") {
		return false
	}
	if build.Default.GOROOT == "" {
		return true
	}
	st, err := os.Stat(filepath.Join(build.Default.GOROOT, "src", filepath.FromSlash(path)))
	return err == nil && st.IsDir()
}

// strayChar quotes the character s starts with, whole (a no-break space is two bytes, and its
// first alone says nothing), and names a space or an invisible character that is not the ASCII
// space a struct tag separates its keys with: one pasted from a web page looks right.
func strayChar(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	q := strconv.Quote(s[:size])
	if r >= utf8.RuneSelf && (unicode.IsSpace(r) || unicode.Is(unicode.Cf, r)) {
		return fmt.Sprintf("%s (U+%04X, which looks like a space or nothing but is not the ASCII space a tag needs)", q, r)
	}
	return q
}

// structTagSyntax returns what is wrong with a struct tag that reflect.StructTag.Get cannot read
// to its end, such as `has "," directly after json:"l", where a space belongs`, or "", and the
// offset in tag of what it is about: the stray byte, the key or the value. It follows the
// conventional format that go vet's structtag check holds tags to.
func structTagSyntax(tag string) (string, int) {
	for i := 0; ; {
		for i < len(tag) && tag[i] == ' ' {
			i++
		}
		if i >= len(tag) {
			return "", 0
		}
		start := i
		for i < len(tag) && tag[i] > ' ' && tag[i] != ':' && tag[i] != '"' && tag[i] != 0x7f {
			i++
		}
		key := tag[start:i]
		switch {
		case key == "":
			return fmt.Sprintf("has %s where a key belongs", strayChar(tag[i:])), i
		case i >= len(tag) || tag[i] != ':':
			return fmt.Sprintf("has the key %s without a colon directly after it", key), start
		case i+1 >= len(tag) || tag[i+1] != '"':
			return fmt.Sprintf("has no quoted value directly after %s:", key), i + 1
		}
		i++
		q := i
		for i++; i < len(tag) && tag[i] != '"'; i++ {
			if tag[i] == '\\' {
				i++
			}
		}
		if i >= len(tag) {
			return fmt.Sprintf("has an unterminated value after %s:", key), q
		}
		i++
		if _, err := strconv.Unquote(tag[q:i]); err != nil {
			return fmt.Sprintf("has a value after %s: that is not a valid Go string", key), q
		}
		if i < len(tag) && tag[i] != ' ' {
			return fmt.Sprintf("has %s directly after %s, where a space belongs", strayChar(tag[i:]), tag[start:i]), i
		}
	}
}

// promotedFrom returns the embedded field of the struct type t that t's method name is promoted
// from, or nil when t declares it itself or has none.
func promotedFrom(t types.Type, name string) *types.Var {
	obj, index, _ := types.LookupFieldOrMethod(t, true, nil, name)
	st, ok := t.Underlying().(*types.Struct)
	if obj == nil || len(index) < 2 || !ok {
		return nil
	}
	return st.Field(index[0])
}
