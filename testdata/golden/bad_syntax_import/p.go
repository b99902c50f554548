package p

import (
	"context"

	"github.com/cardgen/cardgen/testdata/golden/bad_syntax_import/model"
)

type In struct {
	ID string `json:"id"`
}

// Show's output comes from a package with a syntax error. Its syntax errors are reported, and
// not what the card says of the fields the parser could not read ("model.Item has no field
// Title; the fields are ").
//
//card:tool
//card:result title="{{.Title}}"
//card:example {"title":"Hello"}
func Show(ctx context.Context, in In) (*model.Item, error) { return nil, nil }
