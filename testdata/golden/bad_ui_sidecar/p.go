package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
}

// A has a sidecar with an unknown key and a plain-http origin.
//
//card:tool
//card:ui a.html
func A(ctx context.Context, in In) (*Out, error) { return nil, nil }

// B has a sidecar that is not JSON.
//
//card:tool
//card:ui b.html
func B(ctx context.Context, in In) (*Out, error) { return nil, nil }
