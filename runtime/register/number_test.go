package register

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/runtime/acp"
)

// numberInput has a field of each kind of number a form can ask for. Its schema is reflected as
// generated code's is: integer for the integer kinds, number for the floats and json.Number.
type numberInput struct {
	I64 int64       `json:"i64,omitempty"`
	U64 uint64      `json:"u64,omitempty"`
	I   int         `json:"i,omitempty"`
	I8  int8        `json:"i8,omitempty"`
	U8  uint8       `json:"u8,omitempty"`
	F64 float64     `json:"f64,omitempty"`
	F32 float32     `json:"f32,omitempty"`
	N   json.Number `json:"n,omitempty"`
}

var numberFields = []string{"i64", "u64", "i", "i8", "u8", "f64", "f32", "n"}

// numberLiterals are JSON numbers around every edge a conversion has: the signs of zero, whole
// numbers written with a fraction or an exponent, int8, 2^53, int64 and uint64's ends, float32
// and float64's, digits a float64 does not hold, and exponents no computer should expand.
var numberLiterals = []string{
	"0", "-0", "0.0", "-0.0", "0e5", "1", "-1", "1.0", "1e3", "1E3", "1e+3", "10e-1", "1.5", "-1.5", "3.25e2",
	"127", "128", "-128", "-129", "255", "256",
	"9007199254740993", "9007199254740993.0", "9007199254740993.5", "-9007199254740993",
	"9223372036854775807", "9223372036854775808", "9223372036854775809", "-9223372036854775808", "-9223372036854775809",
	"18446744073709551615", "18446744073709551616", "1e19", "1.8446744073709551615e19", "9.223372036854775809e18",
	"92233720368547758090e-1", "1e20", "1e21", "-1e21", "123456789012345678901234567890",
	"0.1", "1e-5", "0.30000000000000000001", "1.0000000000000000001", "4.9e-324", "2.5e-324", "1e-400",
	"3.4028235e38", "3.5e38", "1e308", "1.7976931348623157e308", "1e309", "1e400", "-1e400",
	"1e999999999", "1e-999999999", "0e999999999",
}

// decodeNumber decodes the selection {field: v} as a generated DispatchACP does: v a JSON reply's
// number (through acp.ParseResponse, so a json.Number) when asJSON, else the text of a form field.
func decodeNumber(t *testing.T, field, v string, asJSON bool) (numberInput, error) {
	t.Helper()
	var sel acp.Selection
	if asJSON {
		submit := acp.CTA{Label: "Submit", Selection: acp.Selection{SelectionTool: "register_device"}, Primary: true}
		text := `{"tool":"register_device",` + fmt.Sprintf("%q", field) + `:` + v + `}`
		var err error
		if sel, err = FormSelection(acp.ParseResponse(acp.NewChatMessage(acp.TextContent{Text: text}), submit)); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if _, ok := sel[field].(json.Number); !ok {
			t.Fatalf("%s: the selection holds %T, not a json.Number", text, sel[field])
		}
	} else {
		sel = acp.Selection{SelectionTool: "register_device", field: v}
	}
	var in numberInput
	err := DecodeSelection(ReflectSchema[numberInput](), sel, &in)
	return in, err
}

// fieldValue is the field of in that the JSON name field names.
func fieldValue(in numberInput, field string) any {
	v := reflect.ValueOf(in)
	for i := range v.NumField() {
		if strings.HasPrefix(v.Type().Field(i).Tag.Get("json"), field+",") {
			return v.Field(i).Interface()
		}
	}
	panic("no field " + field)
}

// exactRat is the value of the JSON number lit, or nil when its exponent is too large to expand.
func exactRat(lit string) *big.Rat {
	if i := strings.IndexAny(lit, "eE"); i >= 0 && len(lit)-i > 5 {
		if strings.Trim(lit[:i], "-0.") == "" {
			return new(big.Rat) // zero
		}
		return nil
	}
	r, ok := new(big.Rat).SetString(lit)
	if !ok {
		panic("not a number: " + lit)
	}
	return r
}

