// Package urlhost converts a URL's host to the ASCII form browsers use, for the packages that
// check URLs as a browser will read them: runtime/card, which validates card URLs at run time,
// and gen, which checks a view's outside loads against its CSP at generate time.
package urlhost

import (
	"errors"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// profile is domain to ASCII as the WHATWG URL standard calls UTS #46: non-transitional,
// UseSTD3ASCIIRules, CheckHyphens and VerifyDnsLength off, CheckBidi and CheckJoiners on.
var profile = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.Transitional(false),
	idna.StrictDomainName(false), idna.CheckHyphens(false), idna.VerifyDNSLength(false))

// mapping is the UTS #46 mapping step of profile without its checks, applied to one code point
// at a time by mapped: one code point cannot start with "xn--", so nothing is decoded, and a
// combining mark on its own is mapped rather than refused.
var mapping = idna.New(idna.MapForLookup(), idna.Transitional(false), idna.StrictDomainName(false),
	idna.ValidateLabels(false), idna.VerifyDNSLength(false))

// ToASCII returns host (a domain, without a port, percent-decoded) as a browser's URL parser
// writes it: lower case, Unicode labels in their Punycode form (bücher.example is
// xn--bcher-kva.example). It fails where the URL parser fails, and fails too on a host x/net/idna
// alone would convert:
//
//   - host is not UTF-8 ("a\x80.com", from "https://a%80.com/"): WHATWG decodes the bytes of a
//     host as UTF-8 with each bad byte as U+FFFD, which UTS #46 disallows;
//   - a label is, after mapping, "xn--" and nothing more, or "xn--" followed by anything but
//     ASCII ("xn--¼-" maps to "xn--1⁄4-"): UTS #46 refuses an ACE label that is not ASCII, where
//     x/net/idna decodes it as Punycode and writes it anew.
func ToASCII(host string) (string, error) {
	if !utf8.ValidString(host) {
		return "", errNotUTF8
	}
	ascii, err := profile.ToASCII(host)
	if err != nil {
		return "", err
	}
	for label := range strings.SplitSeq(mapped(host), ".") {
		if rest, ace := strings.CutPrefix(label, "xn--"); ace && (rest == "" || NonASCII(rest)) {
			return "", errBadACE
		}
	}
	return ascii, nil
}

var (
	errNotUTF8 = errors.New("urlhost: the host is not valid UTF-8")
	errBadACE  = errors.New(`urlhost: a label starting with "xn--" is empty after it or not ASCII`)
)

// mapped is host after the UTS #46 mapping step, up to normalization, which neither makes nor
// breaks an ASCII "xn--" at the start of a label: lower case, full-width and other compatibility
// forms of ASCII as ASCII ("ｘｎ--" is "xn--"), ignored code points (the soft hyphen) gone, and
// the ideographic full stops as ".". An ASCII host is only lowered.
func mapped(host string) string {
	if !NonASCII(host) {
		return strings.ToLower(host)
	}
	var b strings.Builder
	for _, r := range host {
		if r < utf8.RuneSelf {
			b.WriteString(strings.ToLower(string(r)))
			continue
		}
		// A code point the mapping refuses fails profile.ToASCII above; what it returns then
		// does not matter.
		m, _ := mapping.ToUnicode(string(r))
		b.WriteString(m)
	}
	return b.String()
}

// NonASCII reports whether host has a byte outside ASCII: only such a host needs ToASCII to be
// matched with, or listed as, the form a browser writes. A host already ASCII is not converted,
// which keeps its case and whatever a caller checks of it otherwise.
func NonASCII(host string) bool {
	for i := range len(host) {
		if host[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}
