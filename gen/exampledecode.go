package gen

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/types"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
)

// decodeProblem says why encoding/json would refuse to decode the example JSON into a value of
// type t although it matches the output schema, or returns "": a number outside its Go type's
// range (300 for a uint8, -1 for a uint, 1e39 for a float32) or a time.Time that is not RFC 3339.
// The schema says "integer" or "string" for those and no more (invopop's), so the validator
// passes them; the generated golden test decodes the example and failed on it. Values of types
// with their own UnmarshalJSON or UnmarshalText decode by their own rules and are not judged.
func decodeProblem(t types.Type, example string) string {
	dec := json.NewDecoder(strings.NewReader(example))
	dec.UseNumber() // exact digits: a float64 would round what is checked
	var v any
	if dec.Decode(&v) != nil {
		return ""
	}
	return decodeValue(t, v, "", 0)
}

// decodeValue is decodeProblem for the value v at path (a JSON path, "" for the whole example).
func decodeValue(t types.Type, v any, path string, depth int) string {
	if v == nil || depth > 32 { // null leaves a Go value as it is; a recursive type ends somewhere
		return ""
	}
	t = types.Unalias(t)
	if isNamed(t, "time", "Time") {
		if s, ok := v.(string); ok {
			if _, err := time.Parse(time.RFC3339Nano, s); err != nil {
				return fmt.Sprintf("%s is %q, which is not an RFC 3339 time as encoding/json reads a time.Time (2006-01-02T15:04:05Z)", where(path), s)
			}
		}
		return ""
	}
	if ownDecoding(t) {
		return ""
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return decodeValue(u.Elem(), v, path, depth+1)
	case *types.Basic:
		n, ok := v.(json.Number)
		if !ok {
			return ""
		}
		return numberProblem(u, n, path)
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			return "" // base64 text, which the schema's format says
		}
		items, _ := v.([]any)
		for i, item := range items {
			if p := decodeValue(u.Elem(), item, fmt.Sprintf("%s[%d]", path, i), depth+1); p != "" {
				return p
			}
		}
	case *types.Array:
		items, _ := v.([]any)
		for i, item := range items[:min(len(items), int(u.Len()))] {
			if p := decodeValue(u.Elem(), item, fmt.Sprintf("%s[%d]", path, i), depth+1); p != "" {
				return p
			}
		}
	case *types.Map:
		obj, _ := v.(map[string]any)
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			if p := decodeValue(u.Elem(), obj[k], path+"."+k, depth+1); p != "" {
				return p
			}
		}
	case *types.Struct:
		obj, _ := v.(map[string]any)
		return structProblem(u, obj, path, depth)
	case *types.Interface:
		// encoding/json fills a nil interface only when it has no methods: it would not know
		// which type to make.
		if u.NumMethods() > 0 {
			return fmt.Sprintf("%s is %s, and encoding/json decodes only null into %s, an interface with methods", where(path), jsonKind(v), typeName(t))
		}
	}
	return ""
}

// typeName is t as a message names it: its own name when it has one.
func typeName(t types.Type) string {
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name()
	}
	return t.String()
}

// jsonKind is the kind of the decoded JSON value v, with an article.
func jsonKind(v any) string {
	switch v.(type) {
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	}
	return "a number"
}

// quotedProblem says why encoding/json would refuse the value v for a field of type t whose json
// tag has the ,string option, or returns "". Such a field is read from a JSON string holding the
// value's JSON ("5", "true"); the schema says "type":"string" and no more. encoding/json itself
// judges it, on a struct of one field of t's kind made with reflect: the rules (what the string
// may hold, a number's range, "null") are all its own.
func quotedProblem(t types.Type, v any, path string) string {
	rt := reflectBasic(t)
	if rt == nil {
		return ""
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	holder := reflect.StructOf([]reflect.StructField{{Name: "V", Type: rt, Tag: `json:"v,string"`}})
	err = json.Unmarshal(append(append([]byte(`{"v":`), raw...), '}'), reflect.New(holder).Interface())
	if err == nil {
		return ""
	}
	if _, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
		// A number in the string that its type does not hold: out of range, or a fraction.
		if b := basicOf(t); b != nil {
			if p := numberProblem(b, json.Number(fmt.Sprint(v)), path); p != "" {
				return p
			}
		}
		return fmt.Sprintf("%s is %s, which encoding/json does not read into %s", where(path), raw, typeName(t))
	}
	want := `a string holding a number, as "5"`
	if b := basicOf(t); b != nil && b.Info()&types.IsBoolean != 0 {
		want = `"true" or "false"`
	}
	return fmt.Sprintf("%s is %s, but the ,string option of its json tag makes encoding/json read it only from %s", where(path), raw, want)
}

