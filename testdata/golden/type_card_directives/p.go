package p

import "context"

type In struct {
	ID string `json:"id"`
}

// Ticket is a support ticket.
//
//card:result title="Ticket {{.ID}}" subtitle="{{.State}}"
//card:field Owner "{{.Owner}}"
//card:fallback "Ticket {{.ID}} is {{.State}}."
type Ticket struct {
	ID    string `json:"id"`
	State string `json:"state"`
	Owner string `json:"owner"`
}

// GetTicket returns a ticket with the type's card.
//
//card:tool
func GetTicket(ctx context.Context, in In) (*Ticket, error) { return &Ticket{ID: in.ID}, nil }

// CloseTicket closes a ticket; its own fields replace the type's.
//
//card:tool destructive
//card:field Closed "yes"
//card:action message Reopen "Reopen ticket {{.ID}}"
func CloseTicket(ctx context.Context, in In) (*Ticket, error) { return &Ticket{ID: in.ID}, nil }
