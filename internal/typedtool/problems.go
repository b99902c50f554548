package typedtool

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"net/netip"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/cardgen/cardgen/internal/validatortext"
)

// This file turns the errors of decoding arguments into In, and of encoding an Out as JSON,
// into messages in the client's terms: the property (a JSON path such as opts.limit or
// lines[1].quantity) and what it must be. The decoders' own messages speak of Go types
// ("cannot unmarshal string into Go struct field In.o of type struct { X int }"), quote the
// rest of the input from the failing byte on, or name no property at all ("illegal base64 data
// at input byte 0"). Nothing here runs on a call that succeeds.

// decodeProblem returns what in data, the validated arguments, does not decode into a value of
// type t, or "" if it finds nothing. It walks data and t together, in the order of data, and
// tries each value on its own with the decoder Add uses, so what it refuses is what the decoder
// refused. s is the schema data was validated against (nil when unknown), walked along with
// them: an integer field's range is said as the schema narrows it ("an integer from 1 to 100"),
// not as the Go type's alone, which the schema's bounds would then refuse.
//
// sent is the JSON the client sent, which data was made from (apply), walked along too: a number
// refused is quoted as the client wrote it (1e39, 1E39, -0.0, 1.0e2), not as data has it once
// encoded again (1e+39, -0, 100), which the client did not write and could not find in its call.
func decodeProblem(data, sent []byte, t reflect.Type, s *jsonschema.Schema) string {
	return findProblem(data, sent, t, s, "", false, 0)
}

// DecodeProblem is decodeProblem for a value of another caller than Add's: what in data, a JSON
// value valid against the schema s (nil when unknown), does not decode into a value of type t,
// in JSON's terms, the property named by its JSON
// path ("a must be an IP address, such as \"192.0.2.1\" or \"2001:db8::1\"; got the string
// \"1.2.3\""), or "" when it finds nothing. runtime/register says so of an ACP selection's value
// where the decoder's own error names Go functions and types (ParseAddr("1.2.3"), "math/big:
// cannot unmarshal \"x\" into a *big.Int", "invalid use of ,string struct tag").
func DecodeProblem(data []byte, t reflect.Type, s *jsonschema.Schema) string {
	return decodeProblem(data, data, t, s)
}

// maxProblemDepth bounds the walk: the arguments' nesting is bounded by the JSON-RPC decoder
// already, but a recursive Go type is not.
const maxProblemDepth = 1000

var (
	unmarshalerType     = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	numberType          = reflect.TypeFor[json.Number]()
)

// decodesItself reports whether values of t decode through their own UnmarshalJSON or
// UnmarshalText method, as the decoder finds them (on *t).
func decodesItself(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	return p.Implements(unmarshalerType) || p.Implements(textUnmarshalerType)
}

// fits reports whether data decodes into a new value of type t.
func fits(data []byte, t reflect.Type) bool {
	return decodeInput(data, reflect.New(t).Interface()) == nil
}

// fitsQuoted reports whether data decodes into a field of type t with the ",string" option.
func fitsQuoted(data []byte, t reflect.Type) bool {
	st := reflect.StructOf([]reflect.StructField{{Name: "V", Type: t, Tag: `json:"v,string"`}})
	doc := make([]byte, 0, len(data)+6)
	doc = append(append(append(doc, `{"v":`...), data...), '}')
	return fits(doc, st)
}

