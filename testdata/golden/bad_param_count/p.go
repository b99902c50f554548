package p

import "context"

// F has too few parameters: no context.
//
//card:tool
func F(in In) (*Out, error) { return nil, nil }

// G has no parameters at all.
//
//card:tool
func G() (*Out, error) { return nil, nil }

// H has too many.
//
//card:tool
func H(ctx context.Context, a, b, c In) (*Out, error) { return nil, nil }

// I takes its context second.
//
//card:tool
func I(in In, ctx context.Context) (*Out, error) { return nil, nil }

// J takes no input: a tool without arguments still has an input struct.
//
//card:tool
func J(ctx context.Context) (*Out, error) { return nil, nil }

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
