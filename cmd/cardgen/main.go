// Command cardgen generates MCP tool registrations, JSON schemas and cards from //card:
// annotations on Go handlers.
//
// Usage:
//
//	cardgen [flags] [packages]                     generate (under go:generate: the package of $GOFILE)
//	cardgen check [-json] [-ui dir] [packages]     check without writing; report stale generated files
//	cardgen new <tool_name> [flags]                scaffold an annotated tool, then generate
//	cardgen new <tool_name> -view [-dir PKG]       write the starter view of an existing tool
//	cardgen help [directive|templates|tags|kinds]  the directive reference, or one part of it
//	cardgen version                                the version, run-time API and module
//
// A .go file among the packages stands for the whole package of its directory, and flags may
// follow the packages. Run "cardgen -h" for the flags.
//
// Loading, modelling, checking, rendering and writing are package gen's, scaffolding is
// gen/scaffold's, and the directive reference is the annotations registry's. What this command
// does itself is what stands between them and a command line, and most of it is about telling a
// user what to do: parsing flags wherever they stand among the packages, with a hint for the go
// command's build flags and for a flag of another cardgen command (args.go); turning arguments
// into package patterns (a .go file for its package), and when they do not load, a hint for a
// mistyped command or a directory written without ./ (args.go); making sure every directory about
// to be written can be, before anything is (args.go); check's stale files and its -json report
// (check.go); for a module generated for the first time, whether its go.mod has the modules the
// generated code needs, which runs go list -m and go list -deps -test (requirements.go); cardgen
// new's flags (new.go); and the version of the binary's module (version.go).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/cardgen/cardgen/annotations"
	"github.com/cardgen/cardgen/gen"
)

// defineUIFlag defines -ui on fs, the ui folder of generation and check alike, and returns the
// variable it sets. The backquoted word of its usage names the flag's value in the help text
// ("-ui dir").
func defineUIFlag(fs *flag.FlagSet) *string {
	dir := new("")
	fs.Var(gen.UIDirValue(dir), "ui", "the `dir` that holds the views //card:ui names (HTML files and their .meta.json sidecars), relative to each package and inside it (default: the -ui of the package's //go:generate line for cardgen, else "+gen.DefaultUIDir+")")
	return dir
}

func main() {
	stopOnSignal(os.Stderr)
	status := run(os.Args[1:], quietOnStop{os.Stdout}, quietOnStop{os.Stderr})
	if stopping.Load() {
		select {} // the signal handler ends the process, with the signal's status
	}
	if n := stoppedBy.Load(); n != 0 {
		// A run that undid its work after an interrupt (cardgen new) ends as the signal says.
		gen.RemoveTemporaryFiles()
		status = 128 + int(n)
	}
	os.Exit(status)
}

// stopping is set when a signal is ending the process: the run, whose loads are stopped under
// it, then fails, and what it would say of that ("context canceled") is not said.
var stopping atomic.Bool

// quietOnStop is a run's output, which says nothing once the process is stopping.
type quietOnStop struct{ w io.Writer }

func (q quietOnStop) Write(p []byte) (int, error) {
	if stopping.Load() {
		return len(p), nil
	}
	return q.w.Write(p)
}

var (
	// cancelRun, while a run that must undo what it wrote is under way (cardgen new), is called
	// by an interrupt instead of ending the process: the run undoes its work and returns.
	cancelRun atomic.Pointer[context.CancelFunc]
	// stoppedBy is the number of the signal that cancelRun was called for, or 0.
	stoppedBy atomic.Int32
)

// undoableContext returns a context that an interrupt or SIGTERM cancels, for a run that undoes
// what it wrote when its context ends, and a function to call when the run is over.
func undoableContext() (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	cancelRun.Store(&cancel)
	return ctx, func() {
		cancelRun.Store(nil)
		cancel()
	}
}

