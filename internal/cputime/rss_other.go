//go:build !unix

package cputime

import "os"

func peakRSSKB(*os.ProcessState) (int64, bool) { return 0, false }
