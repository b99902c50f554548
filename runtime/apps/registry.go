package apps

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"
	"weak"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/net/html"

	"github.com/cardgen/cardgen/internal/rpcerr"
)

// Options configures a [Registry].
type Options struct {
	// Default is the _meta.ui of every card added without its own meta and
	// without a <card>.meta.json sidecar. The zero value is the strict
	// default: no outside origins, no permissions.
	Default ResourceMeta
}

// Registry holds a server's ui:// resources: HTML views, each with its
// versioned URI and _meta.ui, all computed once when the view is added.
//
// Add every view first (AddFile, AddHTML), then call Register for each
// server that should serve them; adding after the first Register is an
// error. A Registry is safe for concurrent use. Make one with NewRegistry: the
// zero Registry has no server name, and refuses every view.
type Registry struct {
	server string
	prefix string // "ui://<server>/"
	err    error  // a bad server name or default meta, returned by every Add
	// defaultMeta is Options.Default as JSON, encoded when it is checked: its CSP is a pointer
	// the caller keeps, and a change made to it later must not reach hosts unchecked.
	defaultMeta []byte

	mu sync.RWMutex
	// frozen is set by Register, under mu; byURI and byPath never change after it. It is atomic
	// so that URI can read a frozen registry's maps without mu: a Load that sees true comes after
	// the Store, which comes after the last write to the maps (each made under mu).
	frozen atomic.Bool
	byURI  map[string]*resource // written under mu while not frozen
	byPath map[string]*resource // written under mu while not frozen
}

// errZeroRegistry is what AddFile and AddHTML return on a Registry that NewRegistry did not
// make: it has no server name for its URIs (and no maps to hold the views).
var errZeroRegistry = errors.New("apps: the Registry was not made by NewRegistry, so it has no server name for its ui:// URIs; use apps.NewRegistry(name, opts)")

// resource is one view, ready to be listed and read without further work.
type resource struct {
	path  string
	uri   string
	title string
	size  int64
	meta  mcp.Meta // {"ui": <pre-encoded ResourceMeta>}, shared by list and read
	// contents is returned by every read. The SDK fills only empty URI and
	// MIMEType fields of contents, and both are set, so sharing it is safe.
	contents *mcp.ResourceContents
}

// NewRegistry returns an empty registry for the server named server, the
// host part of its URIs (ui://<server>/<path>?v=<hash>). The name must be
// letters, digits, '.', '-' and '_'; a bad name or an invalid opts.Default is
// reported by every Add. opts.Default is taken now: changing it afterwards,
// through its CSP for example, changes no view.
func NewRegistry(server string, opts Options) *Registry {
	r := &Registry{
		server: server,
		prefix: "ui://" + server + "/",
		byURI:  map[string]*resource{},
		byPath: map[string]*resource{},
	}
	if !validServerName(server) {
		r.err = fmt.Errorf("apps: server name %q cannot be the host of a ui:// URI; use letters, digits, '.', '-' and '_' only", server)
	} else if err := opts.Default.Validate(); err != nil {
		r.err = fmt.Errorf("apps: Options.Default: %w", err)
	} else if r.defaultMeta, err = json.Marshal(opts.Default); err != nil { // cannot happen, as in add
		r.err = fmt.Errorf("apps: encoding Options.Default: %w", err)
	}
	return r
}

