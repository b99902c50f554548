package urlhost_test

import (
	"fmt"
	"testing"

	"github.com/cardgen/cardgen/internal/urlhost"
)

func TestNonASCII(t *testing.T) {
	for host, want := range map[string]bool{
		"":                 false,
		"example.com":      false,
		"EXAMPLE.com:8443": false,
		"[::1]:80":         false,
		"bücher.example":   true,
		"example.xn--p1ai": false,
		"пример.рф":        true,
		"a\u200db.example": true, // a joiner: invisible, and not ASCII
		"\xffbad.example":  true, // not UTF-8 at all
	} {
		if got := urlhost.NonASCII(host); got != want {
			t.Errorf("NonASCII(%q) = %v, want %v", host, got, want)
		}
	}
}

func TestToASCII(t *testing.T) {
	for host, want := range map[string]string{
		"Bücher.Example": "xn--bcher-kva.example",
		"EXAMPLE.com":    "example.com",
		"пример.рф":      "xn--e1afmkfd.xn--p1ai",
	} {
		if got, err := urlhost.ToASCII(host); err != nil || got != want {
			t.Errorf("ToASCII(%q) = %q, %v; want %q", host, got, err, want)
		}
	}
	// Hosts x/net/idna converts and a browser's URL parser refuses.
	for _, host := range []string{
		"a\x80.com",     // "https://a%80.com/" decoded: not UTF-8
		"\xff",          // "https://%ff"
		"xn--¼-.com",    // ¼ maps to "1⁄4": an ACE label that is not ASCII
		"a.xn--½-",      // the same in a later label
		"xn--",          // an ACE prefix with nothing after it
		"ＸＮ－－.example",  // the same in full-width letters, which map to it
		"xn--bcher-2pa", // decodes to "bÜcher", which is not in mapped form
		"xn--zba",       // decodes to "¼", which is not either
	} {
		if got, err := urlhost.ToASCII(host); err == nil {
			t.Errorf("ToASCII(%q) = %q, want an error", host, got)
		}
	}
	// What maps to a valid ACE label is one: full-width letters, an ignored soft hyphen.
	for _, host := range []string{"ｘｎ--bcher-kva.example", "x\u00adn--bcher-kva.example", "XN--BCHER-KVA.example"} {
		if got, err := urlhost.ToASCII(host); err != nil || got != "xn--bcher-kva.example" {
			t.Errorf("ToASCII(%q) = %q, %v; want xn--bcher-kva.example", host, got, err)
		}
	}
	// A label mixing right-to-left and left-to-right letters fails the Bidi rule, as it fails
	// a browser's URL parser.
	if got, err := urlhost.ToASCII("aא.example"); err == nil {
		t.Errorf("ToASCII of a mixed-direction label = %q, want an error", got)
	}
}

func ExampleToASCII() {
	host := "bücher.example"
	if urlhost.NonASCII(host) {
		host, _ = urlhost.ToASCII(host)
	}
	fmt.Println(host)
	// Output: xn--bcher-kva.example
}
