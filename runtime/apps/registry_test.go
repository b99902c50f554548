package apps

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"
	"weak"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/internal/mcptest"
)

// connect runs s and a client over in-memory transports and returns the client's session.
func connect(t testing.TB, s *mcp.Server, opts *mcp.ClientOptions) *mcp.ClientSession {
	return mcptest.Connect(t, s, opts)
}

func newServer() *mcp.Server {
	return mcp.NewServer(&mcp.Implementation{Name: "shop", Version: "1.0.0"}, nil)
}

func TestURIHash(t *testing.T) {
	// The version is SHA-256 of the _meta.ui JSON, then the view:
	// SHA-256("{}hello") = 718b7b34fd75cac2d8ed2169fbf15d25373c581f074a823af02c51c8e6346902
	r := NewRegistry("shop", Options{})
	uri, err := r.AddHTML("hello.html", []byte("hello"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := "ui://shop/hello.html?v=718b7b34fd75"; uri != want {
		t.Errorf("uri = %q, want %q", uri, want)
	}
	// SHA-256("{}") = 44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a
	uri, err = r.AddHTML("a/b/empty.html", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := "ui://shop/a/b/empty.html?v=44136fa355b3"; uri != want {
		t.Errorf("uri = %q, want %q", uri, want)
	}
	if got, ok := r.URI("hello.html"); !ok || got != "ui://shop/hello.html?v=718b7b34fd75" {
		t.Errorf("URI(hello.html) = %q, %v", got, ok)
	}
	if got, ok := r.URI("missing.html"); ok || got != "" {
		t.Errorf("URI(missing.html) = %q, %v; want \"\", false", got, ok)
	}
}

// TestVersionFollowsServedMeta: the version covers the view's _meta.ui as well as its bytes,
// because resources/read serves both and hosts cache the resource by URI. It covered the bytes
// only, so a deploy that changed a sidecar (a connect origin added for a new API) kept the URI,
// and a host that had cached the view kept framing it with the old CSP.
func TestVersionFollowsServedMeta(t *testing.T) {
	const view = "<!doctype html><title>Card</title>"
	uriOf := func(sidecar string, opts Options) string {
		t.Helper()
		fsys := fstest.MapFS{"card.html": {Data: []byte(view)}}
		if sidecar != "" {
			fsys["card.meta.json"] = &fstest.MapFile{Data: []byte(sidecar)}
		}
		uri, err := NewRegistry("shop", opts).AddFile(fsys, "card.html", nil)
		if err != nil {
			t.Fatal(err)
		}
		return uri
	}
	strict := uriOf("", Options{})
	api := uriOf(`{"csp": {"connectDomains": ["https://api.example.com"]}}`, Options{})
	api2 := uriOf(`{"csp": {"connectDomains": ["https://api.example.com", "https://api2.example.com"]}}`, Options{})
	border := uriOf("", Options{Default: ResourceMeta{PrefersBorder: new(bool)}})
	seen := map[string]string{}
	for name, uri := range map[string]string{"strict": strict, "sidecar": api, "changed sidecar": api2, "default meta": border} {
		if prev, ok := seen[uri]; ok {
			t.Errorf("%s and %s: the same URI %s for different _meta.ui", prev, name, uri)
		}
		seen[uri] = name
	}
	// Only what is served counts: white space and key order in the sidecar do not.
	if again := uriOf("{\n  \"csp\":{ \"connectDomains\" : [\"https://api.example.com\"] }\n}\n", Options{}); again != api {
		t.Errorf("the same meta written differently: %s, want %s", again, api)
	}
	// A sidecar equal to the default serves the same bytes and _meta.ui as no sidecar.
	if same := uriOf(`{}`, Options{}); same != strict {
		t.Errorf("an empty sidecar: %s, want %s", same, strict)
	}
}

func TestCheckPath(t *testing.T) {
	tests := []struct {
		path string
		err  string
	}{
		{"card.html", ""},
		{"orders/card.html", ""},
		{"a-b_c~d/e.f.html", ""},
		{"", `ui path is empty; give a relative .html path such as "orders/card.html"`},
		{"../x.html", `ui path "../x.html" has a ".." element; paths may not leave the ui folder`},
		{"a/../../x.html", `ui path "a/../../x.html" has a ".." element; paths may not leave the ui folder
ui path "a/../../x.html" has a ".." element; paths may not leave the ui folder`},
		{"/etc/passwd", `ui path "/etc/passwd" is absolute; make it relative to the ui folder, without the leading "/"
ui path "/etc/passwd" does not end in ".html"; views are HTML files`},
		{`..\x.html`, `ui path "..\\x.html" contains a backslash; separate folders with "/"`},
		{"./card.html", `ui path "./card.html" has a "." element; remove it`},
		{"a//card.html", `ui path "a//card.html" has an empty element ("//" or a trailing "/"); remove it`},
		{"card.htm", `ui path "card.htm" does not end in ".html"; views are HTML files`},
		{"card.HTML", `ui path "card.HTML" does not end in ".html"; views are HTML files`},
		{"my card.html", `ui path "my card.html" has the character ' ' after "my"; use ASCII letters, digits and ._~- only`},
		{"%2e%2e/x.html", `ui path "%2e%2e/x.html" has the character '%' at its start; use ASCII letters, digits and ._~- only`},
		{"card.html?v=1", `ui path "card.html?v=1" has the character '?' after "card.html"; use ASCII letters, digits and ._~- only
ui path "card.html?v=1" does not end in ".html"; views are HTML files`},
		{"café.html", `ui path "café.html" has the character 'é' after "caf"; use ASCII letters, digits and ._~- only`},
	}
	for _, tt := range tests {
		err := CheckPath(tt.path)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.err {
			t.Errorf("CheckPath(%q) =\n%s\nwant\n%s", tt.path, got, tt.err)
		}
	}
}

func TestRegistryErrors(t *testing.T) {
	fsys := fstest.MapFS{
		"card.html":      {Data: []byte("<p>card</p>")},
		"bad.html":       {Data: []byte("<p>bad</p>")},
		"bad.meta.json":  {Data: []byte("{\n  \"prefersBorder\": \"yes\",\n  \"csp\": {\"connectDomains\": [\"http://api.example.com\"]}\n}")},
		"dir.html/x.txt": {Data: []byte("x")},
	}
	r := NewRegistry("shop", Options{})
	if _, err := r.AddFile(fsys, "card.html", nil); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		add  func() (string, error)
		want string
	}{
		{"duplicate", func() (string, error) { return r.AddHTML("card.html", []byte("x"), nil) },
			"apps: view card.html was already added; add each path once"},
		{"missing file", func() (string, error) { return r.AddFile(fsys, "missing.html", nil) },
			"apps: reading view: open missing.html: file does not exist"},
		{"bad path", func() (string, error) { return r.AddFile(fsys, "../card.html", nil) },
			`apps: ui path "../card.html" has a ".." element; paths may not leave the ui folder`},
		{"bad sidecar", func() (string, error) { return r.AddFile(fsys, "bad.html", nil) },
			`bad.meta.json:2:20: "prefersBorder" must be true or false, not a string
bad.meta.json:3:30: csp.connectDomains[0] "http://api.example.com" is not an https origin; write it as https://host[:port], e.g. https://api.example.com`},
		{"bad meta", func() (string, error) {
			return r.AddHTML("x.html", nil, &ResourceMeta{CSP: &CSP{FrameDomains: []string{"ftp://x.example.com"}}})
		}, `apps: meta of x.html: csp.frameDomains[0] "ftp://x.example.com" is not an https origin; write it as https://host[:port], e.g. https://api.example.com`},
	}
	for _, tt := range tests {
		uri, err := tt.add()
		if err == nil || err.Error() != tt.want || uri != "" {
			t.Errorf("%s: got %q, %v\nwant error %s", tt.name, uri, err, tt.want)
		}
	}

	// A bad sidecar is ignored when the caller passes its own meta.
	if _, err := r.AddFile(fsys, "bad.html", &ResourceMeta{}); err != nil {
		t.Errorf("AddFile with explicit meta: %v", err)
	}

	r.Register(newServer())
	if _, err := r.AddHTML("late.html", nil, nil); err == nil || err.Error() != "apps: cannot add late.html after Register; add every view before registering" {
		t.Errorf("add after Register: %v", err)
	}

	bad := NewRegistry("my shop", Options{})
	if _, err := bad.AddHTML("a.html", nil, nil); err == nil || err.Error() != `apps: server name "my shop" cannot be the host of a ui:// URI; use letters, digits, '.', '-' and '_' only` {
		t.Errorf("bad server name: %v", err)
	}
	badDefault := NewRegistry("shop", Options{Default: ResourceMeta{CSP: &CSP{ConnectDomains: []string{"http://x.example.com"}}}})
	if _, err := badDefault.AddHTML("a.html", nil, nil); err == nil || err.Error() != `apps: Options.Default: csp.connectDomains[0] "http://x.example.com" is not an https origin; write it as https://host[:port], e.g. https://api.example.com` {
		t.Errorf("bad default: %v", err)
	}
}

// TestDefaultMetaTakenByNewRegistry: NewRegistry checks Options.Default, so it must also be the
// default that views get. It kept the caller's value, whose CSP is a pointer: an origin changed
// after NewRegistry (here to plain http, which Validate refuses) was served to hosts unchecked,
// and views added before and after the change got different defaults.
func TestDefaultMetaTakenByNewRegistry(t *testing.T) {
	def := ResourceMeta{CSP: &CSP{ConnectDomains: []string{"https://api.example.com"}}}
	r := NewRegistry("shop", Options{Default: def})
	def.CSP.ConnectDomains[0] = "http://api.example.com"
	def.CSP.ResourceDomains = []string{"https://cdn.example.com"}
	uri, err := r.AddHTML("a.html", []byte("<p>a"), nil)
	if err != nil {
		t.Fatal(err)
	}
	s := newServer()
	r.Register(s)
	res, err := connect(t, s, nil).ReadResource(context.Background(), &mcp.ReadResourceParams{URI: uri})
	if err != nil {
		t.Fatal(err)
	}
	ui, _ := json.Marshal(res.Contents[0].Meta["ui"])
	if want := `{"csp":{"connectDomains":["https://api.example.com"]}}`; string(ui) != want {
		t.Errorf("_meta.ui = %s, want the default NewRegistry was given and checked, %s", ui, want)
	}
}

// safetyFixture is a server whose registry holds two views, next to files
// that must never be served.
type safetyFixture struct {
	fsys    fstest.MapFS
	cs      *mcp.ClientSession
	cardURI string
	homeURI string
}

const (
	cardHTML = "<!DOCTYPE html><html><head><title>Order &amp; status</title></head><body>card</body></html>"
	homeHTML = "<!DOCTYPE html><title>Home</title><p>home</p>"
)

func newSafetyFixture(t *testing.T) *safetyFixture {
	t.Helper()
	fsys := fstest.MapFS{
		"orders/card.html":      {Data: []byte(cardHTML)},
		"orders/card.meta.json": {Data: []byte(`{"csp":{"connectDomains":["https://api.example.com"]},"prefersBorder":false}`)},
		"home.html":             {Data: []byte(homeHTML)},
		"secret.html":           {Data: []byte("<p>not added</p>")},
	}
	border := true
	r := NewRegistry("shop", Options{Default: ResourceMeta{PrefersBorder: &border}})
	cardURI, err := r.AddFile(fsys, "orders/card.html", nil)
	if err != nil {
		t.Fatal(err)
	}
	homeURI, err := r.AddFile(fsys, "home.html", nil)
	if err != nil {
		t.Fatal(err)
	}
	// Nothing is read from the file system after AddFile: changing it now
	// must not change what is served.
	fsys["orders/card.html"].Data = []byte("<p>changed on disk</p>")
	delete(fsys, "home.html")

	s := newServer()
	r.Register(s)
	return &safetyFixture{fsys: fsys, cs: connect(t, s, nil), cardURI: cardURI, homeURI: homeURI}
}

func TestRegisterList(t *testing.T) {
	f := newSafetyFixture(t)
	ctx := context.Background()
	res, err := f.cs.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	type entry struct{ URI, Name, Title, MIMEType, MetaUI string }
	var got []entry
	for _, r := range res.Resources {
		ui, _ := json.Marshal(r.Meta["ui"])
		got = append(got, entry{r.URI, r.Name, r.Title, r.MIMEType, string(ui)})
	}
	want := []entry{
		{f.homeURI, "home.html", "Home", MIMEType, `{"prefersBorder":true}`},
		{f.cardURI, "orders/card.html", "Order & status", MIMEType,
			`{"csp":{"connectDomains":["https://api.example.com"]},"prefersBorder":false}`},
	}
	if len(got) != len(want) {
		t.Fatalf("resources/list = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("resource %d = %+v\nwant %+v", i, got[i], want[i])
		}
	}
	if res.Resources[1].Size != int64(len(cardHTML)) {
		t.Errorf("size = %d, want %d", res.Resources[1].Size, len(cardHTML))
	}

	tmpl, err := f.cs.ListResourceTemplates(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(tmpl.ResourceTemplates) != 1 || tmpl.ResourceTemplates[0].URITemplate != "ui://shop/{+path}" {
		t.Errorf("templates = %+v, want one ui://shop/{+path}", tmpl.ResourceTemplates)
	}
}

func TestRegisterReadSafety(t *testing.T) {
	f := newSafetyFixture(t)
	hash := strings.TrimPrefix(f.cardURI, "ui://shop/orders/card.html?v=")
	if len(hash) != 12 {
		t.Fatalf("card URI %q has no 12-digit version", f.cardURI)
	}
	const cardMeta = `{"csp":{"connectDomains":["https://api.example.com"]},"prefersBorder":false}`
	tests := []struct {
		uri  string
		want string // HTML served, or "" for not found
	}{
		// Served: the exact URI, and the current version for a known path.
		{f.cardURI, cardHTML},
		{f.homeURI, homeHTML},
		{"ui://shop/orders/card.html", cardHTML},
		{"ui://shop/orders/card.html?v=000000000000", cardHTML},
		{"ui://shop/home.html", homeHTML},

		// Query tricks.
		{"ui://shop/orders/card.html?v=" + strings.ToUpper(hash), ""},
		{"ui://shop/orders/card.html?v=" + hash[:11], ""},
		{"ui://shop/orders/card.html?v=" + hash + "0", ""},
		{"ui://shop/orders/card.html?v=" + hash + "&x=1", ""},
		{"ui://shop/orders/card.html?x=1&v=" + hash, ""},
		{"ui://shop/orders/card.html?v=" + hash + "#top", ""},
		{"ui://shop/orders/card.html#top", ""},
		{"ui://shop/orders/card.html?", ""},
		{"ui://shop/orders/card.html?v=../../secret", ""},

		// Traversal, in every spelling.
		{"ui://shop/../secret.html", ""},
		{"ui://shop/orders/../secret.html", ""},
		{"ui://shop/orders/../orders/card.html", ""},
		{"ui://shop/./home.html", ""},
		{"ui://shop/%2e%2e/secret.html", ""},
		{"ui://shop/%2E%2E%2Fsecret.html", ""},
		{"ui://shop/orders%2Fcard.html", ""},
		{"ui://shop/%68ome.html", ""},
		{`ui://shop/..\secret.html`, ""},
		{`ui://shop/orders\card.html`, ""},
		{"ui://shop//etc/passwd", ""},
		{"ui://shop/etc/passwd", ""},
		{"/etc/passwd", ""},
		{"file:///etc/passwd", ""},

		// Files next to the views, and unknown paths.
		{"ui://shop/orders/card.meta.json", ""},
		{"ui://shop/secret.html", ""},
		{"ui://shop/missing.html", ""},
		{"ui://shop/ORDERS/card.html", ""},
		{"ui://shop/orders/card.html ", ""},
		{"ui://shop/", ""},
		{"ui://shop", ""},

		// Other servers and schemes.
		{"ui://other/orders/card.html?v=" + hash, ""},
		{"ui://shop.evil/orders/card.html", ""},
		{"ui://sho/p/orders/card.html", ""},
		{"UI://shop/orders/card.html?v=" + hash, ""},
		{"https://shop/orders/card.html", ""},
	}
	ctx := context.Background()
	for _, tt := range tests {
		res, err := f.cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: tt.uri})
		if tt.want == "" {
			var rpcErr *jsonrpc.Error
			// The MCP specification (SEP-2164) answers an unknown resource with Invalid Params.
			if !errors.As(err, &rpcErr) || rpcErr.Code != jsonrpc.CodeInvalidParams || rpcErr.Message != "Resource not found" {
				t.Errorf("read %q: got %v, %v; want resource not found", tt.uri, res, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("read %q: %v", tt.uri, err)
			continue
		}
		if len(res.Contents) != 1 {
			t.Errorf("read %q: %d contents, want 1", tt.uri, len(res.Contents))
			continue
		}
		c := res.Contents[0]
		wantURI := f.cardURI
		if tt.want == homeHTML {
			wantURI = f.homeURI
		}
		if c.Text != tt.want || c.MIMEType != MIMEType || c.URI != wantURI {
			t.Errorf("read %q = {URI %q, MIME %q, Text %q}; want {%q, %q, %q}", tt.uri, c.URI, c.MIMEType, c.Text, wantURI, MIMEType, tt.want)
		}
		ui, _ := json.Marshal(c.Meta["ui"])
		wantMeta := cardMeta
		if tt.want == homeHTML {
			wantMeta = `{"prefersBorder":true}`
		}
		if string(ui) != wantMeta {
			t.Errorf("read %q: _meta.ui = %s, want %s", tt.uri, ui, wantMeta)
		}
	}
}

func TestRegisterManyServers(t *testing.T) {
	r := NewRegistry("shop", Options{})
	uri, err := r.AddHTML("card.html", ResultCardView(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		s := newServer()
		r.Register(s)
		res, err := connect(t, s, nil).ReadResource(context.Background(), &mcp.ReadResourceParams{URI: uri})
		if err != nil || res.Contents[0].Text != string(ResultCardView()) {
			t.Errorf("server %d: read %q: %v", i, uri, err)
		}
	}
}

// TestRegistriesOfOneNameOnOneServer: two registries with the same server name on one server
// (two packages both called orders, say) share the SDK's one ui://<name>/{+path} template, which
// the second Register replaced: a read of a view of the first without ?v=, or with an outdated
// one, was answered "not found" — the broken frame that serving the current version exists to
// prevent. Each view is now served; a path both have is served from the registry registered last.
func TestRegistriesOfOneNameOnOneServer(t *testing.T) {
	first, second := NewRegistry("shop", Options{}), NewRegistry("shop", Options{})
	for _, add := range []struct {
		r          *Registry
		path, html string
	}{
		{first, "a.html", "first a"},
		{first, "both.html", "first both"},
		{second, "b.html", "second b"},
		{second, "both.html", "second both"},
	} {
		if _, err := add.r.AddHTML(add.path, []byte(add.html), nil); err != nil {
			t.Fatal(err)
		}
	}
	s := newServer()
	first.Register(s)
	second.Register(s)
	cs := connect(t, s, nil)
	firstBoth, _ := first.URI("both.html")
	for uri, want := range map[string]string{
		"ui://shop/a.html":                 "first a",
		"ui://shop/a.html?v=000000000000":  "first a",
		"ui://shop/b.html":                 "second b",
		"ui://shop/both.html":              "second both",
		"ui://shop/both.html?v=0123456789": "", // not a well-formed version
		firstBoth:                          "first both",
	} {
		res, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: uri})
		switch {
		case want == "" && err == nil:
			t.Errorf("read %s = %q, want resource not found", uri, res.Contents[0].Text)
		case want == "":
		case err != nil:
			t.Errorf("read %s: %v; want %q", uri, err, want)
		case res.Contents[0].Text != want:
			t.Errorf("read %s = %q, want %q", uri, res.Contents[0].Text, want)
		}
	}
}

// TestRegisterWhileReading: registries of one name are made and registered on a server one
// after another, then registered again in the same order, while reads of their views without
// ?v= go on. The template handler looks the registries up without a lock, so under -race this
// shows that a list, and the views of the registries on it, reach readers safely (each registry
// is even made while the reads run), and that a list is not changed under a reader when
// Register moves a registry to its end. Each read must also use one whole list, no older than
// the reader's last: the registries common.html is served from follow the order of the
// Register calls, and every view of a registry registered by then is served. In the end the
// handler the first Register added serves the last registered registry's common.html.
func TestRegisterWhileReading(t *testing.T) {
	const n = 20
	s := newServer()
	regs := make([]*Registry, n)
	newShop := func(i int) *Registry {
		r := NewRegistry("shop", Options{})
		for _, path := range []string{"common.html", fmt.Sprintf("only%d.html", i)} {
			if _, err := r.AddHTML(path, []byte(strconv.Itoa(i)), nil); err != nil {
				t.Error(err)
			}
		}
		return r
	}
	regs[0] = newShop(0)
	regs[0].Register(s)
	// The handler is taken once, before the other Register calls, as a read the SDK has
	// already routed to it would have it: taking it anew would order the test's reads after
	// those calls through the lock Register holds, and hide a race.
	read := templateRead(s, "shop")
	served := func(path string) (int, error) {
		uri := "ui://shop/" + path
		res, err := read(context.Background(), &mcp.ReadResourceRequest{Params: &mcp.ReadResourceParams{URI: uri}})
		if err != nil {
			return 0, fmt.Errorf("read %s: %w", uri, err)
		}
		k, err := strconv.Atoi(res.Contents[0].Text)
		if err != nil {
			return 0, fmt.Errorf("read %s = %q", uri, res.Contents[0].Text)
		}
		return k, nil
	}

	done := make(chan struct{})
	var reads readCount
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			// The registries registered last are, Register call after call, 0, 1, ..., n-1,
			// then 0, 1, ..., n-1 again: call c registers c%n. c is the last call this reader
			// knows of.
			c := 0
			for ; ; reads.Add(1) {
				select {
				case <-done:
					return
				default:
				}
				k, err := served("common.html")
				if err != nil {
					t.Error(err)
					return
				}
				next := k // the first call at or after c that registers k
				if next < c {
					next += n
				}
				if next < c {
					t.Errorf("common.html served from registry %d after Register call %d, which registered %d later", k, c, c%n)
					return
				}
				c = next
				for j := range min(c, n-1) + 1 { // the registries registered by call c
					if got, err := served(fmt.Sprintf("only%d.html", j)); err != nil || got != j {
						t.Errorf("after Register call %d: only%d.html = %d, %v; want %d", c, j, got, err, j)
						return
					}
				}
			}
		})
	}
	for i := 1; i < n; i++ {
		regs[i] = newShop(i)
		regs[i].Register(s)
		reads.awaitMore(4)
	}
	for _, r := range regs {
		r.Register(s)
		reads.awaitMore(4)
	}
	close(done)
	wg.Wait()

	if k, err := served("common.html"); err != nil || k != n-1 {
		t.Errorf("common.html = %d, %v at the end; want %d, the last registered", k, err, n-1)
	}
}

