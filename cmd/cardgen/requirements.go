package main

import (
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cardgen/cardgen/gen"
)

// runtimeModules are the modules the generated code imports packages of.
var runtimeModules = []string{"github.com/cardgen/cardgen", "github.com/modelcontextprotocol/go-sdk"}

// firstGenerations are the go.mod files of the modules with a package this run generates for
// the first time (its generated file is missing), once each; stale is gen.StaleFiles(res.Files).
func firstGenerations(res *gen.Result, stale []gen.StaleFile) []string {
	goMod := map[string]string{} // package directory → its go.mod
	for _, p := range res.Packages {
		goMod[p.Dir] = p.GoMod
	}
	var mods []string
	for _, f := range stale {
		if m := goMod[filepath.Dir(f.Path)]; f.Why == gen.Missing && filepath.Base(f.Path) == gen.GeneratedFile && m != "" && !slices.Contains(mods, m) {
			mods = append(mods, m)
		}
	}
	return mods
}

// hintRequirements says, for each module of goMods, when it does not have the modules the
// generated code imports in its build list yet — the state of a module that runs cardgen with
// go run …@version and has not used its runtime before. The build would fail with the go
// command's own advice (go get each package), which is not enough there: the runtime's imports
// need go.sum entries too. go mod tidy, run with the generated files in place, adds everything.
// It asks the go command (go list -m), which knows about replace directives and workspaces; that
// costs a go command run, so it is done only for modules with a package generated for the first
// time.
func hintRequirements(stderr io.Writer, wd string, goMods []string) {
	for _, goMod := range goMods {
		cmd := exec.Command("go", append([]string{"list", "-m"}, runtimeModules...)...)
		cmd.Dir = filepath.Dir(goMod)
		var out bytes.Buffer
		cmd.Stderr = &out
		if cmd.Run() == nil {
			continue
		}
		var missing []string
		for _, m := range runtimeModules {
			if strings.Contains(out.String(), "module "+m+": not a known dependency") {
				missing = append(missing, m)
			}
		}
		if len(missing) == 0 {
			continue // go could not say; the build will
		}
		// go mod tidy tidies the module of the directory it runs in; from outside that module (a
		// workspace's root) it finds no go.mod, or another one.
		tidy := "run go mod tidy"
		if modDir := filepath.Dir(goMod); gen.RelativeTo(modDir, wd) == wd {
			tidy = "run go mod tidy in that module: cd " + gen.RelativeTo(wd, modDir) + " && go mod tidy"
		}
		fmt.Fprintf(stderr, "cardgen: the generated code imports packages of %s, which %s does not require yet; %s\n",
			strings.Join(missing, " and "), gen.RelativeTo(wd, goMod), tidy)
	}
}
