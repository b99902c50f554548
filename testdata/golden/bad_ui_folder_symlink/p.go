package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
}

// Get names a view in the ui folder, which is a symlink to a folder of the package.
//
//card:tool
//card:ui v.html
func Get(ctx context.Context, in In) (*Out, error) { return nil, nil }
