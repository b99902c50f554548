// Package p has annotation problems in its own files and in its tests, for the test that checks
// that cardvet reports each problem once although the driver analyses p and p's test variant.
package p

import "context"

// F misspells a key (which has a suggested fix), and a field of its output that the tests
// declare as a method, which generation does not see.
//
//card:tool titel="x"
//card:result title="{{.Stauts}}"
func F(ctx context.Context, in In) (*Out, error) { return nil, nil }

// G misspells a directive.
//
//card:tool
//card:reslut title="y"
func G(ctx context.Context, in In) (*Out, error) { return nil, nil }

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}
