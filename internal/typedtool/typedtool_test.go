package typedtool

import (
	"context"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/internal/mcptest"
)

type echoIn struct {
	Name string `json:"name"`
}

func echo(_ context.Context, _ *mcp.CallToolRequest, in echoIn) (*mcp.CallToolResult, echoIn, error) {
	return nil, in, nil
}

// TestLazySchemaSharedByContent registers the same schema, as fresh bytes each time, on many
// servers, as a function that builds a server per session does with a schema literal or a
// *jsonschema.Schema, and asks for it again as register.DecodeSelection does. Keyed by the
// address of the bytes, each copy added an entry that was never freed; keyed by their content,
// all share one.
func TestLazySchemaSharedByContent(t *testing.T) {
	schema := `{"type":"object","properties":{"lazy_schema_shared_by_content":{"type":"string"}}}`
	count := func() int {
		n := 0
		resolvedSchemas.Range(func(_, v any) bool {
			if strings.Contains(string(v.(*Schema).raw), "lazy_schema_shared_by_content") {
				n++
			}
			return true
		})
		return n
	}
	for range 100 {
		s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
		Add(s, &mcp.Tool{Name: "echo", InputSchema: json.RawMessage(schema), OutputSchema: json.RawMessage(schema)}, echo, nil)
	}
	for range 100 {
		if _, err := Lazy(json.RawMessage(schema)).Resolved(); err != nil {
			t.Fatal(err)
		}
	}
	if n := count(); n != 1 {
		t.Errorf("200 copies of one schema left %d entries; want 1", n)
	}
}

// TestLazySchemaOwnsItsBytes: a caller that reuses its buffer after Add does not change the
// schema the cache shares with every other call of the same content.
func TestLazySchemaOwnsItsBytes(t *testing.T) {
	const schema = `{"type":"object","properties":{"lazy_schema_owns_its_bytes":{"type":"string"}}}`
	buf := json.RawMessage(schema)
	l := Lazy(buf)
	for i := range buf {
		buf[i] = ' '
	}
	if string(l.raw) != schema {
		t.Fatalf("the cached schema changed with the caller's buffer: %q", l.raw)
	}
	if _, err := Lazy(json.RawMessage(schema)).Resolved(); err != nil {
		t.Errorf("the shared schema no longer resolves: %v", err)
	}
}

type bigIn struct {
	ID    int64   `json:"id"`
	Max   uint64  `json:"max"`
	Min   int64   `json:"min"`
	Ratio float64 `json:"ratio"`
	Page  int     `json:"page"`
}

// TestLargeIntegersKeepPrecision: an int64 or uint64 beyond 2^53 (a snowflake id, a Unix time
// in nanoseconds) reaches the handler, and goes back out in structuredContent and its text, as
// sent. Arguments and output are decoded to be validated and re-encoded with their defaults
// applied; decoded as float64, as mcp.AddTool decodes them, 9007199254740993 came out as
// 9007199254740992 with no error (and math.MaxInt64 did not fit an int64 at all).
func TestLargeIntegersKeepPrecision(t *testing.T) {
	const schema = `{"type":"object","properties":{"id":{"type":"integer","minimum":1},` +
		`"max":{"type":"integer"},"min":{"type":"integer"},"ratio":{"type":"number"},"page":{"type":"integer","default":1}}}`
	var got bigIn
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "big", InputSchema: json.RawMessage(schema), OutputSchema: json.RawMessage(schema)},
		func(_ context.Context, _ *mcp.CallToolRequest, in bigIn) (*mcp.CallToolResult, bigIn, error) {
			got = in
			return nil, in, nil
		}, nil)
	cs := mcptest.Connect(t, s, nil)
	args := json.RawMessage(`{"id":9007199254740993,"max":18446744073709551615,"min":-9223372036854775808,"ratio":0.1}`)
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "big", Arguments: args})
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError {
		t.Fatalf("error result: %s", res.Content[0].(*mcp.TextContent).Text)
	}
	want := bigIn{ID: 9007199254740993, Max: math.MaxUint64, Min: math.MinInt64, Ratio: 0.1, Page: 1}
	if got != want {
		t.Errorf("the handler got %+v; want %+v", got, want)
	}
	const wantText = `{"id":9007199254740993,"max":18446744073709551615,"min":-9223372036854775808,"page":1,"ratio":0.1}`
	if text := res.Content[0].(*mcp.TextContent).Text; text != wantText {
		t.Errorf("the result's text is\n%s\nwant\n%s", text, wantText)
	}

}

type bigDefaults struct {
	Big   uint64 `json:"big,omitempty"`
	Neg   int64  `json:"neg,omitempty"`
	Inner struct {
		Max uint64 `json:"max,omitempty"`
	} `json:"inner"`
}

