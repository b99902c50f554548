package annotations

import (
	"go/ast"
	"go/token"
	"testing"
)

// benchGroup is a 10-line doc comment like the design's GetOrder handler.
func benchGroup() *ast.CommentGroup {
	lines := []string{
		"// GetOrder looks up one order and shows its status, total and tracking link.",
		"//",
		`//card:tool get_order title="Order status" readonly idempotent`,
		"//card:ui orders/card.html",
		`//card:result title="Order #{{.ID}}" subtitle="{{.Status}}" text="Arrives {{.ETA}}."`,
		`//card:field Total "{{.Total}}"`,
		`//card:field Carrier "{{.Carrier}}"`,
		`//card:action url Track "{{.TrackURL}}"`,
		`//card:fallback "Order #{{.ID}} {{.Status}}, arrives {{.ETA}}. Total {{.Total}}."`,
		`//card:example {"id":"1042","status":"Shipped","eta":"Friday","total":"1,250,000 ₫","carrier":"GHN","track_url":"https://shop.example.com/o/1042"}`,
	}
	g := &ast.CommentGroup{}
	pos := token.Pos(1)
	for _, l := range lines {
		g.List = append(g.List, &ast.Comment{Slash: pos, Text: l})
		pos += token.Pos(len(l) + 1)
	}
	return g
}

func BenchmarkParseCommentGroup(b *testing.B) {
	g := benchGroup()
	if dirs, _, errs := ParseCommentGroup(g); len(dirs) != 8 || len(errs) != 0 {
		b.Fatalf("benchmark input is wrong: %d directives, errors %v", len(dirs), errs)
	}
	b.ReportAllocs()
	for b.Loop() {
		ParseCommentGroup(g)
	}
}
