//go:build linux

package p

import "context"

// OnLinux is built only on Linux; RegisterTools would not compile elsewhere.
//
//card:tool
func OnLinux(ctx context.Context, in In) (*Out, error) { return nil, nil }

// OnLinuxCard is refused for its file too, and its card is checked all the same: both
// mistakes are reported in one run.
//
//card:tool
//card:result title="Sum {{.Summ}}"
func OnLinuxCard(ctx context.Context, in In) (*Out, error) { return nil, nil }
