// Package p runs cardgen through a -command alias of its //go:generate lines, which go generate
// expands: cardgen check, run without -ui, takes views/ from the line that uses the alias.
package p

//go:generate -command cg go tool cardgen
//go:generate cg -ui views

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
