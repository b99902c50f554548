package apps

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/cardgen/cardgen/internal/textdist"
)

// CSP lists the outside origins a view may use. Hosts build the iframe's
// Content-Security-Policy from it; a nil or empty list means none (the host's
// restrictive default: inline scripts and styles only, no network).
type CSP struct {
	// ConnectDomains are origins for fetch, XHR and WebSocket (connect-src).
	ConnectDomains []string `json:"connectDomains,omitempty"`
	// ResourceDomains are origins for scripts, styles, images, fonts and media.
	ResourceDomains []string `json:"resourceDomains,omitempty"`
	// FrameDomains are origins the view may embed in nested iframes (frame-src).
	FrameDomains []string `json:"frameDomains,omitempty"`
	// BaseURIDomains are the allowed base URIs of the document (base-uri).
	BaseURIDomains []string `json:"baseUriDomains,omitempty"`
}

// Permissions lists the browser permissions a view asks for. A non-nil field
// is sent as {} (requested); hosts may refuse, so views must feature-detect.
type Permissions struct {
	Camera         *struct{} `json:"camera,omitempty"`
	Microphone     *struct{} `json:"microphone,omitempty"`
	Geolocation    *struct{} `json:"geolocation,omitempty"`
	ClipboardWrite *struct{} `json:"clipboardWrite,omitempty"`
}

// ResourceMeta is a UI resource's _meta.ui: what the host needs to know to
// sandbox and frame the view. The zero value is the strict default: no outside
// origins, no permissions, the host's own border choice.
type ResourceMeta struct {
	CSP         *CSP         `json:"csp,omitempty"`
	Permissions *Permissions `json:"permissions,omitempty"`
	// Domain asks for a dedicated sandbox origin; its format is host specific.
	Domain string `json:"domain,omitempty"`
	// PrefersBorder asks the host to draw (true) or not draw (false) a border
	// and background; nil leaves it to the host.
	PrefersBorder *bool `json:"prefersBorder,omitempty"`
}

// MetaProblem is one problem found in a <card>.meta.json sidecar.
type MetaProblem struct {
	// Offset is the byte offset in the parsed data of the key or value at
	// fault (its first byte: the opening quote of a key or string).
	Offset int64
	// Msg says what is wrong and what to do about it.
	Msg string
}

// LineCol converts p.Offset into a 1-based line and byte column in data, the
// form of Go toolchain diagnostics (file:line:col).
func (p MetaProblem) LineCol(data []byte) (line, col int) {
	off := int(min(max(p.Offset, 0), int64(len(data))))
	before := data[:off]
	line = 1 + bytes.Count(before, []byte{'\n'})
	col = off - bytes.LastIndexByte(before, '\n')
	return line, col
}

// String is the problem with its byte offset in the sidecar, for logs and test failures.
func (p MetaProblem) String() string { return fmt.Sprintf("offset %d: %s", p.Offset, p.Msg) }

// Keys of the sidecar, in the order the docs list them.
var (
	metaKeys        = []string{"csp", "permissions", "domain", "prefersBorder"}
	cspKeys         = []string{"connectDomains", "resourceDomains", "frameDomains", "baseUriDomains"}
	permissionsKeys = []string{"camera", "microphone", "geolocation", "clipboardWrite"}
)

