package p

import (
	"context"
	"net/http"
)

// F takes something else where the request goes.
//
//card:tool
func F(ctx context.Context, req *http.Request, in In) (*Out, error) { return nil, nil }

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
