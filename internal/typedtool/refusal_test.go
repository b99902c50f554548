package typedtool

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/internal/mcptest"
)

// TestChoiceRefusalsInJSONTerms: the validator refused an enum, a const, a oneOf, an anyOf or a
// contains in words a model cannot act on: the value and the allowed values in Go's %v ("enum:
// pink does not equal any of: [red green blue]", where "green blue" is one value), the
// alternatives as "<anonymous schema>", an array as "[a map[b:%!s(int64=1)]]". The client now
// gets the value as JSON and what the schema allows, from the schema; a nullable field's oneOf
// says what is wrong inside it.
func TestChoiceRefusalsInJSONTerms(t *testing.T) {
	const schema = `{"type":"object","properties":{` +
		`"c":{"type":"string","enum":["red","green blue"]},` +
		`"k":{"const":"x"},` +
		`"o":{"oneOf":[{"type":"integer","description":"a count"},{"type":"string","minLength":3}]},` +
		`"a":{"anyOf":[{"type":"integer"},{"type":"boolean"}]},` +
		`"l":{"type":"array","contains":{"type":"integer"}},` +
		`"nul":{"oneOf":[{"type":"integer","maximum":5},{"type":"null"}]},` +
		`"tags":{"type":"array","items":{"enum":["x","y"]}},` +
		`"in":{"type":"object","properties":{"level":{"enum":[1,2,3]}}},` +
		`"nc":{"oneOf":[{"type":"array","items":{"enum":["x","y"]}},{"type":"null"}]},` +
		`"no":{"oneOf":[{"type":"object","properties":{"c":{"enum":["red","green"]}}},{"type":"null"}]},` +
		`"tiny":{"type":"number","maximum":1e-7}}}`
	cs := connectValidating(t, schema)
	const p = `validating "arguments": validating /properties/`
	for args, want := range map[string]string{
		`{"c":"pink"}`:            p + `c: enum: "pink" is not one of "red", "green blue"`,
		`{"c":5}`:                 p + `c: type: got the number 5, want "string"`,
		`{"k":"y"}`:               p + `k: const: "y" is not "x"`,
		`{"o":"ab"}`:              p + `o: oneOf: "ab" matches none of the schemas {"type":"integer"} or {"type":"string","minLength":3}`,
		`{"a":"s"}`:               p + `a: anyOf: "s" matches none of the schemas {"type":"integer"} or {"type":"boolean"}`,
		`{"l":["a",{"b":1}]}`:     p + `l: contains: no item matches {"type":"integer"}`,
		`{"nul":9}`:               p + `nul: maximum: 9 is greater than 5`,
		`{"tags":["z"]}`:          p + `tags/items: enum: "z" is not one of "x", "y"`,
		`{"in":{"level":"high"}}`: p + `in/properties/level: enum: "high" is not one of 1, 2, 3`,
		// Inside a nullable field, the path sdkschema.Explain gives passes its oneOf.
		`{"nc":["z"]}`:        p + `nc/items: enum: "z" is not one of "x", "y"`,
		`{"no":{"c":"pink"}}`: p + `no/properties/c: enum: "pink" is not one of "red", "green"`,
		`{"tiny":1}`:          p + `tiny: maximum: 1 is greater than 1e-7`,
		`{"c":{"a":"x\ny"}}`:  p + `c: type: got an object, want "string"`,
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "v", Arguments: json.RawMessage(args)})
		if err != nil {
			t.Fatal(err)
		}
		if text := res.Content[0].(*mcp.TextContent).Text; !res.IsError || text != want {
			t.Errorf("%s:\nerror result %v, %s\nwant %s", args, res.IsError, text, want)
		}
	}
}

