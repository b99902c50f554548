package card

import (
	"math/rand/v2"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/internal/testenv"
	"github.com/cardgen/cardgen/internal/urlhost"
)

// whatwgScript parses each URL of a JSON array on stdin with new URL() and writes, for each,
// null where it throws, else the parts a host reads.
const whatwgScript = `
const urls = JSON.parse(require("fs").readFileSync(0, "utf8"));
const parse = (s) => {
	try {
		const u = new URL(s);
		return { protocol: u.protocol, username: u.username, password: u.password, hostname: u.hostname, port: u.port };
	} catch (e) {
		return null;
	}
};
process.stdout.write(JSON.stringify({ node: process.versions.node, urls: urls.map(parse) }));
`

// whatwgURL is what new URL() made of one URL.
type whatwgURL struct {
	Protocol, Username, Password, Hostname, Port string
}

// TestIsHTTPSAgreesWithWHATWG is a differential test of IsHTTPS against the WHATWG URL parser
// of node (the parser of JavaScript hosts, which browsers share): every URL IsHTTPS accepts must
// parse there as https, without credentials, with the host and port IsHTTPS saw. A card host
// parses every URL of a card and drops the whole card when one fails, so an accepted URL that
// node refuses costs the user the card; a refused URL that node accepts costs only that URL, and
// is only counted.
//
// The corpus is deterministic: hosts built from ASCII, Punycode ("xn--") labels valid and not,
// characters UTS #46 maps, ignores or disallows, percent-encoded bytes (UTF-8 and not), forbidden
// domain code points, IPv4 and IPv6 forms, with userinfo, ports and paths around them, and the
// URLs found accepted wrongly before.
func TestIsHTTPSAgreesWithWHATWG(t *testing.T) {
	urls := append(whatwgRegressions, whatwgCorpus(40000)...)
	got := runWHATWG(t, urls)
	var wrong, refused int
	for i, s := range urls {
		w := got[i]
		if !IsHTTPS(s) {
			if w != nil && w.Protocol == "https:" && w.Hostname != "" && w.Username == "" && w.Password == "" {
				refused++
			}
			continue
		}
		if why := whatwgDisagrees(s, w); why != "" {
			wrong++
			if wrong <= 30 {
				t.Errorf("IsHTTPS(%q) = true, but new URL() %s", s, why)
			}
		}
	}
	if wrong > 30 {
		t.Errorf("... and %d more URLs IsHTTPS accepts wrongly", wrong-30)
	}
	t.Logf("%d URLs: %d accepted, %d refused where node accepts them (dropping a URL is safe)", len(urls), countHTTPS(urls), refused)
}

// whatwgDisagrees says how node's reading w of s, a URL IsHTTPS accepts, differs from what
// IsHTTPS took it for, or returns "".
func whatwgDisagrees(s string, w *whatwgURL) string {
	if w == nil {
		return "throws"
	}
	if w.Protocol != "https:" {
		return "reads the scheme " + w.Protocol
	}
	if w.Username != "" || w.Password != "" {
		return "reads credentials " + strconv.Quote(w.Username+":"+w.Password)
	}
	u, err := url.Parse(s)
	if err != nil {
		return "parses it, where url.Parse does not: " + err.Error()
	}
	want := ""
	if p := u.Port(); p != "" {
		if n, _ := strconv.Atoi(p); n != 443 {
			want = strconv.Itoa(n)
		}
	}
	if w.Port != want {
		return "reads the port " + strconv.Quote(w.Port) + ", not " + strconv.Quote(want)
	}
	host := u.Hostname()
	if strings.HasPrefix(u.Host, "[") {
		a, errA := netip.ParseAddr(host)
		b, errB := netip.ParseAddr(strings.Trim(w.Hostname, "[]"))
		if errA != nil || errB != nil || a != b {
			return "reads the host " + w.Hostname
		}
		return ""
	}
	ascii, err := urlhost.ToASCII(host)
	if err != nil {
		return "reads the host " + w.Hostname + ", which ToASCII refuses: " + err.Error()
	}
	if endsInNumber(ascii) {
		// IPv4 forms are many ("0x7f.1"); node writes the address in dotted decimal.
		if a, err := netip.ParseAddr(w.Hostname); err != nil || !a.Is4() {
			return "reads the host " + w.Hostname + ", not an IPv4 address"
		}
		return ""
	}
	if w.Hostname != ascii {
		return "reads the host " + strconv.Quote(w.Hostname) + ", not " + strconv.Quote(ascii)
	}
	return ""
}

