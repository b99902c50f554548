package p

import (
	// RegisterTools is generated, and go test compiles this file with it.
	RegisterTools "strings"
	"testing"
)

// TestCardgenGolden is the name of the generated golden test, which go test compiles with this
// file.
func TestCardgenGolden(t *testing.T) {}

// getText is the constant of Get's card text.
var getText = 1

var _ = RegisterTools.ToUpper
