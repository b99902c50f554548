package p

import "context"

// C joins its flags with a comma; "did you mean readonly?" would have dropped idempotent.
//
//card:tool c readonly,idempotent
func C(ctx context.Context, in In) (*Out, error) { return nil, nil }

// D has no name, and one of its joined flags is misspelt.
//
//card:tool readonly,idempotnet
func D(ctx context.Context, in In) (*Out, error) { return nil, nil }

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
}
