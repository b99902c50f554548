package typedtool

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"math"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/internal/mcptest"
)

type color string

// UnmarshalText refuses a color it does not know, in words for people.
func (c *color) UnmarshalText(b []byte) error {
	switch string(b) {
	case "red", "green":
		*c = color(b)
		return nil
	}
	return errors.New("want red or green")
}

type level int

// UnmarshalJSON refuses as a custom decoder that calls json.Unmarshal does: in Go's words.
func (l *level) UnmarshalJSON(b []byte) error {
	var n int
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	*l = level(n)
	return nil
}

type decodeOpts struct {
	Limit uint8 `json:"limit"`
}

type decodeLine struct {
	Qty uint8 `json:"qty"`
}

type embedded struct {
	Deep int `json:"deep"`
}

type decodeIn struct {
	embedded
	S     int               `json:"s,string"`
	Flag  bool              `json:"flag,string"`
	B     []byte            `json:"b"`
	N     json.Number       `json:"n"`
	F     float64           `json:"f"`
	F32   float32           `json:"f32"`
	M     map[uint]string   `json:"m"`
	M8    map[uint8]string  `json:"m8"`
	MC    map[color]int     `json:"mc"`
	T     time.Time         `json:"t"`
	IP    netip.Addr        `json:"ip"`
	Color color             `json:"color"`
	Level level             `json:"level"`
	Opts  *decodeOpts       `json:"opts"`
	Lines []decodeLine      `json:"lines"`
	Bool  bool              `json:"bool"`
	Str   string            `json:"str"`
	Odd   map[string]string `json:"odd"`
	Keyed map[string]uint8  `json:"keyed"`
	I64   int64             `json:"i64"`
}

// goWords are what a message to the client must not hold: Go's types, reflect, the decoders'
// words.
var goWords = []string{"Go ", "go value", "reflect", "interface {}", "unmarshal", "json:", "uint8", "int64", "float64",
	"struct", "map[", "MarshalJSON", "time.Time", "ParseAddr", "looking for beginning"}

func assertNoGoWords(t *testing.T, msg string) {
	t.Helper()
	for _, w := range goWords {
		if strings.Contains(msg, w) {
			t.Errorf("the message %q holds %q", msg, w)
		}
	}
}

