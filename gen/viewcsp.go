package gen

import (
	"bytes"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/net/html"

	"github.com/cardgen/cardgen/internal/urlhost"
	"github.com/cardgen/cardgen/runtime/apps"
)

// An outsideLoad is a resource a view's markup loads from another origin, where the host's
// Content-Security-Policy decides whether it may.
type outsideLoad struct {
	offset    int    // of the tag in the HTML file
	tag, attr string // e.g. script, src
	origin    string // scheme://host[:port]; "" for a relative URL, which never loads (relativeMessage)
	url       string // the URL as written, for a relative one
	directive string // the csp list that must name the origin: resourceDomains, frameDomains or baseUriDomains
}

// loadAttrs are the elements and attributes through which markup loads from a URL, and the csp
// list of the view's _meta.ui that allows it (MCP Apps: resourceDomains covers scripts, styles,
// images, fonts and media; frameDomains nested iframes; baseUriDomains <base>).
var loadAttrs = map[string]struct {
	attrs     []string
	directive string
}{
	"script": {[]string{"src"}, "resourceDomains"},
	"link":   {[]string{"href"}, "resourceDomains"},
	"img":    {[]string{"src", "srcset"}, "resourceDomains"},
	"source": {[]string{"src", "srcset"}, "resourceDomains"}, // <picture>'s sources have srcset only
	"video":  {[]string{"src", "poster"}, "resourceDomains"},
	"audio":  {[]string{"src"}, "resourceDomains"},
	"track":  {[]string{"src"}, "resourceDomains"},
	"iframe": {[]string{"src"}, "frameDomains"},
	"base":   {[]string{"href"}, "baseUriDomains"},
}

// outsideLoads lists what the markup of a view loads from absolute http(s) URLs, and what it
// names by a relative URL (with origin ""). Scripts that fetch at run time are not seen here;
// csp.connectDomains is for those.
func outsideLoads(doc []byte) []outsideLoad {
	var loads []outsideLoad
	var base *url.URL // the document's <base href>, once seen
	z := html.NewTokenizer(bytes.NewReader(doc))
	offset := 0
	inStyle := false // inside a <style> element, whose text is CSS
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return loads // the end, or markup the tokenizer gives up on: the browser tests judge that
		}
		start := offset
		raw := string(z.Raw())
		offset += len(raw)
		switch {
		case tt == html.TextToken && inStyle:
			loads = append(loads, cssLoads(raw, start, base)...)
			continue
		case tt == html.EndTagToken:
			if name, _ := z.TagName(); string(name) == "style" {
				inStyle = false
			}
			continue
		case tt != html.StartTagToken && tt != html.SelfClosingTagToken:
			continue
		}
		tok := z.Token()
		if tok.Data == "style" && tt == html.StartTagToken {
			inStyle = true
		}
		for _, a := range tok.Attr {
			if a.Key == "style" && a.Namespace == "" {
				// A style attribute's url(…): at the tag, as its attributes are.
				for _, l := range cssLoads(a.Val, 0, base) {
					l.offset = start
					loads = append(loads, l)
				}
			}
		}
		spec, ok := loadAttrs[tok.Data]
		if !ok || tok.Data == "link" && !loadsResource(tok) {
			continue
		}
		for _, a := range tok.Attr {
			if a.Namespace != "" || !slices.Contains(spec.attrs, a.Key) {
				continue
			}
			urls := []string{a.Val}
			if a.Key == "srcset" {
				urls = srcsetURLs(a.Val)
			}
			for _, raw := range urls {
				if tok.Data != "base" && base != nil {
					raw = resolve(base, raw)
				}
				if origin := absoluteOrigin(raw); origin != "" {
					loads = append(loads, outsideLoad{offset: start, tag: tok.Data, attr: a.Key, origin: origin, directive: spec.directive})
				} else if tok.Data != "base" && base == nil && isRelativeURL(raw) {
					loads = append(loads, outsideLoad{offset: start, tag: tok.Data, attr: a.Key, url: strings.TrimSpace(raw), directive: spec.directive})
				}
			}
			if tok.Data == "base" && base == nil {
				// The first <base href> is where every later relative URL resolves: a relative
				// script then loads from its origin (the browser ignores later ones).
				if u, err := parseAbsolute(a.Val); err == nil && u.Host != "" {
					base = u
				}
			}
		}
	}
}

