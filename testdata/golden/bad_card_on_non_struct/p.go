package p

import "context"

type In struct {
	ID string `json:"id"`
}

// Names is a list with a card, which cannot work.
//
//card:result title="Names"
type Names []string

// F is fine.
//
//card:tool
func F(ctx context.Context, in In) (*Out, error) { return nil, nil }

type Out struct {
	ID string `json:"id"`
}
