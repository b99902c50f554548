// Package tools has a tool with a misspelt key, and a generated RegisterTools that ../wiring calls.
package tools

import "context"

// F misspells a key.
//
//card:tool titel="x"
func F(ctx context.Context, in In) (*Out, error) { return nil, nil }

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
}
