// Package p has result cards without a title, each told what will give it one.
package p

import (
	"context"

	"github.com/cardgen/cardgen/testdata/golden/bad_card_no_title/api"
)

type In struct {
	ID string `json:"id"`
}

// Out misspells its title slot: that is reported where it stands, and not again as a card
// without a title.
type Out struct {
	Name string `json:"name" card:"titel"`
}

// Get gets.
//
//card:tool
//card:result subtitle="{{.Name}}"
func Get(ctx context.Context, in In) (*Out, error) { return &Out{}, nil }

// Fetch returns another package's type, whose card tags cardgen does not read: tagging its
// field is no way to give the card a title.
//
//card:tool
//card:result subtitle="{{.Note}}"
func Fetch(ctx context.Context, in In) (*api.Resp, error) { return &api.Resp{}, nil }
