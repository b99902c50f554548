package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
}

// Alias names a view that is a symlink to a file beside it in the ui folder.
//
//card:tool
//card:ui alias.html
func Alias(ctx context.Context, in In) (*Out, error) { return nil, nil }

// Side names a view whose sidecar is a symlink.
//
//card:tool
//card:ui side.html
func Side(ctx context.Context, in In) (*Out, error) { return nil, nil }

// Sub names a view in a folder that is a symlink to a folder beside it.
//
//card:tool
//card:ui sub/v.html
func Sub(ctx context.Context, in In) (*Out, error) { return nil, nil }