// TestLargeDefaultsKeepPrecision: a default beyond 2^53 reaches the handler exactly. The SDK's
// ApplyDefaults decodes defaults as float64: 9007199254740993 became …992 without a word, and
// 18446744073709551615 overflowed the uint64, failing every call that left the field out.
func TestLargeDefaultsKeepPrecision(t *testing.T) {
	const schema = `{"type":"object","properties":{` +
		`"big":{"type":"integer","default":9007199254740993},` +
		`"neg":{"type":"integer","default":-9223372036854775807},` +
		`"inner":{"type":"object","properties":{"max":{"type":"integer","default":18446744073709551615}},"default":{}}}}`
	var got bigDefaults
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "big", InputSchema: json.RawMessage(schema)},
		func(_ context.Context, _ *mcp.CallToolRequest, in bigDefaults) (*mcp.CallToolResult, any, error) {
			got = in
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
		}, nil)
	cs := mcptest.Connect(t, s, nil)
	for _, args := range []json.RawMessage{json.RawMessage(`{}`), json.RawMessage(`null`), nil} {
		got = bigDefaults{}
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "big", Arguments: args})
		if err != nil {
			t.Fatal(err)
		}
		if res.IsError {
			t.Fatalf("arguments %s: error result: %s", args, res.Content[0].(*mcp.TextContent).Text)
		}
		if got.Big != 9007199254740993 || got.Neg != -9223372036854775807 || got.Inner.Max != math.MaxUint64 {
			t.Errorf("arguments %s: the handler got %+v; want the defaults exactly", args, got)
		}
	}
}

type exactOut struct {
	Num json.Number     `json:"num"`
	Raw json.RawMessage `json:"raw"`
	N   int             `json:"n,omitempty"`
}

