package benchmarks

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// generatedSchemas are the input and output schemas of the 500 generated tools, read back
// through tools/list, as JSON.
func generatedSchemas(tb testing.TB) (names []string, in, out []json.RawMessage) {
	tb.Helper()
	tools, err := firstListTools(context.Background(), variants[0].register)
	if err != nil {
		tb.Fatal(err)
	}
	for _, t := range tools {
		i, err := json.Marshal(t.InputSchema)
		if err != nil {
			tb.Fatal(err)
		}
		o, err := json.Marshal(t.OutputSchema)
		if err != nil {
			tb.Fatal(err)
		}
		names, in, out = append(names, t.Name), append(in, i), append(out, o)
	}
	return names, in, out
}

func parseSchemas(tb testing.TB, raw []json.RawMessage) []*jsonschema.Schema {
	tb.Helper()
	ss := make([]*jsonschema.Schema, len(raw))
	for i, r := range raw {
		ss[i] = new(jsonschema.Schema)
		if err := json.Unmarshal(r, ss[i]); err != nil {
			tb.Fatal(err)
		}
	}
	return ss
}

type anyObject = map[string]any

func noopTyped(context.Context, *mcp.CallToolRequest, anyObject) (*mcp.CallToolResult, anyObject, error) {
	return nil, nil, nil
}

func noopRaw(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil }

// BenchmarkSchemaForms registers the generated tools' 500 schema pairs in the forms generated
// code could pass them, to show what start-up costs where (compare with BenchmarkStartup/inferred
// of the same run):
//   - raw: json.RawMessage, as generated code does now; the SDK parses each schema into a
//     *jsonschema.Schema, parses the input schema again to check its type, and resolves both;
//   - parsed: *jsonschema.Schema values parsed once beforehand (package-level variables); the SDK
//     only resolves them;
//   - parsed-cached: the same with one mcp.SchemaCache shared by every server, as a server that
//     builds a server per request would use; resolving happens once per process;
//   - lowlevel: Server.AddTool, which neither resolves nor validates; generated code would have to
//     validate arguments itself, resolving each schema on first use.
func BenchmarkSchemaForms(b *testing.B) {
	names, rawIn, rawOut := generatedSchemas(b)
	in, out := parseSchemas(b, rawIn), parseSchemas(b, rawOut)
	cache := mcp.NewSchemaCache()
	forms := []struct {
		name string
		opts *mcp.ServerOptions
		add  func(s *mcp.Server, i int)
	}{
		{"raw", nil, func(s *mcp.Server, i int) {
			mcp.AddTool(s, &mcp.Tool{Name: names[i], InputSchema: rawIn[i], OutputSchema: rawOut[i]}, noopTyped)
		}},
		{"parsed", nil, func(s *mcp.Server, i int) {
			mcp.AddTool(s, &mcp.Tool{Name: names[i], InputSchema: in[i], OutputSchema: out[i]}, noopTyped)
		}},
		{"parsed-cached", &mcp.ServerOptions{SchemaCache: cache}, func(s *mcp.Server, i int) {
			mcp.AddTool(s, &mcp.Tool{Name: names[i], InputSchema: in[i], OutputSchema: out[i]}, noopTyped)
		}},
		{"lowlevel", nil, func(s *mcp.Server, i int) {
			s.AddTool(&mcp.Tool{Name: names[i], InputSchema: in[i], OutputSchema: out[i]}, noopRaw)
		}},
	}
	for _, f := range forms {
		b.Run(f.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu := startCPU()
			for b.Loop() {
				s := mcp.NewServer(impl, f.opts)
				for i := range names {
					f.add(s, i)
				}
			}
			cpu.report(b, len(names))
		})
	}
}
