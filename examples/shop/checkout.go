package shop

import (
	"context"
	"fmt"
)

// CheckoutInput is a cart to price.
type CheckoutInput struct {
	Items   []CartItem `json:"items" jsonschema:"minItems=1"`
	Email   string     `json:"email" jsonschema:"format=email,description=Where the receipt goes"`
	Express bool       `json:"express,omitempty" jsonschema:"description=Ship express for 50000 ₫ more"`
	Coupon  string     `json:"coupon,omitempty" jsonschema:"pattern=^[A-Z0-9]+$,minLength=4,maxLength=12"`
}

// CartItem is one product in the cart.
type CartItem struct {
	ProductID string `json:"product_id"`
	Quantity  int    `json:"quantity" jsonschema:"minimum=1,maximum=10"`
}

// CheckoutPreview is what the order would cost.
type CheckoutPreview struct {
	Items    int    `json:"items"`
	Subtotal Money  `json:"subtotal"`
	Shipping Money  `json:"shipping"`
	Discount Money  `json:"discount"`
	Total    Money  `json:"total"`
	Email    string `json:"email"`
}

// expressShipping and standardShipping are the shipping prices.
const (
	standardShipping Money = 20_000
	expressShipping  Money = 50_000
)

// CheckoutPreview prices a cart without placing the order: subtotal, shipping, discount, total.
//
//card:tool checkout_preview title="Checkout preview" readonly idempotent
//card:result title="Your order: {{.Total}}" subtitle="{{.Items}} items" text="Receipt to {{.Email}}."
//card:field Subtotal "{{.Subtotal}}"
//card:field Shipping "{{.Shipping}}"
//card:field Discount "{{.Discount}}"
//card:action message "Place order" "Place the order for {{.Total}}"
//card:example {"items":2,"subtotal":1700000,"shipping":20000,"discount":0,"total":1720000,"email":"lan@example.com"}
func (s *Shop) CheckoutPreview(ctx context.Context, in CheckoutInput) (*CheckoutPreview, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := &CheckoutPreview{Email: in.Email, Shipping: standardShipping}
	if in.Express {
		p.Shipping = expressShipping
	}
	for _, it := range in.Items {
		prod, ok := s.products[it.ProductID]
		if !ok {
			return nil, fmt.Errorf("no product %q in the catalogue", it.ProductID)
		}
		if it.Quantity > prod.Stock {
			return nil, fmt.Errorf("only %d of %s in stock", prod.Stock, prod.Name)
		}
		p.Items += it.Quantity
		p.Subtotal += prod.Price * Money(it.Quantity)
	}
	if in.Coupon == "WELCOME10" {
		p.Discount = p.Subtotal / 10
	}
	p.Total = p.Subtotal + p.Shipping - p.Discount
	return p, nil
}
