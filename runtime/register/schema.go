package register

import (
	"encoding"
	"encoding/json"
	"fmt"
	"net"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/invopop/jsonschema"

	"github.com/cardgen/cardgen/internal/intrange"
	"github.com/cardgen/cardgen/internal/jsonschematag"
)

// ReflectOutputSchema is ReflectSchema for a tool's output type: the schema also accepts the
// nulls encoding/json writes for T's nil slices, maps and pointers (see AdjustSchema). Generated
// code uses it only for output types with their own JSONSchema-style methods.
func ReflectOutputSchema[T any]() json.RawMessage {
	return reflectSchema[T](true)
}

func reflectSchema[T any](output bool) json.RawMessage {
	var zero T
	s := Reflector().Reflect(zero)
	AdjustSchema(reflect.TypeFor[T](), s, output)
	b, err := json.Marshal(s)
	if err != nil {
		// A schema that cannot be marshalled is a programming error in the type's JSONSchema
		// method; failing at start-up is the earliest place it can be seen.
		panic(fmt.Sprintf("cardgen: marshalling the JSON schema of %T: %v", zero, err))
	}
	return b
}

// AdjustSchema changes s, the schema Reflector reflects for t, where invopop's schema and the JSON
// that encoding/json reads and writes for t disagree. It is the run-time twin of cardgen's
// generate-time mapping (gen/schema), which makes the same changes over go/types, and the two are
// held to the same bytes by the schema oracle:
//
//   - Where several fields of a struct have the same JSON name, the schema keeps the one
//     encoding/json uses (the shallowest, then the one with a json tag) instead of the last one
//     invopop walked, and leaves out a name encoding/json uses for none of them (two fields at the
//     same depth with nothing to choose between them).
//   - With output set, a field that encoding/json writes as null (a nil slice, map or pointer,
//     without omitempty or omitzero) and an item or map value that can be null (a nil pointer,
//     slice or map inside a slice, array or map) accept null: a schema with a single type other
//     than null becomes {"oneOf":[schema,{"type":"null"}]}. Fields promoted through an embedded
//     pointer are not required, as a nil pointer leaves them out.
//   - The keys of a map with signed integer keys may have a minus sign ("^-?[0-9]+$", as
//     encoding/json writes -3), and are any string when encoding/json takes them as text (a key
//     type with MarshalText, for an output; whose pointer has UnmarshalText, for an input).
//   - A field with the json ",string" option that encoding/json does not quote (a **int, a
//     named pointer type) keeps the schema of its type, where invopop makes it a string.
//   - The keys of a map with unsigned integer keys are digits ("^[0-9]+$"), which invopop leaves
//     free. (net.IP, an IPv4 or IPv6 address or "", and a pointer to a type with a pointer-only
//     MarshalText, a string, and the range of a sized or unsigned integer type are the Mapper's.)
//   - A field the ",string" option or a type= keyword made other than a number loses the range
//     the Mapper gave its integer type (which describes numbers only).
//   - The top level has no $id: invopop's names the type, so a type's input and output schemas
//     shared one, and a validator that caches by $id (the TypeScript SDK's) mixed them up.
//
// Schemas that a type's own method made (JSONSchema, JSONSchemaAlias's target is followed) are
// left as they are, and so are the fields and required list of a struct with a JSONSchemaExtend
// or JSONSchemaProperty method (only the nulls are added to the former).
func AdjustSchema(t reflect.Type, s *jsonschema.Schema, output bool) {
	a := adjuster{r: Reflector(), output: output}
	a.schema(t, s)
	if s != nil {
		s.ID = "" // as gen/schema leaves it out: see the list above
	}
}

var (
	customSchemaType   = reflect.TypeFor[interface{ JSONSchema() *jsonschema.Schema }]()
	extendSchemaType   = reflect.TypeFor[interface{ JSONSchemaExtend(*jsonschema.Schema) }]()
	aliasSchemaType    = reflect.TypeFor[interface{ JSONSchemaAlias() any }]()
	propertyAliasType  = reflect.TypeFor[interface{ JSONSchemaProperty(string) any }]()
	fieldDocStringType = reflect.TypeFor[interface{ GetFieldDocString(string) string }]()
	protoEnumType      = reflect.TypeFor[interface{ EnumDescriptor() ([]byte, []int) }]()
)

