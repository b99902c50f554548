package register

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
)

// inputField is what DecodeSelection needs to know of the Go field a top-level property of a
// form tool's input decodes into, which the input schema does not say: the schema of a
// time.Time, of a netip.Addr and of a number with the json ",string" option is a string alike.
type inputField struct {
	// quoted is, for a bool or number field with the json ",string" option, the JSON type of
	// the value its string holds: "boolean", "integer" or "number". Its schema is a string, and
	// encoding/json reads only a string holding the value ("true", "12"), not the value itself.
	quoted string
	// typ is the type encoding/json decodes the quoted value into (the field's, or what an
	// unnamed pointer points to), whose range bounds the number.
	typ reflect.Type
	// text reports that the field takes a JSON string as the text it is: a string type
	// without a decoder of its own, and without the ",string" option. Any other field the
	// schema calls a string (a time.Time, a netip.Addr, a *big.Int, a quoted number) reads the
	// text as something else, and a blank is none of it: it is no answer.
	text bool
}

// inputFieldsByType caches inputFields per input type: a reply is decoded on a hot path.
var inputFieldsByType sync.Map // reflect.Type → map[string]inputField

// inputFields returns the fields of in's type, a pointer to a struct, by their JSON names, as
// the input schema's properties name them: the fields of embedded structs promoted, and of
// several of one name the one encoding/json decodes (collect and dominant, as AdjustSchema finds
// them). It returns nil when in is no pointer to a struct, or its type decodes itself
// (json.Unmarshaler): what becomes of a value is then not known here.
func inputFields(in any) map[string]inputField {
	t := reflect.TypeOf(in)
	if t == nil || t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct || t.Implements(jsonUnmarshalerType) {
		return nil
	}
	t = t.Elem()
	if m, ok := inputFieldsByType.Load(t); ok {
		return m.(map[string]inputField)
	}
	var fs []field
	(&adjuster{}).collect(&fs, t, 0, false)
	m := make(map[string]inputField, len(fs))
	for i := range fs {
		if first(fs, fs[i].name) != i {
			continue
		}
		if w := dominant(fs[i:], fs[i].name); w != nil {
			m[w.name] = describeField(w.f)
		}
	}
	got, _ := inputFieldsByType.LoadOrStore(t, m)
	return got.(map[string]inputField)
}

// describeField describes f as encoding/json decodes it. The ",string" option applies, as
// encoding/json applies it, to a field whose kind is a bool, a number or a string, or that is an
// unnamed pointer to one; a **int or a named pointer type ignores it.
func describeField(f reflect.StructField) inputField {
	t := f.Type
	if t.Kind() == reflect.Pointer && t.Name() == "" {
		t = t.Elem()
	}
	var quoted bool
	if hasOption(strings.Split(f.Tag.Get("json"), ","), "string") {
		switch t.Kind() {
		case reflect.Bool, reflect.String, reflect.Float32, reflect.Float64,
			reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			quoted = true
		}
	}
	d := inputField{typ: t}
	if quoted {
		switch {
		case t.Kind() == reflect.Bool:
			d.quoted = "boolean"
		case t.Kind() == reflect.Float32 || t.Kind() == reflect.Float64:
			d.quoted = "number"
		case t.Kind() != reflect.String:
			d.quoted = "integer"
		}
	}
	base := f.Type
	for base.Kind() == reflect.Pointer {
		base = base.Elem()
	}
	p := reflect.PointerTo(base)
	// json.Number is a string type, but encoding/json takes only a number's text for it.
	d.text = base.Kind() == reflect.String && !quoted && base != jsonNumberType &&
		!p.Implements(jsonUnmarshalerType) && !p.Implements(textUnmarshalerType)
	return d
}

// quotedValue reads v, the answer to a bool or number field with the json ",string" option (f),
// as a checkbox or a number input sends it — a JSON true or 12, or the text "true" or "12" as
// coerce reads a plain bool or number field's — and returns the string encoding/json reads for
// the field ("true", "12"), to validate against the field's string schema and to encode; and, for
// a number, its text as written, which a problem shows. A whole number is read as a plain
// integer field reads it ("2.0" and "1e3" are 2 and 1000), and the string holds JSON's number
// ("2"): encoding/json reads no other ("2.0" is no int for it). A value that does not read as the
// field's type, or a number the Go field cannot hold, is the problem with it, in the words a
// plain field's would be said in.
func quotedValue(key string, v any, f inputField) (val any, written string, problem string) {
	// shown is the answer as a problem writes it, as a plain field's is (selection.shown): a
	// number as the user wrote it when that is JSON's, else as read ("+42" is 42).
	shown := func(cv any) any {
		if text, ok := numberText(v, cv); ok {
			return json.Number(text)
		}
		switch cv.(type) {
		case int64, uint64, float64, json.Number:
			return cv
		}
		return v
	}
	cv, lit, err := coerce(key, v, &jsonschema.Schema{Type: f.quoted})
	if err != nil {
		if wide, ok := errors.AsType[*tooWide](err); ok && wide.lit != "" {
			if lo, hi, ok := intRange(f.typ); ok {
				return nil, "", key + " is " + show(shown(json.Number(wide.lit))) + ", outside the range of the field, " + lo + " to " + hi
			}
		}
		return nil, "", err.Error()
	}
	if p, ok := checkType(&jsonschema.Schema{Type: f.quoted}, reflect.ValueOf(cv)); !ok {
		return nil, "", key + " is " + show(shown(cv)) + ", " + p // "maybe" for a bool, 2.5 for an int
	}
	if f.quoted == "integer" {
		if lo, hi, ok := intRange(f.typ); ok && !fitsInt(cv, f.typ) {
			return nil, "", key + " is " + show(shown(cv)) + ", outside the range of the field, " + lo + " to " + hi
		}
	}
	enc := cv
	if lit != nil {
		enc = lit // the digits as written, where a float64 would change them
	}
	b, err := json.Marshal(enc)
	if err != nil {
		return nil, "", key + " is " + show(shown(cv)) + ", not a number"
	}
	text := string(b)
	if f.quoted == "number" {
		if _, err := strconv.ParseFloat(text, f.typ.Bits()); errors.Is(err, strconv.ErrRange) {
			// A float32 holds up to about ±3.4e38, as decodeWords says of a plain field.
			return nil, "", key + " is " + show(shown(cv)) + ", too large for this field"
		}
	}
	written, _ = numberText(v, cv)
	return text, written, ""
}

// fitsInt reports whether the whole number v (an int64 or a uint64, as number.integer gives it)
// is in the range of the integer type t.
func fitsInt(v any, t reflect.Type) bool {
	z := reflect.New(t).Elem()
	switch n := v.(type) {
	case int64:
		if z.CanInt() {
			return !z.OverflowInt(n)
		}
		return n >= 0 && !z.OverflowUint(uint64(n))
	case uint64:
		if z.CanUint() {
			return !z.OverflowUint(n)
		}
		return n <= math.MaxInt64 && !z.OverflowInt(int64(n))
	}
	return false
}
