package viewtest

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/internal/apphost"
	"github.com/cardgen/cardgen/runtime/apps"
)

// servedView finds the view of tool the way a host does: the tool's
// _meta.ui.resourceUri from tools/list, then resources/read of that URI.
func servedView(t *testing.T, cs *mcp.ClientSession, tool string) []byte {
	t.Helper()
	ctx := context.Background()
	var uri string
	for tl, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatalf("tools/list: %v", err)
		}
		if tl.Name != tool {
			continue
		}
		ui, _ := tl.Meta["ui"].(map[string]any)
		uri, _ = ui["resourceUri"].(string)
		if uri == "" {
			t.Fatalf("tool %s has no _meta.ui.resourceUri: %v", tool, tl.Meta)
		}
	}
	if uri == "" {
		t.Fatalf("tools/list has no tool %s", tool)
	}
	res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
	if err != nil {
		t.Fatalf("resources/read %s: %v", uri, err)
	}
	if len(res.Contents) != 1 || res.Contents[0].MIMEType != apps.MIMEType || res.Contents[0].Text == "" {
		t.Fatalf("resources/read %s = %d contents, want one %s text", uri, len(res.Contents), apps.MIMEType)
	}
	return []byte(res.Contents[0].Text)
}

// TestShopServesResultCardView checks that the card tools without a view of
// their own are served the built-in result card view, which
// TestResultCardShop runs with their results.
func TestShopServesResultCardView(t *testing.T) {
	t.Parallel()
	cs := connectShop(t)
	for _, tc := range shopCards {
		if tc.tool == "get_order" {
			continue // has its own order view; see TestShopOrderView
		}
		if html := servedView(t, cs, tc.tool); !bytes.Equal(html, apps.ResultCardView()) {
			t.Errorf("%s is served a view other than apps.ResultCardView (%d bytes)", tc.tool, len(html))
		}
	}
}

// TestShopOrderView runs the order view that the shop serves for get_order
// with the real result, and its Track, Refresh and Cancel buttons against
// the real server.
func TestShopOrderView(t *testing.T) {
	t.Parallel()
	h := apphost.Require(t)
	cs := connectShop(t)
	input := map[string]any{"id": "1042"}
	p := h.Open(t, apphost.Scenario{
		HTML:       servedView(t, cs, "get_order"),
		ToolInput:  input,
		ToolResult: call(t, cs, "get_order", input),
		OnToolCall: func(name string, args map[string]any) (json.RawMessage, error) {
			return callResult(cs, name, args)
		},
	})

	handshake(t, p)
	eventuallyText(t, p, "#order-title", "Order #1042")
	for _, x := range []struct{ sel, want string }{
		{"#order-status", "Shipped"},
		{"#order-eta", "Friday"},
		{"#order-total", "1,250,000 ₫"},
		{"#order-carrier", "GHN"},
		{"#order-customer", "Lan Nguyen <lan@example.com>"},
		{"#order-lines-body .order-line-amount", "1,250,000 ₫"},
	} {
		eventuallyText(t, p, x.sel, x.want)
	}
	sized(t, p)
	fitted(t, p)
	screenshot(t, p, "shop-order-view.png")

	eventuallyStyle(t, p, "body", "background-color", "rgb(255, 255, 255)")
	if err := p.SetTheme("dark"); err != nil {
		t.Fatal(err)
	}
	eventuallyStyle(t, p, "body", "background-color", "rgb(24, 24, 27)")

	clickSends(t, p, "#order-track", "ui/open-link", `{"url":"https://shop.example.com/o/1042"}`)
	clickSends(t, p, "#order-refresh", "tools/call", `{"name":"refresh_order","arguments":{"id":"1042"}}`)
	eventuallyText(t, p, "#order-message", "")
	clickSends(t, p, "#order-cancel", "tools/call", `{"name":"cancel_order","arguments":{"id":"1042"}}`)
	eventuallyText(t, p, "#order-message", "The refund reaches your card in 3 to 5 days.")
	eventuallyText(t, p, "#order-status", "Cancelled")
	if disabled := eval[bool](t, p, `document.getElementById("order-cancel").disabled`); !disabled {
		t.Error("Cancel is enabled for a cancelled order")
	}
	screenshot(t, p, "shop-order-view-cancelled.png")

	tornDown(t, p)
	noPageErrors(t, p)
}

// TestShopOrderViewHostileData puts xss into every string of the order that
// the order view shows.
func TestShopOrderViewHostileData(t *testing.T) {
	t.Parallel()
	h := apphost.Require(t)
	order := map[string]any{
		"id": xss, "status": xss, "eta": xss, "total": 1, "carrier": xss, "track_url": xss,
		"customer": map[string]any{"name": xss, "email": xss},
		"lines":    []any{map[string]any{"product_id": xss, "quantity": 1, "price": 1}},
	}
	res, err := json.Marshal(map[string]any{
		"content":           []any{map[string]any{"type": "text", "text": xss}},
		"structuredContent": order,
	})
	if err != nil {
		t.Fatal(err)
	}
	p := h.Open(t, apphost.Scenario{HTML: servedView(t, connectShop(t), "get_order"), ToolResult: res})
	eventuallyText(t, p, "#order-title", "Order #"+xss)
	for _, x := range []struct{ sel, want string }{
		{"#order-status", xss},
		{"#order-eta", xss},
		{"#order-carrier", xss},
		{"#order-customer", xss + " <" + xss + ">"},
		{"#order-lines-body .order-line-product", xss},
	} {
		eventuallyText(t, p, x.sel, x.want)
	}
	if n := eval[int](t, p, `document.querySelectorAll("img, [onerror]").length`); n != 0 {
		t.Errorf("%d img or onerror elements, want 0", n)
	}
	if hidden := eval[bool](t, p, `document.getElementById("order-track").hidden`); !hidden {
		t.Error("Track is shown for a track_url that is not https")
	}
	noPageErrors(t, p)
}
