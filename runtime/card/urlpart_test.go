package card_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/runtime/card"
)

func TestPathPart(t *testing.T) {
	for in, want := range map[string]string{
		"1042":                  "1042",
		"guides/setup":          "guides/setup",
		"A 1042":                "A%201042",
		"1042?status=cancelled": "1042%3Fstatus=cancelled",
		"x#frag":                "x%23frag",
		"100%":                  "100%25",
		"phở":                   "ph%E1%BB%9F",
		"a\"<b>":                "a%22%3Cb%3E",
		"../../logout":          "%252E%252E/%252E%252E/logout",
		"./x/..":                "%252E/x/%252E%252E",
		"...":                   "...",
		"v1.2/a..b":             "v1.2/a..b",
	} {
		if got := card.PathPart(in); got != want {
			t.Errorf("PathPart(%q) = %q; want %q", in, got, want)
		}
		// Whatever the data, the URL keeps its host and path, and a browser's resolution of it
		// stays below the path.
		checkPathPart(t, in)
	}
}

func TestQueryPart(t *testing.T) {
	in := "1042&status=cancelled#x y"
	u, err := url.Parse("https://shop.example.com/track?id=" + card.QueryPart(in))
	if err != nil || u.Query().Get("id") != in || len(u.Query()) != 1 || u.Fragment != "" {
		t.Errorf("QueryPart(%q) in a URL: %+v, %v", in, u, err)
	}
}

func FuzzPathPart(f *testing.F) {
	f.Add("@evil.com/steal")
	f.Add("../a?b#c d%")
	f.Add("..")
	f.Fuzz(checkPathPart)
}

// checkPathPart fails unless PathPart(s) after a fixed https://host/o/ makes a URL with that host,
// no query or fragment, s's bytes in the path (each dot segment as the literal text %2E, which
// is what it becomes), and a path that stays below /o/ once dot segments are resolved, as a
// browser resolves them.
func checkPathPart(t *testing.T, s string) {
	u, err := url.Parse("https://shop.example.com/o/" + card.PathPart(s))
	if err != nil {
		t.Fatalf("PathPart(%q) made an invalid URL: %v", s, err)
	}
	segments := strings.Split(s, "/")
	for i, seg := range segments {
		if seg == "." || seg == ".." {
			segments[i] = strings.Repeat("%2E", len(seg))
		}
	}
	if u.Host != "shop.example.com" || u.RawQuery != "" || u.Fragment != "" || u.Path != "/o/"+strings.Join(segments, "/") {
		t.Fatalf("PathPart(%q): host %q path %q query %q fragment %q", s, u.Host, u.Path, u.RawQuery, u.Fragment)
	}
	// A browser takes %2E for a dot in a dot segment; Go's resolution does not, so the dots are
	// decoded first.
	dots := strings.NewReplacer("%2E", ".", "%2e", ".").Replace(u.EscapedPath())
	if resolved := u.ResolveReference(&url.URL{Path: dots}); !strings.HasPrefix(resolved.Path, "/o/") {
		t.Fatalf("PathPart(%q): a browser opens %s, outside /o/", s, resolved.Path)
	}
}
