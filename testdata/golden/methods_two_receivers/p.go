package p

import "context"

type Orders struct{}
type Users struct{}

// Get returns an order.
//
//card:tool get_order readonly
func (o *Orders) Get(ctx context.Context, in In) (*Out, error) { return &Out{ID: in.ID}, nil }

// Get returns a user.
//
//card:tool get_user readonly
func (u Users) Get(ctx context.Context, in In) (*Out, error) { return &Out{ID: in.ID}, nil }

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
