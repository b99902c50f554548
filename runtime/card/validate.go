package card

import (
	"fmt"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cardgen/cardgen/internal/urlhost"
)

// Problem is one broken rule of a card.
type Problem struct {
	// Path names the slot in JSON terms: "title", "fields", "fields[2].value",
	// "actions[0].url".
	Path string
	// Msg says what is wrong and what to do about it.
	Msg string
}

// String returns "path: msg".
func (p Problem) String() string { return p.Path + ": " + p.Msg }

// ValidationError lists every problem of an invalid card, in the order of
// the card's JSON fields (v, title, subtitle, text, icon_url, image_url,
// fields, actions, fallback_text) and, within a slot, in a fixed order.
type ValidationError struct {
	Problems []Problem // every problem, never empty
}

// Error lists the problems: on one line when there is one, else one per
// line, indented, after a count.
func (e *ValidationError) Error() string {
	if len(e.Problems) == 1 {
		return "invalid result card: " + e.Problems[0].String()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "invalid result card, %d problems:", len(e.Problems))
	for _, p := range e.Problems {
		b.WriteString("\n\t")
		b.WriteString(p.String())
	}
	return b.String()
}

// Validate checks c against every rule a host applies and returns nil or a
// *ValidationError that lists every broken rule:
//
//   - v is 0 or 1;
//   - title and fallback_text are not blank (something other than white
//     space), every field has a non-blank label and value, every action a
//     non-blank label;
//   - no slot is longer than its limit, counted in UTF-16 code units ([Len]):
//     an emoji past U+FFFF counts 2, as in a JavaScript host's .length;
//   - every string is valid UTF-8 and free of control characters (Unicode
//     category Cc and U+2028, U+2029); text and fallback_text may contain "\n";
//   - icon_url and image_url are empty or https URLs ([IsHTTPS]), the scheme
//     written "https://" in lower case;
//   - at most MaxFields fields and MaxActions actions;
//   - an action's kind is "url", with an https url and no text, or "message",
//     with a non-blank text and no url.
func (c Card) Validate() error {
	var v validator
	if c.V != 0 && c.V != Version {
		v.add(at("v"), "is "+strconv.Itoa(c.V)+"; only 0 (unset) and 1 are known: set V to card.Version")
	}
	v.text(at("title"), c.Title, MaxTitle, singleLine, "is empty; every card needs a title: set Title")
	v.text(at("subtitle"), c.Subtitle, MaxSubtitle, singleLine, "")
	v.text(at("text"), c.Text, MaxText, multiLine, "")
	v.url(at("icon_url"), c.IconURL, false)
	v.url(at("image_url"), c.ImageURL, false)
	if len(c.Fields) > MaxFields {
		v.add(at("fields"), fmt.Sprintf("has %d rows; the limit is %d: keep the most important ones", len(c.Fields), MaxFields))
	}
	for i, f := range c.Fields {
		v.text(elem("fields", i, "label"), f.Label, MaxFieldLabel, singleLine, "is empty; every field needs a label")
		v.text(elem("fields", i, "value"), f.Value, MaxFieldValue, singleLine, "is empty; every field needs a value: drop the row when there is nothing to show")
	}
	if len(c.Actions) > MaxActions {
		v.add(at("actions"), fmt.Sprintf("has %d buttons; the limit is %d: keep the most important ones, the first is the primary one", len(c.Actions), MaxActions))
	}
	for i, a := range c.Actions {
		switch a.Kind {
		case KindURL, KindMessage:
		default:
			v.add(elem("actions", i, "kind"), fmt.Sprintf("is %q; it must be %q (with a url) or %q (with a text)", a.Kind, KindURL, KindMessage))
		}
		v.text(elem("actions", i, "label"), a.Label, MaxActionLabel, singleLine, "is empty; every button needs a label")
		switch a.Kind {
		case KindURL:
			v.url(elem("actions", i, "url"), a.URL, true)
			if a.Text != "" {
				v.add(elem("actions", i, "text"), "is set on a url button; only message buttons carry a text: remove it")
			}
		case KindMessage:
			v.text(elem("actions", i, "text"), a.Text, MaxMessageText, singleLine, "is empty; a message button needs the text it sends")
			if a.URL != "" {
				v.add(elem("actions", i, "url"), "is set on a message button; only url buttons carry a url: remove it or use kind \"url\"")
			}
		}
	}
	v.text(at("fallback_text"), c.FallbackText, MaxFallbackText, multiLine, "is empty; hosts drop a card without one: write a plain-text summary (Fit builds one from the other slots)")
	if len(v.problems) == 0 {
		return nil
	}
	return &ValidationError{Problems: v.problems}
}

