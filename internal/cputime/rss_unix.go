//go:build unix

package cputime

import (
	"os"
	"runtime"
	"syscall"
)

func peakRSSKB(ps *os.ProcessState) (int64, bool) {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, false
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return int64(ru.Maxrss) / 1024, true // bytes there, kilobytes elsewhere
	}
	return int64(ru.Maxrss), true
}
