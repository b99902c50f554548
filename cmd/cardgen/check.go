package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/cardgen/cardgen/gen"
	"github.com/cardgen/cardgen/internal/flagscan"
)

// checkReport is the -json output of cardgen check.
type checkReport struct {
	Diagnostics []jsonDiagnostic `json:"diagnostics"`
	Stale       []string         `json:"stale"`
	// StaleFiles says of each file in Stale why it is stale, as the text output does: a CI
	// step can tell a file to write from one to update or remove.
	StaleFiles []jsonStale `json:"stale_files"`
}

// jsonStale is a stale file in check's -json output.
type jsonStale struct {
	File    string `json:"file"`
	Reason  string `json:"reason"` // changed, missing or unwanted
	Message string `json:"message"`
}

// staleReason is jsonStale.Reason for why.
var staleReason = map[gen.Staleness]string{gen.Changed: "changed", gen.Missing: "missing", gen.Unwanted: "unwanted"}

type jsonDiagnostic struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

// staleFile is what check says of a stale file, by why it is stale: what it is, and the verb of
// what generation would do to it.
var staleFile = map[gen.Staleness]struct{ what, verb string }{
	gen.Changed:  {"stale", "update"},
	gen.Missing:  {"missing", "write"},
	gen.Unwanted: {"no longer generated (the package has no tools)", "remove"},
}

// staleMessage is check's line on a stale file, whose package has a //go:generate line that runs
// cardgen (generateLine) or not: then go generate changes nothing, and the line to add is said
// (for a file to remove, nothing new is generated, so the line is not needed).
func staleMessage(why gen.Staleness, generateLine bool) string {
	s := staleFile[why]
	switch {
	case generateLine:
		return s.what + "; run go generate (or cardgen) to " + s.verb + " it"
	case why == gen.Unwanted:
		return s.what + "; run cardgen on the package to " + s.verb + " it"
	}
	return s.what + "; run cardgen on the package to " + s.verb + " it (go generate does so only through a //go:generate line that runs cardgen, and none in the package does: add //go:generate go tool cardgen to one of its files, unless a line elsewhere runs cardgen on it)"
}

// runCheck loads, models and checks the packages without writing anything. It exits 1 when there
// is a diagnostic or when a generated file on disk differs from what generation would write.
// checkFailed reports an error that is not a diagnostic (a package that cannot be found or
// loaded): on stderr, and with -json also as the report's one diagnostic, without a position, so
// that a CI step reading stdout always gets the documented JSON.
func checkFailed(errs []error, asJSON bool, stdout, stderr io.Writer) int {
	report := checkReport{Diagnostics: []jsonDiagnostic{}, Stale: []string{}, StaleFiles: []jsonStale{}}
	for _, e := range errs { // each refused argument is a line, and a diagnostic, of its own
		fmt.Fprintln(stderr, "cardgen check:", e)
		report.Diagnostics = append(report.Diagnostics, positioned(e.Error())...)
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(report)
	}
	return 1
}

// goCommandPosRE matches a line of a go command error that has a position: "go.mod:5: unknown
// directive: requirex", "../go.work:3:1: …".
var goCommandPosRE = regexp.MustCompile(`^(\S+\.(?:mod|work|sum|go)):(\d+)(?::(\d+))?: (.+)$`)

// positioned is the -json diagnostic of msg, an error without a position: one for each of its
// lines that has one (the go command's errors parsing go.mod name the file and line after a
// heading line), each with that heading, so that a CI annotator can place it; otherwise one
// diagnostic with the whole message and no position.
func positioned(msg string) []jsonDiagnostic {
	lines := strings.Split(msg, "\n")
	var ds []jsonDiagnostic
	for _, line := range lines[1:] {
		m := goCommandPosRE.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		ds = append(ds, jsonDiagnostic{File: m[1], Line: n, Column: col, Message: m[4] + " (" + strings.TrimSuffix(lines[0], ":") + ")"})
	}
	if len(ds) == 0 {
		return []jsonDiagnostic{{Message: msg}}
	}
	return ds
}

// jsonAsked reports whether check's arguments set -json, read as the flag package would have
// read them had they parsed: the last setting wins, and -json=false turns it off.
func jsonAsked(args []string) bool {
	found := flagscan.Find(args, "json", true)
	if len(found) == 0 {
		return false
	}
	last := found[len(found)-1]
	if !last.Inline {
		return true
	}
	on, err := strconv.ParseBool(last.Value)
	return err == nil && on
}

