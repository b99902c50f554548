package register

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/internal/mcptest"
)

type addIn struct {
	Name  string `json:"name"`
	Count int    `json:"count,omitempty"`
}

type addOut struct {
	Greeting string `json:"greeting"`
	Count    int    `json:"count"`
}

var (
	addInSchema  = json.RawMessage(`{"type":"object","properties":{"name":{"type":"string","minLength":1},"count":{"type":"integer","minimum":1,"default":2}},"required":["name"],"additionalProperties":false}`)
	addOutSchema = json.RawMessage(`{"type":"object","properties":{"greeting":{"type":"string"},"count":{"type":"integer","maximum":5}},"required":["greeting","count"],"additionalProperties":false}`)
)

func greet(_ context.Context, _ *mcp.CallToolRequest, in addIn) (*mcp.CallToolResult, addOut, error) {
	switch in.Name {
	case "fail":
		return nil, addOut{}, errors.New("the handler failed")
	case "meta":
		return &mcp.CallToolResult{Meta: mcp.Meta{"k": "v"}}, addOut{Greeting: "hi", Count: in.Count}, nil
	case "wire":
		return nil, addOut{}, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "bad name"}
	case "wrapped":
		// The SDK sends a JSON-RPC error only for a *jsonrpc.Error itself; wrapped, it is a
		// handler error like any other, whose text (with its context) the model reads.
		return nil, addOut{}, fmt.Errorf("looking up the name: %w", &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "bad name"})
	}
	return nil, addOut{Greeting: "hello " + in.Name, Count: in.Count}, nil
}

// TestAddToolMatchesSDK calls the same tool registered with mcp.AddTool and with AddTool, through
// real SDK clients, and requires the same answer for valid input, defaults, invalid input, a
// handler error and output that breaks the output schema.
func TestAddToolMatchesSDK(t *testing.T) {
	ctx := context.Background()
	connect := func(add func(*mcp.Server)) *mcp.ClientSession { return connectClient(t, add) }
	tool := func() *mcp.Tool {
		return &mcp.Tool{Name: "greet", InputSchema: addInSchema, OutputSchema: addOutSchema}
	}
	// A schema that lets any key through (as a type's own JSONSchema method may): what reaches
	// the handler is then up to the JSON decoder alone.
	open := func() *mcp.Tool {
		return &mcp.Tool{Name: "open", InputSchema: json.RawMessage(`{"type":"object"}`), OutputSchema: addOutSchema}
	}
	sdk := connect(func(s *mcp.Server) { mcp.AddTool(s, tool(), greet); mcp.AddTool(s, open(), greet) })
	ours := connect(func(s *mcp.Server) { AddTool(s, tool(), greet); AddTool(s, open(), greet) })
	cases := map[string]map[string]any{
		"valid":         {"name": "Lan", "count": 3},
		"default":       {"name": "Lan"},
		"missing":       {},
		"wrong type":    {"name": 7},
		"unknown key":   {"name": "Lan", "colour": "red"},
		"handler error": {"name": "fail"},
		"meta kept":     {"name": "meta"},
		"wire error":    {"name": "wire"},
		"wrapped error": {"name": "wrapped"},
		"bad output":    {"name": "Lan", "count": 9},
		"nil arguments": nil,
		// The SDK decodes with segmentio/encoding, matching keys to fields case-sensitively
		// (encoding/json would fill Name from "NAME"). (Nesting deeper than its 1000 levels
		// never reaches a tool: the JSON-RPC connection refuses the message first.)
		"open: key case":     {"NAME": "upper", "Count": 2},
		"open: extra nested": {"name": "Lan", "x": []any{[]any{1}}},
	}
	for name, args := range cases {
		tool := "greet"
		if strings.HasPrefix(name, "open: ") {
			tool = "open"
		}
		var params *mcp.CallToolParams
		if args == nil {
			params = &mcp.CallToolParams{Name: tool}
		} else {
			params = &mcp.CallToolParams{Name: tool, Arguments: args}
		}
		want, wantErr := sdk.CallTool(ctx, params)
		got, gotErr := ours.CallTool(ctx, params)
		if (wantErr == nil) != (gotErr == nil) {
			t.Errorf("%s: error %v; the SDK's %v", name, gotErr, wantErr)
			continue
		}
		if name == "bad output" && wantErr == nil {
			t.Errorf("bad output: the SDK sent a result that breaks the output schema; the case no longer tests refusal")
		}
		if wantErr != nil {
			continue // both refused the call with a JSON-RPC error
		}
		w, _ := json.Marshal(want)
		g, _ := json.Marshal(got)
		// AddTool's argument errors leave out the validator's "validating root: ", which names
		// the schema and not the arguments, and write a bound's %f as its number (5, not
		// 5.000000).
		w = sdkArgumentNoise.ReplaceAll(w, []byte("$1"))
		// And they say a number a type refuses as the other types are said ("got the number 7").
		w = sdkNumberType.ReplaceAll(w, []byte("type: got the number $1, want"))
		if string(w) != string(g) {
			t.Errorf("%s:\n got %s\nwant %s (mcp.AddTool)", name, g, w)
		}
	}
	// tools/list shows the same tool.
	sameToolList(t, sdk, ours)
}

