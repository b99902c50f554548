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
	if i < 0 || !generatesHere(words[i+1:]) {
		return nil, false
	}
	return words[i+1:], true
}

// generatesHere reports whether cardgen, run with args from the directory of the line's file
// (where go generate runs it), generates the package of that directory: it does without package
// arguments, or with one that names it ("." "./..." "../..." a file of the directory, or anything
// that cannot be told from here: an import path, an absolute path, a $VARIABLE). A line that
// runs another command (cardgen check) or only on other directories ("./sub", "../lib/...")
// is not the package's line: its -ui is theirs, and go generate in the package does not
// generate it.
func generatesHere(args []string) bool {
	var pkgs []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			pkgs = append(pkgs, args[i+1:]...)
			i = len(args)
		case a == "-" || !strings.HasPrefix(a, "-"):
			pkgs = append(pkgs, a)
		default:
			name, _, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
			if name == "ui" && !hasValue {
				i++ // -ui DIR: the next word is its value, as the flag package reads it
			}
		}
	}
	if len(pkgs) == 0 {
		return true
	}
	if slices.Contains([]string{"check", "new", "help", "version"}, pkgs[0]) {
		return false
	}
	return slices.ContainsFunc(pkgs, namesThisDir)
}

// namesThisDir reports whether a package argument of cardgen, relative to the directory it runs
// in, may name that directory's package.
func namesThisDir(arg string) bool {
	if strings.Contains(arg, "$") {
		return true // a variable: not known here
	}
	if strings.HasSuffix(arg, ".go") && !strings.HasPrefix(arg, "/") {
		return !strings.Contains(path.Clean(arg), "/") // a file stands for its directory's package
	}
	if !strings.HasPrefix(arg, ".") || arg == "..." {
		return true // an import path or an absolute path: not known here
	}
	tree, all := strings.CutSuffix(arg, "/...")
	clean := path.Clean(tree)
	if all {
		// ./... covers the directory, and so does ../... (its parent's tree) and ../../...
		return clean == "." || strings.Trim(strings.ReplaceAll(clean, "..", ""), "/") == ""
	}
	return clean == "."
}

// HasGenerateLine reports whether a file of files (the package's, as loaded), or another Go
// file of dir that go generate reads (the package's test files, and files only its "generate"
// build tag keeps), has a //go:generate line that runs cardgen on the package: whether go
// generate regenerates it. It writes nothing.
func HasGenerateLine(fset *token.FileSet, files []*ast.File, dir string) bool {
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
		if err != nil || !bytes.Contains(src, []byte("//go:generate")) || !generateReads(dir, e.Name()) {
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

// generatingFiles returns the files of the package directory that go generate reads and the
// load did not hold, with a //go:generate line, parsed into the package's FileSet for their
// comments (GenerateLineFiles).
func (b *builder) generatingFiles() []*ast.File {
	if b.out.Dir == "" {
		return nil
	}
	// Build flags in GOFLAGS (-tags) may have made the load hold a file the default build
	// leaves out: it is not read twice.
	loaded := map[string]bool{}
	for _, f := range b.pkg.Files {
		loaded[b.pkg.Fset.Position(f.Package).Filename] = true
	}
	return slices.DeleteFunc(GenerateLineFiles(b.pkg.Fset, b.out.Dir), func(f *ast.File) bool {
		return loaded[b.pkg.Fset.Position(f.Package).Filename]
	})
}

// generateReads reports whether go generate, run in dir, reads the Go file name: as the build
// does, except that go generate sets the "generate" build tag (a file of //go:build generate is
// for it alone) and reads test files too. A file whose constraints cannot be read counts as
// read.
func generateReads(dir, name string) bool {
	if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
		return false
	}
	ctx := build.Default
	ctx.BuildTags = append(slices.Clip(ctx.BuildTags), "generate")
	ok, err := ctx.MatchFile(dir, name)
	return err != nil || ok
}

// GenerateLineFiles returns the files of dir with a //go:generate line that go generate reads
// and a load of the package (go/packages, go/build's GoFiles) does not hold, parsed into fset
// for their comments, in go generate's order: the files only its "generate" build tag keeps,
// then the package's test files, then those of its _test package. A file any build leaves out
// (//go:build ignore, _windows.go elsewhere) is not one. It writes nothing. Pass them to
// PackageUIDir after the package's other files, as cardgen and cardgen new do.
func GenerateLineFiles(fset *token.FileSet, dir string) []*ast.File {
	entries, _ := os.ReadDir(dir)
	var generateOnly, tests, external []*ast.File
	for _, e := range entries {
		name := e.Name()
		test := strings.HasSuffix(name, "_test.go")
		if e.IsDir() || !strings.HasSuffix(name, ".go") || !generateReads(dir, name) {
			continue
		}
		if !test {
			// A file the build reads is the load's already.
			if ok, err := build.Default.MatchFile(dir, name); err != nil || ok {
				continue
			}
		}
		path := filepath.Join(dir, name)
		src, err := os.ReadFile(path)
		if err != nil || !bytes.Contains(src, []byte("//go:generate")) {
			continue
		}
		// A file with a syntax error still has the comments before it.
		f, _ := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
		switch {
		case f == nil:
		case !test:
			generateOnly = append(generateOnly, f)
		case strings.HasSuffix(f.Name.Name, "_test"):
			external = append(external, f)
		default:
			tests = append(tests, f)
		}
	}
	return slices.Concat(generateOnly, tests, external)
}
