package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
}

// Map draws a view whose markup loads from origins its sidecar's CSP does not list.
//
//card:tool
//card:ui map.html
func Map(ctx context.Context, in In) (*Out, error) { return nil, nil }

// Based draws a view whose relative script resolves against its <base>, and whose images come
// from srcset candidates, none of which the sidecar's resourceDomains lists.
//
//card:tool
//card:ui based.html
func Based(ctx context.Context, in In) (*Out, error) { return nil, nil }