// TestDecodeErrorsInJSONTerms: every argument the schema lets through that the decoder refuses
// is an error result that names the property by its JSON path and says what it must be, in
// JSON's terms. The decoder's own messages spoke Go ("invalid use of ,string struct tag, trying
// to unmarshal \"abc\" into int"), named no property ("illegal base64 data at input byte 0"),
// or quoted the rest of the input (":\"x\"}}" for a map key out of a uint8's range).
func TestDecodeErrorsInJSONTerms(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "decode", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(_ context.Context, _ *mcp.CallToolRequest, _ decodeIn) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
		}, nil)
	cs := mcptest.Connect(t, s, nil)
	const p = `decoding "arguments": `
	for _, c := range []struct{ args, want string }{
		{`{"s":"abc"}`, p + `s must be a string holding an integer from -9223372036854775808 to 9223372036854775807, such as "12"; got the string "abc"`},
		{`{"s":12}`, p + `s must be a string holding an integer from -9223372036854775808 to 9223372036854775807, such as "12"; got 12`},
		{`{"flag":"yes"}`, p + `flag must be a string holding true or false, such as "true"; got the string "yes"`},
		{`{"b":"!!!"}`, p + `b must be standard base64 (RFC 4648: A–Z, a–z, 0–9, + and /, padded with = to a multiple of 4 characters); got the string "!!!"`},
		{`{"b":"YWI"}`, p + `b must be standard base64 (RFC 4648: A–Z, a–z, 0–9, + and /, padded with = to a multiple of 4 characters); got the string "YWI"`},
		{`{"b":12}`, p + `b must be a base64 string; got 12`},
		{`{"f":1e400}`, p + `f must be a number from -1.7976931348623157e+308 to 1.7976931348623157e+308 (the range of a 64-bit floating-point number); got 1e400`},
		{`{"f32":1e39}`, p + `f32 must be a number from -3.4028234663852886e+38 to 3.4028234663852886e+38 (the range of a 32-bit floating-point number); got 1e39`},
		{`{"m":{"abc":"x"}}`, p + `m has the key "abc", which is not an integer from 0 to 18446744073709551615 written in decimal`},
		{`{"m8":{"1":"x","300":"x"}}`, p + `m8 has the key "300", which is not an integer from 0 to 255 written in decimal`},
		{`{"m8":{"-1":"x"}}`, p + `m8 has the key "-1", which is not an integer from 0 to 255 written in decimal`},
		{`{"mc":{"red":1,"mauve":2}}`, p + `mc has the key "mauve", which it does not accept: want red or green`},
		{`{"t":"yesterday"}`, p + `t must be a date and time in RFC 3339 form, such as "2006-01-02T15:04:05Z" or "2006-01-02T15:04:05+07:00"; got the string "yesterday"`},
		{`{"t":"2024-01-02 10:00"}`, p + `t must be a date and time in RFC 3339 form, such as "2006-01-02T15:04:05Z" or "2006-01-02T15:04:05+07:00"; got the string "2024-01-02 10:00"`},
		{`{"ip":"1.2.3"}`, p + `ip must be an IP address, such as "192.0.2.1" or "2001:db8::1"; got the string "1.2.3"`},
		{`{"color":"mauve"}`, p + `color does not accept the string "mauve": want red or green`},
		{`{"color":7}`, p + `color must be a string; got 7`},
		{`{"level":"high"}`, p + `level does not accept the string "high"`},
		{`{"opts":"fast"}`, p + `opts must be an object; got the string "fast"`},
		{`{"opts":{"limit":1000}}`, p + `opts.limit must be an integer from 0 to 255; got 1000`},
		{`{"lines":[{"qty":1},{"qty":300}]}`, p + `lines[1].qty must be an integer from 0 to 255; got 300`},
		{`{"lines":{"qty":1}}`, p + `lines must be an array; got an object`},
		{`{"bool":"true"}`, p + `bool must be true or false; got the string "true"`},
		{`{"str":12}`, p + `str must be a string; got 12`},
		{`{"deep":"x"}`, p + `deep must be an integer from -9223372036854775808 to 9223372036854775807; got the string "x"`},
		{`{"keyed":{"a.b":300}}`, p + `keyed["a.b"] must be an integer from 0 to 255; got 300`},
		{`{"str":"` + strings.Repeat("x", 300) + `","bool":1}`, p + `bool must be true or false; got 1`},
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "decode", Arguments: json.RawMessage(c.args)})
		if err != nil {
			t.Fatal(err)
		}
		text := res.Content[0].(*mcp.TextContent).Text
		if !res.IsError || text != c.want {
			t.Errorf("%s:\nerror result %v, %s\nwant %s", c.args, res.IsError, text, c.want)
		}
		assertNoGoWords(t, text)
	}
}

