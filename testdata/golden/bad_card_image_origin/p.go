package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
}

// Get shows a card with an image and an icon from origins no CSP can list, which every MCP Apps
// host would block in the built-in view.
//
//card:tool
//card:result title="Item {{.ID}}" image="https://cdn.example.com./p/{{.ID}}.png" icon="https://[2001:db8::1]/i/{{.ID}}.png"
func Get(ctx context.Context, in In) (*Out, error) { return &Out{ID: in.ID}, nil }
