package typedtool

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/internal/mcptest"
)

// shopIn is examples/shop's inputs of get_order, checkout_preview and list_orders in one.
type shopIn struct {
	ID       string  `json:"id,omitempty"`
	Quantity int     `json:"quantity,omitempty"`
	Limit    int     `json:"limit,omitempty"`
	Lines    []int   `json:"lines,omitempty"`
	Size     any     `json:"size,omitempty"`
	Low      float64 `json:"low,omitempty"`
	Tiny     float64 `json:"tiny,omitempty"`
	Step     float64 `json:"step,omitempty"`
}

const shopSchema = `{"type":"object","properties":{` +
	`"id":{"type":"string","minLength":1},` +
	`"quantity":{"type":"integer","minimum":1,"maximum":10},` +
	`"limit":{"type":"integer","minimum":1,"maximum":100,"default":20},` +
	`"lines":{"type":"array","items":{"type":"integer","exclusiveMaximum":5}},` +
	`"size":{"enum":[1,2]},"low":{"type":"number","exclusiveMinimum":5},` +
	`"tiny":{"type":"number","exclusiveMinimum":1e-7},"step":{"type":"number","multipleOf":0.5}},"additionalProperties":false}`

// TestRefusedNumberAsWritten is the hostile client's report against examples/shop: a number the
// validator had as another float64 than the one sent (1e400 as the largest float64, 1e-400 as
// 0, -9223372036854775809 as -2^63) was refused in the validator's words with that float64, and
// 1e400 for a string was said to have type "integer"; a number a float64 rounds into the schema's
// range (100.0000000000000000001 for 1 to 100) was told the int64 range. The client reads the
// number it sent, and the schema's bounds.
func TestRefusedNumberAsWritten(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "shop", InputSchema: json.RawMessage(shopSchema)},
		func(_ context.Context, _ *mcp.CallToolRequest, _ shopIn) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
		}, nil)
	cs := mcptest.Connect(t, s, nil)
	const v, d = `validating "arguments": validating /properties/`, `decoding "arguments": `
	for _, c := range []struct{ args, want string }{
		{`{"id":1e400}`, v + `id: type: got the number 1e400, want "string"`},
		{`{"id":-1e400}`, v + `id: type: got the number -1e400, want "string"`},
		{`{"id":1.00000000000000000001}`, v + `id: type: got the number 1.00000000000000000001, want "string"`},
		{`{"quantity":1e400}`, v + `quantity: maximum: 1e400 is greater than 10`},
		{`{"limit":1e-400}`, v + `limit: minimum: 1e-400 is less than 1`},
		{`{"limit":-9223372036854775809}`, v + `limit: minimum: -9223372036854775809 is less than 1`},
		{`{"limit":100.0000000000000000001}`, d + `limit must be an integer from 1 to 100; got 100.0000000000000000001`},
		{`{"limit":1.0000000000000000001}`, d + `limit must be an integer from 1 to 100; got 1.0000000000000000001`},
		// Through an array's items, the item refused, not the first.
		{`{"lines":[1,2,5.00000000000000000001,4]}`, v + `lines: validating /properties/lines/items: exclusiveMaximum: 5.00000000000000000001 is greater than or equal to 5`},
		{`{"lines":[1,1e400,9]}`, v + `lines: validating /properties/lines/items: exclusiveMaximum: 1e400 is greater than or equal to 5`},
		// A refusal of the float64 that is untrue of the number as written says so.
		{`{"low":5.00000000000000000001}`, v + `low: exclusiveMinimum: 5.00000000000000000001 is taken as 5, the nearest 64-bit floating-point number, which is less than or equal to 5`},
		{`{"low":-1e400}`, v + `low: exclusiveMinimum: -1e400 is less than or equal to 5`},
		// The float64 it was taken as is written as JSON writes it (1e-7), not as Go does (1e-07).
		{`{"tiny":1.00000000000000000001e-7}`, v + `tiny: exclusiveMinimum: 1.00000000000000000001e-7 is taken as 1e-7, the nearest 64-bit floating-point number, which is less than or equal to 1e-7`},
		// Too large to compare at a small cost: the range it was checked in, as a float64
		// field's refusal writes it.
		{`{"step":1e401}`, v + `step: multipleOf: 1e401 is beyond the range of a 64-bit floating-point number (-1.7976931348623157e+308 to 1.7976931348623157e+308), in which numbers are checked`},
		// A number the validator has as written is printed as it was.
		{`{"quantity":11}`, v + `quantity: maximum: 11 is greater than 10`},
		{`{"lines":[1,2,6]}`, v + `lines: validating /properties/lines/items: exclusiveMaximum: 6 is greater than or equal to 5`},
		{`{"id":1.5}`, v + `id: type: got the number 1.5, want "string"`},
		{`{"id":1e-7}`, v + `id: type: got the number 1e-7, want "string"`},
		// An enum shows the value as written too.
		{`{"size":1e400}`, v + `size: enum: 1e400 is not one of 1, 2`},
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "shop", Arguments: json.RawMessage(c.args)})
		if err != nil {
			t.Fatal(err)
		}
		if text := res.Content[0].(*mcp.TextContent).Text; !res.IsError || text != c.want {
			t.Errorf("%s:\nerror result %v, %s\nwant %s", c.args, res.IsError, text, c.want)
		}
	}
}

