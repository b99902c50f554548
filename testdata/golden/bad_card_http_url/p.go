package p

import "context"

// F is a tool with a bad card.
//
//card:tool
//card:result title="Order" icon="http://shop.example.com/icon.png"
//card:action url Track "http://shop.example.com/o/{{.ID}}"
func F(ctx context.Context, in In) (*Order, error) { return nil, nil }

type In struct {
	ID string `json:"id"`
}

type Order struct {
	ID       string   `json:"id"`
	Status   string   `json:"status"`
	TrackURL string   `json:"track_url"`
	Tags     []string `json:"tags"`
	Owner    *Person  `json:"owner,omitempty"`
}

type Person struct {
	Name string `json:"name"`
}

// G takes a whole URL from a number, which is never an https URL.
//
//card:tool
//card:result title="Order" image="{{.PhotoID}}"
func G(ctx context.Context, in In) (*Shipment, error) { return nil, nil }

type Shipment struct {
	PhotoID int  `json:"photo_id"`
	Tracked bool `json:"tracked" card:"action=Track"`
}
