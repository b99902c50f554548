// Package p has a view in a folder with a go.mod of its own: another module, whose files
// go:embed cannot embed.
package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Ticket struct {
	ID string `json:"id"`
}

// GetTicket shows a ticket in a view of the nested module.
//
//card:tool readonly
//card:ui widgets/card.html
func GetTicket(ctx context.Context, in In) (*Ticket, error) { return &Ticket{ID: in.ID}, nil }
