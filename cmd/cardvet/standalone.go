package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"

	"github.com/cardgen/cardgen/gen"
	"github.com/cardgen/cardgen/gen/analyzer"
	"github.com/cardgen/cardgen/internal/gostub"
)

// A run of cardvet on package patterns is two processes. The first (standalone) lists the
// packages, writes an overlay for the go command and runs cardvet again with it (loadEnv set),
// which loads and analyses the packages through singlechecker as before; the first one then
// shortens the positions the second one prints, as go vet does, and exits with its status.
//
// Why: singlechecker's loader (go/packages) asks "go list -export" for export data, and the go
// command compiles every package it lists to make it, the packages analysed included, whose
// export data a load with syntax never reads (their types are checked from source). After an
// edit that compile misses the build cache, and with cardgen's generated file (about 5 KB a
// tool) it was nearly all of a run: 15 s of CPU for a package of 500 tools where go vet
// -vettool=cardvet, which compiles nothing of the package, took 0.5 s. With the overlay the go
// command compiles each analysed package's files cut to their package clause and imports, which
// costs nothing after the first run (the stubs do not change when a body does), while
// go/packages still parses and type-checks the files as they are on disk. The second process
// also loads without test variants (-test=false, unless -test is given), which the go command
// compiled again too and whose diagnostics cardvet left out anyway (oncePerFile).

// loadEnv, set in the environment of the cardvet that standalone runs, sends it straight to
// singlechecker.
const loadEnv = "CARDVET_STUBBED_LOAD"

// standalone runs cardvet on the package patterns among args (os.Args without the program) as
// described above and returns its exit status. ok is false when args are not a run on package
// patterns (none, -flags, -V, -help, a flag the driver would refuse), which singlechecker then
// handles as before: its usage and flag errors are its own.
func standalone(args []string) (code int, ok bool) {
	fs := driverFlags()
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		return help(args), true
	} else if err != nil || fs.NArg() == 0 {
		return 0, false
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["flags"] || set["V"] {
		return 0, false
	}
	patterns := fs.Args()
	childArgs := args
	stub := true
	if set["test"] {
		// Test variants compile the package's own files with its _test.go files, which the
		// stubs would leave without the declarations they use.
		stub = fs.Lookup("test").Value.String() == "false"
	} else {
		childArgs = append([]string{"-test=false"}, args...)
	}
	cwd, err := os.Getwd()
	if err != nil {
		return 0, false
	}
	exe, err := os.Executable()
	if err != nil {
		return 0, false
	}
	env := append(os.Environ(), loadEnv+"=1")
	var cured string // the file the other process names the type errors generation cures in
	if set["fix"] && fs.Lookup("fix").Value.String() == "true" {
		if f, err := os.CreateTemp("", "cardvet-cured"); err == nil {
			f.Close()
			cured = f.Name()
			defer os.Remove(cured)
			env = append(env, curedEnv+"="+cured)
		}
	}
	if goflags := os.Getenv("GOFLAGS"); stub && !strings.Contains(goflags, "overlay") {
		// A failed listing or overlay only costs the time it would have saved: the second
		// process loads without it, as cardvet did before, and reports what went wrong.
		if pkgs, err := listPackages(cwd, patterns); err == nil {
			if stubs := packageStubs(pkgs); len(stubs) > 0 {
				if flag, cleanup, err := writeOverlay(stubs); err == nil {
					defer cleanup()
					env = append(env, "GOFLAGS="+strings.TrimSpace(goflags+" "+flag))
				}
			}
		}
	}
	cmd := exec.Command(exe, childArgs...)
	cmd.Env = env
	cmd.Stdin, cmd.Stdout = os.Stdin, os.Stdout // -json and -diff go to standard output as they are
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return 0, false
	}
	if err := cmd.Start(); err != nil {
		return 0, false
	}
	// An interrupt reaches both processes; this one waits for the other to end, to remove the
	// overlay. A termination sent to this one alone is passed on.
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(signals)
	go func() {
		for s := range signals {
			_ = cmd.Process.Signal(s)
		}
	}()
	if cured == "" {
		shortenPositions(os.Stderr, stderr)
		return exitCode(cmd.Wait()), true
	}
	// With -fix, what the other process prints is known to be cured only once it is done.
	out, _ := io.ReadAll(stderr)
	code = exitCode(cmd.Wait())
	rest, dropped := withoutCured(out, readCured(cured), cwd)
	shortenPositions(os.Stderr, bytes.NewReader(rest))
	if code == 1 && dropped && len(bytes.TrimSpace(rest)) == 0 {
		// The driver exits 1 for a type error (and for a fix it could not apply, a package it
		// could not load, each of which it prints): the run failed for the cured ones alone.
		return 0, true
	}
	return code, true
}

