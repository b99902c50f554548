package p

import (
	"context"

	"github.com/invopop/jsonschema"
)

// Colour is described by its own JSONSchema method, which only invopop can run.
type Colour string

func (Colour) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{Type: "string", Enum: []any{"red", "green"}}
}

type Paint struct {
	Colour Colour `json:"colour"`
}

// Mix mixes paint.
//
//card:tool
func Mix(ctx context.Context, in Paint) (*Out, error) { return &Out{}, nil }

type In struct {
	ID string `json:"id"`
}

// Out has a field of a type with a JSONSchema method too, so its output schema is reflected at
// init, with the nulls encoding/json writes (Tags, Owner) allowed.
type Out struct {
	ID     string   `json:"id"`
	Colour Colour   `json:"colour"`
	Mixed  []Colour `json:"mixed"`
	Name   string   `json:"name"`
	Tags   []string `json:"tags,omitempty"`
	Owner  *Person  `json:"owner,omitempty"`
}

type Person struct {
	Name string `json:"name"`
}