// TestOutputNumbersAsWritten: numbers no int64, uint64 or float64 holds as written (a json.Number
// or a json.RawMessage of 30 digits) reach structuredContent and the text as written; they were
// rounded through a float64 when the output was encoded again. The text is the JSON the server
// sends as structuredContent.
func TestOutputNumbersAsWritten(t *testing.T) {
	const schema = `{"type":"object","properties":{"num":{"type":"number"},"raw":{},"n":{"type":"integer","default":7}}}`
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "exact", InputSchema: json.RawMessage(`{"type":"object"}`), OutputSchema: json.RawMessage(schema)},
		func(_ context.Context, _ *mcp.CallToolRequest, _ map[string]any) (*mcp.CallToolResult, exactOut, error) {
			return nil, exactOut{Num: "123456789012345678901234567890", Raw: json.RawMessage(`{"id":123456789012345678901234567890,"price":0.30000000000000000001,"ok":[1.50,0.1]}`)}, nil
		}, nil)
	cs := mcptest.Connect(t, s, nil)
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "exact", Arguments: json.RawMessage(`{}`)})
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"num":123456789012345678901234567890,"raw":{"id":123456789012345678901234567890,"ok":[1.50,0.1],"price":0.30000000000000000001}}`
	if text := res.Content[0].(*mcp.TextContent).Text; res.IsError || text != want {
		t.Errorf("the result's text is\n%s\nwant\n%s", text, want)
	}
	// structuredContent carries the same bytes; the SDK's client decodes it into float64s, so it
	// is not compared here.
}

type narrowIn struct {
	Big   uint64 `json:"big"`
	Inner struct {
		N int8 `json:"n"`
	} `json:"inner"`
	Count int `json:"count"`
}

// TestInputErrorNamesTheArgument: a number the schema lets through that does not fit the Go
// field is an error result that names the argument, its value and the range it must be in, not
// the rest of the arguments quoted from the value on, nor a Go type.
func TestInputErrorNamesTheArgument(t *testing.T) {
	const schema = `{"type":"object","properties":{"big":{"type":"integer"},"count":{"type":"integer"},` +
		`"inner":{"type":"object","properties":{"n":{"type":"integer"}}}}}`
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "narrow", InputSchema: json.RawMessage(schema)},
		func(_ context.Context, _ *mcp.CallToolRequest, _ narrowIn) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
		}, nil)
	cs := mcptest.Connect(t, s, nil)
	for args, want := range map[string]string{
		`{"big":-1,"count":1}`:                   `decoding "arguments": big must be an integer from 0 to 18446744073709551615; got -1`,
		`{"big":18446744073709551616,"count":1}`: `decoding "arguments": big must be an integer from 0 to 18446744073709551615; got 18446744073709551616`,
		`{"inner":{"n":300},"count":2}`:          `decoding "arguments": inner.n must be an integer from -128 to 127; got 300`,
		`{"count":1e30}`:                         `decoding "arguments": count must be an integer from -9223372036854775808 to 9223372036854775807; got 1e30`,
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "narrow", Arguments: json.RawMessage(args)})
		if err != nil {
			t.Fatal(err)
		}
		if text := res.Content[0].(*mcp.TextContent).Text; !res.IsError || text != want {
			t.Errorf("%s: error result %v, %q; want %q", args, res.IsError, text, want)
		}
	}
}

// TestSameValue: another spelling of a number's value is not a change; a value a float64 does not
// hold is, and so are numbers too long, or with too large an exponent, to compare cheaply.
func TestSameValue(t *testing.T) {
	for lit, want := range map[string]bool{
		"0.1": true, "1.0": true, "1e2": true, "100.000": true, "1e30": true, "1234567.5": true, "0.00001": true,
		"0.30000000000000000001": false, "123456789012345678901234567890": false, "1e-400": false,
		"1e-99999999": false, "0." + strings.Repeat("0", 80) + "1": false,
	} {
		f, _ := strconv.ParseFloat(lit, 64)
		if got := sameValue(f, json.Number(lit)); got != want {
			t.Errorf("sameValue(%v, %s) = %v, want %v", f, lit, got, want)
		}
	}
}

// TestIntegerArgumentsSpelledAsFloats: 1.0 and 1e2 for an int argument decode to 1 and 100, as
// the SDK makes them (Python clients write 10.0); sending them as written failed the call.
func TestIntegerArgumentsSpelledAsFloats(t *testing.T) {
	const schema = `{"type":"object","properties":{"count":{"type":"integer"},"big":{"type":"integer"}}}`
	var got narrowIn
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "ints", InputSchema: json.RawMessage(schema)},
		func(_ context.Context, _ *mcp.CallToolRequest, in narrowIn) (*mcp.CallToolResult, any, error) {
			got = in
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
		}, nil)
	cs := mcptest.Connect(t, s, nil)
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "ints", Arguments: json.RawMessage(`{"count":1.0,"big":1e2}`)})
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError || got.Count != 1 || got.Big != 100 {
		t.Errorf("error result %v (%v); the handler got %+v; want count 1, big 100", res.IsError, res.Content, got)
	}
}

// TestNestedDefaultsOnlyInSentObjects: a default applies inside an object the client sent, or
// one a property's own default supplied; a missing object is not made up to hold its properties'
// defaults when the handler would see it (a pointer field: jsonschema-go's ApplyDefaults gave the
// handler Opts{Limit: 20} for {}, so an in.Opts == nil check could not tell that the client sent
// no options), but is for a value struct, whose zero value would otherwise hide the defaults. A
// property's own default at the top level applies when it is missing, and defaults apply inside
// a required object too (they were skipped with the object's own default).
func TestNestedDefaultsOnlyInSentObjects(t *testing.T) {
	const schema = `{"type":"object","properties":{` +
		`"opts":{"type":"object","properties":{"limit":{"type":"integer","default":20},"mode":{"type":"string","default":"fast"}}},` +
		`"inner":{"type":"object","properties":{"max":{"type":"integer","default":18446744073709551615}}},` +
		`"page":{"type":"integer","default":1},` +
		`"req":{"type":"object","properties":{"n":{"type":"integer","default":7}}}},"required":["req"]}`
	type opts struct {
		Limit int    `json:"limit,omitempty"`
		Mode  string `json:"mode,omitempty"`
	}
	type nestIn struct {
		Opts  *opts `json:"opts,omitempty"`
		Inner struct {
			Max uint64 `json:"max,omitempty"`
		} `json:"inner"`
		Page int `json:"page,omitempty"`
		Req  struct {
			N int `json:"n,omitempty"`
		} `json:"req"`
	}
	var got nestIn
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "nested", InputSchema: json.RawMessage(schema)},
		func(_ context.Context, _ *mcp.CallToolRequest, in nestIn) (*mcp.CallToolResult, any, error) {
			got = in
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
		}, nil)
	cs := mcptest.Connect(t, s, nil)
	call := func(args string) nestIn {
		t.Helper()
		got = nestIn{}
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "nested", Arguments: json.RawMessage(args)})
		if err != nil {
			t.Fatal(err)
		}
		if res.IsError {
			t.Fatalf("%s: error result %v", args, res.Content[0].(*mcp.TextContent).Text)
		}
		return got
	}
	if in := call(`{"req":{}}`); in.Opts != nil || in.Inner.Max != math.MaxUint64 || in.Page != 1 || in.Req.N != 7 {
		t.Errorf(`{"req":{}}: the handler got opts %+v, inner.max %d, page %d, req.n %d; want no opts, inner.max 18446744073709551615 (a value struct), page 1 (its own default), req.n 7`, in.Opts, in.Inner.Max, in.Page, in.Req.N)
	}
	if in := call(`{"opts":{"mode":"slow"},"inner":{},"req":{"n":1}}`); in.Opts == nil || *in.Opts != (opts{Limit: 20, Mode: "slow"}) || in.Inner.Max != math.MaxUint64 || in.Req.N != 1 {
		t.Errorf("objects sent: the handler got opts %+v, inner.max %d; want limit 20 mode slow, inner.max 18446744073709551615", in.Opts, in.Inner.Max)
	}
}
