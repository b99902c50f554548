package main

import (
	"errors"
	"flag"
	"fmt"
	"go/build"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/cardgen/cardgen/annotations"
	"github.com/cardgen/cardgen/gen"
	"github.com/cardgen/cardgen/internal/flagscan"
)

// commands are cardgen's subcommands, which come first on the command line.
var commands = []string{"check", "new", "help", "version"}

// parseArgs parses fs's flags wherever they stand among args and returns the other arguments
// in order. The flag package stops at the first argument that is not a flag, so
// "cardgen check ./... -json" would take -json for a package (which go/packages refuses as a
// "malformed import path"); no package path or pattern starts with "-", so a flag after the
// packages can only be meant as a flag.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return rest, nil
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// A commandFlagSet makes the flag set of one command ("" is generation).
type commandFlagSet struct {
	command string
	flags   func() *flag.FlagSet
}

// commandFlags makes the flag set of each of cardgen's commands that take flags ("" is
// generation), in the order the hint at a flag given to the wrong command tries them: the hint
// looks the flag up in the commands' own flag sets, so it cannot fall behind them.
var commandFlags = []commandFlagSet{
	{"", func() *flag.FlagSet { fs, _, _ := generationFlags(io.Discard); return fs }},
	{"check", func() *flag.FlagSet { fs, _, _ := checkFlags(io.Discard); return fs }},
	{"new", func() *flag.FlagSet { fs, _, _ := newFlags(io.Discard); return fs }},
}

// goBuildFlags are the go command's build flags that change how packages load, which a user may
// give cardgen as they would give go build or go vet, and whether each is a boolean flag.
var goBuildFlags = map[string]bool{"tags": false, "mod": false, "modfile": false, "overlay": false, "ldflags": false,
	"gcflags": false, "asmflags": false, "pgo": false, "buildvcs": false, "race": true, "msan": true, "asan": true, "cover": true, "trimpath": true}

// undefinedFlagRE matches the flag package's error for a flag the command does not define.
var undefinedFlagRE = regexp.MustCompile(`^flag provided but not defined: -+(\S+)$`)

// badFlags is what a command does when its flags do not parse: the flag package has printed the
// error and the usage, and a flag of the go command or of another cardgen command gets a line on
// what to do. It returns the exit status: 0 for -h, 2 otherwise.
func badFlags(stderr io.Writer, command string, args []string, err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if hint := flagHint(command, args, err); hint != "" {
		fmt.Fprintln(stderr, "cardgen:", hint)
	}
	return 2
}

// flagHint says what to do about an undefined flag that belongs to the go command (cardgen loads
// packages with it, and it reads those flags from GOFLAGS; -modfile and -overlay cannot reach the
// load that way, and are told what to do instead) or to another cardgen command; "" for any other
// error.
func flagHint(command string, args []string, err error) string {
	m := undefinedFlagRE.FindStringSubmatch(err.Error())
	if m == nil {
		return ""
	}
	name := m[1]
	if isBool, ok := goBuildFlags[name]; ok {
		value, given := "", false
		if found := flagscan.Find(args, name, isBool); len(found) > 0 && (found[0].Inline || found[0].Words == 2) {
			value, given = found[0].Value, true
		}
		switch name {
		case "modfile": // GOFLAGS cannot carry it either
			return "-modfile is a flag of the go command, and " + modfileAdvice(value, "leave it out", commandName(command)+" "+commandArgs[command])
		case "overlay":
			return "-overlay is a flag of the go command, and cardgen cannot take one: it generates from the package files on disk, " +
				"and loads them with an -overlay of its own, which replaces one in GOFLAGS; save the files, then run " + commandName(command)
		}
		setting := "-" + name
		if given {
			setting += "=" + value
		}
		if os.Getenv("GOFLAGS") != "" {
			setting = `"$GOFLAGS ` + setting + `"` // keep the user's own
		}
		return fmt.Sprintf("-%s is a flag of the go command, which cardgen runs to load the packages; set it in GOFLAGS instead: GOFLAGS=%s %s %s",
			name, setting, commandName(command), commandArgs[command])
	}
	for _, c := range commandFlags {
		if other := c.command; other != command && c.flags().Lookup(name) != nil {
			if other == "" {
				return fmt.Sprintf("-%s is a flag of generation (cardgen -%s [packages]), not of %s; leave it out", name, name, commandName(command))
			}
			return fmt.Sprintf("-%s is a flag of %s, not of %s; did you mean %s?", name, commandName(other), commandName(command), commandName(other))
		}
	}
	return ""
}

