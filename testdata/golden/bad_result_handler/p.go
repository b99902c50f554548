package p

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A returns the result by value.
//
//card:tool
func A(ctx context.Context, in In) (mcp.CallToolResult, *Out, error) {
	return mcp.CallToolResult{}, nil, nil
}

// B returns three values, the first of them no result.
//
//card:tool
func B(ctx context.Context, in In) (string, *Out, error) { return "", nil, nil }

// C returns a result and ends with no error.
//
//card:tool
func C(ctx context.Context, in In) (*mcp.CallToolResult, *Out, bool) { return nil, nil, false }

// D is a form tool, which DispatchACP calls for a chat reply that has no result to send.
//
//card:tool
//card:acp form
func D(ctx context.Context, in In) (*mcp.CallToolResult, *Out, error) { return nil, nil, nil }

// E draws a markdown card, whose result runtime/mdcard makes.
//
//card:tool
func E(ctx context.Context, in Part) (*mcp.CallToolResult, *Doc, error) { return nil, nil, nil }

type In struct {
	Query string `json:"query"`
}

type Part struct {
	Part int `json:"part,omitempty"`
}

type Out struct {
	N int `json:"n"`
}

type Doc struct {
	Title string `json:"title" card:"title"`
	Body  string `json:"body" card:"markdown"`
}

// F returns the result by value and draws a markdown card: both are said at once.
//
//card:tool
func F(ctx context.Context, in Part) (mcp.CallToolResult, *Doc, error) {
	return mcp.CallToolResult{}, nil, nil
}

// G returns the result alone.
//
//card:tool
func G(ctx context.Context, in In) (*mcp.CallToolResult, error) { return nil, nil }

// H returns the result twice.
//
//card:tool
func H(ctx context.Context, in In) (*mcp.CallToolResult, *mcp.CallToolResult, error) {
	return nil, nil, nil
}

// I returns its own content, with the output of mcp.AddTool's form for that.
//
//card:tool
func I(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}
