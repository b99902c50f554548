// Package p has handlers whose parameters are in the wrong order or variadic: each mistake is
// reported once, not again as a wrong input type.
package p

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
}

// ReqAfter takes the request after its input.
//
//card:tool
func ReqAfter(ctx context.Context, in In, req *mcp.CallToolRequest) (*Out, error) { return nil, nil }

// Many takes any number of inputs.
//
//card:tool
func Many(ctx context.Context, in ...In) (*Out, error) { return nil, nil }
