package p

import "context"

// Search finds orders. Its types' tags have mistakes that invopop and encoding/json would ignore
// without a word, each leaving a constraint out of the schema or making a field required.
//
//card:tool search_orders
func Search(ctx context.Context, in In) (*Out, error) { return nil, nil }

type In struct {
	Query  string `json:"query" jsonschema:"requird,minLenght=1"`
	Limit  int    `json:"limit" jsonschema:"maxLength=100"`
	Status string `json:"status" jsonschema:"description=open, paid or void"`
	Sort   string `json:"sort" jsonschema:"required=true,enum:asc"`
	Page   int    `json:"page" jsonschema:"minimum=one,maximum=1e2"`
	Tags   []int  `json:"tags" jsonschema:"maxItems=ten,minimum=x"`
	From   string `json:"from",jsonschema:"format=date"`
	To     string `json: "to"`
	note   string `json:"note"`
}

type Out struct {
	IDs  []string `json:"ids" jsonschema:"minItems=1,maxLength=32"`
	Next string   `json:"next,omitemtpy"`
}
