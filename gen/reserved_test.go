package gen

import (
	"testing"

	"github.com/cardgen/cardgen/runtime/mdcard"
	"github.com/cardgen/cardgen/runtime/register"
)

// TestReservedViewPaths holds gen's copies of run-time names to the originals: the markdown view's
// path (a //card:ui view of that path is refused: the package's ui registry serves the built-in
// view there) and the selection key naming a form's tool (an input field of that name is refused).
func TestReservedViewPaths(t *testing.T) {
	if markdownViewPath != mdcard.ViewPath {
		t.Errorf("markdownViewPath = %q; mdcard.ViewPath is %q", markdownViewPath, mdcard.ViewPath)
	}
	if selectionTool != register.SelectionTool {
		t.Errorf("selectionTool = %q; register.SelectionTool is %q", selectionTool, register.SelectionTool)
	}
}
