package main

import (
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/cardgen/cardgen/gen"
	"github.com/cardgen/cardgen/gen/scaffold"
)

// runtimeModules are the modules the generated code imports packages of.
var runtimeModules = []string{"github.com/cardgen/cardgen", "github.com/modelcontextprotocol/go-sdk"}

// A firstGeneration is a module with packages this run generates for the first time (their
// generated file was missing).
type firstGeneration struct {
	goMod string
	dirs  []string // the packages' directories
}

// firstGenerations are the modules with a package this run generates for the first time, once
// each; stale is gen.StaleFiles(res.Files).
func firstGenerations(res *gen.Result, stale []gen.StaleFile) []firstGeneration {
	goMod := map[string]string{} // package directory → its go.mod
	for _, p := range res.Packages {
		goMod[p.Dir] = p.GoMod
	}
	var mods []firstGeneration
	for _, f := range stale {
		m := goMod[filepath.Dir(f.Path)]
		if f.Why != gen.Missing || filepath.Base(f.Path) != gen.GeneratedFile || m == "" {
			continue
		}
		i := slices.IndexFunc(mods, func(g firstGeneration) bool { return g.goMod == m })
		if i < 0 {
			mods, i = append(mods, firstGeneration{goMod: m}), len(mods)
		}
		mods[i].dirs = append(mods[i].dirs, filepath.Dir(f.Path))
	}
	return mods
}

// hintRequirements says, for each module of mods, when it does not have the modules the
// generated code imports in its build list yet — the state of a module that runs cardgen with
// go run …@version and has not used its runtime before. The build would fail with the go
// command's own advice (go get each package), which is not enough there: the runtime's imports
// need go.sum entries too. go mod tidy, run with the generated files in place, adds everything.
// It asks the go command (go list -m), which knows about replace directives and workspaces; that
// costs a go command run, so it is done only for modules with a package generated for the first
// time.
//
// A module that has the runtime in its build list may still need go.mod changed: go get -tool
// lists what cardgen's command needs, while the runtime packages the generated code imports need
// more modules (goldmark, go-cmp), without which every build stops with "updates to go.mod
// needed". So when the runtime's modules are there, the new packages are listed with their
// dependencies, their tests' included (go list -deps -test), as go vet and go test would.
//
// In a vendored build (go.mod says go 1.14 or later and the module has a vendor directory, or
// GOFLAGS holds -mod=vendor) the go command reads only what vendor/modules.txt lists: go list -m
// says a module it does not list "can't resolve module using the vendor directory", and the
// packages' listing that a package the vendor directory lacks is "disabled by -mod=vendor". The
// module then needs its vendor directory made again after go mod tidy, and the hint says so.
func hintRequirements(stderr io.Writer, wd string, mods []firstGeneration) {
	for _, m := range mods {
		goMod, modDir := m.goMod, filepath.Dir(m.goMod)
		cmd := exec.Command("go", append([]string{"list", "-m"}, runtimeModules...)...)
		cmd.Dir = modDir
		var out bytes.Buffer
		cmd.Stderr = &out
		if cmd.Run() == nil {
			if msg, vendored := needsTidy(modDir, m.dirs); msg != "" {
				what := gen.RelativeTo(wd, goMod) + " is tidied"
				if vendored {
					what += " and its vendor directory made again"
				}
				fmt.Fprintf(stderr, "cardgen: the generated code builds only once %s (%s); %s\n", what, msg, tidyAdvice(wd, modDir, vendored))
			}
			continue
		}
		var missing []string
		for _, m := range runtimeModules {
			if strings.Contains(out.String(), "module "+m+": not a known dependency") ||
				strings.Contains(out.String(), "module "+m+": can't resolve module using the vendor directory") {
				missing = append(missing, m)
			}
		}
		if len(missing) == 0 {
			continue // go could not say; the build will
		}
		fmt.Fprintf(stderr, "cardgen: the generated code imports packages of %s, which %s does not require yet; %s\n",
			strings.Join(missing, " and "), gen.RelativeTo(wd, goMod), tidyAdvice(wd, modDir, scaffold.VendoredBuild(out.String())))
	}
}

// tidyAdvice says what to run, from wd, to tidy the module in modDir: go mod tidy, and in a
// vendored build the command that makes the vendor directory again after it (go mod vendor, or
// go work vendor in a workspace). go mod tidy tidies the module of the directory it runs in; from
// outside that module (a workspace's root) it finds no go.mod, or another one, so the advice then
// starts with a cd.
func tidyAdvice(wd, modDir string, vendored bool) string {
	line := "go mod tidy"
	if vendored {
		line += " && " + scaffold.VendorCommand(modDir)
	}
	if gen.RelativeTo(modDir, wd) == wd {
		return "run " + line + " in that module: cd " + gen.ShellQuote(gen.RelativeTo(wd, modDir)) + " && " + line
	}
	return "run " + line
}

// needsTidy lists the packages in dirs with their dependencies, from the module in modDir, as a
// build would; it returns the go command's complaint when that is a go.mod or go.sum the
// generated code needs changed (which go mod tidy makes), or a vendored build's vendor directory
// that lacks what the generated code imports (vendored is then true), and "" otherwise: the
// packages list, or fail for another reason, which the build reports in its own words.
func needsTidy(modDir string, dirs []string) (complaint string, vendored bool) {
	args := append([]string{"list", "-deps", "-test"}, dirs...) // -test: the generated test's imports too
	cmd := exec.Command("go", args...)
	cmd.Dir = modDir
	var out bytes.Buffer
	cmd.Stderr = &out
	switch {
	case cmd.Run() == nil:
		return "", false
	case scaffold.VendoredBuild(out.String()):
		return vendorComplaint(out.String()), true
	case strings.Contains(out.String(), "go mod tidy"):
		return tidyComplaint(out.String()), false
	}
	return "", false
}

// vendorComplaint is the go command's first complaint in its stderr about what a vendored build
// lacks, without its position (a file of the package, named relative to the module's directory
// rather than the user's) or the go command's prefixes: "cannot find module providing package
// github.com/cardgen/cardgen/runtime/register: import lookup disabled by -mod=vendor".
func vendorComplaint(stderr string) string {
	for line := range strings.Lines(stderr) {
		line = strings.TrimSpace(line)
		if !scaffold.VendoredBuild(line) {
			continue
		}
		line = strings.TrimPrefix(line, "go: ")
		line = strings.TrimPrefix(line, "can't load test package: ")
		return goPosition.ReplaceAllString(line, "")
	}
	return "the vendor directory lacks packages the generated code imports"
}

// goPosition matches the position that starts a line of the go command's (cards_gen.go:10:2: ).
var goPosition = regexp.MustCompile(`^[^\s:]+\.go:\d+:\d+: `)

// tidyComplaint is the go command's complaint in its stderr, which asks for go mod tidy: the line
// with the advice, without it. Lines before it may be progress ("go: downloading …" on a cold
// module cache).
func tidyComplaint(stderr string) string {
	for line := range strings.Lines(stderr) {
		line = strings.TrimSpace(line)
		if msg, _, ok := strings.Cut(line, "; to "); ok { // "; to update it:", "; to add:": the advice given here
			return strings.TrimPrefix(msg, "go: ")
		}
	}
	return "go.mod or go.sum needs changes"
}
