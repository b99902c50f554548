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
//card:ui tickets/view.html
//card:result title="Ticket {{.ID}}" subtitle="{{.State}}"
func GetTicket(ctx context.Context, in In) (*Ticket, error) { return &Ticket{ID: in.ID}, nil }

// CloseTicket has a card and no view: the built-in result-card view draws it.
//
//card:tool destructive
//card:result title="Ticket {{.ID}} closed"
func CloseTicket(ctx context.Context, in In) (*Ticket, error) { return &Ticket{ID: in.ID}, nil }

// ReloadTicket is for the view only.
//
//card:tool readonly
//card:visibility app
func ReloadTicket(ctx context.Context, in In) (*Ticket, error) { return &Ticket{ID: in.ID}, nil }

// ListTickets is for the model only, and shares the view.
//
//card:tool readonly
//card:ui tickets/view.html
//card:visibility model
func ListTickets(ctx context.Context, in In) (*Ticket, error) { return &Ticket{ID: in.ID}, nil }
