package p

import "context"

// GetOrder looks up one order. Its examples are valid JSON but not outputs it could send: a
// misspelt key, a string where the schema wants an integer, a missing required field, Go field
// names for JSON names, a key the output does not have at all.
//
//card:tool get_order
//card:result title="Order {{.ID}}"
//card:example {"idd":"1042","total":1250}
//card:example {"id":"1042","total":"1250"}
//card:example {"total":1250}
//card:example {"ID":"1042","Total":1250}
//card:example {"id":"1042","total":1250,"carrier":"GHN"}
//card:example {"id":"1042","total":1250}
func GetOrder(ctx context.Context, in In) (*Order, error) { return nil, nil }

type In struct {
	ID string `json:"id"`
}

type Order struct {
	ID    string `json:"id"`
	Total int    `json:"total"`
}
