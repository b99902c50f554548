// Package scaffold writes a new annotated tool into a Go package: a handler stub with its input and
// output types, a result card and an example, then runs the generator and writes the golden files,
// so that the package builds and its tests pass at once. It backs `cardgen new`. [NewViewPlan]
// and [ViewPlan.Write] write the starter view of a tool the package has already, for
// `cardgen new -view`.
//
// Scaffolding is in two steps. [NewPlan] inspects the package and decides every name and byte
// without writing anything; it refuses, listing every reason, when anything would be overwritten
// or would collide. [Plan.Apply] creates the files (never replacing one), regenerates the package
// and writes the new tool's golden files; when a step fails it removes what it created and
// restores what it regenerated.
package scaffold

import (
	"fmt"
	"go/token"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"

	"github.com/cardgen/cardgen/annotations"
	"github.com/cardgen/cardgen/gen"
	"github.com/cardgen/cardgen/internal/ports"
	"github.com/cardgen/cardgen/runtime/apps"
)

// The ACP card kinds -acp accepts; they are the kinds //card:acp accepts.
var acpKinds = []string{"detail", "review", "carousel", "form"}

// UIDir is the ui folder, relative to the package, that -ui writes into unless the package's
// //go:generate line gives cardgen another (Plan.UIDir). It is the generator's default, which
// the go:generate line of a new package uses.
const UIDir = gen.DefaultUIDir

// Options say what to scaffold.
type Options struct {
	// Tool is the MCP tool name, such as get_invoice.
	Tool string
	// Dir is the package directory; "" is the current directory. It is created, with a new
	// package, when it holds no Go package.
	Dir string
	// Recv makes the handler a method of this type, which must be declared in the package.
	// Empty means a plain function, which never changes RegisterTools' parameters.
	Recv string
	// UI adds //card:ui and writes the starter view into the ui folder.
	UI bool
	// ACP adds //card:acp ACP: detail, review, carousel or form.
	ACP string
	// Markdown makes the output a markdown document (a field tagged card:"markdown") instead of
	// a result card.
	Markdown bool
}

// Problems is every reason a scaffold was refused, one actionable message each.
type Problems []string

// Error joins the problems one per line.
func (p Problems) Error() string { return strings.Join(p, "\n") }

// addf adds a problem, with each overlong word shortened as a diagnostic's is (gen.BoundMessage):
// a problem quotes the tool name, and paths made of it, as given, and a tool name of any length
// (a pasted line) is refused with the rest.
func (p *Problems) addf(format string, args ...any) {
	*p = append(*p, gen.BoundMessage(fmt.Sprintf(format, args...)))
}

// Plan is a scaffold decided and rendered but not yet written.
type Plan struct {
	Options Options // as given, with Dir "." for ""
	// Dir is the absolute package directory.
	Dir string
	// Package is the package name: the existing package's, or for a new package the last
	// element of its import path as Go names a package (PackageName), without a major version
	// suffix (example.com/weather/v2 holds package weather); outside a module, the directory's.
	Package string
	// UIDir is the package's ui folder, slash-separated and relative to Dir: the -ui of the
	// //go:generate line that runs cardgen in the package, or UIDir. The package is
	// regenerated with it, and -ui writes the starter view into it.
	UIDir string
	// NewPackage is set when the directory holds no Go package yet; doc.go is then among Files.
	NewPackage bool
	// Func, Input and Output are the Go names of the handler and its types; each is the name
	// derived from the tool name (GetInvoice, GetInvoiceInput, GetInvoiceOutput), with the
	// smallest suffix from 2 up that is free in the package when that name is taken.
	Func, Input, Output string
	// Item is the carousel item type (GetInvoiceItem) with -acp carousel, numbered like the others.
	Item string
	// Source is the path of the new handler file: <tool>.go, unless the go command would not
	// build a file of that name into the package everywhere, as an ordinary file, or cardgen
	// writes one of that name itself: then "tool" goes before a leading _, . or -, and "_tool"
	// after a name ending in _test, a GOOS or a GOARCH, or taken by cardgen (run_test →
	// run_test_tool.go, _internal → tool_internal.go, cards_gen → cards_gen_tool.go).
	Source string
	// Files are the new files, to be created in this order; none exists.
	Files []gen.File
	// Golden are the golden files the new tool's first test run is expected to write: its
	// schemas, its example cards (.card.json) or documents (.markdown.json), and its ACP
	// payloads (.acp.json); none exists.
	Golden []string
}

