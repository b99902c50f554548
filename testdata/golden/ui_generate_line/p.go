// Package p keeps its views in web/, as its //go:generate line tells cardgen: cardgen check,
// cardvet and plain cardgen, run without -ui, take the folder from that line too.
package p

//go:generate go tool cardgen -ui ./web/

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
