package card

import (
	"net/url"
	"strings"
)

// PathPart escapes text from data for the path of a URL whose scheme and host are fixed text, as
// in "https://shop.example.com/o/{{.ID}}": url.PathEscape, which escapes a path segment, with
// '/' kept so that a value can hold several segments ("guides/setup"). A '?' or '#' in the data
// cannot start a query or a fragment, and a space cannot make card.Fit drop the link. Generated
// card builders call it for every {{…}} in a URL's path or fragment.
//
// A segment of the data that is "." or ".." is escaped twice ("%252E%252E"): a browser resolves
// such a segment however it is written (%2E%2E too), so "../../logout" would leave the path the
// fixed text gives for another of the host's pages. No real identifier is a dot segment; the
// link now names a page that is not there.
func PathPart(s string) string {
	// PathEscape leaves '%' escaped as %25, so a %2F it writes can only be an escaped '/'.
	escaped := strings.ReplaceAll(url.PathEscape(s), "%2F", "/")
	if !strings.Contains(s, ".") {
		return escaped
	}
	segments := strings.Split(escaped, "/")
	for i, seg := range segments {
		switch seg {
		case ".":
			segments[i] = "%252E"
		case "..":
			segments[i] = "%252E%252E"
		}
	}
	return strings.Join(segments, "/")
}

// QueryPart escapes text from data for the query of a URL, as in
// "https://shop.example.com/search?q={{.Query}}": url.QueryEscape, so an '&', '=' or '#' in the
// data cannot add a parameter or end the query. Generated card builders call it for every {{…}}
// after a '?' in a URL.
func QueryPart(s string) string { return url.QueryEscape(s) }
