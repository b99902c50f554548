package register

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net"
	"net/netip"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
)

// selectionErrorPrefix begins every SelectionError's text.
const selectionErrorPrefix = "the form's answers are not valid (correct them and send the form again): "

// bookingSchema is the input schema cardgen writes for booking (testdata/golden/acp_cards), with
// the $id of a service as a user's module path gives it.
var bookingSchema = json.RawMessage(`{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://example.com/svc/trips/book-room-input",` +
	`"properties":{"room_id":{"type":"string","title":"Room"},"nights":{"type":"integer","maximum":30,"minimum":1},` +
	`"guest":{"type":"string","format":"email","description":"We send the confirmation here"},"meal":{"type":"string","enum":["none","breakfast","half-board"]},` +
	`"late_checkout":{"type":"boolean"},"pets":{"type":"boolean"},"arrival":{"type":"string","format":"date-time"}},` +
	`"additionalProperties":false,"type":"object","required":["room_id","nights","guest","pets","arrival"]}`)

type booking struct {
	RoomID  string    `json:"room_id"`
	Nights  int       `json:"nights"`
	Guest   string    `json:"guest"`
	Meal    string    `json:"meal,omitempty"`
	Late    bool      `json:"late_checkout,omitempty"`
	Pets    bool      `json:"pets"`
	Arrival time.Time `json:"arrival"`
}

// problems decodes sel into a new In against schema and returns the problems of the
// *SelectionError it must return.
func problems[In any](t *testing.T, schema json.RawMessage, sel map[string]any) []string {
	t.Helper()
	var in In
	err := DecodeSelection(schema, sel, &in)
	var selErr *SelectionError
	if !errors.As(err, &selErr) {
		t.Fatalf("DecodeSelection(%v) = %v; want a *SelectionError", sel, err)
	}
	if want := selectionErrorPrefix + strings.Join(selErr.Problems, "; "); len(selErr.Problems) <= maxProblems && err.Error() != want {
		t.Errorf("error %q; want %q", err, want)
	}
	return selErr.Problems
}

// TestDecodeSelectionListsEveryProblem is the new user's report: a booking form answered with
// 0 nights, "nope" for the email and an option the form does not have said only the first
// problem, in the validator's words, with the schema's $id and numbers as big.Rat and %f wrote
// them ("validating https://example.com/svc/trips/book-room-input: validating
// /properties/nights: minimum: 0/1 is less than 1.000000"), and "nope" was accepted as an email
// address once the rest was fixed. Every problem is listed now, in the schema's order, in words
// the user and the model can act on, and "nope" is refused.
func TestDecodeSelectionListsEveryProblem(t *testing.T) {
	sel := map[string]any{"tool": "book_room", "room_id": "r1", "nights": "0", "guest": "nope", "meal": "suite", "arrival": "2026-01-31T09:00:00Z"}
	got := problems[booking](t, bookingSchema, sel)
	want := []string{
		`nights is 0, below the minimum 1`,
		`guest is "nope", not an email address`,
		`meal is "suite", not one of "none", "breakfast", "half-board"`,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems %q; want %q", got, want)
	}
	var in booking
	msg := DecodeSelection(bookingSchema, sel, &in).Error()
	for _, leak := range []string{"https://", "validating", "/properties", "0/1", "1.000000"} {
		if strings.Contains(msg, leak) {
			t.Errorf("error %q holds %q, which is no help to the user", msg, leak)
		}
	}

	// Missing answers and answers of the wrong kind are listed with the others.
	got = problems[booking](t, bookingSchema, map[string]any{"nights": "three", "guest": "lan@example.com", "pets": "maybe", "arrival": "tomorrow", "extra": "1"})
	want = []string{
		`room_id is required`,
		`nights is "three", not a whole number`,
		`pets is "maybe", not true or false`,
		`arrival is "tomorrow", not a date and time like 2026-01-31T09:00:00Z`,
		`"extra" is not a field of this form`,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems %q; want %q", got, want)
	}
}

