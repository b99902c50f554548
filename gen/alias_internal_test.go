package gen

import "testing"

// TestMayImport holds internalParent and mayImport to the go command's rule for internal
// packages (go help internal): the tree of the last internal element's parent may import it.
func TestMayImport(t *testing.T) {
	for _, c := range []struct {
		importer, path string
		want           bool
	}{
		{"example.com/svc", "example.com/api", true},
		{"example.com/svc", "example.com/api/internal/model", false},
		{"example.com/api", "example.com/api/internal/model", true},
		{"example.com/api/v2", "example.com/api/internal/model", true},
		{"example.com/apix", "example.com/api/internal/model", false},
		{"example.com/a/internal/b", "example.com/a/internal/b/internal/c", true},
		{"example.com/a/internal/x", "example.com/a/internal/b/internal/c", false},
		{"example.com/a", "example.com/a/internal", true},
		{"example.com/b", "example.com/a/internal", false},
		{"example.com/svc", "github.com/modelcontextprotocol/go-sdk/internal/jsonrpc2", false},
		{"example.com/svc", "internal/poll", false},
		{"net/http", "internal/poll", true},
		{"example.com/svc", "example.com/internals/x", true},
	} {
		got := true
		if parent, ok := internalParent(c.path); ok {
			got = mayImport(c.importer, parent)
		}
		if got != c.want {
			t.Errorf("%s importing %s: got %v, want %v", c.importer, c.path, got, c.want)
		}
	}
}