// modfileAdvice says that cardgen cannot load packages with the alternate go.mod file (a -modfile
// flag's value; "" when not known) and what to do instead: leave says how to leave the flag out,
// and run is the cardgen command line the user ran, for the example. cardgen loads packages with
// go/packages, which first runs the go command outside module mode (GO111MODULE=off, to learn
// its version whatever state go.mod is in), and the go command refuses -modfile there: "build
// flag -modfile only valid when using modules" (golang/go#48482; stringer and every other
// go/packages tool fail the same way).
func modfileAdvice(file, leave, run string) string {
	if file == "" {
		file = "FILE"
	}
	return "cardgen cannot load packages with an alternate go.mod (go/packages fails with -modfile: golang/go#48482); " +
		leave + ", and cardgen uses the module's go.mod: if " + file + " names cardgen as a tool, give it to the go command " +
		"that runs cardgen instead (go tool -modfile=" + file + " " + run + "); if the packages need its replace directives, " +
		"put them in a go.work file that uses the module (GOWORK=$PWD/alt.work " + run + ")"
}

// goflagsModfile says, when the GOFLAGS of the environment hold -modfile=FILE, that cardgen cannot
// use it and what to do instead, in one line; run is the cardgen command line, as in
// modfileAdvice. Without it, the load failed with the go command's "go list .: build flag
// -modfile only valid when using modules", which says nothing of cardgen or of what to do. Only
// the environment is read: go env -w could put -modfile in the go command's configuration file
// too, but a file named relative to a module belongs to one run, not to every module.
func goflagsModfile(run string) string {
	fields := strings.Fields(os.Getenv("GOFLAGS"))
	found := flagscan.Find(fields, "modfile", false)
	if len(found) == 0 || !found[0].Inline {
		return "" // a -modfile without =FILE is the go command's to report: GOFLAGS takes -flag=value
	}
	var rest []string
	for i, f := range fields {
		if !slices.ContainsFunc(found, func(s flagscan.Setting) bool { return s.Index == i }) {
			rest = append(rest, f)
		}
	}
	unset := "GOFLAGS=" + strings.Join(rest, " ")
	if len(rest) > 1 {
		unset = `GOFLAGS="` + strings.Join(rest, " ") + `"`
	}
	return fmt.Sprintf("GOFLAGS holds -modfile=%s, and %s", found[0].Value,
		modfileAdvice(found[0].Value, "leave it out of GOFLAGS ("+unset+" "+run+")", run))
}

// commandArgs are the arguments of each command that takes flags, as its usage names them.
var commandArgs = map[string]string{"": "[packages]", "check": "[packages]", "new": "<tool_name>"}

// commandName is a command of cardgen's as it starts on the command line ("" is generation).
func commandName(command string) string {
	if command == "" {
		return "cardgen"
	}
	return "cardgen " + command
}

// packagePatterns turns the package arguments of the command line into go/packages patterns, in
// which a .go file stands for the package of its directory.
//
// go/packages, like the go command, loads named .go files as a package of their own,
// "command-line-arguments", made of those files alone. For cardgen that is never what is meant:
// //go:generate cardgen $GOFILE would regenerate the package from one file, dropping the tools
// the other files declare (or deleting the generated files when that file declares none, as a
// doc.go holding the go:generate line does), and the schemas would lose the import path their
// $id is made of. The generated files belong to the whole package, so cardgen generates the whole
// package.
//
// An argument ending in .go that is not a file is a file name all the same when it could not be
// an import path of a module (a bare name, or a path whose first element has no dot) — it is
// reported as missing rather than looked up in the standard library — and is left to go/packages
// otherwise: github.com/nats-io/nats.go is a package.
//
// Every argument refused is an error of its own, and the patterns of the others
// are returned with them, so that a run reports the problems of the packages it can load too.
func packagePatterns(args []string) ([]string, []error) {
	var pats []string
	var errs []error
	for _, arg := range args {
		pat := arg
		if strings.HasSuffix(arg, ".go") && !strings.Contains(arg, "...") {
			info, err := os.Stat(arg)
			switch {
			case err == nil && !info.IsDir():
				pat = dirPattern(filepath.Dir(arg))
			case err != nil && looksLikeFile(arg):
				errs = append(errs, fmt.Errorf("%s: no such file; name a .go file of the package, its directory (./dir) or a package pattern (./...)", arg))
				continue
			}
		}
		if dir, ok := localDir(pat); ok {
			// The go command says "stat /abs/path: directory not found" or "lstat ./x/: no such
			// file or directory", with no word of what to do.
			if info, err := os.Stat(dir); err != nil || !info.IsDir() {
				what := "no such directory"
				if err == nil {
					what = "not a directory"
				}
				errs = append(errs, fmt.Errorf("%s: %s; name a package directory (./dir), a package pattern (./...) or a .go file of the package", arg, what))
				continue
			}
		}
		if !slices.Contains(pats, pat) {
			pats = append(pats, pat)
		}
	}
	return pats, errs
}

// localDir is the directory that pat names when it is a directory pattern (./dir, ../dir, /dir,
// each optionally with ... in it), which go/packages reads as a path on disk rather than an
// import path. With ..., the directory is what comes before the element that holds it:
// ./cmd/... and ./cmd/shop... both start from ./cmd.
func localDir(pat string) (string, bool) {
	slash := filepath.ToSlash(pat)
	if !filepath.IsAbs(pat) && !build.IsLocalImport(slash) {
		return "", false
	}
	if before, _, wild := strings.Cut(slash, "..."); wild {
		slash = before[:strings.LastIndex(before, "/")+1]
	}
	return filepath.FromSlash(slash), true
}

