// Package p's //go:generate lines disagree on the ui folder, and one gives a folder cardgen
// refuses; the view is looked for in the first line's folder.
package p

//go:generate go tool cardgen -ui views

import "context"

type In struct {
	ID string `json:"id"`
}

type Ticket struct {
	ID string `json:"id"`
}

// GetTicket shows a ticket in its own view.
//
//card:tool readonly
//card:ui ticket.html
//card:result title="Ticket {{.ID}}"
func GetTicket(ctx context.Context, in In) (*Ticket, error) { return &Ticket{ID: in.ID}, nil }