// TestDecodeSelectionValidUnchanged decodes valid selections as DecodeSelection always did:
// the checks that write problems in words run only for a refused selection, and the formats
// checked besides (an email address) hold.
func TestDecodeSelectionValidUnchanged(t *testing.T) {
	var in booking
	sel := map[string]any{"tool": "book_room", "room_id": "r1", "nights": "2", "guest": "lan@example.com", "meal": "", "arrival": "2026-01-31T09:00:00+07:00"}
	if err := DecodeSelection(bookingSchema, sel, &in); err != nil {
		t.Fatal(err)
	}
	var want booking
	if err := json.Unmarshal([]byte(`{"room_id":"r1","nights":2,"guest":"lan@example.com","pets":false,"arrival":"2026-01-31T09:00:00+07:00"}`), &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(in, want) {
		t.Errorf("decoded %+v; want %+v", in, want)
	}
}

// TestDecodeSelectionKeywords has a problem for each keyword a form's schema may have, each
// written as `<field> is <value as JSON>, <what is wrong>`, and those of values inside lists and
// objects, through $ref and a nullable field's oneOf.
func TestDecodeSelectionKeywords(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","additionalProperties":false,"$defs":{"Zip":{"type":"string","pattern":"^[0-9]{5}$"}},"properties":{` +
		`"int":{"type":"integer","minimum":1,"maximum":10},` +
		`"num":{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":1.5},` +
		`"step":{"type":"integer","multipleOf":5},` +
		`"code":{"type":"string","minLength":4,"maxLength":6,"pattern":"^[A-Z0-9]+$"},` +
		`"fixed":{"const":"yes"},` +
		`"level":{"enum":[1,2,3]},` +
		`"tags":{"type":"array","items":{"type":"integer","minimum":0},"maxItems":2,"uniqueItems":true},` +
		`"address":{"type":"object","properties":{"zip":{"$ref":"#/$defs/Zip"},"city":{"type":"string"}},"required":["city"],"additionalProperties":false},` +
		`"maybe":{"oneOf":[{"type":"integer","minimum":1},{"type":"null"}]},` +
		`"either":{"type":["string","boolean"]},` +
		`"alt":{"anyOf":[{"type":"integer","minimum":5},{"type":"string","minLength":3}]},` +
		`"all":{"allOf":[{"type":"integer"},{"maximum":3}]}}}`)
	for _, c := range []struct {
		key  string
		v    any
		want []string
	}{
		{"int", "0", []string{`int is 0, below the minimum 1`}},
		{"int", json.Number("11"), []string{`int is 11, above the maximum 10`}},
		{"int", json.Number("2.5"), []string{`int is 2.5, not a whole number`}},
		{"int", nil, []string{`int is null, not a whole number`}},
		{"level", nil, []string{`level is null, not one of 1, 2, 3`}},
		{"fixed", nil, []string{`fixed is null, not "yes"`}},
		{"num", "0", []string{`num is 0, not greater than 0`}},
		{"num", json.Number("1.5"), []string{`num is 1.5, not less than 1.5`}},
		{"num", "abc", []string{`num is "abc", not a number`}},
		{"step", "7", []string{`step is 7, not a multiple of 5`}},
		{"code", "ab", []string{`code is "ab", shorter than the minimum of 4 characters and not matching the pattern ^[A-Z0-9]+$`}},
		{"code", "ABCDEFG", []string{`code is "ABCDEFG", longer than the maximum of 6 characters`}},
		{"code", json.Number("12"), []string{`code is "12", shorter than the minimum of 4 characters`}},
		{"fixed", "no", []string{`fixed is "no", not "yes"`}},
		{"level", json.Number("4"), []string{`level is 4, not one of 1, 2, 3`}},
		{"tags", []any{json.Number("1"), json.Number("-1"), json.Number("1")}, []string{
			`tags is [1,-1,1], 3 items, more than the maximum of 2 and with the same item twice (items 0 and 2)`,
			`tags[1] is -1, below the minimum 0`}},
		{"tags", "a", []string{`tags is "a", not a list`}},
		{"address", map[string]any{"zip": "1234", "country": "FR"}, []string{
			`address.zip is "1234", not matching the pattern ^[0-9]{5}$`,
			`address.city is required`,
			`"country" is not a field of address`}},
		{"maybe", json.Number("0"), []string{`maybe is 0, below the minimum 1`}},
		{"either", json.Number("3"), []string{`either is 3, not text or true or false`}},
		{"alt", "1", []string{`alt is "1", matching none of the field's alternatives (not a whole number, or shorter than the minimum of 3 characters)`}},
		{"all", json.Number("4"), []string{`all is 4, above the maximum 3`}},
		{"nope", "x", []string{`"nope" is not a field of this form`}},
	} {
		got := problems[map[string]any](t, schema, map[string]any{c.key: c.v})
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s %v: problems %q; want %q", c.key, c.v, got, c.want)
		}
	}
}