// sameNumber reports whether got and want, values of one field, are the same number: integers
// equal, floats bit for bit (the sign of zero included), json.Numbers of equal value.
func sameNumber(got, want any) bool {
	switch w := want.(type) {
	case float64:
		return math.Float64bits(got.(float64)) == math.Float64bits(w)
	case float32:
		return math.Float32bits(got.(float32)) == math.Float32bits(w)
	case json.Number:
		g := got.(json.Number)
		if g == w {
			return true
		}
		a, b := exactRat(string(g)), exactRat(string(w))
		return a != nil && b != nil && a.Cmp(b) == 0
	}
	return got == want
}

// TestDecodeSelectionNumbersAsEncodingJSON holds every number of numberLiterals, into every kind
// of field, sent as a JSON reply's number and as a form field's text, to what encoding/json
// decodes from the same JSON into the same Go field: where it takes the number, DecodeSelection
// gives the field the same value, bit for bit, and where it refuses the number, DecodeSelection
// refuses it too. The differences are deliberate and listed in wider: an integer field takes a
// whole number however it is written (1.0, 1e3, 9.223372036854775809e18: the schema says it is
// an integer), zero of either sign included, even into an unsigned field; a number sent as a
// JSON reply's or a form's -0, -0.0 and the like into a float field is +0 (a JSON reply's -0
// always was, and a zero is the same zero however written); and a json.Number field gets the
// value, spelled as encoding/json writes the number unless a float64 would change it. And a
// json.Number field refuses a number beyond float64's range (1e400), as tools/call does: the
// validator has no Go number to check it as.
func TestDecodeSelectionNumbersAsEncodingJSON(t *testing.T) {
	for _, lit := range numberLiterals {
		for _, field := range numberFields {
			var ref numberInput
			refErr := json.Unmarshal([]byte(`{"`+field+`":`+lit+`}`), &ref)
			want := fieldValue(ref, field)
			for _, asJSON := range []bool{true, false} {
				form := "text " + lit
				if asJSON {
					form = "JSON " + lit
				}
				in, err := decodeNumber(t, field, lit, asJSON)
				got := fieldValue(in, field)
				whole, wider := widerNumber(field, lit, asJSON)
				switch {
				case field == "n" && refErr == nil && math.IsInf(parseFloat(lit), 0):
					// Narrower, and deliberate: the validator has no number type for it.
					if err == nil || !strings.Contains(err.Error(), `n is `+lit+`, beyond the numbers the field holds (-1.7976931348623157e+308 to 1.7976931348623157e+308)`) {
						t.Errorf("%s into n: %v, %v; want an error that it is beyond float64's range", form, got, err)
					}
				case wider && err != nil:
					t.Errorf("%s into %s: %v; want %v", form, field, err, whole)
				case wider:
					if fmt.Sprint(got) != whole {
						t.Errorf("%s into %s: %v; want %s", form, field, got, whole)
					}
				case refErr == nil && err != nil:
					t.Errorf("%s into %s: %v; encoding/json decodes %v", form, field, err, want)
				case refErr == nil && !sameNumber(got, want):
					t.Errorf("%s into %s: %v; encoding/json decodes %v", form, field, got, want)
				case refErr != nil && err == nil:
					t.Errorf("%s into %s: %v, no error; encoding/json refuses it: %v", form, field, got, refErr)
				case err != nil && !errors.As(err, new(*SelectionError)):
					t.Errorf("%s into %s: error %q is not a *SelectionError, which says the form's answer is the problem", form, field, err)
				}
			}
		}
	}
}