// checkUsage is cardgen check's usage line, in cardgen's usage too.
const checkUsage = "cardgen check [-json] [-ui dir] [packages]"

// checkFlags defines cardgen check's flags on a new flag set that prints to stderr.
func checkFlags(stderr io.Writer) (fs *flag.FlagSet, asJSON *bool, uiDir *string) {
	fs = flag.NewFlagSet("cardgen check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON = fs.Bool("json", false, "print {\"diagnostics\":[{file,line,column,message}],\"stale\":[files],\"stale_files\":[{file,reason,message}]} on stdout")
	uiDir = defineUIFlag(fs)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: %s\n\nChecks the annotations and reports generated files that are stale, writing nothing.\n\nflags:\n", checkUsage)
		fs.PrintDefaults()
	}
	return fs, asJSON, uiDir
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs, asJSON, uiDir := checkFlags(stderr)
	pkgArgs, err := parseArgs(fs, args)
	if err != nil {
		code := badFlags(stderr, "check", args, err)
		if code != 0 && jsonAsked(args) {
			// A CI step that asked for JSON reads stdout; it gets the report, with the flag
			// error as its one diagnostic, rather than nothing to parse.
			report := checkReport{Diagnostics: []jsonDiagnostic{{Message: "cardgen check: " + err.Error()}}, Stale: []string{}, StaleFiles: []jsonStale{}}
			enc := json.NewEncoder(stdout)
			enc.SetIndent("", "  ")
			enc.Encode(report)
		}
		return code
	}
	if msg := goflagsModfile(commandName("check") + " " + commandArgs["check"]); msg != "" {
		return checkFailed([]error{errors.New(msg)}, *asJSON, stdout, stderr)
	}
	patterns, argErrs := packagePatterns(pkgArgs)
	if len(argErrs) > 0 && len(patterns) == 0 {
		return checkFailed(argErrs, *asJSON, stdout, stderr)
	}
	wd, _ := os.Getwd()
	report := checkReport{Diagnostics: []jsonDiagnostic{}, Stale: []string{}, StaleFiles: []jsonStale{}}
	// An argument refused is reported as a diagnostic without a position, and the packages of
	// the others are still checked: one mistyped directory does not hide their problems.
	for _, e := range argErrs {
		report.Diagnostics = append(report.Diagnostics, positioned(e.Error())...)
	}
	var staleLines []string // what the human output says of each stale file
	// Partial: the packages without a diagnostic are still compared, so that one bad package
	// does not hide the stale files of the others.
	res, err := gen.Generate(gen.Options{UIDir: *uiDir, Partial: true, Command: "cardgen check"}, patterns...)
	var diags gen.Diagnostics
	switch {
	case errors.As(err, &diags):
		for _, d := range diags.Relative(wd) {
			report.Diagnostics = append(report.Diagnostics, jsonDiagnostic{File: d.Pos.Filename, Line: d.Pos.Line, Column: d.Pos.Column, Message: d.Msg})
		}
	case err != nil:
		// A load that failed as a whole: with the refused arguments already reported.
		return checkFailed(append(argErrs, err), *asJSON, stdout, stderr)
	}
	if res != nil {
		noLine := map[string]bool{} // package directories without a //go:generate line for cardgen
		for _, p := range res.Packages {
			noLine[p.Dir] = !p.GenerateLine
		}
		for _, f := range gen.StaleFiles(res.Files) {
			rel := gen.ShortPath(wd, f.Path)
			msg := staleMessage(f.Why, !noLine[filepath.Dir(f.Path)])
			report.Stale = append(report.Stale, rel)
			report.StaleFiles = append(report.StaleFiles, jsonStale{File: rel, Reason: staleReason[f.Why], Message: msg})
			staleLines = append(staleLines, rel+": "+msg)
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(report)
	} else {
		for _, e := range argErrs {
			fmt.Fprintln(stderr, "cardgen check:", e)
		}
		printDiagnostics(stderr, "check", wd, diags)
		for _, line := range staleLines {
			fmt.Fprintln(stderr, line)
		}
	}
	if len(report.Diagnostics) > 0 || len(report.Stale) > 0 {
		return 1
	}
	return 0
}