// TestDecodeProblemsQuoteNumbersAsSent: a number a decode problem quotes is the client's own
// literal. The arguments reach the decoder encoded again (with their defaults), so a problem
// quoted 1e39 as 1e+39, 1E39 as 1e+39, -0.0 as -0 and 1.0e2 as 100, numbers the client did not
// write and could not find in its call; elsewhere a refused number is written as sent (1e400).
// A value the client did not send (a default) is quoted as the arguments have it.
func TestDecodeProblemsQuoteNumbersAsSent(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "decode", InputSchema: json.RawMessage(`{"type":"object","properties":{` +
		`"opts":{"type":"object","properties":{"limit":{"type":"number","default":2.56e2}}}}}`)},
		func(_ context.Context, _ *mcp.CallToolRequest, _ decodeIn) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
		}, nil)
	cs := mcptest.Connect(t, s, nil)
	const p = `decoding "arguments": `
	const f32 = ` must be a number from -3.4028234663852886e+38 to 3.4028234663852886e+38 (the range of a 32-bit floating-point number); got `
	for _, c := range []struct{ args, want string }{
		{`{"f32":1e39}`, p + `f32` + f32 + `1e39`},
		{`{"f32":1E39}`, p + `f32` + f32 + `1E39`},
		{`{"f32":-1E+39}`, p + `f32` + f32 + `-1E+39`},
		{`{"opts":{"limit":-0.0}}`, p + `opts.limit must be an integer from 0 to 255; got -0.0`},
		{`{"opts":{"limit":300}}`, p + `opts.limit must be an integer from 0 to 255; got 300`},
		{`{"opts":{"limit":3.00e2}}`, p + `opts.limit must be an integer from 0 to 255; got 3.00e2`},
		{`{"str":1.0e2}`, p + `str must be a string; got 1.0e2`},
		{`{"s":1.0e2}`, p + `s must be a string holding an integer from -9223372036854775808 to 9223372036854775807, such as "12"; got 1.0e2`},
		{`{"i64":123456789012345678901234567890}`, p + `i64 must be an integer from -9223372036854775808 to 9223372036854775807; got 123456789012345678901234567890`},
		{`{"lines":[{"qty":1.0e2},{"qty":2.50}]}`, p + `lines[1].qty must be an integer from 0 to 255; got 2.50`},
		{`{"keyed":{"a: b":2.56e2}}`, p + `keyed["a: b"] must be an integer from 0 to 255; got 2.56e2`},
		{`{"color":1.0e2}`, p + `color must be a string; got 1.0e2`},
		{`{"ip":1.0e2}`, p + `ip must be an IP address, such as "192.0.2.1" or "2001:db8::1"; got 1.0e2`},
		// Written twice, the key's last value is the one decoded, and quoted.
		{`{"str":"x","str":1.0e2}`, p + `str must be a string; got 1.0e2`},
		// A default, which the client did not send, as the arguments have it.
		{`{"opts":{}}`, p + `opts.limit must be an integer from 0 to 255; got 256`},
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "decode", Arguments: json.RawMessage(c.args)})
		if err != nil {
			t.Fatal(err)
		}
		text := res.Content[0].(*mcp.TextContent).Text
		if !res.IsError || text != c.want {
			t.Errorf("%s:\nerror result %v, %s\nwant %s", c.args, res.IsError, text, c.want)
		}
	}
}

// TestArgumentsNotAnObject: arguments that are not an object are refused in JSON's terms, not as
// "cannot unmarshal array into Go value of type map[string]interface {}".
func TestArgumentsNotAnObject(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "obj", InputSchema: json.RawMessage(`{"type":"object"}`)}, echo, nil)
	cs := mcptest.Connect(t, s, nil)
	for args, want := range map[string]string{
		`[]`:      `validating "arguments": must be a JSON object; got an array`,
		` [1,2]`:  `validating "arguments": must be a JSON object; got an array`,
		`"x"`:     `validating "arguments": must be a JSON object; got the string "x"`,
		`12`:      `validating "arguments": must be a JSON object; got 12`,
		`true`:    `validating "arguments": must be a JSON object; got true`,
		`{"a":1}`: ``,
		`null`:    ``,
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "obj", Arguments: json.RawMessage(args)})
		if err != nil {
			t.Fatal(err)
		}
		text := res.Content[0].(*mcp.TextContent).Text
		if want == "" {
			if res.IsError {
				t.Errorf("%s: error result %s", args, text)
			}
			continue
		}
		if !res.IsError || text != want {
			t.Errorf("%s: error result %v, %s; want %s", args, res.IsError, text, want)
		}
	}
}

// TestNumberBeyondFloat64: 1e400 is valid JSON, which a json.Number field takes as written; the
// arguments were refused first with "cannot unmarshal number 1e400 into Go value of type
// float64", whatever the field. The schema's bounds still apply to it.
func TestNumberBeyondFloat64(t *testing.T) {
	const schema = `{"type":"object","properties":{"n":{"type":"number"},"small":{"type":"number","maximum":10}}}`
	var got json.Number
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "num", InputSchema: json.RawMessage(schema)},
		func(_ context.Context, _ *mcp.CallToolRequest, in struct {
			N     json.Number `json:"n"`
			Small json.Number `json:"small"`
		}) (*mcp.CallToolResult, any, error) {
			got = in.N
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
		}, nil)
	cs := mcptest.Connect(t, s, nil)
	for _, n := range []string{"1e400", "-1e400", "12"} {
		got = ""
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "num", Arguments: json.RawMessage(`{"n":` + n + `}`)})
		if err != nil {
			t.Fatal(err)
		}
		if res.IsError || string(got) != n {
			t.Errorf("n %s: error result %v (%s); the handler got %q", n, res.IsError, res.Content[0].(*mcp.TextContent).Text, got)
		}
	}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "num", Arguments: json.RawMessage(`{"small":1e400}`)})
	if err != nil {
		t.Fatal(err)
	}
	if !res.IsError {
		t.Errorf("small 1e400 passed a maximum of 10")
	}
}