// widerNumber reports where DecodeSelection takes lit into field and encoding/json does not, or
// gives another value, and the field's value then: see TestDecodeSelectionNumbersAsEncodingJSON.
func widerNumber(field, lit string, asJSON bool) (string, bool) {
	switch field {
	case "f64", "f32":
		if exactRat(lit) != nil && exactRat(lit).Sign() == 0 && strings.HasPrefix(lit, "-") {
			return "0", true // every zero is +0, however written
		}
		return "", false
	case "n":
		return "", false
	}
	r := exactRat(lit)
	if r == nil || !r.IsInt() {
		return "", false
	}
	n := r.Num()
	bits := map[string]int{"i64": 64, "i": strconv.IntSize, "i8": 8, "u64": 64, "u8": 8}[field]
	lo, hi := new(big.Int).Lsh(big.NewInt(-1), uint(bits-1)), new(big.Int).Lsh(big.NewInt(1), uint(bits-1))
	if field[0] == 'u' {
		lo, hi = new(big.Int), new(big.Int).Lsh(big.NewInt(1), uint(bits))
	}
	if n.Cmp(lo) < 0 || n.Cmp(hi) >= 0 {
		return "", false
	}
	var ref numberInput
	if json.Unmarshal([]byte(`{"`+field+`":`+lit+`}`), &ref) == nil {
		return "", false // encoding/json takes it too
	}
	return n.String(), true
}

func parseFloat(lit string) float64 {
	f, _ := strconv.ParseFloat(lit, 64)
	return f
}

// TestDecodeSelectionSerial is the adversarial tester's report: a uint64 beyond 2^63 sent as a
// JSON reply's number reached the handler rounded through a float64 (9223372036854776000), and
// sent as text, as form values often are, was refused as a string. Both are exact now, up to
// uint64's largest; beyond it, and for a value that is not whole, the error names the field
// and says nothing was rounded.
func TestDecodeSelectionSerial(t *testing.T) {
	type registerDevice struct {
		Serial uint64 `json:"serial"`
	}
	schema := ReflectSchema[registerDevice]()
	submit := acp.CTA{Label: "Register", Selection: acp.Selection{SelectionTool: "register_device"}, Primary: true}
	for _, c := range []struct {
		reply   string
		want    uint64
		wantErr string
	}{
		{`{"tool":"register_device","serial":9223372036854775809}`, 9223372036854775809, ""},
		{`{"tool":"register_device","serial":"9223372036854775809"}`, 9223372036854775809, ""},
		{`{"tool":"register_device","serial":" 18446744073709551615 "}`, math.MaxUint64, ""},
		{`{"tool":"register_device","serial":9007199254740993}`, 9007199254740993, ""},
		{`{"tool":"register_device","serial":"9.007199254740993e15"}`, 9007199254740993, ""},
		{`{"tool":"register_device","serial":18446744073709551616}`, 0,
			selectionErrorPrefix + `serial is 18446744073709551616, outside the range of the field, 0 to 18446744073709551615`},
		{`{"tool":"register_device","serial":"1e30"}`, 0, `serial is 1e30, outside the range of the field, 0 to 18446744073709551615`},
		{`{"tool":"register_device","serial":"` + strings.Repeat("9", 400) + `"}`, 0, `serial is 999999999999999999999999…99999999 (400 characters), outside the range of the field, 0 to 18446744073709551615`},
		{`{"tool":"register_device","serial":9007199254740993.5}`, 0,
			selectionErrorPrefix + `serial is 9007199254740993.5, not a whole number, and it is not rounded to one`},
		{`{"tool":"register_device","serial":"1.0000000000000000001"}`, 0, `serial is 1.0000000000000000001, not a whole number`},
		{`{"tool":"register_device","serial":1e-400}`, 0, `serial is 1e-400, not a whole number`},
	} {
		sel, err := FormSelection(acp.ParseResponse(acp.NewChatMessage(acp.TextContent{Text: c.reply}), submit))
		if err != nil {
			t.Fatalf("%s: %v", c.reply, err)
		}
		var in registerDevice
		err = DecodeSelection(schema, sel, &in)
		switch {
		case c.wantErr == "" && (err != nil || in.Serial != c.want):
			t.Errorf("%s: serial %d, %v; want %d", c.reply, in.Serial, err, c.want)
		case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
			t.Errorf("%s: serial %d, %v; want the error %q", c.reply, in.Serial, err, c.wantErr)
		}
	}
}

