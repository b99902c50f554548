package p_test

import (
	"context"
	"testing"

	"github.com/cardgen/cardgen/cmd/cardvet/testdata/withtests"
)

// X is an annotated helper of the external tests, which cardgen does not read either.
//
//card:tool titel="x2"
func X(ctx context.Context, in p.In) (*p.Out, error) { return nil, nil }

func TestX(t *testing.T) { _, _ = X(context.Background(), p.In{}) }
