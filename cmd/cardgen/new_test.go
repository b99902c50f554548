package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/internal/testenv"
	"github.com/cardgen/cardgen/runtime/apps"
)

// TestNew scaffolds a tool with the command into a new package inside the module, with the flag
// after the tool name, then checks the package tests pass and that a second run is refused with
// every reason and exit status 1.
// newTestDir is a directory inside this module (scaffolds need its go.mod), removed after t.
func newTestDir(t *testing.T) string {
	t.Helper()
	root, _ := filepath.Abs("../..")
	base, err := os.MkdirTemp(root, "_newtest")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(base) })
	return base
}

func TestNew(t *testing.T) {
	base := newTestDir(t)

	code, out, errOut := runIn(t, base, "new", "get_invoice", "-dir", "billing")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, errOut)
	}
	want := `cardgen new: created billing/doc.go
cardgen new: created billing/get_invoice.go
cardgen new: created billing/testdata/golden/get_invoice.schema.json
cardgen new: created billing/testdata/golden/get_invoice.card.json
cardgen new: regenerated billing/cards_gen.go
cardgen new: regenerated billing/cards_gen_test.go
cardgen new: next, implement GetInvoice in billing/get_invoice.go; RegisterTools registers get_invoice.
cardgen new: doc.go's //go:generate line runs go tool cardgen; name cardgen as a tool of the module once, in the module:
	go mod edit -tool=github.com/cardgen/cardgen/cmd/cardgen
	go mod tidy
`
	if out != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", out, want)
	}
	cmd := exec.Command("go", "test", "-count=1", ".")
	cmd.Dir = filepath.Join(base, "billing")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test in the scaffolded package: %v\n%s", err, b)
	}

	code, out, errOut = runIn(t, base, "new", "-dir", "billing", "get_invoice", "-acp", "grid")
	wantErr := `cardgen new: -acp "grid" is not an ACP card kind; use one of detail, review, carousel, form
cardgen new: tool name "get_invoice" is already used by GetInvoice (billing/get_invoice.go:31); tool names must be unique in a package, pick another
cardgen new: billing/get_invoice.go already exists; cardgen new never overwrites a file: move it away or pick another tool name
cardgen new: billing/testdata/golden/get_invoice.schema.json already exists; cardgen new never overwrites a file: move it away or pick another tool name
cardgen new: billing/testdata/golden/get_invoice.card.json already exists; cardgen new never overwrites a file: move it away or pick another tool name
`
	if code != 1 || out != "" || errOut != wantErr {
		t.Errorf("second run: exit %d, stdout %q, stderr:\n%s\nwant exit 1 and:\n%s", code, out, errOut, wantErr)
	}
}

func TestNewUsage(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string // in stderr
	}{
		{[]string{"new"}, 2, `cardgen new: want one tool name, got 0 []`},
		{[]string{"new", "a", "b"}, 2, `cardgen new: want one tool name, got 2 ["a" "b"]`},
		{[]string{"new", "a", "-acp"}, 2, "flag needs an argument: -acp"},
		{[]string{"new", "-nope", "a"}, 2, "flag provided but not defined: -nope"},
		{[]string{"new", "-h"}, 0, "usage: cardgen new <tool_name> [-dir PKG] [-recv TYPE] [-ui] [-acp KIND] [-markdown]"},
		{[]string{"new", "bad name", "-dir", t.TempDir()}, 1, `cardgen new: tool name "bad name" is not valid`},
		{[]string{"new", "bar", "-acp", "detial", "-dir", t.TempDir()}, 1, `cardgen new: -acp "detial" is not an ACP card kind; did you mean detail?` + "\n"},
		// -ui names the folder in generation and check; here it only asks for a view.
		{[]string{"new", "a", "-ui", "views"}, 2, `cardgen new: -ui takes no folder here: it adds a view in the package's ui folder, the -ui of its //go:generate line for cardgen (else cards); if "views" is meant as the folder, leave it out`},
		{[]string{"new", "-ui", "views", "a"}, 2, `cardgen new: -ui takes no folder here`},
		{[]string{"new", "a", "-ui=views"}, 2, `cardgen new: -ui takes no folder here`},
		{[]string{"new", "a", "b", "-ui"}, 2, `cardgen new: want one tool name, got 2 ["a" "b"]`},
	}
	for _, tt := range tests {
		code, out, errOut := runIn(t, ".", tt.args...)
		if strings.Contains(errOut, "-ui takes no folder") != strings.Contains(tt.want, "-ui takes no folder") {
			t.Errorf("cardgen %q: stderr:\n%s\nthe hint at a folder given to -ui is there where it should not be, or missing", tt.args, errOut)
		}
		if code != tt.code || out != "" || !strings.Contains(errOut, tt.want) {
			t.Errorf("cardgen %q: exit %d, stdout %q, stderr:\n%s\nwant exit %d and %q", tt.args, code, out, errOut, tt.code, tt.want)
		}
	}
}

