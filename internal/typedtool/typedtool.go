// Package typedtool registers a typed tool handler on an MCP server the way the Go SDK's
// mcp.AddTool does, with the differences cardgen's run time needs: schemas resolved on a tool's
// first call rather than at start-up, a handler's panic recovered into an error result,
// "arguments": null taken as no arguments, integers beyond 2^53 kept exact, defaults applied
// only inside objects the client sent and never to the output, and errors the client can cause
// told in JSON's terms rather than Go's. It is internal so that both runtime/register (the
// generated code's AddTool) and runtime/mdcard (its built-in create_markdown_card tool, which
// register imports) can use it.
package typedtool

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"math"
	"math/big"
	"net/http"
	"reflect"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	segjson "github.com/segmentio/encoding/json"

	"github.com/cardgen/cardgen/internal/elide"
	"github.com/cardgen/cardgen/internal/rpcerr"
	"github.com/cardgen/cardgen/internal/sdkschema"
	"github.com/cardgen/cardgen/internal/validatortext"
)

// Add registers a tool as mcp.AddTool does — input validated against the input schema with its
// defaults applied, an error result for bad input or a handler error, the output validated
// against the output schema and sent as structuredContent and as JSON text — with these
// differences:
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
//     panic's value (which may hold data the client should not see); the value and the stack go
//     to logger at error level, or to slog's default logger when logger is nil (but for
//     http.ErrAbortHandler, which net/http does not log either).
//   - "arguments": null is taken as no arguments (see apply).
//   - A default applies inside an object the client sent (a required one too), or one that a
//     property's own default supplied; a missing object is made up to hold its properties'
//     defaults only for a field of a struct type (not a pointer) whose properties require
//     nothing (see exactDefaults). With Opts *Opts in In, and a default on a property of Opts,
//     mcp.AddTool gives h a non-nil Opts for {}, so in.Opts == nil cannot tell that the client
//     sent none.
//   - The output is sent as h returned it, validated against the output schema but without its
//     defaults: mcp.AddTool applies them to the output too, so a field h left out (a zero
//     dropped by omitempty, a nil pointer) reached the client as the schema's default, or as an
//     object made up to hold defaults.
//   - Arguments that are not a JSON object, and arguments the schema lets through that do not
//     decode into In, get an error result that names the property by its JSON path (opts.limit,
//     lines[1].qty, m["a b"]) and says what it must be in JSON's terms, not Go's (see
//     decodeProblem): the decoder's messages name Go types, quote the rest of the arguments
//     from the failing byte on, or name no property. A number beyond a float64's range (1e400)
//     reaches a json.Number field as written instead of failing every call; in a field of type
//     any, which the decoder gives a float64 for every number, it is refused by its path.
//   - An output that holds a number beyond a float64's range is not sent, but refused by its
//     path (beyondFloatOutput): clients decode numbers as float64, and the Go SDK's client
//     refused the whole result.
//   - The validator's messages, for the arguments and for an output that breaks the output
//     schema (a JSON-RPC error, as with mcp.AddTool), name a refused object, array or string
//     by its kind (a string quoted), not in Go's syntax (map[a:1]), a number a bound refuses
//     as a number, not a fraction, the bound as written (5, not 5.000000), and lists of names
//     as JSON, not Go's %q, without the "validating root: " (or $id) that names the schema
//     (see validatorMessage). A refused enum, const, oneOf, anyOf, contains or not shows the
//     value as JSON, an array's item too, and what the schema allows, from the schema (enum:
//     "pink" is not one of "red", "green blue"), where the validator printed both in Go's %v
//     and the alternatives as "<anonymous schema>" (see explainChoice). A number the validator
//     had as another float64 than the one sent (1e400 as the largest float64, 1e-400 as 0,
//     -9223372036854775809 as -2^63) is named as sent, not as the float64 (writtenNumber). The
//     bounds themselves are checked on the float64, as mcp.AddTool checks them (see apply).
//   - An integer that decodes into no value of its field is told with the range the field and
//     the schema both allow ("an integer from 1 to 100"), not the Go type's alone.
//   - An output that cannot be encoded as JSON (NaN or ±Inf, a time.Time beyond the year 9999,
//     an invalid json.RawMessage) is a JSON-RPC error, as with mcp.AddTool, whose message names
//     the tool and the property and says what is wrong without Go's type names; the Go error
//     goes to logger at error level, or to slog's default logger when logger is nil.
//   - A validation error of the arguments longer than maxArgumentError characters has its
//     middle left out (elideMiddle): the validator quotes the refused value whole.
//   - An integer that fits an int64 or a uint64 keeps its exact value in the typed integer
//     fields the handler gets (a field of type any still gets a float64, from the SDK's
//     decoder) and in the output sent: mcp.AddTool decodes both as float64 to validate them
//     and encodes them again, which rounds 9007199254740993 to 9007199254740992 (go-sdk issue
//     1201).
//   - The server gets rpcerr.Middleware, once, so that a JSON-RPC error whose data is not JSON
//     (the SDK's answer to a resources/read of a URI with a control character) is sent with
//     valid data instead of ending the session.
func Add[In, Out any](s *mcp.Server, t *mcp.Tool, h mcp.ToolHandlerFor[In, Out], logger *slog.Logger) {
	rpcerr.Install(s)
	t = inferSchemas[In, Out](t)
	in, out := Lazy(t.InputSchema), Lazy(t.OutputSchema)
	// An Out of type any with no output schema has no output to check, as in mcp.AddTool.
	checkOutput := t.OutputSchema != nil
	// Whether Out is a pointer type is known now, not on each call.
	outIsPtr := reflect.TypeFor[Out]().Kind() == reflect.Pointer
	inType := reflect.TypeFor[In]()
	s.AddTool(t, func(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		defer func() {
			// recover returns nil for runtime.Goexit (t.FailNow in a test's handler), which
			// goes on ending the goroutine.
			if v := recover(); v != nil {
				// http.ErrAbortHandler asks net/http to abort without logging; the handler runs
				// on a goroutine of the SDK's, not under net/http, so it is recovered here and,
				// as net/http does, not logged.
				if v != http.ErrAbortHandler {
					logTo(logger).ErrorContext(ctx, "panic in an MCP tool handler", slog.String("tool", t.Name),
						slog.Any("panic", v), slog.String("stack", string(debug.Stack())))
				}
				res, err = errorResult(fmt.Errorf("tool %s failed with an internal error; the server logged it", t.Name)), nil
			}
		}()
		inResolved, err := in.Resolved()
		if err != nil {
			return nil, fmt.Errorf("tool %s: input schema: %w", t.Name, err)
		}
		args, err := apply(req.Params.Arguments, inResolved, false, inType)
		if err != nil {
			return errorResult(fmt.Errorf("validating \"arguments\": %s", argumentError(err, in.raw, inResolved.Schema(), req.Params.Arguments, inType))), nil
		}
		var input In
		if err := decodeInput(args, &input); err != nil {
			return errorResult(inputError(ctx, logger, t.Name, args, req.Params.Arguments, inType, inResolved.Schema(), err)), nil
		}
		res, output, err := h(ctx, req, input)
		if err != nil {
			// A *jsonrpc.Error itself is the JSON-RPC error to answer with, as mcp.AddTool
			// answers; a wrapped one is a handler error like any other, whose text (with the
			// context the wrapping adds) the model reads, as with mcp.AddTool.
			if wireErr, ok := err.(*jsonrpc.Error); ok {
				return nil, wireErr
			}
			return errorResult(err), nil
		}
		if res == nil {
			res = &mcp.CallToolResult{}
		}
		if res.InputRequests != nil {
			// A multi-round-trip request for the client's input: content and inputRequests
			// are exclusive on the wire, so the output is left out, as mcp.AddTool leaves it.
			return res, nil
		}
		var outVal any = output
		if outVal == nil {
			// An Out of interface type left nil: no structured content, as mcp.AddTool sends
			// none (the handler's own Content, if any, is the answer).
			return res, nil
		}
		if outIsPtr {
			if v := reflect.ValueOf(outVal); v.IsNil() {
				if res.IsError {
					// A tool error the handler made itself, with no output: sent as it is, with
					// no structuredContent, which clients do not ask of an error result (the
					// TypeScript SDK's client checks it only when isError is false). mcp.AddTool
					// sends Out's zero value here, which an output schema with a required
					// property refuses, turning the handler's error into a protocol error.
					return res, nil
				}
				// A nil *Out is sent as Out's zero value, as mcp.AddTool sends it, not as null.
				outVal = reflect.New(v.Type().Elem()).Interface()
			}
		}
		outJSON, err := json.Marshal(outVal)
		if err != nil {
			// The handler's result cannot be sent, as with mcp.AddTool, but the client is told
			// which property and why in its own terms, and the Go error is logged.
			path, problem := encodeProblem(outVal, err)
			logTo(logger).ErrorContext(ctx, "the result of an MCP tool could not be encoded as JSON", slog.String("tool", t.Name),
				slog.String("property", path), slog.Any("error", err))
			return nil, fmt.Errorf("the result of tool %s could not be encoded as JSON: %s; the server logged the details", t.Name, problem)
		}
		if checkOutput {
			outResolved, err := out.Resolved()
			if err != nil {
				return nil, fmt.Errorf("tool %s: output schema: %w", t.Name, err)
			}
			checked, err := apply(outJSON, outResolved, true, nil)
			if errors.Is(err, errBeyondFloat) {
				return nil, beyondFloatOutput(ctx, logger, t.Name, outJSON)
			}
			if err != nil {
				return nil, outputError(err, out.raw, outResolved.Schema(), outJSON)
			}
			outJSON = checked
		} else if mayBeBeyondFloat(outJSON) {
			// Nothing else reads an output with no schema: it is decoded only when a number in
			// it may be beyond a float64's range, which few outputs hold.
			if st, err := decodeExact(outJSON, new(any), false); err == nil && st.huge {
				return nil, beyondFloatOutput(ctx, logger, t.Name, outJSON)
			}
		}
		res.StructuredContent = json.RawMessage(outJSON)
		if res.Content == nil {
			res.Content = []mcp.Content{&mcp.TextContent{Text: string(outJSON)}}
		} else if !isObject(outJSON) {
			// Clients of protocol versions before 2026-07-28 take structuredContent only as an
			// object; the JSON text after the handler's own content lets them read any other
			// output, as mcp.AddTool adds it.
			res.Content = append(res.Content, &mcp.TextContent{Text: string(outJSON)})
		}
		return res, nil
	})
}

