package p

import "context"

// F returns a slice.
//
//card:tool
func F(ctx context.Context, in In) ([]string, error) { return nil, nil }

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

// Result is an alias of an unnamed struct type.
type Result = struct {
	ID string `json:"id"`
}

// G returns a pointer to the alias.
//
//card:tool
func G(ctx context.Context, in In) (*Result, error) { return nil, nil }
