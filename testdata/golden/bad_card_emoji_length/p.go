package p

import "context"

// G's title is 41 emoji: 41 characters, and 82 UTF-16 code units, as a JavaScript host counts.
//
//card:tool
//card:result title="🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉"
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
