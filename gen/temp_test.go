package gen

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRemoveTemporaryFiles: what runs in progress track is removed by RemoveTemporaryFiles,
// directories whole; what a run removed itself is forgotten and not touched again.
func TestRemoveTemporaryFiles(t *testing.T) {
	dir := t.TempDir()
	overlay := filepath.Join(dir, "cardgen-overlay1")
	writeTree(t, overlay, map[string]string{"overlay.json": "{}", "0.go": "package p\n"})
	file := filepath.Join(dir, ".cards_gen.go.tmp1")
	writeTree(t, dir, map[string]string{".cards_gen.go.tmp1": "x", ".cards_gen.go.tmp2": "y"})
	trackTemp(overlay)
	trackTemp(file)
	done := filepath.Join(dir, ".cards_gen.go.tmp2")
	trackTemp(done)()
	// The name a finished run's temporary file had is taken again, by someone else's file.
	writeTree(t, dir, map[string]string{".cards_gen.go.tmp2": "z"})

	RemoveTemporaryFiles()
	for _, gone := range []string{overlay, file} {
		if _, err := os.Stat(gone); !os.IsNotExist(err) {
			t.Errorf("%s is still there (%v)", filepath.Base(gone), err)
		}
	}
	if _, err := os.Stat(done); err != nil {
		t.Errorf("a file of a name removed earlier was removed again: %v", err)
	}
	inFlight.Lock()
	n := len(inFlight.paths)
	inFlight.Unlock()
	if n != 0 {
		t.Errorf("%d paths still tracked; want none", n)
	}
}