// sourceName is the name of the file the handler of tool goes in: the tool name and .go, unless
// the go command would not build a file of that name into the package, everywhere, as an ordinary
// file — one whose name starts with _ or . (ignored) or - (refused: "invalid input file name", as
// it would read as a flag), ends in _test (a test), or ends in a GOOS or GOARCH (built there alone)
// — or the name is that of a file cardgen writes itself, in any case (cards_gen.go,
// cards_gen_test.go, and a new package's doc.go). Then "tool" goes before a leading _, . or -, and "_tool" after the name:
// run_test → run_test_tool.go, _internal → tool_internal.go, -dash → tool-dash.go.
func sourceName(tool string, newPackage bool) string {
	name := tool
	if strings.HasPrefix(name, "_") || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "-") {
		name = "tool" + name
	}
	// In any case: Cards_gen.go beside cards_gen.go is one file on macOS and Windows, and the
	// go command refuses the pair everywhere.
	own := strings.EqualFold(name+".go", gen.GeneratedFile) || strings.EqualFold(name+".go", gen.GeneratedTestFile) ||
		newPackage && strings.EqualFold(name, "doc")
	if own || strings.HasSuffix(name, "_test") || !builtEverywhere(name+".go") {
		name += "_tool"
	}
	return name + ".go"
}

// builtEverywhere reports whether go/build takes a file of that name (and no build constraint
// inside) for every platform: it does not when the name ends in a GOOS or GOARCH, which it leaves
// out elsewhere. go/build's own lists decide.
func builtEverywhere(name string) bool {
	check := ports.Check{Dir: ".", Cgo: true, OpenFile: func(string) (io.ReadCloser, error) {
		return io.NopCloser(strings.NewReader("package p\n")), nil
	}}
	return check.Uncovered(ports.File{Name: name}) == ""
}

