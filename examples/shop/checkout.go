package shop

import (
	"context"
	"fmt"
)

// CheckoutInput is a "buy now" order of one product to price. It is flat — strings, numbers,
// booleans — so that an Agent Chat Protocol form can ask for it (//card:acp form).
type CheckoutInput struct {
	ProductID string `json:"product_id" jsonschema:"title=Product,enum=kb-01,enum=ms-02,enum=mn-27,enum=hd-05"`
	Quantity  int    `json:"quantity" jsonschema:"title=Quantity,minimum=1,maximum=10"`
	Email     string `json:"email" jsonschema:"title=Email,format=email,description=Where the receipt goes"`
	Express   bool   `json:"express,omitempty" jsonschema:"title=Express shipping,description=50000 ₫ instead of 20000 ₫"`
	Coupon    string `json:"coupon,omitempty" jsonschema:"title=Coupon,pattern=^[A-Z0-9]+$,minLength=4,maxLength=12"`
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

// CheckoutPreview prices a "buy now" order of one product without placing it: subtotal, shipping,
// discount, total.
//
//card:tool checkout_preview title="Checkout preview" readonly idempotent
//card:result title="Your order: {{.Total}}" subtitle="{{.Items}} items" text="Receipt to {{.Email}}."
//card:field Subtotal "{{.Subtotal}}"
//card:field Shipping "{{.Shipping}}"
//card:field Discount "{{.Discount}}"
//card:action message "Place order" "Place the order for {{.Total}}"
//card:acp form
//card:example {"items":2,"subtotal":1700000,"shipping":20000,"discount":0,"total":1720000,"email":"lan@example.com"}
func (s *Shop) CheckoutPreview(ctx context.Context, in CheckoutInput) (*CheckoutPreview, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := &CheckoutPreview{Email: in.Email, Shipping: standardShipping}
	if in.Express {
		p.Shipping = expressShipping
	}
	prod, ok := s.products[in.ProductID]
	if !ok {
		return nil, noProduct(in.ProductID)
	}
	if in.Quantity > prod.Stock {
		return nil, fmt.Errorf("only %d of %s in stock", prod.Stock, prod.Name)
	}
	p.Items = in.Quantity
	p.Subtotal = prod.Price * Money(in.Quantity)
	if in.Coupon == "WELCOME10" {
		p.Discount = p.Subtotal / 10
	}
	p.Total = p.Subtotal + p.Shipping - p.Discount
	return p, nil
}
