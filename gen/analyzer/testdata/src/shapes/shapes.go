// Package shapes breaks the rules that need types: handler shapes, names, templates and card
// limits. None of these has a certain fix.
package shapes

import "context"

// BadShape has the wrong input, output and last result.
//
//card:tool bad_shape
func BadShape(ctx context.Context, in string) ([]int, bool) { return nil, false } // want `the input of handler BadShape is string` `the output of handler BadShape is \[\]int` `the last result of handler BadShape must be error, not bool`

// Generic has type parameters.
//
//card:tool
func Generic[T any](ctx context.Context, in In) (*Order, error) { return nil, nil } // want `handler Generic is generic`

// First is the first tool named "same".
//
//card:tool same
func First(ctx context.Context, in In) (*Order, error) { return nil, nil }

// Second reuses the name and has a card with a misspelt field.
//
// want +3 `tool name "same" is already used by First \(shapes.go:\d+:\d+\)`
// want +3 `\{\{\.Stauts\}\}: Order has no field Stauts; did you mean \.Status\?`
//
//card:tool same
//card:result title="Order {{.Stauts}}"
func Second(ctx context.Context, in In) (*Order, error) { return nil, nil }

// Orphan has a card but no //card:tool.
//
// want +2 `//card:result needs a //card:tool directive on Orphan to make it a tool`
//
//card:result title="x"
func Orphan() {}

// Names is not a struct but has a card.
//
//card:result title="x"
type Names []string // want `type Names has a card but is not a struct`

// Tagged misspells a card slot in a struct tag.
type Tagged struct {
	Title string `json:"title" card:"titel"` // want `unknown card slot "titel"; did you mean title\?`
}

// In names an order.
type In struct {
	ID string `json:"id"`
}

// Order is an order.
type Order struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}
