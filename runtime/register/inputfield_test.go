package register

import (
	"encoding/json"
	"net/netip"
	"reflect"
	"testing"
	"time"
)

// blankInput has optional fields whose schema is a string but which are not text: a date, an
// address, a number and a bool with the json ",string" option; and text fields, whose blank is
// the empty text. Arrival is required.
type blankInput struct {
	Depart  *time.Time  `json:"depart,omitempty"`
	Back    time.Time   `json:"back,omitzero"`
	Code    int64       `json:"code,string,omitempty"`
	Sure    *bool       `json:"sure,string,omitempty"`
	Addr    *netip.Addr `json:"addr,omitempty"`
	Note    *string     `json:"note,omitempty"`
	Memo    string      `json:"memo,omitempty"`
	Arrival time.Time   `json:"arrival"`
}

// TestDecodeSelectionBlankNotText is the reviewer's form that could not be sent: a blank
// optional date ("depart is \"\", not a date and time like 2026-01-31T09:00:00Z") or quoted
// number ("code must be a string holding an integer …; got the string \"\"") failed the whole
// form, where a blank optional number, select or checkbox is no answer. A blank is no answer
// for any field that is not text now, whatever its schema says; a text field's blank is still
// the empty text. A required date left blank is said to be required, as other required fields
// are, not to be no date.
func TestDecodeSelectionBlankNotText(t *testing.T) {
	schema := ReflectSchema[blankInput]()
	for _, blank := range []string{"", "  "} {
		var in blankInput
		sel := map[string]any{"tool": "trip", "depart": blank, "back": blank, "code": blank, "sure": blank, "addr": blank,
			"note": blank, "memo": blank, "arrival": "2026-01-31T09:00:00Z"}
		if err := DecodeSelection(schema, sel, &in); err != nil {
			t.Fatalf("blank %q: DecodeSelection = %v; want the blanks as no answer", blank, err)
		}
		if in.Depart != nil || !in.Back.IsZero() || in.Code != 0 || in.Sure != nil || in.Addr != nil {
			t.Errorf("blank %q: decoded %+v; want depart, back, code, sure and addr unset", blank, in)
		}
		if in.Note == nil || *in.Note != blank || in.Memo != blank {
			t.Errorf("blank %q: note %v, memo %q; want the text as it was", blank, in.Note, in.Memo)
		}
	}
	got := problems[blankInput](t, schema, map[string]any{"arrival": "", "code": "x"})
	want := []string{`code is "x", not a whole number`, `arrival is required`}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems %q; want %q", got, want)
	}
}

// quotedInput holds a bool and numbers with the json ",string" option, which a form shows as a
// checkbox and number inputs: Flag and Qty are required.
type quotedInput struct {
	Flag  bool     `json:"flag,string"`
	Price float64  `json:"price,string,omitempty"`
	Qty   int      `json:"qty,string"`
	Small *int8    `json:"small,string,omitempty"`
	Big   uint64   `json:"big,string,omitempty"`
	Ratio *float32 `json:"ratio,string,omitempty"`
	Level int      `json:"level,string,omitempty" jsonschema:"enum=1,enum=02"`
}

