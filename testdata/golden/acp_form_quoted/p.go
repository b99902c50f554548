package p

import (
	"context"
	"time"
)

// Order holds numbers and a bool the json ",string" option writes as strings: the form asks for
// them with number inputs and a checkbox all the same, as the user answers them.
type Order struct {
	Qty   int     `json:"qty,string" jsonschema:"description=How many"`
	Price float64 `json:"price,string,omitempty"`
	// Gift is a required bool: its checkbox is not required, as unticked means false.
	Gift bool `json:"gift,string"`
	// Ship is an optional date: left blank, it is no answer.
	Ship *time.Time `json:"ship,omitempty"`
	// Size is an enum of quoted numbers: a select, which sends the option as the schema writes it.
	Size int `json:"size,string,omitempty" jsonschema:"enum=38,enum=40"`
}

// Placed is an order's outcome.
type Placed struct {
	ID string `json:"id"`
}

// PlaceOrder places an order from a form card.
//
//card:tool place_order
//card:acp form
func PlaceOrder(ctx context.Context, in Order) (*Placed, error) { return &Placed{ID: "1"}, nil }
