package p

import (
	"context"
	"time"
)

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID   string    `json:"id"`
	When time.Time `json:"when"`
	// note is unexported but of this package: the generated code, in this package, reads it.
	note string
}

// Get reaches into another package's unexported fields.
//
//card:tool
//card:result title="{{.ID}} {{.note}}" subtitle="{{.When.wall}}" text="{{.When.Wal}}"
func Get(ctx context.Context, in In) (*Out, error) { return &Out{note: "n"}, nil }