// findProblem is decodeProblem of the value data at path, of type t and schema s (nil when
// unknown), which the client sent as sent (nil when it sent none there: a default's); quoted is
// a ",string" field's.
func findProblem(data, sent []byte, t reflect.Type, s *jsonschema.Schema, path string, quoted bool, depth int) string {
	data = bytes.TrimSpace(data)
	if len(data) == 0 || string(data) == "null" || depth > maxProblemDepth {
		return "" // null leaves any Go value as it is
	}
	shown := asSent(data, sent) // what a problem quotes
	for t.Kind() == reflect.Pointer && !decodesItself(t) {
		t = t.Elem()
	}
	if decodesItself(t) {
		if fits(data, t) {
			return ""
		}
		return ownDecoderProblem(data, shown, t, path)
	}
	switch t.Kind() {
	case reflect.Struct:
		if data[0] != '{' {
			return mustBe(path, "an object", shown)
		}
		fields := jsonFields(t)
		sentMembers := membersOf(sent)
		return eachMember(data, func(key string, val []byte) string {
			f, ok := fields[key]
			if !ok {
				return "" // the decoder skips a key no field has
			}
			return findProblem(val, sentMembers[key], f.typ, memberSchema(s, key), joinPath(path, key), f.quoted, depth+1)
		})
	case reflect.Map:
		if data[0] != '{' {
			return mustBe(path, "an object", shown)
		}
		sentMembers := membersOf(sent)
		return eachMember(data, func(key string, val []byte) string {
			doc, _ := json.Marshal(map[string]any{key: nil})
			if !fits(doc, t) {
				return keyProblem(path, key, t.Key())
			}
			return findProblem(val, sentMembers[key], t.Elem(), memberSchema(s, key), joinPath(path, key), false, depth+1)
		})
	case reflect.Slice, reflect.Array:
		if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 && !decodesItself(t.Elem()) {
			// Bytes are a base64 string, or an array of numbers.
			if data[0] == '"' {
				if fits(data, t) {
					return ""
				}
				return fmt.Sprintf("%s must be standard base64 (RFC 4648: A–Z, a–z, 0–9, + and /, padded with = to a multiple of 4 characters); got %s",
					subject(path), describeJSON(shown))
			}
			if data[0] != '[' {
				return mustBe(path, "a base64 string", shown)
			}
		}
		if data[0] != '[' {
			return mustBe(path, "an array", shown)
		}
		sentItems := itemsOf(sent)
		i := 0
		return eachItem(data, func(val []byte) string {
			var sentItem []byte
			if i < len(sentItems) {
				sentItem = sentItems[i]
			}
			p := findProblem(val, sentItem, t.Elem(), validatortext.ItemSchema(s, i), fmt.Sprintf("%s[%d]", path, i), false, depth+1)
			i++
			return p
		})
	case reflect.Interface:
		if fits(data, t) {
			return ""
		}
		if t.NumMethod() == 0 {
			// An any takes every JSON value but a number beyond a float64's range: the decoder
			// gives it a float64 for every number. It is refused rather than passed on as a
			// json.Number, which the handler would meet in this one case only.
			if at, lit, ok := beyondFloat(data, path, depth); ok {
				return mustBe(at, want(reflect.TypeFor[float64]()), []byte(lit))
			}
			return ""
		}
		return fmt.Sprintf("%s cannot take %s", subject(path), describeJSON(shown))
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.String:
		if quoted {
			if fitsQuoted(data, t) {
				return ""
			}
			return mustBe(path, "a string holding "+wantIn(t, s)+", such as "+quotedExample(t), shown)
		}
		if fits(data, t) {
			return ""
		}
		return mustBe(path, wantIn(t, s), shown)
	}
	if fits(data, t) {
		return ""
	}
	return fmt.Sprintf("%s cannot take %s", subject(path), describeJSON(shown))
}

// asSent is data, a value of the validated arguments, as a problem quotes it: the number the
// client wrote when data is a number and sent, the client's JSON at its place, is one (the same
// number, which apply encoded again: 1e39 as 1e+39, -0.0 as -0, 1.0e2 as 100); else data.
func asSent(data, sent []byte) []byte {
	if !isNumberJSON(data) {
		return data
	}
	if sent = bytes.TrimSpace(sent); isNumberJSON(sent) {
		return sent
	}
	return data
}

// isNumberJSON reports whether data, a JSON value, is a number.
func isNumberJSON(data []byte) bool {
	return len(data) > 0 && (data[0] == '-' || '0' <= data[0] && data[0] <= '9')
}

// membersOf is the members of sent, a JSON object the client sent, by key (the last of a key
// sent twice, as the decoder takes it), or nil when sent is not an object.
func membersOf(sent []byte) map[string][]byte {
	if sent = bytes.TrimSpace(sent); len(sent) == 0 || sent[0] != '{' {
		return nil
	}
	m := map[string][]byte{}
	eachMember(sent, func(key string, val []byte) string {
		m[key] = val
		return ""
	})
	return m
}

// itemsOf is the items of sent, a JSON array the client sent, or nil when sent is not an array.
func itemsOf(sent []byte) [][]byte {
	if sent = bytes.TrimSpace(sent); len(sent) == 0 || sent[0] != '[' {
		return nil
	}
	var items [][]byte
	eachItem(sent, func(val []byte) string {
		items = append(items, val)
		return ""
	})
	return items
}

