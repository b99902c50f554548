package viewtest

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
	"testing"

	"github.com/cardgen/cardgen/internal/apphost"
	"github.com/cardgen/cardgen/runtime/apps"
)

// shownJSON waits until the textContent of selector is JSON equal to want
// (the starter view shows values with JSON.stringify, whose key order is the
// bridge's, not the server's).
func shownJSON(t *testing.T, p *apphost.Page, selector string, want json.RawMessage) {
	t.Helper()
	var w any
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatalf("bad expectation %s: %v", want, err)
	}
	apphost.Eventually(t, selector+" as JSON", func() (string, error) {
		s, err := p.Text(selector)
		if err != nil {
			return "", err
		}
		var g any
		if err := json.Unmarshal([]byte(s), &g); err != nil {
			return s, err
		}
		if !reflect.DeepEqual(g, w) {
			return s, nil
		}
		return "equal", nil
	}, "equal")
}

// TestStarterView runs the starter view bound to get_order against the real
// shop: it shows the tool input and result, follows the theme, reports its
// size, and its Refresh button calls the tool again through the host and
// shows the new result.
func TestStarterView(t *testing.T) {
	t.Parallel()
	h := apphost.Require(t)
	cs := connectShop(t)
	input := map[string]any{"id": "1042"}
	first := call(t, cs, "get_order", input)

	var mu sync.Mutex
	var calls []string
	var refreshed json.RawMessage
	p := h.Open(t, apphost.Scenario{
		HTML:       apps.StarterViewFor("get_order"),
		ToolInput:  input,
		ToolResult: first,
		OnToolCall: func(name string, args map[string]any) (json.RawMessage, error) {
			res, err := callResult(cs, name, args)
			mu.Lock()
			defer mu.Unlock()
			calls = append(calls, fmt.Sprintf("%s %v", name, args))
			refreshed = res
			return res, err
		},
	})

	handshake(t, p)
	eventuallyText(t, p, "#input", "{\n  \"id\": \"1042\"\n}")
	shownJSON(t, p, "#result", first)
	eventuallyText(t, p, "#status", "")
	sized(t, p)
	fitted(t, p)
	screenshot(t, p, "starter.png")

	eventuallyStyle(t, p, "body", "background-color", "rgb(255, 255, 255)")
	if err := p.SetTheme("dark"); err != nil {
		t.Fatal(err)
	}
	eventuallyStyle(t, p, "body", "background-color", "rgb(24, 24, 27)")
	eventuallyStyle(t, p, "body", "color", "rgb(250, 250, 250)")

	// The order changes on the server, so the refreshed result differs
	// from the first one.
	call(t, cs, "cancel_order", map[string]any{"id": "1042"})
	clickSends(t, p, "#refresh", "tools/call", `{"name":"get_order","arguments":{"id":"1042"}}`)
	eventuallyText(t, p, "#status", "")
	mu.Lock()
	gotCalls, want := calls, refreshed
	mu.Unlock()
	if !reflect.DeepEqual(gotCalls, []string{"get_order map[id:1042]"}) {
		t.Fatalf("OnToolCall calls = %q, want one get_order map[id:1042]", gotCalls)
	}
	var order struct {
		StructuredContent struct{ Status string } `json:"structuredContent"`
	}
	if err := json.Unmarshal(want, &order); err != nil || order.StructuredContent.Status != "Cancelled" {
		t.Fatalf("refreshed result %s (%v) is not the cancelled order", want, err)
	}
	shownJSON(t, p, "#result", want)
	fitted(t, p)
	screenshot(t, p, "starter-refreshed.png")

	tornDown(t, p)
	noPageErrors(t, p)
}

// TestStarterViewRefreshError checks that a failing tools/call is reported
// in the view.
func TestStarterViewRefreshError(t *testing.T) {
	t.Parallel()
	p := apphost.Require(t).Open(t, apphost.Scenario{
		HTML:       apps.StarterViewFor("get_order"),
		ToolInput:  map[string]any{"id": "1042"},
		ToolResult: json.RawMessage(`{"content":[{"type":"text","text":"Order 1042"}]}`),
		OnToolCall: func(name string, args map[string]any) (json.RawMessage, error) {
			return nil, fmt.Errorf("order service unavailable")
		},
	})
	clickSends(t, p, "#refresh", "tools/call", `{"name":"get_order","arguments":{"id":"1042"}}`)
	eventuallyText(t, p, "#status", "Refresh failed: order service unavailable")
	if disabled := eval[bool](t, p, `document.getElementById("refresh").disabled`); disabled {
		t.Error("Refresh stays disabled after the failed call; want it enabled for a retry")
	}
	noPageErrors(t, p)
}

// TestStarterTemplate checks that the unfilled template, whose
// <meta name="mcp-tool"> still says TOOL_NAME, keeps Refresh disabled
// instead of calling a tool that does not exist.
func TestStarterTemplate(t *testing.T) {
	t.Parallel()
	p := apphost.Require(t).Open(t, apphost.Scenario{
		HTML:       apps.StarterView(),
		ToolResult: json.RawMessage(`{"content":[{"type":"text","text":"hello"}]}`),
	})
	handshake(t, p)
	eventuallyText(t, p, "#status", "")
	if disabled := eval[bool](t, p, `document.getElementById("refresh").disabled`); !disabled {
		t.Error("Refresh is enabled in the unfilled template; want it disabled")
	}
	tornDown(t, p)
	noPageErrors(t, p)
}