// cssURLRE finds what CSS loads: url(…) (quoted or not) and @import "…".
var cssURLRE = regexp.MustCompile(`(?i)url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]*))\s*\)|@import\s+(?:"([^"]*)"|'([^']*)')`)

// cssLoads lists what the CSS text css, at offset start of the view, loads: from another origin,
// which the CSP's resourceDomains must list, or by a relative URL, which never loads. Comments
// are not told apart; a url() in one is rare, and the fix is to delete it.
func cssLoads(css string, start int, base *url.URL) []outsideLoad {
	var loads []outsideLoad
	for _, m := range cssURLRE.FindAllStringSubmatchIndex(css, -1) {
		var u string
		for g := 1; g <= 5; g++ {
			if m[2*g] >= 0 && m[2*g+1] > m[2*g] {
				u = css[m[2*g]:m[2*g+1]]
				break
			}
		}
		if u == "" {
			continue
		}
		if base != nil {
			u = resolve(base, u)
		}
		at := start + m[0]
		if origin := absoluteOrigin(u); origin != "" {
			loads = append(loads, outsideLoad{offset: at, tag: "style", attr: "url()", origin: origin, directive: "resourceDomains"})
		} else if base == nil && isRelativeURL(u) {
			loads = append(loads, outsideLoad{offset: at, tag: "style", attr: "url()", url: strings.TrimSpace(u), directive: "resourceDomains"})
		}
	}
	return loads
}

// srcsetURLs returns the URLs of a srcset's image candidates ("a.png 1x, https://cdn/b.png 2x"),
// split as the HTML standard splits them: a URL runs to white space (a data: URL's own commas are
// part of it), a comma right after it ends the candidate, and descriptors run to the next comma.
func srcsetURLs(srcset string) []string {
	var urls []string
	s := srcset
	for {
		s = strings.TrimLeft(s, " \t\n\r\f,")
		if s == "" {
			return urls
		}
		end := strings.IndexAny(s, " \t\n\r\f")
		if end < 0 {
			end = len(s)
		}
		u := s[:end]
		s = s[end:]
		if strings.HasSuffix(u, ",") {
			urls = append(urls, strings.TrimRight(u, ","))
			continue
		}
		urls = append(urls, u)
		depth, i := 0, 0
		for ; i < len(s); i++ {
			switch s[i] {
			case '(':
				depth++
			case ')':
				depth = max(depth-1, 0)
			}
			if s[i] == ',' && depth == 0 {
				break
			}
		}
		s = s[i:]
	}
}

// resolve resolves a URL of the markup against the document's <base>; what cannot be parsed is
// left to absoluteOrigin, which ignores it.
func resolve(base *url.URL, raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Scheme == "data" || u.Scheme == "blob" {
		return raw
	}
	return base.ResolveReference(u).String()
}

// loadsResource reports whether a <link> fetches what it names (a stylesheet, icon, font, …)
// rather than only pointing at it (canonical, alternate…).
func loadsResource(tok html.Token) bool {
	for _, a := range tok.Attr {
		if a.Key != "rel" {
			continue
		}
		for rel := range strings.FieldsSeq(strings.ToLower(a.Val)) {
			switch rel {
			case "stylesheet", "icon", "preload", "modulepreload", "prefetch", "manifest", "apple-touch-icon":
				return true
			}
		}
	}
	return false
}

// isRelativeURL reports whether raw is a relative URL of a file (app.js, ./img/logo.png,
// /style.css): a view is served alone, as one ui:// resource, so nothing resolves such a URL to a
// file, and what it names never loads. A fragment, an empty value (the document itself) and a URL
// with a scheme (data:, blob:, about:) are not.
func isRelativeURL(raw string) bool {
	raw = urlText(raw)
	if raw == "" || strings.HasPrefix(raw, "#") {
		return false
	}
	u, err := url.Parse(raw)
	return err == nil && u.Scheme == "" && u.Host == ""
}

