// Package p has jsonschema tags written in the form the MCP Go SDK's own schema inference reads,
// where the whole tag is the description: cardgen reads invopop's form, in which such a tag is
// no keyword at all, so the descriptions would be lost.
package p

import "context"

type In struct {
	ID    string `json:"id" jsonschema:"the order's id"`
	Limit int    `json:"limit,omitempty" jsonschema:"how many orders to return, at most 100"`
	Name  string `json:"name" jsonschema:"required,description=the name"`
	Code  string `json:"code" jsonschema:"uuid"`
	Sort  string `json:"sort" jsonschema:"sort order: asc or desc (default=asc)"`
	User  string `json:"user" jsonschema:"the user id, required"`
	Note  string `json:"note" jsonschema:"required,description=a note, with a comma"`
}

type Out struct {
	OK bool `json:"ok"`
}

// Get gets.
//
//card:tool
func Get(ctx context.Context, in In) (*Out, error) { return &Out{}, nil }
