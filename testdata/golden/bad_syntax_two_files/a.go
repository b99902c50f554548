package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Out struct {
	Sum int `json:"sum"`
}

// A has a directive that does not parse, on line 15.
//
//card:tool a title="unterminated
func A(ctx context.Context, in In) (*Out, error) { return &Out{}, nil }
