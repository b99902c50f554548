package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
}

// Common is built everywhere.
//
//card:tool
func Common(ctx context.Context, in In) (*Out, error) { return nil, nil }
