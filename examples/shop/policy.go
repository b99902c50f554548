package shop

import (
	"context"
	_ "embed"
)

// shippingPolicy is the shop's shipping policy, a long markdown document.
//
//go:embed policy/shipping.md
var shippingPolicy string

// PolicyInput selects a part of a policy document; long documents come in parts.
type PolicyInput struct {
	Part int `json:"part,omitempty" jsonschema:"minimum=1,description=Part of the document to show (1-based)"`
}

// Policy is a policy document. cardgen serves it as a markdown card: the card:"markdown" field
// is rendered a part at a time, under the card:"title" field's title.
type Policy struct {
	Title    string `json:"title" card:"title"`
	Markdown string `json:"markdown" card:"markdown"`
}

// ShippingPolicy shows the shop's shipping policy as a markdown card: carriers, rates, delivery
// times by province, late and lost parcels, cancelling and returns.
//
//card:tool shipping_policy title="Shipping policy" readonly idempotent
//card:example {"title":"Shipping policy","markdown":"# Shipping policy\n\nHow we ship.\n\n## Rates\n\n| Service | Price |\n|---|---|\n| Standard | 20,000 ₫ |\n\n## Returns\n\nWithin 30 days."}
func (s *Shop) ShippingPolicy(ctx context.Context, in PolicyInput) (*Policy, error) {
	return &Policy{Title: "Shipping policy", Markdown: shippingPolicy}, nil
}
