package scaffold

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cardgen/cardgen/annotations"
	"github.com/cardgen/cardgen/gen"
	"github.com/cardgen/cardgen/runtime/apps"
)

// ViewOptions say which existing tool gets a starter view (cardgen new -view).
type ViewOptions struct {
	// Tool is the name of a tool of the package, as its //card:tool line gives it or the
	// generator derives it from the handler's name.
	Tool string
	// Dir is the package directory; "" is the current directory.
	Dir string
}

// ViewPlan is the starter view of an existing tool, decided but not yet written: the view
// cardgen new -ui writes for a new tool (apps.StarterViewFor), for a tool written earlier.
type ViewPlan struct {
	Options ViewOptions // as given, with Dir "." for ""
	// Dir is the absolute package directory, and Package the package's name.
	Dir, Package string
	// UIDir is the package's ui folder, slash-separated and relative to Dir: the -ui of its
	// //go:generate line for cardgen, or UIDir.
	UIDir string
	// Path is the absolute path of the view: the file the tool's //card:ui line names, or
	// <UIDir>/<tool>.html when it has none.
	Path string
	// Directive is the //card:ui line to add to the handler's doc comment, below its
	// //card:tool line, for the generator to serve the view; "" when the handler has a
	// //card:ui line, which names Path.
	Directive string
	// Handler is the tool's handler, as Func or Type.Method; ToolLine is where its //card:tool
	// line is (file:line, with the directory as Options.Dir gives it), and UILine where its
	// //card:ui line is, when it has one.
	Handler, ToolLine, UILine string
	// Content is the view: apps.StarterViewFor(Options.Tool).
	Content []byte
	// GenerateLine, when not empty, is the //go:generate line to add to a file of the package:
	// none of its files has a line that runs cardgen, so go generate would not serve the view.
	GenerateLine string
}