// inferSchemas returns t, or a copy of it with the schemas it lacks inferred from In and Out as
// mcp.AddTool infers them (google/jsonschema-go's reflection of the type, a pointer's element
// type for a pointer): an input of type any takes any object, and an output of type any has
// no schema. Without them every call failed: a nil output schema was resolved as the JSON
// null, which no output passes, and a nil input schema made the SDK's Server.AddTool panic. A
// type the SDK cannot reflect panics here, as mcp.AddTool panics. cardgen's generated code
// always passes both schemas, so nothing is reflected for it.
func inferSchemas[In, Out any](t *mcp.Tool) *mcp.Tool {
	inAny := reflect.TypeFor[In]() == reflect.TypeFor[any]()
	outAny := reflect.TypeFor[Out]() == reflect.TypeFor[any]()
	if t.InputSchema != nil && (t.OutputSchema != nil || outAny) {
		return t
	}
	tt := *t
	if tt.InputSchema == nil {
		if inAny {
			tt.InputSchema = &jsonschema.Schema{Type: "object"}
		} else {
			tt.InputSchema = mustInfer[In](t.Name, "input")
		}
	}
	if tt.OutputSchema == nil && !outAny {
		tt.OutputSchema = mustInfer[Out](t.Name, "output")
	}
	return &tt
}

