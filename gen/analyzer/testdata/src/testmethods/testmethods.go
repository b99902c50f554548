// Package testmethods has tests that declare a method of its output type, which generation,
// loading the package without its tests, does not see: the analyzer reports the same in the
// package and in its test variant, which is all that go vet analyses.
package testmethods

import "context"

// Track names a field its output lacks, which only the tests declare as a method.
//
// want +3 `\{\{\.Stauts\}\}: Order has no field Stauts; did you mean \.Status\?`
//
//card:tool track
//card:result title="Order {{.Stauts}}"
func Track(ctx context.Context, in In) (*Order, error) { return nil, nil }

// In names an order.
type In struct {
	ID string `json:"id"`
}

// Order is an order.
type Order struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}
