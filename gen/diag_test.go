package gen

import (
	"path/filepath"
	"testing"
)

func TestRelativeTo(t *testing.T) {
	dir := filepath.FromSlash("/work/pkg")
	for path, want := range map[string]string{
		"/work/pkg/p.go":           "p.go",
		"/work/pkg/cards/a.json":   filepath.FromSlash("cards/a.json"),
		"/work/pkg/..hidden/x.go":  filepath.FromSlash("..hidden/x.go"), // below dir, though it starts with ".."
		"/work/other/p.go":         filepath.FromSlash("/work/other/p.go"),
		"/work/p.go":               filepath.FromSlash("/work/p.go"),
		"relative/to/nothing/p.go": filepath.FromSlash("relative/to/nothing/p.go"),
	} {
		if got := RelativeTo(dir, filepath.FromSlash(path)); got != want {
			t.Errorf("RelativeTo(%q, %q) = %q, want %q", dir, path, got, want)
		}
	}
}
