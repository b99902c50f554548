// Package urlcorpus writes the corpus of URLs that the tests of runtime/card (card.IsHTTPS
// against the WHATWG URL parser) and of runtime/apps (the result-card view in Chromium) check:
// the hosts of URLs every part of which some parser reads differently, the same on every run.
package urlcorpus

import (
	"math/rand/v2"
	"slices"
	"strings"
)

// Generate returns n URLs, the same on every run: hosts of ASCII, Punycode labels valid and not,
// characters UTS #46 maps, ignores or disallows, percent-encoded bytes and forbidden code points,
// IPv4 and IPv6 forms, with credentials, ports and paths around them. rightToLeft adds
// right-to-left letters and digits to the characters hosts are made of, for a parser that
// applies the Bidi rule as card.IsHTTPS does.
func Generate(n int, rightToLeft bool) []string {
	r := rand.New(rand.NewPCG(46, 2026))
	pick := func(xs []string) string { return xs[r.IntN(len(xs))] }
	atoms := [][]string{
		{"a", "shop", "Example", "b-c", "-", "_", "x", "n", "xn", "-", "0", "1", "x1", "0x7f", "255", "256", "08", "com"},
		{"xn--", "XN--", "xn--bcher-kva", "xn--abc", "xn--a-", "xn--abc-", "xn--e1afmkfd", "xn--p1ai", "xn--14-c6t", "xn--zca", "xn--ls8h", "xn--Bcher-kva", "xn--bcher-2pa", "xn--zba", "xn--a-ecp", "xn--1-"},
		// UTS #46: mapped (full-width ASCII, fractions, ligatures, Kelvin, long s, dotted I),
		// deviations (ß, ς, joiners), ignored (soft hyphen, CGJ, variation selector), disallowed,
		// combining marks, right-to-left letters and digits (with rightToLeft), the other full stops.
		{"ｘ", "ｎ", "－", "Ａ", "¼", "½", "⅓", "ß", "ς", "ﬁ", "㎉", "\u212a", "ſ", "İ", "\u00ad", "\u200c", "\u200d", "\u034f", "\ufe0f", "\u0301", "ü", "u\u0308", "。", "．", "｡", "⒈", "\u2024", "☃", "💩", "\ufffd", "\u2044", "Ⅻ", "\u0080"},
		{"%80", "%ff", "%C3%BC", "%c3", "%e2%80%8d", "%25", "%41", "%2e", "%00", "%20", "%E3%80%82", "%ef%bd%98", "%C2%AD", "%c2%bc", "%F0%9F%92%A9", "%ED%A0%80", "%C0%AE"},
		{"<", "^", "|", "*", "!", "$", "&", "'", "(", "=", ",", ";", "~", "`", "{", "\"", "\\", "%", "#", "?", "/", "@", ":"},
	}
	if rightToLeft {
		// Where they stood in the list when the corpus was written, so that it stays the same.
		at := slices.Index(atoms[2], "。")
		atoms[2] = slices.Insert(atoms[2], at, "א", "١", "ا")
	}
	weights := []int{6, 2, 3, 2, 1} // how often each kind of atom is drawn
	atom := func() string {
		k := r.IntN(14)
		for i, w := range weights {
			if k < w {
				return pick(atoms[i])
			}
			k -= w
		}
		return pick(atoms[0])
	}
	label := func() string {
		var b strings.Builder
		for range 1 + r.IntN(3) {
			b.WriteString(atom())
		}
		return b.String()
	}
	host := func() string {
		if r.IntN(12) == 0 {
			return pick([]string{"[::1]", "[::FFFF:1.2.3.4]", "[fe80::1%25eth0]", "[1.2.3.4]", "[::1", "[v1.x]", "1.2.3.4", "0x7f.1", "1.2.65536", "017.0.0.1"})
		}
		labels := make([]string, 1+r.IntN(4))
		for i := range labels {
			labels[i] = label()
		}
		h := strings.Join(labels, pick([]string{".", ".", ".", "。", "．"}))
		if r.IntN(8) == 0 {
			h += "."
		}
		return h
	}
	urls := make([]string, n)
	for i := range urls {
		urls[i] = pick([]string{"https://", "https://", "https://", "HTTPS://", "https:", "https:/"}) +
			pick([]string{"", "", "", "", "", "u@", "u:p@", "@", ":@", "shop.example.com@", "a%40b@"}) +
			host() +
			pick([]string{"", "", "", ":", ":443", ":0", ":65535", ":65536", ":08080", ":1a", ":99999"}) +
			pick([]string{"", "/", "/x", "/%zz", "?q=1#f", "/\\x", "#", "/a%20b"})
	}
	return urls
}
