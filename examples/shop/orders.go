package shop

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
)

// Status is where an order is in its life.
type Status string

// The statuses an order goes through.
const (
	StatusProcessing Status = "Processing"
	StatusShipped    Status = "Shipped"
	StatusDelivered  Status = "Delivered"
	StatusCancelled  Status = "Cancelled"
)

// Order is one customer order.
type Order struct {
	ID       string    `json:"id" jsonschema:"description=Order number"`
	Status   Status    `json:"status" jsonschema:"enum=Processing,enum=Shipped,enum=Delivered,enum=Cancelled"`
	ETA      string    `json:"eta" jsonschema:"description=When the order arrives in words"`
	Total    Money     `json:"total" jsonschema:"description=Order total in đồng"`
	Carrier  string    `json:"carrier"`
	TrackURL string    `json:"track_url" jsonschema:"format=uri"`
	Customer *Customer `json:"customer,omitempty"`
	Lines    []Line    `json:"lines,omitempty"`
}

// Customer is who placed an order.
type Customer struct {
	Name  string `json:"name"`
	Email string `json:"email" jsonschema:"format=email"`
}

// Line is one product of an order.
type Line struct {
	ProductID string `json:"product_id"`
	Quantity  int    `json:"quantity" jsonschema:"minimum=1"`
	Price     Money  `json:"price"`
}

// GetOrderInput names the order to look up.
type GetOrderInput struct {
	ID string `json:"id" jsonschema:"description=The order number such as 1042,minLength=1,maxLength=20"`
}

// GetOrder looks up one order and shows its status, total and tracking link.
//
//card:tool get_order title="Order status" readonly idempotent
//card:ui orders/card.html
//card:result title="Order #{{.ID}}" subtitle="{{.Status}}" text="Arrives {{.ETA}}."
//card:field Total "{{.Total}}"
//card:field Carrier "{{.Carrier}}"
//card:action url Track "{{.TrackURL}}"
//card:action message Cancel "Cancel order {{.ID}}"
//card:fallback "Order #{{.ID}} {{.Status}}, arrives {{.ETA}}. Total {{.Total}}."
//card:example {"id":"1042","status":"Shipped","eta":"Friday","total":1250000,"carrier":"GHN","track_url":"https://shop.example.com/o/1042"}
func (s *Shop) GetOrder(ctx context.Context, in GetOrderInput) (*Order, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.orders[strings.TrimPrefix(in.ID, "#")]
	if !ok {
		return nil, noOrder(in.ID)
	}
	cp := *o
	return &cp, nil
}

// noOrder is the error for an order number the shop does not have.
func noOrder(id string) error {
	return fmt.Errorf("no order %s; list_orders shows the order numbers", quoted(id))
}