// TestDecodeSelectionEmail checks format=email, which the validator does not: a bare address is
// an answer, and "nope", or an address with a display name or brackets, is not, as the handler
// would get it as it is. Spaces around an address are trimmed. An address with a quoted local
// part is taken as net/mail writes it, quotes and all, and that is the form suggested: net/mail
// reads "a b"@example.com as a b@example.com, which it does not read, and the user was told to
// write that.
func TestDecodeSelectionEmail(t *testing.T) {
	for _, c := range []struct{ v, want string }{
		{"lan@example.com", "lan@example.com"},
		{"lan.nguyen+shop@mail.example.com.vn", "lan.nguyen+shop@mail.example.com.vn"},
		{" lan@example.com\t", "lan@example.com"},
		{`"a b"@example.com`, `"a b"@example.com`},
	} {
		var in booking
		sel := map[string]any{"room_id": "r1", "nights": "1", "guest": c.v, "arrival": "2026-01-31T09:00:00Z"}
		if err := DecodeSelection(bookingSchema, sel, &in); err != nil || in.Guest != c.want {
			t.Errorf("guest %q: %v, %q; want %q", c.v, err, in.Guest, c.want)
		}
	}
	for _, c := range []struct{ v, want string }{
		{"nope", `guest is "nope", not an email address`},
		{"", `guest is required`}, // a required field left blank is unanswered, as an int's is
		{"lan@", `guest is "lan@", not an email address`},
		{"Lan <lan@example.com>", `guest is "Lan <lan@example.com>", not an email address alone; write "lan@example.com"`},
		{"<lan@example.com>", `guest is "<lan@example.com>", not an email address alone; write "lan@example.com"`},
		{"   ", `guest is required`},
		{`Lan <"a b"@example.com>`, `guest is "Lan <\"a b\"@example.com>", not an email address alone; write "\"a b\"@example.com"`},
		{"a@example.com, b@example.com", `guest is "a@example.com, b@example.com", not an email address`},
	} {
		got := problems[booking](t, bookingSchema, map[string]any{"room_id": "r1", "nights": "1", "guest": c.v, "arrival": "2026-01-31T09:00:00Z"})
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("guest %q: problems %q; want %q", c.v, got, c.want)
		}
	}
}

// TestDecodeSelectionOptionalEmailBlank: an optional email field left blank sends "", which is
// no address and no answer either: it decodes as it always did, to "" (or a pointer to "").
func TestDecodeSelectionOptionalEmailBlank(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"cc":{"type":"string","format":"email"},"bcc":{"type":"string","format":"email"}},"additionalProperties":false}`)
	var in struct {
		CC  string  `json:"cc,omitempty"`
		BCC *string `json:"bcc,omitempty"`
	}
	if err := DecodeSelection(schema, map[string]any{"cc": "", "bcc": ""}, &in); err != nil || in.CC != "" || in.BCC == nil || *in.BCC != "" {
		t.Errorf("DecodeSelection = %+v, %v; want both blank, as before", in, err)
	}
	// Spaces alone are blank too.
	if err := DecodeSelection(schema, map[string]any{"cc": "  ", "bcc": "\t"}, &in); err != nil || in.CC != "" || in.BCC == nil || *in.BCC != "" {
		t.Errorf("DecodeSelection(spaces) = %+v, %v; want both blank", in, err)
	}
	if got := problems[map[string]any](t, schema, map[string]any{"cc": "nope"}); len(got) != 1 || got[0] != `cc is "nope", not an email address` {
		t.Errorf("problems %q; want cc refused", got)
	}
}

// TestDecodeSelectionFormatsUnchecked: a hand-written format=date-time on a string field, and
// ipv4 on a net.IP (which decodes IPv6 too), take what they always took; only a time.Time's
// decoding refuses a date and time it cannot read, and says so in words.
func TestDecodeSelectionFormatsUnchecked(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"when":{"type":"string","format":"date-time"},"ip":{"type":"string","format":"ipv4"},"site":{"type":"string","format":"uri"}}}`)
	var in struct {
		When string `json:"when"`
		IP   net.IP `json:"ip"`
		Site string `json:"site"`
	}
	if err := DecodeSelection(schema, map[string]any{"when": "tomorrow", "ip": "::1", "site": "home"}, &in); err != nil || in.When != "tomorrow" || !in.IP.Equal(net.IPv6loopback) || in.Site != "home" {
		t.Errorf("DecodeSelection = %+v, %v; want the values as they were", in, err)
	}
}

