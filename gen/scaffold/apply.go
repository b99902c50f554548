package scaffold

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"golang.org/x/mod/modfile"

	"github.com/cardgen/cardgen/gen"
)

// Result is what Apply did.
type Result struct {
	// Created are the files created: the plan's files, then the golden files.
	Created []string
	// Regenerated are cardgen's generated files that were written (created or changed).
	Regenerated []string
	// GenerateLine, when not empty, is the //go:generate line to add to a file of the package:
	// none of its files has a line that runs cardgen, so go generate does not regenerate it, and
	// the package goes stale at the next change to its annotations without a word (only
	// cardgen check would say so). A new package has the line in its doc.go.
	GenerateLine string
	// ToolCommand, when not empty, is the command that names cardgen as a tool of the module:
	// the package's //go:generate line — the new package's doc.go's, or GenerateLine — runs go
	// tool cardgen, which the module's go.mod does not allow yet.
	ToolCommand string
	// SignatureChanges are the changes to the parameters of RegisterTools and DispatchACP that
	// their callers must follow: a new tool that is the first method of its -recv type adds a
	// parameter for the type. Empty when the signatures are as they were, or new.
	SignatureChanges []SignatureChange
}

// toolCommand adds cardgen's command to a module's tool directives; go mod tidy then records the
// requirements and go.sum entries the generator needs to run.
const toolCommand = "go mod edit -tool=" + cardgenCmd

// lacksCardgenTool reports whether the go.mod at path has no tool directive for cardgen.
func lacksCardgenTool(path string) bool {
	data, err := os.ReadFile(path)
	if err != nil {
		return false // no go.mod to speak of; the go command says so elsewhere
	}
	// Parse, not ParseLax: the lax parser keeps only the module, go, require, retract and ignore
	// lines of a dependency's go.mod and drops tool lines, so every module would seem to lack one.
	f, err := modfile.Parse(path, data, nil)
	if err != nil {
		return false
	}
	return !slices.ContainsFunc(f.Tool, func(t *modfile.Tool) bool { return t.Path == cardgenCmd })
}

