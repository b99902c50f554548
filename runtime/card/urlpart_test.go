package card_test

import (
	"net/url"
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
	} {
		if got := card.PathPart(in); got != want {
			t.Errorf("PathPart(%q) = %q; want %q", in, got, want)
		}
		// Whatever the data, the URL keeps its host and path and loses no byte.
		u, err := url.Parse("https://shop.example.com/o/" + card.PathPart(in))
		if err != nil || u.Host != "shop.example.com" || u.RawQuery != "" || u.Fragment != "" || u.Path != "/o/"+in {
			t.Errorf("PathPart(%q) in a URL: %+v, %v", in, u, err)
		}
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
	f.Fuzz(func(t *testing.T, s string) {
		u, err := url.Parse("https://shop.example.com/o/" + card.PathPart(s))
		if err != nil {
			t.Fatalf("PathPart(%q) made an invalid URL: %v", s, err)
		}
		if u.Host != "shop.example.com" || u.RawQuery != "" || u.Fragment != "" || u.Path != "/o/"+s {
			t.Fatalf("PathPart(%q): host %q path %q query %q fragment %q", s, u.Host, u.Path, u.RawQuery, u.Fragment)
		}
	})
}