// TestItemChoiceRefusalsInJSONTerms: the validator's path names a schema, not a value, and through
// an array's items it does not say which item; the value was shown as the validator printed it,
// in Go's %v ("enum: green blue does not equal any of: [x y]", a string unquoted, one value read
// as two), or, for a oneOf, not at all. The item refused is found (the first, in the validator's
// order, that the keyword refuses) and shown as JSON: in items, nested arrays, prefixItems,
// draft 7's items array, objects in arrays, and through a $ref.
func TestItemChoiceRefusalsInJSONTerms(t *testing.T) {
	const schema = `{"type":"object","$defs":{"color":{"enum":["red","green blue"]}},"properties":{` +
		`"tags":{"type":"array","items":{"enum":["x","y"]}},` +
		`"consts":{"type":"array","items":{"const":"x"}},` +
		`"alts":{"type":"array","items":{"oneOf":[{"type":"integer"},{"type":"object","required":["id"]}]}},` +
		`"anys":{"type":"array","items":{"anyOf":[{"type":"integer"},{"type":"boolean"}]}},` +
		`"grid":{"type":"array","items":{"type":"array","items":{"enum":[1,2]}}},` +
		`"objs":{"type":"array","items":{"type":"object","properties":{"kind":{"enum":["a","b"]}}}},` +
		`"pair":{"type":"array","prefixItems":[{"enum":["a"]},{"const":5}]},` +
		`"colors":{"type":"array","items":{"$ref":"#/$defs/color"}},` +
		`"extra":{"type":"object","additionalProperties":{"enum":["on","off"]}}}}`
	cs := connectValidating(t, schema)
	const p = `validating "arguments": validating /properties/`
	for args, want := range map[string]string{
		`{"tags":["x","green blue"]}`:                p + `tags/items: enum: "green blue" is not one of "x", "y"`,
		`{"tags":["x",null]}`:                        p + `tags/items: enum: null is not one of "x", "y"`,
		`{"tags":[9007199254740993]}`:                p + `tags/items: enum: 9007199254740993 is not one of "x", "y"`,
		`{"consts":["x","x","y z"]}`:                 p + `consts/items: const: "y z" is not "x"`,
		`{"alts":[1,{"id":2},{"x":[1,"a b"]}]}`:      p + `alts/items: oneOf: {"x":[1,"a b"]} matches none of the schemas {"type":"integer"} or {"type":"object","required":["id"]}`,
		`{"anys":[true,"s t"]}`:                      p + `anys/items: anyOf: "s t" matches none of the schemas {"type":"integer"} or {"type":"boolean"}`,
		`{"grid":[[1],[2,1],[1,"3 4"]]}`:             p + `grid/items/items: enum: "3 4" is not one of 1, 2`,
		`{"objs":[{"kind":"a"},{"kind":{"c":"d"}}]}`: p + `objs/items/properties/kind: enum: {"c":"d"} is not one of "a", "b"`,
		`{"pair":["a",6]}`:                           p + `pair/prefixItems/1: const: 6 is not 5`,
		`{"pair":["b c",5]}`:                         p + `pair/prefixItems/0: enum: "b c" is not one of "a"`,
		`{"extra":{"a":"on","b":"of f"}}`:            p + `extra/additionalProperties: enum: "of f" is not one of "on", "off"`,
		`{"colors":["red","pink"]}`:                  `validating "arguments": validating /$defs/color: enum: "pink" is not one of "red", "green blue"`,
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "v", Arguments: json.RawMessage(args)})
		if err != nil {
			t.Fatal(err)
		}
		if text := res.Content[0].(*mcp.TextContent).Text; !res.IsError || text != want {
			t.Errorf("%s:\nerror result %v, %s\nwant %s", args, res.IsError, text, want)
		}
	}

	// Draft 7's items array: the path holds the item's index (/items/1).
	cs = connectValidating(t, `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{`+
		`"pair":{"type":"array","items":[{"enum":["a","b"]},{"type":"object","properties":{"kind":{"enum":["x"]}}}]}}}`)
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "v", Arguments: json.RawMessage(`{"pair":["a",{"kind":"y z"}]}`)})
	if err != nil {
		t.Fatal(err)
	}
	if text, want := res.Content[0].(*mcp.TextContent).Text, p+`pair/items/1/properties/kind: enum: "y z" is not one of "x"`; !res.IsError || text != want {
		t.Errorf("draft 7 items array:\nerror result %v, %s\nwant %s", res.IsError, text, want)
	}
}

// TestWholeInputChoices: the oneOf and anyOf that oneof_required and anyof_required tags put at
// the top of an input schema were left as the validator wrote them ("anyOf: did not validate
// against any of [<anonymous schema> <anonymous schema>]", "oneOf: validated against both
// <anonymous schema> and <anonymous schema>").
func TestWholeInputChoices(t *testing.T) {
	cs := connectValidating(t, `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},`+
		`"anyOf":[{"required":["a"]},{"required":["b"]}],"oneOf":[{"required":["a"]},{"required":["b"]}]}`)
	const p = `validating "arguments": `
	for args, want := range map[string]string{
		`{}`:                p + `anyOf: the arguments match none of the schemas {"required":["a"]} or {"required":["b"]}`,
		`{"a":"x","b":"y"}`: p + `oneOf: the arguments match more than one of the schemas {"required":["a"]} or {"required":["b"]}, and must match exactly one`,
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "v", Arguments: json.RawMessage(args)})
		if err != nil {
			t.Fatal(err)
		}
		if text := res.Content[0].(*mcp.TextContent).Text; !res.IsError || text != want {
			t.Errorf("%s:\nerror result %v, %s\nwant %s", args, res.IsError, text, want)
		}
	}
}

