// Package typos misspells directives, keys and flags and puts a space after //; every one of
// these diagnostics carries a suggested fix (see typos.go.golden).
package typos

import "context"

// GetOrder misspells a key and a flag of //card:tool.
//
// want +2 `unknown key titel for //card:tool; did you mean title\?` `unknown flag readonyl for //card:tool; did you mean readonly\?$`
//
//card:tool get_order titel="Order" readonyl
func GetOrder(ctx context.Context, in In) (*Out, error) { return nil, nil }

// ListOrders misspells a directive and a key of //card:result.
//
// want +4 `unknown directive //card:reslut; did you mean //card:result\?`
// want +4 `unknown key subtitel for //card:result; did you mean subtitle\?`
//
//card:tool list_orders
//card:reslut title="Orders"
//card:result title="Order {{.ID}}" subtitel="{{.Status}}"
func ListOrders(ctx context.Context, in In) (*Out, error) { return nil, nil }

// ShowOrder writes a directive with a space after // and misspells a flag where a name may go.
//
// want +1 `directive must have no space after //; write //card:fallback`
// card:fallback "Order {{.ID}}"
//
// want +2 `unknown flag idempotnet for //card:tool; did you mean idempotent\? \(quote the word to use it as NAME\)`
//
//card:tool idempotnet
func ShowOrder(ctx context.Context, in In) (*Out, error) { return nil, nil }

// TrackOrder misspells two fields of its output in templates, one of them nested; a template
// with an escape before its path gets no fix, since its bytes are not the source's.
//
// want +4 `\{\{\.Stauts\}\}: Out has no field Stauts; did you mean \.Status\?` `\{\{\.Owner\.Nmae\}\}: Person has no field Nmae; did you mean \.Owner\.Name\?`
// want +4 `\{\{\.Stauts\}\}: Out has no field Stauts; did you mean \.Status\?`
//
//card:tool track_order
//card:result title="Order {{.Stauts}}" subtitle="Owner {{.Owner.Nmae}}"
//card:fallback "\u004frder {{.Stauts}}"
func TrackOrder(ctx context.Context, in In) (*Out, error) { return nil, nil }

// In names an order. Its misspelt jsonschema keyword and json option get fixes too; a word that
// could be meant as several (min: minimum, minItems or minLength?; omit) gets none.
type In struct {
	ID   string `json:"id"`
	Code string `json:"code" jsonschema:"minLenght=3"` // want `jsonschema tag: minLenght is not a keyword invopop knows, so it ignores it; did you mean minLength\?`
	Note string `json:"note,omitemtpy"`                // want `json tag: option "omitemtpy" is not one encoding/json knows, so it ignores it; did you mean omitempty\?`
	Low  int    `json:"low" jsonschema:"min=5"`        // want `jsonschema tag: min is not a keyword invopop knows`
	Cut  string `json:"cut,omit"`                      // want `json tag: option "omit" is not one encoding/json knows`
}

// Out is an order.
type Out struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	Owner  Person `json:"owner"`
}

// Person owns an order.
type Person struct {
	Name string `json:"name"`
}

// Ticket misspells slots in its card tags. A fix replaces the word where the source holds its
// bytes, escapes before it or not; a word written with an escape (\x65 for e) gets none.
type Ticket struct {
	ID     string `json:"id" card:"titel"`            // want `unknown card slot "titel"; did you mean title\?`
	Status string "json:\"status\" card:\"subtitel\"" // want `unknown card slot "subtitel"; did you mean subtitle\?`
	Note   string "json:\"note\" card:\"tit\x65l\""   // want `unknown card slot "titel"; did you mean title\?`
}