func countHTTPS(urls []string) int {
	n := 0
	for _, s := range urls {
		if IsHTTPS(s) {
			n++
		}
	}
	return n
}

// runWHATWG parses urls with node, in one process. Without node 20 or later it skips, or fails
// under CI=true.
func runWHATWG(t *testing.T, urls []string) []*whatwgURL {
	t.Helper()
	var res struct {
		URLs []*whatwgURL `json:"urls"`
	}
	version := testenv.Node(t, whatwgScript, urls, &res, "IsHTTPS cannot be compared with the WHATWG URL parser")
	if len(res.URLs) != len(urls) {
		t.Fatalf("node answered for %d URLs of %d", len(res.URLs), len(urls))
	}
	t.Logf("node %s", version)
	return res.URLs
}

// whatwgRegressions are URLs IsHTTPS once accepted and node refuses, each class once: bytes
// of a percent-encoded host that are not UTF-8, and an ACE label that is not ASCII after mapping
// (¼ maps to "1⁄4", which x/net/idna decoded as Punycode and wrote anew).
var whatwgRegressions = []string{
	"https://a%80.com/", "https://%ff", "https://shop.example%ff.com/x", "https://%C3/",
	"https://xn--¼-.com", "https://xn--½-.com", "https://a.xn--⅓-.example/",
}

// whatwgCorpus returns n URLs, the same on every run.
func whatwgCorpus(n int) []string {
	r := rand.New(rand.NewPCG(46, 2026))
	pick := func(xs []string) string { return xs[r.IntN(len(xs))] }
	atoms := [][]string{
		{"a", "shop", "Example", "b-c", "-", "_", "x", "n", "xn", "-", "0", "1", "x1", "0x7f", "255", "256", "08", "com"},
		{"xn--", "XN--", "xn--bcher-kva", "xn--abc", "xn--a-", "xn--abc-", "xn--e1afmkfd", "xn--p1ai", "xn--14-c6t", "xn--zca", "xn--ls8h", "xn--Bcher-kva", "xn--bcher-2pa", "xn--zba", "xn--a-ecp", "xn--1-"},
		// UTS #46: mapped (full-width ASCII, fractions, ligatures, Kelvin, long s, dotted I),
		// deviations (ß, ς, joiners), ignored (soft hyphen, CGJ, variation selector), disallowed,
		// combining marks, right-to-left letters and digits, the other full stops.
		{"ｘ", "ｎ", "－", "Ａ", "¼", "½", "⅓", "ß", "ς", "ﬁ", "㎉", "\u212a", "ſ", "İ", "\u00ad", "\u200c", "\u200d", "\u034f", "\ufe0f", "\u0301", "ü", "u\u0308", "א", "١", "ا", "。", "．", "｡", "⒈", "\u2024", "☃", "💩", "\ufffd", "\u2044", "Ⅻ", "\u0080"},
		{"%80", "%ff", "%C3%BC", "%c3", "%e2%80%8d", "%25", "%41", "%2e", "%00", "%20", "%E3%80%82", "%ef%bd%98", "%C2%AD", "%c2%bc", "%F0%9F%92%A9", "%ED%A0%80", "%C0%AE"},
		{"<", "^", "|", "*", "!", "$", "&", "'", "(", "=", ",", ";", "~", "`", "{", "\"", "\\", "%", "#", "?", "/", "@", ":"},
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
