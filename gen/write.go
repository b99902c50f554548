package gen

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Write writes each file atomically (a temporary file in the same folder, then rename) and only
// when its bytes differ from what is on disk, so that unchanged files keep their modification
// times and build caches stay warm. A file marked Remove is deleted when it exists. It returns the
// paths it wrote or deleted. First it removes from the files' folders the temporary files that
// an earlier run, killed between writing and renaming one, left behind: those last modified an
// hour ago or more, since a run still writing one modifies it seconds before renaming it.
func Write(files []File) ([]string, error) {
	removeLeftoverTemps(files, time.Now())
	var written []string
	for _, f := range files {
		if f.Remove {
			if err := os.Remove(f.Path); err == nil {
				written = append(written, f.Path)
			} else if !os.IsNotExist(err) {
				return written, fmt.Errorf("removing %s: %w", f.Path, pathless(err))
			}
			continue
		}
		old, err := os.ReadFile(f.Path)
		if err == nil && sameText(old, f.Content) {
			continue
		}
		if err := writeAtomic(f.Path, f.Content); err != nil {
			return written, err
		}
		written = append(written, f.Path)
	}
	return written, nil
}

// writeAtomic writes data to path through a temporary file beside it and a rename. The file
// keeps the permissions of the one it replaces; a new one gets 0644 less the umask, as
// os.WriteFile gives it (a temporary file of os.CreateTemp's is 0600, and a fixed 0644 ignored
// both the umask and the old file's mode).
func writeAtomic(path string, data []byte) error {
	perm, keep := fs.FileMode(0o644), false
	if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() {
		perm, keep = info.Mode().Perm(), true
	}
	tmp, err := createTemp(filepath.Dir(path), tempPrefix(filepath.Base(path)), perm)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, pathless(err))
	}
	defer trackTemp(tmp.Name())() // a no-op removal after a successful rename
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", path, pathless(err))
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, pathless(err))
	}
	if keep {
		// The umask applied to the new file too; the old file's mode is what the user chose.
		if err := os.Chmod(tmp.Name(), perm); err != nil {
			return fmt.Errorf("writing %s: %w", path, pathless(err))
		}
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("writing %s: %w", path, pathless(err))
	}
	return nil
}

// createTemp creates a new file in dir named prefix and random decimal digits, as os.CreateTemp
// names it, but with the permissions perm less the umask rather than 0600.
func createTemp(dir, prefix string, perm fs.FileMode) (*os.File, error) {
	for range 10000 {
		name := filepath.Join(dir, prefix+strconv.FormatUint(uint64(rand.Uint32()), 10))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if !os.IsExist(err) {
			return f, err
		}
	}
	return nil, &fs.PathError{Op: "createtemp", Path: filepath.Join(dir, prefix+"*"), Err: fs.ErrExist}
}

// tempPrefix starts the name of the temporary file that name is written through; os.CreateTemp
// ends it with random decimal digits (.cards_gen.go.tmp2750218832). The leading dot keeps the go
// command from reading it.
func tempPrefix(name string) string { return "." + name + ".tmp" }

// leftoverAge is how long ago a temporary file of cardgen's naming must have been modified for a
// run to take it as left behind and remove it. A run that is writing one modifies it last when it
// writes its bytes and renames it right after (a Close and a Chmod between), so a live run's
// temporary file is at most seconds old; the hour leaves room for a clock of a network file
// system's server that differs from this machine's by minutes, and for a run stopped in between
// (Ctrl-Z) and continued. Waiting costs nothing but a hidden file the go command ignores; a file
// taken from a run that is still alive makes that run's rename fail, and it reports the error and
// leaves the old file whole.
const leftoverAge = time.Hour

