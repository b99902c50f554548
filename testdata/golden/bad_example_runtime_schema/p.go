package p

import (
	"context"

	"github.com/invopop/jsonschema"
)

// Status describes its own schema, which invopop asks for when the server starts: the output
// schema is reflected then, and cardgen checks the examples against the rest of it, where a
// Status takes any value.
type Status string

func (Status) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{Type: "string", Enum: []any{"pending", "shipped"}}
}

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID     string `json:"id"`
	Count  int    `json:"count"`
	Status Status `json:"status"`
}

// Find finds. Its first example has a misspelt key and a count of the wrong type; its second
// is right as far as cardgen can tell (the golden test holds the status to the enum).
//
//card:tool
//card:example {"id":"1","statuss":"pending","count":"two","status":"pending"}
//card:example {"id":"2","count":2,"status":"shipped"}
func Find(ctx context.Context, in In) (*Out, error) { return &Out{ID: in.ID}, nil }