// IsHTTPS reports whether s is an absolute URL with the https scheme, written
// "https://" in lower case, and a non-empty host. The scheme is
// case-insensitive to a URL parser, but a host that checks for the prefix
// (url.startsWith("https://"), as JavaScript hosts commonly do) drops a card
// whose URL starts "HTTPS://": [LowerScheme] writes it in lower case, as
// [Fit] does. It also requires what a host needs to open the URL as written: valid UTF-8, no white space and no control characters
// (percent-encode them), and no credentials ("https://user:pass@host/",
// "https://shop.example.com@evil.example/"): Chromium loads no image from
// such a URL, and as a link it reads as one host while it opens another.
//
// The host and port must be ones the WHATWG URL parser accepts, as browsers
// and JavaScript hosts parse URLs with it (new URL() throws on the rest, and
// the button or image, or the whole card, is lost): a port is 1–65535; a
// host whose last label is a number is an IPv4 address (256.1.1.1 and
// 1.2.3.4.5 are rejected, not taken for names); an IPv6 address has no zone;
// other hosts are UTF-8 once percent-decoded ("https://a%80.com/" is not),
// pass UTS #46 processing as WHATWG does it (golang.org/x/net/idna: no STD3
// rules, no hyphen checks, Bidi and joiner checks, with the ACE label checks
// of internal/urlhost: "xn--" and "xn--¼-" are refused), have no label that
// maps to nothing, and no forbidden domain code point. Where it is unsure it
// refuses: a URL dropped costs a button or an image, one a host refuses costs
// the card. TestIsHTTPSAgreesWithWHATWG holds it to node's new URL().
func IsHTTPS(s string) bool {
	if ok, decided := simpleHTTPS(s); decided {
		return ok
	}
	return fullHTTPS(s)
}

// fullHTTPS is IsHTTPS without the fast path.
func fullHTTPS(s string) bool {
	if !strings.HasPrefix(s, "https://") || !utf8.ValidString(s) || strings.IndexFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
		return false
	}
	u, err := url.Parse(s)
	if err != nil || !strings.EqualFold(u.Scheme, "https") || u.Hostname() == "" || u.Opaque != "" {
		return false
	}
	if u.User != nil {
		// Credentials in a URL ("https://user@host/", even "https://@host/"): Chromium loads
		// no image from such a URL, and in a link or in messaging text
		// "https://shop.example.com@evil.example/" reads as a shop's address while it opens
		// evil.example. No card needs them.
		return false
	}
	if p := u.Port(); p != "" && !validPort(p) {
		return false
	}
	host := u.Hostname() // percent-decoded by url.Parse, as WHATWG decodes it
	if strings.HasPrefix(u.Host, "[") {
		// url.Parse has checked the address; WHATWG takes no zone and no IPv4 in brackets.
		a, err := netip.ParseAddr(host)
		return err == nil && a.Is6() && a.Zone() == ""
	}
	return validDomain(host)
}

// LowerScheme returns s with the scheme it starts with written in lower case ("HTTPS://shop.
// example.com/" becomes "https://shop.example.com/"), and s itself when it starts with no scheme
// (letters, digits, '+', '-' and '.' after a letter, then ':') or with one in lower case already.
// A URL parser takes a scheme in any case, so the URL is the same; [IsHTTPS] refuses one written
// in upper case, which a host checking for the "https://" prefix drops with its card. [Fit]
// writes the scheme of a card's URLs in lower case. A generator can use LowerScheme to report
// fixed text such as "HTTPS://shop.example.com/{{.ID}}", which Fit would change on every call:
// LowerScheme(s) != s and IsHTTPS(LowerScheme(s)) for the fixed text with its {{…}} filled.
func LowerScheme(s string) string {
	upper := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case 'A' <= c && c <= 'Z':
			upper = true
		case 'a' <= c && c <= 'z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			if !upper {
				return s
			}
			return strings.ToLower(s[:i]) + s[i:]
		default:
			return s
		}
	}
	return s
}

