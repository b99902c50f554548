package p

import "context"

type In struct {
	ID string `json:"id"`
}

// Get gets.
//
//card:tool
func Get(ctx context.Context, in In) (*In, error) { return nil, nil }
