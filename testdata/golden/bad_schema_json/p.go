package p

import (
	"context"
	"encoding/json"
	"net/url"
)

// Search finds orders. Its types hold what invopop describes one way and encoding/json reads or
// writes another, or a schema the MCP Go SDK refuses: each would fail every call at run time.
//
//card:tool search_orders
func Search(ctx context.Context, in In) (*Out, error) { return nil, nil }

type In struct {
	Pages []int  `json:"pages" jsonschema:"default=1,default=2"`
	Sort  string `json:"sort" jsonschema:"enum=asc,enum=desc,default=up"`
	Limit int    `json:"limit" jsonschema:"minimum=1,default=0"`
	Extra Extra  `json:"extra,inline"`
	Home  url.URL
}

type Extra struct {
	Note string `json:"note"`
}

type Money struct{ Cents int }

func (Money) MarshalJSON() ([]byte, error) { return json.Marshal("1.00") }

type Out struct {
	Total Money `json:"total"`
	// The tag states Money's JSON; the string option does nothing to a type with MarshalJSON.
	Quoted Money `json:"quoted,string" jsonschema:"type=integer"`
}
