package p

import "context"

// Ping answers with the id it was given.
//
//card:tool
func Ping(ctx context.Context, in In) (*Out, error) { return &Out{ID: in.ID}, nil }

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
