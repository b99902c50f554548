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
func PathPart(s string) string {
	// PathEscape leaves '%' escaped as %25, so a %2F it writes can only be an escaped '/'.
	return strings.ReplaceAll(url.PathEscape(s), "%2F", "/")
}

// QueryPart escapes text from data for the query of a URL, as in
// "https://shop.example.com/search?q={{.Query}}": url.QueryEscape, so an '&', '=' or '#' in the
// data cannot add a parameter or end the query. Generated card builders call it for every {{…}}
// after a '?' in a URL.
func QueryPart(s string) string { return url.QueryEscape(s) }