// TestDecodeSelectionNumberText is form text that is no JSON number but that a person writes for
// one, as DecodeSelection always read it (spaces around it, a plus sign, leading zeros, a point
// with digits on one side only): exactly, beyond 2^53 too. Go's own syntax, digit separators
// and hexadecimal floats, which strconv.ParseFloat reads and which made "1_0" 10 and "0x1p4" 16,
// is refused as "NaN", "Inf" and words are: no number input and no JSON sends it.
func TestDecodeSelectionNumberText(t *testing.T) {
	const refused = "refused"
	for _, c := range []struct {
		text          string
		i64, u64, f64 string // the field's value, or refused
	}{
		{" 42 ", "42", "42", "42"},
		{"+42", "42", "42", "42"},
		{"007", "7", "7", "7"},
		{"3.0", "3", "3", "3"},
		{"1e3", "1000", "1000", "1000"},
		{"1E+3", "1000", "1000", "1000"},
		{"+1e3", "1000", "1000", "1000"},
		{"5.", "5", "5", "5"},
		{"5.e1", "50", "50", "50"},
		{".5", refused, refused, "0.5"},
		{"-.5e1", "-5", refused, "-5"},
		{"-0", "0", "0", "0"},
		{"-0.0e5", "0", "0", "0"},
		{"+9223372036854775809", refused, "9223372036854775809", "9.223372036854776e+18"},
		{"-1", "-1", refused, "-1"},
		// Go's syntax, which strconv reads.
		{"1_0", refused, refused, refused},
		{"1_000", refused, refused, refused},
		{"1_000.5", refused, refused, refused},
		{"-0x0p0", refused, refused, refused},
		{"0x1p4", refused, refused, refused},
		{"0X1P4", refused, refused, refused},
		{"0x1.8p1", refused, refused, refused},
		{"0x10", refused, refused, refused},
		{"0x1p63", refused, refused, refused},
		// Neither a person's number nor Go's.
		{"NaN", refused, refused, refused},
		{"Inf", refused, refused, refused},
		{"Infinity", refused, refused, refused},
		{"three", refused, refused, refused},
		{".", refused, refused, refused},
		{"+", refused, refused, refused},
		{"1e", refused, refused, refused},
		{"e3", refused, refused, refused},
		{"+-1", refused, refused, refused},
		{"1.2.3", refused, refused, refused},
		{"1 000", refused, refused, refused},
		{"1,000", refused, refused, refused},
		{"１２", refused, refused, refused}, // fullwidth digits
	} {
		for i, field := range []string{"i64", "u64", "f64"} {
			want := []string{c.i64, c.u64, c.f64}[i]
			in, err := decodeNumber(t, field, c.text, false)
			got := fmt.Sprint(fieldValue(in, field))
			if err != nil {
				got = refused
			}
			if got != want {
				t.Errorf("%q into %s: %s (%v); want %s", c.text, field, got, err, want)
			}
		}
	}
}

// TestDecodeSelectionGoNumberSyntax: form text in Go's number syntax is refused with the error
// every text that is no number gets, which quotes it as it was, and so is a json.Number in that
// syntax put in a selection by hand (a reply's numbers are JSON's).
func TestDecodeSelectionGoNumberSyntax(t *testing.T) {
	for _, c := range []struct {
		v    any
		want string
	}{
		{"1_0", `i64 is "1_0", not a whole number`},
		{"0x1p4", `i64 is "0x1p4", not a whole number`},
		{" 0x10 ", `i64 is " 0x10 ", not a whole number`},
		{json.Number("1_0"), `i64 is "1_0", not a whole number`},
		{json.Number("0x1p4"), `i64 is "0x1p4", not a whole number`},
	} {
		var in numberInput
		err := DecodeSelection(ReflectSchema[numberInput](), acp.Selection{SelectionTool: "register_device", "i64": c.v}, &in)
		var selErr *SelectionError
		if !errors.As(err, &selErr) || !slices.Equal(selErr.Problems, []string{c.want}) {
			t.Errorf("i64 %#v: %d, %v; want a *SelectionError with the one problem %s", c.v, in.I64, err, c.want)
		}
	}
	for _, v := range []any{"1_0", "0x1p4", json.Number("1_0")} {
		var in numberInput
		err := DecodeSelection(ReflectSchema[numberInput](), acp.Selection{SelectionTool: "register_device", "f64": v}, &in)
		want := fmt.Sprintf(`f64 is "%v", not a number`, v)
		var selErr *SelectionError
		if !errors.As(err, &selErr) || !slices.Equal(selErr.Problems, []string{want}) {
			t.Errorf("f64 %#v: %v, %v; want a *SelectionError with the one problem %s", v, in.F64, err, want)
		}
	}
}

