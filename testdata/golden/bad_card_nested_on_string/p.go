package p

import "context"

// F is a tool with a bad card.
//
//card:tool
//card:result title="{{.Status.Name}}" subtitle="{{.Tags.first}}" text="{{.Labels.color}}"
//card:fallback "{{.Updatd}} by {{.Audit.Byy}}"
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
	// A map and a slice: a path cannot select into them, and they cannot be shown whole, so
	// "end the path there" would be no advice.
	Labels map[string]string `json:"labels"`
	// Updated is promoted from Audit: a misspelling of it is told so.
	Audit
}

type Audit struct {
	Updated string `json:"updated"`
	By      string `json:"by"`
}

type Person struct {
	Name string `json:"name"`
}