// mustInfer returns the schema mcp.AddTool infers for T, or panics with the error as it does.
func mustInfer[T any](tool, which string) *jsonschema.Schema {
	rt := reflect.TypeFor[T]()
	if rt.Kind() == reflect.Pointer {
		rt = rt.Elem()
	}
	schema, err := jsonschema.ForType(rt, &jsonschema.ForOptions{})
	if err == nil && schema == nil {
		err = fmt.Errorf("schema is nil for type %v", rt)
	}
	if err != nil {
		panic(fmt.Sprintf("AddTool: tool %q: %s schema: %v", tool, which, err))
	}
	return schema
}

// isObject reports whether data, a JSON value, is an object.
func isObject(data []byte) bool {
	data = bytes.TrimLeft(data, " \t\r\n")
	return len(data) > 0 && data[0] == '{'
}

// decodeInput decodes a tool's validated arguments the way the SDK's typed handlers do: with
// segmentio/encoding's decoder (the SDK's internal/json), which matches object keys to struct
// fields case-sensitively. encoding/json would fill Name from "NAME", which a schema that lets
// extra keys through (a type's own JSONSchema method) does not stop.
func decodeInput(data []byte, v any) error {
	dec := segjson.NewDecoder(bytes.NewReader(data))
	dec.DontMatchCaseInsensitiveStructFields()
	return dec.Decode(v)
}

// logTo is logger, or slog's default logger when it is nil.
func logTo(logger *slog.Logger) *slog.Logger {
	if logger == nil {
		return slog.Default()
	}
	return logger
}

// inputError says which argument did not decode into the input type t, and what it must be, in
// JSON's terms and within the input schema s's bounds (decodeProblem): the decoder's own message names Go types, quotes the rest of the
// arguments from the failing byte on ("invalid character ':' looking for beginning of object
// key: :\"x\"}}" for a map key out of a uint8's range), or names no property ("illegal base64
// data at input byte 0"). A value the schema lets through can still not fit the Go type: -1
// for a uint64, 300 for an int8, "abc" for a ",string" int. Should the walk find nothing, the
// client is told that the arguments do not fit and the decoder's error is logged, at warning
// level, for the server's author. sent is the arguments as the client sent them, whose numbers
// a problem quotes as written (decodeProblem).
func inputError(ctx context.Context, logger *slog.Logger, tool string, args, sent []byte, t reflect.Type, s *jsonschema.Schema, err error) error {
	if p := decodeProblem(args, sent, t, s); p != "" {
		return fmt.Errorf("decoding \"arguments\": %s", p)
	}
	logTo(logger).WarnContext(ctx, "MCP tool arguments that passed the input schema did not decode", slog.String("tool", tool),
		slog.Any("error", err))
	return errors.New("decoding \"arguments\": the arguments do not fit the tool's input; the server logged the details")
}

