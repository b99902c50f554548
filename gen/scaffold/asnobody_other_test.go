//go:build !unix

package scaffold

import "testing"

// rerunAsNobody does nothing where there is no root to step down from: the test runs as it is.
func rerunAsNobody(t *testing.T) bool { return false }
