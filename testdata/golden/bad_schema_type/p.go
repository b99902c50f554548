package p

import "context"

type Weird struct {
	Events chan string `json:"events"`
	Hook   func()      `json:"hook"`
	Z      complex128  `json:"z"`
}

// F takes a type a JSON schema cannot describe.
//
//card:tool
func F(ctx context.Context, in Weird) (*Out, error) { return nil, nil }

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