// validPort reports whether p, a string of ASCII digits, is a port the WHATWG parser keeps and a
// connection can use: 1–65535, leading zeros allowed.
func validPort(p string) bool {
	n, err := strconv.ParseUint(p, 10, 32)
	return err == nil && n >= 1 && n <= 65535
}

// validDomain reports whether the WHATWG host parser accepts host (percent-decoded, not an IPv6
// literal): domain to ASCII succeeds, leaving no forbidden domain code point, and a host that
// ends in a number is a valid IPv4 address.
func validDomain(host string) bool {
	ascii, err := urlhost.ToASCII(host)
	if err != nil || ascii == "" {
		return false
	}
	// A label that maps to nothing ("\u00ad", a soft hyphen) leaves an empty label in the
	// middle of the host. Node's parser keeps it, but nothing shows that every browser does:
	// such a host is refused, as dropping a URL is always safe.
	for label := range strings.FieldsFuncSeq(host, isLabelDot) {
		if !plainLabel(label) {
			if a, err := urlhost.ToASCII(label); err != nil || a == "" {
				return false
			}
		}
	}
	for i := 0; i < len(ascii); i++ {
		if forbiddenDomainByte(ascii[i]) {
			return false
		}
	}
	if endsInNumber(ascii) {
		return validIPv4(ascii)
	}
	return true
}

// isLabelDot reports whether r separates labels in UTS #46: the full stop and the three
// characters mapped to it.
func isLabelDot(r rune) bool { return r == '.' || r == '\u3002' || r == '\uFF0E' || r == '\uFF61' }

