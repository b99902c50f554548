package schema_test

import (
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"net/netip"
	"regexp"
	"strings"
	"testing"
	"time"

	gjsonschema "github.com/google/jsonschema-go/jsonschema"
	"github.com/google/uuid"
	"github.com/invopop/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/gen/schema"
	"github.com/cardgen/cardgen/gen/schema/testdata/fixtures"
	"github.com/cardgen/cardgen/gen/schema/testdata/wire"
	"github.com/cardgen/cardgen/internal/mcptest"
	"github.com/cardgen/cardgen/internal/sdkschema"
	"github.com/cardgen/cardgen/runtime/register"
)

// TestForOutput: an output schema accepts the null encoding/json writes for a nil slice, map or
// pointer (a field without omitempty or omitzero, or an item or map value), keeps tag keywords on
// the items, leaves alone schemas without a single type and nullable fields, and does not require
// fields promoted through an embedded pointer. The input schema of the same type stays invopop's.
func TestForOutput(t *testing.T) {
	const head = `{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":`
	tests := []struct {
		name, src, in, out string
	}{
		{"nil slice, map, pointer",
			`type T struct { S []string; M map[string]int; P *int ` + "`jsonschema:\"minimum=1\"`" + `; O []int ` + "`json:\",omitempty\"`" + ` }`,
			`{"S":{"items":{"type":"string"},"type":"array"},"M":{"additionalProperties":{"type":"integer"},"type":"object"},"P":{"type":"integer","minimum":1},"O":{"items":{"type":"integer"},"type":"array"}},"additionalProperties":false,"type":"object","required":["S","M","P"]}`,
			`{"S":{"oneOf":[{"items":{"type":"string"},"type":"array"},{"type":"null"}]},"M":{"oneOf":[{"additionalProperties":{"type":"integer"},"type":"object"},{"type":"null"}]},"P":{"oneOf":[{"type":"integer","minimum":1},{"type":"null"}]},"O":{"items":{"type":"integer"},"type":"array"}},"additionalProperties":false,"type":"object","required":["S","M","P"]}`},
		{"items and values",
			`type T struct { L []*string ` + "`json:\"l,omitzero\" jsonschema:\"minLength=1\"`" + `; M map[int][]int ` + "`json:\"m,omitempty\"`" + ` }`,
			`{"l":{"items":{"type":"string","minLength":1},"type":"array"},"m":{"patternProperties":{"^-?[0-9]+$":{"items":{"type":"integer"},"type":"array"}},"additionalProperties":false,"type":"object"}},"additionalProperties":false,"type":"object"}`,
			`{"l":{"items":{"oneOf":[{"type":"string","minLength":1},{"type":"null"}]},"type":"array"},"m":{"patternProperties":{"^-?[0-9]+$":{"oneOf":[{"items":{"type":"integer"},"type":"array"},{"type":"null"}]}},"additionalProperties":false,"type":"object"}},"additionalProperties":false,"type":"object"}`},
		{"nullable, any, oneof_type left alone",
			`type T struct { N *int ` + "`jsonschema:\"nullable\"`" + `; A []any; X *int ` + "`jsonschema:\"oneof_type=integer;string\"`" + ` }`,
			`{"N":{"oneOf":[{"type":"integer"},{"type":"null"}]},"A":{"items":true,"type":"array"},"X":{"oneOf":[{"type":"integer"},{"type":"string"}]}},"additionalProperties":false,"type":"object","required":["N","A","X"]}`,
			`{"N":{"oneOf":[{"type":"integer"},{"type":"null"}]},"A":{"oneOf":[{"items":true,"type":"array"},{"type":"null"}]},"X":{"oneOf":[{"type":"integer"},{"type":"string"}]}},"additionalProperties":false,"type":"object","required":["N","A","X"]}`},
		{"embedded pointer not required",
			`type B struct { X int; Y int }; type C struct { Z int }; type T struct { *B; C }`,
			`{"X":{"type":"integer"},"Y":{"type":"integer"},"Z":{"type":"integer"}},"additionalProperties":false,"type":"object","required":["X","Y","Z"]}`,
			`{"X":{"type":"integer"},"Y":{"type":"integer"},"Z":{"type":"integer"}},"additionalProperties":false,"type":"object","required":["Z"]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pkg := check(t, "package p\n"+tt.src)
			obj := pkg.Scope().Lookup("T")
			for _, c := range []struct {
				fn   func(types.Type, token.Pos) (schema.Result, []schema.Problem)
				want string
			}{{schema.For, tt.in}, {schema.ForOutput, tt.out}} {
				res, probs := c.fn(obj.Type(), obj.Pos())
				if len(probs) > 0 {
					t.Fatalf("problems: %v", probs)
				}
				got, err := schema.Marshal(res.Schema)
				if err != nil {
					t.Fatal(err)
				}
				if want := head + c.want; string(got) != want {
					t.Errorf("got  %s\nwant %s", got, want)
				}
			}
		})
	}
}

// TestOutputNilsThroughSDK is the end-to-end proof: a tool that returns a value full of nil
// slices, maps and pointers (fixtures.Nils), registered with the SDK's own mcp.AddTool, answers an
// in-process client with a valid result under the schema ForOutput makes, and under the one
// runtime/register reflects at init; under the input schema (invopop's) the SDK refuses its own
// server's output.
func TestOutputNilsThroughSDK(t *testing.T) {
	obj := lookup(t, load(t, "testdata/fixtures"), "Nils")
	schemaOf := func(output bool) json.RawMessage {
		f := schema.For
		if output {
			f = schema.ForOutput
		}
		res, probs := f(obj.Type(), obj.Pos())
		if len(mappingProblems(probs)) > 0 {
			t.Fatal(probs)
		}
		b, err := schema.Marshal(res.Schema)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	call := func(out json.RawMessage) (*mcp.CallToolResult, error) {
		ctx := context.Background()
		s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
		in := json.RawMessage(`{"type":"object"}`)
		mcp.AddTool(s, &mcp.Tool{Name: "nils", InputSchema: in, OutputSchema: out},
			func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, *fixtures.Nils, error) {
				// Typed's schema has no single type (oneof_type), which is left as written:
				// the tag must list null itself.
				return nil, &fixtures.Nils{Typed: new(int)}, nil
			})
		return mcptest.Connect(t, s, nil).CallTool(ctx, &mcp.CallToolParams{Name: "nils", Arguments: map[string]any{}})
	}
	for name, out := range map[string]json.RawMessage{
		"ForOutput":                    schemaOf(true),
		"register.ReflectOutputSchema": register.ReflectOutputSchema[*fixtures.Nils](),
	} {
		res, err := call(out)
		if err != nil || res.IsError {
			t.Errorf("%s: the call failed: %v %+v", name, err, res)
			continue
		}
		if m, ok := res.StructuredContent.(map[string]any); !ok || m["slice"] != nil || !hasKey(m, "slice") {
			t.Errorf("%s: structuredContent %s; want the nil slice as null", name, res.StructuredContent)
		}
	}
	if _, err := call(schemaOf(false)); err == nil || !strings.Contains(err.Error(), `has type "null"`) {
		t.Errorf("under invopop's schema the call gave %v; want the SDK's output validation error", err)
	}
}

// manyFields is n int fields named prefix0, prefix1, …, for a struct type's source.
func manyFields(prefix string, n int) string {
	var fs []string
	for i := range n {
		fs = append(fs, fmt.Sprintf("%s%d int", prefix, i))
	}
	return strings.Join(fs, "; ")
}

// manyProps is the properties of manyFields(prefix, n) in a schema's JSON.
func manyProps(prefix string, n int) string {
	var ps []string
	for i := range n {
		ps = append(ps, fmt.Sprintf(`"%s%d":{"type":"integer"}`, prefix, i))
	}
	return strings.Join(ps, ",")
}

// manyRequired is the names of manyFields(prefix, n) in a schema's required list.
func manyRequired(prefix string, n int) string {
	var rs []string
	for i := range n {
		rs = append(rs, fmt.Sprintf(`"%s%d"`, prefix, i))
	}
	return strings.Join(rs, ",")
}

func hasKey(m map[string]any, k string) bool {
	_, ok := m[k]
	return ok
}

// TestFieldSelection: where fields share a JSON name, the schema has the one encoding/json reads
// and writes (the shallowest, then the tagged one) and no property for a name encoding/json drops
// (several at the same depth with nothing to choose between them); invopop keeps the last one.
func TestFieldSelection(t *testing.T) {
	const head = `{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":`
	const user = "type User struct { ID string `json:\"id\"`; Name string `json:\"name\"` }; type Org struct { ID int `json:\"id\"` }\n"
	tests := []struct {
		name, src, want string
	}{
		{"same depth: neither",
			user + `type T struct { User; Org }`,
			`{"name":{"type":"string"}},"additionalProperties":false,"type":"object","required":["name"]}`},
		{"shallower wins though walked first",
			user + "type T struct { ID bool `json:\"id\"`; Org }",
			`{"id":{"type":"boolean"}},"additionalProperties":false,"type":"object","required":["id"]}`},
		{"tagged wins at the same depth",
			"type A struct { X int `json:\"ID\"` }; type B struct { ID bool }; type T struct { A; B }",
			`{"ID":{"type":"integer"}},"additionalProperties":false,"type":"object","required":["ID"]}`},
		{"two fields of the struct itself",
			"type T struct { A int `json:\"x\"`; B string `json:\"x\"`; C bool }",
			`{"C":{"type":"boolean"}},"additionalProperties":false,"type":"object","required":["C"]}`},
		{"first place kept",
			user + "type T struct { User; Name bool `json:\"name,omitempty\"` }",
			`{"id":{"type":"string"},"name":{"type":"boolean"}},"additionalProperties":false,"type":"object","required":["id"]}`},
		// More fields than duplicateNames compares pairwise: the names are grouped in a map.
		{"many fields: neither, tagged, first place",
			user + "type T struct { User; Org; " + manyFields("F", 20) + "; Name bool `json:\"name,omitempty\"`; " + manyFields("G", 3) + "; B bool `json:\"F3\"` }",
			`{"name":{"type":"boolean"},` + strings.Replace(manyProps("F", 20), `"F3":{"type":"integer"}`, `"F3":{"type":"boolean"}`, 1) + `,` + manyProps("G", 3) + `},"additionalProperties":false,"type":"object","required":[` +
				manyRequired("F", 20) + `,` + manyRequired("G", 3) + `]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pkg := check(t, "package p\n"+tt.src)
			obj := pkg.Scope().Lookup("T")
			res, probs := schema.For(obj.Type(), obj.Pos())
			if len(probs) > 0 {
				t.Fatalf("problems: %v", probs)
			}
			got, err := schema.Marshal(res.Schema)
			if err != nil {
				t.Fatal(err)
			}
			if want := head + tt.want; string(got) != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
		})
	}
}

// TestOwnEncoding: a type encoding/json writes with MarshalText (uuid.UUID, netip.Addr) is a JSON
// string and json.Number a JSON number, with the tag keywords of those types; a value of
// fixtures.Encoded as encoding/json writes it validates, with the SDK's validator, against the
// output schema. (invopop describes uuid.UUID as an array of 16 integers and netip.Addr as an object.)
func TestOwnEncoding(t *testing.T) {
	obj := lookup(t, load(t, "testdata/fixtures"), "Encoded")
	id := uuid.MustParse("6ba7b810-9dad-11d1-80b4-00c04fd430c8")
	addr := netip.MustParseAddr("192.0.2.1")
	v := fixtures.Encoded{ID: id, IDs: []uuid.UUID{id}, Addr: addr, AddrPtr: &addr, Number: "2.5", Numbers: []json.Number{"3"}}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	for name, f := range map[string]func(types.Type, token.Pos) (schema.Result, []schema.Problem){"For": schema.For, "ForOutput": schema.ForOutput} {
		res, probs := f(obj.Type(), obj.Pos())
		if len(probs) > 0 {
			t.Fatalf("%s: problems %v", name, probs)
		}
		for prop, want := range map[string]string{
			"id":     `{"type":"string","format":"uuid"}`,
			"addr":   `{"type":"string","format":"ipv4"}`,
			"key":    `{"type":"string","minLength":1}`,
			"number": `{"type":"number","minimum":1}`,
		} {
			p, _ := res.Schema.Properties.Get(prop)
			if got, _ := schema.Marshal(p); string(got) != want {
				t.Errorf("%s: %s is %s; want %s", name, prop, got, want)
			}
		}
		if name != "ForOutput" {
			continue
		}
		if err := resolve(t, res.Schema).Validate(doc); err != nil {
			t.Errorf("%s: encoding/json's %s does not validate: %v", name, b, err)
		}
	}
}

// TestInstantiationCycle: a generic type whose field instantiates it with a longer type argument
// (List[T] with Next *List[List[T]]) meets a new instance at every level, so the walk would never
// end; it stops with a problem. The compiler rejects such a type, but cardgen maps the types of a
// package that go/types loaded with errors too, and must not hang on them.
func TestInstantiationCycle(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"type List[T any] struct { V T `json:\"v\"`; Next *List[List[T]] `json:\"next\"` }",
			"field L.Next: generic type List is instantiated inside itself with ever longer type arguments (p.List[p.List[string]] inside p.List[string])"},
		{"type List[T any] struct { V T `json:\"v\"`; Next *List[struct{ X T }] `json:\"next\"` }",
			"generic type List is instantiated inside itself 17 times"},
	} {
		t.Run(c.want[:20], func(t *testing.T) { instantiationCycle(t, c.src, c.want) })
	}
}

func instantiationCycle(t *testing.T, decl, want string) {
	src := "package p\n" + decl + "\ntype In struct { L List[string] `json:\"l\"` }\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _ := (&types.Config{Error: func(error) {}}).Check("example.com/p", fset, []*ast.File{f}, nil)
	obj := pkg.Scope().Lookup("In")
	done := make(chan []schema.Problem, 1)
	go func() {
		_, probs := schema.For(obj.Type(), obj.Pos())
		done <- probs
	}()
	select {
	case probs := <-done:
		if len(probs) != 1 || !strings.Contains(probs[0].Msg, want) ||
			!strings.HasSuffix(probs[0].Msg, `; tag the field json:"-" or give List a JSONSchema() method`) {
			t.Errorf("problems %v; want one about List's instantiation cycle", probs)
		} else {
			t.Logf("%s: %s", fset.Position(probs[0].Pos), probs[0].Msg)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("For did not return within 10s: the walk does not stop on an instantiation cycle")
	}
}

// TestNoID: no schema has a $id. invopop derives it from the type's name, so the input and
// output schemas of one type (which differ in their nulls) shared one, as did URLInfo and UrlInfo,
// and the TypeScript SDK's validator, which caches compiled schemas by $id, then checked one
// tool's values with another's schema. A command's types had none already: reflect reports
// "main" as their package path.
func TestNoID(t *testing.T) {
	for _, c := range []struct {
		pkg, want string
	}{
		{"main", `{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":`},
		{"p", `{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":`},
	} {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "main.go", "package "+c.pkg+"\ntype In struct { A int }\n", 0)
		if err != nil {
			t.Fatal(err)
		}
		pkg, err := new(types.Config).Check("example.com/cmd/tool", fset, []*ast.File{f}, nil)
		if err != nil {
			t.Fatal(err)
		}
		obj := pkg.Scope().Lookup("In")
		for _, fn := range []func(types.Type, token.Pos) (schema.Result, []schema.Problem){schema.For, schema.ForOutput} {
			res, probs := fn(obj.Type(), obj.Pos())
			if len(probs) > 0 {
				t.Fatal(probs)
			}
			b, _ := schema.Marshal(res.Schema)
			if !strings.HasPrefix(string(b), c.want) {
				t.Errorf("package %s: %s; want it to start %s", c.pkg, b, c.want)
			}
		}
	}
}

// TestInputOnlyProblems: encoding/json writes what it cannot read back, so an output type may
// have it: the fields of an embedded pointer to an unexported struct (it cannot allocate one to
// decode them), non-empty interfaces (it cannot choose a type to decode into), and types read by
// a method of their own or only from strings, or written as strings it cannot read; and a default
// on a required field, never applied to an input, does no harm in an output. ForOutput
// reports nothing for the types For refuses as inputs (TestProblems/EmbeddedPtr, Ifaces,
// Unmarshalers, Defaults).
func TestInputOnlyProblems(t *testing.T) {
	for typ, props := range map[string]int{"EmbeddedPtr": 3, "Ifaces": 4, "RequiredDefault": 1, "Unmarshalers": 4} {
		obj := lookup(t, load(t, "testdata/problems"), typ)
		res, probs := schema.ForOutput(obj.Type(), obj.Pos())
		if len(probs) > 0 || res.Schema == nil {
			t.Errorf("ForOutput(%s): %+v, %v; want a schema and no problems", typ, res, probs)
			continue
		}
		if got := res.Schema.Properties.Len(); got != props {
			t.Errorf("ForOutput(%s) has %d properties; want %d", typ, got, props)
		}
	}
}

// resolve marshals s and resolves it as the MCP Go SDK resolves a tool schema.
func resolve(t *testing.T, s *jsonschema.Schema) *gjsonschema.Resolved {
	t.Helper()
	raw, err := schema.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	resolved, err := sdkschema.Resolve(raw)
	if err != nil {
		t.Fatal(err)
	}
	return resolved
}

// TestEncodingJSONForms: a value encoding/json writes validates against the output schema, and
// input it reads validates against the input schema, with the SDK's validator, for map keys
// of integer types with their own text form and slices of a type defined from byte (wire.Wire),
// where invopop describes the Go type: a digits-only pattern for the keys, an array of integers
// for the slice; for negative int keys, which invopop's digits-only pattern refuses; and for the
// json string option on pointers, which encoding/json applies to an unnamed pointer only (invopop
// to any). A key type without UnmarshalText is still read from its digits.
func TestEncodingJSONForms(t *testing.T) {
	obj := lookup(t, load(t, "testdata/wire"), "Wire")
	validator := func(f func(types.Type, token.Pos) (schema.Result, []schema.Problem)) func(doc string) error {
		res, probs := f(obj.Type(), obj.Pos())
		if len(probs) > 0 {
			t.Fatalf("problems %v", probs)
		}
		resolved := resolve(t, res.Schema)
		return func(doc string) error {
			var v any
			if err := json.Unmarshal([]byte(doc), &v); err != nil {
				t.Fatal(err)
			}
			return resolved.Validate(v)
		}
	}

	three := 3
	p3 := &three
	out, err := json.Marshal(wire.Wire{ByColor: map[wire.Color]int{1: 2}, ByLevel: map[wire.Level]int{3: 4}, Octets: []wire.Octet{1, 2}, ByInt: map[int]bool{-5: true},
		PS: p3, NP: p3, PP: &p3})
	if err != nil {
		t.Fatal(err)
	}
	if err := validator(schema.ForOutput)(string(out)); err != nil {
		t.Errorf("encoding/json wrote %s, which the output schema refuses: %v", out, err)
	}

	in := validator(schema.For)
	for doc, ok := range map[string]bool{
		`{"by_color":{"green":2},"by_level":{"3":4},"octets":"AQI=","by_int":{"-5":true},"ps":"3","np":3,"pp":3}`:       true,
		`{"by_color":{"green":2},"by_level":{"level 3":4},"octets":"AQI=","by_int":{"-5":true},"ps":"3","np":3,"pp":3}`: false, // not read
		`{"by_color":{"green":2},"by_level":{"3":4},"octets":"AQI=","by_int":{"five":true},"ps":"3","np":3,"pp":3}`:     false,
		`{"by_color":{"green":2},"by_level":{"3":4},"octets":"AQI=","by_int":{"-5":true},"ps":"3","np":"3","pp":3}`:     false,
	} {
		var w wire.Wire
		if decoded := json.Unmarshal([]byte(doc), &w) == nil; decoded != ok {
			t.Fatalf("encoding/json reads %s: %v; the test expects %v", doc, decoded, ok)
		}
		if err := in(doc); (err == nil) != ok {
			t.Errorf("the input schema's verdict on %s: %v; want it to accept exactly what encoding/json reads (%v)", doc, err, ok)
		}
	}
}

// TestOutputRequiredOmitted: jsonschema:"required" on an output field whose json tag lets
// encoding/json leave it out made the tool's own result break its schema whenever the field was
// empty (a JSON-RPC error on every such call). It is a problem in an output, and still allowed in
// an input, where it makes the client send the field; a struct field, which omitempty never
// leaves out, is fine in both.
func TestOutputRequiredOmitted(t *testing.T) {
	pkg := check(t, "package p\n"+
		"type S struct{ A int }\n"+
		"type T struct {\n"+
		"\tReq int `json:\"req,omitempty\" jsonschema:\"required\"`\n"+
		"\tZero S `json:\"zero,omitzero\" jsonschema:\"required\"`\n"+
		"\tNested S `json:\"nested,omitempty\" jsonschema:\"required\"`\n"+
		"\tPlain string `json:\"plain\" jsonschema:\"required\"`\n"+
		"}\n")
	obj := pkg.Scope().Lookup("T")
	if _, probs := schema.For(obj.Type(), obj.Pos()); len(probs) > 0 {
		t.Errorf("For: %v; want no problems (an input may require an omitempty field)", probs)
	}
	_, probs := schema.ForOutput(obj.Type(), obj.Pos())
	msgs := problemMessages(probs)
	want := []string{
		`field Req: jsonschema tag: required on an output field whose json tag has omitempty: encoding/json leaves the field out of the result when it is empty (false, 0, "", nil, or no items), and the output schema then refuses the result; remove required, or the omitempty option`,
		`field Zero: jsonschema tag: required on an output field whose json tag has omitzero: encoding/json leaves the field out of the result when it is zero, and the output schema then refuses the result; remove required, or the omitzero option`,
	}
	if strings.Join(msgs, "\n") != strings.Join(want, "\n") {
		t.Errorf("ForOutput problems:\n%s\nwant:\n%s", strings.Join(msgs, "\n"), strings.Join(want, "\n"))
	}
}

// TestFormatMisspelt: a format a letter from one JSON Schema defines turned the check off without
// a word (format=emial); it is a problem with the format meant. Formats of one's own (json, mime
// one letter from time, ipv4-cidr, timezone, path) and OpenAPI's (byte) are left alone.
func TestFormatMisspelt(t *testing.T) {
	pkg := check(t, "package p\n"+
		"type T struct {\n"+
		"\tA string `jsonschema:\"format=emial\"`\n"+
		"\tB []string `jsonschema:\"format=Email\"`\n"+
		"\tC string `jsonschema:\"format=byte\"`\n"+
		"\tD string `jsonschema:\"format=phone\"`\n"+
		"\tE string `jsonschema:\"format=date\"`\n"+
		"\tF string `jsonschema:\"format=url\"`\n"+
		"\tG string `jsonschema:\"format=json\"`\n"+
		"\tH string `jsonschema:\"format=mime\"`\n"+
		"\tI string `jsonschema:\"format=ipv4-cidr\"`\n"+
		"\tJ string `jsonschema:\"format=timezone\"`\n"+
		"\tK string `jsonschema:\"format=path\"`\n"+
		"\tL string `jsonschema:\"format=hostnme\"`\n"+
		"}\n")
	obj := pkg.Scope().Lookup("T")
	_, probs := schema.For(obj.Type(), obj.Pos())
	msgs := problemMessages(probs)
	want := []string{
		"field A: jsonschema tag: format=emial is not a format JSON Schema defines, so every validator ignores it; did you mean format=email?",
		"field B: jsonschema tag: format=Email is not a format JSON Schema defines, so every validator ignores it; did you mean format=email?",
		"field F: jsonschema tag: format=url is not a format JSON Schema defines, so every validator ignores it; did you mean format=uri?",
		"field L: jsonschema tag: format=hostnme is not a format JSON Schema defines, so every validator ignores it; did you mean format=hostname?",
	}
	if strings.Join(msgs, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(msgs, "\n"), strings.Join(want, "\n"))
	}
}

// TestPointerOnlyMarshalText: encoding/json always writes a *T field with *T's MarshalText, so a
// pointer to a type whose MarshalText is on the pointer only (*big.Float) is a string, in an
// output and, with UnmarshalText, in an input. It was reported as depending on addressability,
// with advice no standard-library type can follow; a value field still is, with advice it can.
func TestPointerOnlyMarshalText(t *testing.T) {
	pkg := check(t, "package p\nimport \"math/big\"\ntype T struct {\n\tF *big.Float `json:\"f\"`\n\tR []*big.Rat `json:\"r\"`\n}\ntype V struct {\n\tF big.Float `json:\"f\"`\n}\n")
	obj := pkg.Scope().Lookup("T")
	for name, fn := range map[string]func(types.Type, token.Pos) (schema.Result, []schema.Problem){"For": schema.For, "ForOutput": schema.ForOutput} {
		res, probs := fn(obj.Type(), obj.Pos())
		if len(probs) > 0 {
			t.Fatalf("%s: %v", name, probs)
		}
		want := map[string]string{
			"For":       `{"f":{"type":"string"},"r":{"items":{"type":"string"},"type":"array"}}`,
			"ForOutput": `{"f":{"oneOf":[{"type":"string"},{"type":"null"}]},"r":{"oneOf":[{"items":{"oneOf":[{"type":"string"},{"type":"null"}]},"type":"array"},{"type":"null"}]}}`,
		}[name]
		b, _ := schema.Marshal(res.Schema)
		if !strings.Contains(string(b), `"properties":`+want) {
			t.Errorf("%s: %s; want properties %s", name, b, want)
		}
	}
	obj = pkg.Scope().Lookup("V")
	_, probs := schema.ForOutput(obj.Type(), obj.Pos())
	if len(probs) != 1 || !strings.HasSuffix(probs[0].Msg, "make the field a pointer (*big.Float), which encoding/json always writes with MarshalText") {
		t.Errorf("ForOutput(V): %v; want the value field reported with the pointer as the fix", probs)
	}
}

// problemMessages are the messages of probs, in order.
func problemMessages(probs []schema.Problem) []string {
	msgs := make([]string, 0, len(probs))
	for _, p := range probs {
		msgs = append(msgs, p.Msg)
	}
	return msgs
}

// TestJavaScriptPattern: a pattern Go's regexp compiles but JavaScript's u mode refuses made
// TypeScript clients refuse the whole tool ("Invalid regular expression: /(?i)^abc$/u: Invalid
// group"); it is a problem now, with the pattern rewritten when every construct has an exact
// JavaScript form. Patterns both read alike pass.
func TestJavaScriptPattern(t *testing.T) {
	pkg := check(t, "package p\n"+
		"type T struct {\n"+
		"\tA string `jsonschema:\"pattern=(?i)^abc$\"`\n"+
		"\tB string `jsonschema:\"pattern=^\\\\Aid\\\\#\\\\d{3}\\\\z\"`\n"+
		"\tC string `jsonschema:\"pattern=^[a-z0-9_-]{1\\\\,32}$\"`\n"+
		"}\n")
	obj := pkg.Scope().Lookup("T")
	_, probs := schema.For(obj.Type(), obj.Pos())
	msgs := problemMessages(probs)
	const head = " is not a regular expression JavaScript reads as Go does, and TypeScript MCP clients compile patterns as JavaScript (new RegExp with the u flag), refusing the tool's schema: "
	if len(msgs) != 2 ||
		!strings.HasPrefix(msgs[0], "field A: jsonschema tag: pattern=(?i)^abc$"+head+"(?i) ") || strings.Contains(msgs[0], "in all") ||
		!strings.HasPrefix(msgs[1], `field B: jsonschema tag: pattern=^\Aid\#\d{3}\z`+head) || !strings.HasSuffix(msgs[1], `; in all, pattern=^^id#\d{3}$`) {
		t.Errorf("problems:\n%s", strings.Join(msgs, "\n"))
	}
}

// TestExportAdvice: an unexported field with a json tag is told how to export it, and a name
// whose first letter has no capital (中文) was told to start it with one, which it cannot.
func TestExportAdvice(t *testing.T) {
	pkg := check(t, "package p\ntype T struct {\n\tA int `json:\"a\"`\n\tnote string `json:\"note\"`\n\t中文 string `json:\"zh\"`\n}\n")
	obj := pkg.Scope().Lookup("T")
	_, probs := schema.For(obj.Type(), obj.Pos())
	got := strings.Join(problemMessages(probs), "\n")
	want := "field note: it is unexported, so encoding/json ignores it and its tags, and the schema leaves it out; export it: rename it Note\n" +
		"field 中文: it is unexported, so encoding/json ignores it and its tags, and the schema leaves it out; export it: its first letter has no capital, so put one in front (X中文) and keep the JSON name in its json tag"
	if got != want {
		t.Errorf("problems:\n%s\nwant:\n%s", got, want)
	}
}

// TestCycleReportsBounded: in a graph of types that all refer to each other, every field that
// leads back to a type being expanded was a problem of its own, with its whole field path: 20,000
// problems and 15 MB of messages at 200 types. The first 20 are reported, then one problem
// counts the rest; a long field path has its middle left out.
func TestCycleReportsBounded(t *testing.T) {
	var src strings.Builder
	src.WriteString("package p\n")
	const n = 8
	for i := range n {
		fmt.Fprintf(&src, "type T%d struct {\n", i)
		for j := range n {
			fmt.Fprintf(&src, "\tR%d *T%d `json:\"r%d,omitempty\"`\n", j, j, j)
		}
		src.WriteString("}\n")
	}
	// A ring of 12 types: the field that closes it is 12 fields deep.
	for i := range 12 {
		fmt.Fprintf(&src, "type L%d struct{ Next *L%d }\n", i, (i+1)%12)
	}
	src.WriteString("type In struct{ Root T0 }\ntype Ring struct{ Root L0 }\n")
	pkg := check(t, src.String())

	obj := pkg.Scope().Lookup("In")
	_, probs := schema.For(obj.Type(), obj.Pos())
	cycles, more := 0, ""
	for _, p := range probs {
		switch {
		case strings.Contains(p.Msg, "refers to itself, which an inline schema"):
			cycles++
		case strings.Contains(p.Msg, "more fields lead back to a type that contains them"):
			more = p.Msg
		}
	}
	if cycles != 20 || !regexp.MustCompile(`^\d+ more fields lead back to a type that contains them, besides the 20 reported`).MatchString(more) {
		t.Errorf("%d cycle problems and %q; want 20 and one that counts the rest", cycles, more)
	}

	obj = pkg.Scope().Lookup("Ring")
	_, probs = schema.For(obj.Type(), obj.Pos())
	msgs := problemMessages(probs)
	want := "field Root.Next.Next.(6 more fields).Next.Next.Next.Next: type p.L0 refers to itself"
	if len(msgs) != 1 || !strings.HasPrefix(msgs[0], want) {
		t.Errorf("problems %q; want one starting %q", msgs, want)
	}
}