type badOutInner struct {
	Score float64 `json:"score"`
}

type badOut struct {
	Name  string                  `json:"name"`
	When  time.Time               `json:"when"`
	Raw   json.RawMessage         `json:"raw,omitempty"`
	Items []badOutInner           `json:"items"`
	ByKey map[string]*badOutInner `json:"by_key,omitempty"`
	Any   any                     `json:"any,omitempty"`
}

// TestOutputEncodeErrors: an output that cannot be encoded as JSON is a JSON-RPC error, as with
// mcp.AddTool, whose message names the tool and the property and says what is wrong in JSON's
// terms ("json: error calling MarshalJSON for type time.Time: Time.MarshalJSON: year outside of
// range [0,9999]" before); the Go error goes to the logger.
func TestOutputEncodeErrors(t *testing.T) {
	var out badOut
	var logged bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&logged, nil))
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "bad", InputSchema: json.RawMessage(`{"type":"object"}`), OutputSchema: json.RawMessage(`{"type":"object"}`)},
		func(_ context.Context, _ *mcp.CallToolRequest, _ map[string]any) (*mcp.CallToolResult, *badOut, error) {
			return nil, &out, nil
		}, logger)
	cs := mcptest.Connect(t, s, nil)
	const p = "the result of tool bad could not be encoded as JSON: "
	const q = "; the server logged the details"
	for _, c := range []struct {
		out        badOut
		want, logs string
	}{
		{badOut{When: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)}, p + "when is a time whose year is outside 0 to 9999, which RFC 3339 cannot write" + q, "year outside of range"},
		{badOut{Items: []badOutInner{{1}, {math.NaN()}}}, p + "items[1].score is NaN, a number JSON cannot write" + q, "unsupported value: NaN"},
		{badOut{ByKey: map[string]*badOutInner{"a": {1}, "b c": {math.Inf(1)}}}, p + `by_key["b c"].score is +Inf, a number JSON cannot write` + q, "+Inf"},
		{badOut{Any: map[string]any{"x": []any{1, math.Inf(-1)}}}, p + "any.x[1] is -Inf, a number JSON cannot write" + q, "-Inf"},
		{badOut{Raw: json.RawMessage(`{"a":`)}, p + "raw was written as text that is not valid JSON" + q, "RawMessage"},
		{badOut{Any: func() {}}, p + "any holds a value of a kind JSON has no form for" + q, "unsupported type"},
	} {
		out = c.out
		logged.Reset()
		_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "bad", Arguments: json.RawMessage(`{}`)})
		if err == nil || !strings.HasSuffix(err.Error(), c.want) {
			t.Errorf("%+v: error %v; want one ending %q", c.out, err, c.want)
		} else {
			assertNoGoWords(t, strings.TrimPrefix(err.Error(), "calling \"tools/call\": "))
		}
		if !strings.Contains(logged.String(), c.logs) || !strings.Contains(logged.String(), "tool=bad") {
			t.Errorf("%+v: logged %q; want the Go error, with %q, and the tool", c.out, logged.String(), c.logs)
		}
	}
}

// TestOutputEncodeErrorAtTheTop: an output that is itself the value JSON cannot write is called
// the result.
func TestOutputEncodeErrorAtTheTop(t *testing.T) {
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil)))
	t.Cleanup(func() { slog.SetDefault(prev) })
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "nan", InputSchema: json.RawMessage(`{"type":"object"}`), OutputSchema: json.RawMessage(`{"type":"number"}`)},
		func(_ context.Context, _ *mcp.CallToolRequest, _ map[string]any) (*mcp.CallToolResult, float64, error) {
			return nil, math.NaN(), nil
		}, nil)
	cs := mcptest.Connect(t, s, nil)
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "nan", Arguments: json.RawMessage(`{}`)})
	const want = "the result of tool nan could not be encoded as JSON: the result is NaN, a number JSON cannot write; the server logged the details"
	if err == nil || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("error %v; want one ending %q", err, want)
	}
}

type defOpts struct {
	Limit int    `json:"limit,omitempty"`
	Mode  string `json:"mode,omitempty"`
}