// plainLabel reports whether label is ASCII letters, digits and hyphens only.
func plainLabel(label string) bool {
	for i := 0; i < len(label); i++ {
		if c := label[i]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// hasACEPrefix reports whether label starts with "xn--" in any case: a Punycode label.
func hasACEPrefix(label string) bool {
	return len(label) >= 4 && strings.EqualFold(label[:4], "xn--")
}

// forbiddenDomainByte reports whether c is a forbidden domain code point of the WHATWG URL
// standard: C0 controls, space, DEL and # % / : < > ? @ [ \ ] ^ |. After domain to ASCII
// only ASCII is left to check.
func forbiddenDomainByte(c byte) bool {
	return c <= ' ' || c == 0x7f || strings.IndexByte("#%/:<>?@[\\]^|", c) >= 0
}

// endsInNumber is the WHATWG "ends in a number" checker: the last label (a trailing dot aside)
// is all digits or parses as an IPv4 number ("0x1f"). Such a host is parsed as IPv4 or fails.
func endsInNumber(host string) bool {
	parts := strings.Split(host, ".")
	if parts[len(parts)-1] == "" {
		if len(parts) == 1 {
			return false
		}
		parts = parts[:len(parts)-1]
	}
	last := parts[len(parts)-1]
	if last != "" && strings.Trim(last, "0123456789") == "" {
		return true
	}
	_, ok := ipv4Number(last)
	return ok
}

// validIPv4 is the WHATWG IPv4 parser's verdict on host: at most four parts (one trailing dot
// allowed), each a decimal, octal ("017") or hex ("0x1f") number, every part but the last at
// most 255 and the last filling the bytes that are left.
func validIPv4(host string) bool {
	parts := strings.Split(host, ".")
	if parts[len(parts)-1] == "" && len(parts) > 1 {
		parts = parts[:len(parts)-1]
	}
	if len(parts) > 4 {
		return false
	}
	for i, p := range parts {
		n, ok := ipv4Number(p)
		if !ok {
			return false
		}
		if i < len(parts)-1 && n > 255 {
			return false
		}
		if i == len(parts)-1 && n >= 1<<(8*(5-len(parts))) {
			return false
		}
	}
	return true
}

// ipv4Number is the WHATWG IPv4 number parser: decimal, octal after a leading "0" or hex after
// "0x", with "" failing and a bare "0x" being 0. Values past 2^32 are capped there, as no part
// may be larger.
func ipv4Number(s string) (uint64, bool) {
	if s == "" {
		return 0, false
	}
	base := uint64(10)
	switch {
	case len(s) >= 2 && (s[:2] == "0x" || s[:2] == "0X"):
		s, base = s[2:], 16
	case len(s) >= 2 && s[0] == '0':
		s, base = s[1:], 8
	}
	var n uint64
	for i := 0; i < len(s); i++ {
		var d uint64
		switch c := s[i]; {
		case '0' <= c && c <= '9':
			d = uint64(c - '0')
		case 'a' <= c && c <= 'f':
			d = uint64(c-'a') + 10
		case 'A' <= c && c <= 'F':
			d = uint64(c-'A') + 10
		default:
			return 0, false
		}
		if d >= base {
			return 0, false
		}
		n = min(n*base+d, 1<<32)
	}
	return n, true
}

// validator collects problems in the order its methods are called.
type validator struct {
	problems []Problem
}

func (v *validator) add(p path, msg string) {
	v.problems = append(v.problems, Problem{Path: p.String(), Msg: msg})
}

// text checks one text slot. A non-empty emptyMsg makes the slot required.
func (v *validator) text(p path, s string, limit int, mode lineMode, emptyMsg string) {
	if !utf8.ValidString(s) {
		v.add(p, "is not valid UTF-8: fix the encoding of the source value (Fit replaces bad bytes with U+FFFD)")
	}
	if emptyMsg != "" && IsBlank(s) {
		v.add(p, emptyMsg)
	}
	if r, ok := firstBadControl(s, mode); ok {
		if mode == multiLine {
			v.add(p, fmt.Sprintf("contains the control character %U; use plain text, where only \"\\n\" line breaks are kept", r))
		} else {
			v.add(p, fmt.Sprintf("contains the control character %U; use plain text on one line", r))
		}
	}
	// Len(s) <= len(s): no UTF-8 sequence is shorter in bytes than in UTF-16 units.
	if len(s) > limit {
		if n := Len(s); n > limit {
			v.add(p, fmt.Sprintf("is %s; the limit is %d: shorten it, or clip it with card.Fit or card.Clip", lengthOf(n, utf8.RuneCountInString(s)), limit))
		}
	}
}

// url checks one URL slot.
func (v *validator) url(p path, s string, required bool) {
	switch {
	case s == "" && required:
		v.add(p, "is empty; a url button needs an https URL to open")
	case s != "" && !IsHTTPS(s) && IsHTTPS(LowerScheme(s)):
		v.add(p, fmt.Sprintf("%q writes its scheme in upper case; write \"https://\" in lower case, as a host that checks for that prefix drops the card (Fit writes it so)", Clip(s, 60)))
	case s != "" && !IsHTTPS(s):
		v.add(p, fmt.Sprintf("%q is not an https URL; use an absolute https:// URL with a host and no user name or password (percent-encode spaces), or leave it empty", Clip(s, 60)))
	}
}

// lineMode tells whether a text slot keeps line breaks.
type lineMode int

const (
	singleLine lineMode = iota // title, subtitle, labels, values, message texts
	multiLine                  // text and fallback_text: "\n" is kept
)

// isControl reports whether r may not appear in a slot of the given mode:
// Unicode control characters (C0, DEL, C1) and the line and paragraph
// separators, except "\n" in multi-line slots.
func isControl(r rune, mode lineMode) bool {
	if r == '\n' && mode == multiLine {
		return false
	}
	return unicode.IsControl(r) || r == '\u2028' || r == '\u2029'
}

// firstBadControl returns the first rune of s that isControl rejects.
func firstBadControl(s string, mode lineMode) (rune, bool) {
	for _, r := range s {
		if isControl(r, mode) {
			return r, true
		}
	}
	return 0, false
}

// plainASCII reports whether s is printable ASCII, with line breaks in multi-line text: valid
// UTF-8 without a character isControl rejects, one character per byte. It is one pass over the
// bytes where the general checks take three over the runes.
func plainASCII(s string, mode lineMode) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x7f || c < 0x20 && (c != '\n' || mode != multiLine) {
			return false
		}
	}
	return true
}

