package acp

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// marshalNoHTML is json.Marshal without HTML escaping: pydantic writes
// "<", ">" and "&" as themselves, and so must we to match it byte for byte.
func marshalNoHTML(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// rawLineSeparators undoes encoding/json's escaping of U+2028 and U+2029,
// which it applies for JavaScript's sake and pydantic does not: the
// reference writes both characters as raw UTF-8. An escape is only undone
// when its backslash is not itself escaped.
func rawLineSeparators(b []byte) []byte {
	if !bytes.Contains(b, []byte(`\u202`)) {
		return b
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c != '\\' {
			out = append(out, c)
			continue
		}
		if i+5 < len(b) && b[i+1] == 'u' && string(b[i+2:i+5]) == "202" && (b[i+5] == '8' || b[i+5] == '9') {
			out = utf8.AppendRune(out, rune(0x2020+int(b[i+5]-'0')))
			i += 5
			continue
		}
		// Any other escape: copy the backslash and the escaped byte, so an
		// escaped backslash is never read as the start of an escape.
		out = append(out, c)
		if i+1 < len(b) {
			i++
			out = append(out, b[i])
		}
	}
	return out
}

// unmarshalNumbers decodes like json.Unmarshal but keeps numbers in
// interface values as json.Number, so selection values survive a round
// trip with their exact digits.
func unmarshalNumbers(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return err
	}
	// json.Unmarshal refuses anything after the value but JSON's whitespace. dec.More alone
	// does not: it reads a '}' or ']' after the value as the end of an enclosing one, so
	// {"a":"b"}] was taken for a JSON reply.
	if rest := bytes.TrimLeft(data[dec.InputOffset():], " \t\r\n"); len(rest) > 0 {
		return fmt.Errorf("acp: unexpected data after the JSON value")
	}
	return nil
}

// marshalSelection writes a selection with sorted keys. Go floats are
// written as pydantic writes a Python float (1.0, 1e+20, 1e-7), so a
// float stays a float for the reference; everything else goes through
// encoding/json.
func marshalSelection(s Selection) ([]byte, error) {
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	buf := []byte{'{'}
	for i, k := range keys {
		if i > 0 {
			buf = append(buf, ',')
		}
		kb, err := marshalNoHTML(k)
		if err != nil {
			return nil, err
		}
		buf = append(buf, kb...)
		buf = append(buf, ':')
		var vb []byte
		// By kind, so that a float of a named type (type Price float64) is a float too, unless
		// the type encodes itself: then its own encoding is what the card sends.
		switch rv := reflect.ValueOf(s[k]); {
		case (rv.Kind() == reflect.Float32 || rv.Kind() == reflect.Float64) && !encodesItself(rv.Type()):
			vb, err = pydanticFloat(rv.Float())
		default:
			vb, err = marshalNoHTML(s[k])
		}
		if err != nil {
			return nil, fmt.Errorf("selection value %q: %w", k, err)
		}
		buf = append(buf, vb...)
	}
	return append(buf, '}'), nil
}

// encodesItself reports whether encoding/json writes values of t through their own
// MarshalJSON or MarshalText method rather than by their kind.
func encodesItself(t reflect.Type) bool {
	return t.Implements(jsonMarshalerType) || t.Implements(textMarshalerType)
}

var (
	jsonMarshalerType = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// pydanticFloat formats f as pydantic-core's JSON serializer writes a
// Python float: the shortest digits that round-trip; fixed notation, with
// ".0" for whole numbers, when the decimal exponent is in [-5, 16);
// otherwise exponent notation without zero padding ("1e+16", "1.5e-7").
func pydanticFloat(f float64) ([]byte, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil, fmt.Errorf("%v is not representable in JSON; use a finite number", f)
	}
	if f == 0 {
		if math.Signbit(f) {
			return []byte("-0.0"), nil
		}
		return []byte("0.0"), nil
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // "d.ddde±XX"
	i := strings.IndexByte(e, 'e')
	exp, err := strconv.Atoi(e[i+1:])
	if err != nil {
		return nil, err
	}
	if exp < -5 || exp >= 16 {
		sign := e[i+1]
		digits := strings.TrimLeft(e[i+2:], "0")
		return []byte(e[:i+1] + string(sign) + digits), nil
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.ContainsRune(s, '.') {
		s += ".0"
	}
	return []byte(s), nil
}

// asciiJSON escapes every byte outside printable ASCII (0x20-0x7e) that is
// still raw in a compact JSON document as \uXXXX, with surrogate pairs above
// U+FFFF. This is Python's json.dumps(ensure_ascii=True), which uAgents uses
// to build an envelope payload. Raw non-ASCII bytes can only occur inside
// JSON strings, so a byte-level pass is safe.
func asciiJSON(b []byte) []byte {
	clean := true
	for _, c := range b {
		if c >= 0x7f {
			clean = false
			break
		}
	}
	if clean {
		return b
	}
	out := make([]byte, 0, len(b)+len(b)/4)
	for len(b) > 0 {
		c := b[0]
		if c < 0x7f {
			out = append(out, c)
			b = b[1:]
			continue
		}
		r, size := utf8.DecodeRune(b)
		b = b[size:]
		if r >= 0x10000 {
			r -= 0x10000
			out = appendU(out, 0xd800+(r>>10))
			out = appendU(out, 0xdc00+(r&0x3ff))
			continue
		}
		out = appendU(out, r)
	}
	return out
}

func appendU(out []byte, r rune) []byte {
	const hex = "0123456789abcdef"
	return append(out, '\\', 'u', hex[r>>12&0xf], hex[r>>8&0xf], hex[r>>4&0xf], hex[r&0xf])
}
