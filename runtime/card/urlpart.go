package card

import (
	"net/url"
	"strings"
)

// PathPart escapes text from data for the path of a URL whose scheme and host are fixed text, as
// in "https://shop.example.com/o/{{.ID}}": every byte but the unreserved ones, the sub-delimiters,
// ':', '@' and '/' is percent-encoded, so the value stays in the path. A '?' or '#' in the data
// cannot start a query or a fragment, and a space cannot make card.Fit drop the link. '/' is
// kept, so that a value can hold several segments ("guides/setup"). Generated card builders call
// it for every {{…}} in a URL's path or fragment.
func PathPart(s string) string {
	i := 0
	for i < len(s) && pathByte(s[i]) {
		i++
	}
	if i == len(s) {
		return s // the common case: an ID, a slug
	}
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for ; i < len(s); i++ {
		c := s[i]
		if pathByte(c) {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// QueryPart escapes text from data for the query of a URL, as in
// "https://shop.example.com/search?q={{.Query}}": url.QueryEscape, so an '&', '=' or '#' in the
// data cannot add a parameter or end the query. Generated card builders call it for every {{…}}
// after a '?' in a URL.
func QueryPart(s string) string { return url.QueryEscape(s) }

// pathByte reports whether c may stand unescaped in a URL path segment or between segments
// (RFC 3986 pchar plus '/').
func pathByte(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("-._~!$&'()*+,;=:@/", c) >= 0
}
