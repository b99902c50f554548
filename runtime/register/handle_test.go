package register

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/runtime/card"
)

// TestHandle drives Handle directly: the handler's error passes through, a nil output with a nil
// error is refused, the card is fitted and attached, and the reply replaces the text content.
func TestHandle(t *testing.T) {
	ctx := context.Background()
	h := func(_ context.Context, _ *mcp.CallToolRequest, in addIn) (*addOut, error) {
		switch in.Name {
		case "fail":
			return nil, errors.New("the handler failed")
		case "nothing":
			return nil, nil
		}
		return &addOut{Greeting: "hello " + in.Name, Count: in.Count}, nil
	}
	build := func(out *addOut) card.Card {
		// Over the title limit and without a fallback: what reaches the host must be fitted.
		return card.Card{Title: out.Greeting + strings.Repeat("!", card.MaxTitle)}
	}
	reply := func(out *addOut) string { return "said " + out.Greeting }

	withCard := Handle(NewConfig(), "greet", h, build, reply)
	if _, _, err := withCard(ctx, nil, addIn{Name: "fail"}); err == nil || err.Error() != "the handler failed" {
		t.Errorf("handler error: got %v, want the handler's own error", err)
	}
	if _, _, err := withCard(ctx, nil, addIn{Name: "nothing"}); err == nil || !strings.Contains(err.Error(), "neither a result nor an error") {
		t.Errorf("nil output: got %v, want NoOutput's error", err)
	}
	res, out, err := withCard(ctx, nil, addIn{Name: "Lan", Count: 2})
	if err != nil || out == nil || out.Greeting != "hello Lan" {
		t.Fatalf("got %+v, %v; want the handler's output", out, err)
	}
	if len(res.Content) != 1 || res.Content[0].(*mcp.TextContent).Text != "said hello Lan" {
		t.Errorf("content %+v; want the reply text", res.Content)
	}
	c, ok, err := card.FromMeta(res.Meta)
	if !ok || err != nil {
		t.Fatalf("no card in _meta %v: %v", res.Meta, err)
	}
	if err := c.Validate(); err != nil || c.FallbackText == "" {
		t.Errorf("attached card %+v is not fitted: %v", c, err)
	}

	plain := Handle(nil, "greet", h, nil, nil)
	res, _, err = plain(ctx, nil, addIn{Name: "Lan"})
	if err != nil || res.Meta != nil || res.Content != nil {
		t.Errorf("without card or reply: got %+v, %v; want an empty result for the SDK to fill", res, err)
	}
}

// TestAdapters checks NoRequest and ByValue pass the input, output and error through.
func TestAdapters(t *testing.T) {
	ctx := context.Background()
	byValue := ByValue(NoRequest(func(_ context.Context, in addIn) (addOut, error) {
		if in.Name == "" {
			return addOut{}, errors.New("no name")
		}
		return addOut{Greeting: in.Name}, nil
	}))
	out, err := byValue(ctx, nil, addIn{Name: "Lan"})
	if err != nil || out == nil || out.Greeting != "Lan" {
		t.Errorf("got %+v, %v; want a pointer to the handler's output", out, err)
	}
	if _, err := byValue(ctx, nil, addIn{}); err == nil || err.Error() != "no name" {
		t.Errorf("got %v; want the handler's error", err)
	}
}
