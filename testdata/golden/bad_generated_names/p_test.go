package p

import "testing"

// TestCardgenGolden is the name of the generated golden test, which go test compiles with this
// file.
func TestCardgenGolden(t *testing.T) {}

// getText is the constant of Get's card text.
var getText = 1
