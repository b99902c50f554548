package gen

import (
	"errors"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/module"

	"github.com/cardgen/cardgen/annotations"
	"github.com/cardgen/cardgen/runtime/apps"
	"github.com/cardgen/cardgen/runtime/card"
)

// builtinViewPath is the path of the built-in result-card view among a package's ui resources.
const builtinViewPath = "result-card.html"

// markdownViewPath is mdcard.ViewPath, the markdown card view's path (TestReservedViewPaths holds
// them equal; gen does not import mdcard, which would bring goldmark into the generator).
const markdownViewPath = "markdown-card.html"

// uiDirective checks //card:ui PATH: the rule of apps.CheckPath, a file that exists under the
// package's ui folder, reached without a symlink that leads out of it, and a valid sidecar.
func (b *builder) uiDirective(t *Tool, d *annotations.Directive) {
	if len(d.Args) == 0 {
		return // the annotations parser reported the bad or missing path
	}
	arg := d.Args[0]
	if err := apps.CheckPath(arg.Text); err != nil {
		b.errorf(arg.Pos, "%v (%s)", err, annotations.PathRule)
		return
	}
	if view := BuiltinView(arg.Text); view != "" {
		b.errorf(arg.Pos, "ui path %q is the path of cardgen's built-in %s view in every package's ui registry; rename your view (%s)", arg.Text, view, annotations.PathRule)
		return
	}
	if elem, why := badEmbedName(arg.Text); elem != "" {
		b.errorf(arg.Pos, "ui path %q: go:embed refuses the name %q (%s), so the package would not build; rename it (%s)", arg.Text, elem, why, annotations.PathRule)
		return
	}
	uiDir := filepath.Join(b.out.Dir, filepath.FromSlash(b.out.UIDir))
	full := filepath.Join(uiDir, filepath.FromSlash(arg.Text))
	info, err := os.Stat(full)
	if err != nil || !info.Mode().IsRegular() {
		// cards/card.html for card.html: the path written from the package directory.
		if rest, ok := strings.CutPrefix(arg.Text, b.out.UIDir+"/"); ok && b.out.UIDir != "." {
			if info, err := os.Stat(filepath.Join(uiDir, filepath.FromSlash(rest))); err == nil && info.Mode().IsRegular() {
				b.errorf(arg.Pos, "ui path %q: there is no such file in the ui folder %s; ui paths start inside the ui folder, so write %q", arg.Text, b.out.UIDir+"/", rest)
				return
			}
		}
		if b.uiDirUnknown {
			return // the folder the views are in was refused, and that is reported
		}
		b.errorf(arg.Pos, "ui path %q: there is no such file in the ui folder %s (%s); create it or fix the path (%s)", arg.Text, b.out.UIDir+"/", b.uiOrigin, annotations.PathRule)
		return
	}
	realDir, err1 := filepath.EvalSymlinks(uiDir)
	realFile, err2 := filepath.EvalSymlinks(full)
	if err1 != nil || err2 != nil || !within(realDir, realFile) {
		b.errorf(arg.Pos, "ui path %q leads out of the ui folder through a symlink; nothing outside the ui folder is served, so copy the file in (%s)", arg.Text, annotations.PathRule)
		return
	}
	if link := symlinkOnPath(b.out.Dir, path.Join(b.out.UIDir, arg.Text)); link != "" {
		// go:embed refuses a symlink anywhere on the path ("cannot embed irregular file", "in
		// non-directory"), even to a file or folder beside it: the package would not build.
		b.errorf(arg.Pos, "ui path %q goes through the symlink %s, which go:embed cannot embed, so the package would not build; put the file or folder itself there (%s)", arg.Text, link, annotations.PathRule)
		return
	}
	realPkg, err := filepath.EvalSymlinks(b.out.Dir)
	if err != nil || !within(realPkg, realDir) {
		b.errorf(arg.Pos, "the ui folder %q is not inside the package directory; go:embed can only embed files below it (set -ui to a folder inside the package)", b.out.UIDir)
		return
	}
	if mod := moduleOnPath(b.out.Dir, path.Join(b.out.UIDir, path.Dir(arg.Text))); mod != "" {
		// go:embed stops at another module's root ("in different module").
		b.errorf(arg.Pos, "ui path %q is in the folder %s, which has a go.mod of its own and so belongs to another module, whose files go:embed cannot embed, so the package would not build; move the view out of that module, or remove its go.mod", arg.Text, mod+"/")
		return
	}
	doc, err := os.ReadFile(full)
	if err != nil {
		b.errorf(arg.Pos, "ui path %q: %v; make the file readable", arg.Text, err)
		return
	}
	view := token.NewFileSet().AddFile(full, -1, len(doc))
	view.SetLinesForContent(doc)
	if at := apps.InvalidUTF8At(doc); at >= 0 {
		// apps.Registry refuses such a view when RegisterTools adds it, which would panic at
		// start-up: a read sends the view as JSON text, where each invalid byte becomes U+FFFD.
		b.atVia(view.Position(view.Pos(at)), arg.Pos, "the view is not valid UTF-8 (byte %#x here), and hosts read views as UTF-8; save it as UTF-8", doc[at])
		return
	}
	t.UIPath, t.UIPos = arg.Text, arg.Pos
	b.out.addUIFile(arg.Text)
	for _, l := range relativeLoads(doc) {
		b.atVia(view.Position(view.Pos(l.offset)), arg.Pos, "%s", relativeMessage(l))
	}
	sidecar := strings.TrimSuffix(arg.Text, ".html") + ".meta.json"
	sidecarFile := filepath.Join(uiDir, filepath.FromSlash(sidecar))
	if li, err := os.Lstat(sidecarFile); err == nil && li.Mode()&fs.ModeSymlink != 0 { // its folder is the view's, checked above
		b.atVia(token.Position{Filename: sidecarFile, Line: 1, Column: 1}, arg.Pos, "the sidecar %s is a symlink, which go:embed cannot embed, so the package would not build; put the file itself there", path.Base(sidecar))
		return
	}
	data, err := os.ReadFile(sidecarFile)
	if err != nil {
		return // no sidecar: the registry's default meta applies
	}
	meta, problems := apps.ParseResourceMeta(data)
	if len(problems) > 0 {
		name := filepath.Join(uiDir, filepath.FromSlash(sidecar))
		for _, p := range problems {
			line, col := p.LineCol(data)
			b.atVia(token.Position{Filename: name, Line: line, Column: col}, arg.Pos, "%s", p.Msg)
		}
		return
	}
	b.out.addUIFile(sidecar)
	// With a sidecar, the view's CSP is known here: what its markup loads from elsewhere must be
	// in it. (Without one, RegisterTools' WithUIDefault option may grant origins at run time.)
	for _, l := range blockedLoads(doc, meta) {
		b.atVia(view.Position(view.Pos(l.offset)), arg.Pos, "%s", blockedMessage(l, path.Base(sidecar)))
	}
}

