package p

import (
	"context"

	"github.com/cardgen/cardgen/testdata/golden/bad_foreign_card_tags/model"
)

type In struct {
	ID string `json:"id"`
}

// Get returns a type of another package with card tags and gives the tool no card of its own:
// the tags are not read here.
//
//card:tool readonly
func Get(ctx context.Context, in In) (*model.Thing, error) { return &model.Thing{ID: in.ID}, nil }

// Named gives the tool its own card: fine.
//
//card:tool readonly
//card:result title="Thing {{.ID}}"
func Named(ctx context.Context, in In) (*model.Thing, error) { return &model.Thing{ID: in.ID}, nil }
