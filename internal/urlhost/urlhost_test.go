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
