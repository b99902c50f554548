// Package p keeps its views in a folder whose name go:embed refuses (aux, reserved on Windows),
// so the generated //go:embed line would stop the build. The line is reported, and the views,
// whose folder is then unknown, are not reported missing from the default one as well.
package p

//go:generate go tool cardgen -ui web/aux

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
//card:ui card.html
func GetTicket(ctx context.Context, in In) (*Ticket, error) { return &Ticket{ID: in.ID}, nil }

// ListTickets shows the same view.
//
//card:tool readonly
//card:ui card.html
func ListTickets(ctx context.Context, in In) (*Ticket, error) { return &Ticket{ID: in.ID}, nil }