// quoted is s, the caller's text, as a JSON string for an error message: the message reaches
// the client inside a JSON reply, whose readers decode "\u0001" where Go's %q writes "\x01".
// "<", ">" and "&" are written as they are, not as "\u003c" and the like: the message is read,
// not put in a page, and cardgen's own messages quote values so. (The helper they use is internal
// to cardgen; the example uses only what a server of its own can import.)
func quoted(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// RefreshOrder reads an order again for the order view's Refresh button. Only views call it:
// hosts keep it out of the model's tool list.
//
//card:tool refresh_order title="Refresh order" readonly idempotent
//card:visibility app
func (s *Shop) RefreshOrder(ctx context.Context, in GetOrderInput) (*Order, error) {
	return s.GetOrder(ctx, in)
}

// ListOrdersInput filters the order list.
type ListOrdersInput struct {
	Status string `json:"status,omitempty" jsonschema:"description=Only orders with this status,enum=Processing,enum=Shipped,enum=Delivered,enum=Cancelled"`
	Limit  int    `json:"limit,omitempty" jsonschema:"description=At most this many orders,minimum=1,maximum=100,default=20"`
}

// OrderList is a page of orders.
type OrderList struct {
	Orders []OrderSummary `json:"orders"`
	Count  int            `json:"count"`
}

// OrderSummary is one row of the order list.
type OrderSummary struct {
	ID     string `json:"id"`
	Status Status `json:"status"`
	Total  Money  `json:"total"`
}

// ListOrders lists recent orders, optionally only those with one status.
//
//card:tool title="Recent orders" readonly idempotent
func (s *Shop) ListOrders(ctx context.Context, in ListOrdersInput) (*OrderList, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	limit := in.Limit
	if limit <= 0 {
		limit = 20
	}
	list := &OrderList{Orders: []OrderSummary{}}
	for _, o := range s.sortedOrders() {
		if in.Status != "" && string(o.Status) != in.Status {
			continue
		}
		if len(list.Orders) == limit {
			break
		}
		list.Orders = append(list.Orders, OrderSummary{ID: o.ID, Status: o.Status, Total: o.Total})
	}
	list.Count = len(list.Orders)
	return list, nil
}

// CancelReview is what cancelling an order would do, for the user to confirm first.
type CancelReview struct {
	ID     string `json:"id"`
	Status Status `json:"status"`
	Total  Money  `json:"total"`
	Refund Money  `json:"refund"`
}

// ReviewCancellation shows what cancelling an order would do, so the user can confirm before
// cancel_order runs. On Agent Chat Protocol hosts it is a review card.
//
//card:tool review_cancellation title="Review a cancellation" readonly idempotent
//card:acp review
//card:result title="Cancel order #{{.ID}}?" subtitle="{{.Status}}"
//card:field Total "{{.Total}}"
//card:field Refund "{{.Refund}}"
//card:action message "Cancel order" "Cancel order {{.ID}}"
//card:action message "Keep order" "Keep order {{.ID}}"
//card:example {"id":"1043","status":"Processing","total":900000,"refund":900000}
func (s *Shop) ReviewCancellation(ctx context.Context, in GetOrderInput) (*CancelReview, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.orders[in.ID]
	if !ok {
		return nil, noOrder(in.ID)
	}
	if o.Status == StatusDelivered || o.Status == StatusCancelled {
		return nil, fmt.Errorf("order %s is %s and cannot be cancelled", o.ID, strings.ToLower(string(o.Status)))
	}
	return &CancelReview{ID: o.ID, Status: o.Status, Total: o.Total, Refund: o.Total}, nil
}

// CancelOrderInput names the order to cancel and why.
type CancelOrderInput struct {
	ID     string `json:"id" jsonschema:"description=The order number,minLength=1"`
	Reason string `json:"reason,omitempty" jsonschema:"description=Why the customer cancels,maxLength=200"`
}

// Cancellation is the outcome of cancelling an order.
type Cancellation struct {
	ID      string `json:"id"`
	Status  Status `json:"status"`
	Refund  Money  `json:"refund"`
	Message string `json:"message"`
}

// CancelOrder cancels an order that has not been delivered yet and refunds its total.
//
//card:tool cancel_order title="Cancel an order" destructive
//card:result title="Order #{{.ID}} cancelled" subtitle="Refund {{.Refund}}" text="{{.Message}}"
//card:field Refund "{{.Refund}}"
//card:action message "Order again" "Show me order {{.ID}} so I can order it again"
//card:example {"id":"1043","status":"Cancelled","refund":900000,"message":"The refund reaches your card in 3 to 5 days."}
func (s *Shop) CancelOrder(ctx context.Context, in CancelOrderInput) (*Cancellation, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.orders[in.ID]
	if !ok {
		return nil, noOrder(in.ID)
	}
	switch o.Status {
	case StatusDelivered:
		return nil, fmt.Errorf("order %s was delivered; start a return instead", o.ID)
	case StatusCancelled:
		return nil, fmt.Errorf("order %s is already cancelled", o.ID)
	}
	o.Status = StatusCancelled
	return &Cancellation{ID: o.ID, Status: o.Status, Refund: o.Total, Message: "The refund reaches your card in 3 to 5 days."}, nil
}