// stopOnSignal makes an interrupt (Ctrl-C) or SIGTERM end the process without leaving the run's
// temporary files behind: without it the process died at once, and the go command's overlay
// stayed in the system's temporary directory. The exit status is the shell's for the signal
// (128 + its number: 130 for Ctrl-C). Generated files are only ever replaced by a rename, so
// each is either written whole or left as it was.
func stopOnSignal(stderr io.Writer) {
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	go func() {
		sig := <-signals
		n, _ := sig.(syscall.Signal)
		if cancel := cancelRun.Load(); cancel != nil {
			// cardgen new undoes the files it wrote before it returns; a second signal does
			// not wait for it.
			fmt.Fprintf(stderr, "cardgen: stopped by %v; cardgen new undoes what it wrote (again to stop at once)\n", sig)
			stoppedBy.Store(int32(n))
			(*cancel)()
			sig = <-signals
			n, _ = sig.(syscall.Signal)
		}
		// The go commands of a load run in a process group of their own, which the terminal's
		// signal does not reach: they are stopped first (a second signal does not wait).
		stopping.Store(true)
		stopped := make(chan struct{})
		go func() {
			gen.StopLoads(10 * time.Second)
			close(stopped)
		}()
		select {
		case <-stopped:
		case <-signals:
		}
		gen.RemoveTemporaryFiles()
		fmt.Fprintf(stderr, "cardgen: stopped by %v\n", sig)
		status := 1
		if n != 0 {
			status = 128 + int(n)
		}
		os.Exit(status)
	}()
}

// run is main without the process: it returns the exit status, which keeps it testable.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "new":
			return runNew(args[1:], stdout, stderr)
		case "check":
			return runCheck(args[1:], stdout, stderr)
		case "version":
			return runVersion(args[1:], stdout, stderr)
		case "help":
			return runHelp(args[1:], stdout, stderr)
		}
	}
	fs, verbose, uiDir := generationFlags(stderr)
	pkgArgs, err := parseArgs(fs, args)
	if err != nil {
		return badFlags(stderr, "", args, err)
	}
	if msg := goflagsModfile(commandName("") + " " + commandArgs[""]); msg != "" {
		fmt.Fprintln(stderr, "cardgen:", msg)
		return 1
	}
	patterns, argErrs := packagePatterns(pkgArgs)
	for _, e := range argErrs {
		fmt.Fprintln(stderr, "cardgen:", e)
	}
	if len(argErrs) > 0 && len(patterns) == 0 {
		return 1
	}
	opts := gen.Options{UIDir: *uiDir}
	if *verbose {
		opts.Log = stderr
	}
	wd, _ := os.Getwd()
	res, err := gen.Generate(opts, patterns...)
	if err == nil && len(argErrs) > 0 {
		// The other arguments' packages were checked, and had nothing to report; nothing is
		// written while an argument is wrong.
		fmt.Fprintln(stderr, "cardgen: nothing written; fix the arguments and run cardgen again")
		return 1
	}
	if err != nil {
		var diags gen.Diagnostics
		if errors.As(err, &diags) {
			printDiagnostics(stderr, "", wd, diags)
		} else {
			fmt.Fprintln(stderr, "cardgen:", err)
		}
		if hint := commandHint(pkgArgs); hint != "" && loadFailed(err) {
			// The hint quotes the word as given, as the go command's error above it does, which
			// gen bounds.
			fmt.Fprintln(stderr, "cardgen:", gen.BoundMessage(hint))
		}
		return 1
	}
	stale := gen.StaleFiles(res.Files)
	if err := checkWritable(wd, stale); err != nil {
		fmt.Fprintln(stderr, "cardgen:", err)
		return 1
	}
	written, err := gen.Write(res.Files)
	if err != nil {
		fmt.Fprintln(stderr, "cardgen:", err)
		if errors.Is(err, os.ErrPermission) {
			fmt.Fprintln(stderr, "cardgen: make the directory writable and run cardgen again")
		}
		return 1
	}
	hintRequirements(stderr, wd, firstGenerations(res, stale))
	for _, msg := range removedMessages(wd, res, written) {
		fmt.Fprintln(stderr, "cardgen:", msg)
	}
	if *verbose {
		removed := map[string]bool{}
		for _, f := range res.Files {
			removed[f.Path] = f.Remove
		}
		for _, w := range written {
			verb := "wrote"
			if removed[w] {
				verb = "removed" // the package's last tool is gone
			}
			fmt.Fprintln(stderr, "cardgen:", verb, gen.RelativeTo(wd, w))
		}
		if len(written) == 0 {
			fmt.Fprintln(stderr, "cardgen: every generated file was up to date")
		}
	}
	return 0
}

