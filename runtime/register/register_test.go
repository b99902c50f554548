package register

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/runtime/card"
)

// TestAttachCardLogsFitting checks that a card built from data that breaks the limits is fitted
// before it is attached, and that what changed is logged at debug level through the given logger.
func TestAttachCardLogsFitting(t *testing.T) {
	var logs bytes.Buffer
	cfg := NewConfig(WithLogger(slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))))
	res := &mcp.CallToolResult{}
	long := strings.Repeat("very long title ", 10)
	cfg.AttachCard(context.Background(), res, "get_order", card.Card{Title: long, FallbackText: "ok", ImageURL: "http://insecure.example.com/x.png"})
	got, ok, err := card.FromMeta(res.Meta)
	if err != nil || !ok {
		t.Fatalf("no card attached: %v", err)
	}
	if err := got.Validate(); err != nil {
		t.Errorf("the attached card is not valid: %v", err)
	}
	if got.ImageURL != "" || len([]rune(got.Title)) > card.MaxTitle {
		t.Errorf("the attached card was not fitted: %+v", got)
	}
	out := logs.String()
	for _, want := range []string{"level=DEBUG", "tool=get_order", "title=", "image_url="} {
		if !strings.Contains(out, want) {
			t.Errorf("the debug log lacks %q:\n%s", want, out)
		}
	}

	// A card that fits logs nothing, and without a logger nothing is written anywhere.
	logs.Reset()
	cfg.AttachCard(context.Background(), &mcp.CallToolResult{}, "get_order", card.Card{Title: "Order", FallbackText: "Order"})
	if logs.Len() != 0 {
		t.Errorf("a card that fits was logged: %s", logs.String())
	}
	NewConfig().AttachCard(context.Background(), &mcp.CallToolResult{}, "get_order", card.Card{Title: long})
}

func TestDecodeSelection(t *testing.T) {
	schema := []byte(`{"type":"object","properties":{"n":{"type":"integer","minimum":1},"ok":{"type":"boolean"},"s":{"type":"string"}},"required":["n"],"additionalProperties":false}`)
	var in struct {
		N  int    `json:"n"`
		OK bool   `json:"ok"`
		S  string `json:"s"`
	}
	if err := DecodeSelection(schema, map[string]any{"tool": "x", "n": "3", "ok": "true", "s": "hi"}, &in); err != nil || in.N != 3 || !in.OK || in.S != "hi" {
		t.Errorf("DecodeSelection: %+v, %v", in, err)
	}
	for _, bad := range []map[string]any{{"n": "0"}, {"s": "x"}, {"n": 1, "extra": 1}, {"n": "three"}} {
		if err := DecodeSelection(schema, bad, &in); err == nil {
			t.Errorf("DecodeSelection(%v) succeeded; want a validation error", bad)
		}
	}
}