// readCount counts the rounds of reads of a concurrency test, so that its writer can wait for
// reads to happen between its writes. Only the writer looks at it: the readers must not learn
// of the writes through it, which would order their reads after the writes and hide a race.
type readCount struct{ atomic.Int64 }

// awaitMore waits until n more rounds are done, or a second has passed (a reader that failed
// has stopped reading).
func (c *readCount) awaitMore(n int64) {
	target := c.Load() + n
	for deadline := time.Now().Add(time.Second); c.Load() < target && time.Now().Before(deadline); {
		runtime.Gosched()
	}
}

// TestURIWhileAdding: URI may be called while views are added and the registry registered, and
// reads a registered registry without its lock. Under -race this shows the two ways of reading
// are safe; a path, once found, keeps the URI Add returned.
func TestURIWhileAdding(t *testing.T) {
	const n = 50
	r := NewRegistry("shop", Options{})
	uris := make([]string, n) // the start of each path's URI
	path := func(i int) string { return fmt.Sprintf("v%d.html", i) }
	for i := range n {
		uris[i] = r.prefix + path(i) + "?v="
	}
	registered := make(chan struct{})
	var reads readCount
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			found := 0 // paths 0..found-1 have been found
			for ; ; reads.Add(1) {
				select {
				case <-registered:
					// Every path was added before Register, so each is found now.
					for i := range n {
						if got, ok := r.URI(path(i)); !ok || !strings.HasPrefix(got, uris[i]) {
							t.Errorf("after Register: URI(%s) = %q, %v", path(i), got, ok)
						}
					}
					return
				default:
				}
				for i := range n {
					got, ok := r.URI(path(i))
					switch {
					case ok && !strings.HasPrefix(got, uris[i]):
						t.Errorf("URI(%s) = %q, want %s…", path(i), got, uris[i])
						return
					case !ok && i < found:
						t.Errorf("URI(%s) not found after it was", path(i))
						return
					case ok:
						found = max(found, i+1)
					}
				}
			}
		})
	}
	for i := range n {
		if _, err := r.AddHTML(path(i), []byte(strconv.Itoa(i)), nil); err != nil {
			t.Fatal(err)
		}
		reads.awaitMore(2)
	}
	r.Register(newServer())
	reads.awaitMore(2)
	close(registered)
	wg.Wait()
}

