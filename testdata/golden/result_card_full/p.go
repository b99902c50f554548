package p

import "context"

// GetOrder looks up one order and shows its status, total and tracking link.
//
//card:tool get_order title="Order status" readonly idempotent
//card:result title="Order #{{.ID}}" subtitle="{{.Status}}" text="Arrives {{.ETA}}.\nThank you." icon="https://shop.example.com/icon.png" image="https://shop.example.com/o/{{.ID}}.jpg"
//card:field Total "{{.Total}}"
//card:field Carrier "{{.Carrier}}"
//card:field Paid "{{.Paid}}"
//card:field Weight "{{.WeightKg}} kg"
//card:action url Track "{{.TrackURL}}"
//card:action message Cancel "Cancel order {{.ID}}"
//card:fallback "Order #{{.ID}} {{.Status}}, arrives {{.ETA}}."
//card:example {"id":"1042","status":"Shipped","eta":"Friday","total":1250000,"carrier":"GHN","paid":true,"weight_kg":1.5,"track_url":"https://shop.example.com/o/1042"}
func GetOrder(ctx context.Context, in In) (*Order, error) { return &Order{ID: in.ID}, nil }

type In struct {
	ID string `json:"id"`
}

type Order struct {
	ID       string  `json:"id"`
	Status   string  `json:"status"`
	ETA      string  `json:"eta"`
	Total    int64   `json:"total"`
	Carrier  string  `json:"carrier"`
	Paid     bool    `json:"paid"`
	WeightKg float64 `json:"weight_kg"`
	TrackURL string  `json:"track_url"`
}
