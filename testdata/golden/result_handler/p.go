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
