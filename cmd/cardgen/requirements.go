package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/cardgen/cardgen/gen"
)

// runtimeModules are the modules the generated code imports packages of.
var runtimeModules = []string{"github.com/cardgen/cardgen", "github.com/modelcontextprotocol/go-sdk"}

// firstGenerations are the directories of the packages whose generated file does not exist yet:
// the packages this run generates for the first time.
func firstGenerations(files []gen.File) []string {
	var dirs []string
	for _, f := range files {
		if f.Remove || filepath.Base(f.Path) != gen.GeneratedFile {
			continue
		}
		if _, err := os.Stat(f.Path); os.IsNotExist(err) {
			dirs = append(dirs, filepath.Dir(f.Path))
		}
	}
	return dirs
}

// hintRequirements says, for each of dirs, when its module does not have the modules the
// generated code imports in its build list yet — the state of a module that runs cardgen with
// go run …@version and has not used its runtime before. The build would fail with the go
// command's own advice (go get each package), which is not enough there: the runtime's imports
// need go.sum entries too. go mod tidy, run with the generated files in place, adds everything.
// It asks the go command (go list -m), which knows about replace directives and workspaces; that
// costs a go command run, so it is done only for packages generated for the first time.
func hintRequirements(stderr io.Writer, wd string, dirs []string) {
	asked := map[string]bool{} // go.mod files: one answer per module
	for _, dir := range dirs {
		goMod := findGoMod(dir)
		if goMod == "" || asked[goMod] {
			continue
		}
		asked[goMod] = true
		cmd := exec.Command("go", append([]string{"list", "-m"}, runtimeModules...)...)
		cmd.Dir = dir
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
		fmt.Fprintf(stderr, "cardgen: the generated code imports packages of %s, which %s does not require yet; run go mod tidy\n",
			strings.Join(missing, " and "), gen.RelativeTo(wd, goMod))
	}
}

// findGoMod is the go.mod of the module dir is in, or "" when there is none.
func findGoMod(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return filepath.Join(d, "go.mod")
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}