// removeLeftoverTemps removes, from each folder files are in, cardgen's own temporary files (of
// GeneratedFile and GeneratedTestFile, named as tempPrefix names them) modified at least
// leftoverAge before now: a run killed between writing one and renaming it (kill -9) leaves it
// behind. Nothing else is touched, and a file it cannot read or remove is left as it is: the
// cleaning is a courtesy and never fails a run.
func removeLeftoverTemps(files []File, now time.Time) {
	seen := map[string]bool{}
	for _, f := range files {
		dir := filepath.Dir(f.Path)
		if seen[dir] {
			continue
		}
		seen[dir] = true
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if !e.Type().IsRegular() || !isLeftoverName(e.Name()) {
				continue
			}
			if info, err := e.Info(); err == nil && now.Sub(info.ModTime()) >= leftoverAge {
				os.Remove(filepath.Join(dir, e.Name()))
			}
		}
	}
}

// isLeftoverName reports whether name is that of a temporary file cardgen writes a generated
// file through: tempPrefix of one of their names, then os.CreateTemp's digits.
func isLeftoverName(name string) bool {
	for _, g := range []string{GeneratedFile, GeneratedTestFile} {
		if digits, ok := strings.CutPrefix(name, tempPrefix(g)); ok && digits != "" && strings.Trim(digits, "0123456789") == "" {
			return true
		}
	}
	return false
}

// pathless is err without the path an *fs.PathError or *os.LinkError adds: Write's errors name
// the file it was writing, and the temporary file beside it, which the user never asked for
// and cannot act on, would only hide that name.
func pathless(err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		return pe.Err
	case errors.As(err, &le):
		return le.Err
	}
	return err
}

// Stale returns the paths of files whose bytes on disk differ from what generation would write
// (or that do not exist), like `gofmt -l`: `cardgen check` fails on them in CI.
func Stale(files []File) []string {
	var paths []string
	for _, s := range StaleFiles(files) {
		paths = append(paths, s.Path)
	}
	return paths
}

// A StaleFile is a generated file that is not on disk as generation would leave it, and why.
type StaleFile struct {
	Path string    // absolute
	Why  Staleness // how it differs
}

// Staleness says how a generated file on disk differs from what generation would leave.
type Staleness int

// The reasons a generated file is stale.
const (
	Changed  Staleness = iota // on disk with other bytes
	Missing                   // not on disk
	Unwanted                  // on disk, but the package has no tools left: generation removes it
)

// StaleFiles is Stale with the reason for each file, in the order of files.
func StaleFiles(files []File) []StaleFile {
	var stale []StaleFile
	for _, f := range files {
		if f.Remove {
			if fileExists(f.Path) {
				stale = append(stale, StaleFile{f.Path, Unwanted})
			}
			continue
		}
		old, err := os.ReadFile(f.Path)
		switch {
		case err != nil:
			stale = append(stale, StaleFile{f.Path, Missing})
		case !sameText(old, f.Content):
			stale = append(stale, StaleFile{f.Path, Changed})
		}
	}
	return stale
}

// sameText reports whether a generated file's bytes on disk, old, hold the content cardgen
// generates: the same bytes, or the same lines ended by CRLF, as git checks text files out with
// core.autocrlf (Git for Windows' default, and Windows CI runners'). Such a file is up to date:
// rewriting it with LF would change nothing git sees, and cardgen check would fail on every such
// checkout. Generated content never holds a CR of its own.
func sameText(old, content []byte) bool {
	if bytes.Equal(old, content) {
		return true
	}
	return bytes.Contains(old, []byte("\r\n")) && bytes.Equal(bytes.ReplaceAll(old, []byte("\r\n"), []byte("\n")), content)
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// isCardgenFile reports whether the file at path starts with cardgen's generated-code header, so
// that a hand-written file that happens to share the name is never removed or replaced. Only the
// header's bytes are read: a package's cards_gen.go is megabytes on a large package, and every
// run asks.
func isCardgenFile(path string) bool {
	return hasCardgenHeader(fileHead(path, len("\uFEFF")+len(GeneratedHeader)+len("\r\n")))
}

// fileHead returns up to the first n bytes of the file at path, or nil when it cannot be read.
func fileHead(path string, n int) []byte {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	head := make([]byte, n)
	m, err := io.ReadFull(f, head)
	if err != nil && err != io.ErrUnexpectedEOF {
		return nil
	}
	return head[:m]
}
