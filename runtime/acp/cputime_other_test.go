//go:build !unix

package acp

import "time"

// cpuTime is not available here; benchmarks then report wall time only.
func cpuTime() (time.Duration, bool) { return 0, false }