// TestRefusedOutputNumberAsWritten: an output's number is refused as written too (a
// json.Number of the handler's, which the validator had as the largest float64).
func TestRefusedOutputNumberAsWritten(t *testing.T) {
	type out struct {
		Total json.Number `json:"total"`
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "o", InputSchema: json.RawMessage(`{"type":"object"}`),
		OutputSchema: json.RawMessage(`{"type":"object","properties":{"total":{"type":"number","maximum":1000}}}`)},
		func(_ context.Context, _ *mcp.CallToolRequest, _ map[string]any) (*mcp.CallToolResult, out, error) {
			return nil, out{"1e400"}, nil
		}, nil)
	cs := mcptest.Connect(t, s, nil)
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "o", Arguments: json.RawMessage(`{}`)})
	const want = `validating tool output: validating /properties/total: maximum: 1e400 is greater than 1000`
	if err == nil || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("error %v; want one ending %q", err, want)
	}
}

type anyIn struct {
	Any any            `json:"any"`
	M   map[string]any `json:"m"`
}

// TestBeyondFloatInAny: a number beyond a float64's range in a field of type any (which the
// decoder gives a float64 for every number) was "the arguments do not fit the tool's input; the
// server logged the details", and the log named Go types. The client is told the number's path
// and the range.
func TestBeyondFloatInAny(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "a", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(_ context.Context, _ *mcp.CallToolRequest, _ anyIn) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
		}, nil)
	cs := mcptest.Connect(t, s, nil)
	const d, r = `decoding "arguments": `, ` must be a number from -1.7976931348623157e+308 to 1.7976931348623157e+308 (the range of a 64-bit floating-point number); got `
	for _, c := range []struct{ args, want string }{
		{`{"any":1e400}`, d + `any` + r + `1e400`},
		{`{"any":{"a":[1,"x",-1e400]}}`, d + `any.a[2]` + r + `-1e400`},
		{`{"m":{"b c":{"d":1e999}}}`, d + `m["b c"].d` + r + `1e999`},
		{`{"any":{"a":[1e-400, 123456789012345678901234567890]}}`, `ok`},
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "a", Arguments: json.RawMessage(c.args)})
		if err != nil {
			t.Fatal(err)
		}
		if text := res.Content[0].(*mcp.TextContent).Text; res.IsError != (c.want != "ok") || text != c.want {
			t.Errorf("%s:\nerror result %v, %s\nwant %s", c.args, res.IsError, text, c.want)
		}
	}
}