// exitCode is the exit status of standalone for the error of the process it ran.
func exitCode(err error) int {
	if ee, isExit := errors.AsType[*exec.ExitError](err); isExit {
		if code := ee.ExitCode(); code > 0 {
			return code
		}
		return 1 // killed by a signal
	} else if err != nil {
		fmt.Fprintf(os.Stderr, "cardvet: %v\n", err)
		return 1
	}
	return 0
}

// help prints the driver's usage, as singlechecker prints it for -h and -help, with what is
// cardvet's own: its name (the driver names the analyzer, "cardgen") and the default of -test,
// which the driver gives as true, and which cardvet on its own turns off (standalone). It
// returns the exit status.
func help(args []string) int {
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "cardvet: %v\n", err)
		return 1
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), loadEnv+"=1")
	var usage bytes.Buffer
	cmd.Stderr = &usage
	err = cmd.Run()
	text := strings.Replace(usage.String(), "Usage: "+analyzer.Analyzer.Name+" ", "Usage: cardvet ", 1)
	text = strings.Replace(text, "indicates whether test files should be analyzed, too (default true)",
		"indicates whether test files should be analyzed, too (default false; under go vet, go vet decides)", 1)
	io.WriteString(os.Stderr, text)
	if ee, ok := errors.AsType[*exec.ExitError](err); ok {
		return max(ee.ExitCode(), 1)
	} else if err != nil {
		fmt.Fprintf(os.Stderr, "cardvet: %v\n", err)
		return 1
	}
	return 0
}

// driverFlags returns a flag set with the flags singlechecker.Main defines (the analyzer's, the
// driver's and the legacy ones it keeps), to find the package patterns among cardvet's arguments
// as singlechecker will read them. TestDriverFlags holds it to the flags cardvet -flags lists.
func driverFlags() *flag.FlagSet {
	fs := flag.NewFlagSet("cardvet", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	analyzer.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		fs.Var(f.Value, f.Name, f.Usage) // this process never runs the analyzer
	})
	for _, name := range []string{"json", "fix", "diff", "test", "flags", "V", "source", "v", "all"} {
		fs.Bool(name, false, "")
	}
	for _, name := range []string{"tags", "debug", "cpuprofile", "memprofile", "trace"} {
		fs.String(name, "", "")
	}
	fs.Int("c", -1, "")
	return fs
}

// A listedPackage is what go list says of a package, as much as packageStubs needs.
type listedPackage struct {
	ImportPath string
	Dir        string
	Standard   bool
	DepOnly    bool
	GoFiles    []string
	Imports    []string
	Error      *struct{ Err string }
	// Files the go command compiles or assembles with the Go files, from their declarations
	// (cgo's, go_asm.h): such a package is compiled as it is.
	CgoFiles, CFiles, CXXFiles, MFiles, HFiles, FFiles []string
	SFiles, SwigFiles, SwigCXXFiles, SysoFiles         []string
}

// listPackages lists the packages patterns match, and all they import, as the second process's
// go/packages will (without tests), in dir. It compiles nothing.
func listPackages(dir string, patterns []string) ([]listedPackage, error) {
	cmd := exec.Command("go", append([]string{"list", "-e", "-deps", "-json=ImportPath,Dir,Standard,DepOnly,GoFiles," +
		"CgoFiles,CFiles,CXXFiles,MFiles,HFiles,FFiles,SFiles,SwigFiles,SwigCXXFiles,SysoFiles,Imports,Error", "--"}, patterns...)...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v: %s", err, stderr.Bytes())
	}
	var pkgs []listedPackage
	for dec := json.NewDecoder(bytes.NewReader(out)); ; {
		var p listedPackage
		if err := dec.Decode(&p); err == io.EOF {
			return pkgs, nil
		} else if err != nil {
			return nil, err
		}
		pkgs = append(pkgs, p)
	}
}

