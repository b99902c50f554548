package p

import (
	"context"

	"github.com/cardgen/cardgen/testdata/golden/external_types/model"
)

// The package's names for types declared elsewhere, as an API package's request and response
// types often are.
type (
	GetInput  = model.Lookup
	GetOutput = model.Record
	NoteInput = Note
	Note      struct {
		Text string `json:"text"`
	}
)

// Get takes and returns aliases of another package's types.
//
//card:tool readonly
//card:result title="Record {{.ID}}" subtitle="{{.Owner}}"
//card:example {"id":"r1","owner":"Lan"}
func Get(ctx context.Context, in GetInput) (*GetOutput, error) {
	return &GetOutput{ID: in.ID}, nil
}

// Echo takes an alias of a local type and returns the type by value.
//
//card:tool
func Echo(ctx context.Context, in NoteInput) (Note, error) { return in, nil }
