package p

import "context"

// Echo returns its input by value.
//
//card:tool echo idempotent
//card:result title="Echo {{.ID}}"
func Echo(ctx context.Context, in In) (Out, error) { return Out{ID: in.ID}, nil }

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID    string   `json:"id"`
	Name  string   `json:"name"`
	Tags  []string `json:"tags,omitempty"`
	Owner *Person  `json:"owner,omitempty"`
}

type Person struct {
	Name string `json:"name"`
}
