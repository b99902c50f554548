package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id" card:"title"`
}

// A takes the built-in result-card view's path.
//
//card:tool
//card:ui result-card.html
func A(ctx context.Context, in In) (*Out, error) { return nil, nil }

// B takes the markdown card view's path.
//
//card:tool
//card:ui markdown-card.html
func B(ctx context.Context, in In) (*Out, error) { return nil, nil }

// C has a result card, so it is drawn by the built-in view.
//
//card:tool
func C(ctx context.Context, in In) (*Out, error) { return nil, nil }