// TestDecodeSelectionQuotedFields: a bool or a number with the ",string" option takes what its
// checkbox or number input sends — true, a JSON number, and the number text a plain number
// field takes ("2.0" is 2, as for a plain int) — and encoding/json gets it in the string the
// option needs: it was the text as sent, which it refused ("2.0", " 3", true). An unticked
// required checkbox is false. What a plain field refuses is refused in the same words.
func TestDecodeSelectionQuotedFields(t *testing.T) {
	schema := ReflectSchema[quotedInput]()
	small, ratio := int8(-5), float32(0.25)
	for _, c := range []struct {
		sel  map[string]any
		want quotedInput
	}{
		{map[string]any{"tool": "t", "flag": true, "price": json.Number("12.5"), "qty": "2.0"}, quotedInput{Flag: true, Price: 12.5, Qty: 2}},
		{map[string]any{"flag": "true", "price": " 1e3 ", "qty": "+7", "small": "-5", "ratio": ".25"}, quotedInput{Flag: true, Price: 1000, Qty: 7, Small: &small, Ratio: &ratio}},
		{map[string]any{"qty": json.Number("3"), "big": "18446744073709551615"}, quotedInput{Qty: 3, Big: 18446744073709551615}},
		{map[string]any{"flag": false, "qty": "1e3", "price": "-0", "level": "02"}, quotedInput{Qty: 1000, Level: 2}},
	} {
		var in quotedInput
		if err := DecodeSelection(schema, c.sel, &in); err != nil || !reflect.DeepEqual(in, c.want) {
			t.Errorf("DecodeSelection(%v) = %+v, %v; want %+v", c.sel, in, err, c.want)
		}
	}
	// "2.0" reads as it does for a plain int field.
	var plain struct {
		Qty int `json:"qty"`
	}
	if err := DecodeSelection(json.RawMessage(`{"type":"object","properties":{"qty":{"type":"integer"}}}`), map[string]any{"qty": "2.0"}, &plain); err != nil || plain.Qty != 2 {
		t.Errorf("plain int: %+v, %v; want 2", plain, err)
	}

	for _, c := range []struct {
		sel  map[string]any
		want []string
	}{
		{map[string]any{"qty": "2.5"}, []string{`qty is 2.5, not a whole number`}},
		{map[string]any{"qty": "abc", "flag": "maybe"}, []string{`flag is "maybe", not true or false`, `qty is "abc", not a whole number`}},
		{map[string]any{"qty": "1", "small": "300", "big": "-1"}, []string{`small is 300, outside the range of the field, -128 to 127`, `big is -1, outside the range of the field, 0 to 18446744073709551615`}},
		{map[string]any{"qty": "1e30"}, []string{`qty is 1e30, outside the range of the field, -9223372036854775808 to 9223372036854775807`}},
		{map[string]any{"qty": "1", "ratio": "1e39", "price": true}, []string{`price is true, not a number`, `ratio is 1e39, too large for this field`}},
		{map[string]any{"qty": "1", "price": "NaN"}, []string{`price is "NaN", not a number`}},
		{map[string]any{"flag": true}, []string{`qty is required`}},
		{map[string]any{"qty": "1", "level": "3"}, []string{`level is "3", not one of "1", "02"`}},
	} {
		got := problems[quotedInput](t, schema, c.sel)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%v: problems %q; want %q", c.sel, got, c.want)
		}
	}
}

// TestInputFields: the fields DecodeSelection reads by JSON name are the ones encoding/json
// decodes, promoted ones included, and the ",string" option counts where encoding/json applies
// it: not on a **int, and not on a named pointer type.
func TestInputFields(t *testing.T) {
	type IntPtr *int
	type Inner struct {
		N int `json:"n,string"`
	}
	type input struct {
		Inner
		//lint:ignore SA5008 the option on a type encoding/json does not quote is what the test is about
		PP   **int       `json:"pp,string"`
		NP   IntPtr      `json:"np,string"`
		T    time.Time   `json:"t"`
		S    *string     `json:"s"`
		Raw  json.Number `json:"raw"`
		Rune rune        `json:"r,string"`
	}
	fs := inputFields(&input{})
	for name, want := range map[string]struct {
		quoted string
		text   bool
	}{
		"n": {"integer", false}, "pp": {"", false}, "np": {"", false}, "t": {"", false}, "s": {"", true}, "raw": {"", false}, "r": {"integer", false},
	} {
		f, ok := fs[name]
		if !ok || f.quoted != want.quoted || f.text != want.text {
			t.Errorf("field %s: %+v, %v; want quoted %q, text %v", name, f, ok, want.quoted, want.text)
		}
	}
	if fs := inputFields(&map[string]any{}); fs != nil {
		t.Errorf("inputFields(map) = %v; want nil", fs)
	}
}