// TestBeyondFloatOutputNotSent: an output that holds a number beyond a float64's range (a
// json.Number, or a json.RawMessage, the client's own argument echoed) was sent as written, and
// the Go SDK's client refused the whole result ("cannot unmarshal \"1e400\" into Go struct field
// ... of type float64"). It is not sent; the client is told which property, with an output
// schema or without one. Numbers a float64 rounds but holds are still sent as written.
func TestBeyondFloatOutputNotSent(t *testing.T) {
	type line struct {
		Total json.RawMessage `json:"total"`
	}
	type out struct {
		Lines []line `json:"lines"`
	}
	var lines []line
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "o", InputSchema: json.RawMessage(`{"type":"object"}`),
		OutputSchema: json.RawMessage(`{"type":"object","properties":{"lines":{"type":"array","items":{"type":"object","properties":{"total":{"type":"number"}}}}}}`)},
		func(_ context.Context, _ *mcp.CallToolRequest, _ map[string]any) (*mcp.CallToolResult, out, error) {
			return nil, out{lines}, nil
		}, nil)
	untypedOut := map[string]any{"n": json.Number("-1e400")}
	Add(s, &mcp.Tool{Name: "untyped", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(_ context.Context, _ *mcp.CallToolRequest, _ map[string]any) (*mcp.CallToolResult, any, error) {
			return nil, untypedOut, nil
		}, nil)
	cs := mcptest.Connect(t, s, nil)

	lines = []line{{json.RawMessage(`1`)}, {json.RawMessage(`1e400`)}}
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "o", Arguments: json.RawMessage(`{}`)})
	const want = `the result of tool o was not sent: lines[1].total is 1e400, beyond the range of a 64-bit floating-point number (-1.7976931348623157e+308 to 1.7976931348623157e+308), into which clients decode numbers; the server logged the details`
	if err == nil || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("error %v; want one ending %q", err, want)
	}
	_, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "untyped", Arguments: json.RawMessage(`{}`)})
	const wantUntyped = `the result of tool untyped was not sent: n is -1e400, beyond`
	if err == nil || !strings.Contains(err.Error(), wantUntyped) {
		t.Errorf("error %v; want one with %q", err, wantUntyped)
	}

	// However the number is written: the scan that spares decoding an output with no schema
	// (mayBeBeyondFloat) lets none through.
	for _, lit := range []string{"1E+400", "1e0400", "0.5e309", "-17.5e308", strings.Repeat("9", 309), "-" + strings.Repeat("1", 400) + ".5"} {
		untypedOut = map[string]any{"s": "1e400", "n": json.Number(lit)}
		_, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "untyped", Arguments: json.RawMessage(`{}`)})
		if want := `the result of tool untyped was not sent: n is `; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("n %s: error %v; want one with %q", lit, err, want)
		}
	}
	untypedOut = map[string]any{"s": "1e400", "n": json.Number("1.7976931348623157e+308"), "m": json.Number(strings.Repeat("9", 308))}
	if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "untyped", Arguments: json.RawMessage(`{}`)}); err != nil {
		t.Errorf("numbers within a float64's range, and 1e400 in a string: %v", err)
	}

	lines = []line{{json.RawMessage(`1e-400`)}, {json.RawMessage(`123456789012345678901234567890`)}}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "o", Arguments: json.RawMessage(`{}`)})
	if err != nil {
		t.Fatalf("numbers a float64 holds, rounded: %v", err)
	}
	const sent = `{"lines":[{"total":1e-400},{"total":123456789012345678901234567890}]}`
	if text := res.Content[0].(*mcp.TextContent).Text; text != sent {
		t.Errorf("sent %s; want %s", text, sent)
	}
}

