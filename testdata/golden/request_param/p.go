package p

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// WhoAmI reports the session id.
//
//card:tool who_am_i title="Who am I"
func WhoAmI(ctx context.Context, req *mcp.CallToolRequest, in In) (*Out, error) {
	return &Out{ID: req.Session.ID()}, nil
}

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID    string   `json:"id"`
	Name  string   `json:"name"`
	Tags  []string `json:"tags,omitempty"`
	Owner *Person  `json:"owner,omitempty"`
}

type Person struct {
	Name string `json:"name"`
}