// firstOnPath returns the first element of the slash-separated path rel, below dir, for whose
// path on disk is(path) holds (as a path from dir), or "".
func firstOnPath(dir, rel string, is func(path string) bool) string {
	at := dir
	elems := strings.Split(path.Clean(rel), "/")
	for i, elem := range elems {
		if elem == "." {
			continue
		}
		at = filepath.Join(at, elem)
		if is(at) {
			return strings.Join(elems[:i+1], "/")
		}
	}
	return ""
}

// symlinkOnPath returns the first element of rel, below dir, that is a symlink, or "".
func symlinkOnPath(dir, rel string) string {
	return firstOnPath(dir, rel, func(p string) bool {
		li, err := os.Lstat(p)
		return err == nil && li.Mode()&fs.ModeSymlink != 0
	})
}

// moduleOnPath returns the first folder of rel, below dir, that holds a go.mod, or "".
func moduleOnPath(dir, rel string) string {
	return firstOnPath(dir, rel, func(p string) bool { return fileExists(filepath.Join(p, "go.mod")) })
}

// visibilityDirective parses //card:visibility model|app|model,app.
func (b *builder) visibilityDirective(t *Tool, d *annotations.Directive) {
	if len(d.Args) == 0 {
		return
	}
	v, err := apps.ParseVisibility(d.Args[0].Text)
	if err != nil {
		b.errorf(d.Args[0].Pos, "%v", err)
		return
	}
	t.Visibility = v
	t.HasVisibility = true
}

// BuiltinView returns the name of the built-in view that every package's ui registry serves at
// the ui path p ("result-card" or "markdown-card"), or "": a view of a package's own there would
// make RegisterTools panic at start-up, so cardgen and cardgen new refuse it.
func BuiltinView(p string) string {
	switch p {
	case builtinViewPath:
		return "result-card"
	case markdownViewPath:
		return "markdown-card"
	}
	return ""
}

