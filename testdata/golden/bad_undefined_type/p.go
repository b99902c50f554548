package p

import "context"

type In struct {
	ID string `json:"id"`
	// X's type is not declared: the compiler's "undefined" is the one report, not also a
	// schema problem about an invalid type.
	X Undef `json:"x"`
}

type Out struct {
	ID string `json:"id"`
}

// Get takes an input with a field of an undeclared type.
//
//card:tool
func Get(ctx context.Context, in In) (*Out, error) { return nil, nil }

// Show has a card mistake of cardgen's own, reported in the same run.
//
//card:tool
//card:result title="{{.Nope}}"
func Show(ctx context.Context, in Out) (*Out, error) { return nil, nil }

// Find takes and returns types that are not declared: the compiler's "undefined" is the one
// report, not also "the input of handler Find is invalid type".
//
//card:tool
func Find(ctx context.Context, in FindInput) (*FindResult, error) { return nil, nil }

// Twice is declared twice: go/types words that as an error and an indented note at the other
// declaration, which is one diagnostic here, as go build prints the note under the error.
var Twice int

var Twice string
