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

func TestF(t *testing.T) { _, _ = F(context.Background(), In{}) }
