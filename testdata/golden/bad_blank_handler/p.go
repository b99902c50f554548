package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
}

// _ is a function no code can call, so RegisterTools could not name it.
//
//card:tool blank
func _(ctx context.Context, in In) (*Out, error) { return &Out{}, nil }

type S struct{}

// _ is a method no code can call; its tool name would be "_" too.
//
//card:tool
func (s *S) _(ctx context.Context, in In) (*Out, error) { return &Out{}, nil }