// connectValidating connects a client to a server with one tool, v, whose input schema is schema
// and whose handler answers "ok": a call's result is the validation's.
func connectValidating(t *testing.T, schema string) *mcp.ClientSession {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "v", InputSchema: json.RawMessage(schema)},
		func(_ context.Context, _ *mcp.CallToolRequest, _ map[string]any) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
		}, nil)
	return mcptest.Connect(t, s, nil)
}

// TestValidatorGoSyntaxGone: what else of Go reached the client in the validator's words: a not
// as "not: validated against <anonymous schema>", a nullable enum's oneOf as two anonymous
// schemas, lists of names in Go's %q (["a" "b"], "\x01") or as one string ("string, null"), and the schema's $id before the path.
func TestValidatorGoSyntaxGone(t *testing.T) {
	cs := connectValidating(t, `{"$id":"https://example.com/tools/v","type":"object","properties":{`+
		`"x":{"not":{"type":"string"}},`+
		`"t":{"type":["string","null"]},`+
		`"status":{"oneOf":[{"type":"string","enum":["a","b"]},{"type":"null"}]},`+
		`"n":{"type":"integer"},`+
		`"o":{"type":"object","dependentRequired":{"p":["q","z"]}},`+
		`"strict":{"type":"object","additionalProperties":false},`+
		`"req":{"type":"object","required":["a","b"]}}}`)
	const p = `validating "arguments": validating /properties/`
	for args, want := range map[string]string{
		`{"x":"s"}`:                p + `x: not: "s" matches {"type":"string"}, which it must not`,
		`{"t":5}`:                  p + `t: type: got the number 5, want one of "string", "null"`,
		`{"status":"c"}`:           p + `status: oneOf: "c" matches none of the schemas {"type":"string","enum":["a","b"]} or {"type":"null"}`,
		`{"n":"s"}`:                p + `n: type: got the string "s", want "integer"`,
		`{"o":{"p":1}}`:            p + `o: dependentRequired["p"]: missing properties ["q","z"]`,
		`{"strict":{"a\u0001":1}}`: p + `strict: unexpected additional properties ["a\u0001"]`,
		`{"req":{}}`:               p + `req: required: missing properties: ["a","b"]`,
		`{"n":null}`:               p + `n: type: got null, want "integer"`,
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "v", Arguments: json.RawMessage(args)})
		if err != nil {
			t.Fatal(err)
		}
		if text := res.Content[0].(*mcp.TextContent).Text; !res.IsError || text != want {
			t.Errorf("%s:\nerror result %v, %s\nwant %s", args, res.IsError, text, want)
		}
	}
}

// TestOutputRefusalInJSONTerms: an output that breaks the output schema is a JSON-RPC error of
// the call, as with mcp.AddTool, and its text was the validator's, in Go's syntax
// ("type: map[a:1] has type \"object\"", "enum: green blue does not equal any of: [red green
// blue]"). The server's author reads it in the client's logs, in JSON's terms; the validator's
// error stays in the chain on the server.
func TestOutputRefusalInJSONTerms(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	Add(s, &mcp.Tool{Name: "out", InputSchema: json.RawMessage(`{"type":"object","properties":{"bad":{"type":"string"}}}`),
		OutputSchema: json.RawMessage(`{"type":"object","properties":{"s":{"type":"string"},"c":{"type":"array","items":{"enum":["red","green blue"]}}}}`)},
		func(_ context.Context, _ *mcp.CallToolRequest, in map[string]any) (*mcp.CallToolResult, map[string]any, error) {
			if in["bad"] == "s" {
				return nil, map[string]any{"s": map[string]any{"a": 1}}, nil
			}
			return nil, map[string]any{"c": []any{"red", "green"}}, nil
		}, nil)
	cs := mcptest.Connect(t, s, nil)
	for bad, want := range map[string]string{
		"s": `validating tool output: validating /properties/s: type: got an object, want "string"`,
		"c": `validating tool output: validating /properties/c/items: enum: "green" is not one of "red", "green blue"`,
	} {
		_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "out", Arguments: map[string]any{"bad": bad}})
		if err == nil || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("output %s: %v; want an error ending %q", bad, err, want)
		}
	}
}