type defOut struct {
	Def  int      `json:"def,omitempty"`
	Opts *defOpts `json:"opts,omitempty"`
	Name string   `json:"name"`
}

// TestOutputSentAsReturned: the output schema's defaults are not applied to the output, as
// mcp.AddTool applies them: a zero left out by omitempty reached the client as the default, and
// a nil pointer as an object made up to hold its properties' defaults.
func TestOutputSentAsReturned(t *testing.T) {
	const schema = `{"type":"object","properties":{"def":{"type":"integer","default":20},` +
		`"opts":{"type":"object","properties":{"limit":{"type":"integer","default":20},"mode":{"type":"string","default":"fast"}}},` +
		`"name":{"type":"string"}}}`
	var out defOut
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "def", InputSchema: json.RawMessage(`{"type":"object"}`), OutputSchema: json.RawMessage(schema)},
		func(_ context.Context, _ *mcp.CallToolRequest, _ map[string]any) (*mcp.CallToolResult, defOut, error) {
			return nil, out, nil
		}, nil)
	cs := mcptest.Connect(t, s, nil)
	for _, c := range []struct {
		out  defOut
		want string
	}{
		{defOut{Name: "a"}, `{"name":"a"}`},
		{defOut{Opts: &defOpts{Mode: "slow"}, Name: "b"}, `{"name":"b","opts":{"mode":"slow"}}`},
		{defOut{Def: 3, Opts: &defOpts{Limit: 5}, Name: "c"}, `{"def":3,"name":"c","opts":{"limit":5}}`},
	} {
		out = c.out
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "def", Arguments: json.RawMessage(`{}`)})
		if err != nil {
			t.Fatal(err)
		}
		if text := res.Content[0].(*mcp.TextContent).Text; res.IsError || text != c.want {
			t.Errorf("%+v: error result %v, text %s; want %s", c.out, res.IsError, text, c.want)
		}
	}
}

// TestValidatorMessagesInJSONTerms: the validator's messages print a refused object, array or
// string in Go's syntax ("map[a:1]", "[1 x]", a string unquoted) and a number a bound refuses as
// a fraction ("21/2"); the client reads them in JSON's terms.
func TestValidatorMessagesInJSONTerms(t *testing.T) {
	const schema = `{"type":"object","properties":{"s":{"type":"string"},"b":{"type":"boolean"},"n":{"type":"number","maximum":10}}}`
	cs := connectValidating(t, schema)
	const p = `validating "arguments": validating /properties/`
	for args, want := range map[string]string{
		`{"s":{"a":1}}`:  p + `s: type: got an object, want "string"`,
		`{"s":[1,"x"]}`:  p + `s: type: got an array, want "string"`,
		`{"b":"true"}`:   p + `b: type: got the string "true", want "boolean"`,
		`{"n":10.5}`:     p + `n: maximum: 10.5 is greater than 10`,
		`{"n":11}`:       p + `n: maximum: 11 is greater than 10`,
		`{"n":1e400}`:    p + `n: maximum: 1e400 is greater than 10`,
		`{"s":null}`:     p + `s: type: got null, want "string"`,
		`{"b":"a\"b c"}`: p + `b: type: got the string "a\"b c", want "boolean"`,
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "v", Arguments: json.RawMessage(args)})
		if err != nil {
			t.Fatal(err)
		}
		if text := res.Content[0].(*mcp.TextContent).Text; !res.IsError || text != want {
			t.Errorf("%s:\nerror result %v, %s\nwant %s", args, res.IsError, text, want)
		}
	}
}

// TestBoundPhraseInAValue: the numbers of the validator's own phrase about a bound are rewritten,
// not those of a client's value that reads like one: a pattern's refusal quotes the value, and
// "maximum: 1/2 is" in it came back as "maximum: 0.5 is", which the client never sent.
func TestBoundPhraseInAValue(t *testing.T) {
	cs := connectValidating(t, `{"type":"object","properties":{"p":{"type":"string","pattern":"^a$"}}}`)
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "v", Arguments: json.RawMessage(`{"p":"maximum: 1/2 is less than 3.000000"}`)})
	if err != nil {
		t.Fatal(err)
	}
	want := `validating "arguments": validating /properties/p: pattern: "maximum: 1/2 is less than 3.000000" does not match regular expression "^a$"`
	if text := res.Content[0].(*mcp.TextContent).Text; !res.IsError || text != want {
		t.Errorf("error result %v, %s\nwant %s", res.IsError, text, want)
	}
}