// argumentError is the validator's refusal err of args, a call's arguments, against the input
// schema raw (resolved as root), in the client's terms (validatorMessage). The arguments are
// read as the validator had them, but for the numbers it had as others (writtenNumber): integers
// exact, and the defaults applied as apply applies them for in, the Go type they decode into.
func argumentError(err error, raw json.RawMessage, root *jsonschema.Schema, args json.RawMessage, in reflect.Type) string {
	if msg := err.Error(); !mayExplain(msg) && !mayMisnumber(msg, root) {
		return validatorMessage(err, raw, root, nil) // nothing that needs the value
	}
	m := map[string]any{}
	if len(bytes.TrimSpace(args)) > 0 {
		if _, err := decodeExact(args, &m, true); err != nil {
			return validatorMessage(err, raw, root, nil)
		}
	}
	if m == nil {
		m = map[string]any{} // "arguments": null, validated as {}
	}
	if exactDefaults(m, root, in) != nil {
		return validatorMessage(err, raw, root, nil)
	}
	return validatorMessage(err, raw, root, m)
}

// outputError is the validator's refusal err of out, a tool's output as JSON, against the output
// schema raw (resolved as root), in the client's terms (validatorMessage): the error goes to the
// client as the JSON-RPC error of its call, as with mcp.AddTool, whose text was the validator's
// ("type: map[a:1] has type \"object\", want \"string\"").
func outputError(err error, raw json.RawMessage, root *jsonschema.Schema, out json.RawMessage) error {
	var v any
	if msg := err.Error(); !mayExplain(msg) && !mayMisnumber(msg, root) {
		v = nil
	} else if _, derr := decodeExact(out, &v, true); derr != nil {
		v = nil
	}
	msg := validatorMessage(err, raw, root, v)
	if string(bytes.TrimSpace(out)) == "null" {
		// "type: null has type \"null\"" does not say where the null came from: the handler's
		// result itself, which encoding/json writes as null for a nil slice or map. (A nil *Out
		// is sent as Out's zero value, and null is {} to an object schema.)
		msg += "; the tool's result encoded as null, as a nil slice or map does"
	}
	return &reworded{"validating tool output: " + msg, err}
}

// reworded is an error whose text is err's, written for the client; err stays in the chain.
type reworded struct {
	text string
	err  error
}

func (e *reworded) Error() string { return e.text }
func (e *reworded) Unwrap() error { return e.err }

// maxArgumentError is the most characters of a validation error the caller gets back. The
// validator quotes the value it refuses, whole: a 1 MiB string sent where at most 20 characters
// are allowed came back as 1 MiB of error text, which the model then reads.
const maxArgumentError = 2000

// validatorMessage is the validator's refusal err of v (nil when it could not be read) against
// the schema raw (resolved as root), made readable for the model: an enum, const, oneOf, anyOf,
// contains or not is explained from the schema, with the value refused as JSON, by
// explainChoice; the "validating root: " (or the schema's $id) that names the schema is left
// out; what is left of Go's syntax (a value in Go's %v, a null as "<invalid reflect.Value>",
// lists in %q) is rewritten by validatortext.PlainIn; a number refused by a bound, printed as a
// fraction ("21/2", 309 digits over 1), is written as a number, and the bound as the schema
// writes it (validatortext.Bounds); and a long message has its middle left out (elideMiddle).
func validatorMessage(err error, raw json.RawMessage, root *jsonschema.Schema, v any) string {
	msg := err.Error()
	// A number the validator printed as another than the client wrote (refusedNumber).
	var written writtenNumber
	var writtenSchema *jsonschema.Schema
	rewrite := false
	if v != nil {
		msg = explainChoice(msg, raw, root, v, err)
		written, writtenSchema, rewrite = refusedNumber(msg, root, v)
	}
	// The validator names the schema first, by its $id or as "root", which tells the model
	// nothing about its arguments (cardgen's schemas have no $id).
	msg = strings.TrimPrefix(msg, "validating root: ")
	if root.ID != "" {
		msg = strings.TrimPrefix(msg, "validating "+root.ID+": ")
	}
	// A schema still called "<anonymous schema>" (explainChoice had none to show) is one inside
	// the tool's schema, which the model has.
	msg = validatortext.PlainIn(msg, "a subschema", root)
	msg = validatortext.Bounds(msg, root)
	if rewrite {
		msg = withNumber(msg, written, writtenSchema, root)
	}
	return elideMiddle(msg, maxArgumentError)
}

