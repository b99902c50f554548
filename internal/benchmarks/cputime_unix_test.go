//go:build unix

package benchmarks

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time used so far by this process (all threads, the garbage collector
// included) and by its waited-for children, such as the go list that go/packages runs.
func cpuTime() (time.Duration, bool) {
	var self, children syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &self) != nil || syscall.Getrusage(syscall.RUSAGE_CHILDREN, &children) != nil {
		return 0, false
	}
	ns := self.Utime.Nano() + self.Stime.Nano() + children.Utime.Nano() + children.Stime.Nano()
	return time.Duration(ns), true
}
