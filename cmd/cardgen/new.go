package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"

	"github.com/cardgen/cardgen/gen"
	"github.com/cardgen/cardgen/gen/scaffold"
	"github.com/cardgen/cardgen/internal/flagscan"
)

// newUsage is cardgen new's usage line, in cardgen's usage too; docs/scaffolding.md quotes it.
const newUsage = "cardgen new <tool_name> [-dir PKG] [-recv TYPE] [-ui] [-acp KIND] [-markdown]"

// newViewUsage is the usage line of cardgen new -view, which writes the starter view of an
// existing tool; it follows newUsage wherever that is printed.
const newViewUsage = "cardgen new <tool_name> -view [-dir PKG]"

// newFlags defines cardgen new's flags on a new flag set that prints to stderr; they set the
// options but the tool name, and view is -view.
func newFlags(stderr io.Writer) (fs *flag.FlagSet, opts *scaffold.Options, view *bool) {
	fs = flag.NewFlagSet("cardgen new", flag.ContinueOnError)
	fs.SetOutput(stderr)
	opts = new(scaffold.Options)
	fs.StringVar(&opts.Dir, "dir", ".", "the package directory `PKG`; created, with a new package, when it holds no Go package")
	fs.StringVar(&opts.Recv, "recv", "", "make the handler a method of `TYPE`, a type of the package (default: a plain function)")
	fs.BoolVar(&opts.UI, "ui", false, "add //card:ui and write the starter view to <ui folder>/<tool_name>.html: the -ui folder of the package's //go:generate line for cardgen, else "+scaffold.UIDir)
	fs.StringVar(&opts.ACP, "acp", "", "add //card:acp `KIND`: detail, review, carousel or form")
	fs.BoolVar(&opts.Markdown, "markdown", false, `return a markdown document (a field tagged card:"markdown") instead of a result card`)
	view = fs.Bool("view", false, "write the starter view of <tool_name>, an existing tool of the package, to its ui folder (as -ui does for a new tool), and print the //card:ui line to add; with -dir alone")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: %s\n       %s\n\n", newUsage, newViewUsage)
		fmt.Fprintf(stderr, "Writes <tool_name>.go with an annotated handler stub, regenerates the package and\nwrites the tool's golden files. With -view, writes the starter view of an existing\ntool instead. It never overwrites a file.\n\nflags:\n")
		fs.PrintDefaults()
	}
	return fs, opts, view
}

