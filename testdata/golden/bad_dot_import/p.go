// Package p dot-imports a package that exports RegisterTools and GetCard, which cardgen declares
// in p: the generated file would not compile ("already declared through dot-import").
package p

import (
	"context"

	. "github.com/cardgen/cardgen/testdata/golden/bad_dot_import/lib"
)

type Out struct {
	ID string `json:"id"`
}

// Get gets.
//
//card:tool
//card:result title="Item {{.ID}}"
func Get(ctx context.Context, in In) (*Out, error) { return &Out{ID: in.ID}, nil }