// TestDecodeSelectionDecodeProblems: a value the schema takes and the Go field does not (300 for
// an int8, a date without a time for a time.Time) is said in words, and listed with the
// validator's problems rather than after they are fixed; the decoder's error stays in the chain.
func TestDecodeSelectionDecodeProblems(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"qty":{"type":"integer"},"share":{"type":"number"},"due":{"type":"string","format":"date-time"},"meal":{"type":"string","enum":["none","breakfast"]}}}`)
	type input struct {
		Qty   int8      `json:"qty"`
		Share uint      `json:"share"`
		Due   time.Time `json:"due"`
		Meal  string    `json:"meal"`
	}
	got := problems[input](t, schema, map[string]any{"qty": "300", "share": "1.5", "due": "2026-01-31", "meal": "suite", "Qty": "1"})
	want := []string{
		`qty is 300, outside the range of the field, -128 to 127`,
		`share is 1.5, not a whole number`,
		`due is "2026-01-31", not a date and time like 2026-01-31T09:00:00Z`,
		`meal is "suite", not one of "none", "breakfast"`,
		`"Qty" is not a field of this form (field names are case-sensitive: did you mean qty?)`,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems %q; want %q", got, want)
	}

	var in input
	err := DecodeSelection(schema, map[string]any{"qty": "-129"}, &in)
	if _, ok := errors.AsType[*json.UnmarshalTypeError](err); !ok || !strings.HasSuffix(err.Error(), "qty is -129, outside the range of the field, -128 to 127") {
		t.Errorf("DecodeSelection(qty -129) = %v; want the problem in words, with the decoder's *json.UnmarshalTypeError in the chain", err)
	}
}

// TestDecodeSelectionValidatorLast: what the checks in words do not know is still refused by
// the validator, in its words on one line, without the schema's $id and with numbers as numbers:
// an item a list must contain, a value that is both of a oneOf's alternatives, and how values go
// together (dependentRequired). The validator's error stays in the chain.
func TestDecodeSelectionValidatorLast(t *testing.T) {
	schema := json.RawMessage(`{"$id":"https://example.com/svc/x","type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"},` +
		`"l":{"type":"array","contains":{"type":"integer","minimum":3}},"o":{"oneOf":[{"type":"integer"},{"type":"number"}]}},"dependentRequired":{"a":["b"]}}`)
	got := problems[map[string]any](t, schema, map[string]any{"a": "x"})
	if want := []string{`the answers together are not a valid input: dependentRequired["a"]: missing properties ["b"]`}; !reflect.DeepEqual(got, want) {
		t.Errorf("problems %q; want %q", got, want)
	}
	got = problems[map[string]any](t, schema, map[string]any{"l": []any{json.Number("1")}, "o": json.Number("2")})
	want := []string{
		`l is [1], which the field does not accept (contains: no item matches a condition of the field)`,
		`o is 2, which the field does not accept (oneOf: validated against both a condition of the field and a condition of the field)`,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems %q; want %q", got, want)
	}
	var in map[string]any
	if err := DecodeSelection(schema, map[string]any{"a": "x"}, &in); errors.Unwrap(err) == nil {
		t.Errorf("DecodeSelection = %v; want the validator's error in the chain", err)
	}
}

// TestDecodeSelectionNotAPointer: an in DecodeSelection cannot decode into is the caller's
// mistake, said as such, not a form the user is asked to correct, whatever the answers.
func TestDecodeSelectionNotAPointer(t *testing.T) {
	valid := map[string]any{"room_id": "r1", "nights": "2", "guest": "lan@example.com", "arrival": "2026-01-31T09:00:00Z"}
	var in booking
	var nilIn *booking
	for _, target := range []any{in, nilIn, nil} {
		err := DecodeSelection(bookingSchema, valid, target)
		if err == nil || errors.As(err, new(*SelectionError)) || !strings.Contains(err.Error(), "non-nil pointer") {
			t.Errorf("DecodeSelection into %T: %v; want an error that asks for a non-nil pointer", target, err)
		}
	}
}

// TestShow: values are written as JSON, long ones shortened by characters, not bytes. The two
// ends of a long string are encoded apart and not shortened again: an end of escaped characters
// is longer encoded, and was cut a second time, mid-escape.
func TestShow(t *testing.T) {
	for _, c := range []struct {
		v    any
		want string
	}{
		{"Lan <lan@example.com> & co", `"Lan <lan@example.com> & co"`},
		{int64(3), `3`},
		{strings.Repeat("é", 50), `"éééééééééééééééééééééééé…éééééééé" (50 characters)`},
		{[]any{strings.Repeat("ß", 50)}, `["ßßßßßßßßßßßßßßßßßßßßßß…ßßßßßß"] (54 characters)`},
		{strings.Repeat(`"`, 45), `"` + strings.Repeat(`\"`, 24) + `…` + strings.Repeat(`\"`, 8) + `" (45 characters)`},
		{strings.Repeat("a", 40) + strings.Repeat("\u2028", 8), `"` + strings.Repeat("a", 24) + `…` + strings.Repeat(`\u2028`, 8) + `" (48 characters)`},
		{strings.Repeat(`"`, 40), `"` + strings.Repeat(`\"`, 40) + `"`},
		{"tab\there\x00", `"tab\there\u0000"`},
	} {
		if got := show(c.v); got != c.want {
			t.Errorf("show(%v) = %s; want %s", c.v, got, c.want)
		}
	}
}

// TestDecodeSelectionLongUniqueList: a reply is hostile input, and a list of thousands of
// distinct items refused for another reason (maxItems) was checked for repeated items pair by
// pair, which took seconds for a 19 KB reply and minutes for a larger one. It is linear now; the
// bound is generous, the quadratic check took minutes for this list.
func TestDecodeSelectionLongUniqueList(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"tags":{"type":"array","items":{"type":"integer"},"maxItems":2,"uniqueItems":true}}}`)
	const n = 40000
	tags := make([]any, n)
	for i := range tags {
		tags[i] = json.Number(strconv.Itoa(i))
	}
	start := time.Now()
	got := problems[map[string]any](t, schema, map[string]any{"tags": tags})
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("DecodeSelection took %v for %d distinct items; want it linear", d, n)
	}
	if len(got) != 1 || !strings.Contains(got[0], "more than the maximum of 2") || strings.Contains(got[0], "twice") {
		t.Errorf("problems %q; want maxItems only", got)
	}
	// Repeated items are still found, numbers compared exactly whatever they are written as.
	got = problems[map[string]any](t, schema, map[string]any{"tags": []any{json.Number("7"), json.Number("1"), json.Number("1.0e0"), json.Number("7")}})
	if len(got) != 1 || !strings.HasSuffix(got[0], "with the same item twice (items 1 and 2)") {
		t.Errorf("problems %q; want items 1 and 2 the same", got)
	}
}