// Apply writes the plan: it creates the new files (failing rather than replacing one that has
// appeared since the plan was made), regenerates the package with gen.Generate and gen.Write, and
// runs the new tool's golden subtest with -update to write its golden files. That run also checks
// that the package builds and that the example fits its card. On failure it removes every file
// and directory it created and restores the generated files it changed, so the package is as it
// was; the error then carries the generator's diagnostics or the go command's output, in which a
// position in a file Apply created (or regenerated) is replaced by what was there (the scaffolded
// handler GetInvoice in get_invoice.go, which was not kept), as the file is gone. The one
// exception is a module that does not require cardgen's runtime or the SDK yet: the files stay,
// and the error is a *MissingRequirementsError, returned with the Result, that says how to finish.
func (p *Plan) Apply(ctx context.Context) (res *Result, err error) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return nil, fmt.Errorf("cardgen new runs the go command to write the golden files, and it is not on PATH: %w", err)
	}
	for _, g := range p.Golden {
		if exists(g) {
			return nil, fmt.Errorf("%s appeared after the scaffold was planned; cardgen new never overwrites a file", g)
		}
	}
	u := &undo{saved: map[string][]byte{}}
	defer func() {
		var missing *MissingRequirementsError
		if err != nil && !errors.As(err, &missing) {
			if uerr := u.run(); uerr != nil {
				err = fmt.Errorf("%w\n(and undoing the scaffold failed: %v)", err, uerr)
			}
		}
	}()

	res = &Result{}
	for _, f := range p.Files {
		if err := u.mkdirAll(filepath.Dir(f.Path)); err != nil {
			return nil, err
		}
		if err := u.create(f.Path, f.Content); err != nil {
			return nil, err
		}
		res.Created = append(res.Created, f.Path)
	}

	// A cancelled run (Ctrl-C in cardgen new) stops between steps, and the deferred undo removes
	// what it wrote; the golden run below is killed with the context.
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("stopped: %w", err)
	}
	gr, err := gen.Generate(gen.Options{Dir: p.Dir, UIDir: p.UIDir}, ".")
	if err != nil {
		// Positions in the files just created name what was there instead: they are removed
		// before the error reaches anyone.
		var diags gen.Diagnostics
		if errors.As(err, &diags) {
			err = p.scaffolded(diags)
		}
		return nil, fmt.Errorf("generating package %s:\n%w", p.Package, err)
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("stopped: %w", err)
	}
	if len(gr.Packages) > 0 {
		pkg := gr.Packages[0]
		// The generator reads the package's //go:generate lines as go generate does: its test
		// files' and those of files only go generate's build tag keeps count too.
		if !pkg.GenerateLine {
			res.GenerateLine = generateLine
		}
		if (p.NewPackage || res.GenerateLine != "") && lacksCardgenTool(pkg.GoMod) {
			res.ToolCommand = toolCommand
		}
	}
	for _, f := range gr.Files {
		if err := u.save(f.Path); err != nil {
			return nil, err
		}
		if filepath.Base(f.Path) == gen.GeneratedFile && !f.Remove {
			res.SignatureChanges = signatureChanges(u.saved[f.Path], f.Content)
		}
	}
	written, err := gen.Write(gr.Files)
	res.Regenerated = written
	if err != nil {
		return nil, err
	}

	// The golden files do not exist yet (NewPlan checked); testdata/golden may have to be made,
	// and is removed again if the run fails. Whatever files the run adds there are the new
	// tool's, since it runs the new tool's subtest alone.
	goldenDir := filepath.Dir(p.Golden[0])
	if err := u.mkdirAll(goldenDir); err != nil {
		return nil, err
	}
	if u.goldenBefore, err = listDir(goldenDir); err != nil {
		return nil, err
	}
	u.goldenDir = goldenDir
	run := "^TestCardgenGolden$/^" + regexp.QuoteMeta(p.Options.Tool) + "$"
	cmd := exec.CommandContext(ctx, goCmd, "test", "-count=1", "-run", run, ".", "-update")
	cmd.Dir = p.Dir
	// Cancelled, the go command and the test binary it runs are interrupted together (the go
	// command does not pass an interrupt on to the test binary, and a test binary left running
	// would write the golden files after the undo), and killed together after WaitDelay.
	interruptTogether(cmd)
	cmd.WaitDelay = 10 * time.Second
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		killTogether(cmd)
		return nil, fmt.Errorf("stopped: %w", ctx.Err())
	}
	if err != nil && lacksRequirements.Match(out) {
		// The files are right; the module does not require what they import yet, which only
		// go mod tidy with them in place can fix (and, in a vendored build, go mod vendor after
		// it). They stay, and the error says how to finish.
		missing := &MissingRequirementsError{Dir: p.Dir, Run: run, Problems: requirementProblems(out), ToolCommand: res.ToolCommand}
		if VendoredBuild(string(out)) {
			missing.VendorCommand = VendorCommand(p.Dir)
		}
		return res, missing
	}
	if err != nil {
		msg := fmt.Sprintf("writing the golden files of %s with go test -run '%s' -update failed: %v\n%s", p.Options.Tool, run, err,
			p.scaffoldedText(string(bytes.TrimSpace(out)), written))
		if why := callersInPackage(res.SignatureChanges, out); why != "" {
			msg += "\n" + why
		}
		return nil, errors.New(msg)
	}
	if !exists(p.Golden[0]) {
		return nil, fmt.Errorf("go test -run '%s' -update wrote no golden file for %s:\n%s", run, p.Options.Tool, bytes.TrimSpace(out))
	}
	after, err := listDir(goldenDir)
	if err != nil {
		return nil, err
	}
	for _, g := range p.Golden { // the expected ones first, in the plan's order
		if after[filepath.Base(g)] {
			res.Created = append(res.Created, g)
			delete(after, filepath.Base(g))
		}
	}
	for _, name := range slices.Sorted(maps.Keys(after)) {
		if !u.goldenBefore[name] {
			res.Created = append(res.Created, filepath.Join(goldenDir, name))
		}
	}
	return res, nil
}

// lacksRequirements matches the go command's complaints about a module that does not require a
// package the build imports, or lacks its go.sum entry, or — in a vendored build — does not
// vendor it.
var lacksRequirements = regexp.MustCompile(`no required module provides package|is replaced but not required|missing go.sum entry|updates to go.mod needed|import lookup disabled by -mod=vendor`)

