package p

import "context"

// Product is shown by the same card wherever it is returned.
type Product struct {
	ID       string  `json:"id"`
	Name     string  `json:"name" card:"title"`
	Category string  `json:"category" card:"subtitle"`
	Price    uint32  `json:"price" card:"field=Price"`
	Rating   float32 `json:"rating" card:"field=Rating"`
	Page     string  `json:"page" card:"action=Open"`
	Image    string  `json:"image" card:"image"`
	Secret   string  `json:"-" card:"-"`
}

type In struct {
	ID string `json:"id"`
}

// GetProduct shows a product with the type's card.
//
//card:tool readonly
func GetProduct(ctx context.Context, in In) (*Product, error) { return &Product{ID: in.ID}, nil }

// FeatureProduct shows a product with the type's card and its own title.
//
//card:tool readonly
//card:result title="Featured: {{.Name}}"
func FeatureProduct(ctx context.Context, in In) (*Product, error) { return &Product{ID: in.ID}, nil }