// TestSelectionErrorBounded: a reply is hostile input, and its error goes back to the chat.
// Thousands of unknown keys made a message of hundreds of kilobytes, a key of 100,000 characters
// was written whole, and a key could pass for other problems ("quantity is required; email").
// Keys are quoted and shortened as values are, and the message lists the first ten problems.
func TestSelectionErrorBounded(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"quantity":{"type":"integer"},"tags":{"type":"array","items":{"type":"integer"}}},"additionalProperties":false}`)
	many := map[string]any{}
	for i := range 20000 {
		many[fmt.Sprintf("k%05d", i)] = "x"
	}
	var in map[string]any
	msg := DecodeSelection(schema, many, &in).Error()
	if len(msg) > 2000 || !strings.HasSuffix(msg, `"k00009" is not a field of this form; and 19990 more problems`) {
		t.Errorf("error of %d bytes, ending %q; want the first ten problems and a count of the others", len(msg), msg[max(0, len(msg)-200):])
	}

	long := strings.Repeat("k", 100000)
	got := problems[map[string]any](t, schema, map[string]any{long: "1"})
	if want := `"kkkkkkkkkkkkkkkkkkkkkkkk…kkkkkkkk" (100000 characters) is not a field of this form`; len(got) != 1 || got[0] != want {
		t.Errorf("problems %q; want %q", got, want)
	}

	got = problems[map[string]any](t, schema, map[string]any{"quantity is required; email": "1", "a\nb": "2"})
	want := []string{`"a\nb" is not a field of this form`, `"quantity is required; email" is not a field of this form`}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems %q; want %q", got, want)
	}

	items := make([]any, 5000)
	for i := range items {
		items[i] = "x"
	}
	msg = DecodeSelection(schema, map[string]any{"tags": items}, &in).Error()
	if len(msg) > 2000 || !strings.HasSuffix(msg, "; and 4990 more problems") {
		t.Errorf("error of %d bytes, ending %q; want ten items and a count of the others", len(msg), msg[max(0, len(msg)-200):])
	}
}

// TestDecodeSelectionValidatorWordsStable: the validator goes through an object's properties in
// a Go map's random order, and the words for a nested object with several problems the checks
// in words do not know changed from run to run; its "<anonymous schema>" is no word for the user,
// and the array a contains refuses was written in Go's syntax ("[1/2 2.500000]", strings
// unquoted, "%!s(int64=1)" for a number), which the problem already shows as JSON.
func TestDecodeSelectionValidatorWordsStable(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"l":{"type":"array","contains":{"type":"integer"}},` +
		`"o":{"type":"object","properties":{"c":{"type":"object","dependentRequired":{"r":["s"]}},"a":{"type":"array","contains":{"type":"integer"}},"b":{"type":"object","dependentRequired":{"p":["q","z"]}}}}}}`)
	sel := map[string]any{"l": []any{"1/2", "2.500000"}, "o": map[string]any{"a": []any{"x"}, "b": map[string]any{"p": json.Number("1")}, "c": map[string]any{"r": json.Number("1")}}}
	want := []string{
		`l is ["1/2","2.500000"], which the field does not accept (contains: no item matches a condition of the field)`,
		`o is {"a":["x"],"b":{"p":1},"c":{"r":1}}, which the field does not accept (contains: no item matches a condition of the field)`,
	}
	for range 100 {
		if got := problems[map[string]any](t, schema, sel); !reflect.DeepEqual(got, want) {
			t.Fatalf("problems %q; want %q", got, want)
		}
	}
}

