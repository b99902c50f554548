package p

import (
	"context"
	"time"
)

// Upload asks a form for bytes, which JSON carries as base64 and nobody types, and for a
// time.Duration, which JSON carries as nanoseconds and nobody means.
type Upload struct {
	Name    string        `json:"name"`
	Size    int8          `json:"size"`
	Wait    time.Duration `json:"wait"`
	Content []byte        `json:"content"`
}

type Out struct {
	ID string `json:"id"`
}

// Store stores a file from a form card.
//
//card:tool
//card:acp form
func Store(ctx context.Context, in Upload) (*Out, error) { return nil, nil }
