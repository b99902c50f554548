package apps

import (
	"encoding/json"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/internal/apphost"
	"github.com/cardgen/cardgen/internal/urlcorpus"
	"github.com/cardgen/cardgen/runtime/card"
)

// TestMain stops the browser that the tests below start, and removes its profile.
func TestMain(m *testing.M) {
	code := m.Run()
	apphost.Shutdown()
	os.Exit(code)
}

// loneSurrogate stands in the URLs of TestResultCardViewURLs for an unpaired UTF-16 surrogate,
// which a JSON string can carry ("\ud800") and a Go string cannot: the test writes it into the
// JSON it sends the view, and asks card.IsHTTPS about its bytes in CESU-8 (ED A0 80), which are
// not UTF-8, in its place.
const loneSurrogate = "\x00lone surrogate\x00"

// viewURLs are URLs a card that skipped card.Fit may carry into the result card view: ones
// card.IsHTTPS refuses that the browser's URL parser accepts (white space in the path, which the
// parser percent-encodes, among them), and ones both accept.
var viewURLs = []string{
	// Accepted by both.
	"https://shop.example.com/icon.png",
	"https://shop.example.com",
	"https://SHOP.EXAMPLE.COM/O/1042",
	"https://shop.example.com:8443/o/1042?tab=details#top",
	"https://shop.example.com:00443/",
	"https://shop.example.com/a@b?c=d@e#f@g",
	"https://shop.example.com?q=a@b",
	"https://shop.example.com#a@b",
	"https://shop.example.com/%E2%82%AB?q=%zz",
	"https://b%C3%BCcher.example/",
	"https://bücher.example/",
	"https://a_b.example/",
	"https://[2001:db8::1]/",
	"https://1.2.3.4/",
	"https://shop.example.com/o/1042.jpg",
	// Credentials: the link reads as one host and opens another.
	"https://shop.example.com@evil.example/",
	"https://user:pass@shop.example.com/",
	"https://user@shop.example.com/",
	"https://:pass@shop.example.com/",
	"https://@shop.example.com/",
	"https://shop.example.com\\@evil.example/",
	"https://shop.example.com:443@evil.example/",
	// No host, or none where Go's parser looks for it.
	"https:///shop.example.com/",
	"https:shop.example.com/",
	"https:/shop.example.com/",
	"https:\\\\shop.example.com/",
	"https://\\shop.example.com/",
	"https://:443/",
	"https://",
	// Ports, hosts and escapes the browser takes and card.IsHTTPS does not.
	"https://shop.example.com:0/",
	"https://shop.example.com:00/",
	"https://shop%2Eexample.com/",
	"https://shop.example.com%2F/",
	"https://shop.example.com/%zz",
	"https://shop.example.com/#%zz",
	"https://shop.example.com/%",
	"https://shop.example`.com/",
	"https://shop.example{.com/",
	"https://shop.example}.com/",
	"https://a.\u00ad.example/",
	"https://a..example/",
	"https://a.example./",
	"https://a\u3002example\uff0e/",
	"https://a.example.\u00ad/",
	"https://a.%C2%AD.example/",
	"https://a\u3002\u00ad\u3002example/",
	"https://a.\u00adb.example/",
	// White space and control characters, which the browser strips or encodes.
	" https://shop.example.com/",
	"https://shop.example.com/ ",
	"https://shop.example.com/a b",
	"https://shop.ex\tample.com/",
	"https://shop.example.com/\n",
	"https://shop.example.com/\u0085",
	"https://shop.example.com/\u00a0",
	"https://shop.example.com/\u2028",
	"https://shop.example.com/\u3000",
	"https://shop.example.com/\u007f",
	"https://shop.example.com/?q=a b#c d",
	"https://shop.example.com/\u0000",
	"https://shop.example.com/ \r\n",
	"https://shop. example.com/",
	"https://shop.example.com\u00a0/",
	"https://shop.example.com\u3000/",
	"https://shop.example.com\u0085/",
	"https://shop.example.com\u200a/",
	"https://shop.example.com/" + loneSurrogate,
	// The scheme in upper case, which a host checking for the "https://" prefix drops.
	"HTTPS://SHOP.EXAMPLE.COM/O/1042",
	"Https://shop.example.com/icon.png",
	"hTTPs://shop.example.com/o/1042",
	// Not https at all.
	"http://shop.example.com/",
	"javascript:alert(1)",
	"data:image/png;base64,AAAA",
	"//shop.example.com/",
	"/o/1042",
	"",
}