func validServerName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// CheckPath reports whether p can name a view: a relative, slash-separated
// path ending in ".html", made of letters, digits and "._~-", with no "." or
// ".." element, no empty element, no leading slash and no backslash. Such a
// path is used in the URI as is, with no escaping. All problems are joined in
// the error.
func CheckPath(p string) error {
	if p == "" {
		return errors.New(`ui path is empty; give a relative .html path such as "orders/card.html"`)
	}
	var errs []error
	add := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("ui path %q "+format, append([]any{p}, args...)...))
	}
	if strings.Contains(p, `\`) {
		add(`contains a backslash; separate folders with "/"`)
	}
	if strings.HasPrefix(p, "/") {
		add(`is absolute; make it relative to the ui folder, without the leading "/"`)
	}
	for elem := range strings.SplitSeq(strings.TrimPrefix(p, "/"), "/") {
		switch elem {
		case "..":
			add(`has a ".." element; paths may not leave the ui folder`)
		case ".":
			add(`has a "." element; remove it`)
		case "":
			add(`has an empty element ("//" or a trailing "/"); remove it`)
		}
	}
	if i := strings.IndexFunc(p, func(c rune) bool {
		return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("._~-/\\", c))
	}); i >= 0 {
		// Where it is, in the path's own words: a byte index read as 0-based or 1-based misleads.
		c, _ := utf8.DecodeRuneInString(p[i:])
		where := fmt.Sprintf("after %q", p[:i])
		if i == 0 {
			where = "at its start"
		}
		add("has the character %q %s; use ASCII letters, digits and ._~- only", c, where)
	}
	if !strings.HasSuffix(p, ".html") {
		add(`does not end in ".html"; views are HTML files`)
	}
	return errors.Join(errs...)
}

// AddFile adds the view at path in fsys (typically an embed.FS of the ui
// folder) and returns its URI. The file is read once, now; nothing is read
// from fsys later.
//
// meta, if not nil, is the view's _meta.ui. If nil, a sidecar next to the
// view (orders/card.meta.json for orders/card.html) replaces the registry's
// default when it exists; it is parsed with [ParseResourceMeta] and any
// problem fails the call.
func (r *Registry) AddFile(fsys fs.FS, path string, meta *ResourceMeta) (uri string, err error) {
	if r.prefix == "" {
		return "", errZeroRegistry
	}
	if r.err != nil {
		return "", r.err
	}
	if err := CheckPath(path); err != nil {
		return "", fmt.Errorf("apps: %w", err)
	}
	data, err := fs.ReadFile(fsys, path)
	if err != nil {
		return "", fmt.Errorf("apps: reading view: %w", err)
	}
	if meta == nil {
		meta, err = readSidecar(fsys, strings.TrimSuffix(path, ".html")+".meta.json")
		if err != nil {
			return "", err
		}
	}
	return r.add(path, data, meta)
}

// readSidecar returns the parsed sidecar at name, or nil if there is none.
func readSidecar(fsys fs.FS, name string) (*ResourceMeta, error) {
	data, err := fs.ReadFile(fsys, name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("apps: reading meta: %w", err)
	}
	m, problems := ParseResourceMeta(data)
	if len(problems) > 0 {
		errs := make([]error, len(problems))
		for i, p := range problems {
			line, col := p.LineCol(data)
			errs[i] = fmt.Errorf("%s:%d:%d: %s", name, line, col, p.Msg)
		}
		return nil, errors.Join(errs...)
	}
	return &m, nil
}

// AddHTML adds a view from bytes, such as [ResultCardView], under path (see
// [CheckPath]) and returns its URI. meta nil means the registry's default.
func (r *Registry) AddHTML(path string, html []byte, meta *ResourceMeta) (uri string, err error) {
	if r.prefix == "" {
		return "", errZeroRegistry
	}
	if r.err != nil {
		return "", r.err
	}
	if err := CheckPath(path); err != nil {
		return "", fmt.Errorf("apps: %w", err)
	}
	return r.add(path, html, meta)
}

func (r *Registry) add(path string, data []byte, meta *ResourceMeta) (string, error) {
	if !utf8.Valid(data) {
		// A read sends the view as JSON text, where each invalid byte would become U+FFFD: the
		// host would draw other characters than the file's, under a size and version computed
		// from bytes it never receives.
		return "", fmt.Errorf("apps: view %s is not valid UTF-8 (byte %d is not): save it as UTF-8, the encoding hosts read views in", path, InvalidUTF8At(data))
	}
	encoded := r.defaultMeta
	if meta != nil {
		if err := meta.Validate(); err != nil {
			return "", fmt.Errorf("apps: meta of %s: %w", path, err)
		}
		var err error
		if encoded, err = json.Marshal(*meta); err != nil { // cannot happen: the type has only strings, bools and pointers
			return "", fmt.Errorf("apps: encoding meta of %s: %w", path, err)
		}
	}
	// The version covers everything a read serves, _meta.ui included: hosts cache a resource by
	// URI, and a changed CSP under an old URI would keep being applied. The meta goes first, as
	// compact JSON, which ends where its object ends, so no two (meta, view) pairs hash the same
	// bytes.
	h := sha256.New()
	h.Write(encoded)
	h.Write(data)
	uri := r.prefix + path + "?v=" + hex.EncodeToString(h.Sum(nil)[:6])
	metaUI := mcp.Meta{"ui": json.RawMessage(encoded)}
	res := &resource{
		path:  path,
		uri:   uri,
		title: htmlTitle(data),
		size:  int64(len(data)),
		meta:  metaUI,
		contents: &mcp.ResourceContents{
			URI:      uri,
			MIMEType: MIMEType,
			Text:     string(data),
			Meta:     metaUI,
		},
	}

	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case r.frozen.Load():
		return "", fmt.Errorf("apps: cannot add %s after Register; add every view before registering", path)
	case r.byPath[path] != nil:
		return "", fmt.Errorf("apps: view %s was already added; add each path once", path)
	}
	r.byPath[path] = res
	r.byURI[uri] = res
	return uri, nil
}

// InvalidUTF8At returns the offset of the first byte of data that does not start a valid UTF-8
// sequence, or -1 when data is valid UTF-8. AddFile and AddHTML refuse a view that has one;
// cardgen reports it where it is when it generates.
func InvalidUTF8At(data []byte) int {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return -1
}

// htmlTitle returns the text of the document's title element, as a browser's document.title
// reads it (ASCII white space stripped and collapsed), or "" when there is none or it is not
// closed. The markup is read with the Go team's tokenizer, so a <title> in a comment, in script
// or style text, in an SVG image or in another tag's name is not taken for it.
func htmlTitle(doc []byte) string {
	z := html.NewTokenizer(bytes.NewReader(doc))
	// Depth of open svg and math elements, whose titles name a drawing, and of templates, whose
	// contents are not part of the document.
	foreign := 0
	for {
		switch tt := z.Next(); tt {
		case html.ErrorToken:
			return ""
		case html.StartTagToken, html.SelfClosingTagToken:
			switch name, _ := z.TagName(); string(name) {
			case "svg", "math", "template":
				if tt == html.StartTagToken {
					foreign++
				}
			case "title":
				// <title/> opens a title as <title> does: the slash means nothing on it.
				if foreign == 0 {
					return titleText(z)
				}
			}
		case html.EndTagToken:
			switch name, _ := z.TagName(); string(name) {
			case "svg", "math", "template":
				if foreign > 0 {
					foreign--
				}
			}
		}
	}
}

// titleText reads the text of a title element whose start tag z has just read, up to its end
// tag; it returns "" if the document ends first.
func titleText(z *html.Tokenizer) string {
	var text strings.Builder
	for {
		switch z.Next() {
		case html.TextToken:
			text.Write(z.Text()) // character references decoded: a title is RCDATA
		case html.EndTagToken:
			return strings.Join(strings.FieldsFunc(text.String(), func(c rune) bool {
				return strings.ContainsRune(" \t\n\f\r", c)
			}), " ")
		default: // the end of the document: an unclosed title
			return ""
		}
	}
}

// URI returns the versioned URI of the view added under path.
func (r *Registry) URI(path string) (string, bool) {
	if r.frozen.Load() {
		// Registered: no view can be added any more, and the Load is ordered after every Add,
		// so the map is read without locking.
		return r.uriOf(path)
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.uriOf(path)
}

// uriOf is URI once byPath may be read: under mu, or after frozen was seen set.
func (r *Registry) uriOf(path string) (string, bool) {
	if res := r.byPath[path]; res != nil {
		return res.uri, true
	}
	return "", false
}

// Register adds every view to s as a resource: Name is the path, Title the
// document's <title>, MIMEType [MIMEType], and _meta.ui on the list entry and
// on the read content. It also adds the resource template ui://<server>/{+path}
// so that a read of a known path without ?v=, or with a stale ?v=, is served
// the current version: a host that cached an old tool list still gets a
// working view. Every other URI is answered as [mcp.ResourceNotFoundError]
// answers it; nothing outside the registered views is ever served.
//
// Register also has s answer a read of a URI with a control character with
// that error instead of ending the session (the SDK's own error for such a URI
// is not JSON; see docs/mcp-apps.md).
//
// Register may be called for many servers (one per session, say); views can
// no longer be added after the first call.
//
// Registries with the same server name may be registered on one server: a
// read without ?v=, or with an outdated one, is served from the last
// registered that has the path. (The SDK keeps one template per URI template,
// the last one added, so its handler looks in all of them.)
func (r *Registry) Register(s *mcp.Server) {
	r.mu.Lock()
	r.frozen.Store(true)
	list := make([]*resource, 0, len(r.byPath))
	for _, res := range r.byPath {
		list = append(list, res)
	}
	r.mu.Unlock()
	if len(list) == 0 {
		return
	}
	slices.SortFunc(list, func(a, b *resource) int { return strings.Compare(a.path, b.path) })
	rpcerr.Install(s)
	for _, res := range list {
		s.AddResource(&mcp.Resource{
			URI:      res.uri,
			Name:     res.path,
			Title:    res.title,
			MIMEType: MIMEType,
			Size:     res.size,
			Meta:     res.meta,
		}, r.read)
	}
	// The handler is that of r's name on s, shared by every registry of that name registered
	// on s: whichever Register adds the template last, it serves the views of them all.
	namesake := namesakesOn(s).join(r)
	s.AddResourceTemplate(&mcp.ResourceTemplate{
		URITemplate: r.prefix + "{+path}",
		Name:        r.server + "-ui",
		Description: "The current version of a UI view of " + r.server + ", for a URI without ?v= or with an outdated one.",
		MIMEType:    MIMEType,
	}, namesake.read)
}

// read is the resource handler of every view.
func (r *Registry) read(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return answer(req, []*Registry{r})
}

// answer serves the view req names from the last of regs that has it. Each of regs has been
// registered, so its maps are never written again, and it reached the caller after it was
// frozen (through the SDK's lock on its handlers, or a namesakes list loaded after it was
// stored), so they are read without locking.
func answer(req *mcp.ReadResourceRequest, regs []*Registry) (*mcp.ReadResourceResult, error) {
	if req == nil || req.Params == nil {
		return nil, rpcerr.ResourceNotFound("")
	}
	for i := len(regs) - 1; i >= 0; i-- {
		res := regs[i].lookup(req.Params.URI)
		if res == nil {
			continue
		}
		result := &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{res.contents}}
		if req.Params.URI == res.uri {
			// The bytes at a versioned URI never change: a changed view, or a changed _meta.ui,
			// gets another ?v=. A path without it is the current version, which a deploy changes.
			result.TTLMs = int(VersionedTTL.Milliseconds())
			result.CacheScope = "public"
		}
		return result, nil
	}
	return nil, rpcerr.ResourceNotFound(req.Params.URI)
}

// namesakes holds, for each server Register was given, its registries by server name. The SDK
// keeps one resource template per URI template, the one added last, so registries of one name on
// one server (two packages called orders, say) share one template, and its handler must serve the
// views of all of them. Its keys are weak, and a server's entry is deleted once the server is
// unreachable, so a process that makes a server per session does not keep them.
var namesakes sync.Map // weak.Pointer[mcp.Server] → *serverRegistries

// serverRegistries are the registries registered on one server.
type serverRegistries struct {
	mu sync.Mutex // held by join, so that Register calls change a name's list one at a time
	// byName holds each name's registries. It is read and written under mu, by Register only:
	// reads of views go through the *namesakeList the template handler holds.
	byName map[string]*namesakeList
}

// namesakeList is the registries of one name on one server. Its read method is the handler of
// their template; it runs on every resources/read of a URI without ?v= or with an outdated one,
// so it takes no lock.
type namesakeList struct {
	// regs lists the registries in the order of their last Register call. A list is replaced,
	// never changed in place, and a reader loads it once: what it reads is one consistent
	// list, whichever Register calls run meanwhile. The Load that returns a list is ordered
	// after its Store, which comes after each of its registries was frozen, so their maps are
	// complete when a reader looks in them.
	regs atomic.Pointer[[]*Registry]
}

// read is the handler of the ui://<name>/{+path} template of l's registries.
func (l *namesakeList) read(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return answer(req, *l.regs.Load())
}

// namesakesOn returns the registries registered on s, adding an empty entry for s if needed.
func namesakesOn(s *mcp.Server) *serverRegistries {
	key := weak.Make(s)
	if g, ok := namesakes.Load(key); ok {
		return g.(*serverRegistries)
	}
	g, loaded := namesakes.LoadOrStore(key, &serverRegistries{byName: map[string]*namesakeList{}})
	if !loaded {
		runtime.AddCleanup(s, func(k weak.Pointer[mcp.Server]) { namesakes.Delete(k) }, key)
	}
	return g.(*serverRegistries)
}

// join puts r, which must be frozen, last among the registries of its name (it was registered
// last) and returns their list.
func (g *serverRegistries) join(r *Registry) *namesakeList {
	g.mu.Lock()
	defer g.mu.Unlock()
	l := g.byName[r.server]
	var regs []*Registry
	if l == nil {
		l = new(namesakeList)
	} else {
		regs = *l.regs.Load()
	}
	// A new list: readers may be ranging over the old one.
	next := append(slices.DeleteFunc(slices.Clone(regs), func(x *Registry) bool { return x == r }), r)
	l.regs.Store(&next)
	g.byName[r.server] = l
	return l
}

// VersionedTTL is how long Register's answer to a read of a view's versioned URI (with its
// ?v=) tells a host it may keep the view (the result's ttlMs, cacheScope "public": a view is the
// same for every user). A read of the path alone is marked stale at once (ttlMs 0), as the SDK
// marks every result. A server's own mcp.ServerOptions.SetCacheable has the last word.
const VersionedTTL = 24 * time.Hour

// lookup resolves uri to a view: the exact versioned URI, or a known path
// with no query or with a well-formed ?v=<12 hex>. Nothing is decoded or
// cleaned, so "%2e%2e", "..", "\" and friends never match a path.
func (r *Registry) lookup(uri string) *resource {
	if res := r.byURI[uri]; res != nil {
		return res
	}
	rest, ok := strings.CutPrefix(uri, r.prefix)
	if !ok {
		return nil
	}
	path, query, hasQuery := strings.Cut(rest, "?")
	res := r.byPath[path]
	if res == nil || hasQuery && !isVersionQuery(query) {
		return nil
	}
	return res
}

// isVersionQuery reports whether q is exactly "v=" and 12 lowercase hex digits.
func isVersionQuery(q string) bool {
	v, ok := strings.CutPrefix(q, "v=")
	if !ok || len(v) != 12 {
		return false
	}
	for _, c := range []byte(v) {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}