// NewPlan inspects the package in opts.Dir and renders the scaffold. It writes nothing. When the
// scaffold is refused the error is Problems, listing every reason.
func NewPlan(opts Options) (*Plan, error) {
	if opts.Dir == "" {
		opts.Dir = "."
	}
	probs := checkFlags(opts)
	dir, pkg, err := inspectDir(opts.Dir)
	if err != nil {
		return nil, err
	}
	probs = append(probs, pkg.problems...)

	p := &Plan{Options: opts, Dir: dir, Package: pkg.name, NewPackage: pkg.name == "", UIDir: UIDir}
	if pkg.uiDir != "" {
		p.UIDir = pkg.uiDir
	}
	if p.NewPackage {
		p.Package = newPackageName(dir)
	}
	validName := gen.ValidToolName(opts.Tool)
	if validName {
		probs = append(probs, p.checkToolName(pkg)...)
	}
	recv, recvProb := p.receiver(pkg)
	if recvProb != "" {
		probs = append(probs, recvProb)
	}
	p.pickNames(pkg, recv)

	p.Source = filepath.Join(dir, sourceName(opts.Tool, p.NewPackage))
	var view string
	if opts.UI {
		view = filepath.Join(dir, filepath.FromSlash(p.UIDir), opts.Tool+".html")
	}
	// The tool name and the ending are one file name: joined as path elements, the names "."
	// and ".." would stand for the golden folder and its parent.
	golden := func(kind string) string { return filepath.Join(dir, "testdata", "golden", opts.Tool+kind) }
	p.Golden = []string{golden(".schema.json")}
	switch shapeOf(opts) {
	case resultCard:
		p.Golden = append(p.Golden, golden(".card.json"))
	case markdownDoc:
		p.Golden = append(p.Golden, golden(".markdown.json"))
	}
	if opts.ACP != "" {
		p.Golden = append(p.Golden, golden(".acp.json"))
	}
	if validName {
		probs = append(probs, p.checkFileNames(view)...)
		targets := append([]string{p.Source, view}, p.Golden...)
		if p.NewPackage {
			targets = append([]string{filepath.Join(dir, "doc.go")}, targets...)
		}
		used := slices.ContainsFunc(pkg.tools, func(t toolInfo) bool { return t.name == opts.Tool })
		for _, path := range targets {
			if path == "" {
				continue
			}
			rel, _ := filepath.Rel(dir, path)
			shown := filepath.Join(opts.Dir, rel)
			if twin := caseTwin(path); twin != "" && !exists(path) {
				// On Linux both files can be; the go command then refuses the package ("case-
				// insensitive file name collision"), and a checkout on macOS or Windows holds one.
				probs.addf("%s differs only in case from %s, which is the same file on macOS and Windows; cardgen new never overwrites a file: move it away or pick another tool name", shown, filepath.Join(filepath.Dir(shown), twin))
				continue
			}
			if !exists(path) {
				continue
			}
			if slices.Contains(p.Golden, path) && !used {
				// The golden test writes these files and nothing removes them when a tool is
				// renamed or deleted, so one left behind is the usual reason for this.
				probs.addf("%s already exists, and no tool of the package is named %s: it is a golden file of an earlier tool of that name; if that tool is gone, remove the file, or pick another tool name", shown, opts.Tool)
				continue
			}
			probs.addf("%s already exists; cardgen new never overwrites a file: move it away or pick another tool name", shown)
		}
		// The generator takes <view>.meta.json beside a view for its sidecar, which replaces
		// the strict default meta: one left from an earlier view of that name would give the
		// new view a CSP and permissions nobody reviewed for it.
		if sidecar := strings.TrimSuffix(view, ".html") + ".meta.json"; view != "" && exists(sidecar) {
			rel, _ := filepath.Rel(dir, sidecar)
			probs.addf("%s already exists, and would be the sidecar of the new view %s (its CSP and permissions, in place of the strict default); if it is left from an earlier view of that name, remove it, or pick another tool name",
				filepath.Join(opts.Dir, rel), filepath.Join(opts.Dir, filepath.Dir(rel), opts.Tool+".html"))
		}
	}
	if len(probs) > 0 {
		return nil, probs
	}

	if p.NewPackage {
		doc, err := renderDoc(p.Package)
		if err != nil {
			return nil, err
		}
		p.Files = append(p.Files, gen.File{Path: filepath.Join(dir, "doc.go"), Content: doc})
	}
	src, err := renderTool(p, recv, func(n string) bool { _, ok := pkg.decls[n]; return ok })
	if err != nil {
		return nil, err
	}
	p.Files = append(p.Files, gen.File{Path: p.Source, Content: src})
	if opts.UI {
		p.Files = append(p.Files, gen.File{Path: view, Content: apps.StarterViewFor(opts.Tool)})
	}
	return p, nil
}

// inspectDir inspects the package in the directory named dir (as given), returning its absolute
// path too.
func inspectDir(name string) (string, *pkgInfo, error) {
	dir, err := filepath.Abs(name)
	if err != nil {
		return "", nil, fmt.Errorf("resolving %s: %w", name, err)
	}
	pkg, err := inspect(dir, name)
	return dir, pkg, err
}

// checkFileNames checks the names of the files the tool would get (its handler's file, its view
// and its golden files) against what the generator holds them to, which it can only report once
// they are written: a name Windows reserves (con, nul, com1, aux, in any case and before any
// dot), which no checkout there can hold and no module zip for the proxy may carry, and a view
// at the path of a built-in view.
func (p *Plan) checkFileNames(view string) Problems {
	var probs Problems
	var bad []string
	var why string
	for _, path := range append([]string{p.Source, view}, p.Golden...) {
		if path == "" {
			continue
		}
		rel, _ := filepath.Rel(p.Dir, path)
		if problem := gen.FilePathProblem(filepath.ToSlash(rel)); problem != "" {
			if why == "" {
				why = problem
			}
			bad = append(bad, filepath.Join(p.Options.Dir, rel))
		}
	}
	if len(bad) > 0 {
		probs.addf("tool name %q would name the tool's files %s with a name Windows reserves (%s): no checkout there could hold them, and no module zip may carry them; pick another tool name",
			p.Options.Tool, strings.Join(bad, ", "), why)
	}
	if what := gen.BuiltinView(p.Options.Tool + ".html"); what != "" && view != "" {
		rel, _ := filepath.Rel(p.Dir, view)
		probs.addf("with -ui the view would be %s, and %s.html is the path of cardgen's built-in %s view in every package's ui registry; pick another tool name, or leave -ui out",
			filepath.Join(p.Options.Dir, rel), p.Options.Tool, what)
	}
	return probs
}