// beyondFloat finds the first number, in the order of data, a JSON value at path, that is beyond
// a float64's range (1e400), and returns its path and the number as written.
func beyondFloat(data []byte, path string, depth int) (at, lit string, ok bool) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 || depth > maxProblemDepth {
		return "", "", false
	}
	switch data[0] {
	case '{':
		eachMember(data, func(key string, val []byte) string {
			at, lit, ok = beyondFloat(val, joinPath(path, key), depth+1)
			return lit
		})
	case '[':
		i := 0
		eachItem(data, func(val []byte) string {
			at, lit, ok = beyondFloat(val, fmt.Sprintf("%s[%d]", path, i), depth+1)
			i++
			return lit
		})
	case '"', 't', 'f', 'n':
	default:
		if _, err := strconv.ParseFloat(string(data), 64); errors.Is(err, strconv.ErrRange) {
			return path, string(data), true
		}
	}
	return at, lit, ok
}

// want says, in JSON's terms, what a value of t, a type of one of the kinds JSON has a literal
// for, must be.
func want(t reflect.Type) string {
	if t == numberType {
		return "a number"
	}
	switch t.Kind() {
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := t.Bits()
		return fmt.Sprintf("an integer from %d to %d", int64(-1)<<(bits-1), int64(1)<<(bits-1)-1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return fmt.Sprintf("an integer from 0 to %d", uint64(math.MaxUint64)>>(64-t.Bits()))
	case reflect.Float32:
		return "a number from -3.4028234663852886e+38 to 3.4028234663852886e+38 (the range of a 32-bit floating-point number)"
	case reflect.Float64:
		return "a number from " + validatortext.Float64Range + " (the range of a 64-bit floating-point number)"
	case reflect.String:
		return "a string"
	}
	return "another value"
}

// wantIn is want(t), but for an integer type whose schema s (nil when unknown) narrows its range:
// the range both allow, "an integer from 1 to 100" for an int the schema bounds to 1–100, since
// a value the Go type takes but the schema refuses is no better an answer.
func wantIn(t reflect.Type, s *jsonschema.Schema) string {
	s = validatortext.NonNull(s)
	var lo, hi big.Int
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		lo.Lsh(big.NewInt(-1), uint(t.Bits()-1))
		hi.Sub(new(big.Int).Lsh(big.NewInt(1), uint(t.Bits()-1)), big.NewInt(1))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		hi.Sub(new(big.Int).Lsh(big.NewInt(1), uint(t.Bits())), big.NewInt(1))
	default:
		return want(t)
	}
	if s == nil || t == numberType {
		return want(t)
	}
	narrowed := false
	bound := func(f *float64, toward func(float64) float64, step int64, isLow bool) {
		if f == nil || math.IsNaN(*f) || math.IsInf(*f, 0) {
			return
		}
		b, _ := big.NewFloat(toward(*f)).Int(nil)
		b.Add(b, big.NewInt(step))
		if isLow && b.Cmp(&lo) > 0 {
			lo.Set(b)
			narrowed = true
		} else if !isLow && b.Cmp(&hi) < 0 {
			hi.Set(b)
			narrowed = true
		}
	}
	bound(s.Minimum, math.Ceil, 0, true)
	bound(s.ExclusiveMinimum, math.Floor, 1, true)
	bound(s.Maximum, math.Floor, 0, false)
	bound(s.ExclusiveMaximum, math.Ceil, -1, false)
	if !narrowed || lo.Cmp(&hi) > 0 {
		return want(t) // the schema takes none of the type's values: the type's range is its own answer
	}
	return fmt.Sprintf("an integer from %s to %s", lo.String(), hi.String())
}

// memberSchema is the schema of the member key of an object of schema s, or nil when it has none
// of its own (or s is nil).
func memberSchema(s *jsonschema.Schema, key string) *jsonschema.Schema {
	if s = validatortext.NonNull(s); s == nil {
		return nil
	}
	if p, ok := s.Properties[key]; ok {
		return p
	}
	if len(s.PatternProperties) == 0 {
		return s.AdditionalProperties
	}
	return nil // a pattern may match: the walk does not decide which
}

// quotedExample is a value of a ",string" field of t's kind, as the client writes it.
func quotedExample(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Bool:
		return `"true"`
	case reflect.Float32, reflect.Float64:
		return `"1.5"`
	case reflect.String:
		return `"\"text\""`
	}
	return `"12"`
}

