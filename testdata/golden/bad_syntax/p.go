package p

import (
	"context"
	"errors"
)

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
}

// Get's result list lacks its closing parenthesis, as in the middle of an edit. The syntax
// errors are reported one a line, and not the type errors of the declarations the parser made
// of what follows ("errors.New is not a type"): the compiler, too, reports only the first.
//
//card:tool
func Get(ctx context.Context, in In) (*Out, error {
	return nil, errors.New("not yet")
}

// Show draws a card from the Item of the broken declaration in q.go.
//
//card:tool
//card:result title="{{.Title}}"
func Show(ctx context.Context, in In) (*Item, error) { return nil, nil }
