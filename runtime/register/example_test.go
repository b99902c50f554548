package register_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/runtime/acp"
	"github.com/cardgen/cardgen/runtime/card"
	"github.com/cardgen/cardgen/runtime/register"
)

type OrderInput struct {
	ID string `json:"id"`
}

type Order struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

func getOrder(_ context.Context, in OrderInput) (*Order, error) {
	return &Order{ID: in.ID, Status: "shipped"}, nil
}

func orderCard(out *Order) card.Card {
	c := card.Card{V: card.Version}
	c.Title = "Order " + out.ID
	c.Fields = []card.Field{
		{Label: "Status", Value: out.Status},
	}
	return c.WithFallback()
}

// A tool registered by hand the way generated code registers it: explicit schemas, resolved on
// the first call, and a handler that attaches the result card, fitted to the host limits.
func ExampleAddTool() {
	s := mcp.NewServer(&mcp.Implementation{Name: "shop", Version: "1"}, nil)
	cfg := register.NewConfig()
	register.AddTool(s, &mcp.Tool{
		Name:         "get_order",
		InputSchema:  json.RawMessage(`{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`),
		OutputSchema: json.RawMessage(`{"type":"object","properties":{"id":{"type":"string"},"status":{"type":"string"}},"required":["id","status"]}`),
	}, func(ctx context.Context, _ *mcp.CallToolRequest, in OrderInput) (*mcp.CallToolResult, *Order, error) {
		out, err := getOrder(ctx, in)
		if err != nil {
			return nil, out, err
		}
		if out == nil {
			return nil, nil, register.NoOutput("get_order")
		}
		res := &mcp.CallToolResult{}
		cfg.AttachCard(ctx, res, "get_order", orderCard(out))
		return res, out, nil
	})

	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, _ := s.Connect(ctx, st, nil)
	defer ss.Close()
	cs, _ := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "1"}, nil).Connect(ctx, ct, nil)
	defer cs.Close()

	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_order", Arguments: map[string]any{"id": "1042"}})
	if err != nil {
		panic(err)
	}
	structured, _ := json.Marshal(res.StructuredContent)
	c, _, _ := card.FromMeta(res.Meta)
	fmt.Println(string(structured))
	fmt.Println(c.Title, "|", c.FallbackText)
	// Output:
	// {"id":"1042","status":"shipped"}
	// Order 1042 | Order 1042
	// Status: shipped
}

// A reply to a form card, as a generated DispatchACP reads it: a card response carries what the
// user entered, and prose that names the form's tool does not.
func ExampleFormSelection() {
	submit := acp.PrimaryCTA("Preview", acp.Selection{register.SelectionTool: "checkout_preview"})
	entered := acp.NewChatMessage(acp.MetadataContent{Metadata: map[string]string{
		"card_protocol_version": "1",
		"selection":             `{"tool":"checkout_preview","quantity":"2"}`,
	}})
	sel, err := register.FormSelection(acp.ParseResponse(entered, submit))
	fmt.Println(sel["quantity"], err)

	prose := acp.NewChatMessage(acp.TextContent{Text: "Run checkout_preview for two, please."})
	_, err = register.FormSelection(acp.ParseResponse(prose, submit))
	fmt.Println(errors.Is(err, register.ErrNoFormValues))
	// Output:
	// 2 <nil>
	// true
}

// BookInput is a form tool's input: a date and a number of seats.
type BookInput struct {
	Date  string `json:"date" jsonschema:"format=date"`
	Seats int    `json:"seats" jsonschema:"minimum=1,maximum=8"`
}

// DecodeSelection reads a form card's answer — text typed into its fields, as an Agent Chat
// Protocol reply carries it — into the tool's input, checked against its schema; an answer the
// schema refuses is a *SelectionError that names each field, in words for the person who filled
// the form in.
func ExampleDecodeSelection() {
	schema := register.ReflectSchema[BookInput]()
	var in BookInput
	err := register.DecodeSelection(schema, acp.Selection{"date": "2026-12-24", "seats": " 2 "}, &in)
	fmt.Printf("%+v %v\n", in, err)

	err = register.DecodeSelection(schema, acp.Selection{"date": "2026-12-24", "seats": "12"}, &in)
	var sel *register.SelectionError
	fmt.Println(errors.As(err, &sel), sel.Problems)
	// Output:
	// {Date:2026-12-24 Seats:2} <nil>
	// true [seats is 12, above the maximum 8]
}
