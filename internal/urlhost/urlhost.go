// Package urlhost converts a URL's host to the ASCII form browsers use, for the packages that
// check URLs as a browser will read them: runtime/card, which validates card URLs at run time,
// and gen, which checks a view's outside loads against its CSP at generate time.
package urlhost

import (
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// profile is domain to ASCII as the WHATWG URL standard calls UTS #46: non-transitional,
// UseSTD3ASCIIRules, CheckHyphens and VerifyDnsLength off, CheckBidi and CheckJoiners on.
var profile = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.Transitional(false),
	idna.StrictDomainName(false), idna.CheckHyphens(false), idna.VerifyDNSLength(false))

// ToASCII returns host (a domain, without a port) as a browser's URL parser writes it: lower
// case, Unicode labels in their Punycode form (bücher.example is xn--bcher-kva.example). It
// fails where the URL parser fails.
func ToASCII(host string) (string, error) { return profile.ToASCII(host) }

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
