package mdcard

import (
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/runtime/card"
)

// Document serves a markdown document as a markdown card from a tool of the service's own:
// cardgen generates one for each handler whose output has a field tagged card:"markdown". The
// result has the same structured content as create_markdown_card ({card, parts, display?}),
// the short text the model reads, and the part the caller asked for.
type Document struct {
	tool string
	mode displayMode
}

// NewDocument prepares serving documents for the named tool. It reads MCP_CHAT_CARDS_RENDER
// once, and fails on a value that is not auto, apps or widget.
func NewDocument(tool string) (*Document, error) {
	mode, err := modeFromEnv()
	if err != nil {
		return nil, fmt.Errorf("markdown card tool %s: %w", tool, err)
	}
	return &Document{tool: tool, mode: mode}, nil
}

// Serve renders part opts.Part (1-based; 0 means 1) of md. A title or subtitle over its limit
// (MaxTitle, MaxSubtitle) is clipped with card.Clip. A part out of range is an error
// naming the valid range, which the SDK turns into an error result the model can act on.
func (d *Document) Serve(req *mcp.CallToolRequest, md string, opts RenderOptions) (*mcp.CallToolResult, Output, error) {
	if opts.Part < 0 {
		return nil, Output{}, fmt.Errorf("part %d does not exist; parts are numbered from 1", opts.Part)
	}
	// The title and subtitle come from the handler's data, which no caller can shorten: they
	// are clipped to their limits, as a result card's texts are, rather than failing the call
	// (Render refuses them from create_markdown_card's caller, who can).
	opts.Title, opts.Subtitle = card.Clip(opts.Title, MaxTitle), card.Clip(opts.Subtitle, MaxSubtitle)
	res, err := Render(md, opts)
	if err != nil {
		return nil, Output{}, err
	}
	out := Output{Card: res.Card, Parts: res.Parts}
	t := &tool{mode: d.mode}
	if t.wantDisplay(req) {
		disp, err := display(res)
		if err != nil {
			return nil, Output{}, err
		}
		out.Display = &disp
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: summaryFor(d.tool, out)}}}, out, nil
}

// OutputSchema is the output schema of a markdown card result: the output schema of
// create_markdown_card.
func OutputSchema() json.RawMessage { return append(json.RawMessage(nil), outputSchema...) }
