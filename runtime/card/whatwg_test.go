package card

import (
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/internal/testenv"
	"github.com/cardgen/cardgen/internal/urlcorpus"
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
	urls := append(whatwgRegressions, urlcorpus.Generate(40000, true)...)
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
