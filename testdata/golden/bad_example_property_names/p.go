package p

import "context"

// Get has output properties whose JSON names hold ": " and a validator keyword. Its examples'
// mistakes are reported at the value and with the schema's own words, as for any other name.
//
//card:tool
//card:example {"n: type":11,"s: enum":"x"}
//card:example {"n: type":"eleven","s: enum":"red"}
func Get(ctx context.Context, in In) (*Out, error) { return nil, nil }

type In struct{}

type Out struct {
	N int    `json:"n: type" jsonschema:"maximum=10"`
	S string `json:"s: enum" jsonschema:"enum=red,enum=green"`
}
