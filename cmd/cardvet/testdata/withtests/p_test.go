package p

import (
	"context"
	"testing"
)

// H is an annotated helper of the tests, which cardgen does not read: its misspelt key is not
// reported.
//
//card:tool titel="h"
func H(ctx context.Context, in In) (*Out, error) { return nil, nil }

// Stauts is a method of Out in the test variant only.
func (Out) Stauts() string { return "" }

func TestF(t *testing.T) { _, _ = F(context.Background(), In{}) }