// knownWants says what the values of types of the standard library that decode themselves must
// be: their own errors name Go functions and types (ParseAddr("1.2.3"), "math/big: cannot
// unmarshal ... into a *big.Int", parsing time "x" as "2006-01-02T15:04:05Z07:00").
var knownWants = map[reflect.Type]string{
	reflect.TypeFor[time.Time]():      `a date and time in RFC 3339 form, such as "2006-01-02T15:04:05Z" or "2006-01-02T15:04:05+07:00"`,
	reflect.TypeFor[netip.Addr]():     `an IP address, such as "192.0.2.1" or "2001:db8::1"`,
	reflect.TypeFor[netip.AddrPort](): `an IP address and a port, such as "192.0.2.1:80" or "[2001:db8::1]:80"`,
	reflect.TypeFor[netip.Prefix]():   `an IP prefix in CIDR notation, such as "192.0.2.0/24"`,
	reflect.TypeFor[big.Int]():        "an integer",
	reflect.TypeFor[big.Float]():      "a number",
	reflect.TypeFor[big.Rat]():        `a number, or a fraction such as "1/3"`,
}

// ownDecoderProblem says why data does not decode into t, a type with its own UnmarshalJSON or
// UnmarshalText: what a known type must be, else the type's own message when it reads as one
// written for people rather than a decoder's. shown is data as the client sent it (asSent).
func ownDecoderProblem(data, shown []byte, t reflect.Type, path string) string {
	if w, ok := knownWants[t]; ok {
		return mustBe(path, w, shown)
	}
	p := reflect.PointerTo(t)
	if !p.Implements(unmarshalerType) && data[0] != '"' {
		return mustBe(path, "a string", shown) // UnmarshalText takes only strings
	}
	err := decodeInput(data, reflect.New(t).Interface())
	if reason := ownReason(err); reason != "" {
		return fmt.Sprintf("%s does not accept %s: %s", subject(path), describeJSON(shown), reason)
	}
	return fmt.Sprintf("%s does not accept %s", subject(path), describeJSON(shown))
}

// OwnReason is ownReason for another caller than Add's: runtime/register says a type's own
// refusal of an ACP selection in its words only when they are written for people.
func OwnReason(err error) string { return ownReason(err) }

// ownReason is err's message if it is a type's own refusal that names no Go type nor decoder:
// "invalid UUID length: 3", "unknown color \"mauve\"". A decoder's error (a custom
// UnmarshalJSON that calls json.Unmarshal) gives "".
func ownReason(err error) string {
	if err == nil {
		return ""
	}
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	var invalidErr *json.InvalidUnmarshalError
	if errors.As(err, &typeErr) || errors.As(err, &syntaxErr) || errors.As(err, &invalidErr) {
		return ""
	}
	msg := err.Error()
	lower := strings.ToLower(msg)
	for _, goish := range []string{"go value", "go struct", "json:", "unmarshal", "reflect", "interface {}", "struct {", "*"} {
		if strings.Contains(lower, goish) {
			return ""
		}
	}
	return elideMiddle(msg, 200)
}

// keyProblem says why key, a key of the object at path, is not a key of a map with keys of type
// kt.
func keyProblem(path, key string, kt reflect.Type) string {
	k := strconv.Quote(elideMiddle(key, 60))
	if !reflect.PointerTo(kt).Implements(textUnmarshalerType) {
		switch kt.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			return fmt.Sprintf("%s has the key %s, which is not %s written in decimal", subject(path), k, want(kt))
		}
		return fmt.Sprintf("%s has the key %s, which it does not accept", subject(path), k)
	}
	if w, ok := knownWants[kt]; ok {
		return fmt.Sprintf("%s has the key %s, which is not %s", subject(path), k, w)
	}
	err := reflect.New(kt).Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(key))
	if reason := ownReason(err); reason != "" {
		return fmt.Sprintf("%s has the key %s, which it does not accept: %s", subject(path), k, reason)
	}
	return fmt.Sprintf("%s has the key %s, which it does not accept", subject(path), k)
}

// mustBe is the message for a value at path that is not what it must be.
func mustBe(path, what string, data []byte) string {
	return fmt.Sprintf("%s must be %s; got %s", subject(path), what, describeJSON(data))
}

// subject names the value at path in a message: the property's path, or the arguments.
func subject(path string) string {
	if path == "" {
		return "the arguments"
	}
	return path
}