// caseTwin returns the name of a file beside path whose name differs from path's only in case, or
// "" when there is none.
func caseTwin(path string) string {
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		return ""
	}
	base := filepath.Base(path)
	for _, e := range entries {
		if e.Name() != base && strings.EqualFold(e.Name(), base) {
			return e.Name()
		}
	}
	return ""
}

// checkFlags checks the options that need no look at the package.
func checkFlags(opts Options) Problems {
	var probs Problems
	add := probs.addf
	if !gen.ValidToolName(opts.Tool) {
		add("tool name %q is not valid; a tool name is 1 to 64 letters, digits, '_', '.' or '-', such as get_invoice", opts.Tool)
	}
	if opts.ACP != "" && !slices.Contains(acpKinds, opts.ACP) {
		// As //card:acp detial is told: the kind meant, when one is close, else the list.
		if s := annotations.DidYouMean(opts.ACP, acpKinds); s != "" {
			add("-acp %q is not an ACP card kind; did you mean %s?", opts.ACP, s)
		} else {
			add("-acp %q is not an ACP card kind; use one of %s", opts.ACP, strings.Join(acpKinds, ", "))
		}
	}
	if opts.Markdown && opts.UI {
		add("-markdown and -ui cannot be combined: a markdown document is drawn by the markdown card view, and a tool has one view; leave one out")
	}
	if opts.Markdown && opts.ACP != "" {
		add("-markdown and -acp cannot be combined: an ACP card is built from the result card, which -markdown replaces; leave one out")
	}
	if opts.Recv != "" && !token.IsIdentifier(opts.Recv) {
		add("-recv %q is not a Go type name; give the name of a type declared in the package, such as Service", opts.Recv)
	}
	return probs
}

// checkToolName checks the new tool's name against the package's tools, and the names the
// generator will declare for it against the package's declarations.
func (p *Plan) checkToolName(pkg *pkgInfo) Problems {
	var probs Problems
	add := probs.addf
	tool, stem := p.Options.Tool, gen.GoName(p.Options.Tool)
	for _, t := range pkg.tools {
		switch {
		case t.name == tool && p.Options.UI && t.ui == "":
			// Most likely a view for that tool, which has none, is wanted: -view writes it.
			cmd := "cardgen new " + tool + " -view"
			if p.Options.Dir != "." {
				cmd += " -dir " + p.Options.Dir
			}
			add("tool name %q is already used by %s (%s); tool names must be unique in a package, pick another; or, for the starter view of the existing tool, run %s", tool, t.fn, t.at, cmd)
		case t.name == tool:
			add("tool name %q is already used by %s (%s); tool names must be unique in a package, pick another", tool, t.fn, t.at)
		case t.goName == stem:
			add("tool name %q gives the same generated Go names (%sCard, …) as tool %q of %s (%s); pick a name that differs in more than '_', '.' or '-'", tool, stem, t.name, t.fn, t.at)
		case strings.EqualFold(t.name, tool):
			// The generator refuses the pair: their golden files are one file on macOS and Windows.
			add("tool name %q differs only in case from tool %q of %s (%s), and their golden files in testdata/golden would be one file on macOS and Windows; pick another tool name", tool, t.name, t.fn, t.at)
		}
	}
	// These come from the tool name alone, so no numbering of the scaffold's own names avoids them.
	// They are the per-tool names the generator declares today; the golden test run in Apply
	// catches any other clash, and Apply then undoes everything.
	shape := shapeOf(p.Options)
	names := gen.GeneratedNames(stem, gen.ToolShape{Card: shape == resultCard, Markdown: shape == markdownDoc, ACP: p.Options.ACP})
	for _, n := range names {
		if at, ok := pkg.decls[n]; ok {
			add("%s is declared at %s, and cardgen generates %s for tool %q; rename it or pick another tool name", n, at, n, tool)
		}
		if d, ok := pkg.dotImported(n); ok {
			add("%s: the dot-import of %s brings %s into that file, and cardgen generates %s for tool %q, so the package would not compile; import %s by name, or pick another tool name", d.at, d.path, n, n, tool, d.path)
		}
		for _, t := range pkg.tools {
			// A tool of the same Go stem is reported above, once.
			if t.goName != stem && slices.Contains(t.generated, n) {
				add("cardgen generates %s for tool %q, and for tool %q of %s (%s) too; pick another tool name", n, tool, t.name, t.fn, t.at)
			}
		}
	}
	// The names the generated files declare once for the package: the generator checks them
	// only in a package that has tools, which it will have now.
	views := p.Options.UI || slices.ContainsFunc(pkg.tools, func(t toolInfo) bool { return t.ui != "" })
	forms := p.Options.ACP == "form" || slices.ContainsFunc(pkg.tools, func(t toolInfo) bool { return t.acp == "form" })
	for _, n := range packageNames {
		switch {
		case n.name == "DispatchACP" && !forms, n.name == "uiFiles" && !views:
			continue
		}
		if at, ok := pkg.decls[n.name]; ok {
			add("%s is declared at %s, and cardgen generates %s (%s) in the package once it has the new tool; rename it", n.name, at, n.name, n.what)
		}
		if d, ok := pkg.dotImported(n.name); ok {
			add("%s: the dot-import of %s brings %s into that file, and cardgen generates %s (%s) in the package once it has the new tool, so the package would not compile; import %s by name", d.at, d.path, n.name, n.name, n.what, d.path)
		}
	}
	return probs
}

