//go:build ignore

// A program of its own, run with go run helper_ignore.go: not a file of package p, so its tool
// is not one of p's.
package main

import "context"

type In struct{}

//card:tool
func Helper(ctx context.Context, in In) (*In, error) { return nil, nil }

func main() {}
