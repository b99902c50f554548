package p

import "context"

// F takes a string.
//
//card:tool
func F(ctx context.Context, id string) (*Out, error) { return nil, nil }

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

// Args is an alias of an unnamed struct type: it reads as a named type, and is none.
type Args = struct {
	ID string `json:"id"`
}

// G takes the alias.
//
//card:tool
func G(ctx context.Context, in Args) (*Out, error) { return nil, nil }
