package typedtool

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type echoIn struct {
	Name string `json:"name"`
}

func echo(_ context.Context, _ *mcp.CallToolRequest, in echoIn) (*mcp.CallToolResult, echoIn, error) {
	return nil, in, nil
}

// TestLazySchemaSharedByContent registers the same schema, as fresh bytes each time, on many
// servers, as a function that builds a server per session does with a schema literal or a
// *jsonschema.Schema, and asks for it again as register.DecodeSelection does. Keyed by the
// address of the bytes, each copy added an entry that was never freed; keyed by their content,
// all share one.
func TestLazySchemaSharedByContent(t *testing.T) {
	schema := `{"type":"object","properties":{"lazy_schema_shared_by_content":{"type":"string"}}}`
	count := func() int {
		n := 0
		resolvedSchemas.Range(func(_, v any) bool {
			if strings.Contains(string(v.(*Schema).raw), "lazy_schema_shared_by_content") {
				n++
			}
			return true
		})
		return n
	}
	for range 100 {
		s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
		Add(s, &mcp.Tool{Name: "echo", InputSchema: json.RawMessage(schema), OutputSchema: json.RawMessage(schema)}, echo, nil)
	}
	for range 100 {
		if _, err := Lazy(json.RawMessage(schema)).Resolved(); err != nil {
			t.Fatal(err)
		}
	}
	if n := count(); n != 1 {
		t.Errorf("200 copies of one schema left %d entries; want 1", n)
	}
}

// TestLazySchemaOwnsItsBytes: a caller that reuses its buffer after Add does not change the
// schema the cache shares with every other call of the same content.
func TestLazySchemaOwnsItsBytes(t *testing.T) {
	const schema = `{"type":"object","properties":{"lazy_schema_owns_its_bytes":{"type":"string"}}}`
	buf := json.RawMessage(schema)
	l := Lazy(buf)
	for i := range buf {
		buf[i] = ' '
	}
	if string(l.raw) != schema {
		t.Fatalf("the cached schema changed with the caller's buffer: %q", l.raw)
	}
	if _, err := Lazy(json.RawMessage(schema)).Resolved(); err != nil {
		t.Errorf("the shared schema no longer resolves: %v", err)
	}
}
