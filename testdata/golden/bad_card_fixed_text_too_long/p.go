package p

import "context"

// F is a tool with a bad card.
//
//card:tool
//card:result title="Order {{.ID}}: this fixed text alone is longer than the eighty character limit of titles"
//card:field Status "{{.Status}} is the status; this fixed text takes the whole 120 characters a field value may have, leaving no room for its data....."
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