// packageGenerated are the exported names the generated file declares for the whole package.
var packageGenerated = []string{"RegisterTools", "DispatchACP"}

// packageNames are the names the generated files declare for the whole package, each with what
// it is: DispatchACP only when a tool has an ACP form, uiFiles only when a tool has a view of its
// own, and the golden test in cards_gen_test.go, which go test compiles with the package's tests.
var packageNames = []struct{ name, what string }{
	{"RegisterTools", "which registers the package's tools"},
	{"DispatchACP", "which dispatches the package's ACP form submissions"},
	{"uiFiles", "the views it embeds"},
	{"TestCardgenGolden", "the golden test of " + gen.GeneratedTestFile},
}

// receiver finds the -recv type, or says why it cannot be used; nil and "" without -recv.
func (p *Plan) receiver(pkg *pkgInfo) (*recvInfo, string) {
	name := p.Options.Recv
	if name == "" || !token.IsIdentifier(name) { // an invalid name is reported by checkFlags
		return nil, ""
	}
	r, ok := pkg.types[name]
	switch {
	case !ok && p.NewPackage:
		return nil, fmt.Sprintf("-recv %s: the directory holds no Go package yet, so it has no type %s; leave -recv out, or declare the type first", name, name)
	case !ok:
		if s := pkg.closeReceiver(name); s != "" {
			return nil, fmt.Sprintf("-recv %s: no type %s is declared in package %s; did you mean %s? (else declare it first, or leave -recv out for a plain function)", name, name, p.Package, s)
		}
		return nil, fmt.Sprintf("-recv %s: no type %s is declared in package %s; declare it first, or leave -recv out for a plain function", name, name, p.Package)
	case r.problem != "":
		return nil, fmt.Sprintf("-recv %s: %s", name, r.problem)
	}
	if why := pkg.limited(r); why != "" {
		return nil, fmt.Sprintf("-recv %s: %s %s, or leave -recv out for a plain function", name, name, why)
	}
	return r, ""
}

// closeReceiver returns the type of the package that -recv name most likely meant (a misspelling,
// or another case: store for Store), or "" when none is close. Only types that can be receivers
// are offered: the suggestion would otherwise be refused in turn.
func (info *pkgInfo) closeReceiver(name string) string {
	var names []string
	for n, r := range info.types {
		if r.problem == "" {
			names = append(names, n)
		}
	}
	return annotations.DidYouMean(name, names)
}

