//go:build go1.21 && gc && !purego

package p

import "context"

// Everywhere is in a file every first-class port builds without build tags: it is a tool as
// any other.
//
//card:tool
func Everywhere(ctx context.Context, in In) (*Out, error) { return nil, nil }
