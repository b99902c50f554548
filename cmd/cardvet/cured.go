package main

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/cardgen/cardgen/gen"
	"github.com/cardgen/cardgen/gen/analyzer"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// Under -fix, cardvet on its own leaves out the type errors that generation cures, as cardgen
// check does: "undefined: RegisterTools" in a package that calls it before its first generation,
// or an error in a generated file that is stale. The go/analysis driver prints every type error
// of the packages it loads and then exits 1, before the analyzer runs, so a -fix that applied
// every fix still failed, where docs/editors.md says that what -fix cannot fix does not fail the
// run. Which errors generation cures is the generator's to say (gen.Model drops them from the
// errors it is given), and only the analyzer's pass has them; so the cardvet that standalone runs
// writes them to a file (curedEnv), and standalone leaves them out of what it prints, and exits 0
// when they were all the run had to say.

// curedEnv, set by standalone in the environment of the cardvet it runs for -fix, names the file
// that cardvet writes the type errors generation cures to, each as the driver prints it.
const curedEnv = "CARDVET_CURED_ERRORS"

// curedMu serialises the writes of the passes, which the driver runs in parallel.
var curedMu sync.Mutex

// recordCured appends to the file curedEnv names the type errors of pass that generation cures:
// those gen.Model, given them, does not report. It does nothing without curedEnv or type errors.
func recordCured(pass *analysis.Pass) {
	path := os.Getenv(curedEnv)
	if path == "" || len(pass.TypeErrors) == 0 {
		return
	}
	// The driver prints them as go/packages words them: position, then message.
	errs := make([]packages.Error, len(pass.TypeErrors))
	for i, e := range pass.TypeErrors {
		errs[i] = packages.Error{Pos: pass.Fset.Position(e.Pos).String(), Msg: e.Msg, Kind: packages.TypeError}
	}
	var files []*ast.File // generation reads no _test.go file
	for _, f := range pass.Files {
		if !strings.HasSuffix(pass.Fset.File(f.FileStart).Name(), "_test.go") {
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		return
	}
	var uiDir string
	if f := analyzer.Analyzer.Flags.Lookup("ui"); f != nil {
		uiDir = f.Value.String()
	}
	_, diags := gen.Model(gen.Input{Fset: pass.Fset, Files: files, Types: pass.Pkg, Info: pass.TypesInfo, IgnoredFiles: pass.IgnoredFiles, Errors: errs}, gen.Options{UIDir: uiDir})
	// What Model keeps is reported at the error's position (with a note of go/types folded into
	// its message); so an error is cured when no diagnostic is at its position. Matching on the
	// position alone keeps an error whenever in doubt.
	type at struct {
		file      string
		line, col int
	}
	reported := map[at]bool{}
	for _, d := range diags {
		reported[at{d.Pos.Filename, d.Pos.Line, d.Pos.Column}] = true
	}
	var cured []string
	lastCured := false
	for i, e := range pass.TypeErrors {
		if strings.HasPrefix(e.Msg, "\t") {
			// A note ("\tother declaration of X") goes with the error before it.
			if lastCured {
				cured = append(cured, errs[i].Error())
			}
			continue
		}
		pos := pass.Fset.Position(e.Pos)
		lastCured = pos.IsValid() && !reported[at{pos.Filename, pos.Line, pos.Column}]
		if lastCured {
			cured = append(cured, errs[i].Error())
		}
	}
	if len(cured) == 0 {
		return
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b) // one JSON string a line: a message may span lines
	for _, c := range cured {
		enc.Encode(c)
	}
	curedMu.Lock()
	defer curedMu.Unlock()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return // the errors are printed, and fail the run, as before
	}
	f.Write(b.Bytes())
	f.Close()
}

// readCured reads the errors recordCured wrote to path.
func readCured(path string) []string {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var cured []string
	for dec := json.NewDecoder(bytes.NewReader(data)); ; {
		var s string
		if err := dec.Decode(&s); err != nil {
			return cured
		}
		cured = append(cured, s)
	}
}

// withoutCured returns out, the driver's standard error, without the errors in cured, and whether
// it left any out. The driver prints each with an absolute position; the go command, whose
// compile errors the driver prints as one error of the package ("-: # path" and the compiler's
// lines, when it compiles the package for export data: with -test), with one relative to dir, and
// that heading goes when every line under it does.
func withoutCured(out []byte, cured []string, dir string) (rest []byte, dropped bool) {
	if len(cured) == 0 {
		return out, false
	}
	lines := strings.SplitAfter(string(out), "\n")
	var kept bytes.Buffer
	for i := 0; i < len(lines); {
		if n := curedAt(lines[i:], cured, dir); n > 0 {
			i, dropped = i+n, true
			continue
		}
		if strings.HasPrefix(lines[i], "-: # ") {
			j := i + 1
			for j < len(lines) {
				n := curedAt(lines[j:], cured, dir)
				if n == 0 {
					break
				}
				j += n
			}
			if j > i+1 && (j == len(lines) || lines[j] == "" || strings.HasPrefix(lines[j], "-: ")) {
				i, dropped = j, true
				continue
			}
		}
		kept.WriteString(lines[i])
		i++
	}
	return kept.Bytes(), dropped
}

// curedAt returns the number of lines at the start of lines that are one of the cured errors,
// or 0.
func curedAt(lines, cured []string, dir string) int {
	first := strings.TrimSuffix(lines[0], "\n")
	if loc := position.FindStringIndex(first); loc != nil && !filepath.IsAbs(first[:loc[0]]) && first[:loc[0]] != "-" {
		first = filepath.Join(dir, first[:loc[0]]) + first[loc[0]:]
	}
	for _, c := range cured {
		want := strings.Split(c, "\n")
		if len(want) > len(lines) || want[0] != first {
			continue
		}
		n := 1
		for n < len(want) && strings.TrimSuffix(lines[n], "\n") == want[n] {
			n++
		}
		if n == len(want) {
			return n
		}
	}
	return 0
}
