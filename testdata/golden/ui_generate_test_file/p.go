// Package p names its ui folder on a //go:generate line of its external test file, which go
// generate runs as the package's: cardgen check, run without -ui, takes views/ from it.
package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Ticket struct {
	ID    string `json:"id"`
	State string `json:"state"`
}

// GetTicket shows a ticket in its own view.
//
//card:tool readonly
//card:ui ticket.html
//card:result title="Ticket {{.ID}}" subtitle="{{.State}}"
func GetTicket(ctx context.Context, in In) (*Ticket, error) { return &Ticket{ID: in.ID}, nil }