// FilePathProblem says why the go command refuses p, a slash-separated path, as a file of a
// module (module.CheckFilePath: a name Windows reserves, a trailing dot, a character it does not
// take), in words without the path itself, or returns "".
func FilePathProblem(p string) string {
	err := module.CheckFilePath(p)
	if err == nil {
		return ""
	}
	if inner := errors.Unwrap(err); inner != nil {
		return inner.Error() // "malformed file path …:" would repeat the path
	}
	return err.Error()
}

// badEmbedName returns the first element of the ui path p that //go:embed refuses, and why, or
// "". apps.CheckPath lets such names through, since a registry serves them as well as any, but the
// go command embeds only names that module.CheckFilePath accepts and no version control folder:
// "aux.html" passed generation and then failed go build with "invalid name".
func badEmbedName(p string) (elem, why string) {
	for e := range strings.SplitSeq(p, "/") {
		switch e {
		case ".bzr", ".hg", ".git", ".svn":
			return e, "a version control folder, which modules leave out"
		}
		if why := FilePathProblem(e); why != "" {
			return e, why
		}
	}
	return "", ""
}

func (p *Package) addUIFile(path string) {
	if !slices.Contains(p.UIFiles, path) {
		p.UIFiles = append(p.UIFiles, path)
		slices.Sort(p.UIFiles)
	}
}

func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// usesUI reports whether the package serves any ui:// resource: its own views or the built-in
// result-card view of tools with a card and no view of their own.
func (p *Package) usesUI() bool {
	for _, t := range p.Tools {
		if t.UIPath != "" || t.Card != nil || t.HasVisibility || t.Markdown != nil {
			return true
		}
	}
	return false
}

// usesBuiltinView reports whether some tool is served the built-in result-card view.
func (p *Package) usesBuiltinView() bool {
	return slices.ContainsFunc(p.Tools, drawnByBuiltinView)
}

// drawnByBuiltinView reports whether t's result card is drawn by the built-in view.
func drawnByBuiltinView(t *Tool) bool { return t.UIPath == "" && t.Card != nil && t.Markdown == nil }

// builtinViewOrigins returns, sorted, the origins of the icons and images that the built-in view
// loads for the package's cards when their URL starts with fixed text naming the host
// (image="https://cdn.example.com/p/{{.ID}}.png"): without them in its CSP, a host blocks every
// one, and the view hides an image that does not load without a word.
func (p *Package) builtinViewOrigins() []string {
	var origins []string
	for _, t := range p.Tools {
		for _, o := range builtinViewLoads(t) {
			if o.err == nil && !slices.Contains(origins, o.origin) {
				origins = append(origins, o.origin)
			}
		}
	}
	slices.Sort(origins)
	return origins
}

// viewLoad is the origin of an icon or image the built-in view loads for a card, and why a
// view's CSP cannot list it, if it cannot.
type viewLoad struct {
	slot   *Text
	origin string
	err    error
}

// builtinViewLoads returns the icon and image origins of t's card that are fixed in its
// directives, when the built-in view draws it.
func builtinViewLoads(t *Tool) []viewLoad {
	if !drawnByBuiltinView(t) {
		return nil
	}
	var loads []viewLoad
	for _, u := range []*Text{t.Card.Icon, t.Card.Image} {
		if u == nil || len(u.Parts) == 0 || u.Parts[0].Value != nil {
			continue
		}
		// A URL no browser opens (an invalid port, say) is reported as such, and never loaded.
		if o := absoluteOrigin(u.Parts[0].Lit); strings.HasPrefix(o, "https://") && card.IsHTTPS(u.Parts[0].Lit+"x") {
			// What apps.Registry would refuse as a CSP origin at start-up, making RegisterTools
			// panic: a host with a final dot, an IP v6 address (CSP has no syntax for one).
			err := apps.ResourceMeta{CSP: &apps.CSP{ResourceDomains: []string{o}}}.Validate()
			loads = append(loads, viewLoad{slot: u, origin: o, err: err})
		}
	}
	return loads
}

// checkBuiltinViewOrigins reports each icon or image of a card drawn by the built-in view whose
// origin no CSP can list: every host that enforces the view's CSP would block it.
func (b *builder) checkBuiltinViewOrigins() {
	for _, t := range b.out.Tools {
		for _, l := range builtinViewLoads(t) {
			if l.err != nil {
				b.errorf(l.slot.Pos, "the %s loads from %s, which a view's csp.resourceDomains cannot list, so MCP Apps hosts would block it in the built-in view; use an https URL with a plain host name (no final dot, no IP v6 address)", l.slot.Slot, l.origin)
			}
		}
	}
}
