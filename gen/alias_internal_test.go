package gen

import (
	"testing"

	"github.com/cardgen/cardgen/gen/schema"
)

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
		{"example/svc", "internal/poll", false}, // a module path without a dot is no standard library
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

// TestExportedName: the alias cardgen suggests for an unexported type of another package is an
// exported name: ñame became "\xc3\xb1ame" with its first byte upper-cased, and _hidden stayed
// _hidden, which declares the same name again.
func TestExportedName(t *testing.T) {
	for name, want := range map[string]string{"status": "Status", "ñame": "Ñame", "_hidden": "X_hidden", "中文": "X中文"} {
		if got := schema.ExportedName(name); got != want {
			t.Errorf("ExportedName(%q) = %q, want %q", name, got, want)
		}
	}
}
