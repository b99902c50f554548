package p

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Get finds an order; it returns its own result, as an mcp.ToolHandlerFor does, to answer in
// its own words or report a tool error. The card and reply are added to it.
//
//card:tool readonly
//card:result title="Order {{.ID}}"
//card:reply "Order {{.ID}} found."
func Get(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, *Order, error) {
	return nil, &Order{ID: in.ID}, nil
}

// Count returns its output by value, beside its own result, and has no card.
//
//card:tool readonly
func Count(ctx context.Context, in In) (*mcp.CallToolResult, Order, error) {
	return nil, Order{ID: in.ID}, nil
}

type In struct {
	ID string `json:"id"`
}

type Order struct {
	ID string `json:"id"`
}

// Picture draws the order: its result is its own content, and its output has no fields, so a
// nil one is sent as {}.
//
//card:tool readonly
func Picture(ctx context.Context, in In) (*mcp.CallToolResult, *Drawn, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.ImageContent{MIMEType: "image/png", Data: []byte("PNG")}}}, nil, nil
}

// Drawn is the output of a tool whose result is its own content.
type Drawn struct{}
