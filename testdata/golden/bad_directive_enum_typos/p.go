package p

import "context"

// A misspells its acp kind.
//
//card:tool
//card:acp detial
//card:result title="Order {{.ID}}"
//card:action message Cancel "Cancel order {{.ID}}"
func A(ctx context.Context, in In) (*Out, error) { return nil, nil }

// B misspells who may call it.
//
//card:tool
//card:visibility modle
func B(ctx context.Context, in In) (*Out, error) { return nil, nil }

// C misspells the second of two callers, and an action kind in capitals.
//
//card:tool
//card:visibility "model,ap"
//card:result title="Order {{.ID}}"
//card:action URL Track "https://shop.example.com/o/{{.ID}}"
func C(ctx context.Context, in In) (*Out, error) { return nil, nil }

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
}
