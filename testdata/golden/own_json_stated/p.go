// Package p has fields of a type that writes and reads its own JSON (as decimal.Decimal and
// null.String do), whose json tags state that JSON: cardgen takes the tag as their schema.
package p

import (
	"context"
	"strconv"
	"strings"
)

// Cents is an amount written as a JSON string of digits by its own methods.
type Cents int64

// MarshalJSON writes the amount as a string.
func (c Cents) MarshalJSON() ([]byte, error) {
	return []byte(`"` + strconv.FormatInt(int64(c), 10) + `"`), nil
}

// UnmarshalJSON reads the amount from a string.
func (c *Cents) UnmarshalJSON(b []byte) error {
	n, err := strconv.ParseInt(strings.Trim(string(b), `"`), 10, 64)
	*c = Cents(n)
	return err
}

type Quote struct {
	Item     string `json:"item"`
	Price    Cents  `json:"price" jsonschema:"type=string,pattern=^-?[0-9]+$"`
	Discount *Cents `json:"discount" jsonschema:"oneof_type=string;null"`
}

type QuoteInput struct {
	Item  string `json:"item"`
	Limit Cents  `json:"limit" jsonschema:"type=string,pattern=^[0-9]+$"`
}

// GetQuote prices an item.
//
//card:tool readonly
//card:result title="{{.Item}}" subtitle="{{.Price}}"
//card:fallback "{{.Item}} costs {{.Price}}."
//card:example {"item":"tea","price":"250","discount":null}
func GetQuote(ctx context.Context, in QuoteInput) (*Quote, error) {
	return &Quote{Item: in.Item, Price: 250}, nil
}