// nestedInput has numbers inside arrays, objects and maps, which a generated form never asks
// for, but which a JSON reply may carry and DecodeSelection decodes for any caller.
type nestedInput struct {
	I64 []int64           `json:"i64,omitempty"`
	U64 []uint64          `json:"u64,omitempty"`
	F64 []float64         `json:"f64,omitempty"`
	N   []json.Number     `json:"n,omitempty"`
	M   map[string]uint64 `json:"m,omitempty"`
	P   *struct {
		X int64   `json:"x,omitempty"`
		F float64 `json:"f,omitempty"`
	} `json:"p,omitempty"`
	A any `json:"a,omitempty"`
}

// TestDecodeSelectionNestedNumbersAsEncodingJSON holds numbers inside arrays and objects of a
// JSON reply to what encoding/json decodes from the same JSON: they are validated as the numbers
// they are (the validator takes a json.Number for a string, so [1, 2] for a []int64 was refused
// as holding strings), and decoded as written, digit for digit. The one difference is
// TestDecodeSelectionNumbersAsEncodingJSON's: a number beyond float64's range is refused for a
// json.Number too, as the validator has no Go number to check it as.
func TestDecodeSelectionNestedNumbersAsEncodingJSON(t *testing.T) {
	schema := ReflectSchema[nestedInput]()
	submit := acp.CTA{Label: "Submit", Selection: acp.Selection{SelectionTool: "t"}, Primary: true}
	for _, lit := range numberLiterals {
		for _, value := range []string{
			`"i64":[` + lit + `]`, `"u64":[1,` + lit + `]`, `"f64":[` + lit + `]`, `"n":[` + lit + `]`,
			`"m":{"k":` + lit + `}`, `"p":{"x":` + lit + `}`, `"p":{"f":` + lit + `}`, `"a":[` + lit + `]`, `"a":{"k":[` + lit + `]}`,
		} {
			var want nestedInput
			refErr := json.Unmarshal([]byte(`{`+value+`}`), &want)
			sel, err := FormSelection(acp.ParseResponse(acp.NewChatMessage(acp.TextContent{Text: `{"tool":"t",` + value + `}`}), submit))
			if err != nil {
				t.Fatalf("%s: %v", value, err)
			}
			var got nestedInput
			err = DecodeSelection(schema, sel, &got)
			// encoding/json writes each float64 in the one shortest form that reads back as
			// it, -0 included, and a json.Number as it is.
			gb, _ := json.Marshal(got)
			wb, _ := json.Marshal(want)
			g, w := string(gb), string(wb)
			switch {
			case strings.HasPrefix(value, `"n"`) && math.IsInf(parseFloat(lit), 0):
				if err == nil {
					t.Errorf("{%s}: %s, no error; want it refused as beyond float64's range", value, g)
				}
			case refErr == nil && (err != nil || g != w):
				t.Errorf("{%s}: %s, %v; encoding/json decodes %s", value, g, err, w)
			case refErr != nil && err == nil:
				t.Errorf("{%s}: %s, no error; encoding/json refuses it: %v", value, g, refErr)
			}
		}
	}
}

