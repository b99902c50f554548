package scaffold

import (
	"context"
	"encoding/json"
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
	"testing"

	"github.com/cardgen/cardgen/gen"
	"github.com/cardgen/cardgen/runtime/acp"
)

// moduleDir makes a fresh directory inside the cardgen module, so that the scaffolded package's
// imports resolve; its name starts with "_", so ./... patterns skip it. It is removed after the
// test.
func moduleDir(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("the module root is not two levels up: %v", err)
	}
	dir, err := os.MkdirTemp(root, "_scaffoldtest")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// goCmd runs the go command in dir and fails the test with its output when it fails.
func goCmd(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s in %s: %v\n%s", strings.Join(args, " "), dir, err, out)
	}
}

// tree reads every file under dir: relative slash path → bytes.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if d.IsDir() {
			files[filepath.ToSlash(rel)+"/"] = ""
			return nil
		}
		b, err := os.ReadFile(path)
		files[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// checkBuilds loads the package by its explicit path with go/packages, regenerates it (which must
// change nothing), and runs go build, go vet and go test in it.
func checkBuilds(t *testing.T, dir string) {
	t.Helper()
	pkgs, err := gen.Load(dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 || len(pkgs[0].Errors) > 0 || len(pkgs[0].Syntax) == 0 {
		t.Fatalf("go/packages did not load %s cleanly: %d packages, errors %v", dir, len(pkgs), pkgs[0].Errors)
	}
	res, err := gen.Generate(gen.Options{Dir: dir}, ".")
	if err != nil {
		t.Fatalf("regenerating: %v", err)
	}
	for _, f := range res.Files {
		if old, err := os.ReadFile(f.Path); err != nil || string(old) != string(f.Content) {
			t.Errorf("%s is not what cardgen generates (read error %v)", f.Path, err)
		}
	}
	goCmd(t, dir, "build", ".")
	goCmd(t, dir, "vet", ".")
	goCmd(t, dir, "test", "-count=1", ".")
}

const serviceSource = `// Package svc is a service with a receiver type for scaffolded methods.
package svc

// Service is what the tools are methods of.
type Service struct{ name string }

// Name returns the service name.
func (svc *Service) Name() string { return svc.name }
`

// TestScaffoldEveryCombination scaffolds a tool for every combination of flags into a fresh
// package inside the module, then builds, vets and tests that package. Combinations the
// generator does not generate yet must leave nothing behind, and are then skipped.
// eachFlagOnce are the combinations a default run builds and tests: every flag on its own, a
// mixed one, and a method.
var eachFlagOnce = map[string]bool{
	"plain": true, "ui": true, "acp=detail": true, "acp=review": true, "acp=carousel": true,
	"acp=form": true, "markdown": true, "recv": true, "ui+acp=form+recv": true,
}

func TestScaffoldEveryCombination(t *testing.T) {
	type combo struct {
		ui       bool
		acp      string
		markdown bool
		recv     bool
	}
	var combos []combo
	for _, recv := range []bool{false, true} {
		for _, ui := range []bool{false, true} {
			for _, acp := range append([]string{""}, acpKinds...) {
				combos = append(combos, combo{ui: ui, acp: acp, recv: recv})
			}
		}
		combos = append(combos, combo{markdown: true, recv: recv})
	}
	for _, c := range combos {
		var parts []string
		if c.ui {
			parts = append(parts, "ui")
		}
		if c.acp != "" {
			parts = append(parts, "acp="+c.acp)
		}
		if c.markdown {
			parts = append(parts, "markdown")
		}
		if c.recv {
			parts = append(parts, "recv")
		}
		name := strings.Join(parts, "+")
		if name == "" {
			name = "plain"
		}
		t.Run(name, func(t *testing.T) {
			if testing.Short() && name != "plain" {
				t.Skip("-short runs the plain combination only")
			}
			// Each flag once by default (every build and test costs seconds on a 2-core
			// machine); CARDGEN_SCAFFOLD_ALL=1 runs all 22 combinations.
			if !eachFlagOnce[name] && os.Getenv("CARDGEN_SCAFFOLD_ALL") == "" {
				t.Skip("covered by the one-flag cases; CARDGEN_SCAFFOLD_ALL=1 runs every combination")
			}
			t.Parallel()
			dir := filepath.Join(moduleDir(t), "tools")
			opts := Options{Tool: "get_invoice", Dir: dir, UI: c.ui, ACP: c.acp, Markdown: c.markdown}
			if c.recv {
				writeFiles(t, dir, map[string]string{"service.go": serviceSource})
				opts.Recv = "Service"
			}
			p, err := NewPlan(opts)
			if err != nil {
				t.Fatal(err)
			}
			res, err := p.Apply(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			if !c.recv {
				want = append(want, "doc.go")
			}
			want = append(want, "get_invoice.go")
			if c.ui {
				want = append(want, "cards/get_invoice.html")
			}
			want = append(want, "testdata/golden/get_invoice.schema.json")
			switch {
			case c.markdown:
				want = append(want, "testdata/golden/get_invoice.markdown.json")
			case c.acp != "carousel":
				want = append(want, "testdata/golden/get_invoice.card.json")
			}
			if c.acp != "" {
				want = append(want, "testdata/golden/get_invoice.acp.json")
			}
			var got []string
			for _, f := range res.Created {
				r, _ := filepath.Rel(dir, f)
				got = append(got, filepath.ToSlash(r))
			}
			if !slices.Equal(got, want) {
				t.Errorf("created %q; want %q", got, want)
			}
			src, err := os.ReadFile(filepath.Join(dir, "get_invoice.go"))
			if err != nil {
				t.Fatal(err)
			}
			header := "func GetInvoice("
			if c.recv {
				header = "func (svc *Service) GetInvoice("
			}
			if !strings.Contains(string(src), "\n"+header) {
				t.Errorf("the handler is not %q:\n%s", header, src)
			}
			if c.acp == "review" {
				checkReviewButtons(t, filepath.Join(dir, "testdata", "golden", "get_invoice.acp.json"))
			}
			checkBuilds(t, dir)
		})
	}
}

// checkReviewButtons checks the review card of a scaffolded tool's golden payload: it approves
// with its approve CTA and rejects with its reject CTA, each naming the example's item.
func checkReviewButtons(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var payloads []acp.ReviewPayload // one for each example
	if err := json.Unmarshal(data, &payloads); err != nil || len(payloads) != 1 {
		t.Fatalf("%s: want the payload of the one example (error %v):\n%s", path, err, data)
	}
	want := map[string]*acp.CTA{"Approve": &payloads[0].ApproveCTA, "Reject": payloads[0].RejectCTA}
	for label, cta := range want {
		if cta == nil || cta.Label != label || cta.Selection["text"] != label+" example-1" {
			t.Errorf("%s: the %s CTA is %+v; want label %s and text %q:\n%s", path, strings.ToLower(label), cta, label, label+" example-1", data)
		}
	}
}

// TestScaffoldIntoExistingPackage adds tools one after another to one package, the second with
// names that user code has taken, and checks the package builds and tests after each.
func TestScaffoldIntoExistingPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the end-to-end runs of the go command")
	}
	dir := filepath.Join(moduleDir(t), "billing")
	if _, err := scaffold(Options{Tool: "get_invoice", Dir: dir}); err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, map[string]string{"report.go": `package billing

// GetReport is user code that takes the handler name get_report would get.
func GetReport() string { return "" }

// GetReportInput takes the input type name too.
type GetReportInput struct{}
`})
	p, err := NewPlan(Options{Tool: "get_report", Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if p.Func != "GetReport2" || p.Input != "GetReportInput2" || p.Output != "GetReportOutput" || p.NewPackage {
		t.Errorf("plan %s, %s, %s (new package %v); want GetReport2, GetReportInput2, GetReportOutput in the existing package", p.Func, p.Input, p.Output, p.NewPackage)
	}
	if _, err := p.Apply(context.Background()); err != nil {
		t.Fatal(err)
	}
	generated, err := os.ReadFile(filepath.Join(dir, gen.GeneratedFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`Name:\s+"get_invoice"`, `Name:\s+"get_report"`, `GetReport2\(ctx, in\)`} {
		if !regexp.MustCompile(want).Match(generated) {
			t.Errorf("cards_gen.go lacks %s", want)
		}
	}
	checkBuilds(t, dir)

	// A third time with a name in use: refused, and nothing changes.
	before := tree(t, dir)
	_, err = NewPlan(Options{Tool: "get_report", Dir: dir})
	const never = " already exists; cardgen new never overwrites a file: move it away or pick another tool name"
	want := []string{
		`tool name "get_report" is already used by GetReport2 (DIR/get_report.go:31); tool names must be unique in a package, pick another`,
		"DIR/get_report.go" + never,
		"DIR/testdata/golden/get_report.schema.json" + never,
		"DIR/testdata/golden/get_report.card.json" + never,
	}
	if got := problemsOf(t, err, dir); !slices.Equal(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if after := tree(t, dir); !maps.Equal(before, after) {
		t.Error("a refused scaffold changed the package")
	}
}

// TestApplyRollsBack makes each later step of Apply fail and checks the package is left exactly
// as it was: the generator reporting a problem, and the golden test run failing to compile.
func TestApplyRollsBack(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the end-to-end runs of the go command")
	}
	dir := filepath.Join(moduleDir(t), "billing")
	if _, err := scaffold(Options{Tool: "get_invoice", Dir: dir}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, file, src, want string
	}{
		{"generator fails", "broken.go", "package billing\n\nvar Broken int = \"text\"\n",
			"broken.go:3:18: cannot use \"text\" (untyped string constant) as int value in variable declaration"},
		{"golden test fails", "broken_test.go", "package billing\n\nvar brokenTest int = \"text\"\n",
			"writing the golden files of list_invoices with go test -run '^TestCardgenGolden$/^list_invoices$' -update failed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			writeFiles(t, dir, map[string]string{tt.file: tt.src})
			defer os.Remove(filepath.Join(dir, tt.file))
			before := tree(t, dir)
			_, err := scaffold(Options{Tool: "list_invoices", Dir: dir})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v; want one containing %q", err, tt.want)
			}
			if after := tree(t, dir); !maps.Equal(before, after) {
				var diff []string
				for k := range maps.Keys(after) {
					if before[k] != after[k] {
						diff = append(diff, k)
					}
				}
				for k := range maps.Keys(before) {
					if _, ok := after[k]; !ok {
						diff = append(diff, k)
					}
				}
				slices.Sort(diff)
				t.Errorf("the failed scaffold changed %q", diff)
			}
		})
	}
	checkBuilds(t, dir)
}

// scaffold plans and applies.
func scaffold(opts Options) (*Result, error) {
	p, err := NewPlan(opts)
	if err != nil {
		return nil, fmt.Errorf("plan: %w", err)
	}
	return p.Apply(context.Background())
}

// TestScaffoldGenerateLine: a package none of whose files has a //go:generate line that runs
// cardgen gets the line to add in Result.GenerateLine, and, as this module's go.mod names no
// cardgen tool, the command that lets it run; a line in a test file counts, as go generate runs
// it, and a new package has one in its doc.go.
func TestScaffoldGenerateLine(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the end-to-end runs of the go command")
	}
	base := moduleDir(t)
	dir := filepath.Join(base, "tiny")
	writeFiles(t, dir, map[string]string{"tiny.go": "// Package tiny has no //go:generate line.\npackage tiny\n"})
	res, err := scaffold(Options{Tool: "get_a", Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if res.GenerateLine != "//go:generate go tool cardgen" || res.ToolCommand != toolCommand {
		t.Errorf("without a //go:generate line: GenerateLine %q, ToolCommand %q; want the line and %q", res.GenerateLine, res.ToolCommand, toolCommand)
	}
	writeFiles(t, dir, map[string]string{"gen_test.go": "package tiny\n\n//go:generate go tool cardgen\n"})
	if res, err = scaffold(Options{Tool: "get_b", Dir: dir}); err != nil {
		t.Fatal(err)
	}
	if res.GenerateLine != "" || res.ToolCommand != "" {
		t.Errorf("with the line in a test file: GenerateLine %q, ToolCommand %q; want neither", res.GenerateLine, res.ToolCommand)
	}
	if res, err = scaffold(Options{Tool: "get_c", Dir: filepath.Join(base, "fresh")}); err != nil {
		t.Fatal(err)
	}
	if res.GenerateLine != "" || res.ToolCommand != toolCommand {
		t.Errorf("a new package: GenerateLine %q, ToolCommand %q; want no line (doc.go has it) and %q", res.GenerateLine, res.ToolCommand, toolCommand)
	}
}

// TestScaffoldNamesTheGoCommandReadsOtherwise scaffolds, into one new package, tools whose
// names as file names the go command would ignore, refuse, take for a test, build on one platform
// only, or that cardgen writes itself, and requires the package to build and pass its tests with
// every tool registered (TestNewPlanSourceName holds the file names).
func TestScaffoldNamesTheGoCommandReadsOtherwise(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the end-to-end runs of the go command")
	}
	dir := filepath.Join(moduleDir(t), "ops")
	tools := []string{"doc", "run_test", "deploy_linux", "_internal", "-dash", ".", "cards_gen"}
	for _, tool := range tools {
		if _, err := scaffold(Options{Tool: tool, Dir: dir}); err != nil {
			t.Fatalf("cardgen new %s: %v", tool, err)
		}
	}
	generated, err := os.ReadFile(filepath.Join(dir, gen.GeneratedFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range tools {
		if !regexp.MustCompile(`Name:\s+"` + regexp.QuoteMeta(tool) + `"`).Match(generated) {
			t.Errorf("cards_gen.go does not register %s", tool)
		}
	}
	checkBuilds(t, dir)
}

// TestScaffoldImportNamesTaken: the handler's file imports context and errors, and a package that
// declares either name at its top level (a var errors, a func context) would clash with the import
// in that file's scope; so would a receiver named errors, in the handler's body. The scaffolded
// package must still build and pass its tests.
func TestScaffoldImportNamesTaken(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the end-to-end runs of the go command")
	}
	root := moduleDir(t)
	for _, tt := range []struct {
		name, src string
		recv      string
	}{
		{"package-level names", "package taken\n\nvar errors = []string{\"x\"}\n\nfunc context() {}\n\n// Service is a receiver.\ntype Service struct{}\n\nfunc (context1 *Service) Name() string { context(); return errors[0] }\n", ""},
		{"receiver name", "package taken\n\n// Service is a receiver.\ntype Service struct{}\n\nfunc (errors *Service) Name() string { return \"\" }\n", "Service"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(root, strings.ReplaceAll(tt.name, " ", ""))
			writeFiles(t, dir, map[string]string{"taken.go": tt.src})
			if _, err := scaffold(Options{Tool: "get_report", Dir: dir, Recv: tt.recv}); err != nil {
				t.Fatal(err)
			}
			if _, err := scaffold(Options{Tool: "list_reports", Dir: dir, Recv: "Service"}); err != nil {
				t.Fatal(err)
			}
			checkBuilds(t, dir)
		})
	}
}

// TestScaffoldUsesThePackagesUIFolder: a package whose //go:generate line runs cardgen with
// -ui views keeps its views in views/, and cardgen new regenerates it as go generate would: with
// that folder, where -ui also writes the starter view. (With the default folder, the package did
// not generate at all: its views were "not in the ui folder cards/".)
func TestScaffoldUsesThePackagesUIFolder(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the end-to-end runs of the go command")
	}
	dir := filepath.Join(moduleDir(t), "views")
	if _, err := scaffold(Options{Tool: "get_a", Dir: dir, UI: true}); err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, map[string]string{"doc.go": "// Package views keeps its views in views/.\npackage views\n\n//go:generate go tool cardgen -v -ui=./views/ $GOFILE\n"})
	if err := os.MkdirAll(filepath.Join(dir, "views"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(dir, "cards", "get_a.html"), filepath.Join(dir, "views", "get_a.html")); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "cards")); err != nil {
		t.Fatal(err)
	}
	regenerate := func() []gen.File {
		t.Helper()
		res, err := gen.Generate(gen.Options{Dir: dir, UIDir: "views"}, ".")
		if err != nil {
			t.Fatalf("generating with -ui views: %v", err)
		}
		return res.Files
	}
	if _, err := gen.Write(regenerate()); err != nil {
		t.Fatal(err)
	}

	for _, opts := range []Options{{Tool: "get_b", Dir: dir}, {Tool: "get_c", Dir: dir, UI: true}} {
		if _, err := scaffold(opts); err != nil {
			t.Fatalf("cardgen new %s: %v", opts.Tool, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "views", "get_c.html")); err != nil {
		t.Errorf("-ui did not write the view into the package's ui folder: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "cards")); err == nil {
		t.Error("-ui made a cards folder, which the package's go:generate line does not use")
	}
	for _, f := range regenerate() {
		if old, err := os.ReadFile(f.Path); err != nil || string(old) != string(f.Content) {
			t.Errorf("%s is not what cardgen -ui views generates (read error %v)", f.Path, err)
		}
	}
	goCmd(t, dir, "vet", ".")
	goCmd(t, dir, "test", "-count=1", ".")
}

// TestScaffoldAroundDotImports: in a package that dot-imports strings, the handler of a tool
// contains is Contains2, as Contains is strings.Contains in the importing file's scope; the
// scaffold used to declare Contains, which the generator found did not compile ("Contains
// already declared through dot-import of package strings", at a position in the file it had just
// removed again). The package must build and pass its tests.
func TestScaffoldAroundDotImports(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the end-to-end runs of the go command")
	}
	dir := filepath.Join(moduleDir(t), "dot")
	writeFiles(t, dir, map[string]string{"dot.go": "// Package dot dot-imports strings.\npackage dot\n\nimport . \"strings\"\n\nvar _ = ToUpper\n"})
	p, err := NewPlan(Options{Tool: "contains", Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if p.Func != "Contains2" {
		t.Errorf("the handler is %s; want Contains2", p.Func)
	}
	if _, err := p.Apply(context.Background()); err != nil {
		t.Fatal(err)
	}
	checkBuilds(t, dir)
}

// TestApplyNamesWhatItDidNotKeep: a problem the generator finds only once the tool is written
// (here two tools whose cards' fixed texts get one constant name, sendAction1Text) is positioned
// in the scaffolded handler's file, which Apply removes again before it returns; the error names
// the scaffolded declaration instead of a file:line:col there, both as the diagnostic's position
// and inside its message, and the package is left as it was.
func TestApplyNamesWhatItDidNotKeep(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the end-to-end runs of the go command")
	}
	dir := filepath.Join(moduleDir(t), "clash")
	writeFiles(t, dir, map[string]string{
		"a.go": `// Package clash has a tool whose card text is fixed.
package clash

import "context"

// In is the input.
type In struct{}

// Out is the output.
type Out struct{ X string }

// SendAction1 sends.
//
//card:tool send_action1
//card:result title="x" text="hello"
func SendAction1(ctx context.Context, in In) (*Out, error) { return nil, nil }
`,
		// Sorted after the scaffolded z.go: the clash is reported at this tool, and names the
		// new tool's position in its message.
		"zz.go": `package clash

import "context"

// ZAction1 zaps.
//
//card:tool z_action1
//card:result title="x" text="hello"
func ZAction1(ctx context.Context, in In) (*Out, error) { return nil, nil }
`,
	})
	before := tree(t, dir)
	for _, tt := range []struct{ tool, source, want string }{
		{"send", "send.go", "the doc comment (its //card: lines) of the scaffolded handler Send in " + filepath.Join(dir, "send.go") + ", which was not kept: cardgen would declare the constant sendAction1Text"},
		{"z", "z.go", "(the doc comment (its //card: lines) of the scaffolded handler Z in " + filepath.Join(dir, "z.go") + ", which was not kept)"},
	} {
		t.Run(tt.tool, func(t *testing.T) {
			_, err := scaffold(Options{Tool: tt.tool, Dir: dir})
			var diags gen.Diagnostics
			if !errors.As(err, &diags) {
				t.Fatalf("error %v; want the generator's diagnostics", err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error:\n%v\nwant it to contain:\n%s", err, tt.want)
			}
			if regexp.MustCompile(`(^|[\s(/])` + regexp.QuoteMeta(tt.source) + `:\d`).MatchString(err.Error()) {
				t.Errorf("error points into %s, which is gone:\n%v", tt.source, err)
			}
			for _, d := range diags {
				if d.Pos.Filename != "" {
					if _, serr := os.Stat(d.Pos.Filename); serr != nil {
						t.Errorf("diagnostic %q is positioned in a file that does not exist", d)
					}
				}
			}
			if after := tree(t, dir); !maps.Equal(before, after) {
				t.Errorf("the failed scaffold changed the package")
			}
		})
	}
}
