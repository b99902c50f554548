package p

import "context"

// F returns only the output.
//
//card:tool
func F(ctx context.Context, in In) *Out { return nil }

// G returns only an error.
//
//card:tool
func G(ctx context.Context, in In) error { return nil }

// H returns the error first.
//
//card:tool
func H(ctx context.Context, in In) (error, *Out) { return nil, nil }

// I returns three values.
//
//card:tool
func I(ctx context.Context, in In) (*Out, bool, error) { return nil, false, nil }

// J returns nothing.
//
//card:tool
func J(ctx context.Context, in In) {}

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
