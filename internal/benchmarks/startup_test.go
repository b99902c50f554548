package benchmarks

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	// Both synthetic packages are package synth500; the imports name them after their variant.
	synthgen "github.com/cardgen/cardgen/internal/benchmarks/synth500gen"
	synthinferred "github.com/cardgen/cardgen/internal/benchmarks/synth500inferred"
	"github.com/cardgen/cardgen/runtime/card"
)

// startupTools is how many tools the committed synthetic packages register.
const startupTools = 500

// impl names the benchmark servers.
var impl = &mcp.Implementation{Name: "bench", Version: "v0.0.1"}

// variants are the two ways of registering the same 500 handlers.
var variants = []struct {
	name     string
	register func(*mcp.Server)
}{
	{"generated", func(s *mcp.Server) {
		synthgen.RegisterTools(s, &synthgen.Service{BaseURL: "https://example.com", Owner: synthgen.Contact{Name: "Lan", Email: "lan@example.com"}})
	}},
	{"inferred", func(s *mcp.Server) {
		synthinferred.RegisterTools(s, &synthinferred.Service{BaseURL: "https://example.com", Owner: synthinferred.Contact{Name: "Lan", Email: "lan@example.com"}})
	}},
}

// BenchmarkStartup builds a server and registers the 500 tools: cardgen's generated
// RegisterTools, whose schemas are JSON literals the SDK only resolves, against plain
// mcp.AddTool, where the SDK reflects on the Go types first.
func BenchmarkStartup(b *testing.B) {
	for _, v := range variants {
		b.Run(v.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu := startCPU()
			for b.Loop() {
				v.register(mcp.NewServer(impl, nil))
			}
			cpu.report(b, startupTools)
		})
	}
}

// BenchmarkFirstListTools is start-up as a client sees it: build and register, connect over
// in-memory transports and answer the first tools/list.
func BenchmarkFirstListTools(b *testing.B) {
	ctx := context.Background()
	for _, v := range variants {
		b.Run(v.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu := startCPU()
			for b.Loop() {
				tools, err := firstListTools(ctx, v.register)
				if err != nil {
					b.Fatal(err)
				}
				if len(tools) != startupTools {
					b.Fatalf("tools/list returned %d tools, want %d", len(tools), startupTools)
				}
			}
			cpu.report(b, startupTools)
		})
	}
}

// firstListTools starts a server with register, connects a client and lists the tools.
func firstListTools(ctx context.Context, register func(*mcp.Server)) ([]*mcp.Tool, error) {
	s := mcp.NewServer(impl, nil)
	register(s)
	cs, err := connect(ctx, s)
	if err != nil {
		return nil, err
	}
	defer cs.Close()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		return nil, err
	}
	return res.Tools, nil
}

func connect(ctx context.Context, s *mcp.Server) (*mcp.ClientSession, error) {
	ct, st := mcp.NewInMemoryTransports()
	if _, err := s.Connect(ctx, st, nil); err != nil {
		return nil, err
	}
	return mcp.NewClient(&mcp.Implementation{Name: "bench-client", Version: "v0.0.1"}, nil).Connect(ctx, ct, nil)
}

// TestStartupVariantsMatch checks that the benchmark compares like with like: both variants list
// the same 500 tools with input and output schemas, and the generated one attaches a card.
func TestStartupVariantsMatch(t *testing.T) {
	ctx := context.Background()
	var names [][]string
	for _, v := range variants {
		tools, err := firstListTools(ctx, v.register)
		if err != nil {
			t.Fatal(err)
		}
		var ns []string
		for _, tool := range tools {
			if tool.InputSchema == nil || tool.OutputSchema == nil {
				t.Errorf("%s: tool %s lacks a schema", v.name, tool.Name)
			}
			ns = append(ns, tool.Name)
		}
		if len(ns) != startupTools {
			t.Fatalf("%s: %d tools, want %d", v.name, len(ns), startupTools)
		}
		names = append(names, ns)
	}
	if !slices.Equal(names[0], names[1]) {
		t.Errorf("the variants register different tools:\n%v\n%v", names[0], names[1])
	}

	s := mcp.NewServer(impl, nil)
	variants[0].register(s)
	cs, err := connect(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_ticket_1", Arguments: map[string]any{"id": "T-311"}})
	if err != nil {
		t.Fatal(err)
	}
	c, ok, err := card.FromMeta(res.Meta)
	if err != nil || !ok {
		t.Fatalf("get_ticket_1 result carries no card (ok %v, err %v): %+v", ok, err, res)
	}
	want := card.Card{
		V: 1, Title: "Ticket T-311", Subtitle: "new", Text: "Owned by Lan.",
		Fields:       []card.Field{{Label: "Owner", Value: "lan@example.com"}, {Label: "Amount", Value: "0"}},
		Actions:      []card.Action{{Kind: card.KindURL, Label: "Open", URL: "https://example.com/tickets/T-311"}},
		FallbackText: "Ticket T-311 is new; owner Lan.",
	}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("get_ticket_1 card = %+v, want %+v", c, want)
	}
}
