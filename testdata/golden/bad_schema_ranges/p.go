// Package p has jsonschema bounds that leave no value in between: the SDK would refuse every
// value of each field, so every call of the tool would fail, and bounds past what a field's
// integer type holds.
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
	// Bounds past the range of an integer type, whose ends the schema states already.
	Level uint8    `json:"level" jsonschema:"maximum=300"`
	Count uint     `json:"count" jsonschema:"minimum=-1"`
	Small int8     `json:"small" jsonschema:"minimum=200"`
	Port  uint16   `json:"port" jsonschema:"exclusiveMaximum=0"`
	Ids   []uint32 `json:"ids" jsonschema:"maximum=5e9"`
	Fine  uint8    `json:"fine" jsonschema:"minimum=0,maximum=255,exclusiveMinimum=-1"`
	Text  int8     `json:"text,string" jsonschema:"minimum=-1000"`
}

type Out struct {
	OK bool `json:"ok"`
}

// Check checks.
//
//card:tool
func Check(ctx context.Context, in In) (*Out, error) { return &Out{}, nil }
