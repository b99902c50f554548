package typedtool

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/internal/mcptest"
)

// benchArguments are the arguments of a checkout form with a nested list: strings, a bool,
// integers and a fraction.
var benchArguments = []byte(`{"product_id":"kb-01","quantity":2,"email":"lan@example.com","express":true,"coupon":"ABCD",` +
	`"lines":[{"product_id":"kb-01","quantity":1,"weight":0.85},{"product_id":"ms-02","quantity":3,"weight":0.12}]}`)

// BenchmarkDecodeArguments decodes tool arguments for validation: /float64 as mcp.AddTool does
// (and typedtool did before integers were kept exact), /exact as apply does now.
func BenchmarkDecodeArguments(b *testing.B) {
	b.Run("float64", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			m := map[string]any{}
			if err := json.Unmarshal(benchArguments, &m); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("exact", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			m := map[string]any{}
			if err := unmarshalExact(benchArguments, &m); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// benchInputSchema is the schema of benchArguments, with a defaulted field the arguments leave
// out; benchOutputSchema is the output's, with a default the output leaves out.
const benchInputSchema = `{"type":"object","required":["product_id","quantity","email"],"properties":{` +
	`"product_id":{"type":"string","maxLength":40},"quantity":{"type":"integer","minimum":1,"maximum":99},` +
	`"email":{"type":"string"},"express":{"type":"boolean"},"coupon":{"type":"string"},` +
	`"currency":{"type":"string","default":"EUR"},` +
	`"lines":{"type":"array","items":{"type":"object","properties":{"product_id":{"type":"string"},` +
	`"quantity":{"type":"integer"},"weight":{"type":"number"}}}}}}`

const benchOutputSchema = `{"type":"object","properties":{"order_id":{"type":"string"},"total":{"type":"integer"},` +
	`"items":{"type":"integer"},"note":{"type":"string","default":"none"}}}`

type benchLine struct {
	ProductID string  `json:"product_id"`
	Quantity  int     `json:"quantity"`
	Weight    float64 `json:"weight"`
}

type benchIn struct {
	ProductID string      `json:"product_id"`
	Quantity  int         `json:"quantity"`
	Email     string      `json:"email"`
	Express   bool        `json:"express"`
	Coupon    string      `json:"coupon"`
	Currency  string      `json:"currency"`
	Lines     []benchLine `json:"lines"`
}

type benchOut struct {
	OrderID string `json:"order_id"`
	Total   int64  `json:"total"`
	Items   int    `json:"items"`
	Note    string `json:"note,omitempty"`
}

// BenchmarkApply validates valid arguments (applying a default) and a valid output, the work
// Add does on each call besides decoding into In and encoding Out.
func BenchmarkApply(b *testing.B) {
	in, err := Lazy(json.RawMessage(benchInputSchema)).Resolved()
	if err != nil {
		b.Fatal(err)
	}
	out, err := Lazy(json.RawMessage(benchOutputSchema)).Resolved()
	if err != nil {
		b.Fatal(err)
	}
	output, _ := json.Marshal(benchOut{OrderID: "o-1", Total: 9007199254740993, Items: 4})
	b.Run("input", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := apply(benchArguments, in, false, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("output", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := apply(output, out, true, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkCall calls a tool with valid arguments through the SDK's client, in process: the
// whole tools/call path, transport and JSON-RPC included.
func BenchmarkCall(b *testing.B) {
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "checkout", InputSchema: json.RawMessage(benchInputSchema), OutputSchema: json.RawMessage(benchOutputSchema)},
		func(_ context.Context, _ *mcp.CallToolRequest, in benchIn) (*mcp.CallToolResult, benchOut, error) {
			return nil, benchOut{OrderID: "o-1", Total: 9007199254740993, Items: len(in.Lines)}, nil
		}, nil)
	cs := mcptest.Connect(b, s, nil)
	params := &mcp.CallToolParams{Name: "checkout", Arguments: json.RawMessage(benchArguments)}
	b.ReportAllocs()
	for b.Loop() {
		res, err := cs.CallTool(context.Background(), params)
		if err != nil || res.IsError {
			b.Fatal(err, res)
		}
	}
}

// BenchmarkCallAnyOut calls a tool whose output, a map of 200 keys, has no output schema, as
// BenchmarkCall does: nothing validates the output, and only a number beyond a float64's range
// keeps it from being sent (beyondFloatOutput), which most outputs cannot hold.
func BenchmarkCallAnyOut(b *testing.B) {
	out := map[string]any{}
	for i := range 200 {
		out[fmt.Sprintf("key%03d", i)] = map[string]any{"id": fmt.Sprintf("%x", i*7919), "n": i, "ratio": float64(i) / 7, "ok": i%2 == 0}
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "report", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(context.Context, *mcp.CallToolRequest, map[string]any) (*mcp.CallToolResult, any, error) {
			return nil, out, nil
		}, nil)
	cs := mcptest.Connect(b, s, nil)
	params := &mcp.CallToolParams{Name: "report", Arguments: json.RawMessage(`{}`)}
	b.ReportAllocs()
	for b.Loop() {
		res, err := cs.CallTool(context.Background(), params)
		if err != nil || res.IsError {
			b.Fatal(err, res)
		}
	}
}