// elideMiddle returns msg if it has at most max characters, else its beginning and its end
// (where the validator says what is wrong: "has length 1048576, greater than 20") around a
// note of how much was left out. The note is in the middle, and counts what it replaces: the
// reader is a model, which reads the message as text and may ask again for less.
func elideMiddle(msg string, max int) string {
	head, tail, n, cut := elide.Ends(msg, max, max*2/3, max/4)
	if !cut {
		return msg
	}
	return head + fmt.Sprintf(" … [%d characters left out] … ", n-max*2/3-max/4) + tail
}

func errorResult(err error) *mcp.CallToolResult {
	var res mcp.CallToolResult
	res.SetError(err)
	return &res
}

// resolvedSchemas holds each schema resolved so far, keyed by its bytes: generated schemas are
// package variables, so every server of the process shares one resolution. The key is the
// content, not the address of the bytes: a schema marshalled on each call (a *jsonschema.Schema,
// or a literal converted to json.RawMessage in a function that builds a server per session)
// has new bytes every time, and keyed by address each copy stayed in the map for good, so
// opening sessions grew the process without bound.
var resolvedSchemas sync.Map // string → *Schema

// Schema is a tool schema resolved on first use and shared, by content, by every tool and every
// server of the process.
type Schema struct {
	raw      json.RawMessage
	once     sync.Once
	resolved *jsonschema.Resolved
	err      error
}

// Lazy returns the shared Schema of schema: a json.RawMessage, or anything that marshals to a
// JSON schema (a *jsonschema.Schema). Nothing is resolved until Resolved is called.
func Lazy(schema any) *Schema {
	raw, ok := schema.(json.RawMessage)
	if !ok {
		b, err := json.Marshal(schema)
		if err != nil {
			return &Schema{err: err}
		}
		raw = b
	}
	if len(raw) == 0 {
		return &Schema{err: errors.New("the schema is empty")}
	}
	key := string(raw)
	if l, ok := resolvedSchemas.Load(key); ok {
		return l.(*Schema)
	}
	// The entry keeps a copy, not the caller's bytes: a caller that reuses its buffer must not
	// change a schema other calls share.
	l, _ := resolvedSchemas.LoadOrStore(key, &Schema{raw: json.RawMessage(key)})
	return l.(*Schema)
}

// Resolved resolves the schema the first time, with the options mcp.AddTool uses, and returns
// the same result after that.
func (l *Schema) Resolved() (*jsonschema.Resolved, error) {
	if l.raw == nil {
		return nil, l.err
	}
	l.once.Do(func() { l.resolved, l.err = sdkschema.Resolve(l.raw) })
	return l.resolved, l.err
}

// apply validates data against the schema: input after applying its defaults (exactDefaults),
// and always as an object (missing or null arguments are {}); output as it is, without its
// defaults. An object is returned encoded again, its keys in order, as the SDK returns it.
//
// Unlike the SDK (go-sdk issue 1201), integers keep their exact value: decoded as float64, an
// int64 or uint64 beyond 2^53 was rounded when the value was encoded again, so the handler got,
// and structuredContent sent, another number than the one given, with no error.
//
// A number's bounds (minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf) are
// checked on the float64 it rounds to, as the validator has it, not on its digits as written:
// 100.0000000000000000001 passes "maximum": 100, and 99.99999999999999999999 fails
// "exclusiveMaximum": 100 (with a refusal that says it was taken as 100: withNumber). That is
// kept on purpose. A float64 or any field gets that float64 (exactly 100), a float32 field it
// rounded once more, so the handler gets the number that was checked, within the bounds, and an
// integer field takes no number with a fraction (the decoder refuses it); and the client's own
// validators check the same way (the Go SDK's, and ajv's and every other on JavaScript's
// numbers), so a call one of them passed is not refused for less than a float64's precision.
// Checking the digits instead would let 99.99999999999999999999 through to a float64 field as
// 100, beyond its exclusive bound; checking both would refuse 100.0000000000000000001, which such
// a field gets as 100, within it, and could be exact only by validating again in another
// arithmetic, through every anyOf, oneOf, not and if of the schema. What is left is a field that
// keeps the digits as written (a json.Number, a type with its own UnmarshalJSON): it may get a
// number beyond a bound by less than a float64's precision (100.0000000000000000001 for a
// maximum of 100, where mcp.AddTool, encoding the float64 again, gave it 100), and a handler
// that relies on such a bound to the last digit compares the number itself.
// TestBoundsCheckedOnTheFloat64 pins this.
func apply(data json.RawMessage, resolved *jsonschema.Resolved, forOutput bool, in reflect.Type) (json.RawMessage, error) {
	var v any
	var st numbers // what the numbers of data hold
	if !forOutput {
		if msg := notAnObject(data); msg != "" {
			// The decoder's message was "cannot unmarshal array into Go value of type
			// map[string]interface {}".
			return nil, errors.New(msg)
		}
		m := map[string]any{}
		if len(data) > 0 {
			var err error
			if st, err = decodeExact(data, &m, false); err != nil {
				return nil, fmt.Errorf("unmarshaling arguments: %w", err)
			}
		}
		if m == nil {
			// "arguments": null leaves a nil map, into which a default would be assigned and
			// panic. null is taken as no arguments, as it already is when nothing has a default.
			m = map[string]any{}
		}
		// The defaults, exactly: jsonschema-go's ApplyDefaults (which mcp.AddTool uses) decodes
		// each as json.Unmarshal does, so a default of 9007199254740993 became …992 and one of
		// 18446744073709551615 overflowed every call that left the field out; and it made up a
		// missing object to hold its properties' defaults.
		if err := exactDefaults(m, resolved.Schema(), in); err != nil {
			return nil, fmt.Errorf("applying schema defaults:\n%w", err)
		}
		v = m
	} else {
		if len(data) > 0 {
			var err error
			if st, err = decodeExact(data, &v, false); err != nil {
				return nil, fmt.Errorf("unmarshaling output: %w", err)
			}
		}
		if v == nil && resolved.Schema().Type == "object" {
			// A nil map, or a value marshalled as null, is {} to an object schema, as mcp.AddTool
			// makes it: null would break the schema.
			v = map[string]any{}
		}
		// The output gets no defaults: mcp.AddTool applies the schema's to it too, which turned
		// a zero the handler left out into the default and made up objects the handler left nil.
	}
	if err := resolved.Validate(&v); err != nil {
		return nil, err
	}
	if forOutput && st.huge {
		return nil, errBeyondFloat
	}
	if _, ok := v.(map[string]any); !ok {
		return data, nil
	}
	if st.lossy {
		// A number no int64, uint64 or float64 holds as written (a json.Number or a
		// json.RawMessage of 30 digits, 0.30000000000000000001, 1e400) is passed on as written:
		// the values given keep their own text, and only the defaults come from v.
		var orig any
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		if err := dec.Decode(&orig); err == nil {
			return json.Marshal(asWritten(orig, v))
		}
	}
	return json.Marshal(v)
}

