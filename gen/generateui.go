package gen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/cardgen/cardgen/internal/flagscan"
)

// DefaultUIDir is the ui folder of a package when neither -ui nor the package's //go:generate
// line for cardgen names one.
const DefaultUIDir = "cards"

// PackageUIDir returns the ui folder that the //go:generate lines of files (one package's)
// give cardgen with -ui, cleaned as CleanUIDir cleans it, and the position of the line that
// gives it; "" and token.NoPos when no line does. problems are the lines that leave the folder
// in doubt: one whose -ui cardgen refuses, or one that names another folder than the first,
// each at its comment, saying what to do.
//
// A package's views live in one folder, and go generate runs cardgen with the folder its line
// gives; cardgen check, cardvet and cardgen new, run without -ui, take the same one from the
// line, so that a module whose packages keep their views in folders of their own is checked
// as go generate writes it.
func PackageUIDir(fset *token.FileSet, files []*ast.File) (dir string, at token.Pos, problems []Diagnostic) {
	for _, f := range files {
		var gen generateScan // a -command alias holds to the end of its file
		for _, g := range f.Comments {
			for _, c := range g.List {
				raw, ok := gen.lineUI(c.Text)
				if !ok {
					continue
				}
				d, err := CleanUIDir(raw)
				problem := func(format string, args ...any) {
					problems = append(problems, Diagnostic{Pos: fset.Position(c.Pos()), At: c.Pos(), Msg: BoundMessage(fmt.Sprintf(format, args...))})
				}
				switch {
				case err != nil:
					problem("the //go:generate line runs cardgen with -ui %s, which cardgen refuses (%v); fix the line", raw, err)
				case !at.IsValid():
					dir, at = d, c.Pos()
				case d != dir:
					first := fset.Position(at)
					problem("the //go:generate line runs cardgen with -ui %s, and the one at %s:%d with -ui %s; make them name one ui folder", d, filepath.Base(first.Filename), first.Line, dir)
				}
			}
		}
	}
	return dir, at, problems
}

// generateScan reads the //go:generate lines of one file in order, as go generate runs them: a
// line "-command NAME ARGS…" makes NAME stand for ARGS on the lines after it in the file
// (//go:generate -command cg go tool cardgen, then //go:generate cg -ui views), and defines
// rather than runs.
type generateScan struct {
	aliases map[string][]string
}

// lineUI returns the value of -ui in a //go:generate comment that runs cardgen (go tool
// cardgen, go run …/cmd/cardgen@v…, cardgen, or an alias of one), in any of the flag package's
// forms (-ui DIR, -ui=DIR, --ui DIR).
func (g *generateScan) lineUI(comment string) (string, bool) {
	args, ok := g.cardgenArgs(comment)
	if !ok {
		return "", false
	}
	// The last setting counts, as the flag package sets the value once for each; a -ui last on
	// the line has no value, and cardgen refuses it.
	settings := flagscan.Find(args, "ui", false)
	for _, s := range slices.Backward(settings) {
		if s.Inline || s.Words == 2 {
			return s.Value, true
		}
	}
	return "", false
}

// cardgenArgs returns the words after cardgen on a //go:generate comment that runs it (go tool
// cardgen, go run …/cmd/cardgen@v…, cardgen, or an alias whose -command names one of those),
// and whether it is one. A -command line is recorded, and runs nothing.
func (g *generateScan) cardgenArgs(comment string) ([]string, bool) {
	line, ok := strings.CutPrefix(comment, "//go:generate")
	if !ok || line == "" || line[0] != ' ' && line[0] != '\t' {
		return nil, false
	}
	words := generateWords(line)
	if len(words) > 0 && words[0] == "-command" {
		if len(words) >= 3 {
			if g.aliases == nil {
				g.aliases = map[string][]string{}
			}
			g.aliases[words[1]] = words[2:]
		}
		return nil, false
	}
	if len(words) > 0 && g.aliases[words[0]] != nil {
		words = append(slices.Clone(g.aliases[words[0]]), words[1:]...)
	}
	i := slices.IndexFunc(words, func(w string) bool {
		w, _, _ = strings.Cut(w, "@")
		return path.Base(w) == "cardgen"
	})
	if i < 0 {
		return nil, false
	}
	return words[i+1:], true
}

// hasGenerateLine reports whether a file of files, or another Go file of dir (go generate also
// reads the package's test files, and files a build leaves out), has a //go:generate line that
// runs cardgen.
func hasGenerateLine(fset *token.FileSet, files []*ast.File, dir string) bool {
	read := map[string]bool{} // the files whose comments are looked at here, not read again
	for _, f := range files {
		read[filepath.Base(fset.Position(f.Package).Filename)] = true
		var gen generateScan
		for _, g := range f.Comments {
			for _, c := range g.List {
				if _, ok := gen.cardgenArgs(c.Text); ok {
					return true
				}
			}
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || read[e.Name()] {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil || !bytes.Contains(src, []byte("//go:generate")) {
			continue
		}
		var gen generateScan
		for line := range strings.Lines(string(src)) {
			if _, ok := gen.cardgenArgs(strings.TrimRight(line, "\r\n")); ok {
				return true
			}
		}
	}
	return false
}

// generateWords splits a //go:generate line into words as go generate does: at spaces and tabs,
// with a double-quoted word read as a Go string (-ui "my views" is the word my views).
func generateWords(line string) []string {
	var words []string
	for line = strings.TrimLeft(line, " \t"); line != ""; line = strings.TrimLeft(line, " \t") {
		if line[0] == '"' {
			if q, err := strconv.QuotedPrefix(line); err == nil {
				w, _ := strconv.Unquote(q)
				words = append(words, w)
				line = line[len(q):]
				continue
			}
		}
		end := strings.IndexAny(line, " \t")
		if end < 0 {
			end = len(line)
		}
		words = append(words, line[:end])
		line = line[end:]
	}
	return words
}

// generatingTestFiles returns the package directory's _test.go files that have a //go:generate
// line, parsed into the package's FileSet for their comments (GenerateLinesOfTestFiles).
func (b *builder) generatingTestFiles() []*ast.File {
	if b.out.Dir == "" {
		return nil
	}
	return GenerateLinesOfTestFiles(b.pkg.Fset, b.out.Dir)
}

// GenerateLinesOfTestFiles returns the _test.go files in dir that have a //go:generate line
// and that this build's constraints keep, parsed into fset for their comments, in go generate's
// order (the package's own test files, then those of its _test package): go generate runs their
// lines as the package's, and a load of the package (go/packages, go/build's GoFiles) does not
// hold them. It writes nothing. Pass them to PackageUIDir after the package's other files, as
// cardgen and cardgen new do.
func GenerateLinesOfTestFiles(fset *token.FileSet, dir string) []*ast.File {
	entries, _ := os.ReadDir(dir)
	var files, external []*ast.File
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), "_test.go") || strings.HasPrefix(e.Name(), ".") || strings.HasPrefix(e.Name(), "_") {
			continue
		}
		path := filepath.Join(dir, e.Name())
		src, err := os.ReadFile(path)
		if err != nil || !bytes.Contains(src, []byte("//go:generate")) {
			continue
		}
		if ok, err := build.Default.MatchFile(dir, e.Name()); err == nil && !ok {
			continue // go generate skips a file the build leaves out (//go:build ignore, _windows)
		}
		// A file with a syntax error still has the comments before it.
		f, _ := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
		switch {
		case f == nil:
		case strings.HasSuffix(f.Name.Name, "_test"):
			external = append(external, f)
		default:
			files = append(files, f)
		}
	}
	return append(files, external...)
}