// runNew scaffolds a new annotated tool; see docs/scaffolding.md. Exit status: 0 when the tool
// was written and its golden files pass, 1 when it was refused or a step failed (nothing is left
// behind, except in a module that does not require cardgen's runtime yet: there the files stay and
// it prints the two commands that finish), 2 for bad usage.
func runNew(args []string, stdout, stderr io.Writer) int {
	fs, opts, view := newFlags(stderr)
	// Flags may come before or after the tool name.
	names, err := parseArgs(fs, args)
	if err != nil {
		code := badFlags(stderr, "new", args, err)
		if folder, ok := uiFolderGiven(args, nil); ok && code == 2 {
			fmt.Fprintln(stderr, "cardgen new:", uiFolderHint(folder))
		}
		return code
	}
	usage := emptyFlags(fs)
	if *view {
		usage = append(usage, viewFlags(fs)...)
	}
	for _, msg := range usage {
		fmt.Fprintln(stderr, "cardgen new:", msg)
	}
	if len(names) != 1 {
		fmt.Fprintf(stderr, "cardgen new: want one tool name, got %d %q\n", len(names), names)
		fs.Usage()
		if folder, ok := uiFolderGiven(args, names); ok {
			fmt.Fprintln(stderr, "cardgen new:", uiFolderHint(folder))
		}
		return 2
	}
	if len(usage) > 0 {
		return 2
	}
	if msg := goflagsModfile(commandName("new") + " " + commandArgs["new"]); msg != "" {
		fmt.Fprintln(stderr, "cardgen new:", msg)
		return 1
	}
	opts.Tool = names[0]
	if *view {
		return runNewView(scaffold.ViewOptions{Tool: opts.Tool, Dir: opts.Dir}, stdout, stderr)
	}

	plan, err := scaffold.NewPlan(*opts)
	if err != nil {
		return report(stderr, err)
	}
	ctx, done := undoableContext()
	res, err := plan.Apply(ctx)
	stopped := ctx.Err() != nil // before done, which cancels the context itself
	done()                      // from here a signal ends cardgen at once: there is nothing left to undo
	if stopped {
		if err != nil {
			fmt.Fprintln(stderr, "cardgen new: stopped; the scaffold is undone")
			return 1 // main returns the signal's status
		}
		fmt.Fprintln(stderr, "cardgen new: stopped after the scaffold was complete; it is kept")
	}
	var missing *scaffold.MissingRequirementsError
	if err != nil && !errors.As(err, &missing) {
		return report(stderr, err)
	}
	wd, _ := os.Getwd()
	for _, f := range res.Created {
		fmt.Fprintln(stdout, "cardgen new: created", gen.RelativeTo(wd, f))
	}
	for _, f := range res.Regenerated {
		fmt.Fprintln(stdout, "cardgen new: regenerated", gen.RelativeTo(wd, f))
	}
	if missing != nil {
		// The files stay, so callers of the package break all the same.
		printSignatureChanges(stdout, res)
		// The commands below name cardgen as a tool for the line, if the module must.
		printGenerateLine(stdout, wd, plan.Dir, res.GenerateLine)
		// Exit 1: the golden files are not written yet.
		fmt.Fprintf(stderr, "cardgen new: %s:\n", missing.Headline())
		for _, p := range missing.Problems {
			fmt.Fprintf(stderr, "\t%s\n", p)
		}
		where := "here"
		if dir := gen.RelativeTo(wd, missing.Dir); dir != "." {
			where = "in " + dir
		}
		fmt.Fprintf(stderr, "cardgen new: the files above are written; to finish, run %s:\n", where)
		for _, c := range missing.Commands() {
			fmt.Fprintf(stderr, "\t%s\n", c)
		}
		return 1
	}
	fmt.Fprintf(stdout, "cardgen new: next, implement %s in %s; RegisterTools registers %s.\n",
		plan.Func, gen.RelativeTo(wd, plan.Source), opts.Tool)
	printSignatureChanges(stdout, res)
	printGenerateLine(stdout, wd, plan.Dir, res.GenerateLine)
	if res.ToolCommand != "" {
		line := "doc.go's //go:generate line"
		if res.GenerateLine != "" {
			line = "that line"
		}
		fmt.Fprintf(stdout, "cardgen new: %s runs go tool cardgen; name cardgen as a tool of the module once, in the module:\n\t%s\n\tgo mod tidy\n", line, res.ToolCommand)
	}
	return 0
}

// printGenerateLine gives the //go:generate line to add to the package in dir when none of its
// files has one that runs cardgen: the scaffold regenerated it, but go generate would not after
// the next change to its annotations, and nothing said so until cardgen check found the files
// stale. (A line elsewhere, cardgen ./... in a parent's file, may run cardgen on it; the message
// says so, as cardgen check's does.)
func printGenerateLine(stdout io.Writer, wd, dir, line string) {
	if line == "" {
		return
	}
	pkg := "the package"
	if rel := gen.RelativeTo(wd, dir); rel != "." {
		pkg += " in " + rel
	}
	fmt.Fprintf(stdout, "cardgen new: no file of %s has a //go:generate line that runs cardgen, so go generate does not regenerate it; add this line to one of its files, unless a line elsewhere runs cardgen on it:\n\t%s\n", pkg, line)
}

// viewFlags returns a message for each flag given with -view that it does not take: they say what
// a new tool is to be, and -view writes the view of a tool that exists.
func viewFlags(fs *flag.FlagSet) []string {
	var msgs []string
	fs.Visit(func(f *flag.Flag) {
		if f.Name != "view" && f.Name != "dir" {
			msgs = append(msgs, fmt.Sprintf("-view writes the starter view of an existing tool, and takes no -%s, which is for a new tool; leave one out", f.Name))
		}
	})
	return msgs
}

// runNewView writes the starter view of an existing tool and says how to put it in use.
func runNewView(opts scaffold.ViewOptions, stdout, stderr io.Writer) int {
	plan, err := scaffold.NewViewPlan(opts)
	if err != nil {
		return report(stderr, err)
	}
	if err := plan.Write(); err != nil {
		return report(stderr, err)
	}
	wd, _ := os.Getwd()
	fmt.Fprintf(stdout, "cardgen new: created %s, the starter view of %s\n", gen.RelativeTo(wd, plan.Path), opts.Tool)
	// go generate runs cardgen only through a //go:generate line that runs it.
	regenerate := "go generate (or cardgen)"
	if plan.GenerateLine != "" {
		regenerate = "cardgen"
	}
	if plan.Directive == "" {
		fmt.Fprintf(stdout, "cardgen new: the //card:ui line of %s (%s) names it; next, run %s in the package\n", plan.Handler, plan.UILine, regenerate)
	} else {
		fmt.Fprintf(stdout, "cardgen new: next, add this line to the doc comment of %s, below its //card:tool line (%s), then run %s in the package:\n\t%s\n", plan.Handler, plan.ToolLine, regenerate, plan.Directive)
	}
	if plan.GenerateLine != "" {
		printGenerateLine(stdout, wd, plan.Dir, plan.GenerateLine)
	}
	return 0
}

