package gen

import "testing"

// TestResultHandlersAtRunTime: a handler that returns its own *mcp.CallToolResult, as
// mcp.ToolHandlerFor does, is served through a real client as mcp.AddTool would serve it, with
// the card and reply added: its Content wins over the reply, its _meta is kept beside the card,
// a request for the client's input goes out untouched and the call completes when the client
// answers, an error result gets neither card nor reply and is sent without structuredContent when it has no output, a
// nil result gets the card and reply, and a nil output beside a result that is no error is
// refused as for the other shapes.
func TestResultHandlersAtRunTime(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and tests a generated package; skipped with -short")
	}
	dir := moduleTempDir(t, "resulthandler")
	writeTree(t, dir, map[string]string{
		"p.go": `package p

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Mode string ` + "`json:\"mode\"`" + `
}

type Order struct {
	ID string ` + "`json:\"id\" jsonschema:\"minLength=1\"`" + `
}

// Get finds an order, and answers in its own words for some modes.
//
//card:tool
//card:result title="Order {{.ID}}"
//card:reply "Order {{.ID}} found."
func Get(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, *Order, error) {
	switch in.Mode {
	case "own-content":
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "mine"}}, Meta: mcp.Meta{"trace": "t1"}}, &Order{ID: "1"}, nil
	case "tool-error":
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "no such order"}}}, nil, nil
	case "error-with-output":
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "stale"}}}, &Order{ID: "2"}, nil
	case "no-output":
		return &mcp.CallToolResult{}, nil, nil
	case "error-no-content":
		return &mcp.CallToolResult{IsError: true}, &Order{ID: "5"}, nil
	case "ask":
		if req.Params.InputResponses == nil {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "sure?", RequestedSchema: map[string]any{"type": "object"}}}}, nil, nil
		}
		return nil, &Order{ID: "asked"}, nil
	}
	return nil, &Order{ID: "3"}, nil
}

// Picture draws a picture: its result is its own content, and its output has no fields.
//
//card:tool
func Picture(ctx context.Context, in In) (*mcp.CallToolResult, *Drawn, error) {
	if in.Mode == "fail" {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "no paint"}}}, nil, nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.ImageContent{MIMEType: "image/png", Data: []byte("PNG")}}}, nil, nil
}

// Drawn is the output of a tool whose result is its own content.
type Drawn struct{}

// Touch does something and has nothing to say.
//
//card:tool
func Touch(ctx context.Context, in In) (*Drawn, error) { return nil, nil }

// Count counts, returning its output by value and no card.
//
//card:tool
func Count(ctx context.Context, in In) (*mcp.CallToolResult, Order, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "counted"}}}, Order{ID: "4"}, nil
}
`,
		"p_test.go": `package p

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/internal/mcptest"
)

func call(t *testing.T, cs *mcp.ClientSession, tool, mode string) (*mcp.CallToolResult, error) {
	t.Helper()
	return cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: json.RawMessage(` + "`" + `{"mode":"` + "`" + `+mode+` + "`" + `"}` + "`" + `)})
}

func text(res *mcp.CallToolResult) string {
	var b []string
	for _, c := range res.Content {
		b = append(b, c.(*mcp.TextContent).Text)
	}
	return strings.Join(b, "|")
}

func TestServed(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	RegisterTools(s)
	cs := mcptest.Connect(t, s, &mcp.ClientOptions{ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		return &mcp.ElicitResult{Action: "accept"}, nil
	}})
	hasCard := func(res *mcp.CallToolResult) bool { return res.Meta["assistant_platform"] != nil }

	res, err := call(t, cs, "get", "")
	if err != nil || res.IsError || text(res) != "Order 3 found." || !hasCard(res) || string(mustJSON(t, res.StructuredContent)) != ` + "`" + `{"id":"3"}` + "`" + ` {
		t.Errorf("nil result: %v, %+v", err, res)
	}
	res, err = call(t, cs, "get", "own-content")
	if err != nil || text(res) != "mine" || !hasCard(res) || res.Meta["trace"] != "t1" {
		t.Errorf("own content and _meta: %v, %+v", err, res)
	}
	res, err = call(t, cs, "get", "tool-error")
	if err != nil || !res.IsError || text(res) != "no such order" || hasCard(res) || res.StructuredContent != nil {
		t.Errorf("tool error without output: %v, %+v", err, res)
	}
	res, err = call(t, cs, "get", "error-with-output")
	if err != nil || !res.IsError || text(res) != "stale" || hasCard(res) {
		t.Errorf("tool error with output: %v, %+v", err, res)
	}
	res, err = call(t, cs, "get", "no-output")
	if err != nil || !res.IsError || !strings.Contains(text(res), "returned a nil output and no error") {
		t.Errorf("no output beside a result that is no error: %v, %+v", err, res)
	}
	res, err = call(t, cs, "get", "error-no-content")
	if err != nil || !res.IsError || strings.Contains(text(res), "found") || hasCard(res) {
		t.Errorf("tool error with output and no content of its own: %v, %+v; want neither the reply nor the card", err, res)
	}
	res, err = call(t, cs, "get", "ask")
	if err != nil || res.IsError || text(res) != "Order asked found." || !hasCard(res) {
		t.Errorf("a call that asks the client for input first: %v, %+v", err, res)
	}
	res, err = call(t, cs, "picture", "")
	if err != nil || res.IsError || len(res.Content) != 1 || string(mustJSON(t, res.StructuredContent)) != "{}" {
		t.Errorf("own content with a nil output without fields: %v, %+v; want the image and structuredContent {}", err, res)
	} else if img, ok := res.Content[0].(*mcp.ImageContent); !ok || string(img.Data) != "PNG" {
		t.Errorf("own content with a nil output without fields: content %+v; want the image", res.Content[0])
	}
	res, err = call(t, cs, "picture", "fail")
	if err != nil || !res.IsError || text(res) != "no paint" || res.StructuredContent != nil {
		t.Errorf("error result with a nil output without fields: %v, %+v", err, res)
	}
	res, err = call(t, cs, "touch", "")
	if err != nil || res.IsError || string(mustJSON(t, res.StructuredContent)) != "{}" {
		t.Errorf("a nil output without fields: %v, %+v; want structuredContent {}", err, res)
	}
	res, err = call(t, cs, "count", "")
	if err != nil || res.IsError || text(res) != "counted" || hasCard(res) {
		t.Errorf("value output: %v, %+v", err, res)
	}
}

func mustJSON(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
`,
	})
	generateAndWrite(t, dir)
	if out, err := goTestIn(dir, "-run", "TestServed"); err != nil {
		t.Fatalf("go test: %v\n%s", err, out)
	}
}
