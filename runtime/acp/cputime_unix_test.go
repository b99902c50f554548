//go:build unix

package acp

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time this process has used. Benchmarks report
// it next to wall time because wall time on a shared, loaded machine says
// more about the neighbours than about the code.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