// errBeyondFloat is apply's error for an output that passes its schema but holds a number beyond
// a float64's range (see beyondFloatOutput).
var errBeyondFloat = errors.New("the output holds a number beyond a float64's range")

// beyondFloatOutput is the error of a call whose output, out as JSON, holds a number beyond a
// float64's range (1e400, from a json.Number or a json.RawMessage, perhaps the client's own
// argument echoed). Such an output is not sent: JSON allows the number, but clients decode
// numbers as float64, and the official Go SDK's client then refuses the whole result ("cannot
// unmarshal \"1e400\" into Go struct field ... of type float64"), content and all. The client
// is told which property, as with an output that cannot be encoded, and the server's log too.
func beyondFloatOutput(ctx context.Context, logger *slog.Logger, tool string, out []byte) error {
	path, lit, _ := beyondFloat(out, "", 0)
	lit = describeJSON([]byte(lit))
	logTo(logger).ErrorContext(ctx, "the result of an MCP tool holds a number beyond a float64's range, which clients cannot decode; it was not sent",
		slog.String("tool", tool), slog.String("property", path), slog.String("number", lit))
	return fmt.Errorf("the result of tool %s was not sent: %s is %s, beyond the range of a 64-bit floating-point number "+
		"(%s), into which clients decode numbers; the server logged the details", tool, subjectOf(path), lit, validatortext.Float64Range)
}

// mayBeBeyondFloat reports whether data, a JSON value, may hold a number beyond a float64's range,
// reading it once without decoding it: a number below 10^309 is within the range, and one of n
// digits before its point and the exponent e (none is 0) is below 10^(n+e). Strings are skipped:
// an id such as "3e9f" is no number. A number of 309 digits or more, or whose digits and
// exponent make 309 or more (1e400, 0.5e309, and 1e308, which is within the range), is a
// candidate, which decoding then tells.
func mayBeBeyondFloat(data []byte) bool {
	digits, fraction := 0, false // the digits before the point of the number being read
	for i := 0; i < len(data); i++ {
		switch c := data[i]; {
		case c == '"':
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++ // the escaped character, which may be a quote
				}
			}
			digits, fraction = 0, false
		case '0' <= c && c <= '9':
			if !fraction {
				if digits++; digits >= 309 {
					return true
				}
			}
		case c == '.':
			fraction = true
		case c == 'e' || c == 'E':
			// An exponent, or the last letter of true or false, after which digits is 0.
			exp, negative := 0, false
			if i+1 < len(data) && (data[i+1] == '+' || data[i+1] == '-') {
				i++
				negative = data[i] == '-'
			}
			for ; i+1 < len(data) && '0' <= data[i+1] && data[i+1] <= '9'; i++ {
				if exp < 1000 { // enough to tell; more digits would only overflow
					exp = exp*10 + int(data[i+1]-'0')
				}
			}
			if !negative && digits+exp >= 309 {
				return true
			}
			digits, fraction = 0, false
		default:
			digits, fraction = 0, false
		}
	}
	return false
}