// IsBlank reports whether s shows nothing: it holds nothing but white space and invisible
// characters (see invisible). A title of zero-width spaces or bidi marks is as missing as one
// of spaces: the user sees no title. Validate and Fit take a required slot that IsBlank for
// empty; cardgen applies it to fixed text when it generates.
func IsBlank(s string) bool {
	for _, r := range s {
		if !unicode.IsSpace(r) && !invisible(r) {
			return false
		}
	}
	return true
}

// invisible reports whether r is drawn as nothing: a format character (zero-width space, joiner
// and non-joiner, bidi marks and embeddings, word joiner, byte order mark, soft hyphen), a
// variation selector or another default-ignorable code point (the Hangul filler ㅤ, used for
// blank-looking names). Prepended concatenation marks (the Arabic number sign U+0600) are
// format characters that are drawn, and are not invisible. Two symbols whose glyph is empty are
// invisible too, though Unicode does not class them so: the Braille pattern blank U+2800, the
// other usual way to a blank-looking name, and the musical null notehead U+1D159.
func invisible(r rune) bool {
	if r == '\u2800' || r == '\U0001D159' {
		return true
	}
	return r >= 0xAD && unicode.In(r, unicode.Cf, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector) &&
		!unicode.Is(unicode.Prepended_Concatenation_Mark, r)
}

// path names a slot without building the string until it is needed, so
// that checking and fitting a valid card allocate nothing for paths.
type path struct {
	slot  string // "title", "fields", …
	index int    // element index when elem is true
	sub   string // "label", …; empty for the element itself
	elem  bool
}

func at(slot string) path { return path{slot: slot} }

func elem(slot string, i int, sub string) path {
	return path{slot: slot, index: i, sub: sub, elem: true}
}

// String returns the path in the form used by Problem and Change.
func (p path) String() string {
	if !p.elem {
		return p.slot
	}
	s := p.slot + "[" + strconv.Itoa(p.index) + "]"
	if p.sub != "" {
		s += "." + p.sub
	}
	return s
}

// simpleHTTPS decides the common case without url.Parse: "https://" (in lower case, or it
// decides false), a host of
// letters, digits, '.' and '-' whose last label does not start with a digit and no label starts
// with "xn--", with an optional ":port" of 1–65535, then nothing or a path, query or fragment of
// printable ASCII without '%' or '\\'. Anything else is left undecided, for the full check.
func simpleHTTPS(s string) (ok, decided bool) {
	const scheme = "https://"
	if !strings.HasPrefix(s, scheme) {
		return false, true // "HTTPS://", "http://", no scheme: never https as a host checks it
	}
	if len(s) == len(scheme) {
		return false, false
	}
	rest := s[len(scheme):]
	host := 0
	for host < len(rest) {
		c := rest[host]
		if c == '/' || c == '?' || c == '#' || c == ':' {
			break
		}
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '-') {
			return false, false
		}
		host++
	}
	if host == 0 || !plainHost(rest[:host]) {
		return false, false
	}
	i := host
	if i < len(rest) && rest[i] == ':' {
		i++
		port := 0
		digits := 0
		for i < len(rest) && '0' <= rest[i] && rest[i] <= '9' {
			port = port*10 + int(rest[i]-'0')
			i++
			digits++
		}
		if digits == 0 || digits > 5 || port < 1 || port > 65535 {
			return false, false
		}
		if i < len(rest) && rest[i] != '/' && rest[i] != '?' && rest[i] != '#' {
			return false, false // "https://a:1A": not a port
		}
	}
	for ; i < len(rest); i++ {
		c := rest[i]
		if c <= ' ' || c >= 0x7f || c == '%' || c == '\\' {
			return false, false
		}
	}
	return true, true
}

// plainHost reports whether a host of ASCII letters, digits, '.' and '-' needs none of the
// WHATWG host checks that fullHTTPS makes: no label is Punycode ("xn--"), and the last label
// (a trailing dot aside) does not start with a digit, so the host is not parsed as IPv4.
func plainHost(h string) bool {
	h = strings.TrimSuffix(h, ".")
	last := h[strings.LastIndexByte(h, '.')+1:]
	if last != "" && '0' <= last[0] && last[0] <= '9' {
		return false
	}
	for label := range strings.SplitSeq(h, ".") {
		if hasACEPrefix(label) {
			return false
		}
	}
	return true
}