// describeJSON names the JSON value data in a message: a string or a number as written (with
// the middle of a long one left out), other values by their kind.
func describeJSON(data []byte) string {
	switch data[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 't', 'f', 'n':
		return string(data)
	case '"':
		var s string
		if json.Unmarshal(data, &s) == nil {
			return "the string " + strconv.Quote(elideMiddle(s, 80))
		}
		return "a string"
	}
	return elideMiddle(string(data), 80)
}

// joinPath is the JSON path of the property key of the object at path: a dotted name, or the
// key quoted in brackets if it is not a plain name.
func joinPath(path, key string) string {
	plain := key != ""
	for _, r := range key {
		if !(r == '_' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			plain = false
			break
		}
	}
	switch {
	case !plain:
		return path + "[" + strconv.Quote(elideMiddle(key, 60)) + "]"
	case path == "":
		return key
	}
	return path + "." + key
}

// eachMember calls f with each member of the JSON object data in order, until f returns a
// problem, and returns it.
func eachMember(data []byte, f func(key string, val []byte) string) string {
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil {
		return ""
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		key, _ := tok.(string)
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			return ""
		}
		if p := f(key, val); p != "" {
			return p
		}
	}
	return ""
}

// eachItem calls f with each item of the JSON array data in order, until f returns a problem,
// and returns it.
func eachItem(data []byte, f func(val []byte) string) string {
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil {
		return ""
	}
	for dec.More() {
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			return ""
		}
		if p := f(val); p != "" {
			return p
		}
	}
	return ""
}

// jsonField is a struct field as the decoder sees it: its type, and whether it has the
// ",string" option.
type jsonField struct {
	typ    reflect.Type
	quoted bool
	index  []int
}

// jsonFields returns the fields of the struct type t by their JSON names, by encoding/json's
// rules: a tag's name or the field's, "-" left out, the fields of embedded structs promoted, a
// name at a lesser depth (or, at the same depth, the one tagged) hiding the others, and a name
// two fields share at the same depth left out.
func jsonFields(t reflect.Type) map[string]jsonField {
	type candidate struct {
		f      jsonField
		depth  int
		tagged bool
	}
	byName := map[string][]candidate{}
	type level struct {
		t     reflect.Type
		index []int
	}
	current := []level{{t: t}}
	visited := map[reflect.Type]bool{}
	for depth := 0; len(current) > 0; depth++ {
		var next []level
		for _, l := range current {
			if visited[l.t] {
				continue
			}
			visited[l.t] = true
			for i := range l.t.NumField() {
				sf := l.t.Field(i)
				index := append(append([]int(nil), l.index...), i)
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(tag, ",")
				ft := sf.Type
				if sf.Anonymous {
					et := ft
					if et.Kind() == reflect.Pointer {
						et = et.Elem()
					}
					if name == "" && et.Kind() == reflect.Struct {
						next = append(next, level{t: et, index: index})
						continue
					}
					if !sf.IsExported() {
						continue
					}
				} else if !sf.IsExported() {
					continue
				}
				tagged := name != ""
				if !tagged {
					name = sf.Name
				}
				quoted := false
				if slices.Contains(strings.Split(opts, ","), "string") {
					k := ft
					if k.Kind() == reflect.Pointer && k.Name() == "" {
						k = k.Elem()
					}
					switch k.Kind() {
					case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
						reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
						reflect.Float32, reflect.Float64, reflect.String:
						quoted = true
					}
				}
				byName[name] = append(byName[name], candidate{jsonField{typ: ft, quoted: quoted, index: index}, depth, tagged})
			}
		}
		current = next
	}
	fields := make(map[string]jsonField, len(byName))
	for name, cs := range byName {
		sort.SliceStable(cs, func(i, j int) bool {
			if cs[i].depth != cs[j].depth {
				return cs[i].depth < cs[j].depth
			}
			return cs[i].tagged && !cs[j].tagged
		})
		if len(cs) > 1 && cs[0].depth == cs[1].depth && cs[0].tagged == cs[1].tagged {
			continue // ambiguous: encoding/json leaves the name out
		}
		fields[name] = cs[0].f
	}
	return fields
}

