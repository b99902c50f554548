//go:build linux

package p

import "context"

// OnLinux is built only on Linux; RegisterTools would not compile elsewhere.
//
//card:tool
func OnLinux(ctx context.Context, in In) (*Out, error) { return nil, nil }