// packageStubs returns the overlay that has the go command compile each package the patterns
// matched as its Go files' headers, package clauses and imports: path → content.
//
// Such a package's export data, which go/packages asks for and never reads (it type-checks the
// package from source), lacks every declaration; so a package is compiled as it is when one
// that the patterns did not match imports it (cardvet ./cmd/server ./tools, where ./cmd/server
// imports ./wiring, which calls tools.RegisterTools), as that one is compiled against it. So is
// a package of the standard library, and one with cgo, assembly or other non-Go files, which
// are built from the Go declarations. The header (up to the package clause) keeps the build
// constraints and the package's name, and the imports, each made blank, keep the packages the
// go command lists and compiles for the load (a package main needs no func main: only the
// linker asks for one): gostub.File, which leaves a file with a //go:embed directive as it is.
func packageStubs(pkgs []listedPackage) map[string][]byte {
	importedByOthers := map[string]bool{}
	for _, p := range pkgs {
		if p.DepOnly {
			for _, imp := range p.Imports {
				importedByOthers[imp] = true
			}
		}
	}
	stubs := map[string][]byte{}
	for _, p := range pkgs {
		if p.DepOnly || p.Standard || p.Error != nil || importedByOthers[p.ImportPath] || len(p.GoFiles) == 0 ||
			len(p.CgoFiles)+len(p.CFiles)+len(p.CXXFiles)+len(p.MFiles)+len(p.HFiles)+len(p.FFiles)+
				len(p.SFiles)+len(p.SwigFiles)+len(p.SwigCXXFiles)+len(p.SysoFiles) > 0 {
			continue
		}
		pkgStubs := map[string][]byte{}
		for _, name := range p.GoFiles {
			path := filepath.Join(p.Dir, name)
			src, err := os.ReadFile(path)
			stub, ok := gostub.File(path, src)
			if err != nil || !ok {
				pkgStubs = nil // compiled as it is, which reports what is wrong
				break
			}
			pkgStubs[path] = stub
		}
		for path, stub := range pkgStubs {
			stubs[path] = stub
		}
	}
	return stubs
}

// writeOverlay writes files (path → content) into a temporary directory with the go command's
// -overlay JSON that names them, and returns the flag as GOFLAGS takes it.
func writeOverlay(files map[string][]byte) (goflag string, cleanup func(), err error) {
	dir, err := os.MkdirTemp("", "cardvet-overlay")
	if err != nil {
		return "", nil, err
	}
	cleanup = func() { os.RemoveAll(dir) }
	replace := map[string]string{}
	i := 0
	for path, content := range files {
		stub := filepath.Join(dir, fmt.Sprintf("%d_%s", i, filepath.Base(path)))
		i++
		if err := os.WriteFile(stub, content, 0o644); err != nil {
			cleanup()
			return "", nil, err
		}
		replace[path] = stub
	}
	data, err := json.Marshal(struct{ Replace map[string]string }{replace})
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, "overlay.json"), data, 0o644)
	}
	if err != nil {
		cleanup()
		return "", nil, err
	}
	goflag = "-overlay=" + filepath.Join(dir, "overlay.json")
	// GOFLAGS splits its words at spaces, and reads quotes as the shell does.
	switch {
	case !strings.ContainsAny(goflag, " \t\n'\""):
	case !strings.Contains(goflag, "'"):
		goflag = "'" + goflag + "'"
	case !strings.Contains(goflag, `"`):
		goflag = `"` + goflag + `"`
	default:
		cleanup()
		return "", nil, fmt.Errorf("cannot write %q in GOFLAGS", goflag)
	}
	return goflag, cleanup, nil
}

// position is a position at the start of a line of the driver's text output, after its file
// name: "file:line:col: " or "file:line: ".
var position = regexp.MustCompile(`:[0-9]+(:[0-9]+)?: `)

// shortenPositions copies r to w line by line, writing the file name that starts a line (a
// diagnostic's, or a type error's) relative to the current directory when that is shorter, as
// go vet prints the diagnostics of its tool (base.ShortPath in cmd/go).
func shortenPositions(w io.Writer, r io.Reader) {
	cwd, _ := os.Getwd()
	br := bufio.NewReader(r)
	for {
		line, err := br.ReadString('\n')
		if loc := position.FindStringIndex(line); loc != nil && filepath.IsAbs(line[:loc[0]]) {
			line = gen.ShortPath(cwd, line[:loc[0]]) + line[loc[0]:]
		}
		io.WriteString(w, line)
		if err != nil {
			if err != io.EOF {
				io.Copy(w, r)
			}
			return
		}
	}
}