// NewViewPlan finds the tool opts.Tool in the package in opts.Dir and decides where its starter
// view goes. It writes nothing. When the view is refused (no such tool, a markdown tool, which
// the markdown card view draws, a view that exists already) the error is Problems, listing every
// reason.
//
// cardgen new never changes a file it did not create, so it does not add the //card:ui line to
// the handler's doc comment: Directive is the line to add (cardgen new adds it only to the
// handler it writes itself, with -ui).
func NewViewPlan(opts ViewOptions) (*ViewPlan, error) {
	if opts.Dir == "" {
		opts.Dir = "."
	}
	var probs Problems
	add := probs.addf
	if !gen.ValidToolName(opts.Tool) {
		add("tool name %q is not valid; a tool name is 1 to 64 letters, digits, '_', '.' or '-', such as get_invoice", opts.Tool)
	}
	dir, pkg, err := inspectDir(opts.Dir)
	if err != nil {
		return nil, err
	}
	probs = append(probs, pkg.problems...)
	p := &ViewPlan{Options: opts, Dir: dir, Package: pkg.name, UIDir: UIDir}
	if pkg.name != "" && !pkg.generateLine {
		p.GenerateLine = generateLine
	}
	if pkg.uiDir != "" {
		p.UIDir = pkg.uiDir
	}
	newTool := fmt.Sprintf("cardgen new %s -ui scaffolds a new tool with its starter view", opts.Tool)
	i := slices.IndexFunc(pkg.tools, func(t toolInfo) bool { return t.name == opts.Tool })
	switch {
	case len(probs) > 0:
		return nil, probs
	case pkg.name == "":
		add("%s holds no Go package, so it has no tool %s; -view writes the starter view of an existing tool, and %s", opts.Dir, opts.Tool, newTool)
		return nil, probs
	case i < 0:
		add("%s", noSuchTool(pkg, opts.Tool, newTool))
		return nil, probs
	}
	t := pkg.tools[i]
	p.Handler, p.ToolLine, p.UILine = t.fn, t.toolAt, t.uiAt

	if t.out != "" && pkg.markdownOutput(t.out) {
		add("tool %s returns %s, a markdown document (card:\"markdown\"), which the markdown card view draws, and a tool has one view; a markdown tool has no view of its own", opts.Tool, t.out)
	}
	uiPath := opts.Tool + ".html"
	if t.ui != "" {
		uiPath = t.ui
		if err := apps.CheckPath(uiPath); err != nil {
			add("%s: the //card:ui line of %s names no view a package can have: %v; fix the line first", t.uiAt, t.fn, err)
			return nil, probs
		}
	} else {
		p.Directive = annotations.Prefix + "ui " + uiPath
	}
	full := path.Join(p.UIDir, uiPath)
	p.Path = filepath.Join(dir, filepath.FromSlash(full))
	shown := filepath.Join(opts.Dir, filepath.FromSlash(full))
	switch what := gen.BuiltinView(uiPath); {
	case what != "" && t.ui != "":
		add("%s: the //card:ui line of %s names %s, the path of cardgen's built-in %s view in every package's ui registry; name another view on the line first", t.uiAt, t.fn, uiPath, what)
	case what != "":
		add("the view of %s would be %s, the path of cardgen's built-in %s view in every package's ui registry; add a //card:ui line with another path to the doc comment of %s (%s), such as //card:ui %s-view.html, and run cardgen new %s -view again to write the view there",
			opts.Tool, shown, what, t.fn, t.toolAt, opts.Tool, opts.Tool)
	}
	if why := gen.FilePathProblem(full); why != "" {
		add("the view of %s would be %s, a name Windows reserves (%s), which no checkout there can hold and no module zip may carry; name another view with a //card:ui line on %s (%s)", opts.Tool, shown, why, t.fn, t.toolAt)
	}
	switch twin := caseTwin(p.Path); {
	case exists(p.Path) && t.ui != "":
		add("%s, the view the //card:ui line of %s names (%s), already exists; cardgen new never overwrites a file: edit it, or move it away to start again from the starter view", shown, t.fn, t.uiAt)
	case exists(p.Path):
		add("%s already exists; cardgen new never overwrites a file: if it is the view of %s, add %s to its doc comment (%s); else move it away, or name another view with a //card:ui line and run cardgen new %s -view again",
			shown, t.fn, p.Directive, t.toolAt, opts.Tool)
	case twin != "":
		add("%s differs only in case from %s, which is the same file on macOS and Windows; cardgen new never overwrites a file: move it away, or name another view with a //card:ui line on %s", shown, filepath.Join(filepath.Dir(shown), twin), t.fn)
	}
	// Once the //card:ui line names the view, the generator takes <view>.meta.json beside it for
	// its sidecar, which replaces the strict default meta: one left from an earlier view of that
	// name would give the new one a CSP and permissions nobody reviewed for it. A sidecar of a view
	// the handler names already is the user's, for this view.
	if sidecar := strings.TrimSuffix(p.Path, ".html") + ".meta.json"; t.ui == "" && exists(sidecar) {
		add("%s already exists, and would be the sidecar of the view %s (its CSP and permissions, in place of the strict default); if it is left from an earlier view of that name, remove it, or name another view with a //card:ui line on %s",
			strings.TrimSuffix(shown, ".html")+".meta.json", shown, t.fn)
	}
	if len(probs) > 0 {
		return nil, probs
	}
	p.Content = apps.StarterViewFor(opts.Tool)
	return p, nil
}

// noSuchTool says that the package has no tool named tool, and what it has.
func noSuchTool(pkg *pkgInfo, tool, newTool string) string {
	if len(pkg.tools) == 0 {
		return fmt.Sprintf("package %s has no tools, so none named %s; -view writes the starter view of an existing tool, and %s", pkg.name, tool, newTool)
	}
	names := make([]string, len(pkg.tools))
	for i, t := range pkg.tools {
		names[i] = t.name
	}
	if s := annotations.DidYouMean(tool, names); s != "" {
		return fmt.Sprintf("package %s has no tool named %s; did you mean %s? (-view writes the starter view of an existing tool, and %s)", pkg.name, tool, s, newTool)
	}
	slices.Sort(names)
	return fmt.Sprintf("package %s has no tool named %s (its tools: %s); -view writes the starter view of an existing tool, and %s", pkg.name, tool, strings.Join(names, ", "), newTool)
}

// Write creates the view, and the folders on its way that do not exist yet. It never replaces a
// file, and when it fails it removes what it created.
func (p *ViewPlan) Write() (err error) {
	u := &undo{saved: map[string][]byte{}}
	defer func() {
		if err != nil {
			if uerr := u.run(); uerr != nil {
				err = fmt.Errorf("%w\n(and removing what was created failed: %v)", err, uerr)
			}
		}
	}()
	if err := u.mkdirAll(filepath.Dir(p.Path)); err != nil {
		return err
	}
	return u.create(p.Path, p.Content)
}
