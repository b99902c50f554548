package shop_test

import (
	"context"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/examples/shop"
)

// TestNotFoundQuotesAsJSON: a handler's error reaches the client as the text of a JSON reply, so
// the caller's id in it is quoted as JSON quotes it: "\u0001", which a JSON reader decodes, where
// Go's %q wrote "\x01"; HTML's characters stay as they are, as in every message cardgen's run time
// writes (the text is JSON data, never markup).
func TestNotFoundQuotesAsJSON(t *testing.T) {
	const id = "9\x01<b>"
	const want = `"9\u0001<b>"`
	cs := connect(t)
	ctx := context.Background()
	for _, tool := range []string{"get_order", "refresh_order", "review_cancellation", "cancel_order", "get_product"} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: map[string]any{"id": id}})
		if err != nil {
			t.Fatalf("%s: %v", tool, err)
		}
		var text strings.Builder
		for _, c := range res.Content {
			if tc, ok := c.(*mcp.TextContent); ok {
				text.WriteString(tc.Text)
			}
		}
		if !res.IsError || !strings.Contains(text.String(), want) {
			t.Errorf("%s with id %q: error=%v %s; want an error quoting the id as %s", tool, id, res.IsError, text.String(), want)
		}
	}
	// checkout_preview's schema admits only the catalogue's ids, so its handler is called directly.
	_, err := shop.New().CheckoutPreview(ctx, shop.CheckoutInput{ProductID: id, Quantity: 1, Email: "a@example.com"})
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("CheckoutPreview with product id %q: %v; want an error quoting it as %s", id, err, want)
	}
}