var (
	jsonNumberType      = reflect.TypeFor[json.Number]()
	jsonMarshalerType   = reflect.TypeFor[json.Marshaler]()
	jsonUnmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	anyType             = reflect.TypeFor[any]()
	textMarshalerType   = reflect.TypeFor[encoding.TextMarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	byteType            = reflect.TypeFor[byte]()
	timeType            = reflect.TypeFor[time.Time]()
	ipType              = reflect.TypeFor[net.IP]()
)

// jsonMapper is Reflector's Mapper: the schema of a type encoding/json writes other than as its
// Go structure, or nil to let invopop reflect it.
func jsonMapper(t reflect.Type) *jsonschema.Schema {
	switch {
	case t == jsonNumberType:
		return &jsonschema.Schema{Type: "number"}
	case t == ipType:
		// An IPv4 or IPv6 address, or "" for a nil net.IP, as its MarshalText writes it; invopop
		// says format ipv4 (gen/schema's ipSchema writes the same).
		return &jsonschema.Schema{Type: "string", AnyOf: []*jsonschema.Schema{{Format: "ipv4"}, {Format: "ipv6"}, {Const: ""}}}
	case t == timeType || t.Kind() == reflect.Interface ||
		t.Implements(customSchemaType) || t.Implements(extendSchemaType) || t.Implements(protoEnumType) ||
		t.Implements(jsonMarshalerType): // json.RawMessage, and shapes only the type's own method knows
		return nil
	case t.Implements(textMarshalerType):
		return &jsonschema.Schema{Type: "string"}
	case t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(textMarshalerType) && !reflect.PointerTo(t).Implements(jsonMarshalerType):
		// MarshalText on the pointer only (*big.Float): invopop hands the Mapper the type a
		// pointer points to, and encoding/json writes a *T with the method, as a string. (A T
		// field, whose JSON depends on whether it is addressable, is a problem cardgen reports
		// when it generates.)
		return &jsonschema.Schema{Type: "string"}
	case t.Kind() >= reflect.Int && t.Kind() <= reflect.Uint64:
		// The range of a sized or unsigned integer type, as gen/schema's intRange states it
		// (invopop states none): the struct tags invopop reads after the Mapper may replace either
		// end, and AdjustSchema takes both off a field the ",string" option or a type= made other
		// than a number.
		if lo, hi := intrange.Of(t.Kind() <= reflect.Int64, intBits(t)); lo != "" || hi != "" {
			return &jsonschema.Schema{Type: "integer", Minimum: lo, Maximum: hi}
		}
		return nil
	case byteSlice(t) && t.Elem() != byteType:
		// invopop makes a string only of a slice of uint8 itself, and an array of integers of
		// one of a type defined from byte (type Octet byte), which encoding/json writes and
		// reads as base64 all the same.
		return &jsonschema.Schema{Type: "string", ContentEncoding: "base64"}
	}
	return nil
}

// intBits is the size intrange.Of takes for an integer type t: its size in bits, but 0 for int
// and uint, whose schema does not depend on the platform.
func intBits(t reflect.Type) int {
	if t.Kind() == reflect.Int || t.Kind() == reflect.Uint {
		return 0
	}
	return t.Bits()
}

// rangedInteger reports whether the Mapper gives t, or what it points to, the range of an
// integer type.
func rangedInteger(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	s := jsonMapper(t)
	return s != nil && s.Type == "integer" && (s.Minimum != "" || s.Maximum != "")
}

// statesOwnJSON reports whether a field of type t with tag states the JSON of a type with its
// own encoding in its jsonschema tag (type=, oneof_type= or anyof_type=): a MarshalJSON method,
// or in an input an UnmarshalJSON on its pointer, and none of invopop's methods that give a
// schema. The schema is then the tag's alone, as gen/schema's statesOwnJSON makes it, where
// invopop describes the type's Go fields, which encoding/json never writes.
func statesOwnJSON(t reflect.Type, tag reflect.StructTag, output bool) bool {
	if !jsonschematag.StatesType(tag) {
		return false
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() == reflect.Interface || t.Implements(customSchemaType) || t.Implements(aliasSchemaType) {
		return false
	}
	p := reflect.PointerTo(t)
	return p.Implements(jsonMarshalerType) || !output && p.Implements(jsonUnmarshalerType)
}

// byteSlice reports whether encoding/json writes a value of t as a base64 string: t is a slice
// of a byte type (uint8, or one defined from it) whose pointer has neither a MarshalJSON nor a
// MarshalText method.
func byteSlice(t reflect.Type) bool {
	if t.Kind() != reflect.Slice || t.Elem().Kind() != reflect.Uint8 {
		return false
	}
	p := reflect.PointerTo(t.Elem())
	return !p.Implements(jsonMarshalerType) && !p.Implements(textMarshalerType)
}

// intKeyPattern is the pattern of the keys of a map with signed integer keys, as gen/schema
// writes it: encoding/json writes a negative key with its sign ("-3"), which invopop's
// "^[0-9]+$" refuses.
const intKeyPattern = "^-?[0-9]+$"

// uintKeyPattern is the pattern of the keys of a map with unsigned integer keys, as gen/schema
// writes it: encoding/json reads only digits, where invopop constrains the keys not at all.
const uintKeyPattern = "^[0-9]+$"

// textKey reports whether encoding/json writes (for an output) or reads (for an input) the
// integer map key type k as text rather than as its digits: with a MarshalText method of the
// value to write, with an UnmarshalText method of the pointer to read.
func (a *adjuster) textKey(k reflect.Type) bool {
	if a.output {
		return k.Implements(textMarshalerType)
	}
	return reflect.PointerTo(k).Implements(textUnmarshalerType)
}

// mapKeys changes s, invopop's schema of the map type t, where it constrains the keys other
// than encoding/json writes and reads them: a signed integer key gets a pattern with the minus
// sign, and one encoding/json takes as text (textKey) gets any string key, as a map of string
// keys does.
func (a *adjuster) mapKeys(t reflect.Type, s *jsonschema.Schema) {
	switch t.Key().Kind() {
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		// invopop leaves the keys of these unconstrained; encoding/json reads only digits.
		if len(s.PatternProperties) == 0 && !a.textKey(t.Key()) {
			items := s.AdditionalProperties
			if items == nil {
				items = &jsonschema.Schema{}
			}
			s.PatternProperties = map[string]*jsonschema.Schema{uintKeyPattern: items}
			s.AdditionalProperties = jsonschema.FalseSchema
		}
		return
	}
	items, ok := s.PatternProperties["^[0-9]+$"]
	if !ok || len(s.PatternProperties) != 1 {
		return
	}
	switch t.Key().Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
	default:
		return
	}
	if !a.textKey(t.Key()) {
		s.PatternProperties = map[string]*jsonschema.Schema{intKeyPattern: items}
		return
	}
	s.PatternProperties, s.AdditionalProperties = nil, nil
	if t.Elem().Kind() != reflect.Interface {
		s.AdditionalProperties = items
	}
}

type adjuster struct {
	r      *jsonschema.Reflector
	output bool
}

// schema adjusts s, the schema of t, and what it holds, walking t as invopop reflected it.
func (a *adjuster) schema(t reflect.Type, s *jsonschema.Schema) {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || s == nil || s == jsonschema.TrueSchema || s == jsonschema.FalseSchema {
		return
	}
	if t.Implements(aliasSchemaType) {
		v := reflect.New(t).Interface().(interface{ JSONSchemaAlias() any })
		a.schema(reflect.TypeOf(v.JSONSchemaAlias()), s)
		return
	}
	if (a.r.Mapper != nil && a.r.Mapper(t) != nil) || t.Implements(customSchemaType) || t.Implements(protoEnumType) {
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		a.fields(t, s)
	case reflect.Slice, reflect.Array:
		s.Items = a.elem(t.Elem(), s.Items)
	case reflect.Map:
		a.mapKeys(t, s)
		if s.AdditionalProperties != jsonschema.FalseSchema && s.AdditionalProperties != jsonschema.TrueSchema {
			s.AdditionalProperties = a.elem(t.Elem(), s.AdditionalProperties)
		}
		for k, v := range s.PatternProperties {
			s.PatternProperties[k] = a.elem(t.Elem(), v)
		}
	}
}

// elem adjusts s, the schema of an item or map value of type t, and returns it, accepting null
// in output schemas when encoding/json can write null for it.
func (a *adjuster) elem(t reflect.Type, s *jsonschema.Schema) *jsonschema.Schema {
	if s == nil {
		return nil
	}
	a.schema(t, s)
	if a.output && canBeNull(t) {
		return orNull(s)
	}
	return s
}

// field is a struct field a schema may get, as gen/schema's mapper collects it.
type field struct {
	f        reflect.StructField
	owner    reflect.Type // the struct that declares f
	name     string
	depth    int
	tagged   bool
	viaPtr   bool
	required bool
	nullable bool
}

// fields adjusts the properties of a struct's schema s.
func (a *adjuster) fields(t reflect.Type, s *jsonschema.Schema) {
	if s.Properties == nil || t.Implements(propertyAliasType) {
		return
	}
	var fs []field
	a.collect(&fs, t, 0, false)
	own := !t.Implements(extendSchemaType) // JSONSchemaExtend may have changed them: leave them
	var required []string
	for i := range fs {
		if first(fs, fs[i].name) != i {
			continue
		}
		name := fs[i].name
		w := dominant(fs[i:], name)
		if w == nil {
			if own {
				s.Properties.Delete(name)
			}
			continue
		}
		prop, ok := s.Properties.Get(name)
		if !ok {
			continue
		}
		stated := own && statesOwnJSON(w.f.Type, w.f.Tag, a.output)
		if stated || own && (w != last(fs, name) || unquoted(w.f)) {
			prop = a.reflectField(w, stated)
		}
		inner := prop
		if w.nullable && len(prop.OneOf) == 2 {
			inner = prop.OneOf[0]
		}
		if !stated {
			a.schema(w.f.Type, inner)
		}
		if own && inner.Type != "integer" && inner.Type != "number" && rangedInteger(w.f.Type) {
			// The ",string" option or a type= keyword made the field other than a number: the
			// range describes numbers (as gen/schema's keywordsFromTags leaves it out).
			inner.Minimum, inner.Maximum = "", ""
		}
		if a.output && !w.nullable && canBeNull(w.f.Type) && !omitted(w.f.Tag) {
			prop = orNull(prop)
		}
		s.Properties.Set(name, prop)
		if w.required && !(a.output && w.viaPtr) {
			required = append(required, name)
		}
	}
	if own {
		s.Required = required
	}
}

// collect mirrors invopop's reflectStructFields: the fields of t, and those of its embedded
// structs, in walk order.
func (a *adjuster) collect(fs *[]field, t reflect.Type, depth int, viaPtr bool) {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || depth > 0 && t.Implements(propertyAliasType) {
		return
	}
	for i := range t.NumField() {
		f := t.Field(i)
		name, embed, required, nullable := fieldName(f)
		if name == "" {
			if embed {
				a.collect(fs, f.Type, depth+1, viaPtr || f.Type.Kind() == reflect.Pointer)
			}
			continue
		}
		jsonName, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		*fs = append(*fs, field{f: f, owner: t, name: name, depth: depth, tagged: jsonName != "",
			viaPtr: viaPtr, required: required, nullable: nullable})
	}
}

// reflectField reflects the schema invopop gives field w on its own, as it would have had w been
// the last field of its name: a struct with only that field, and its tags. With stated, the
// field's tag states the JSON of its type (statesOwnJSON), and the schema is made of the tag
// alone: invopop reflects it on a field of type any, whose schema is empty.
func (a *adjuster) reflectField(w *field, stated bool) *jsonschema.Schema {
	tag, typ := w.f.Tag, w.f.Type
	if unquoted(w.f) || stated {
		// encoding/json does not quote the value (stated: MarshalJSON writes it), where
		// invopop would make a number or boolean a string.
		tag = withoutStringOption(tag)
	}
	if stated {
		typ = anyType
	}
	st := reflect.StructOf([]reflect.StructField{{Name: "F", Type: typ, Tag: tag}})
	s := a.r.ReflectFromType(st)
	prop := s.Properties.Oldest().Value
	if w.owner.Implements(fieldDocStringType) {
		doc := reflect.New(w.owner).Interface().(interface{ GetFieldDocString(string) string })
		target := prop
		if w.nullable && len(prop.OneOf) == 2 {
			target = prop.OneOf[0]
		}
		target.Description = doc.GetFieldDocString(w.f.Name)
	}
	return prop
}

// fieldName mirrors invopop's reflectFieldName with the default options.
func fieldName(f reflect.StructField) (name string, embed, required, nullable bool) {
	jsonTags := strings.Split(f.Tag.Get("json"), ",")
	if jsonTags[0] == "-" {
		return "", false, false, false
	}
	schemaTags := strings.Split(f.Tag.Get("jsonschema"), ",")
	if schemaTags[0] == "-" {
		return "", false, false, false
	}
	required = !hasOption(jsonTags, "omitempty") && !hasOption(jsonTags, "omitzero")
	for _, s := range schemaTags {
		required = required || s == "required"
		nullable = nullable || s == "nullable"
	}
	if f.Anonymous && jsonTags[0] == "" {
		if f.Type.Kind() == reflect.Struct || f.Type.Kind() == reflect.Pointer && f.Type.Elem().Kind() == reflect.Struct {
			return "", true, false, false
		}
	}
	if hasOption(jsonTags, "inline") {
		return "", true, false, false
	}
	name = f.Name
	if jsonTags[0] != "" {
		name = jsonTags[0]
	}
	if !f.Anonymous && !f.IsExported() {
		name = ""
	}
	return name, false, required, nullable
}

// unquoted reports whether f has the json ",string" option but a type encoding/json does not
// apply it to: it quotes only a string, number or boolean, or an unnamed pointer to one, while
// invopop also makes a string of a **int or a named pointer type (type IntPtr *int), whose
// values encoding/json writes as numbers all the same.
func unquoted(f reflect.StructField) bool {
	if !hasOption(strings.Split(f.Tag.Get("json"), ","), "string") {
		return false
	}
	t := f.Type
	if t.Kind() == reflect.Pointer && t.Name() == "" {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Bool, reflect.String, reflect.Float32, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return false
	}
	return true
}

// withoutStringOption returns tag with the "string" option taken out of its json key, the
// other keys as they were. A tag that is not in the conventional key:"value" form is returned
// as it is.
func withoutStringOption(tag reflect.StructTag) reflect.StructTag {
	var b strings.Builder
	rest := string(tag)
	for rest != "" {
		rest = strings.TrimLeft(rest, " ")
		key, after, ok := strings.Cut(rest, ":")
		if !ok || after == "" || after[0] != '"' {
			return tag
		}
		end := 1
		for end < len(after) && after[end] != '"' {
			if after[end] == '\\' {
				end++
			}
			end++
		}
		if end >= len(after) {
			return tag
		}
		quoted := after[:end+1]
		rest = after[end+1:]
		if key == "json" {
			value, err := strconv.Unquote(quoted)
			if err != nil {
				return tag
			}
			opts := strings.Split(value, ",")
			kept := opts[:1]
			for _, o := range opts[1:] {
				if o != "string" {
					kept = append(kept, o)
				}
			}
			quoted = strconv.Quote(strings.Join(kept, ","))
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(key + ":" + quoted)
	}
	return reflect.StructTag(b.String())
}

func hasOption(jsonTags []string, option string) bool {
	for _, o := range jsonTags[1:] {
		if o == option {
			return true
		}
	}
	return false
}

func omitted(tag reflect.StructTag) bool {
	opts := strings.Split(tag.Get("json"), ",")
	return hasOption(opts, "omitempty") || hasOption(opts, "omitzero")
}

// canBeNull reports whether encoding/json writes null for a zero value of t.
func canBeNull(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map:
		return true
	}
	return false
}

// orNull returns s, or {"oneOf":[s,{"type":"null"}]} when s has a single type other than null.
func orNull(s *jsonschema.Schema) *jsonschema.Schema {
	if s.Type == "" || s.Type == "null" {
		return s
	}
	return &jsonschema.Schema{OneOf: []*jsonschema.Schema{s, {Type: "null"}}}
}

func first(fs []field, name string) int {
	for i := range fs {
		if fs[i].name == name {
			return i
		}
	}
	return -1
}

func last(fs []field, name string) *field {
	for i := len(fs) - 1; i >= 0; i-- {
		if fs[i].name == name {
			return &fs[i]
		}
	}
	return nil
}

// dominant mirrors encoding/json's dominantField over the fields named name: the shallowest, or
// of several at that depth the only one with a json tag; nil when there is no single one.
func dominant(fs []field, name string) *field {
	depth := -1
	for i := range fs {
		if fs[i].name == name && (depth < 0 || fs[i].depth < depth) {
			depth = fs[i].depth
		}
	}
	var one, tagged *field
	n, nTagged := 0, 0
	for i := range fs {
		if fs[i].name != name || fs[i].depth != depth {
			continue
		}
		n++
		one = &fs[i]
		if fs[i].tagged {
			nTagged++
			tagged = &fs[i]
		}
	}
	switch {
	case n == 1:
		return one
	case nTagged == 1:
		return tagged
	}
	return nil
}