// TestDecodeSelectionNoGoTypes: a number a float32 cannot hold was "f is 1e+300, which does not
// fit the field (a Go float32)": a Go type means nothing to the user, and 1e+300 is not what
// they wrote. The Go type stays in the wrapped error.
func TestDecodeSelectionNoGoTypes(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"f":{"type":"number"},"n":{"type":"integer","maximum":2}}}`)
	type input struct {
		F float32 `json:"f"`
		N int     `json:"n"`
	}
	for _, c := range []struct {
		sel  map[string]any
		want string
	}{
		{map[string]any{"f": "1e300"}, `f is 1e300, too large for this field`},
		{map[string]any{"f": json.Number("-1E300")}, `f is -1E300, too large for this field`},
		{map[string]any{"n": " 3.0 "}, `n is 3.0, above the maximum 2`},
	} {
		got := problems[input](t, schema, c.sel)
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%v: problems %q; want %q", c.sel, got, c.want)
		}
	}
	var in input
	err := DecodeSelection(schema, map[string]any{"f": "1e300"}, &in)
	if typeErr, ok := errors.AsType[*json.UnmarshalTypeError](err); !ok || typeErr.Type.Kind() != reflect.Float32 || strings.Contains(err.Error(), "float32") {
		t.Errorf("DecodeSelection = %v; want no Go type in the text, and the decoder's error in the chain", err)
	}
}

// TestDecodeSelectionValidatorBounds: a bound the checks in words cannot reach (a $ref into
// another property, which they do not follow) is said in the validator's words, and those wrote
// the bound with six decimals: a maximum of 1e-7 was "0", which the value 1e-8 is not above. The
// bound is written as the schema has it now, and a value the user wrote as 1e30 is not 31
// digits.
func TestDecodeSelectionValidatorBounds(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"a":{"type":"number","maximum":1e-7},"b":{"$ref":"#/properties/a"}}}`)
	for _, c := range []struct {
		sel  map[string]any
		want string
	}{
		{map[string]any{"b": json.Number("1")}, `the answers together are not a valid input: maximum: 1 is greater than 1e-7`},
		{map[string]any{"b": json.Number("1e30")}, `the answers together are not a valid input: maximum: 1e+30 is greater than 1e-7`},
	} {
		got := problems[map[string]any](t, schema, c.sel)
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%v: problems %q; want %q", c.sel, got, c.want)
		}
	}
}