// urlText is raw as a browser's URL parser reads it: leading and trailing spaces and control
// characters trimmed, tabs and line breaks anywhere removed, and, in a URL of an http(s) or no
// scheme, backslashes read as slashes ("https:\\cdn.example.net\app.js" loads from
// cdn.example.net), as the WHATWG URL standard does for special schemes.
func urlText(raw string) string {
	raw = strings.TrimFunc(raw, func(r rune) bool { return r <= ' ' })
	raw = strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, raw)
	scheme, _, hasScheme := strings.Cut(raw, ":")
	if s := strings.ToLower(scheme); !hasScheme || s == "http" || s == "https" || strings.ContainsAny(scheme, "/\\") {
		raw = strings.ReplaceAll(raw, "\\", "/")
	}
	return raw
}

// absoluteOrigin is the origin of an absolute http(s) URL (or a scheme-relative //host one,
// which an https view resolves to https), or "" for anything the view's own document serves or
// inlines (relative paths, data:, blob:, fragments).
func absoluteOrigin(raw string) string {
	u, err := parseAbsolute(raw)
	if err != nil || u.Host == "" || u.Scheme != "https" && u.Scheme != "http" {
		return ""
	}
	return u.Scheme + "://" + withoutDefaultPort(u.Scheme, asciiHost(strings.ToLower(u.Host)))
}

// parseAbsolute parses raw as a browser reads an absolute URL in markup (urlText), with a
// scheme-relative //host taken as https, which a view's own scheme is.
func parseAbsolute(raw string) (*url.URL, error) {
	raw = urlText(raw)
	if strings.HasPrefix(raw, "//") {
		raw = "https:" + raw
	}
	// "https:cdn.example.net/app.js", without slashes, is an absolute URL of that host to a
	// browser (a special scheme's authority needs none); Go's parser calls it opaque.
	if scheme, rest, ok := strings.Cut(raw, ":"); ok && !strings.HasPrefix(rest, "/") {
		if s := strings.ToLower(scheme); s == "http" || s == "https" {
			raw = s + "://" + rest
		}
	}
	return url.Parse(raw)
}

// asciiHost returns host (with its port, if any) as a browser's URL parser writes it, which is
// what CSP source expressions are matched against and what a sidecar can list: a Unicode domain
// in its Punycode form (bücher.example is xn--bcher-kva.example). A host it cannot convert is
// left as it is.
func asciiHost(host string) string {
	if !urlhost.NonASCII(host) {
		return host
	}
	name, port, _ := strings.Cut(host, ":") // an IPv6 literal is ASCII: not here
	ascii, err := urlhost.ToASCII(name)
	switch {
	case err != nil || ascii == "":
		return host
	case port != "":
		return ascii + ":" + port
	}
	return ascii
}

// withoutDefaultPort drops the scheme's default port from host: https://x:443 is the origin
// https://x, for browsers and for CSP source expressions alike, and reporting it as blocked would
// stop generation for a load the host allows.
func withoutDefaultPort(scheme, host string) string {
	if scheme == "https" {
		return strings.TrimSuffix(host, ":443")
	}
	return strings.TrimSuffix(host, ":80")
}

// cspAllows reports whether one of the origins of a csp list allows origin: the same scheme,
// host and port, or a "*." wildcard for the host's subdomains.
func cspAllows(list []string, origin string) bool {
	scheme, host, _ := strings.Cut(origin, "://")
	for _, o := range list {
		s, h, _ := strings.Cut(strings.ToLower(o), "://")
		if s != scheme {
			continue
		}
		h = withoutDefaultPort(s, h)
		if h == host || strings.HasPrefix(h, "*.") && strings.HasSuffix(host, h[1:]) {
			return true
		}
	}
	return false
}