// drawURLs is a script run in the view: for each URL, it delivers a tool result whose card has
// the URL as its icon, its image and its url button, as the host delivers one (a message event
// from the parent window), and reads what the view drew.
const drawURLs = `(urls) => urls.map((url, i) => {
	window.dispatchEvent(new MessageEvent("message", {source: window.parent, data: {
		jsonrpc: "2.0", method: "ui/notifications/tool-result",
		params: {content: [{type: "text", text: "URL " + i}], _meta: {assistant_platform: {card: {
			v: 1, title: "URL " + i, fallback_text: "URL " + i, icon_url: url, image_url: url,
			actions: [{kind: "url", label: "Open", url: url}],
		}}}},
	}}));
	const q = (s) => document.querySelector(s);
	return {
		title: q("#card-title").textContent,
		icon: q("#card-icon").getAttribute("src") || "",
		image: q("#card-image").getAttribute("src") || "",
		button: q('#card-actions button[data-kind="url"]') !== null,
	};
})`

// TestResultCardViewURLs draws, in Chromium, cards whose icon, image and url button carry URLs
// that card.IsHTTPS refuses: the view checked only that new URL() read the https scheme, so a card
// that skipped card.Fit showed "https://shop.example.com@evil.example/" as an image and opened it
// as a link. The view must never show or open a URL that card.IsHTTPS refuses, white space in
// the path included, which the browser would percent-encode. It must show the listed URLs that
// card.IsHTTPS accepts; of
// the generated ones, it may refuse a few more (a Punycode label the browser's parser does not
// write back as it was), and they are counted.
func TestResultCardViewURLs(t *testing.T) {
	h := apphost.Require(t)
	first, err := json.Marshal(map[string]any{
		"content": []any{map[string]any{"type": "text", "text": "start"}},
		"_meta":   map[string]any{"assistant_platform": map[string]any{"card": map[string]any{"v": 1, "title": "start", "fallback_text": "start"}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	p := h.Open(t, apphost.Scenario{HTML: ResultCardView(), ToolResult: first})
	apphost.Eventually(t, "#card-title", func() (string, error) { return p.Text("#card-title") }, "start")

	listed := len(viewURLs)
	urls := append(slices.Clone(viewURLs), urlcorpus.Generate(10000, false)...)
	b, err := json.Marshal(urls)
	if err != nil {
		t.Fatal(err)
	}
	arg := strings.ReplaceAll(string(b), `\u0000lone surrogate\u0000`, `\ud800`)
	if arg == string(b) {
		t.Fatal("the lone surrogate was not written into the URLs sent")
	}
	var drawn []struct {
		Title, Icon, Image string
		Button             bool
	}
	if err := p.Eval("("+drawURLs+")("+arg+")", &drawn); err != nil {
		t.Fatal(err)
	}
	if len(drawn) != len(urls) {
		t.Fatalf("the view drew %d cards for %d URLs", len(drawn), len(urls))
	}
	var accepted, stricter, looser int
	for i, u := range urls {
		d := drawn[i]
		if want := "URL " + strconv.Itoa(i); d.Title != want {
			t.Fatalf("%q: the view drew the title %q, not %q: the card did not reach it", u, d.Title, want)
		}
		want := card.IsHTTPS(strings.ReplaceAll(u, loneSurrogate, "\xed\xa0\x80"))
		shown := d.Icon != "" || d.Image != "" || d.Button
		all := d.Icon == u && d.Image == u && d.Button
		switch {
		case shown && !want:
			if looser++; looser <= 30 {
				t.Errorf("%q: the view shows it (icon %v, image %v, button %v); card.IsHTTPS refuses it", u, d.Icon != "", d.Image != "", d.Button)
			}
		case want && !all && i < listed:
			t.Errorf("%q: card.IsHTTPS accepts it, and the view drew icon %q, image %q, button %v; want the URL in all three", u, d.Icon, d.Image, d.Button)
		case want && !all:
			stricter++
		case want:
			accepted++
		}
	}
	if looser > 30 {
		t.Errorf("... and %d more URLs the view shows and card.IsHTTPS refuses", looser-30)
	}
	t.Logf("%d URLs: the view shows %d, as card.IsHTTPS accepts them, and refuses %d more than card.IsHTTPS", len(urls), accepted, stricter)
}