// basicOf is the basic type under t, or under the pointer t is, or nil.
func basicOf(t types.Type) *types.Basic {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	b, _ := t.Underlying().(*types.Basic)
	return b
}

// reflectBasic is the reflect type of t's kind when t is a number or boolean type, or a pointer
// without a name to one — the fields encoding/json's ,string option applies to (a string field
// is refused with the option when cardgen runs) — and nil otherwise, or when the type decodes by
// its own method.
func reflectBasic(t types.Type) reflect.Type {
	t = types.Unalias(t)
	if ownDecoding(t) {
		return nil
	}
	if p, ok := t.(*types.Pointer); ok {
		if elem := reflectBasic(p.Elem()); elem != nil {
			return reflect.PointerTo(elem)
		}
		return nil
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return nil
	}
	return reflectKinds[b.Kind()]
}

// reflectKinds are the reflect types of the basic kinds the ,string option applies to.
var reflectKinds = map[types.BasicKind]reflect.Type{
	types.Bool: reflect.TypeFor[bool](),
	types.Int:  reflect.TypeFor[int](), types.Int8: reflect.TypeFor[int8](), types.Int16: reflect.TypeFor[int16](),
	types.Int32: reflect.TypeFor[int32](), types.Int64: reflect.TypeFor[int64](),
	types.Uint: reflect.TypeFor[uint](), types.Uint8: reflect.TypeFor[uint8](), types.Uint16: reflect.TypeFor[uint16](),
	types.Uint32: reflect.TypeFor[uint32](), types.Uint64: reflect.TypeFor[uint64](), types.Uintptr: reflect.TypeFor[uintptr](),
	types.Float32: reflect.TypeFor[float32](), types.Float64: reflect.TypeFor[float64](),
}

// structProblem is decodeValue for an object decoded into a struct: each key, checked against the
// field encoding/json fills from it (decodeFields).
func structProblem(st *types.Struct, obj map[string]any, path string, depth int) string {
	fields := decodeFields(st)
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		f, ok := fields[k]
		if !ok {
			for name, g := range fields { // encoding/json's second chance: the key in another case
				if strings.EqualFold(name, k) {
					f, ok = g, true
					break
				}
			}
		}
		if !ok {
			continue
		}
		if f.quoted && reflectBasic(f.typ) != nil { // encoding/json ignores the option on other types
			if p := quotedProblem(f.typ, obj[k], path+"."+k); p != "" {
				return p
			}
			continue
		}
		if p := decodeValue(f.typ, obj[k], path+"."+k, depth+1); p != "" {
			return p
		}
	}
	return ""
}

// A decodeField is a field encoding/json may fill from a key of the name it is listed under.
type decodeField struct {
	depth  int  // how deep in embedded structs
	tagged bool // its name comes from a json tag
	quoted bool // its json tag has the ,string option
	typ    types.Type
}

