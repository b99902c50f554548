// Package p is a server moving from the MCP Go SDK's inferred schemas to cardgen: its types
// describe themselves with the SDK's schema package (github.com/google/jsonschema-go), which
// invopop, and so cardgen, never calls, and its tags are partly in the SDK's form.
package p

import (
	"context"
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
)

// Status would lose its enum: invopop calls only a JSONSchema method that returns its own
// *jsonschema.Schema.
type Status string

func (Status) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{Type: "string", Enum: []any{"pending", "shipped"}}
}

// Money is written by MarshalJSON, whose JSON the method was meant to describe.
type Money struct{ Cents int64 }

func (m Money) MarshalJSON() ([]byte, error) { return json.Marshal(m.Cents) }

func (Money) JSONSchema() *jsonschema.Schema { return &jsonschema.Schema{Type: "integer"} }

type In struct {
	Status Status `json:"status"`
	Total  Money  `json:"total"`
	ID     string `json:"id" jsonschema:"identifier"`
	Name   string `json:"name" jsonschema:"Title"`
	Code   string `json:"code" jsonschema:"pattern"`
	Limit  *int   `json:"limit,omitempty" jsonschema:"description=max results,omitempty"`
	Page   *int   `json:"page" jsonschema:"description=the page,omitzero"`
}

type Out struct {
	OK bool `json:"ok"`
}

// Get gets.
//
//card:tool
func Get(ctx context.Context, in In) (*Out, error) { return &Out{}, nil }
