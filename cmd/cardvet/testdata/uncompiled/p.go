// Package p has a generated file that type-checks but does not compile, for the test that
// cardvet on its own does not compile the packages it analyses, as go vet does not.
package p

import "context"

// F misspells a key.
//
//card:tool titel="x"
func F(ctx context.Context, in In) (*Out, error) { return nil, nil }

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
}
