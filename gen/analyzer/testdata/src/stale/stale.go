// Package stale refers to a card function cardgen has not generated yet, and its generated file
// still registers a handler that was renamed: the package does not type-check, yet its
// annotations are checked, as generation checks them, and the generated file is called stale.
package stale

import "context"

// GetOrder misspells a key.
//
// want +2 `unknown key titel for //card:tool; did you mean title\?`
//
//card:tool get_order titel="Order"
//card:result title="Order {{.ID}}"
func GetOrder(ctx context.Context, in In) (*Order, error) { return nil, nil }

// summary uses the card function generation declares.
var summary = GetOrderCard

// In names an order.
type In struct {
	ID string `json:"id"`
}

// Order is an order.
type Order struct {
	ID string `json:"id"`
}
