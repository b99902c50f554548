// Package handadd registers tools by hand beside its generated ones, as a server moving to
// cardgen one tool at a time does.
package handadd

import (
	"context"
	"reflect"

	"github.com/cardgen/cardgen/runtime/register"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"handadd/orders"
)

type GetOrderInput struct {
	ID string `json:"id" jsonschema:"description=the order id"`
}

type Order struct {
	ID     string   `json:"id"`
	Status string   `json:"status" jsonschema:"enum=pending,enum=shipped"`
	Lines  []*Lines `json:"lines,omitempty"`
}

type Lines struct {
	Lines []orders.Line `json:"lines"`
}

// GetOrder returns an order; its tool is named get_order.
//
//card:tool
func GetOrder(ctx context.Context, in GetOrderInput) (*Order, error) { return nil, nil }

// ListOrders lists the orders.
//
//card:tool list_orders
func ListOrders(ctx context.Context, in GetOrderInput) (*Order, error) { return nil, nil }

// Hand-written handlers of the tools not moved yet.

func lookupOrder(ctx context.Context, req *mcp.CallToolRequest, in GetOrderInput) (*mcp.CallToolResult, *Plain, error) {
	return nil, nil, nil
}

func history(ctx context.Context, req *mcp.CallToolRequest, in Plain) (*mcp.CallToolResult, Order, error) {
	return nil, Order{}, nil
}

func anyIn(ctx context.Context, req *mcp.CallToolRequest, in any) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

func raw(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil }

// Plain has its description in the SDK's form, which the SDK reads.
type Plain struct {
	Query string `json:"query" jsonschema:"what to look for"`
}

// Embedded reaches a refused tag through a pointer to an embedded struct.
type Embedded struct {
	*GetOrderInput
	Note string `json:"note"`
}

// Nested reaches one through a map of slices of pointers.
type Nested struct {
	ByDay map[string][]*GetOrderInput `json:"by_day"`
}

// Hidden has refused tags where the SDK does not look: an unexported field, one json leaves
// out, and an embedded non-struct field.
type Hidden struct {
	secret string `jsonschema:"description=never read"`
	Skip   string `json:"-" jsonschema:"description=left out"`
	Tag    `jsonschema:"description=embedded"`
}

type Tag string

// ChanFirst has a field the SDK cannot map before the refused tag: it fails on the channel.
type ChanFirst struct {
	C  chan int `json:"c"`
	ID string   `json:"id" jsonschema:"description=the id"`
}

const getOrder = "get_order"

func Serve(s *mcp.Server, tool *mcp.Tool, opts *jsonschema.ForOptions) {
	mcp.AddTool(s, &mcp.Tool{Name: "lookup_order"}, lookupOrder) // want `^mcp\.AddTool infers GetOrderInput's schema with the Go SDK, which panics on the jsonschema tag "description=the order id" of field ID \(handadd\.go:\d+\); pass InputSchema: register\.ReflectSchema\[GetOrderInput\]\(\)$`

	// Both schemas given, or left to the SDK only where it reads the tags: nothing to say.
	mcp.AddTool(s, &mcp.Tool{Name: "lookup_order", InputSchema: register.ReflectSchema[GetOrderInput]()}, lookupOrder)
	mcp.AddTool(s, &mcp.Tool{Name: "lookup_order", InputSchema: nil, OutputSchema: register.ReflectOutputSchema[Plain]()}, lookupOrder) // want `InputSchema: register\.ReflectSchema\[GetOrderInput\]\(\)`
	mcp.AddTool(s, &mcp.Tool{Name: "any"}, anyIn)
	// A tool the analyzer cannot see into.
	mcp.AddTool(s, tool, lookupOrder)

	register.AddTool(s, &mcp.Tool{Name: "history"}, history) // want `^register\.AddTool infers Order's schema as the Go SDK does, which panics on the jsonschema tag "enum=pending,enum=shipped" of field Status \(handadd\.go:\d+\); pass OutputSchema: register\.ReflectOutputSchema\[Order\]\(\)$`

	// The names of generated tools: the derived one, the explicit one, through a constant.
	mcp.AddTool(s, &mcp.Tool{ // want `register\.ReflectOutputSchema\[Order\]`
		Name: "get_order", // want `^tool name "get_order" is also the name of the generated tool of handler GetOrder \(handadd\.go:\d+\); the SDK keeps whichever is registered last: remove this registration or rename one$`
	}, history)
	s.AddTool(&mcp.Tool{Name: "list_orders", InputSchema: Plain{}}, raw)                     // want `tool name "list_orders" is also the name of the generated tool of handler ListOrders`
	register.AddTool(s, &mcp.Tool{Name: getOrder, InputSchema: 1, OutputSchema: 2}, history) // want `tool name "get_order" is also`

	_, _ = jsonschema.For[Embedded](nil)                                           // want `^jsonschema\.For infers Embedded's schema with the Go SDK's jsonschema-go, which fails on the jsonschema tag "description=the order id" of field ID \(handadd\.go:\d+\); use register\.ReflectSchema\[Embedded\]\(\) instead, which reads the tag as cardgen does$`
	_, _ = jsonschema.ForType(reflect.TypeFor[Nested](), &jsonschema.ForOptions{}) // want `jsonschema\.ForType infers Nested's schema`
	_, _ = jsonschema.ForType(reflect.TypeOf(orders.Line{}), nil)                  // want `jsonschema\.ForType infers orders\.Line's schema .* of field SKU \(orders\.go:\d+\); use register\.ReflectSchema\[orders\.Line\]\(\)`
	_, _ = jsonschema.For[Hidden](nil)
	_, _ = jsonschema.For[ChanFirst](nil)
	_, _ = jsonschema.For[ChanFirst](&jsonschema.ForOptions{IgnoreInvalidTypes: true}) // want `jsonschema\.For infers ChanFirst's schema`
	_, _ = jsonschema.For[Nested](opts)
	_, _ = jsonschema.For[Nested](&jsonschema.ForOptions{TypeSchemas: nil}) // want `jsonschema\.For infers Nested's schema`
	_, _ = jsonschema.For[Nested](&jsonschema.ForOptions{TypeSchemas: map[reflect.Type]*jsonschema.Schema{}})
}
