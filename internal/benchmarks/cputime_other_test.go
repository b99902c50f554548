//go:build !unix

package benchmarks

import "time"

// cpuTime is not measured outside Unix; the benchmarks then report wall time only.
func cpuTime() (time.Duration, bool) { return 0, false }