// cspList is the list of m's csp named by directive.
func cspList(m apps.ResourceMeta, directive string) []string {
	if m.CSP == nil {
		return nil
	}
	switch directive {
	case "frameDomains":
		return m.CSP.FrameDomains
	case "baseUriDomains":
		return m.CSP.BaseURIDomains
	}
	return m.CSP.ResourceDomains
}

// blockedLoads returns the outside loads of a view whose sidecar meta is m that its CSP does not
// allow: the host would block them, and a view missing its script or styles draws nothing or
// draws wrong, with no error a user sees.
func blockedLoads(doc []byte, m apps.ResourceMeta) []outsideLoad {
	var blocked []outsideLoad
	for _, l := range outsideLoads(doc) {
		if l.origin != "" && !cspAllows(cspList(m, l.directive), l.origin) {
			blocked = append(blocked, l)
		}
	}
	return blocked
}

// relativeLoads returns what the markup of a view names by a relative URL, which never loads.
func relativeLoads(doc []byte) []outsideLoad {
	var rel []outsideLoad
	for _, l := range outsideLoads(doc) {
		if l.origin == "" {
			rel = append(rel, l)
		}
	}
	return rel
}

// relativeMessage says what is wrong with l, a relative load, and what to do.
func relativeMessage(l outsideLoad) string {
	what := fmt.Sprintf("<%s %s=%q>", l.tag, l.attr, l.url)
	switch l.attr {
	case "srcset":
		what = fmt.Sprintf("the <%s srcset> candidate %q", l.tag, l.url)
	case "url()":
		what = fmt.Sprintf("the CSS url(%q)", l.url)
	}
	// A data: URL is for what CSP lets load from one, images and media; a script or a
	// stylesheet goes in an element of its own.
	inline := "inline it in the view (a data: URL)"
	switch l.tag {
	case "script":
		inline = "inline it in the view (a <script> element)"
	case "link":
		inline = "inline it in the view (a <style> element)"
	case "iframe":
		inline = "put what it shows in the view itself"
	case "style":
		inline = "inline it in the view (a data: URL for an image or font, the rules themselves for a stylesheet)"
	}
	return fmt.Sprintf("%s is a relative URL, and a view is served alone, as one ui:// resource, so %s never loads; %s, or load it from an https origin listed in the view's sidecar csp",
		what, l.url, inline)
}

// blockedMessage says what is wrong with l and what to do.
func blockedMessage(l outsideLoad, sidecar string) string {
	what := fmt.Sprintf("<%s %s>", l.tag, l.attr)
	if l.tag == "style" {
		what = "CSS (a url() or @import)"
	}
	otherwise := "inline it"
	switch l.directive {
	case "frameDomains":
		otherwise = "drop the frame"
	case "baseUriDomains":
		otherwise = "drop the <base>"
	}
	if strings.HasPrefix(l.origin, "http://") {
		return fmt.Sprintf("%s loads from %s, plain http, which hosts block in a view; serve it over https and add the https origin to csp.%s in %s, or %s",
			what, l.origin, l.directive, sidecar, otherwise)
	}
	host := l.origin[strings.Index(l.origin, "://")+3:]
	switch {
	case strings.HasSuffix(host, ".") || strings.Contains(host, ".:"):
		// A fully qualified host (cdn.example.com.) is not the origin a sidecar can list:
		// ParseResourceMeta refuses the final dot, so the advice below could not be followed.
		return fmt.Sprintf("%s loads from %s, whose host ends in a dot, which no csp.%s origin in %s can match; write the URL without the final dot and list that origin, or %s",
			what, l.origin, l.directive, sidecar, otherwise)
	case strings.HasPrefix(host, "["):
		// CSP source expressions have no syntax for an IP v6 address.
		return fmt.Sprintf("%s loads from %s, an IP v6 address, which no csp.%s origin in %s can list; load it from a host name and list that origin, or %s",
			what, l.origin, l.directive, sidecar, otherwise)
	}
	return fmt.Sprintf("%s loads from %s, which the view's csp.%s does not list, so the host blocks it; add %q to csp.%s in %s, or %s",
		what, l.origin, l.directive, l.origin, l.directive, sidecar, otherwise)
}