// TestNewInModuleWithoutRequirements scaffolds into a module of its own that has never used
// cardgen: its go.mod requires neither cardgen's runtime nor the SDK, which the generated code
// imports. cardgen new must keep the files it wrote, exit 1, name what the module lacks and print
// the commands that finish; running exactly those commands in a shell must leave a package whose
// tests (the new golden test among them) and vet pass. The package has no //go:generate line:
// cardgen new gives the one to add, and the commands name cardgen as a tool first, which the line
// runs; with the line added as printed, go generate regenerates the package.
func TestNewInModuleWithoutRequirements(t *testing.T) {
	dir := ownModule(t, "example.com/weather", map[string]string{
		"doc.go": "// Package weather is new to cardgen.\npackage weather\n",
	})
	t.Setenv("GOWORK", "off")
	t.Setenv("GOFLAGS", "")

	code, out, errOut := runIn(t, dir, "new", "get_weather")
	if code != 1 {
		t.Fatalf("exit %d; want 1 (the golden files are not written yet)\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	wantOut := "cardgen new: created get_weather.go\ncardgen new: regenerated cards_gen.go\ncardgen new: regenerated cards_gen_test.go\n" +
		"cardgen new: no file of the package has a //go:generate line that runs cardgen, so go generate does not regenerate it; add this line to one of its files, unless a line elsewhere runs cardgen on it:\n" +
		"\t//go:generate go tool cardgen\n"
	if out != wantOut {
		t.Errorf("stdout:\n%s\nwant:\n%s", out, wantOut)
	}
	for _, want := range []string{
		"cardgen new: the module does not require the packages the generated code imports yet",
		"no required module provides package github.com/modelcontextprotocol/go-sdk/mcp\n",
		"cardgen new: the files above are written; to finish, run here:\n\tgo mod edit -tool=github.com/cardgen/cardgen/cmd/cardgen\n\tgo mod tidy\n\tgo test -run '^TestCardgenGolden$/^get_weather$' -update .\n",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if strings.Contains(errOut, "to add it") {
		t.Errorf("stderr repeats the go command's go get advice, which is not what finishes the scaffold:\n%s", errOut)
	}
	for _, name := range []string{"get_weather.go", "cards_gen.go", "cards_gen_test.go"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s was not kept: %v", name, err)
		}
	}

	_, commands, _ := strings.Cut(errOut, "run here:\n")
	sh := func(line string) { t.Helper(); shIn(t, dir, line) }
	for line := range strings.Lines(commands) {
		sh(strings.TrimSpace(line))
	}
	for _, name := range []string{"get_weather.schema.json", "get_weather.card.json"} {
		if _, err := os.Stat(filepath.Join(dir, "testdata", "golden", name)); err != nil {
			t.Errorf("the printed commands did not write the golden file %s: %v", name, err)
		}
	}
	sh("go vet ./... && go test -count=1 ./...")

	// The line, added as printed, makes go generate regenerate the package.
	_, line, _ := strings.Cut(out, "unless a line elsewhere runs cardgen on it:\n\t")
	f, err := os.OpenFile(filepath.Join(dir, "doc.go"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("\n" + line); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "cards_gen.go")); err != nil {
		t.Fatal(err)
	}
	sh("go generate ./... && go vet ./...")
	if _, err := os.Stat(filepath.Join(dir, "cards_gen.go")); err != nil {
		t.Errorf("go generate with the printed line did not regenerate the package: %v", err)
	}
}

// vendoredModule writes a module of its own set up as the README says, then vendored: go.mod
// requires cardgen and names its command as a tool, and go mod tidy && go mod vendor has run.
// The module requires the runtime and the SDK (cardgen's command needs them) but its vendor
// directory holds only the packages the command builds from, not the runtime packages the
// generated code imports.
func vendoredModule(t *testing.T, path string, files map[string]string) string {
	t.Helper()
	dir := ownModule(t, path, files)
	t.Setenv("GOWORK", "off")
	t.Setenv("GOFLAGS", "")
	t.Setenv("GOPROXY", "off") // the module cache has every module cardgen needs
	f, err := os.OpenFile(filepath.Join(dir, "go.mod"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("\nrequire github.com/cardgen/cardgen v0.1.0\n\ntool github.com/cardgen/cardgen/cmd/cardgen\n"); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	shIn(t, dir, "go mod tidy && go mod vendor")
	return dir
}

// TestNewInVendoredModule scaffolds into a module set up as the README says and vendored
// (go mod tidy && go mod vendor): its build reads packages from vendor/ alone, which lacks the
// runtime packages the generated code imports. cardgen new undid the scaffold, blaming the
// regenerated cards_gen.go ("import lookup disabled by -mod=vendor"), with no step to take; it
// must keep the files, say that the vendor directory lacks the packages and print commands that
// finish — go mod vendor after go mod tidy — after which the package vets and tests.
func TestNewInVendoredModule(t *testing.T) {
	dir := vendoredModule(t, "example.com/vend", map[string]string{
		"doc.go": "// Package vend is vendored.\npackage vend\n",
	})
	code, out, errOut := runIn(t, dir, "new", "get_invoice")
	if code != 1 {
		t.Fatalf("exit %d; want 1 (the golden files are not written yet)\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	// go.mod names cardgen as a tool already: the line to add is given without the commands.
	wantOut := "cardgen new: created get_invoice.go\ncardgen new: regenerated cards_gen.go\ncardgen new: regenerated cards_gen_test.go\n" +
		"cardgen new: no file of the package has a //go:generate line that runs cardgen, so go generate does not regenerate it; add this line to one of its files, unless a line elsewhere runs cardgen on it:\n" +
		"\t//go:generate go tool cardgen\n"
	if out != wantOut {
		t.Errorf("stdout:\n%s\nwant:\n%s", out, wantOut)
	}
	for _, want := range []string{
		"cardgen new: the module's vendor directory lacks the packages the generated code imports",
		": import lookup disabled by -mod=vendor\n",
		"cardgen new: the files above are written; to finish, run here:\n\tgo mod tidy\n\tgo mod vendor\n\tgo test -run '^TestCardgenGolden$/^get_invoice$' -update .\n",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	_, commands, _ := strings.Cut(errOut, "run here:\n")
	for line := range strings.Lines(commands) {
		shIn(t, dir, strings.TrimSpace(line))
	}
	if _, err := os.Stat(filepath.Join(dir, "testdata", "golden", "get_invoice.schema.json")); err != nil {
		t.Errorf("the printed commands did not write the golden file: %v", err)
	}
	shIn(t, dir, "go vet ./... && go test -count=1 ./...")
}

// TestNewPackageRegenerates follows docs/scaffolding.md in a module new to cardgen, from a
// directory with no package yet: cardgen new writes doc.go, whose //go:generate line runs
// go tool cardgen, and prints the commands that finish — naming cardgen as a tool of the module
// first, so that go mod tidy records what the generator itself needs. After them go generate
// must work and change nothing, and the package must vet and test. (doc.go used to run
// go run github.com/cardgen/cardgen/cmd/cardgen, which failed on the missing go.sum entries of
// the generator's dependencies.)
func TestNewPackageRegenerates(t *testing.T) {
	dir := ownModule(t, "example.com/svc", map[string]string{})
	t.Setenv("GOWORK", "off")
	t.Setenv("GOFLAGS", "")

	code, out, errOut := runIn(t, dir, "new", "-dir", "billing", "get_invoice")
	if code != 1 {
		t.Fatalf("exit %d; want 1 (the golden files are not written yet)\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	_, commands, _ := strings.Cut(errOut, "run in billing:\n")
	if !strings.HasPrefix(commands, "\tgo mod edit -tool=github.com/cardgen/cardgen/cmd/cardgen\n\tgo mod tidy\n") {
		t.Fatalf("the printed commands do not name cardgen as a tool first:\n%s", errOut)
	}
	for line := range strings.Lines(commands) {
		shIn(t, filepath.Join(dir, "billing"), strings.TrimSpace(line))
	}
	before, err := os.ReadFile(filepath.Join(dir, "billing", "cards_gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	shIn(t, dir, "go generate ./... && go vet ./... && go test -count=1 ./...")
	if after, _ := os.ReadFile(filepath.Join(dir, "billing", "cards_gen.go")); string(after) != string(before) {
		t.Errorf("go generate changed cards_gen.go")
	}
}

// TestNewTellsGenerateLine follows the review: in an existing package none of whose files has a
// //go:generate line that runs cardgen (a command that calls RegisterTools, as cmd/tiny), cardgen
// new succeeded without a word about it, and go generate ./... then left the package stale. It
// must give the line to add, and, as go.mod names no cardgen tool (this module does not), the
// commands that let the line run; in a package with such a line (here the go run form), neither.
func TestNewTellsGenerateLine(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the end-to-end runs of the go command")
	}
	base := newTestDir(t)
	const mainGo = `package main

import "github.com/modelcontextprotocol/go-sdk/mcp"

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "tiny"}, nil)
	RegisterTools(s)
}
`
	if err := os.MkdirAll(filepath.Join(base, "cmd", "tiny"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(base, "cmd", "tiny", "main.go"), []byte(mainGo), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runIn(t, base, "new", "ping", "-dir", "cmd/tiny")
	want := `cardgen new: created cmd/tiny/ping.go
cardgen new: created cmd/tiny/testdata/golden/ping.schema.json
cardgen new: created cmd/tiny/testdata/golden/ping.card.json
cardgen new: regenerated cmd/tiny/cards_gen.go
cardgen new: regenerated cmd/tiny/cards_gen_test.go
cardgen new: next, implement Ping in cmd/tiny/ping.go; RegisterTools registers ping.
cardgen new: no file of the package in cmd/tiny has a //go:generate line that runs cardgen, so go generate does not regenerate it; add this line to one of its files, unless a line elsewhere runs cardgen on it:
	//go:generate go tool cardgen
cardgen new: that line runs go tool cardgen; name cardgen as a tool of the module once, in the module:
	go mod edit -tool=github.com/cardgen/cardgen/cmd/cardgen
	go mod tidy
`
	if code != 0 || out != want || errOut != "" {
		t.Errorf("cardgen new in a package without a //go:generate line: exit %d, stderr %q, stdout:\n%s\nwant exit 0 and:\n%s", code, errOut, out, want)
	}

	withLine := strings.Replace(mainGo, "package main\n", "package main\n\n//go:generate go run github.com/cardgen/cardgen/cmd/cardgen\n", 1)
	if err := os.WriteFile(filepath.Join(base, "cmd", "tiny", "main.go"), []byte(withLine), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runIn(t, base, "new", "pong", "-dir", "cmd/tiny")
	if code != 0 || strings.Contains(out, "go:generate") || strings.Contains(out, "go mod") {
		t.Errorf("cardgen new in a package with a //go:generate line: exit %d, stderr %q, stdout:\n%s\nwant exit 0 and no word of the line", code, errOut, out)
	}
}

// shIn runs a command line as a user would type it, in dir, and fails the test with its output
// when it fails.
func shIn(t *testing.T, dir, line string) {
	t.Helper()
	cmd := exec.Command("sh", "-c", line)
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		testenv.FailGoCommand(t, fmt.Sprintf("%s: %v", line, err), b)
	}
}

// TestNewRecvSignature: the first tool that is a method of a type adds a parameter for the type
// to RegisterTools, which breaks its callers elsewhere; cardgen new says so after its summary,
// and only then.
func TestNewRecvSignature(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the end-to-end runs of the go command")
	}
	base := newTestDir(t)

	if code, _, errOut := runIn(t, base, "new", "get_invoice", "-dir", "billing"); code != 0 {
		t.Fatalf("exit %d:\n%s", code, errOut)
	}
	store := "package billing\n\n// Store holds the invoices.\ntype Store struct{}\n"
	if err := os.WriteFile(filepath.Join(base, "billing", "store.go"), []byte(store), 0o644); err != nil {
		t.Fatal(err)
	}
	const change = "cardgen new: RegisterTools now takes store *Store after s; update its callers\n"
	code, out, errOut := runIn(t, base, "new", "get_report", "-dir", "billing", "-recv", "Store")
	want := "cardgen new: next, implement GetReport in billing/get_report.go; RegisterTools registers get_report.\n" + change
	if code != 0 || !strings.HasSuffix(out, want) {
		t.Errorf("first method of Store: exit %d, stdout:\n%s\nstderr:\n%s\nwant exit 0 and, last:\n%s", code, out, errOut, want)
	}
	// RegisterTools takes a *Store already: no change to tell.
	code, out, errOut = runIn(t, base, "new", "get_stock", "-dir", "billing", "-recv", "Store")
	if code != 0 || strings.Contains(out, "RegisterTools now takes") {
		t.Errorf("second method of Store: exit %d, stdout:\n%s\nstderr:\n%s\nwant exit 0 and no signature change", code, out, errOut)
	}

	// A caller in the package itself stops the golden test from compiling: the scaffold is undone,
	// and the go command's error is explained.
	files := map[string]string{
		"audit.go": "package billing\n\n// Audit logs.\ntype Audit struct{}\n",
		"register_test.go": `package billing

import (
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestRegister(t *testing.T) {
	RegisterTools(mcp.NewServer(&mcp.Implementation{Name: "billing"}, nil), &Store{})
}
`,
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(base, "billing", name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errOut = runIn(t, base, "new", "get_log", "-dir", "billing", "-recv", "Audit")
	wantErr := "\nRegisterTools now takes audit *Audit after s, and code of the package calls it as before (above)"
	if code != 1 || out != "" || !strings.Contains(errOut, "not enough arguments in call to RegisterTools") || !strings.Contains(errOut, wantErr) {
		t.Errorf("first method of Audit, with a caller in the package: exit %d, stdout:\n%s\nstderr:\n%s\nwant exit 1, the compiler's error and%s…", code, out, errOut, wantErr)
	}
	if _, err := os.Stat(filepath.Join(base, "billing", "get_log.go")); err == nil {
		t.Error("get_log.go was kept")
	}
}

// TestNewEmptyFlagValues: a string flag given an empty value (-acp "", as a shell variable that
// is not set gives it) is refused with exit status 2 and nothing written, every one in one run:
// it used to be taken for the flag left out, so -acp "" scaffolded a tool without an ACP card,
// -recv "" a plain function and -dir "" into the current directory, with exit status 0. The runs
// are in an empty directory outside any module, which must stay empty.
func TestNewEmptyFlagValues(t *testing.T) {
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"new", "t_y", "-acp", ""}, []string{`cardgen new: -acp is given an empty value; give an ACP card kind (detail, review, carousel or form), or leave -acp out`}},
		{[]string{"new", "t_x", "-recv="}, []string{`cardgen new: -recv is given an empty value; give a type of the package (such as Service), or leave -recv out for a plain function`}},
		{[]string{"new", "-dir", "", "t_z"}, []string{`cardgen new: -dir is given an empty value; give the package directory (such as ./billing, or . for this one), or leave -dir out`}},
		{[]string{"new", "t_w", "-acp=", "-recv", "", "-ui"}, []string{"cardgen new: -acp is given an empty value", "cardgen new: -recv is given an empty value"}},
		// With the tool name missing too, both are said.
		{[]string{"new", "-acp", ""}, []string{"cardgen new: -acp is given an empty value", "cardgen new: want one tool name, got 0 []"}},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		code, out, errOut := runIn(t, dir, tt.args...)
		if code != 2 || out != "" {
			t.Errorf("cardgen %q: exit %d, stdout %q, stderr:\n%s\nwant exit 2 and nothing on stdout", tt.args, code, out, errOut)
		}
		for _, w := range tt.want {
			if !strings.HasPrefix(errOut, w) && !strings.Contains(errOut, "\n"+w) {
				t.Errorf("cardgen %q: stderr lacks %q:\n%s", tt.args, w, errOut)
			}
		}
		if entries, _ := os.ReadDir(dir); len(entries) > 0 {
			t.Errorf("cardgen %q wrote %d files or folders into the working directory", tt.args, len(entries))
		}
	}
}

// TestNewRefusesReservedNameFirst: a tool name Windows reserves is refused before anything is
// written, naming the files it would have. It used to be written, refused by the generator and
// undone, after "nothing was left behind", at a position in x/con.go, which no longer existed.
func TestNewRefusesReservedNameFirst(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runIn(t, dir, "new", "con", "-dir", "x")
	want := `cardgen new: tool name "con" would name the tool's files x/con.go, x/testdata/golden/con.schema.json, x/testdata/golden/con.card.json with a name Windows reserves ("con" disallowed as path element component on Windows): no checkout there could hold them, and no module zip may carry them; pick another tool name` + "\n"
	if code != 1 || out != "" || errOut != want {
		t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant exit 1 and:\n%s", code, out, errOut, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "x")); err == nil {
		t.Error("the directory x was made")
	}
}

// TestNewView follows docs/mcp-apps.md's "start from the starter view" for a tool written
// earlier: cardgen new -view writes apps.StarterViewFor of the tool into the package's ui folder
// and prints the //card:ui line to add; with the line added as printed and the package
// regenerated, cardgen check passes and so do the package's tests. A second run refuses to
// overwrite the view; flags for a new tool are bad usage with -view.
func TestNewView(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the end-to-end runs of the go command")
	}
	base := newTestDir(t)

	if code, _, errOut := runIn(t, base, "new", "get_order", "-dir", "billing"); code != 0 {
		t.Fatalf("cardgen new: exit %d:\n%s", code, errOut)
	}
	code, out, errOut := runIn(t, base, "new", "get_order", "-view", "-dir", "billing")
	const line = "//card:ui get_order.html"
	want := "cardgen new: created billing/cards/get_order.html, the starter view of get_order\n" +
		"cardgen new: next, add this line to the doc comment of GetOrder, below its //card:tool line (billing/get_order.go:25), then run go generate (or cardgen) in the package:\n" +
		"\t" + line + "\n"
	if code != 0 || out != want || errOut != "" {
		t.Fatalf("cardgen new -view: exit %d, stdout:\n%s\nstderr:\n%s\nwant exit 0 and:\n%s", code, out, errOut, want)
	}
	view, err := os.ReadFile(filepath.Join(base, "billing", "cards", "get_order.html"))
	if err != nil || string(view) != string(apps.StarterViewFor("get_order")) {
		t.Errorf("the view is not apps.StarterViewFor(\"get_order\") (read error %v)", err)
	}

	// Add the line where the message says, as a user would.
	src := filepath.Join(base, "billing", "get_order.go")
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	if !strings.HasPrefix(lines[24], "//card:tool get_order") {
		t.Fatalf("line 25 of get_order.go is %q, not the //card:tool line", lines[24])
	}
	lines = slices.Insert(lines, 25, line)
	if err := os.WriteFile(src, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runIn(t, base, "./billing"); code != 0 {
		t.Fatalf("cardgen ./billing with the //card:ui line: exit %d:\n%s", code, errOut)
	}
	if code, out, errOut := runIn(t, base, "check", "./billing"); code != 0 {
		t.Errorf("cardgen check ./billing: exit %d, stdout %q, stderr:\n%s", code, out, errOut)
	}
	if generated, _ := os.ReadFile(filepath.Join(base, "billing", "cards_gen.go")); !strings.Contains(string(generated), `"get_order.html"`) {
		t.Error("cards_gen.go does not serve get_order.html")
	}
	cmd := exec.Command("go", "test", "-count=1", ".")
	cmd.Dir = filepath.Join(base, "billing")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test in the package: %v\n%s", err, b)
	}

	code, out, errOut = runIn(t, base, "new", "get_order", "-view", "-dir", "billing")
	wantErr := "cardgen new: billing/cards/get_order.html, the view the //card:ui line of GetOrder names (billing/get_order.go:26), already exists; cardgen new never overwrites a file: edit it, or move it away to start again from the starter view\n"
	if code != 1 || out != "" || errOut != wantErr {
		t.Errorf("second run: exit %d, stdout %q, stderr:\n%s\nwant exit 1 and:\n%s", code, out, errOut, wantErr)
	}
	code, _, errOut = runIn(t, base, "new", "get_order", "-view", "-dir", "billing", "-ui", "-acp", "form")
	for _, w := range []string{
		"cardgen new: -view writes the starter view of an existing tool, and takes no -ui, which is for a new tool; leave one out\n",
		"cardgen new: -view writes the starter view of an existing tool, and takes no -acp, which is for a new tool; leave one out\n",
	} {
		if code != 2 || !strings.Contains(errOut, w) {
			t.Errorf("-view with -ui and -acp: exit %d, stderr:\n%s\nwant exit 2 and %q", code, errOut, w)
		}
	}
}

// TestNewViewWithoutGenerateLine: in a package none of whose files has a //go:generate line that
// runs cardgen, "then run go generate" was advice that did nothing; -view now says to run
// cardgen, and gives the line to add, as cardgen new does for a new tool.
func TestNewViewWithoutGenerateLine(t *testing.T) {
	base := newTestDir(t)
	pkg := filepath.Join(base, "plain")
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	src := "package plain\n\nimport \"context\"\n\ntype In struct{}\n\ntype Out struct {\n\tID string `json:\"id\"`\n}\n\n// Get gets.\n//\n//card:tool get\nfunc Get(ctx context.Context, in In) (*Out, error) { return &Out{}, nil }\n"
	if err := os.WriteFile(filepath.Join(pkg, "plain.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runIn(t, base, "new", "get", "-view", "-dir", "plain")
	want := "cardgen new: created plain/cards/get.html, the starter view of get\n" +
		"cardgen new: next, add this line to the doc comment of Get, below its //card:tool line (plain/plain.go:13), then run cardgen in the package:\n" +
		"\t//card:ui get.html\n" +
		"cardgen new: no file of the package in plain has a //go:generate line that runs cardgen, so go generate does not regenerate it; add this line to one of its files, unless a line elsewhere runs cardgen on it:\n" +
		"\t//go:generate go tool cardgen\n"
	if code != 0 || out != want || errOut != "" {
		t.Errorf("cardgen new -view in a package without a generate line: exit %d, stdout:\n%s\nstderr:\n%s\nwant exit 0 and:\n%s", code, out, errOut, want)
	}
}