// TestRegisterKeepsNoServer: what Register records about a server, for the registries of one
// name on it, goes once the server is unreachable, so a process that makes a server per session
// does not keep them all.
func TestRegisterKeepsNoServer(t *testing.T) {
	r := NewRegistry("shop", Options{})
	if _, err := r.AddHTML("a.html", []byte("a"), nil); err != nil {
		t.Fatal(err)
	}
	s := newServer()
	r.Register(s)
	key := weak.Make(s)
	if _, ok := namesakes.Load(key); !ok {
		t.Fatal("no entry for the server")
	}
	s = nil
	for deadline := time.Now().Add(5 * time.Second); ; {
		runtime.GC()
		if _, ok := namesakes.Load(key); !ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the entry of an unreachable server is still there")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestRegisterEmpty(t *testing.T) {
	s := newServer()
	NewRegistry("shop", Options{}).Register(s)
	// With nothing registered the server has no resources capability at all,
	// so a read is refused before any handler runs.
	_, err := connect(t, s, nil).ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "ui://shop/x.html"})
	if err == nil {
		t.Error("read from an empty registry succeeded")
	}
}

func TestClientSupportsApps(t *testing.T) {
	s := newServer()
	mcp.AddTool(s, &mcp.Tool{Name: "probe", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(_ context.Context, req *mcp.CallToolRequest, _ map[string]any) (*mcp.CallToolResult, any, error) {
			text := "no"
			if ClientSupportsApps(req.Session) {
				text = "yes"
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil, nil
		})
	withExt := func(settings map[string]any) *mcp.ClientOptions {
		caps := &mcp.ClientCapabilities{}
		caps.AddExtension(ExtensionID, settings)
		return &mcp.ClientOptions{Capabilities: caps}
	}
	tests := []struct {
		name string
		opts *mcp.ClientOptions
		want string
	}{
		{"no extensions", nil, "no"},
		{"apps", withExt(map[string]any{"mimeTypes": []string{MIMEType}}), "yes"},
		{"apps among others", withExt(map[string]any{"mimeTypes": []string{"text/html", MIMEType}}), "yes"},
		{"other mime type", withExt(map[string]any{"mimeTypes": []string{"text/html"}}), "no"},
		{"no settings", withExt(nil), "no"},
		{"wrong type", withExt(map[string]any{"mimeTypes": MIMEType}), "no"},
	}
	for _, tt := range tests {
		res, err := connect(t, s, tt.opts).CallTool(context.Background(), &mcp.CallToolParams{Name: "probe", Arguments: map[string]any{}})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := res.Content[0].(*mcp.TextContent).Text; got != tt.want {
			t.Errorf("%s: ClientSupportsApps = %s, want %s", tt.name, got, tt.want)
		}
	}
	if ClientSupportsApps(nil) {
		t.Error("ClientSupportsApps(nil) = true")
	}
}

// TestRegisterConcurrentReads reads the same view from many goroutines; run
// with -race it shows that sharing the prepared contents between reads is safe.
func TestRegisterConcurrentReads(t *testing.T) {
	r := NewRegistry("shop", Options{})
	uri, err := r.AddHTML("card.html", []byte(cardHTML), nil)
	if err != nil {
		t.Fatal(err)
	}
	s := newServer()
	r.Register(s)
	sessions := []*mcp.ClientSession{connect(t, s, nil), connect(t, s, nil)}
	var wg sync.WaitGroup
	errs := make(chan error, 80)
	for g := range 8 {
		wg.Go(func() {
			for i := range 10 {
				// Distinct stale versions keep the client's cache out of the way.
				u := fmt.Sprintf("ui://shop/card.html?v=%06x%06x", g, i)
				res, err := sessions[g%2].ReadResource(context.Background(), &mcp.ReadResourceParams{URI: u})
				if err != nil {
					errs <- err
					continue
				}
				if c := res.Contents[0]; c.URI != uri || c.Text != cardHTML {
					errs <- fmt.Errorf("read %s: got URI %s", u, c.URI)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestHTMLTitle(t *testing.T) {
	tests := []struct{ doc, want string }{
		{"<title>Order</title>", "Order"},
		{"<!DOCTYPE html><HTML><HEAD><TITLE lang=en>  Order &amp;\n status </TITLE>", "Order & status"},
		{"<p>a < b</p><title>T</title>", "T"},
		{"<title>unclosed", ""},
		{"<title", ""},
		{"no title", ""},
		{"<", ""},
		// Only a title element counts, as for the browser's document.title: not a commented-out
		// one, not one in script text, not another tag that starts with "title", and not an SVG
		// image's title. The scan took each of these for the view's title.
		{"<!-- <title>Old</title> --><title>New</title>", "New"},
		{"<script>var s = '<title>x</title>';</script><title>T</title>", "T"},
		{"<style>/* <title>x</title> */</style><title>T</title>", "T"},
		{"<title-bar>Menu</title-bar><title>T</title>", "T"},
		{`<svg><title>Icon</title></svg><svg/><title>T</title>`, "T"},
		{`<template><title>X</title></template><title>Real</title>`, "Real"},
		{`<title/>Hello</title>`, "Hello"},
		{"<textarea><title>x</title></textarea><title>T</title>", "T"},
		{"<title> A&nbsp;B\u00a0 </title>", "A\u00a0B\u00a0"}, // no-break spaces are not ASCII white space
	}
	for _, tt := range tests {
		if got := htmlTitle([]byte(tt.doc)); got != tt.want {
			t.Errorf("htmlTitle(%q) = %q, want %q", tt.doc, got, tt.want)
		}
	}
}

// TestReadWithControlCharacters: a read of a URI holding a control character, or a rune Go's %q
// escapes as \U, inside the views' prefix or outside every resource, is answered with resource
// not found and its URI, and the session goes on. With the SDK's own error, which writes the URI
// with %q, the response could not be sent and the session ended.
func TestReadWithControlCharacters(t *testing.T) {
	f := newSafetyFixture(t)
	ctx := context.Background()
	for _, uri := range []string{
		"ui://shop/orders/card\x01.html",
		"ui://shop/\x7f",
		"ui://shop/home.html\v",
		"file:///etc/\x00passwd",
		"ui://other/\U000e0001",
		"ui://shop/\xff.html",
	} {
		_, err := f.cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
		rpcErr, ok := errors.AsType[*jsonrpc.Error](err)
		if !ok || rpcErr.Code != jsonrpc.CodeInvalidParams || rpcErr.Message != "Resource not found" {
			t.Fatalf("read %q: %v; want resource not found", uri, err)
		}
		var data struct {
			URI string `json:"uri"`
		}
		if err := json.Unmarshal(rpcErr.Data, &data); err != nil || data.URI != strings.ToValidUTF8(uri, "\uFFFD") {
			t.Errorf("read %q: error data %s (%v); want the URI", uri, rpcErr.Data, err)
		}
		// The session is still there.
		if _, err := f.cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: f.cardURI}); err != nil {
			t.Fatalf("after reading %q: %v", uri, err)
		}
	}
}

// TestReadCacheHint: a read of a view's versioned URI may be kept for VersionedTTL by any client;
// a read of its path alone, which a deploy changes, is stale at once.
func TestReadCacheHint(t *testing.T) {
	f := newSafetyFixture(t)
	ctx := context.Background()
	for _, tc := range []struct {
		uri   string
		ttlMs int
	}{
		{f.cardURI, int(VersionedTTL.Milliseconds())},
		{"ui://shop/orders/card.html", 0},
		{"ui://shop/orders/card.html?v=000000000000", 0},
	} {
		res, err := f.cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: tc.uri})
		if err != nil {
			t.Fatalf("read %q: %v", tc.uri, err)
		}
		if res.TTLMs != tc.ttlMs || res.CacheScope != "public" {
			t.Errorf("read %q: ttlMs %d, cacheScope %q; want %d, public", tc.uri, res.TTLMs, res.CacheScope, tc.ttlMs)
		}
	}
}

// TestViewMustBeUTF8: a read sends a view as JSON text, so a view saved in another encoding
// (Latin-1 "café" is "caf\xe9") reached the host with U+FFFD in place of its letters, under a
// size and a version computed from bytes no host received. Adding it is an error that names
// the first bad byte; a UTF-8 view is read back byte for byte, with its size in bytes.
func TestViewMustBeUTF8(t *testing.T) {
	latin1 := []byte("<!DOCTYPE html><meta charset=\"windows-1252\"><title>Caf\xe9</title><p>caf\xe9</p>")
	fsys := fstest.MapFS{"latin1.html": {Data: latin1}}
	r := NewRegistry("shop", Options{})
	want := fmt.Sprintf("apps: view latin1.html is not valid UTF-8 (byte %d is not): save it as UTF-8, the encoding hosts read views in",
		bytes.IndexByte(latin1, 0xe9))
	if uri, err := r.AddFile(fsys, "latin1.html", nil); err == nil || err.Error() != want || uri != "" {
		t.Errorf("AddFile of a Latin-1 view: %q, %v\nwant error %s", uri, err, want)
	}
	if _, err := r.AddHTML("latin1.html", latin1, nil); err == nil || err.Error() != want {
		t.Errorf("AddHTML of a Latin-1 view: %v\nwant error %s", err, want)
	}

	utf8View := "<!DOCTYPE html><title>Café Ngọc</title><p>\u2028 ₫ 😀</p>"
	uri, err := r.AddHTML("utf8.html", []byte(utf8View), nil)
	if err != nil {
		t.Fatal(err)
	}
	s := newServer()
	r.Register(s)
	cs := connect(t, s, nil)
	res, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: uri})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Contents[0].Text; got != utf8View {
		t.Errorf("read %q; want the view's bytes %q", got, utf8View)
	}
	list, err := cs.ListResources(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Resources) != 1 || list.Resources[0].Size != int64(len(utf8View)) {
		t.Errorf("resources/list %v; want one view of %d bytes", list.Resources, len(utf8View))
	}
}

// TestZeroRegistry: a Registry not made by NewRegistry refuses views with an error that says so,
// where AddHTML panicked on a nil map and Register then served nothing without a word.
func TestZeroRegistry(t *testing.T) {
	var r Registry
	if _, err := r.AddHTML("a.html", []byte("<html></html>"), nil); err == nil || !strings.Contains(err.Error(), "NewRegistry") {
		t.Errorf("AddHTML on the zero Registry = %v; want an error naming NewRegistry", err)
	}
	if _, err := r.AddFile(fstest.MapFS{"a.html": {Data: []byte("<html></html>")}}, "a.html", nil); err == nil || !strings.Contains(err.Error(), "NewRegistry") {
		t.Errorf("AddFile on the zero Registry = %v; want an error naming NewRegistry", err)
	}
	if _, err := NewRegistry("bad name", Options{}).AddHTML("a.html", []byte("<html></html>"), nil); err == nil || strings.Contains(err.Error(), "NewRegistry") {
		t.Errorf("AddHTML on a registry with a bad name = %v; want the name's error", err)
	}
}
