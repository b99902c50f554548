package p

import "context"

// F gets an order.
//
//card:tool get_order
func F(ctx context.Context, in In) (*Out, error) { return nil, nil }

// G differs from F's tool name only in punctuation.
//
//card:tool get.order
func G(ctx context.Context, in In) (*Out, error) { return nil, nil }

// H differs only in case.
//
//card:tool getOrder
func H(ctx context.Context, in In) (*Out, error) { return nil, nil }

// ListOrders is fine, but the package declares its schema variable itself.
//
//card:tool
//card:reply "Listed {{.ID}}"
func ListOrders(ctx context.Context, in In) (*Out, error) { return nil, nil }

var listOrdersInputSchema = 1

func listOrdersReply() {}

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
}
