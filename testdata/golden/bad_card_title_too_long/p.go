package p

import "context"

// F is a tool with a bad card.
//
//card:tool
//card:result title="This title goes on and on and on, far past what any host would ever draw in a card"
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