// vendoring matches the go command's words for a build that reads its dependencies from a vendor
// directory (go.mod says go 1.14 or later and the module has one, or GOFLAGS holds -mod=vendor):
// such a build looks up no package or module that vendor/modules.txt does not list ("import
// lookup disabled by -mod=vendor", "can't resolve module using the vendor directory") and changes
// no go.mod ("updates to go.mod needed, disabled by -mod=vendor").
var vendoring = regexp.MustCompile(`disabled by -mod=vendor|using the vendor directory`)

// VendoredBuild reports whether the go command's output says that its build is vendored and
// failed for it: go mod tidy alone does not fix that; the vendor directory must be made again
// after it (VendorCommand).
func VendoredBuild(goOutput string) bool {
	return vendoring.MatchString(goOutput)
}

// VendorCommand is the command that makes the vendor directory again for the module in dir, in
// which the build is vendored: go mod vendor, or go work vendor in a workspace, whose build reads
// the workspace's vendor directory and in which go mod vendor refuses to run. Both run from any
// directory of the module.
func VendorCommand(dir string) string {
	cmd := exec.Command("go", "env", "GOWORK")
	cmd.Dir = dir
	if out, err := cmd.Output(); err == nil {
		if work := strings.TrimSpace(string(out)); work != "" && work != "off" {
			return "go work vendor"
		}
	}
	return "go mod vendor"
}

// requirementProblems are the go command's lines that lacksRequirements matches, once each and
// without the "; to add it:" advice that follows them: go get of each package is not what a
// module new to cardgen needs (go mod tidy is). A line's position is kept only when it is in the
// package (cards_gen.go:10:2: the import that needs the module); a file elsewhere is one of
// cardgen's runtime in the module cache, whose name says nothing the user can act on.
func requirementProblems(out []byte) []string {
	var probs []string
	for line := range bytes.Lines(out) {
		if !lacksRequirements.Match(line) {
			continue
		}
		// "; to add it:" and "; to update it:" introduce advice on the lines below, which are
		// not kept.
		text, _, _ := strings.Cut(string(bytes.TrimSpace(line)), "; to ")
		if m := outsidePosition.FindStringSubmatch(text); m != nil {
			text = text[len(m[0]):]
		}
		if !slices.Contains(probs, text) {
			probs = append(probs, text)
		}
	}
	return probs
}

// outsidePosition matches the position that starts a go command line when its file is outside
// the directory the command ran in (../../pkg/mod/…/x.go:5:2: , /abs/x.go:5:2: ).
var outsidePosition = regexp.MustCompile(`^(?:\.\.[/\\]|/|[A-Za-z]:[/\\])[^:]*\.go:\d+:\d+: `)

// MissingRequirementsError is Apply's error when the tool's files are written and the package
// generated, but the module does not yet require what the generated code imports (cardgen's
// runtime, the MCP Go SDK) — the usual state of a module that has not used cardgen before.
// Nothing is undone: the Result returned with it lists the files, and go mod tidy followed by the
// golden test with -update finishes the scaffold.
type MissingRequirementsError struct {
	Dir      string   // the package directory
	Run      string   // the -run pattern of the new tool's golden subtest
	Problems []string // what the go command said about the module's requirements
	// ToolCommand is Result.ToolCommand: run first, so that go mod tidy also records what
	// go tool cardgen needs (for the line of a new package's doc.go, or the one
	// Result.GenerateLine says to add).
	ToolCommand string
	// VendorCommand, when not empty, makes the vendor directory again after go mod tidy (go mod
	// vendor, or go work vendor in a workspace): the build is vendored, and reads no package
	// that the vendor directory lacks.
	VendorCommand string
}

// Commands are what finish the scaffold, run in Dir.
func (e *MissingRequirementsError) Commands() []string {
	var cmds []string
	if e.ToolCommand != "" {
		cmds = append(cmds, e.ToolCommand)
	}
	cmds = append(cmds, "go mod tidy")
	if e.VendorCommand != "" {
		cmds = append(cmds, e.VendorCommand)
	}
	return append(cmds, "go test -run '"+e.Run+"' -update .")
}

