package p

import "context"

// F is a tool with a bad card.
//
//card:tool
//card:result title="Order {{.Stauts}}" subtitle="{{.Owner.Nmae}}"
func F(ctx context.Context, in In) (*Order, error) { return nil, nil }

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

// G's output has no fields yet: there is none to list.
//
//card:tool
//card:result title="{{.Title}}"
func G(ctx context.Context, in In) (*Empty, error) { return nil, nil }

type Empty struct{}
