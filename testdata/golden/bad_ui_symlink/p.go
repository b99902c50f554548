package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
}

// Leak names a view that is a symlink to a file outside the ui folder.
//
//card:tool
//card:ui leak.html
func Leak(ctx context.Context, in In) (*Out, error) { return nil, nil }