// sameToolList requires tools/list to answer the same on both sessions, and returns the tools.
func sameToolList(t *testing.T, sdk, ours *mcp.ClientSession) []*mcp.Tool {
	t.Helper()
	lw, err := sdk.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	lg, err := ours.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	w, _ := json.Marshal(lw.Tools)
	g, _ := json.Marshal(lg.Tools)
	if string(w) != string(g) {
		t.Errorf("tools/list:\n got %s\nwant %s", g, w)
	}
	return lw.Tools
}

// TestAddToolMatchesSDKOnEdges: as TestAddToolMatchesSDK, for what a handler returns at the
// edges: a result asking the client for input (multi round-trip), which carries no output; a nil
// *Out, which is sent as Out's zero value; and -0, which keeps its sign.
func TestAddToolMatchesSDKOnEdges(t *testing.T) {
	ctx := context.Background()
	type num struct {
		F float64 `json:"f"`
	}
	numSchema := json.RawMessage(`{"type":"object","properties":{"f":{"type":"number"}}}`)
	asks := func(_ context.Context, req *mcp.CallToolRequest, in num) (*mcp.CallToolResult, *num, error) {
		switch {
		case in.F == 1:
			return nil, nil, nil
		case in.F == 2 && len(req.Params.InputResponses) == 0:
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{
				Message:         "Go on?",
				RequestedSchema: json.RawMessage(`{"type":"object","properties":{"ok":{"type":"boolean"}}}`),
			}}}, nil, nil
		}
		return nil, &in, nil
	}
	add := func(register func(*mcp.Server, *mcp.Tool)) *mcp.ClientSession {
		s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
		register(s, &mcp.Tool{Name: "num", InputSchema: numSchema, OutputSchema: numSchema})
		return mcptest.Connect(t, s, &mcp.ClientOptions{
			ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
				return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"ok": true}}, nil
			},
		})
	}
	sdk := add(func(s *mcp.Server, tool *mcp.Tool) { mcp.AddTool(s, tool, asks) })
	ours := add(func(s *mcp.Server, tool *mcp.Tool) { AddTool(s, tool, asks) })
	for name, args := range map[string]json.RawMessage{
		"nil output":     json.RawMessage(`{"f":1}`),
		"input requests": json.RawMessage(`{"f":2}`),
		"negative zero":  json.RawMessage(`{"f":-0}`),
	} {
		params := &mcp.CallToolParams{Name: "num", Arguments: args}
		want, wantErr := sdk.CallTool(ctx, params)
		got, gotErr := ours.CallTool(ctx, params)
		if wantErr != nil || gotErr != nil {
			t.Errorf("%s: error %v; the SDK's %v; want neither", name, gotErr, wantErr)
			continue
		}
		w, _ := json.Marshal(want)
		g, _ := json.Marshal(got)
		if string(w) != string(g) {
			t.Errorf("%s:\n got %s\nwant %s (mcp.AddTool)", name, g, w)
		}
	}
}

