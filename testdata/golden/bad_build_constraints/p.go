package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
}

// Common is built everywhere.
//
//card:tool
func Common(ctx context.Context, in In) (*Out, error) { return nil, nil }

// Detail's output reaches a type declared per platform: its schema would differ between them.
//
//card:tool
func Detail(ctx context.Context, in In) (*Detailed, error) { return nil, nil }

// Again uses the same output: the type is reported once.
//
//card:tool
func Again(ctx context.Context, in In) (*Detailed, error) { return nil, nil }

type Detailed struct {
	ID    string    `json:"id"`
	Paths []*OSPath `json:"paths"`
}
