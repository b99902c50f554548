package p

import (
	"context"

	"github.com/cardgen/cardgen/testdata/golden/external_types/model"
)

// Get returns a record whose input and output types live in another package.
//
//card:tool readonly
//card:result title="Record {{.ID}}" subtitle="{{.Owner}}"
//card:example {"id":"r1","owner":"Lan"}
func Get(ctx context.Context, in model.Lookup) (*model.Record, error) {
	return &model.Record{ID: in.ID}, nil
}
