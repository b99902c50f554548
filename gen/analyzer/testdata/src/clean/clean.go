// Package clean is annotated correctly: the analyzer reports nothing.
package clean

import "context"

// Shop holds the orders.
type Shop struct{}

// GetOrder looks up one order.
//
//card:tool get_order title="Order status" readonly idempotent
//card:result title="Order #{{.ID}}" subtitle="{{.Status}}"
//card:field Total "{{.Total}}"
//card:action url Track "https://shop.example.com/o/{{.ID}}"
//card:fallback "Order #{{.ID}} is {{.Status}}."
func (s *Shop) GetOrder(ctx context.Context, in In) (*Order, error) { return nil, nil }

// In names an order.
type In struct {
	ID string `json:"id"`
}

// Order is an order.
type Order struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	Total  int64  `json:"total"`
}
