//go:build !linux

package main

import (
	"os"
	"testing"
)

// rerunForReadOnly skips the test as root, who writes into read-only directories: only on Linux
// does the test make a read-only mount instead.
func rerunForReadOnly(t *testing.T) bool {
	if os.Geteuid() == 0 {
		t.Skip("root writes into read-only directories; on Linux the test runs in a mount namespace instead")
	}
	return false
}

// makeReadOnly makes dir read-only until the test ends, and returns the error text of a write
// into it.
func makeReadOnly(t *testing.T, dir string) string { return chmodReadOnly(t, dir) }
