package register

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/internal/typedtool"
)

// AddTool registers a tool as mcp.AddTool does — input validated against the input
// schema with its defaults applied, an error result for bad input or a handler error, the output
// validated against the output schema and sent as structuredContent and as JSON text — with
// these differences:
//
//   - The schemas are resolved when the tool is first called, once per process, instead of when
//     the server starts. cardgen's generated code passes both schemas as json.RawMessage package
//     variables; resolving hundreds of them at start-up is most of the cost of starting a server
//     with generated tools (see BENCHMARKS.md), and stateless HTTP servers start one per session.
//     A schema left nil is inferred from the Go type when the tool is added, as mcp.AddTool
//     infers it (generated code passes both).
//   - A panic in h is recovered, as net/http recovers a handler's. The SDK recovers none, so one
//     bad request — a nil map, an index out of range in a handler — ended the server's process
//     and every session in it. The client gets an error result that names the tool and not the
//     panic's value (which may hold data the client should not see); the value and the stack go,
//     at error level, to the logger of WithLogger among opts, or else to slog's default logger
//     (but for http.ErrAbortHandler, which net/http does not log either).
//   - "arguments": null is taken as no arguments; mcp.AddTool panics on it when the input
//     schema has a default.
//   - A default applies inside an object the client sent (a required one too), or one a
//     property's own default supplied; a missing object is made up to hold its properties'
//     defaults only for a value struct field: mcp.AddTool makes one up for a pointer field too,
//     so with Opts *Opts in In, h got a non-nil Opts for {} and could not tell that none was sent.
//   - An error result h made itself (IsError) with a nil *Out is sent without structuredContent,
//     as clients expect of a tool error: mcp.AddTool sends Out's zero value, which an output
//     schema with a required property refuses, so the handler's error became a protocol error.
//   - The output is sent as h returned it: mcp.AddTool applies the output schema's defaults to
//     it, so a field h left out (a zero dropped by omitempty, a nil pointer) reached the client
//     as the default.
//   - Arguments that are not a JSON object, or that the schema lets through and In cannot hold,
//     get an error result that names the property by its JSON path (opts.limit, lines[1].qty)
//     and says what it must be in JSON's terms, where the decoder's message names Go types or no
//     property; the validator's messages name a refused value by its kind, not in Go's syntax,
//     and a bound as written (5, not 5.000000), without the "validating root: " before them.
//     A number beyond a float64's range (1e400) reaches a json.Number field as written.
//   - An output that cannot be encoded as JSON (NaN, a time.Time beyond the year 9999) is a
//     JSON-RPC error, as with mcp.AddTool, whose message names the tool and the property
//     without Go's type names; the Go error is logged as a panic is.
//   - The error result for arguments that break the input schema is at most 2,000 characters
//     after its "validating \"arguments\": " prefix: the validator quotes the value it refuses
//     whole, so 1 MiB sent where 20 characters are allowed came back as 1 MiB of text for the
//     model; a longer message keeps its beginning and its end (what is wrong) around a note of
//     how much was left out. A refused null is called null, not "<invalid reflect.Value>".
//   - An integer that fits an int64 or a uint64 (an id, a time in nanoseconds) keeps its exact
//     value, in the typed integer fields h gets (a field of type any still gets a float64) and
//     in the output sent as structuredContent and text; mcp.AddTool decodes both as float64 to
//     validate them and encodes them again, which turns 9007199254740993 into 9007199254740992
//     without an error.
//   - s gets receiving middleware, once however many tools are added, that keeps its JSON-RPC
//     errors sendable: go-sdk v1.8.0 answers a resources/read of a URI with a control
//     character with an error whose data is not JSON, cannot send it, and ends the session.
//     An error whose data is not JSON keeps its code and message, with its data re-encoded
//     (the URI, for resources/read) or left out; every other request and answer passes as it
//     was.
//
// Generated RegisterTools functions pass their own options on, so a panic is logged where
// WithLogger sends everything else about a call.
func AddTool[In, Out any](s *mcp.Server, t *mcp.Tool, h mcp.ToolHandlerFor[In, Out], opts ...Option) {
	var cfg Config
	for _, o := range opts {
		o(&cfg)
	}
	typedtool.Add(s, t, h, cfg.Logger)
}