// TestAddToolConcurrentFirstCalls starts several servers with the same tool (the same schema
// bytes, as a generated package variable is, so they share one lazy resolution) and calls them
// all at once, from many goroutines, before any schema is resolved: every call must get the
// right answer. make race runs it under the race detector, which is where a race in the
// once-per-process resolution would show.
func TestAddToolConcurrentFirstCalls(t *testing.T) {
	ctx := context.Background()
	// Schemas of their own (resolutions are shared by content), so that no other test has
	// resolved them yet.
	in := json.RawMessage(strings.Replace(string(addInSchema), `{`, `{"description":"concurrent first calls",`, 1))
	out := json.RawMessage(strings.Replace(string(addOutSchema), `{`, `{"description":"concurrent first calls",`, 1))
	const servers, callsEach = 6, 12
	var sessions []*mcp.ClientSession
	for range servers {
		sessions = append(sessions, connectClient(t, func(s *mcp.Server) {
			AddTool(s, &mcp.Tool{Name: "greet", InputSchema: in, OutputSchema: out}, greet)
		}))
	}
	var wg sync.WaitGroup
	errs := make(chan string, servers*callsEach)
	for i, cs := range sessions {
		for j := range callsEach {
			wg.Go(func() {
				name := fmt.Sprintf("n%d-%d", i, j)
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "greet", Arguments: map[string]any{"name": name}})
				if err != nil {
					errs <- fmt.Sprintf("%s: %v", name, err)
					return
				}
				got, _ := json.Marshal(res.StructuredContent)
				if want := `{"count":2,"greeting":"hello ` + name + `"}`; res.IsError || string(got) != want {
					errs <- fmt.Sprintf("%s: structuredContent %s (isError %v); want %s", name, got, res.IsError, want)
				}
			})
		}
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// connectClient starts a server, lets add register its tools, and connects the SDK's client to it
// in memory; both are closed when the test ends.
func connectClient(t *testing.T, add func(*mcp.Server)) *mcp.ClientSession {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	add(s)
	return mcptest.Connect(t, s, nil)
}

// TestAddToolNullArguments calls tools with "arguments": null through a real SDK client. The
// arguments decoded to a nil map, ApplyDefaults assigned the default of count into it and
// panicked, and as the SDK recovers no handler panic, the one request ended the server's process
// (mcp.AddTool still does). null is taken as no arguments: the same result as leaving them out.
func TestAddToolNullArguments(t *testing.T) {
	ctx := context.Background()
	optional := json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"},"count":{"type":"integer","minimum":1,"default":2}},"additionalProperties":false}`)
	cs := connectClient(t, func(s *mcp.Server) {
		AddTool(s, &mcp.Tool{Name: "greet", InputSchema: addInSchema, OutputSchema: addOutSchema}, greet)
		AddTool(s, &mcp.Tool{Name: "optional", InputSchema: optional, OutputSchema: addOutSchema}, greet)
	})
	for _, tool := range []string{"greet", "optional"} {
		want, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool})
		if err != nil {
			t.Fatalf("%s without arguments: %v", tool, err)
		}
		got, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: json.RawMessage("null")})
		if err != nil {
			t.Fatalf("%s with null arguments: %v", tool, err)
		}
		w, _ := json.Marshal(want)
		g, _ := json.Marshal(got)
		if string(g) != string(w) {
			t.Errorf("%s with null arguments:\n got %s\nwant %s (no arguments)", tool, g, w)
		}
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "optional", Arguments: json.RawMessage("null")})
	if err != nil || res.IsError {
		t.Fatalf("optional with null arguments: %v, %+v", err, res)
	}
	if got, _ := json.Marshal(res.StructuredContent); string(got) != `{"count":2,"greeting":"hello "}` {
		t.Errorf("optional with null arguments: structuredContent %s; want the default count 2", got)
	}
}

// TestAddToolKeepsSessionOnBadURI: a server that has tools and no resources, as most generated
// servers are, answers a resources/read of a URI with a control character with resource not
// found, and the session goes on. The SDK's own answer writes the URI into the error's data
// with %q, which is not JSON, and ended the session (a server with mcp.AddTool still does).
func TestAddToolKeepsSessionOnBadURI(t *testing.T) {
	ctx := context.Background()
	cs := connectClient(t, func(s *mcp.Server) {
		AddTool(s, &mcp.Tool{Name: "greet", InputSchema: addInSchema, OutputSchema: addOutSchema}, greet)
	})
	_, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "ui://x/\x01"})
	if rpcErr, ok := errors.AsType[*jsonrpc.Error](err); !ok || rpcErr.Code != jsonrpc.CodeInvalidParams || string(rpcErr.Data) != `{"uri":"ui://x/\u0001"}` {
		t.Fatalf("read of a URI with a control character: %v; want resource not found", err)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "greet", Arguments: map[string]any{"name": "Ann"}})
	if err != nil || res.IsError {
		t.Fatalf("a call after the read: %v, %+v", err, res)
	}
}

