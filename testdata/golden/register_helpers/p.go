// Package p has tools of every kind that RegisterTools passes variables to, in an order that
// spreads them over helpers when RegisterTools is split (gen's TestRegisterHelpers splits it
// into functions of two tools): methods of two receivers, a view shared across helpers, result
// cards drawn by the built-in view, a markdown document, and a function.
package p

import "context"

type Orders struct{}
type Users struct{}

type In struct {
	ID string `json:"id"`
}

type Order struct {
	ID    string `json:"id"`
	State string `json:"state"`
}

// GetOrder shows an order in the orders view.
//
//card:tool readonly
//card:ui orders/view.html
//card:result title="Order {{.ID}}" subtitle="{{.State}}"
func (o *Orders) GetOrder(ctx context.Context, in In) (*Order, error) {
	return &Order{ID: in.ID}, nil
}

// Ping has no card.
//
//card:tool readonly
func Ping(ctx context.Context, in In) (*Order, error) { return &Order{ID: in.ID}, nil }

// GetUser has a card the built-in view draws.
//
//card:tool readonly
//card:result title="User {{.ID}}"
func (u Users) GetUser(ctx context.Context, in In) (Order, error) { return Order{ID: in.ID}, nil }

// ListOrders shares the orders view with GetOrder, registered by another helper.
//
//card:tool readonly
//card:ui orders/view.html
//card:visibility model
func (o *Orders) ListOrders(ctx context.Context, in In) (*Order, error) {
	return &Order{ID: in.ID}, nil
}

type GuideInput struct {
	Topic string `json:"topic"`
	Part  int    `json:"part,omitempty" jsonschema:"minimum=1"`
}

// Guide is a markdown document.
type Guide struct {
	Title string `json:"title" card:"title"`
	Body  string `json:"body" card:"markdown"`
}

// GetGuide returns a guide, served as a markdown card a part at a time.
//
//card:tool readonly
//card:example {"title":"Setup","body":"# Setup\n\nIntro."}
func GetGuide(ctx context.Context, in GuideInput) (*Guide, error) {
	return &Guide{Title: in.Topic}, nil
}

// Reload is for views only.
//
//card:tool
//card:visibility app
func (u Users) Reload(ctx context.Context, in In) (*Order, error) { return &Order{ID: in.ID}, nil }
