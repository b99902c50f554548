package gen

import (
	"testing"

	"github.com/cardgen/cardgen/runtime/mdcard"
)

// TestReservedViewPaths holds gen's copy of the markdown view's path to mdcard's: a //card:ui view
// of that path is refused because the package's ui registry serves the built-in view there.
func TestReservedViewPaths(t *testing.T) {
	if markdownViewPath != mdcard.ViewPath {
		t.Errorf("markdownViewPath = %q; mdcard.ViewPath is %q", markdownViewPath, mdcard.ViewPath)
	}
}
