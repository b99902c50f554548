package p

import "context"

// GetOrder looks up one order. Its examples are valid JSON but not outputs it could send: a
// misspelt key, a string where the schema wants an integer, a missing required field, Go field
// names for JSON names, a key the output does not have at all; and one with three mistakes, each
// reported, not only the first the validator meets.
//
//card:tool get_order
//card:result title="Order {{.ID}}"
//card:example {"idd":"1042","total":1250}
//card:example {"id":"1042","total":"1250"}
//card:example {"total":1250}
//card:example {"ID":"1042","Total":1250}
//card:example {"id":"1042","total":1250,"carrier":"GHN"}
//card:example {"id":"1042","total":1250}
//card:example {"idd":"1042","total":"1250"}
func GetOrder(ctx context.Context, in In) (*Order, error) { return nil, nil }

type In struct {
	ID string `json:"id"`
}

type Order struct {
	ID    string `json:"id"`
	Total int    `json:"total"`
}

// ListOrders's output holds a slice and a map, which an output schema lets be null (a nil slice
// or map encodes as null). An example wrong inside one is reported at the value, not as "no
// alternative of the oneOf matched".
//
//card:tool
//card:result title="{{.Count}} orders"
//card:example {"count":1,"lines":[{"qty":0}],"stock":{}}
//card:example {"count":1,"lines":[],"stock":{"kb-01":"many"}}
//card:example {"count":1,"lines":null,"stock":null}
//card:example {"count":"1","lines":[{"qty":0}],"stock":{"kb-01":"many"},"extra":true}
func ListOrders(ctx context.Context, in In) (*Orders, error) { return nil, nil }

type Orders struct {
	Count int            `json:"count"`
	Lines []Line         `json:"lines"`
	Stock map[string]int `json:"stock"`
}

type Line struct {
	Qty int `json:"qty" jsonschema:"minimum=1"`
}

// Measure's bounds need more than the six decimals the validator prints them with: the
// diagnostic shows them as the schema writes them, and the example's numbers as it writes them.
//
//card:tool
//card:result title="Measure"
//card:example {"tol":0.12345675,"eps":0.00000005}
func Measure(ctx context.Context, in In) (*Tolerance, error) { return nil, nil }

type Tolerance struct {
	Tol float64 `json:"tol" jsonschema:"maximum=0.1234567"`
	Eps float64 `json:"eps" jsonschema:"minimum=0.0000001"`
}

// Ship's examples are wrong deeper than their top-level keys: each diagnostic points at the key
// or array element inside the value that is wrong, or at the key of the object a property is
// missing from, not at the top-level key that holds it.
//
// The last four have two or more wrong values inside one object, which the validator meets in map
// order: each is reported at the first wrong key in byte order, on every run, wherever the text
// has it. (gofmt keeps a doc comment's prose ahead of its directives, so this note stands here.)
//
//card:tool
//card:result title="{{.Carrier}}"
//card:example {"carrier":"GHN","owner":{"name":"Ann","email":5},"parcels":[]}
//card:example {"carrier":"GHN","owner":{"name":"Ann"},"parcels":[]}
//card:example {"carrier":"GHN","owner":{"name":"Ann","email":"a@b","mail":"x"},"parcels":[]}
//card:example {"carrier":"GHN","owner":{"name":"Ann","email":"a@b"},"parcels":[{"kg":1,"tags":["a"]},{"kg":2,"tags":["b",7]}]}
//card:example {"carrier":"GHN","owner":{"name":"Ann","email":"a@b"},"parcels":[{"kg":1,"tags":[]},{"kg":0,"tags":[]}],"notes":{"a":"x","b":3}}
//card:example {"carrier":"GHN","owner":{"name":"Ann","email":"a@b"},"parcels":[{"kg":1,"tags":[]},{"kg":"1","tags":[]}],"owners":[{"name":"Bo","email":"b@c"},5]}
//card:example {"carrier":"GHN","owner":{"name":7,"email":5},"parcels":[]}
//card:example {"carrier":"GHN","owner":{"name":"Ann","email":"a@b"},"parcels":[{"kg":1,"tags":[]},{"tags":[5],"kg":0}]}
//card:example {"carrier":"GHN","owner":{"name":"Ann","email":"a@b"},"parcels":[],"notes":{"b":3,"a":4},"by_day":{"7":{"tags":1,"kg":"x"},"12":{"kg":0,"tags":[]}}}
//card:example {"carrier":"GHN","owner":{"name":"Ann","email":"a@b"},"parcels":[],"backup":{"name":1,"email":2}}
func Ship(ctx context.Context, in In) (*Shipment, error) { return nil, nil }

type Shipment struct {
	Carrier string            `json:"carrier"`
	Owner   Person            `json:"owner"`
	Parcels []Parcel          `json:"parcels"`
	Notes   map[string]string `json:"notes,omitempty"`
	Owners  []*Person         `json:"owners,omitempty"`
	ByDay   map[int]Parcel    `json:"by_day,omitempty"`
	Backup  *Person           `json:"backup,omitempty"`
}

type Person struct {
	Name  string `json:"name"`
	Email string `json:"email"`
}

type Parcel struct {
	Kg   int      `json:"kg" jsonschema:"minimum=1"`
	Tags []string `json:"tags"`
}

// Label's output has no field that can be null. The validator's message about a value inside it
// names every level it passed through; the diagnostic names the innermost, as it does for an
// output with such a field (Ship's).
//
//card:tool
//card:result title="Label"
//card:example {"to":{"name":"Ann","email":5},"from":{}}
func MakeLabel(ctx context.Context, in In) (*Label, error) { return nil, nil }

type Label struct {
	To   Person `json:"to"`
	From Person `json:"from"`
}
