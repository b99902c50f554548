package p

import (
	"context"

	"github.com/cardgen/cardgen/testdata/golden/bad_alias_names/api"
)

type In struct {
	ID string `json:"id"`
}

// Get returns an alias of a pointer to a type of api's internal package: no name of the type
// itself can be written here.
//
//card:tool
func Get(ctx context.Context, in In) (api.OrderRef, error) { return nil, nil }

// Status returns an alias of a pointer to an unexported type of api.
//
//card:tool
func Status(ctx context.Context, in In) (api.StatusRef, error) { return nil, nil }
