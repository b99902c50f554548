// Package cputime reads the CPU time a process has used, for benchmarks and timing tests.
//
// On a machine shared with other builds, wall time swings with the load while CPU time barely
// moves, so cardgen's benchmarks report it next to ns/op and read their ratios from it.
package cputime

import (
	"os"
	"time"
)

// Used is the CPU time used so far by this process (all threads, the garbage collector
// included) and by its waited-for children, such as the go list that go/packages runs. ok is
// false where it is not measured (outside Unix); callers then report wall time only.
func Used() (d time.Duration, ok bool) { return used() }

// PeakRSSKB is the largest resident set size, in kilobytes, of the exited process ps and of the
// children it waited for. ok is false where the system does not report it (outside Unix).
func PeakRSSKB(ps *os.ProcessState) (kb int64, ok bool) { return peakRSSKB(ps) }
