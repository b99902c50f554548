package register

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/runtime/card"
)

// Handler is the shape the generated registrations hand to [Handle]: a cardgen handler with the
// request and a pointer output. [NoRequest] and [ByValue] adapt the other shapes cardgen accepts.
type Handler[In, Out any] = func(context.Context, *mcp.CallToolRequest, In) (*Out, error)

// Handle turns a handler into the SDK's typed tool handler for the tool named tool. It returns a
// handler error as it is (the SDK sends it as an error result), refuses a nil output with a nil
// error ([NoOutput]: the SDK would send null, which breaks the output schema), and otherwise
// sends the output as structured content with:
//
//   - when build is not nil, the result card build makes of the output, fitted to the host
//     limits and put in the result's _meta by cfg.AttachCard;
//   - when reply is not nil, the text reply makes of the output as the text the model reads,
//     instead of the output's JSON.
//
// Generated code calls Handle instead of writing a function literal per tool: the registration
// of a package of hundreds of tools stays short to read and cheap to generate. cfg may be nil
// when build is nil.
func Handle[In, Out any](cfg *Config, tool string, h Handler[In, Out], build func(*Out) card.Card, reply func(*Out) string) mcp.ToolHandlerFor[In, *Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, *Out, error) {
		out, err := h(ctx, req, in)
		if err != nil {
			return nil, out, err
		}
		if out == nil {
			return nil, nil, NoOutput(tool)
		}
		res := &mcp.CallToolResult{}
		if reply != nil {
			res.Content = []mcp.Content{&mcp.TextContent{Text: reply(out)}}
		}
		if build != nil {
			cfg.AttachCard(ctx, res, tool, build(out))
		}
		return res, out, nil
	}
}

// NoRequest adapts a handler that does not take the *mcp.CallToolRequest.
func NoRequest[In, Out any](h func(context.Context, In) (Out, error)) func(context.Context, *mcp.CallToolRequest, In) (Out, error) {
	return func(ctx context.Context, _ *mcp.CallToolRequest, in In) (Out, error) {
		return h(ctx, in)
	}
}

// ByValue adapts a handler that returns its output by value rather than by pointer. The output
// is sent exactly as before: a pointer marshals to the same JSON as the value it points to.
func ByValue[In, Out any](h func(context.Context, *mcp.CallToolRequest, In) (Out, error)) Handler[In, Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (*Out, error) {
		out, err := h(ctx, req, in)
		return &out, err
	}
}
