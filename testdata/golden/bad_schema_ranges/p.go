// Package p has jsonschema bounds that leave no value in between: the SDK would refuse every
// value of each field, so every call of the tool would fail.
package p

import "context"

type In struct {
	Qty    int      `json:"qty" jsonschema:"minimum=5,maximum=1"`
	Rate   float64  `json:"rate" jsonschema:"exclusiveMinimum=3,exclusiveMaximum=3"`
	Score  float64  `json:"score" jsonschema:"minimum=2,exclusiveMaximum=2"`
	Code   string   `json:"code" jsonschema:"minLength=4,maxLength=2"`
	Tags   []string `json:"tags" jsonschema:"minItems=3,maxItems=1"`
	Exact  int      `json:"exact" jsonschema:"minimum=2,maximum=2"`
	Letter []string `json:"letter" jsonschema:"minLength=1,maxLength=1"`
}

type Out struct {
	OK bool `json:"ok"`
}

// Check checks.
//
//card:tool
func Check(ctx context.Context, in In) (*Out, error) { return &Out{}, nil }