// decodeFields returns the fields encoding/json fills from an object's keys, by name, as its
// rules choose among fields of one name: the shallowest, then the one with a json tag; a name
// still ambiguous fills none. Embedded structs without a JSON name are read into, breadth
// first, each once; an embedded field of another kind is a field of its type's name, and an
// unexported one is not a field.
func decodeFields(st *types.Struct) map[string]decodeField {
	type level struct {
		st    *types.Struct
		depth int
	}
	all := map[string][]decodeField{}
	seen := map[*types.Struct]bool{st: true}
	for current := []level{{st, 0}}; len(current) > 0; {
		var next []level
		for _, l := range current {
			for i := range l.st.NumFields() {
				f, tag := l.st.Field(i), l.st.Tag(i)
				name, _, _ := strings.Cut(reflect.StructTag(tag).Get("json"), ",")
				if name == "-" && reflect.StructTag(tag).Get("json") == "-" {
					continue
				}
				if f.Embedded() && name == "" {
					t := types.Unalias(f.Type())
					if p, ok := t.Underlying().(*types.Pointer); ok {
						t = types.Unalias(p.Elem())
					}
					if inner, ok := t.Underlying().(*types.Struct); ok && !ownDecoding(t) {
						if !seen[inner] {
							seen[inner] = true
							next = append(next, level{inner, l.depth + 1})
						}
						continue
					}
				}
				if !f.Exported() {
					continue
				}
				key := name
				if key == "" {
					key = f.Name()
				}
				_, opts, _ := strings.Cut(reflect.StructTag(tag).Get("json"), ",")
				quoted := slices.Contains(strings.Split(opts, ","), "string")
				all[key] = append(all[key], decodeField{l.depth, name != "", quoted, f.Type()})
			}
		}
		current = next
	}
	fields := map[string]decodeField{}
	for name, cands := range all {
		top := slices.MinFunc(cands, func(a, b decodeField) int { return a.depth - b.depth }).depth
		var atTop, tagged []decodeField
		for _, c := range cands {
			if c.depth == top {
				atTop = append(atTop, c)
				if c.tagged {
					tagged = append(tagged, c)
				}
			}
		}
		switch {
		case len(atTop) == 1:
			fields[name] = atTop[0]
		case len(tagged) == 1:
			fields[name] = tagged[0]
		}
	}
	return fields
}

// numberProblem says why the JSON number n does not decode into a value of the basic type b.
func numberProblem(b *types.Basic, n json.Number, path string) string {
	info := b.Info()
	var err error
	switch {
	case info&types.IsUnsigned != 0:
		_, err = strconv.ParseUint(string(n), 10, basicBits(b))
		if _, signed := strconv.ParseInt(string(n), 10, 64); err != nil && signed == nil {
			err = strconv.ErrRange // -1: digits, below the range (ParseUint calls the sign a syntax error)
		}
	case info&types.IsInteger != 0:
		_, err = strconv.ParseInt(string(n), 10, basicBits(b))
	case b.Kind() == types.Float32:
		_, err = strconv.ParseFloat(string(n), 32)
	case info&types.IsFloat != 0:
		_, err = strconv.ParseFloat(string(n), 64)
	}
	switch {
	case err == nil:
		return ""
	case errors.Is(err, strconv.ErrSyntax):
		// 1e2 or 2.0: the schema's "integer" takes them, encoding/json does not for an int.
		return fmt.Sprintf("%s is %s, and encoding/json reads only plain digits into %s (no fraction or exponent)", where(path), n, b.Name())
	}
	return fmt.Sprintf("%s is %s, out of the range of %s", where(path), n, b.Name())
}

// basicBits is the size in bits of an integer type, int and uint being 64 bits wide, as on every
// platform the SDK serves from in practice; uintptr too.
func basicBits(b *types.Basic) int {
	switch b.Kind() {
	case types.Int8, types.Uint8:
		return 8
	case types.Int16, types.Uint16:
		return 16
	case types.Int32, types.Uint32:
		return 32
	}
	return 64
}

// ownDecoding reports whether a value of t decodes by its own method (UnmarshalJSON, or
// UnmarshalText for a JSON string), whose rules cardgen cannot know.
func ownDecoding(t types.Type) bool {
	ptr := types.NewPointer(t)
	for _, name := range []string{"UnmarshalJSON", "UnmarshalText"} {
		if obj, _, _ := types.LookupFieldOrMethod(ptr, true, nil, name); obj != nil {
			if _, ok := obj.(*types.Func); ok {
				return true
			}
		}
	}
	return false
}

// where names a path of an example for a message.
func where(path string) string {
	if path == "" {
		return "the example"
	}
	return strings.TrimPrefix(path, ".")
}
