// Package p has template paths that Go itself could not select: a field promoted from two
// embedded structs, and a field reached through a pointer to a pointer.
package p

import "context"

type In struct {
	ID string `json:"id"`
}

type A struct {
	ID string `json:"a_id"`
}

type B struct {
	ID string `json:"b_id"`
}

type Inner struct {
	D string `json:"d"`
}

// Out embeds A and B, which both have an ID, and holds an Inner through two pointers.
type Out struct {
	A
	*B
	In    **Inner `json:"in"`
	Title string  `json:"title"`
}

// Get gets.
//
//card:tool
//card:result title="{{.Title}}" subtitle="{{.ID}}" text="{{.In.D}}"
func Get(ctx context.Context, in In) (*Out, error) { return &Out{}, nil }