// pickNames sets Func, Input and Output: the names derived from the tool name, numbered when
// taken. The types must be free in the package; a method only among its type's methods and fields.
func (p *Plan) pickNames(pkg *pkgInfo, recv *recvInfo) {
	stem := gen.GoName(p.Options.Tool)
	// The regenerated cards_gen.go declares names too: the package's, and those of its tools,
	// taken here as every exported name the generator can declare for a tool, whatever its
	// card (a card from the output type's tags is not seen in the directives).
	generated := map[string]bool{}
	for _, n := range packageGenerated {
		generated[n] = true
	}
	for _, t := range pkg.tools {
		// Every shape's names: a carded carousel's, and a form's.
		for _, shape := range []gen.ToolShape{{Card: true, ACP: "carousel"}, {ACP: "form"}} {
			for _, n := range gen.GeneratedNames(t.goName, shape) {
				generated[n] = true
			}
		}
	}
	// The golden test is a function of cards_gen_test.go: a handler of that name (the tool
	// test_cardgen_golden) would be declared twice in go test's build.
	generated["TestCardgenGolden"] = true
	// A name a dot-import brings into a file of the package cannot be declared in the package
	// too ("already declared through dot-import").
	declared := func(n string) bool {
		_, ok := pkg.decls[n]
		_, dot := pkg.dotImported(n)
		return ok || dot || generated[n]
	}
	p.Input = free(stem+"Input", declared)
	p.Output = free(stem+"Output", func(n string) bool { return declared(n) || n == p.Input })
	if shapeOf(p.Options) == carousel {
		p.Item = free(stem+"Item", func(n string) bool { return declared(n) || n == p.Input || n == p.Output })
	}
	if recv != nil {
		p.Func = free(stem, func(n string) bool { return recv.members[n] })
		return
	}
	p.Func = free(stem, func(n string) bool { return declared(n) || n == p.Input || n == p.Output || n == p.Item })
}

// free returns name, or name with the smallest numeric suffix from 2 up that is not taken.
func free(name string, taken func(string) bool) string { return freeFrom(name, 2, taken) }

// freeFrom returns name, or name with the smallest numeric suffix from first up that is not taken.
func freeFrom(name string, first int, taken func(string) bool) string {
	if !taken(name) {
		return name
	}
	for i := first; ; i++ {
		if n := name + strconv.Itoa(i); !taken(n) {
			return n
		}
	}
}

// Title turns a tool name into the tool's title, with Go's initialisms in capitals as the
// generated names have them (gen.Words): get_invoice → "Get invoice", list_urls → "List URLs".
func Title(tool string) string { return gen.Words(tool) }

// newPackageName is the name of a new package in dir: PackageName of the last element of its
// import path, as Go names a package. That element is the directory's name, except at the root of
// a module, whose import path is the module path: there the directory may be named anything (a
// checkout in walk-new of module example.com/weather holds package weather), and a major version
// suffix is not the package's name (example.com/weather/v2 and gopkg.in/yaml.v3 hold packages
// weather and yaml). Outside a module it is the directory's name.
func newPackageName(dir string) string {
	root := moduleRoot(dir)
	if root == "" || root != dir {
		return PackageName(filepath.Base(dir))
	}
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	modPath := modfile.ModulePath(data)
	if err != nil || modPath == "" {
		return PackageName(filepath.Base(dir))
	}
	if prefix, _, ok := module.SplitPathVersion(modPath); ok && prefix != "" {
		modPath = prefix
	}
	return PackageName(path.Base(modPath))
}

// moduleRoot is the directory of the nearest go.mod at or above dir (which need not exist yet),
// or "" when there is none. dir is absolute.
func moduleRoot(dir string) string {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if info, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && info.Mode().IsRegular() {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// PackageName derives a package name from a directory name or the last element of an import
// path, the way gopls names the package of a new file: lower-case ASCII letters and digits only
// ("My-Tools" → "mytools"), after dropping a "go-" prefix or a "-go" or ".go" suffix, which names
// the language rather than the package ("go-weather", "weather-go" → "weather", as goimports
// assumes the name of such a path); then "p" before a leading digit, "pkg" after a Go keyword or
// "main" (a package main without a func main does not build), and "tools" when nothing is left.
func PackageName(dir string) string {
	name := strings.ToLower(dir)
	trimmed := strings.TrimPrefix(name, "go-")
	if trimmed == name {
		trimmed = strings.TrimSuffix(strings.TrimSuffix(name, "-go"), ".go")
	}
	if strings.ContainsFunc(trimmed, isLowerAlnum) { // "go-" alone is no name to trim to
		name = trimmed
	}
	var b strings.Builder
	for _, r := range name {
		if isLowerAlnum(r) {
			b.WriteRune(r)
		}
	}
	s := b.String()
	switch {
	case s == "":
		return "tools"
	case s[0] >= '0' && s[0] <= '9':
		return "p" + s
	case token.IsKeyword(s) || s == "main":
		return s + "pkg"
	}
	return s
}

// isLowerAlnum reports whether r is a lower-case ASCII letter or a digit.
func isLowerAlnum(r rune) bool { return r >= 'a' && r <= 'z' || r >= '0' && r <= '9' }