// Headline says in a sentence what the module lacks, from what the go command said: a module
// new to cardgen does not require the packages the generated code imports; one that requires
// them may still lack their go.sum entries, or need go.mod updated for their own imports, or, in
// a vendored build, not have them in its vendor directory.
func (e *MissingRequirementsError) Headline() string {
	sums, requires, vendor := 0, 0, 0
	for _, p := range e.Problems {
		switch {
		case strings.Contains(p, "missing go.sum entry"):
			sums++
		case strings.Contains(p, "no required module provides package"), strings.Contains(p, "is replaced but not required"):
			requires++
		case strings.Contains(p, "import lookup disabled by -mod=vendor"):
			vendor++
		}
	}
	switch {
	case vendor > 0 && vendor == len(e.Problems):
		return "the module's vendor directory lacks the packages the generated code imports (cardgen's runtime, the MCP Go SDK)"
	case requires > 0:
		return "the module does not require the packages the generated code imports yet (cardgen's runtime, the MCP Go SDK)"
	case sums > 0 && sums == len(e.Problems):
		return "the module's go.sum lacks entries for the packages the generated code imports (cardgen's runtime, the MCP Go SDK, and theirs)"
	default:
		return "the module's go.mod needs updating for the packages the generated code imports (cardgen's runtime, the MCP Go SDK)"
	}
}

// Error says what is missing, that the files are written and the commands that finish.
func (e *MissingRequirementsError) Error() string {
	what := "go.mod and go.sum"
	if e.VendorCommand != "" {
		what = "go.mod, go.sum and the vendor directory"
	}
	return fmt.Sprintf("%s: %s; the files are written: in %s run %s to update %s and write the golden files",
		e.Headline(), strings.Join(e.Problems, "; "), e.Dir, strings.Join(e.Commands(), ", then "), what)
}

// undo records what Apply changed so that a failure leaves the package as it was.
type undo struct {
	files []string          // created files
	dirs  []string          // created directories, outermost first
	saved map[string][]byte // generated files' bytes before regeneration; nil = absent
	// goldenDir's files before the golden test ran; the ones it adds are removed on failure.
	goldenDir    string
	goldenBefore map[string]bool
}

// listDir returns the names of the files in dir.
func listDir(dir string) (map[string]bool, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	names := map[string]bool{}
	for _, e := range entries {
		if !e.IsDir() {
			names[e.Name()] = true
		}
	}
	return names, nil
}

func (u *undo) create(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s appeared while scaffolding; cardgen new never overwrites a file", path)
		}
		return err
	}
	u.files = append(u.files, path)
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// mkdirAll makes dir and its missing parents, remembering which it made.
func (u *undo) mkdirAll(dir string) error {
	var missing []string
	for d := dir; !exists(d); d = filepath.Dir(d) {
		missing = append(missing, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	slices.Reverse(missing)
	u.dirs = append(u.dirs, missing...)
	return nil
}

func (u *undo) save(path string) error {
	b, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		u.saved[path] = nil
	case err != nil:
		return err
	default:
		u.saved[path] = b
	}
	return nil
}

// run undoes everything, reporting the first failure but attempting every step.
func (u *undo) run() error {
	var errs []error
	rm := func(path string) {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	if u.goldenDir != "" {
		now, err := listDir(u.goldenDir)
		if err != nil {
			errs = append(errs, err)
		}
		for _, name := range slices.Sorted(maps.Keys(now)) {
			if !u.goldenBefore[name] {
				rm(filepath.Join(u.goldenDir, name))
			}
		}
	}
	for _, f := range slices.Backward(u.files) {
		rm(f)
	}
	paths := make([]string, 0, len(u.saved))
	for p := range u.saved {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, p := range paths {
		if old := u.saved[p]; old == nil {
			rm(p)
		} else if _, err := gen.Write([]gen.File{{Path: p, Content: old}}); err != nil {
			// As gen.Write replaced it: through a rename, which a read-only file does not
			// stop, keeping its mode (os.WriteFile cannot open a read-only file).
			errs = append(errs, err)
		}
	}
	for _, d := range slices.Backward(u.dirs) {
		rm(d) // only empty directories go; anything else there was not ours
	}
	return errors.Join(errs...)
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
