package p

import "context"

// OnWindows is left out here, so a run here would leave its tool out.
//
//card:tool
func OnWindows(ctx context.Context, in In) (*Out, error) { return nil, nil }
