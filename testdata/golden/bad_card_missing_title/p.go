package p

import "context"

// F is a tool with a bad card.
//
//card:tool
//card:result subtitle="{{.Status}}"
func F(ctx context.Context, in In) (*Order, error) { return nil, nil }

// G's card is made of a field line alone: no //card:result, so no title either.
//
//card:tool
//card:field Status "{{.Status}}"
func G(ctx context.Context, in In) (*Order, error) { return nil, nil }

type In struct {
	ID string `json:"id"`
}

type Order struct {
	ID       string   `json:"id"`
	Status   string   `json:"status"`
	TrackURL string   `json:"track_url"`
	Tags     []string `json:"tags"`
	Owner    *Person  `json:"owner,omitempty"`
}

type Person struct {
	Name string `json:"name"`
}