// subjectOf names the value at path of a tool's result in a message.
func subjectOf(path string) string {
	if path == "" {
		return "the result"
	}
	return path
}

// asWritten returns applied, the value validated with its defaults applied, with each value that
// orig, the same JSON decoded with json.Number, already had taken from orig: digit for digit.
func asWritten(orig, applied any) any {
	switch o := orig.(type) {
	case map[string]any:
		a, ok := applied.(map[string]any)
		if !ok {
			return orig
		}
		for k, ov := range o {
			a[k] = asWritten(ov, a[k])
		}
		return a
	case []any:
		a, ok := applied.([]any)
		if !ok || len(a) != len(o) {
			return orig
		}
		for i := range o {
			a[i] = asWritten(o[i], a[i])
		}
		return a
	}
	return orig
}

// exactDefaults sets, in the object v, each property of s that v lacks and that has a default
// (and is not required), to the default decoded as unmarshalExact decodes, and so on into the
// objects v has (required or not), and those a default gave it. t is the Go type v decodes into,
// or nil when unknown.
//
// Unlike resolved.ApplyDefaults, it makes up an object the client left out only for a field of
// a struct type (not a pointer) whose properties have defaults and none is required: the handler
// gets those defaults in the struct, as with mcp.AddTool, where for Opts *Opts it got a non-nil
// Opts for {}, so in.Opts == nil could not tell that the client sent none; and an object whose
// schema requires properties is not made up to fail validation.
func exactDefaults(v any, s *jsonschema.Schema, t reflect.Type) error {
	m, ok := v.(map[string]any)
	if !ok || s == nil {
		return nil
	}
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var fields map[string]jsonField // t's fields by JSON name, found when first needed
	for prop, sub := range s.Properties {
		if sub == nil {
			continue
		}
		required := slices.Contains(s.Required, prop) // its default is ignored, as ApplyDefaults ignores it
		val, has := m[prop]
		if !has && sub.Default != nil && !required {
			var d any
			if err := unmarshalExact(sub.Default, &d); err != nil {
				return fmt.Errorf("the default of %s: %w", prop, err)
			}
			m[prop], val, has = d, d, true
		}
		var ft reflect.Type
		if t != nil && t.Kind() == reflect.Struct && (has || holdsOnlyDefaults(sub)) {
			if fields == nil {
				fields = cachedJSONFields(t)
			}
			ft = fields[prop].typ
		}
		if !has && ft != nil && ft.Kind() == reflect.Struct {
			val, has = map[string]any{}, true
			m[prop] = val
		}
		if has {
			if err := exactDefaults(val, sub, ft); err != nil {
				return err
			}
		}
	}
	return nil
}

// holdsOnlyDefaults reports whether s is an object schema that requires no property and gives one
// a default: a value struct the client left out is made up to hold them (exactDefaults).
func holdsOnlyDefaults(s *jsonschema.Schema) bool {
	if s.Type != "object" || len(s.Required) > 0 {
		return false
	}
	for _, p := range s.Properties {
		if p != nil && p.Default != nil {
			return true
		}
	}
	return false
}

// jsonFieldsByType caches jsonFields per struct type: exactDefaults may need them on every call.
var jsonFieldsByType sync.Map // reflect.Type → map[string]jsonField

func cachedJSONFields(t reflect.Type) map[string]jsonField {
	if f, ok := jsonFieldsByType.Load(t); ok {
		return f.(map[string]jsonField)
	}
	f, _ := jsonFieldsByType.LoadOrStore(t, jsonFields(t))
	return f.(map[string]jsonField)
}

// unmarshalExact is json.Unmarshal into v (a *any or a *map[string]any) but for numbers: an
// integer that fits an int64 or a uint64 is decoded as one, any other number as a float64.
// The validator takes Go integers for JSON integers and compares them exactly, and
// encoding/json writes them back digit for digit; only a float64 was left by json.Unmarshal,
// which has 53 bits for the digits. data is one JSON value (the raw arguments of a parsed
// message, or json.Marshal's output), so nothing after it is looked at.
func unmarshalExact(data []byte, v any) error {
	_, err := decodeExact(data, v, false)
	return err
}

// numbers is what decodeExact found in the numbers of a value.
type numbers struct {
	// keep asks for each number that a float64 changes to be decoded as a writtenNumber, which
	// only a refusal's message reads.
	keep bool
	// lossy: a number became a float64 that encoding/json does not write back as it was written
	// (beyond float64's digits or range, or outside int64 and uint64).
	lossy bool
	// huge: a number is beyond a float64's range (1e400).
	huge bool
}