// encodeProblem says, for the client, why v, a tool's output, did not encode as JSON with the
// error err: the property (found by encoding v's parts again, which only this failure pays
// for) and what is wrong with it, in JSON's terms and not Go's.
func encodeProblem(v any, err error) (path, problem string) {
	path = unencodablePath(reflect.ValueOf(v), "", 0)
	var valueErr *json.UnsupportedValueError
	var typeErr *json.UnsupportedTypeError
	var marshalerErr *json.MarshalerError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &valueErr):
		switch valueErr.Str {
		case "NaN", "+Inf", "-Inf":
			problem = "is " + valueErr.Str + ", a number JSON cannot write"
		default:
			if strings.HasPrefix(valueErr.Str, "encountered a cycle") {
				problem = "refers back to itself, without end"
			} else {
				problem = "holds a value JSON cannot write"
			}
		}
	case errors.As(err, &typeErr):
		problem = "holds a value of a kind JSON has no form for"
	case errors.As(err, &marshalerErr) && marshalerErr.Type == reflect.TypeFor[time.Time]() &&
		strings.Contains(marshalerErr.Err.Error(), "year outside of range"):
		problem = "is a time whose year is outside 0 to 9999, which RFC 3339 cannot write"
	case errors.As(err, &marshalerErr) && errors.As(marshalerErr.Err, &syntaxErr):
		problem = "was written as text that is not valid JSON"
	default:
		problem = "could not be written as JSON"
	}
	if path == "" {
		return "", "the result " + problem
	}
	return path, path + " " + problem
}

// maxEncodeDepth bounds the search for the value that did not encode (a cycle would go on).
const maxEncodeDepth = 64

// unencodablePath returns the JSON path, under path, of the innermost part of v that does not
// encode as JSON: each part that fails is searched in turn, as encoding/json meets them.
func unencodablePath(v reflect.Value, path string, depth int) string {
	for v.IsValid() && (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) && !v.IsNil() {
		if v.Type().Implements(marshalerType) || v.Type().Implements(textMarshalerType) {
			return path
		}
		v = v.Elem()
	}
	if !v.IsValid() || depth >= maxEncodeDepth || v.Type().Implements(marshalerType) || v.Type().Implements(textMarshalerType) ||
		v.CanAddr() && (v.Addr().Type().Implements(marshalerType) || v.Addr().Type().Implements(textMarshalerType)) {
		return path
	}
	switch v.Kind() {
	case reflect.Struct:
		fields := jsonFields(v.Type())
		names := make([]string, 0, len(fields))
		for name := range fields {
			names = append(names, name)
		}
		sort.Slice(names, func(i, j int) bool { return lessIndex(fields[names[i]].index, fields[names[j]].index) })
		for _, name := range names {
			fv, ok := fieldByIndex(v, fields[name].index)
			if ok && !encodes(fv) {
				return unencodablePath(fv, joinPath(path, name), depth+1)
			}
		}
	case reflect.Map:
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
		for _, k := range keys {
			if ev := v.MapIndex(k); !encodes(ev) {
				return unencodablePath(ev, joinPath(path, fmt.Sprint(k)), depth+1)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if ev := v.Index(i); !encodes(ev) {
				return unencodablePath(ev, fmt.Sprintf("%s[%d]", path, i), depth+1)
			}
		}
	}
	return path
}

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// encodes reports whether v encodes as JSON, as part of a value: an addressable v as a pointer,
// so that a MarshalJSON method on the pointer is called as encoding/json calls it. A value not
// exported, whose parts cannot be encoded on their own, is taken as encoding.
func encodes(v reflect.Value) bool {
	if !v.CanInterface() {
		return true
	}
	if v.CanAddr() {
		v = v.Addr()
	}
	_, err := json.Marshal(v.Interface())
	return err == nil
}

// fieldByIndex is v.FieldByIndex, but for a nil embedded pointer, which has no field.
func fieldByIndex(v reflect.Value, index []int) (reflect.Value, bool) {
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return reflect.Value{}, false
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v, true
}

func lessIndex(a, b []int) bool {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

// notAnObject is the error for arguments that are not a JSON object, or "" for an object or null.
func notAnObject(data []byte) string {
	data = bytes.TrimLeft(data, " \t\r\n")
	if len(data) == 0 || data[0] == '{' || string(bytes.TrimRight(data, " \t\r\n")) == "null" {
		return ""
	}
	if !utf8.Valid(data) {
		return "must be a JSON object"
	}
	return "must be a JSON object; got " + describeJSON(bytes.TrimRight(data, " \t\r\n"))
}