// emptyAdvice is what to give each string flag of cardgen new that was given an empty value.
var emptyAdvice = map[string]string{
	"dir":  "give the package directory (such as ./billing, or . for this one), or leave -dir out",
	"recv": "give a type of the package (such as Service), or leave -recv out for a plain function",
	"acp":  "give an ACP card kind (detail, review, carousel or form), or leave -acp out",
}

// emptyFlags returns a message for each string flag given explicitly with an empty value
// (-acp "", -recv=): the options cannot tell it from the flag left out, so -recv "" wrote a
// plain function, -acp "" a tool without an ACP card and -dir "" into the current directory,
// without a word. An empty value is most often a shell variable that is not set, a mistake to
// point out rather than to read as "none".
func emptyFlags(fs *flag.FlagSet) []string {
	var msgs []string
	fs.Visit(func(f *flag.Flag) {
		getter, ok := f.Value.(flag.Getter)
		if !ok {
			return
		}
		if v, ok := getter.Get().(string); !ok || v != "" {
			return
		}
		advice, ok := emptyAdvice[f.Name]
		if !ok {
			advice = fmt.Sprintf("give a value, or leave -%s out", f.Name)
		}
		msgs = append(msgs, fmt.Sprintf("-%s is given an empty value; %s", f.Name, advice))
	})
	return msgs
}

// printSignatureChanges says how RegisterTools' and DispatchACP's parameters changed, if they
// did: nothing else tells the user why code elsewhere that calls them no longer compiles.
func printSignatureChanges(stdout io.Writer, res *scaffold.Result) {
	for _, c := range res.SignatureChanges {
		fmt.Fprintln(stdout, "cardgen new:", c)
	}
}

// report prints a refusal or failure: every problem, or the generator's diagnostics relative to
// the working directory as the go command prints them.
func report(stderr io.Writer, err error) int {
	var probs scaffold.Problems
	var diags gen.Diagnostics
	wd, _ := os.Getwd()
	switch {
	case errors.As(err, &probs):
		for _, p := range probs {
			fmt.Fprintln(stderr, "cardgen new:", p)
		}
	case errors.As(err, &diags):
		// The scaffold is undone: a position below is in a file of the package as it is now, and
		// Apply has named what was in the files it created instead.
		fmt.Fprintln(stderr, "cardgen new: the package does not generate with the new tool, so the scaffold is undone and nothing was left behind; fix what is below, then run cardgen new again:")
		printDiagnostics(stderr, "new", wd, diags)
	default:
		fmt.Fprintln(stderr, "cardgen new:", err)
	}
	return 1
}

// uiFolderGiven finds a folder given to cardgen new's -ui, which takes none (in generation and
// check, -ui names the folder): -ui=views, or -ui followed by a word that parseArgs took for a
// second tool name (names holds those it took).
//
// Only a word that could be a folder (gen.CleanUIDir takes it) is named: another one is no folder
// the hint could tell to put on a //go:generate line.
func uiFolderGiven(args, names []string) (string, bool) {
	for _, s := range flagscan.Find(args, "ui", true) {
		folder := s.Value
		switch {
		case s.Inline:
			if _, err := strconv.ParseBool(folder); err == nil {
				continue
			}
		case s.Index+1 < len(args) && len(names) > 1 && slices.Contains(names, args[s.Index+1]):
			folder = args[s.Index+1]
		default:
			continue
		}
		if _, err := gen.CleanUIDir(folder); err == nil {
			return folder, true
		}
	}
	return "", false
}

// uiFolderHint says where cardgen new's view goes, for a -ui given a folder.
func uiFolderHint(folder string) string {
	return fmt.Sprintf("-ui takes no folder here: it adds a view in the package's ui folder, the -ui of its //go:generate line for cardgen (else %s); if %q is meant as the folder, leave it out, and name the folder on the //go:generate line (go tool cardgen -ui %s) if it is not %s", scaffold.UIDir, folder, folder, scaffold.UIDir)
}
