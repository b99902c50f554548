package p

import "context"

// A syntax error on line 15 of a.go must not hide this card's missing title, on line 15 of
// this file: every problem is reported in one run (a line with an error is one of a file).

type unused struct{}

var _ = unused{}

// B sums.
//
//card:tool b
//card:result subtitle="Sum {{.Sum}}"
func B(ctx context.Context, in In) (*Out, error) { return &Out{}, nil }