// TestAddToolRecoversPanic: a handler's panic becomes an error result naming the tool, without
// the panic's value, which is logged with its stack; the server goes on serving. Without the
// recover the panic ends the test binary, as it ended the server's process.
func TestAddToolRecoversPanic(t *testing.T) {
	var logged bytes.Buffer
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&logged, nil)))
	t.Cleanup(func() { slog.SetDefault(prev) })

	ctx := context.Background()
	cs := connectClient(t, func(s *mcp.Server) {
		AddTool(s, &mcp.Tool{Name: "crash", InputSchema: addInSchema, OutputSchema: addOutSchema},
			func(context.Context, *mcp.CallToolRequest, addIn) (*mcp.CallToolResult, addOut, error) {
				panic(fmt.Sprintf("lookup of secret-token-%d failed", 42))
			})
		AddTool(s, &mcp.Tool{Name: "abort", InputSchema: addInSchema, OutputSchema: addOutSchema},
			func(context.Context, *mcp.CallToolRequest, addIn) (*mcp.CallToolResult, addOut, error) {
				panic(http.ErrAbortHandler)
			})
		AddTool(s, &mcp.Tool{Name: "greet", InputSchema: addInSchema, OutputSchema: addOutSchema}, greet)
	})
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "crash", Arguments: map[string]any{"name": "x"}})
	if err != nil {
		t.Fatalf("crash: %v", err)
	}
	text := res.Content[0].(*mcp.TextContent).Text
	if !res.IsError || !strings.Contains(text, "crash") || strings.Contains(text, "secret-token") {
		t.Errorf("crash: IsError %v, text %q; want an error result naming the tool and not the panic", res.IsError, text)
	}
	for _, want := range []string{"tool=crash", "lookup of secret-token-42 failed", "goroutine"} {
		if !strings.Contains(logged.String(), want) {
			t.Errorf("the log does not hold %q:\n%s", want, logged.String())
		}
	}
	if res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "greet", Arguments: map[string]any{"name": "x"}}); err != nil || res.IsError {
		t.Errorf("greet after the panic: %v, %+v; want the server still serving", err, res)
	}

	// http.ErrAbortHandler is recovered too (re-panicking would end the process: the handler's
	// goroutine is the SDK's), but not logged, as net/http does not log it.
	logged.Reset()
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "abort", Arguments: map[string]any{"name": "x"}})
	if err != nil || !res.IsError {
		t.Errorf("abort: %v, %+v; want an error result", err, res)
	}
	if logged.Len() != 0 {
		t.Errorf("abort logged:\n%s\nwant nothing", logged.String())
	}

	// With WithLogger among the options, as generated RegisterTools functions pass theirs on,
	// the panic goes to that logger, where everything else about a call is logged, and not to
	// slog's default.
	var own bytes.Buffer
	cs = connectClient(t, func(s *mcp.Server) {
		AddTool(s, &mcp.Tool{Name: "crash", InputSchema: addInSchema, OutputSchema: addOutSchema},
			func(context.Context, *mcp.CallToolRequest, addIn) (*mcp.CallToolResult, addOut, error) {
				panic("with a logger of its own")
			}, WithUIServer("x"), WithLogger(slog.New(slog.NewTextHandler(&own, nil))))
	})
	if res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "crash", Arguments: map[string]any{"name": "x"}}); err != nil || !res.IsError {
		t.Errorf("crash with WithLogger: %v, %+v; want an error result", err, res)
	}
	if !strings.Contains(own.String(), "with a logger of its own") || !strings.Contains(own.String(), "tool=crash") {
		t.Errorf("WithLogger's logger got:\n%s\nwant the panic and the tool", own.String())
	}
	if logged.Len() != 0 {
		t.Errorf("slog's default logger got:\n%s\nwant nothing: WithLogger was given", logged.String())
	}
}