// TestDecodeSelectionValidatorGoSyntax: where the checks in words cannot reach a value (a $ref
// into another property, which they do not follow), the validator's words are said, and those
// were Go's: an enum's values and the value in %v ("enum: green blue does not equal any of:
// [red green blue]", one value read as two), a string a type refuses unquoted, names missing in
// Go's %q (["q" "z"]).
func TestDecodeSelectionValidatorGoSyntax(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{` +
		`"color":{"enum":["red","green blue"]},"c":{"$ref":"#/properties/color"},` +
		`"k":{"const":"x"},"kr":{"$ref":"#/properties/k"},` +
		`"n":{"type":"number"},"nr":{"$ref":"#/properties/n"},` +
		`"o":{"type":"object","dependentRequired":{"p":["q","z"]}},"or":{"$ref":"#/properties/o"}}}`)
	const prefix = "the answers together are not a valid input: "
	for _, c := range []struct {
		sel  map[string]any
		want string
	}{
		{map[string]any{"c": "green"}, prefix + `enum: not one of "red", "green blue"`},
		{map[string]any{"c": nil}, prefix + `enum: not one of "red", "green blue"`},
		{map[string]any{"kr": "y\nz"}, prefix + `const: not "x"`},
		{map[string]any{"nr": "1e30 x"}, prefix + `type: got the string "1e30 x", want "number"`},
		// The user's string holds the validator's words; the refusal ends at the validator's.
		{map[string]any{"nr": `x has type "object", want y`}, prefix + `type: got the string "x has type \"object\", want y", want "number"`},
		{map[string]any{"nr": nil}, prefix + `type: got null, want "number"`},
		{map[string]any{"or": map[string]any{"p": true}}, prefix + `dependentRequired["p"]: missing properties ["q","z"]`},
	} {
		got := problems[map[string]any](t, schema, c.sel)
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%v: problems %q; want %q", c.sel, got, c.want)
		}
	}
}

// TestDecodeSelectionPropertyNamesWithPlaces: a form field's JSON name may hold ": " and end in
// one of the validator's keywords ("n: type"), and the validator writes it in its place as it is
// ("validating /properties/n: type: maximum: ..."). The place was read by its form alone, as
// "/properties/n" refused by its type: the problem said "type: maximum: 11 is greater than 10",
// an enum's values were not looked up ("enum: enum: green does not equal any of: [red green
// blue]"), and a type's refusal took the keyword for the value ("got the number type: 1"). The
// places are read as the input schema's now, in the checks of each field and of the whole.
func TestDecodeSelectionPropertyNamesWithPlaces(t *testing.T) {
	type inner struct {
		E int `json:"e: maximum,omitempty"`
	}
	type input struct {
		N  int     `json:"n: type"`
		M  int     `json:"m,omitempty"`
		A  int     `json:"a: b,omitempty"`
		AR int     `json:"ar,omitempty"`
		S  string  `json:"s: type,omitempty"`
		SR any     `json:"sr,omitempty"`
		C  string  `json:"c: enum,omitempty"`
		CR string  `json:"cr,omitempty"`
		O  float64 `json:"o: oneOf,omitempty"`
		DR *inner  `json:"dr,omitempty"`
		P  *struct {
			Q float64 `json:"q: oneOf,omitempty"`
		} `json:"p: x,omitempty"`
	}
	// A $ref into another property is beyond the checks in words: the validator's words say
	// what is wrong, of the whole selection. A oneOf both of whose schemas a value matches is
	// too: they say it of the field.
	schema := json.RawMessage(`{"type":"object","properties":{` +
		`"n: type":{"type":"integer","maximum":10},"m":{"$ref":"#/properties/n: type"},` +
		`"a: b":{"type":"integer","minimum":1},"ar":{"$ref":"#/properties/a: b"},` +
		`"s: type":{"type":"string"},"sr":{"$ref":"#/properties/s: type"},` +
		`"c: enum":{"type":"string","enum":["red","green blue"]},"cr":{"$ref":"#/properties/c: enum"},` +
		`"o: oneOf":{"oneOf":[{"type":"integer"},{"type":"number"}]},` +
		`"d: maximum":{"type":"object","properties":{"e: maximum":{"type":"integer","maximum":3}}},"dr":{"$ref":"#/properties/d: maximum"},` +
		`"p: x":{"oneOf":[{"type":"object","properties":{"q: oneOf":{"oneOf":[{"type":"integer"},{"type":"number"}]}}},{"type":"null"}]}` +
		`},"required":["n: type"],"additionalProperties":false}`)
	const together = "the answers together are not a valid input: "
	for _, c := range []struct {
		sel  map[string]any
		want string
	}{
		{map[string]any{"n: type": "11"}, `n: type is 11, above the maximum 10`},
		{map[string]any{"n: type": "1", "m": json.Number("11")}, together + `maximum: 11 is greater than 10`},
		{map[string]any{"n: type": "1", "ar": json.Number("0")}, together + `minimum: 0 is less than 1`},
		{map[string]any{"n: type": "1", "sr": json.Number("1")}, together + `type: got the number 1, want "string"`},
		{map[string]any{"n: type": "1", "c: enum": "green"}, `c: enum is "green", not one of "red", "green blue"`},
		{map[string]any{"n: type": "1", "cr": "green"}, together + `enum: not one of "red", "green blue"`},
		{map[string]any{"n: type": "1", "o: oneOf": json.Number("2")},
			`o: oneOf is 2, which the field does not accept (oneOf: validated against both a condition of the field and a condition of the field)`},
		{map[string]any{"n: type": "1", "dr": map[string]any{"e: maximum": json.Number("4")}}, together + `maximum: 4 is greater than 3`},
		{map[string]any{"n: type": "1", "p: x": map[string]any{"q: oneOf": json.Number("2")}},
			`p: x is {"q: oneOf":2}, which the field does not accept (oneOf: validated against both a condition of the field and a condition of the field)`},
	} {
		got := problems[input](t, schema, c.sel)
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%v: problems %q; want %q", c.sel, got, c.want)
		}
	}
}

// TestDecodeSelectionDecoderWords: a value the schema takes that a type's own decoder refuses
// was said in the decoder's words, which are Go's: `a is "1.2.3", which the field does not
// accept (ParseAddr("1.2.3"): IPv4 address too short)`, "math/big: cannot unmarshal \"\\\"x\\\"\"
// into a *big.Int", "invalid character 'x' looking for beginning of value" for a key of a
// map[int]string, "invalid use of ,string struct tag". It says what the field takes, as a tool
// call's arguments are told (typedtool.DecodeProblem).
func TestDecodeSelectionDecoderWords(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"a":{"type":"string"},"b":{},"m":{"type":"object"},"q":{},"s":{},"t":{"type":"string"}}}`)
	type input struct {
		A netip.Addr     `json:"a"`
		B *big.Int       `json:"b"`
		M map[int]string `json:"m"`
		Q int8           `json:"q,string"`
		S []byte         `json:"s"`
		T time.Time      `json:"t"`
	}
	for _, c := range []struct {
		sel  map[string]any
		want string
	}{
		{map[string]any{"a": "1.2.3"}, `a must be an IP address, such as "192.0.2.1" or "2001:db8::1"; got the string "1.2.3"`},
		{map[string]any{"b": "x"}, `b must be an integer; got the string "x"`},
		{map[string]any{"m": map[string]any{"x": "y"}}, `m has the key "x", which is not an integer from -9223372036854775808 to 9223372036854775807 written in decimal`},
		{map[string]any{"q": "abc"}, `q must be a string holding an integer from -128 to 127, such as "12"; got the string "abc"`},
		{map[string]any{"s": "!!"}, `s must be standard base64 (RFC 4648: A–Z, a–z, 0–9, + and /, padded with = to a multiple of 4 characters); got the string "!!"`},
		{map[string]any{"t": "tomorrow"}, `t must be a date and time in RFC 3339 form, such as "2006-01-02T15:04:05Z" or "2006-01-02T15:04:05+07:00"; got the string "tomorrow"`},
	} {
		got := problems[input](t, schema, c.sel)
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%v: problems %q; want %q", c.sel, got, c.want)
		}
	}
}

// selfDecoding is an input type that decodes itself, as DecodeSelection cannot try value by
// value: with encoding/json's words for a value of the wrong type, and its own words for n < 0.
type selfDecoding struct{ N int }

func (s *selfDecoding) UnmarshalJSON(b []byte) error {
	var aux struct {
		N int `json:"n"`
	}
	if err := json.Unmarshal(b, &aux); err != nil {
		return err
	}
	if aux.N < 0 {
		return errors.New("n must not be negative")
	}
	s.N = aux.N
	return nil
}

// TestDecodeSelectionSelfDecodingInput: an input type that decodes itself refused the whole
// selection, and its error was said as it was, in Go's words: "json: cannot unmarshal string
// into Go struct field .n of type int". Its own words are said when they are written for
// people; the decoder's stay in the chain.
func TestDecodeSelectionSelfDecodingInput(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"n":{}}}`)
	for _, c := range []struct {
		sel  map[string]any
		want string
	}{
		{map[string]any{"n": "x"}, "the answers together are not a valid input"},
		{map[string]any{"n": json.Number("-1")}, "the answers together are not a valid input: n must not be negative"},
	} {
		got := problems[selfDecoding](t, schema, c.sel)
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%v: problems %q; want %q", c.sel, got, c.want)
		}
	}
	var in selfDecoding
	if err := DecodeSelection(schema, map[string]any{"n": "x"}, &in); !errors.As(err, new(*json.UnmarshalTypeError)) {
		t.Errorf("DecodeSelection = %v; want the decoder's error in the chain", err)
	}
}