// dirPattern is the pattern of the package in dir: go/packages reads "sub" as an import path,
// "./sub" as a directory.
func dirPattern(dir string) string {
	if filepath.IsAbs(dir) || build.IsLocalImport(filepath.ToSlash(dir)) {
		return dir
	}
	return "." + string(filepath.Separator) + dir
}

// looksLikeFile reports whether arg, which ends in .go, cannot be the import path of a package
// in a module: a module path's first element has a dot (example.com/…), a file name's has not.
func looksLikeFile(arg string) bool {
	if filepath.IsAbs(arg) || build.IsLocalImport(filepath.ToSlash(arg)) {
		return true
	}
	first, _, found := strings.Cut(filepath.ToSlash(arg), "/")
	return !found || !strings.Contains(first, ".")
}

// commandHint is what to tell a user whose run did not load its arguments, when the first of
// them is a bare word: cardgen takes such a word for a package (an import path of the standard
// library, to go/packages), though it is more likely a mistyped command — or a command written
// after a flag, or a directory written without "./". It is "" for anything else.
//
// With more arguments (cardgen chek ./...), any of them may be the one that did not load, so the
// hint is only for a first word that is no package at all (commandWordOnly) and is a command or
// close to one; the directory and the catch-all hints are for a word on its own.
func commandHint(args []string) string {
	if len(args) == 0 {
		return ""
	}
	word := args[0]
	if word == "" || strings.ContainsAny(word, `./\`) {
		return ""
	}
	alone := len(args) == 1
	if slices.Contains(commands, word) {
		if !alone && !commandWordOnly(word) {
			return ""
		}
		return fmt.Sprintf("%q was taken for a package because a flag comes before it; write the command first: cardgen %s [flags]", word, word)
	}
	if s := annotations.DidYouMean(word, commands); s != "" {
		if !alone && !commandWordOnly(word) {
			return ""
		}
		return fmt.Sprintf("%q is not a cardgen command or a package; did you mean cardgen %s?", word, s)
	}
	if !alone {
		return ""
	}
	if info, err := os.Stat(word); err == nil && info.IsDir() {
		return fmt.Sprintf("%q is read as an import path, not as the directory %s; write ./%s", word, word, word)
	}
	return fmt.Sprintf("%q is not a cardgen command (%s) or a package; name a package by its directory (./dir) or a pattern (./...)", word, strings.Join(commands, ", "))
}

// goMetaPatterns are the words the go command reads as patterns of many packages.
var goMetaPatterns = []string{"all", "std", "cmd", "tool", "work"}

// commandWordOnly reports whether word, a bare word given before other package arguments, can
// only have been meant as a command: it is no pattern the go command knows (a meta-pattern such
// as all), no directory here (which the user may have meant as ./word), and no package the go
// command finds by that import path — a standard package such as net, one word from "new", or
// the root package of a module named with one word (go mod init chek). It asks go/build, which
// runs go list for a path outside the standard library; that cost is paid only on a failed run
// whose first word is close to a command.
func commandWordOnly(word string) bool {
	if slices.Contains(goMetaPatterns, word) {
		return false
	}
	if _, err := os.Stat(word); err == nil {
		return false
	}
	wd, err := os.Getwd()
	if err != nil {
		return false
	}
	_, err = build.Default.Import(word, wd, build.FindOnly)
	return err != nil
}

// loadFailed reports whether a failed run failed to find its packages rather than finding
// problems in them: a load error, or diagnostics from the go command alone, which have no
// position ("package chek is not in std").
func loadFailed(err error) bool {
	var diags gen.Diagnostics
	if !errors.As(err, &diags) {
		return true
	}
	for _, d := range diags {
		if d.Pos.Filename != "" {
			return false
		}
	}
	return true
}

// checkWritable makes sure that each directory in which the run would write or remove a file
// can be written, before anything is written: a read-only package found halfway would leave the
// run half done, some packages regenerated and others not. It creates and removes a file in
// each such directory, which is what writing a file (a temporary file, then rename) needs.
func checkWritable(wd string, stale []gen.StaleFile) error {
	var dirs []string
	for _, f := range stale {
		dir := filepath.Dir(f.Path)
		if slices.Contains(dirs, dir) {
			continue
		}
		dirs = append(dirs, dir)
		probe, err := os.CreateTemp(dir, ".cardgen-probe*")
		if err != nil {
			verb := "write"
			if f.Why == gen.Unwanted {
				verb = "remove"
			}
			return fmt.Errorf("cannot %s %s: %v; make its directory writable and run cardgen again (nothing was written)",
				verb, gen.RelativeTo(wd, f.Path), cause(err))
		}
		probe.Close()
		os.Remove(probe.Name())
	}
	return nil
}

// cause is err without the file name of an *fs.PathError, for messages that name the file
// cardgen means rather than a temporary one.
func cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