// TestDecodeSelectionUnknownKeyNumber decodes a key the schema has no property for but allows, as
// a type's own JSONSchema method may: its number is validated as a number, exactly (it was
// refused as a string), and the input gets it digit for digit.
func TestDecodeSelectionUnknownKeyNumber(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","additionalProperties":{"type":"integer","minimum":1}}`)
	submit := acp.CTA{Label: "Submit", Selection: acp.Selection{SelectionTool: "t"}, Primary: true}
	for reply, want := range map[string]string{
		`{"tool":"t","serial":9223372036854775809}`:  "map[serial:9223372036854775809]",
		`{"tool":"t","serial":18446744073709551615}`: "map[serial:18446744073709551615]",
		`{"tool":"t","serial":0}`:                    "error",
		`{"tool":"t","serial":1.5}`:                  "error",
		`{"tool":"t","serial":"7"}`:                  "error", // no property: no text is read as a number
	} {
		sel, err := FormSelection(acp.ParseResponse(acp.NewChatMessage(acp.TextContent{Text: reply}), submit))
		if err != nil {
			t.Fatalf("%s: %v", reply, err)
		}
		var in map[string]uint64
		got := "error"
		if err := DecodeSelection(schema, sel, &in); err == nil {
			got = fmt.Sprint(in)
		}
		if got != want {
			t.Errorf("%s: %s; want %s", reply, got, want)
		}
	}
}

// TestDecodeSelectionIntegerBeyondBounds: a whole number beyond int64 and uint64 was said to be
// "beyond the whole numbers a field takes (-9223372036854775808 to 18446744073709551615)", a range
// neither the schema nor the field has. The schema's bound is named when the number is beyond
// it, else the Go field's own range.
func TestDecodeSelectionIntegerBeyondBounds(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"n":{"type":"integer","minimum":1,"maximum":10},"x":{"type":"integer","exclusiveMaximum":100},"i":{"type":"integer"}}}`)
	type input struct {
		N int   `json:"n"`
		X int   `json:"x"`
		I int32 `json:"i"`
	}
	for _, c := range []struct {
		key  string
		v    any
		want string
	}{
		{"n", "99999999999999999999", `n is 99999999999999999999, above the maximum 10`},
		{"n", json.Number("-1e400"), `n is -1e400, below the minimum 1`},
		{"x", "1e30", `x is 1e30, not less than 100`},
		{"i", "99999999999999999999", `i is 99999999999999999999, outside the range of the field, -2147483648 to 2147483647`},
		{"i", json.Number("-1e400"), `i is -1e400, outside the range of the field, -2147483648 to 2147483647`},
	} {
		got := problems[input](t, schema, map[string]any{c.key: c.v})
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%s %v: problems %q; want %q", c.key, c.v, got, c.want)
		}
	}
}

// typedNumber is readNumber's grammar as a regular expression, to hold the hand-written check to.
var typedNumber = regexp.MustCompile(`^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$`)

// FuzzReadNumber holds readNumber to its grammar: it reads exactly the texts typedNumber
// matches, each as the float64 strconv.ParseFloat gives, and never Go's digit separators or
// hexadecimal floats, which ParseFloat also reads.
func FuzzReadNumber(f *testing.F) {
	for _, s := range []string{"42", "+42", "007", "5.", ".5", "-0.0e5", "1E+3", "1e400", "1_0", "0x1p4", "Inf", ".", "1e", "+-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, ok := readNumber(s)
		if want := typedNumber.MatchString(s); ok != want {
			t.Fatalf("readNumber(%q) ok = %v; the grammar says %v", s, ok, want)
		}
		if !ok {
			return
		}
		f, _ := strconv.ParseFloat(s, 64)
		if math.Float64bits(n.f) != math.Float64bits(f) {
			t.Fatalf("readNumber(%q).f = %v; strconv.ParseFloat gives %v", s, n.f, f)
		}
		if g, _ := strconv.ParseFloat(n.lit, 64); !isJSONNumber(n.lit) || math.Float64bits(math.Abs(g)) != math.Float64bits(math.Abs(f)) {
			t.Fatalf("readNumber(%q).lit = %q, not the JSON number of %v", s, n.lit, f)
		}
	})
}