// ParseResourceMeta strictly decodes a <card>.meta.json sidecar, the JSON
// form of [ResourceMeta]. Unknown or duplicate keys, values of the wrong type,
// permissions other than {} and origins that are not https://host[:port]
// are problems; all of them are returned, in the order they occur. A file
// that is not UTF-8, or not JSON, has one problem: the first bad byte. The
// returned meta holds whatever was valid; use it only when there are no
// problems.
//
// Origins are "https://host[:port]" with nothing after the host; a leading
// "*." label is a wildcard for subdomains. csp.connectDomains also accepts
// "wss://host[:port]" for WebSockets, as the MCP Apps spec shows. Plain http,
// http://localhost included, is refused: the sidecar ships with the service,
// and a production card allowed to reach http://localhost would reach into
// each user's own machine.
func ParseResourceMeta(data []byte) (ResourceMeta, []MetaProblem) {
	var m ResourceMeta
	if len(bytes.TrimSpace(data)) == 0 {
		return m, []MetaProblem{{0, `the meta file is empty; write a JSON object such as {"prefersBorder": true}, or delete the file`}}
	}
	if bytes.HasPrefix(data, []byte("\uFEFF")) {
		// A byte order mark, which some editors write and JSON does not allow: read as the
		// three spaces it is as wide as, so that every offset still points into the file.
		data = append([]byte("   "), data[3:]...)
	}
	if at := InvalidUTF8At(data); at >= 0 {
		// JSON is UTF-8; the decoder would turn the byte into U+FFFD, and a domain would reach
		// hosts as other characters than the file's. Like a syntax error, it is the only problem
		// reported: the rest of the file is in the same wrong encoding.
		return m, []MetaProblem{{int64(at), fmt.Sprintf("the meta file is not valid UTF-8 (byte %#x here); save it as UTF-8, which JSON requires", data[at])}}
	}
	if err := checkSyntax(data); err != nil {
		return m, []MetaProblem{*err}
	}
	p := &metaParser{data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	p.dec.UseNumber()
	p.object("", metaKeys, func(key string, start int64) {
		switch key {
		case "csp":
			m.CSP = p.csp()
		case "permissions":
			m.Permissions = p.permissions()
		case "domain":
			if s, ok := p.str("domain"); ok {
				// Blank as well as empty, the rule of Validate, which AddFile applies: a sidecar
				// passed here (and so by cardgen) must not fail when the registry adds it.
				if strings.TrimSpace(s) == "" {
					what := "empty"
					if s != "" {
						what = "blank"
					}
					p.addf(start, `"domain" is %s; give the host's sandbox domain or remove the key`, what)
				}
				m.Domain = s
			}
		case "prefersBorder":
			tok, off := p.next()
			if b, ok := tok.(bool); ok {
				m.PrefersBorder = &b
			} else {
				p.wrongType(off, "prefersBorder", tok, "true or false")
			}
		}
	})
	return m, p.problems
}

// checkSyntax reports the first JSON syntax error: past it nothing can be
// trusted, so it is the only problem reported.
func checkSyntax(data []byte) *MetaProblem {
	// RawMessage checks the syntax without converting numbers, so a valid
	// but huge number such as 1e999 is left for the walk to report.
	var v json.RawMessage
	err := json.Unmarshal(data, &v)
	if err == nil {
		return nil
	}
	if se, ok := errors.AsType[*json.SyntaxError](err); ok {
		// Offset is the byte after the one that broke the syntax.
		return &MetaProblem{max(se.Offset-1, 0), "invalid JSON: " + se.Error() + "; fix the syntax"}
	}
	return &MetaProblem{0, "invalid JSON: " + err.Error() + "; fix the syntax"}
}

// metaParser walks syntactically valid JSON token by token, keeping the byte
// offset of every token so problems can point at it.
type metaParser struct {
	data     []byte
	dec      *json.Decoder
	problems []MetaProblem
}

func (p *metaParser) addf(off int64, format string, args ...any) {
	p.problems = append(p.problems, MetaProblem{off, fmt.Sprintf(format, args...)})
}

// next returns the next token and the offset of its first byte. The input is
// known to be valid JSON, so Token cannot fail.
func (p *metaParser) next() (json.Token, int64) {
	off := p.dec.InputOffset()
	// InputOffset is the end of the previous token; the separators and
	// white space after it are not part of the next one.
	for off < int64(len(p.data)) && strings.IndexByte(" \t\n\r,:", p.data[off]) >= 0 {
		off++
	}
	tok, err := p.dec.Token()
	if err != nil { // unreachable after checkSyntax; keep the walk finite
		return nil, off
	}
	return tok, off
}

// skipRest consumes the rest of a value whose first token was tok.
func (p *metaParser) skipRest(tok json.Token) {
	if d, ok := tok.(json.Delim); !ok || (d != '{' && d != '[') {
		return
	}
	for depth := 1; depth > 0; {
		t, _ := p.next()
		switch t {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'), nil:
			depth--
		}
	}
}

// object decodes an object whose members are the known keys, calling member
// for each known key with the decoder positioned at its value. path names the
// object in messages ("" for the top level).
func (p *metaParser) object(path string, known []string, member func(key string, start int64)) {
	tok, off := p.next()
	if tok != json.Delim('{') {
		p.skipRest(tok)
		if path == "" {
			p.addf(off, `the meta file must be a JSON object such as {"prefersBorder": true}, not %s`, kind(tok))
		} else {
			p.wrongType(off, path, tok, "an object")
		}
		return
	}
	seen := map[string]bool{}
	for p.dec.More() {
		kt, koff := p.next()
		key, _ := kt.(string)
		full := key
		if path != "" {
			full = path + "." + key
		}
		switch {
		case seen[key]:
			p.addf(koff, "duplicate key %q; keep only one", full)
			t, _ := p.next()
			p.skipRest(t)
			continue
		case !contains(known, key):
			p.addf(koff, "unknown key %q%s; known keys are %s", full, didYouMean(key, known), strings.Join(known, ", "))
			seen[key] = true
			t, _ := p.next()
			p.skipRest(t)
			continue
		}
		seen[key] = true
		member(key, koff)
	}
	p.next() // '}'
}

func (p *metaParser) csp() *CSP {
	c := &CSP{}
	p.object("csp", cspKeys, func(key string, _ int64) {
		list := p.origins("csp."+key, key == "connectDomains")
		switch key {
		case "connectDomains":
			c.ConnectDomains = list
		case "resourceDomains":
			c.ResourceDomains = list
		case "frameDomains":
			c.FrameDomains = list
		case "baseUriDomains":
			c.BaseURIDomains = list
		}
	})
	return c
}

// origins decodes an array of origin strings, checking each one.
func (p *metaParser) origins(path string, allowWSS bool) []string {
	tok, off := p.next()
	if tok != json.Delim('[') {
		p.skipRest(tok)
		p.wrongType(off, path, tok, `an array of origins such as ["https://api.example.com"]`)
		return nil
	}
	list := []string{}
	for i := 0; p.dec.More(); i++ {
		t, toff := p.next()
		s, ok := t.(string)
		if !ok {
			p.skipRest(t)
			p.wrongType(toff, fmt.Sprintf("%s[%d]", path, i), t, `an origin string such as "https://api.example.com"`)
			continue
		}
		if msg := checkOrigin(s, allowWSS); msg != "" {
			p.addf(toff, "%s[%d] %q %s", path, i, s, msg)
			continue
		}
		list = append(list, s)
	}
	p.next() // ']'
	return list
}

func (p *metaParser) permissions() *Permissions {
	perms := &Permissions{}
	p.object("permissions", permissionsKeys, func(key string, _ int64) {
		path := "permissions." + key
		tok, off := p.next()
		if tok != json.Delim('{') {
			p.skipRest(tok)
			p.addf(off, "%q must be {} to request the permission (remove the key to not request it), not %s", path, kind(tok))
			return
		}
		if p.dec.More() {
			p.addf(off, "%q must be the empty object {}; it takes no settings", path)
			p.skipRest(tok)
			return
		}
		p.next() // '}'
		granted := &struct{}{}
		switch key {
		case "camera":
			perms.Camera = granted
		case "microphone":
			perms.Microphone = granted
		case "geolocation":
			perms.Geolocation = granted
		case "clipboardWrite":
			perms.ClipboardWrite = granted
		}
	})
	return perms
}

func (p *metaParser) str(path string) (string, bool) {
	tok, off := p.next()
	s, ok := tok.(string)
	if !ok {
		p.skipRest(tok)
		p.wrongType(off, path, tok, "a string")
	}
	return s, ok
}

func (p *metaParser) wrongType(off int64, path string, tok json.Token, want string) {
	p.addf(off, "%q must be %s, not %s", path, want, kind(tok))
}

// kind names a JSON value by its first token, for messages.
func kind(tok json.Token) string {
	switch t := tok.(type) {
	case json.Delim:
		if t == '{' {
			return "an object"
		}
		return "an array"
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case bool:
		return "a boolean"
	default:
		return "null"
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// didYouMean suggests the known key closest to key: same letters ignoring case
// and separators, or at most two edits away.
func didYouMean(key string, known []string) string {
	norm := func(s string) string {
		return strings.ToLower(strings.NewReplacer("_", "", "-", "").Replace(s))
	}
	best, bestDist := "", 3
	for _, k := range known {
		if norm(k) == norm(key) || len(key) >= 4 && strings.HasPrefix(norm(k), norm(key)) {
			return fmt.Sprintf(" (did you mean %q?)", k)
		}
		if d := textdist.Distance(strings.ToLower(key), strings.ToLower(k)); d < bestDist {
			best, bestDist = k, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// checkOrigin returns "" if s is an acceptable CSP origin, or the rest of a
// message ("is …; do …") saying what is wrong.
func checkOrigin(s string, allowWSS bool) string {
	const example = "write it as https://host[:port], e.g. https://api.example.com"
	scheme, rest, ok := strings.Cut(s, "://")
	switch {
	case !ok:
		return "is not an origin; " + example
	case scheme == "http" && isLocalhost(rest):
		return "is plain http: a card shipped with it would reach into each user's own machine; use an https origin"
	case scheme != "https" && strings.EqualFold(scheme, "https") || scheme != "wss" && strings.EqualFold(scheme, "wss"):
		return "has its scheme in upper case; write it in lower case, as " + strings.ToLower(scheme) + "://" + rest
	case scheme == "wss" && !allowWSS:
		return "is a WebSocket origin, allowed only in csp.connectDomains; " + example
	case scheme != "https" && scheme != "wss":
		return "is not an https origin; " + example
	}
	hostport := rest
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		if rest[i:] == "/" {
			return "ends with a slash; an origin has nothing after the host: remove the trailing /"
		}
		return "has a path, query or fragment; an origin has nothing after the host: " + example
	}
	if strings.Contains(hostport, "@") {
		return "has user information; an origin has only a host and an optional port: " + example
	}
	if strings.HasPrefix(hostport, "[") {
		// CSP's host-source grammar has no brackets: a browser ignores such a source.
		return "is an IPv6 address, which a Content-Security-Policy source cannot name (a host there is a DNS name or an IPv4 address); give the server a DNS name and use it: " + example
	}
	host, port, hasPort := strings.Cut(hostport, ":")
	if hasPort {
		n, err := strconv.Atoi(port)
		if err != nil || n < 1 || n > 65535 || port[0] == '0' || port[0] == '+' {
			return "has an invalid port; a port is a number from 1 to 65535: " + example
		}
	}
	if msg := checkHost(host); msg != "" {
		return msg
	}
	return ""
}

func isLocalhost(hostport string) bool {
	host, _, _ := strings.Cut(hostport, "/")
	if strings.HasPrefix(host, "[") {
		// An IPv6 literal has colons of its own: the port comes after the bracket.
		host, _, _ = strings.Cut(host, "]")
		return host == "[::1"
	}
	host, _, _ = strings.Cut(host, ":")
	return host == "localhost" || host == "127.0.0.1" || strings.HasSuffix(host, ".localhost")
}

// checkHost accepts DNS names (with an optional leading "*." wildcard) and
// dotted IPv4 addresses.
func checkHost(host string) string {
	const bad = "has an invalid host; use a DNS name such as api.example.com, optionally with a leading *. for subdomains"
	host = strings.TrimPrefix(host, "*.")
	if host == "" || len(host) > 253 {
		return bad
	}
	for label := range strings.SplitSeq(host, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return bad
		}
		for _, c := range []byte(label) {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
				return bad
			}
		}
	}
	return ""
}

// Validate checks a meta built in Go (rather than parsed) by the same rules
// as [ParseResourceMeta]: every origin must be acceptable and Domain, if set,
// must not be blank. It returns all problems joined, or nil.
func (m ResourceMeta) Validate() error {
	var errs []error
	if c := m.CSP; c != nil {
		for _, l := range []struct {
			name string
			list []string
		}{
			{"connectDomains", c.ConnectDomains},
			{"resourceDomains", c.ResourceDomains},
			{"frameDomains", c.FrameDomains},
			{"baseUriDomains", c.BaseURIDomains},
		} {
			for i, s := range l.list {
				if msg := checkOrigin(s, l.name == "connectDomains"); msg != "" {
					errs = append(errs, fmt.Errorf("csp.%s[%d] %q %s", l.name, i, s, msg))
				}
			}
		}
	}
	if m.Domain != "" && strings.TrimSpace(m.Domain) == "" {
		errs = append(errs, errors.New(`domain is blank; give the host's sandbox domain or leave it empty`))
	}
	return errors.Join(errs...)
}