// TestNullOutputExplained: an output that encodes as null (a nil slice) refused by a schema that
// wants an array was "type: null has type \"null\", want \"array\"", which did not say that the
// null was the handler's whole result.
func TestNullOutputExplained(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "o", InputSchema: json.RawMessage(`{"type":"object"}`), OutputSchema: json.RawMessage(`{"type":"array"}`)},
		func(_ context.Context, _ *mcp.CallToolRequest, _ map[string]any) (*mcp.CallToolResult, []string, error) {
			return nil, nil, nil
		}, nil)
	cs := mcptest.Connect(t, s, nil)
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "o", Arguments: json.RawMessage(`{}`)})
	const want = `validating tool output: type: got null, want "array"; the tool's result encoded as null, as a nil slice or map does`
	if err == nil || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("error %v; want one ending %q", err, want)
	}
}

// TestDecodeProblemDraft7Items: an item of draft 7's items array, or one after it, that the schema
// takes but the Go type does not is told with the range both allow, the item's own schema's
// (items[0]'s, then additionalItems'), as with prefixItems and items; it was told the Go type's
// range alone, as if the item had no schema.
func TestDecodeProblemDraft7Items(t *testing.T) {
	type in struct {
		Pair []int8 `json:"pair"`
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "d7", InputSchema: json.RawMessage(`{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{` +
		`"pair":{"type":"array","items":[{"type":"integer","minimum":0}],"additionalItems":{"type":"integer","minimum":-5}}}}`)},
		func(_ context.Context, _ *mcp.CallToolRequest, _ in) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
		}, nil)
	cs := mcptest.Connect(t, s, nil)
	const p = `decoding "arguments": `
	for args, want := range map[string]string{
		`{"pair":[200]}`:   p + `pair[0] must be an integer from 0 to 127; got 200`,
		`{"pair":[1,200]}`: p + `pair[1] must be an integer from -5 to 127; got 200`,
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "d7", Arguments: json.RawMessage(args)})
		if err != nil {
			t.Fatal(err)
		}
		if text := res.Content[0].(*mcp.TextContent).Text; !res.IsError || text != want {
			t.Errorf("%s:\nerror result %v, %s\nwant %s", args, res.IsError, text, want)
		}
	}
}

// TestErrorResultWithoutOutput: a handler that reports a tool error in a result of its own
// (IsError, its own text) with a nil *Out has it sent as it made it, with no structuredContent.
// Out's zero value, which mcp.AddTool sends, breaks an output schema with a required property,
// and the client got a protocol error instead of the handler's message. A nil *Out beside a
// result that is no error is still sent as the zero value, as mcp.AddTool sends it.
func TestErrorResultWithoutOutput(t *testing.T) {
	const schema = `{"type":"object","required":["id"],"properties":{"id":{"type":"string","minLength":1}}}`
	type out struct {
		ID string `json:"id"`
	}
	var isError bool
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "find", InputSchema: json.RawMessage(`{"type":"object"}`), OutputSchema: json.RawMessage(schema)},
		func(_ context.Context, _ *mcp.CallToolRequest, _ map[string]any) (*mcp.CallToolResult, *out, error) {
			return &mcp.CallToolResult{IsError: isError, Content: []mcp.Content{&mcp.TextContent{Text: "no such order"}}}, nil, nil
		}, nil)
	cs := mcptest.Connect(t, s, nil)
	isError = true
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "find", Arguments: json.RawMessage(`{}`)})
	if err != nil {
		t.Fatalf("the handler's error result became a protocol error: %v", err)
	}
	if !res.IsError || len(res.Content) != 1 || res.Content[0].(*mcp.TextContent).Text != "no such order" || res.StructuredContent != nil {
		t.Errorf("error result %v, content %v, structuredContent %v; want the handler's error result alone", res.IsError, res.Content, res.StructuredContent)
	}
	isError = false
	if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "find", Arguments: json.RawMessage(`{}`)}); err == nil || !strings.Contains(err.Error(), "id") {
		t.Errorf("a nil output beside a result that is no error: err %v; want the output refused as mcp.AddTool refuses Out's zero value", err)
	}
}
