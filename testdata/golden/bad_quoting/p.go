package p

import "context"

// F has an unterminated string.
//
//card:tool title="Order status
func F(ctx context.Context, in In) (*Out, error) { return nil, nil }

// G has a bad escape.
//
//card:tool title="a\qb"
func G(ctx context.Context, in In) (*Out, error) { return nil, nil }

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