// TestRefusalJSONKeepsHTMLCharacters: a value or a schema quoted as JSON in a refusal was written
// with "<", ">" and "&" escaped (\u003c) where validatortext, which words the rest of the
// message and register's, wrote them as they are; one value read two ways. Both write them as
// they are.
func TestRefusalJSONKeepsHTMLCharacters(t *testing.T) {
	cs := connectValidating(t, `{"type":"object","properties":{`+
		`"c":{"enum":["<a>","b&c"]},"k":{"const":"<k>"},"o":{"oneOf":[{"type":"string","pattern":"^<"},{"type":"integer"}]}}}`)
	const p = `validating "arguments": validating /properties/`
	for args, want := range map[string]string{
		`{"c":"x<y"}`: p + `c: enum: "x<y" is not one of "<a>", "b&c"`,
		`{"k":"&"}`:   p + `k: const: "&" is not "<k>"`,
		`{"o":true}`:  p + `o: oneOf: true matches none of the schemas {"type":"string","pattern":"^<"} or {"type":"integer"}`,
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "v", Arguments: json.RawMessage(args)})
		if err != nil {
			t.Fatal(err)
		}
		if text := res.Content[0].(*mcp.TextContent).Text; !res.IsError || text != want {
			t.Errorf("%s:\nerror result %v, %s\nwant %s", args, res.IsError, text, want)
		}
	}
}

// TestRefusalsOfNamesWithSeparators: a property name may hold ": " (which also ends the schema
// path the validator writes), "/" and "~" (written ~1 and ~0 in the path), quotes and spaces. The
// path was read up to the first ": ", so a refusal inside "m: enum" was taken for one of "m" and
// left in Go's words ("enum: enum: 3 does not equal any of: [1 2]"), a type's refusal of "n:
// type" quoted "type: s" as the value, a number the validator had as another float64 was printed
// as that float64 (1.7976931348623157e+308 for 1e400) and an array's item refused was not found.
// The client reads each refusal as it reads one of a plain name, the path as the validator wrote
// it.
func TestRefusalsOfNamesWithSeparators(t *testing.T) {
	const schema = `{"type":"object","properties":{` +
		`"a: b":{"type":"integer","maximum":10},` +
		`"a":{"type":"object","properties":{"b":{"type":"string"}}},` +
		`"x/y":{"enum":["red","green blue"]},` +
		`"t~n":{"type":"array","items":{"enum":["x","y"]}},` +
		`"q\"uote":{"type":"string","minLength":3},` +
		`"sp ace":{"type":"object","required":["k: v"],"properties":{"k: v":{"type":"integer"}}},` +
		`"n: type":{"type":"integer"},` +
		`"m":{"type":"integer"},"m: enum":{"enum":[1,2]},` +
		`"o: p":{"oneOf":[{"type":"array","items":{"enum":["x","y"]}},{"type":"null"}]},` +
		`"l: m":{"type":"array","items":{"type":"number","exclusiveMaximum":5}},` +
		`"c: contains":{"type":"array","contains":{"type":"integer"}}}}`
	cs := connectValidating(t, schema)
	const p = `validating "arguments": validating /properties/`
	for _, c := range []struct{ args, want string }{
		{`{"a: b":11}`, p + `a: b: maximum: 11 is greater than 10`},
		{`{"a: b":"s"}`, p + `a: b: type: got the string "s", want "integer"`},
		{`{"a: b":1e400}`, p + `a: b: maximum: 1e400 is greater than 10`},
		{`{"a: b":"x: validating /properties/a: b: type: y"}`, p + `a: b: type: got the string "x: validating /properties/a: b: type: y", want "integer"`},
		{`{"a":{"b":1}}`, p + `a: validating /properties/a/properties/b: type: got the number 1, want "string"`},
		{`{"x/y":"pink"}`, p + `x~1y: enum: "pink" is not one of "red", "green blue"`},
		{`{"t~n":["x","z"]}`, p + `t~0n/items: enum: "z" is not one of "x", "y"`},
		{`{"q\"uote":"ab"}`, p + `q"uote: minLength: "ab" contains 2 Unicode code points, fewer than 3`},
		{`{"sp ace":{}}`, p + `sp ace: required: missing properties: ["k: v"]`},
		{`{"sp ace":{"k: v":"s"}}`, p + `sp ace: validating /properties/sp ace/properties/k: v: type: got the string "s", want "integer"`},
		{`{"n: type":"s"}`, p + `n: type: type: got the string "s", want "integer"`},
		{`{"m: enum":3}`, p + `m: enum: enum: 3 is not one of 1, 2`},
		{`{"o: p":["x","z"]}`, p + `o: p/items: enum: "z" is not one of "x", "y"`},
		{`{"l: m":[1,2,5.00000000000000000001]}`, p + `l: m: validating /properties/l: m/items: exclusiveMaximum: 5.00000000000000000001 is greater than or equal to 5`},
		{`{"c: contains":["a"]}`, p + `c: contains: contains: no item matches {"type":"integer"}`},
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "v", Arguments: json.RawMessage(c.args)})
		if err != nil {
			t.Fatal(err)
		}
		if text := res.Content[0].(*mcp.TextContent).Text; !res.IsError || text != c.want {
			t.Errorf("%s:\nerror result %v, %s\nwant %s", c.args, res.IsError, text, c.want)
		}
	}
}