// TestMayBeBeyondFloat: the scan finds every number a float64 cannot hold, however written, and
// no number of the kinds outputs hold, nor one in a string, for which an output would be decoded
// in vain.
func TestMayBeBeyondFloat(t *testing.T) {
	for _, lit := range []string{"1e400", "-1E+309", "1e0400", "1e00000000000000000000000400", "0.5e309", "17.5e308",
		"1.7976931348623159e308", strings.Repeat("9", 309), strings.Repeat("1", 400) + ".5e-10"} {
		if _, err := strconv.ParseFloat(lit, 64); !errors.Is(err, strconv.ErrRange) {
			t.Fatalf("%s is within a float64's range; the case tests nothing", lit)
		}
		for _, data := range []string{lit, `{"a":[true,` + lit + `]}`, `["x\"",` + lit + `,false]`} {
			if !mayBeBeyondFloat([]byte(data)) {
				t.Errorf("mayBeBeyondFloat(%.60s) = false; want true", data)
			}
		}
	}
	for _, data := range []string{`{"id":"3e9f","n":12345,"r":0.14285714285714285,"t":1e-7,"b":true,"f":false,"z":null}`,
		`[1.5e300,-2E+21,1e-400,"1e400","\"1e400"]`, strings.Repeat("9", 308), "1" + strings.Repeat("0", 300) + "e7", "0." + strings.Repeat("3", 400)} {
		if mayBeBeyondFloat([]byte(data)) {
			t.Errorf("mayBeBeyondFloat(%.60s) = true; want false", data)
		}
	}
}

// TestBoundsCheckedOnTheFloat64 pins the choice apply's comment explains: a number's bounds are
// checked on the float64 it rounds to, as the SDK's validator and ajv check them. The handler's
// float64 (or float32, or any) field gets that float64, within the bounds; a json.Number field
// gets the digits as written, which may be beyond a bound by less than a float64's precision; a
// number the float64 puts on a bound an exclusive bound refuses is refused, saying so; and the
// float64 after the bound is refused, so the check is not looser than the float64's.
func TestBoundsCheckedOnTheFloat64(t *testing.T) {
	type boundsIn struct {
		F   float64     `json:"f"`
		F32 float32     `json:"f32"`
		Any any         `json:"any"`
		Num json.Number `json:"num"`
		Ex  json.Number `json:"ex"`
	}
	const schema = `{"type":"object","properties":{"f":{"type":"number","maximum":100},"f32":{"type":"number","maximum":100},` +
		`"any":{"type":"number","maximum":100},"num":{"type":"number","maximum":100},"ex":{"type":"number","exclusiveMaximum":100}}}`
	var got boundsIn
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "b", InputSchema: json.RawMessage(schema)},
		func(_ context.Context, _ *mcp.CallToolRequest, in boundsIn) (*mcp.CallToolResult, any, error) {
			got = in
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
		}, nil)
	cs := mcptest.Connect(t, s, nil)
	const v = `validating "arguments": validating /properties/`
	for _, c := range []struct {
		args, want string
		got        boundsIn
	}{
		{`{"f":100.0000000000000000001}`, "ok", boundsIn{F: 100}},
		{`{"f32":100.0000000000000000001}`, "ok", boundsIn{F32: 100}},
		{`{"any":100.0000000000000000001}`, "ok", boundsIn{Any: float64(100)}},
		{`{"num":100.0000000000000000001}`, "ok", boundsIn{Num: "100.0000000000000000001"}},
		{`{"ex":99.99999999999999999999}`, v + `ex: exclusiveMaximum: 99.99999999999999999999 is taken as 100, the nearest 64-bit floating-point number, which is greater than or equal to 100`, boundsIn{}},
		{`{"f":100.00000000000002}`, v + `f: maximum: 100.00000000000002 is greater than 100`, boundsIn{}},
		{`{"num":100.00000000000002}`, v + `num: maximum: 100.00000000000002 is greater than 100`, boundsIn{}},
	} {
		got = boundsIn{}
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "b", Arguments: json.RawMessage(c.args)})
		if err != nil {
			t.Fatal(err)
		}
		if text := res.Content[0].(*mcp.TextContent).Text; res.IsError != (c.want != "ok") || text != c.want {
			t.Errorf("%s:\nerror result %v, %s\nwant %s", c.args, res.IsError, text, c.want)
		}
		if got != c.got {
			t.Errorf("%s: the handler got %+v; want %+v", c.args, got, c.got)
		}
	}
}