// removedMessages says, for each package whose generated files the run removed (Write removes
// them when the package's last //card:tool is gone), that they were removed and why, and what
// they leave behind unchecked: the golden files in its testdata/golden, which only the removed
// test checked (its leftovers subtest named a golden file no tool writes), and the views of its ui
// folder, which only the removed file served. Without it the run said nothing, and the files
// stayed with nothing to flag them. written is what gen.Write returned.
func removedMessages(wd string, res *gen.Result, written []string) []string {
	done := map[string]bool{}
	for _, w := range written {
		done[w] = true
	}
	var msgs []string
	for _, p := range res.Packages {
		var removed []string
		for _, f := range res.Files {
			if f.Remove && done[f.Path] && filepath.Dir(f.Path) == p.Dir {
				removed = append(removed, gen.RelativeTo(wd, f.Path))
			}
		}
		if len(removed) == 0 {
			continue
		}
		msg := "removed " + strings.Join(removed, " and ") + ": no annotated handler (//card:tool) is left in the package"
		var left []string
		if dir := filepath.Join(p.Dir, "testdata", "golden"); hasFiles(dir) {
			left = append(left, "the golden files in "+gen.RelativeTo(wd, dir)+" are no longer checked")
		}
		if dir := filepath.Join(p.Dir, filepath.FromSlash(p.UIDir)); p.UIDir != "" && p.UIDir != "." && hasFiles(dir) {
			left = append(left, "the views in "+gen.RelativeTo(wd, dir)+" are no longer served")
		}
		if len(left) > 0 {
			msg += "; " + strings.Join(left, ", and ") + ": delete them unless a tool comes back"
		}
		msgs = append(msgs, msg)
	}
	return msgs
}

// hasFiles reports whether dir holds a file, in it or in a folder below it.
func hasFiles(dir string) bool {
	found := false
	filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	return found
}

// printDiagnostics prints diags with file names relative to wd, as the go command prints
// positions. One with a position is file:line:col: message, as the compiler's errors are; one
// without (the go command's words on a pattern it cannot list, "pattern ./...: directory prefix
// . does not contain modules listed in go.work …") starts with the command's name, as every other
// message of cardgen's does: printed bare, it did not say whose it was. command is as for
// commandName ("" is generation).
func printDiagnostics(w io.Writer, command, wd string, diags gen.Diagnostics) {
	for _, d := range diags.Relative(wd) {
		if d.Pos.IsValid() {
			fmt.Fprintln(w, d)
		} else {
			fmt.Fprintf(w, "%s: %s\n", commandName(command), d.Msg)
		}
	}
}

// helpUsage is cardgen help's usage line, in cardgen's usage too.
const helpUsage = "cardgen help [directive | templates | tags | kinds]"

// runHelp prints the directive reference, or one directive's, or its section on templates,
// struct tags or value kinds: all of it from the annotations registry, as docs/directives.md is.
func runHelp(args []string, stdout, stderr io.Writer) int {
	if len(args) > 1 {
		fmt.Fprintf(stderr, "cardgen help: want at most one directive name (or templates, tags, kinds), got %d %q\nusage: %s\n", len(args), args, helpUsage)
		return 2
	}
	name := ""
	if len(args) == 1 {
		name = args[0]
	}
	switch name {
	case "-h", "-help", "--help":
		// As cardgen check -h and cardgen new -h do; no directive is named like a flag.
		fmt.Fprintf(stderr, "usage: %s\n\nPrints the reference of the //card: directives, of one directive (cardgen help result),\nor of the templates, the card struct tags or the kinds of values.\n", helpUsage)
		return 0
	}
	if err := annotations.WriteHelp(stdout, name); err != nil {
		// The error quotes the name as given, which may be a pasted line of any length.
		fmt.Fprintln(stderr, "cardgen:", gen.BoundMessage(err.Error()))
		return 2
	}
	return 0
}

// generationFlags defines generation's flags on a new flag set that prints to stderr.
func generationFlags(stderr io.Writer) (fs *flag.FlagSet, verbose *bool, uiDir *string) {
	fs = flag.NewFlagSet("cardgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	verbose = fs.Bool("v", false, "print what was generated for each package and how long it took")
	uiDir = defineUIFlag(fs)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: cardgen [flags] [packages]\n       %s\n       %s\n       %s\n       %s\n       cardgen version\n\n", checkUsage, newUsage, newViewUsage, helpUsage)
		fmt.Fprintf(stderr, "Without packages, cardgen works on the package in the current directory\n(under go:generate, the package of $GOFILE). A .go file stands for its package.\n\nflags:\n")
		fs.PrintDefaults()
	}
	return fs, verbose, uiDir
}