// TestAddToolMatchesSDKOnOutputs: as TestAddToolMatchesSDK, for the tools a hand-written
// registration may add that generated code does not: an output that is not an object (SEP-2106)
// beside the handler's own text, a nil map, schemas left for the SDK to infer from the Go types
// (mcp.AddTool reflects them; AddTool resolved a missing output schema as null and failed every
// call, and a missing input schema panicked), and an output of type any without a schema. tools/list
// and every call must give what mcp.AddTool gives.
func TestAddToolMatchesSDKOnOutputs(t *testing.T) {
	ctx := context.Background()
	type in struct {
		N int `json:"n"`
	}
	type out struct {
		Greeting string `json:"greeting"`
		Count    int    `json:"count,omitempty"`
	}
	inSchema := json.RawMessage(`{"type":"object","properties":{"n":{"type":"integer"}}}`)
	list := func(_ context.Context, _ *mcp.CallToolRequest, in in) (*mcp.CallToolResult, []string, error) {
		if in.N == 1 {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "two names"}}}, []string{"Lan", "Minh"}, nil
		}
		return nil, []string{"Lan"}, nil
	}
	counts := func(_ context.Context, _ *mcp.CallToolRequest, in in) (*mcp.CallToolResult, map[string]int, error) {
		if in.N == 1 {
			return nil, nil, nil
		}
		return nil, map[string]int{"a": in.N}, nil
	}
	greeting := func(_ context.Context, _ *mcp.CallToolRequest, in in) (*mcp.CallToolResult, *out, error) {
		if in.N == 1 {
			return nil, nil, nil
		}
		return nil, &out{Greeting: "hello", Count: in.N}, nil
	}
	anything := func(_ context.Context, _ *mcp.CallToolRequest, in in) (*mcp.CallToolResult, any, error) {
		if in.N == 1 {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "text only"}}}, nil, nil
		}
		return nil, map[string]any{"n": in.N}, nil
	}
	sdkServer := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	ourServer := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	addBoth(sdkServer, ourServer, &mcp.Tool{Name: "list", InputSchema: inSchema, OutputSchema: json.RawMessage(`{"type":"array","items":{"type":"string"}}`)}, list)
	addBoth(sdkServer, ourServer, &mcp.Tool{Name: "counts", InputSchema: inSchema, OutputSchema: json.RawMessage(`{"type":"object","properties":{"d":{"type":"integer","default":5}}}`)}, counts)
	addBoth(sdkServer, ourServer, &mcp.Tool{Name: "inferred_output", InputSchema: inSchema}, greeting)
	addBoth(sdkServer, ourServer, &mcp.Tool{Name: "inferred_both"}, counts)
	addBoth(sdkServer, ourServer, &mcp.Tool{Name: "any", InputSchema: inSchema}, anything)
	sdk, ours := mcptest.Connect(t, sdkServer, nil), mcptest.Connect(t, ourServer, nil)
	for _, tool := range sameToolList(t, sdk, ours) {
		for _, n := range []int{0, 1, 3} {
			params := &mcp.CallToolParams{Name: tool.Name, Arguments: map[string]any{"n": n}}
			want, wantErr := sdk.CallTool(ctx, params)
			got, gotErr := ours.CallTool(ctx, params)
			if wantErr != nil || gotErr != nil {
				t.Errorf("%s n=%d: error %v; the SDK's %v; want neither", tool.Name, n, gotErr, wantErr)
				continue
			}
			w, _ := json.Marshal(want)
			g, _ := json.Marshal(got)
			if tool.Name == "counts" {
				// mcp.AddTool applies the output schema's default to the result ("d":5 the
				// handler never returned); AddTool sends the result as returned.
				if !outputDefault.Match(w) || outputDefault.Match(g) {
					t.Errorf("%s n=%d:\n got %s\nwant %s without its \"d\":5", tool.Name, n, g, w)
				}
				w = outputDefault.ReplaceAll(w, nil)
			}
			if string(w) != string(g) {
				t.Errorf("%s n=%d:\n got %s\nwant %s (mcp.AddTool)", tool.Name, n, g, w)
			}
		}
	}
}

// sdkArgumentNoise matches what AddTool leaves out of mcp.AddTool's argument errors: the
// validator's "validating root: " and the zeros of a bound written with %f.
var sdkArgumentNoise = regexp.MustCompile(`validating root: |(\d)\.0{6}\b`)

// sdkNumberType matches mcp.AddTool's refusal of a number by its type in the JSON of a result,
// which AddTool says as "type: got the number 7, want".
var sdkNumberType = regexp.MustCompile(`type: (-?\d+) has type \\"integer\\", want`)

// outputDefault matches the default mcp.AddTool adds to the counts tool's result, in its
// structuredContent and, escaped, in its text.
var outputDefault = regexp.MustCompile(`,?\\?"d\\?":5`)

