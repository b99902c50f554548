package gen

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestAbsoluteOrigin(t *testing.T) {
	for raw, want := range map[string]string{
		"https://cdn.example.com/app.js":      "https://cdn.example.com",
		" https://CDN.example.com:8443/x ":    "https://cdn.example.com:8443",
		"//cdn.example.com/pin.png":           "https://cdn.example.com",
		"http://old.example.com/x.js":         "http://old.example.com",
		"logo.png":                            "",
		"/static/logo.png":                    "",
		"data:image/png;base64,AAAA":          "",
		"blob:https://x.example.com/1":        "",
		"#top":                                "",
		"javascript:alert(1)":                 "",
		"https://user@cdn.example.com/app.js": "https://cdn.example.com",
		// The default port is the origin without one, as browsers and CSP read it.
		"https://cdn.example.com:443/app.js": "https://cdn.example.com",
		"http://old.example.com:80/x.js":     "http://old.example.com",
		"http://old.example.com:443/x.js":    "http://old.example.com:443",
		// A Unicode domain is its Punycode form, as the browser's URL parser writes it and as a
		// sidecar can list it (ParseResourceMeta refuses the Unicode form).
		"https://bücher.example/a.js":      "https://xn--bcher-kva.example",
		"https://BÜCHER.example:8443/a.js": "https://xn--bcher-kva.example:8443",
		"https://bücher.example:443/a.js":  "https://xn--bcher-kva.example",
	} {
		if got := absoluteOrigin(raw); got != want {
			t.Errorf("absoluteOrigin(%q) = %q; want %q", raw, got, want)
		}
	}
}

func TestCSPAllows(t *testing.T) {
	list := []string{"https://cdn.example.com", "https://*.static.example.com", "https://api.example.com:8443", "https://api2.example.com:443"}
	for origin, want := range map[string]bool{
		"https://cdn.example.com":             true,
		"https://CDN.example.com":             false, // origins are lower-cased by absoluteOrigin first
		"http://cdn.example.com":              false,
		"https://a.static.example.com":        true,
		"https://a.b.static.example.com":      true,
		"https://static.example.com":          false, // the wildcard is for subdomains only
		"https://evilstatic.example.com":      false,
		"https://api.example.com:8443":        true,
		"https://api.example.com":             false,
		"https://cdn.example.com.attacker.io": false,
		// An origin in the sidecar with the default port written out is the same origin.
		"https://api2.example.com": true,
	} {
		if got := cspAllows(list, origin); got != want {
			t.Errorf("cspAllows(%q) = %v; want %v", origin, got, want)
		}
	}
}

// TestViewWithoutSidecarNotChecked: without a sidecar a view's CSP is RegisterTools'
// WithUIDefault option, known only at run time, so its outside loads are not reported.
func TestViewWithoutSidecarNotChecked(t *testing.T) {
	dir := moduleTempDir(t, "viewcsp")
	writeTree(t, dir, map[string]string{
		"cards/v.html": `<!doctype html><script src="https://cdn.example.com/app.js"></script>`,
		"p.go": "package p\n\nimport \"context\"\n\ntype In struct {\n\tID string `json:\"id\"`\n}\n\n" +
			"// V draws a view.\n//\n//card:tool\n//card:ui v.html\nfunc V(ctx context.Context, in In) (*In, error) { return nil, nil }\n",
	})
	if diags := modelDiags(t, dir); len(diags) != 0 {
		t.Errorf("a view without a sidecar: %v; want no diagnostics", diags)
	}
	// The same view with a sidecar that does not list the origin is reported.
	if err := os.WriteFile(filepath.Join(dir, "cards", "v.meta.json"), []byte(`{"prefersBorder": true}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if diags := modelDiags(t, dir); len(diags) != 1 {
		t.Errorf("with a sidecar: %v; want the script's origin reported", diags)
	}
}

// modelDiags loads and models the package in dir and returns its diagnostics.
func modelDiags(t *testing.T, dir string) Diagnostics {
	t.Helper()
	pkgs, err := Load(dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	_, diags := Model(InputOf(pkgs[0]), Options{})
	return diags
}

// FuzzOutsideLoads: any document is read without a panic, and every load found points at the
// start of a tag and names an http(s) origin with nothing after the host.
func FuzzOutsideLoads(f *testing.F) {
	for _, s := range []string{
		`<script src="https://cdn.example.com/a.js"></script>`,
		`<link rel="stylesheet icon" href="//fonts.example.net/x.css"><img src='http://x.example.com:81/y'>`,
		`<!-- <img src="https://c.example.com"> --><script>var s = "<img src='https://d.example.com'>"</script>`,
		`<iframe src=https://maps.example.com/e></iframe><base href="https://b.example.com/">`,
		`<svg><image href="https://e.example.com/i.png"/></svg><img src="data:,x">`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		for _, l := range outsideLoads(doc) {
			if l.offset < 0 || l.offset >= len(doc) || doc[l.offset] != '<' {
				t.Fatalf("load %+v does not point at a tag in %q", l, doc)
			}
			scheme, host, ok := strings.Cut(l.origin, "://")
			if !ok || scheme != "https" && scheme != "http" || host == "" || strings.ContainsAny(host, "/?#") {
				t.Fatalf("load %+v has no origin of its own in %q", l, doc)
			}
		}
	})
}

// TestSrcsetURLs splits srcset as the HTML standard does: a data: URL's commas belong to it (a
// split at every comma made its base64 a "relative URL" that never loads).
func TestSrcsetURLs(t *testing.T) {
	for in, want := range map[string][]string{
		"a.png 1x, https://cdn.example.com/b.png 2x": {"a.png", "https://cdn.example.com/b.png"},
		"data:image/png;base64,iVBORw0KGgo= 1x":      {"data:image/png;base64,iVBORw0KGgo="},
		"a.png,b.png":                                {"a.png,b.png"},
		"a.png, b.png":                               {"a.png", "b.png"},
		"  a.png 100w (x, y), b.png 2x ":             {"a.png", "b.png"},
		"":                                           nil,
	} {
		if got := srcsetURLs(in); !slices.Equal(got, want) {
			t.Errorf("srcsetURLs(%q) = %q, want %q", in, got, want)
		}
	}
	if loads := relativeLoads([]byte(`<img srcset="data:image/png;base64,iVBORw0KGgo= 1x" alt="">`)); len(loads) != 0 {
		t.Errorf("a data: URL in srcset was taken for a relative load: %+v", loads)
	}
	// After a <base href> a browser honours, relative URLs load from its origin, not from the view.
	doc := []byte(`<base href="https:cdn.example.net/"><script src="app.js"></script>`)
	if loads := relativeLoads(doc); len(loads) != 0 {
		t.Errorf("a script after <base href=\"https:cdn.example.net/\"> was taken for a relative load: %+v", loads)
	}
	if loads := outsideLoads(doc); len(loads) != 2 || loads[1].origin != "https://cdn.example.net" {
		t.Errorf("outside loads after the base: %+v; want the base and the script from https://cdn.example.net", loads)
	}
}
