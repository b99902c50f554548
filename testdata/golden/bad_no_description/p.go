package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
}

//card:tool get_order readonly
func GetOrder(ctx context.Context, in In) (*Out, error) { return nil, nil }

//card:tool
//card:result title="Order {{.ID}}"
//card:fallback "Order {{.ID}}"
func ListOrders(ctx context.Context, in In) (*Out, error) { return nil, nil }