// TestAddToolLongArgumentError: the validator quotes the value it refuses whole, and
// mcp.AddTool sends its message as the error result, so 1 MiB sent where at most 20 characters
// are allowed came back as 1 MiB of text for the model to read. The message is now at most
// 2,000 characters after its prefix: the SDK's message with the middle of the value left out,
// its beginning and its end (what is wrong) kept; a short message is the SDK's, whole.
func TestAddToolLongArgumentError(t *testing.T) {
	ctx := context.Background()
	schema := json.RawMessage(`{"type":"object","properties":{"name":{"type":"string","maxLength":20}},"required":["name"]}`)
	tool := func() *mcp.Tool { return &mcp.Tool{Name: "greet", InputSchema: schema, OutputSchema: addOutSchema} }
	sdk := connectClient(t, func(s *mcp.Server) { mcp.AddTool(s, tool(), greet) })
	ours := connectClient(t, func(s *mcp.Server) { AddTool(s, tool(), greet) })
	text := func(cs *mcp.ClientSession, name string) string {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "greet", Arguments: map[string]any{"name": name}})
		if err != nil || !res.IsError || len(res.Content) != 1 {
			t.Fatalf("call with a name of %d bytes: %v, %v; want one error text", len(name), res, err)
		}
		return sdkArgumentNoise.ReplaceAllString(res.Content[0].(*mcp.TextContent).Text, "$1")
	}
	if w, g := text(sdk, strings.Repeat("a", 21)), text(ours, strings.Repeat("a", 21)); g != w {
		t.Errorf("short value:\n got %q\nwant %q (mcp.AddTool)", g, w)
	}
	long := strings.Repeat("é", 1<<19) // 1 MiB
	want, got := text(sdk, long), text(ours, long)
	const prefix = `validating "arguments": `
	if n := utf8.RuneCountInString(strings.TrimPrefix(got, prefix)); n > 2000 || !strings.HasPrefix(got, prefix) {
		t.Fatalf("the error text is %d characters after its prefix; want at most 2000:\n%.300s", n, got)
	}
	head, _, ok := strings.Cut(got, " … [")
	_, tail, ok2 := strings.Cut(got, " characters left out] … ")
	if !ok || !ok2 || !strings.HasPrefix(want, head) || !strings.HasSuffix(want, tail) || len(tail) < 20 {
		t.Errorf("the error text is not the SDK's message with its middle left out:\n got %.300s … %s\nwant %.300s … %s",
			got, tail, want, want[len(want)-120:])
	}
}

// TestAddToolNullArgumentError: jsonschema-go prints a JSON null it refuses as the reflect.Value
// of a nil interface, so "name": null came back as `type: <invalid reflect.Value> has type
// "null", want "string"`, which tells a model nothing it sent. It says "got null", as it says a
// value of any other type a type refuses; the rest of the SDK's message is kept.
func TestAddToolNullArgumentError(t *testing.T) {
	ctx := context.Background()
	tool := func() *mcp.Tool {
		return &mcp.Tool{Name: "greet", InputSchema: addInSchema, OutputSchema: addOutSchema}
	}
	sdk := connectClient(t, func(s *mcp.Server) { mcp.AddTool(s, tool(), greet) })
	ours := connectClient(t, func(s *mcp.Server) { AddTool(s, tool(), greet) })
	params := &mcp.CallToolParams{Name: "greet", Arguments: json.RawMessage(`{"name":null}`)}
	want, err := sdk.CallTool(ctx, params)
	if err != nil || !want.IsError {
		t.Fatalf("mcp.AddTool: %v, %v; want an error result", want, err)
	}
	got, err := ours.CallTool(ctx, params)
	if err != nil || !got.IsError {
		t.Fatalf("AddTool: %v, %v; want an error result", got, err)
	}
	w, g := sdkArgumentNoise.ReplaceAllString(want.Content[0].(*mcp.TextContent).Text, "$1"), got.Content[0].(*mcp.TextContent).Text
	if strings.Contains(g, "reflect") || g != strings.Replace(w, `<invalid reflect.Value> has type "null"`, "got null", 1) || !strings.Contains(g, `type: got null, want "string"`) {
		t.Errorf("error text %q; want the SDK's %q saying null", g, w)
	}
}

// addBoth adds the tool to sdk with mcp.AddTool and to ours with AddTool, each with a copy of
// tool, since either may fill in the schemas it infers.
func addBoth[In, Out any](sdk, ours *mcp.Server, tool *mcp.Tool, h mcp.ToolHandlerFor[In, Out]) {
	forSDK, forOurs := *tool, *tool
	mcp.AddTool(sdk, &forSDK, h)
	AddTool(ours, &forOurs, h)
}