// decodeExact is unmarshalExact, and says what it found in the numbers; with keep, each number
// a float64 changes is a writtenNumber in v.
func decodeExact(data []byte, v any, keep bool) (numbers, error) {
	st := numbers{keep: keep}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return st, err
	}
	switch p := v.(type) {
	case *any:
		*p = exactNumbers(*p, &st)
	case *map[string]any:
		exactNumbers(*p, &st)
	}
	return st, nil
}

// writtenNumber is a number of a refused value that the validator had as another number than
// the one written, decoded so by decodeExact with keep: the validator printed its float64
// (1.7976931348623157e+308 for 1e400, 0 for 1e-400, 100 for 100.0000000000000000001), and a
// refusal names the number as the client wrote it. It encodes as written.
type writtenNumber struct {
	lit       json.Number
	validated float64 // the number the validator had
}

func (n writtenNumber) MarshalJSON() ([]byte, error) { return []byte(n.lit), nil }

// asValidated is v as the validator had it: each writtenNumber in it, at any depth, its float64,
// in new maps and slices where there is one.
func asValidated(v any) any {
	a, _ := validatedCopy(v)
	return a
}

// validatedCopy is asValidated, and reports whether v held a writtenNumber: v itself is returned
// when it held none.
func validatedCopy(v any) (any, bool) {
	switch v := v.(type) {
	case writtenNumber:
		return v.validated, true
	case map[string]any:
		var c map[string]any
		for k, e := range v {
			if a, changed := validatedCopy(e); changed {
				if c == nil {
					c = maps.Clone(v)
				}
				c[k] = a
			}
		}
		if c != nil {
			return c, true
		}
	case []any:
		var c []any
		for i, e := range v {
			if a, changed := validatedCopy(e); changed {
				if c == nil {
					c = slices.Clone(v)
				}
				c[i] = a
			}
		}
		if c != nil {
			return c, true
		}
	}
	return v, false
}

// sameValue reports whether the float64 f, which encoding/json writes in its shortest form, is the
// number lit says: 0.1 and 0.1, 1 and 1.0 or 1e0, 1e+30 and 1e30 are; 0.3 and
// 0.30000000000000000001 are not, nor 1.2345678901234568e+29 and 30 digits. Only a number whose
// value a float64 changes is lossy: another spelling of the same value is sent as encoding/json
// writes it (an argument of 1.0 for an int is 1, as the SDK makes it).
func sameValue(f float64, lit json.Number) bool {
	var buf [32]byte
	short := strconv.AppendFloat(buf[:0], f, 'g', -1, 64)
	if string(short) == string(lit) {
		return true // the common case, without allocating
	}
	// An exact comparison of a number of many digits, or with a large exponent (1e-99999999,
	// which a float64 takes as 0), would cost what the sender chooses: such a number is taken
	// as changed, and sent as written.
	if len(lit) > 64 {
		return false
	}
	if i := strings.IndexAny(string(lit), "eE"); i >= 0 {
		if e, err := strconv.Atoi(string(lit[i+1:])); err != nil || e < -400 || e > 400 {
			return false
		}
	}
	var a, b big.Rat
	if _, ok := a.SetString(string(short)); !ok {
		return false
	}
	if _, ok := b.SetString(string(lit)); !ok {
		return false
	}
	return a.Cmp(&b) == 0
}

// exactNumbers replaces each json.Number in v, in place in its maps and slices, and returns v;
// st says what it found (see numbers).
func exactNumbers(v any, st *numbers) any {
	switch v := v.(type) {
	case json.Number:
		// -0 is an integer zero to strconv, but a float64 keeps its sign, as encoding/json did.
		if i, err := strconv.ParseInt(string(v), 10, 64); err == nil && (i != 0 || v[0] != '-') {
			return i
		}
		if u, err := strconv.ParseUint(string(v), 10, 64); err == nil {
			return u
		}
		f, err := strconv.ParseFloat(string(v), 64)
		if err != nil {
			// A number beyond a float64's range (1e400, which json.Unmarshal refused whatever
			// the field, in Go's words) is passed on as written: a json.Number takes it, and
			// for a float64 decodeProblem says what range the field has. The validator gets
			// the largest float64 of its sign, beyond every bound a schema holds but that one
			// (the ±Inf ParseFloat returns is 0 to its comparisons, which passed any bound
			// that 0 passes); a refusal names the number as written (writtenNumber).
			st.lossy, st.huge = true, true
			f = math.Copysign(math.MaxFloat64, f)
			if st.keep {
				return writtenNumber{v, f}
			}
			return f
		}
		// Once a number is lossy the others need no comparing, unless each is to be kept.
		if (st.keep || !st.lossy) && !sameValue(f, v) {
			st.lossy = true
			if st.keep {
				return writtenNumber{v, f}
			}
		}
		return f
	case map[string]any:
		for k, e := range v {
			v[k] = exactNumbers(e, st)
		}
	case []any:
		for i, e := range v {
			v[i] = exactNumbers(e, st)
		}
	}
	return v
}
