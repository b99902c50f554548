// Package p puts directives where they apply to nothing, which cardgen used to skip without a
// word.
package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Order struct {
	ID string `json:"id"`
}

// Ticket is another name for Order: a tool returning Ticket returns an Order.
//
//card:result title="Ticket {{.ID}}"
type Ticket = Order

// Page is generic, and no tool can return it.
//
//card:result title="Page"
type Page[T any] struct {
	Items []T `json:"items"`
}

/*
GetOrder's directive is in a block comment, where it is text.

//card:tool get_order
*/
func GetOrder(ctx context.Context, in In) (*Ticket, error) { return &Ticket{ID: in.ID}, nil }

// FindOrder is a tool; its card is in a block comment.
//
//card:tool
/* //card:result title="Order {{.ID}}" */
func FindOrder(ctx context.Context, in In) (*Order, error) { return &Order{ID: in.ID}, nil }

/*
ListOrders lists orders; its doc comment shows a directive as an example, indented, which is
prose, not a directive:

	//card:tool list_orders readonly
*/
func ListOrders(ctx context.Context, in In) (*Order, error) { return nil, nil }

/*
// Old is commented out, its directive with it: code, not a doc comment.
//
//card:tool old
func Old(ctx context.Context, in In) (*Order, error) { return nil, nil }
*/

// OrdersPage names an instance of Page: no declaration takes the card but a type of its own.
//
//card:result title="Orders"
type OrdersPage = Page[Order]
