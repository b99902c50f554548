package p

import (
	"context"

	"github.com/cardgen/cardgen/testdata/golden/bad_build_constraints/model"
)

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
}

// Common is built everywhere.
//
//card:tool
func Common(ctx context.Context, in In) (*Out, error) { return nil, nil }

// Detail's output reaches a type declared per platform: its schema would differ between them.
//
//card:tool
func Detail(ctx context.Context, in In) (*Detailed, error) { return nil, nil }

// Again uses the same output: the type is reported once.
//
//card:tool
func Again(ctx context.Context, in In) (*Detailed, error) { return nil, nil }

type Detailed struct {
	ID    string    `json:"id"`
	Paths []*OSPath `json:"paths"`
}

// Stat's output reaches types declared in constrained files, which it does not use, or that
// every platform builds: none is reported.
//
//card:tool
func Stat(ctx context.Context, in In) (*Stat2, error) { return nil, nil }

type Stat2 struct {
	ID   string   `json:"id"`
	stat *sysStat // unexported: neither schema nor card reads it
	Meta *OSPath  `json:"-"`
	New  Recent   `json:"new"` // in a file every first-class port builds (//go:build go1.21)
}

// List's output, of another package of the module, reaches a type declared per platform there.
//
//card:tool
func List(ctx context.Context, in In) (*model.Listing, error) { return nil, nil }

// Price is declared everywhere, but its String method only on Linux (price_linux.go): a card
// shows a Price through it there and as a number elsewhere.
type Price int64

type Priced struct {
	Total Price `json:"total"`
}

// Quote shows a Price on its card.
//
//card:tool
//card:result title="Quote" subtitle="{{.Total}}"
func Quote(ctx context.Context, in In) (*Priced, error) { return nil, nil }
