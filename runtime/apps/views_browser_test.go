package apps

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

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

// drawResults is a script run in the view: it delivers each tool result, as the host delivers
// one (a message event from the parent window), and reads what the view made of it: the card it
// drew, or the text it shows in its place and the rule it says the card broke.
const drawResults = `(results) => results.map((result) => {
	window.dispatchEvent(new MessageEvent("message", {source: window.parent, data: {
		jsonrpc: "2.0", method: "ui/notifications/tool-result", params: result,
	}}));
	const q = (s) => document.querySelector(s);
	return {
		drawn: !q("#card").hidden,
		title: q("#card-title").textContent,
		icon: q("#card-icon").getAttribute("src") || "",
		image: q("#card-image").getAttribute("src") || "",
		button: q('#card-actions button[data-kind="url"]') !== null,
		text: q("#result-text").hidden ? "" : q("#result-text").textContent,
		problem: q("#result-text").getAttribute("data-card-problem") || "",
	};
})`

// drawn is what drawResults reads for one result.
type drawn struct {
	Drawn              bool
	Title, Icon, Image string
	Button             bool
	Text, Problem      string
}

// openResultCardView opens the result card view in Chromium with a first card drawn.
func openResultCardView(t *testing.T) *apphost.Page {
	t.Helper()
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
	return p
}

// draw sends the view each result, written as JSON (arg, which may hold what Go cannot write,
// such as a lone surrogate), and returns what it drew for each.
func draw(t *testing.T, p *apphost.Page, arg string, n int) []drawn {
	t.Helper()
	var out []drawn
	if err := p.Eval("("+drawResults+")("+arg+")", &out); err != nil {
		t.Fatal(err)
	}
	if len(out) != n {
		t.Fatalf("the view drew %d results of %d", len(out), n)
	}
	return out
}

// TestResultCardViewURLs draws, in Chromium, cards whose icon, image and url button carry URLs
// that card.IsHTTPS refuses: the view checked only that new URL() read the https scheme, so a card
// that skipped card.Fit showed "https://shop.example.com@evil.example/" as an image and opened it
// as a link. The view must never show or open a URL that card.IsHTTPS refuses, white space in
// the path included, which the browser would percent-encode: as the platform drops a card with
// such a URL, the view shows the card's fallback text instead. It must draw the cards of the
// listed URLs that card.IsHTTPS accepts; of the generated ones, it may refuse a few more (a
// Punycode label the browser's parser does not write back as it was), and they are counted.
func TestResultCardViewURLs(t *testing.T) {
	p := openResultCardView(t)

	listed := len(viewURLs)
	urls := append(slices.Clone(viewURLs), urlcorpus.Generate(10000, false)...)
	results := make([]map[string]any, len(urls))
	for i, u := range urls {
		name := "URL " + strconv.Itoa(i)
		results[i] = map[string]any{
			"content": []any{map[string]any{"type": "text", "text": name}},
			"_meta": map[string]any{"assistant_platform": map[string]any{"card": map[string]any{
				"v": 1, "title": name, "fallback_text": name, "icon_url": u, "image_url": u,
				"actions": []any{map[string]any{"kind": "url", "label": "Open", "url": u}},
			}}},
		}
	}
	b, err := json.Marshal(results)
	if err != nil {
		t.Fatal(err)
	}
	arg := strings.ReplaceAll(string(b), `\u0000lone surrogate\u0000`, `\ud800`)
	if arg == string(b) {
		t.Fatal("the lone surrogate was not written into the URLs sent")
	}
	got := draw(t, p, arg, len(urls))
	var accepted, stricter, looser int
	for i, u := range urls {
		d := got[i]
		name := "URL " + strconv.Itoa(i)
		if d.Drawn && d.Title != name || !d.Drawn && d.Text != name {
			t.Fatalf("%q: the view drew the title %q or showed %q, not %q: the card did not reach it", u, d.Title, d.Text, name)
		}
		// The card carries u three times, and one URL the platform refuses costs it the card.
		want := card.IsHTTPS(strings.ReplaceAll(u, loneSurrogate, "\xed\xa0\x80"))
		all := d.Icon == u && d.Image == u && d.Button
		switch {
		case d.Drawn && !want:
			if looser++; looser <= 30 {
				t.Errorf("%q: the view draws the card with it (icon %v, image %v, button %v); card.IsHTTPS refuses it", u, d.Icon != "", d.Image != "", d.Button)
			}
		case d.Drawn && !all:
			t.Errorf("%q: the view drew the card with icon %q, image %q, button %v; want the URL in all three", u, d.Icon, d.Image, d.Button)
		case want && !d.Drawn && i < listed:
			t.Errorf("%q: card.IsHTTPS accepts it, and the view showed the fallback text (%s)", u, d.Problem)
		case want && !d.Drawn:
			stricter++
		case want:
			accepted++
		case !strings.Contains(d.Problem, "url: is not an https URL") && !strings.Contains(d.Problem, "url: is empty"):
			t.Errorf("%q: the view refused the card for %q; want its URL named", u, d.Problem)
		}
	}
	if looser > 30 {
		t.Errorf("... and %d more URLs the view shows and card.IsHTTPS refuses", looser-30)
	}
	t.Logf("%d URLs: the view draws %d cards, as card.IsHTTPS accepts their URLs, and refuses %d more than card.IsHTTPS", len(urls), accepted, stricter)
}

// viewCase is a tool result for TestResultCardViewDrawsWhatValidateAccepts: the card in its
// _meta as JSON would carry it (any JSON value), the result's text, and, for the named cases,
// whether the view must draw it and the path it must name when it does not.
type viewCase struct {
	name    string
	card    any
	content string
	drawn   bool
	path    string // the start of the problem the view reports; "" when drawn
}

// result is the tool result of c.
func (c viewCase) result() map[string]any {
	return map[string]any{
		"content": []any{map[string]any{"type": "text", "text": c.content}},
		"_meta":   map[string]any{"assistant_platform": map[string]any{"card": c.card}},
	}
}

// platformDraws decodes the card of result as a Go host reads it (card.FromMeta on the JSON)
// and says whether the platform draws it, card.Validate accepting it, and what the user sees
// otherwise: the card's fallback text where it is a string that shows something, else the
// result's text.
func platformDraws(t *testing.T, result map[string]any) (c card.Card, draws bool, instead string) {
	t.Helper()
	b, err := json.Marshal(result)
	if err != nil {
		t.Fatal(err)
	}
	var decoded struct {
		Content []struct{ Text string } `json:"content"`
		Meta    map[string]any          `json:"_meta"`
	}
	if err := json.Unmarshal(b, &decoded); err != nil {
		t.Fatal(err)
	}
	c, found, err := card.FromMeta(decoded.Meta)
	if found && err == nil && c.Validate() == nil {
		return c, true, ""
	}
	raw, _ := decoded.Meta[card.MetaKey].(map[string]any)["card"].(map[string]any)
	if f, ok := raw["fallback_text"].(string); ok && !card.IsBlank(f) {
		return c, false, f
	}
	return c, false, decoded.Content[0].Text
}

// card1042 returns the card of the platform's documentation, as JSON decodes it, with the
// changes set applies.
func card1042(set func(c map[string]any)) map[string]any {
	c := map[string]any{
		"v": 1, "title": "Order #1042", "subtitle": "Shipped", "text": "Arrives Friday.",
		"icon_url": "https://shop.example.com/icon.png", "image_url": "https://shop.example.com/o/1042.jpg",
		"fields": []any{
			map[string]any{"label": "Total", "value": "1,250,000 ₫"},
			map[string]any{"label": "Carrier", "value": "GHN"},
		},
		"actions": []any{
			map[string]any{"kind": "url", "label": "Track", "url": "https://shop.example.com/o/1042"},
			map[string]any{"kind": "message", "label": "Cancel", "text": "Cancel order 1042"},
		},
		"fallback_text": "Order #1042 shipped, arrives Friday. Total 1,250,000 ₫.",
	}
	if set != nil {
		set(c)
	}
	return c
}

func field(label, value string) map[string]any { return map[string]any{"label": label, "value": value} }

func action(kind, label, url, text string) map[string]any {
	a := map[string]any{"kind": kind, "label": label}
	if url != "" {
		a["url"] = url
	}
	if text != "" {
		a["text"] = text
	}
	return a
}

// namedViewCases are cards attached by hand, each breaking one rule of card.Validate or keeping
// to it at the edge.
func namedViewCases() []viewCase {
	emoji := func(n int) string { return strings.Repeat("😀", n) }
	x := func(n int) string { return strings.Repeat("x", n) }
	set := func(key string, v any) func(map[string]any) { return func(c map[string]any) { c[key] = v } }
	del := func(key string) func(map[string]any) { return func(c map[string]any) { delete(c, key) } }
	return []viewCase{
		{"the documentation's card", card1042(nil), "", true, ""},
		{"v unset", card1042(del("v")), "", true, ""},
		{"v 0", card1042(set("v", 0)), "", true, ""},
		{"v 2", card1042(set("v", 2)), "", false, "v:"},
		{"unknown keys ignored", card1042(set("style", "compact")), "", true, ""},
		{"optional slots null", card1042(func(c map[string]any) { c["subtitle"], c["text"], c["fields"], c["actions"] = nil, nil, nil, nil }), "", true, ""},
		{"five fields", card1042(set("fields", []any{field("a", "1"), field("b", "2"), field("c", "3"), field("d", "4"), field("e", "5")})), "", false, "fields:"},
		{"three buttons", card1042(set("actions", []any{action("message", "A", "", "a"), action("message", "B", "", "b"), action("message", "C", "", "c")})), "", false, "actions:"},
		{"no fallback text", card1042(del("fallback_text")), "The result's own text.", false, "fallback_text:"},
		{"blank fallback text", card1042(set("fallback_text", " \u200b\n")), "The result's own text.", false, "fallback_text:"},
		{"fallback text not a string", card1042(set("fallback_text", 42)), "The result's own text.", false, "fallback_text:"},
		{"fallback text over 500", card1042(set("fallback_text", x(501))), "", false, "fallback_text:"},
		{"title 80", card1042(set("title", x(80))), "", true, ""},
		{"title 81", card1042(set("title", x(81))), "", false, "title:"},
		{"title of 40 emoji, 80 UTF-16 units", card1042(set("title", emoji(40))), "", true, ""},
		// 80 code points, 160 units: a host counting .length drops it.
		{"title of 80 emoji", card1042(set("title", emoji(80))), "", false, "title:"},
		{"title missing", card1042(del("title")), "", false, "title:"},
		{"title blank", card1042(set("title", "\u200b\u2800")), "", false, "title:"},
		{"title drawn format character", card1042(set("title", "\u0600")), "", true, ""},
		{"title not a string", card1042(set("title", 1042)), "", false, "title:"},
		{"title with a tab", card1042(set("title", "Order\t1042")), "", false, "title:"},
		{"subtitle with a line break", card1042(set("subtitle", "Shipped\nby GHN")), "", false, "subtitle:"},
		{"text with line breaks", card1042(set("text", "Arrives Friday.\nSigned for.")), "", true, ""},
		{"text with a carriage return", card1042(set("text", "Arrives Friday.\r\nSigned for.")), "", false, "text:"},
		{"text of 151 emoji", card1042(set("text", emoji(151))), "", false, "text:"},
		{"value 120", card1042(set("fields", []any{field("Total", x(120))})), "", true, ""},
		{"value of 119 letters and an emoji", card1042(set("fields", []any{field("Total", x(119)+"😀")})), "", false, "fields[0].value:"},
		{"label blank", card1042(set("fields", []any{field(" ", "1")})), "", false, "fields[0].label:"},
		{"label 41", card1042(set("fields", []any{field(x(41), "1")})), "", false, "fields[0].label:"},
		{"field null", card1042(set("fields", []any{nil})), "", false, "fields[0]:"},
		{"fields not a list", card1042(set("fields", map[string]any{"label": "a", "value": "b"})), "", false, "fields:"},
		{"button label of 16 emoji", card1042(set("actions", []any{action("message", emoji(16), "", "Go")})), "", false, "actions[0].label:"},
		{"message button without text", card1042(set("actions", []any{action("message", "Cancel", "", "")})), "", false, "actions[0].text:"},
		{"message button with a url", card1042(set("actions", []any{action("message", "Cancel", "https://shop.example.com/", "Cancel it")})), "", false, "actions[0].url:"},
		{"message text 201", card1042(set("actions", []any{action("message", "Cancel", "", x(201))})), "", false, "actions[0].text:"},
		{"url button with a text", card1042(set("actions", []any{action("url", "Track", "https://shop.example.com/o/1042", "Track it")})), "", false, "actions[0].text:"},
		{"url button without a url", card1042(set("actions", []any{action("url", "Track", "", "")})), "", false, "actions[0].url:"},
		{"url button over http", card1042(set("actions", []any{action("url", "Track", "http://shop.example.com/o/1042", ""), action("message", "Cancel", "", "Cancel")})), "", false, "actions[0].url:"},
		{"kind in upper case", card1042(set("actions", []any{action("URL", "Track", "https://shop.example.com/o/1042", "")})), "", false, "actions[0].kind:"},
		{"unknown kind", card1042(set("actions", []any{action("link", "Track", "https://shop.example.com/o/1042", "")})), "", false, "actions[0].kind:"},
		{"icon over http", card1042(set("icon_url", "http://shop.example.com/icon.png")), "", false, "icon_url:"},
		{"image with an upper-case scheme", card1042(set("image_url", "HTTPS://shop.example.com/o/1042.jpg")), "", false, "image_url:"},
		{"image empty", card1042(set("image_url", "")), "", true, ""},
		{"card not an object", "Order #1042", "The result's own text.", false, "card:"},
	}
}

// TestResultCardViewDrawsWhatValidateAccepts sends the result card view, in Chromium, cards
// attached by hand, which skipped card.Fit: the view drew any card whose title was a string,
// cutting a fifth field and a third button without a word and ignoring a missing fallback text
// or an over-long value, where the platform drops such a card whole. The view must draw a card
// exactly when card.Validate accepts it as a Go host decodes it (card.FromMeta), lengths counted
// as JavaScript's .length, and otherwise show its fallback text, or the result's text when it
// has none, and name the rule it broke. It checks named cases at each rule's edge, 3,000 cards
// drawn at random from slots valid and not, and a title of each character that card.IsBlank
// takes for nothing (and its neighbours).
func TestResultCardViewDrawsWhatValidateAccepts(t *testing.T) {
	p := openResultCardView(t)
	named := namedViewCases()
	cases := append(slices.Clone(named), randomViewCases(3000)...)
	cases = append(cases, blankViewCases()...)
	// A lone surrogate, which a JSON string can carry and a Go string cannot, is no character:
	// the view refuses a title holding one (Go reads it as U+FFFD).
	cases = append(cases, viewCase{"lone surrogate", card1042(func(c map[string]any) { c["title"] = "Order " + loneSurrogate }), "", false, "title:"})

	results := make([]map[string]any, len(cases))
	for i, c := range cases {
		if c.content == "" {
			c.content = "result " + strconv.Itoa(i)
			cases[i] = c
		}
		results[i] = c.result()
	}
	b, err := json.Marshal(results)
	if err != nil {
		t.Fatal(err)
	}
	got := draw(t, p, strings.ReplaceAll(string(b), `\u0000lone surrogate\u0000`, `\ud800`), len(cases))
	wrong, drawnCards := 0, 0
	for i, tc := range cases {
		d := got[i]
		c, want, instead := platformDraws(t, results[i])
		if d.Drawn {
			drawnCards++
		}
		switch {
		case tc.name == "lone surrogate":
			want, instead = false, results[i]["_meta"].(map[string]any)["assistant_platform"].(map[string]any)["card"].(map[string]any)["fallback_text"].(string)
		case i < len(named) && want != tc.drawn:
			t.Errorf("%s: card.Validate says drawn %v; the test case says %v", tc.name, want, tc.drawn)
		}
		var why string
		switch {
		case d.Drawn != want:
			why = fmt.Sprintf("the view drew it: %v (%s); card.Validate: %v", d.Drawn, d.Problem, c.Validate())
		case d.Drawn && (d.Title != c.Title || d.Problem != ""):
			why = fmt.Sprintf("drawn with the title %q and problem %q; want %q and none", d.Title, d.Problem, c.Title)
		case !d.Drawn && d.Text != instead:
			why = fmt.Sprintf("the view shows %q in its place; want %q", d.Text, instead)
		case !d.Drawn && (d.Problem == "" || tc.path != "" && !strings.HasPrefix(d.Problem, tc.path)):
			why = fmt.Sprintf("the view names the problem %q; want one at %q", d.Problem, tc.path)
		}
		if why != "" {
			if wrong++; wrong <= 30 {
				b, _ := json.Marshal(tc.card)
				t.Errorf("%s: %s\n\tcard %.600s", tc.name, why, b)
			}
		}
	}
	if wrong > 30 {
		t.Errorf("... and %d more", wrong-30)
	}
	t.Logf("%d cards: %d drawn, %d refused", len(cases), drawnCards, len(cases)-drawnCards)
}

// randomViewCases returns n cards, the same on every run, whose slots are drawn from values
// valid and not (lengths at and past each limit in letters and in emoji, blank and control
// characters, URLs a host refuses, wrong kinds, too many rows and buttons), most of them valid
// so that a card often breaks one rule alone.
func randomViewCases(n int) []viewCase {
	r := rand.New(rand.NewPCG(5, 2026))
	emoji := func(k int) string { return strings.Repeat("😀", k) }
	x := func(k int) string { return strings.Repeat("x", k) }
	// pick returns one of the valid values (the first `valid` of vs) most of the time, else any.
	pick := func(valid int, vs ...any) any {
		if r.IntN(10) < 8 {
			return vs[r.IntN(valid)]
		}
		return vs[r.IntN(len(vs))]
	}
	const absent = "\x00absent"
	url := func() any {
		return pick(2, "https://shop.example.com/o/1042", "https://bücher.example/a", "http://shop.example.com/", "HTTPS://shop.example.com/", "https://u@shop.example.com/", " https://shop.example.com/", "")
	}
	cases := make([]viewCase, n)
	for i := range cases {
		c := map[string]any{
			"v":             pick(3, absent, 1, 0, 2, "1"),
			"title":         pick(4, "Order #1042", x(80), emoji(40), "\u0600 \u06f1", absent, "", "\u200b", x(81), emoji(41), "a\tb", 7),
			"subtitle":      pick(4, absent, "Shipped", x(160), emoji(80), x(161), emoji(81), "a\nb", "\u2028"),
			"text":          pick(4, absent, "Line 1\nLine 2", x(300), emoji(150), x(301), emoji(151), "a\rb", "a\x00b"),
			"icon_url":      pick(2, absent, "https://shop.example.com/i.png", url(), url()),
			"image_url":     pick(2, absent, "https://shop.example.com/o.jpg", url(), url()),
			"fallback_text": pick(4, "Order 1042", x(500), emoji(250), "a\nb", absent, "", " \u200b", x(501), emoji(251), "a\x00b", nil),
		}
		fields := []any{}
		for range pick(4, 0, 1, 2, 4, 5).(int) {
			fields = append(fields, map[string]any{
				"label": pick(3, "Total", x(40), emoji(20), "", " ", x(41), emoji(21), absent),
				"value": pick(3, "1,250,000 ₫", x(120), emoji(60), "", x(121), emoji(61), "x\ny", absent),
			})
		}
		c["fields"] = pick(2, fields, absent, nil, "rows")
		actions := []any{}
		for range pick(3, 0, 1, 2, 3).(int) {
			kind := pick(2, "url", "message", "URL", "link", absent)
			a := map[string]any{"kind": kind, "label": pick(3, "Track", x(30), emoji(15), "", x(31), emoji(16))}
			if kind == "message" {
				a["text"] = pick(3, "Cancel order 1042", x(200), emoji(100), "", x(201), "a\nb")
				if r.IntN(10) == 0 {
					a["url"] = url()
				}
			} else {
				a["url"] = url()
				if r.IntN(10) == 0 {
					a["text"] = "Track it"
				}
			}
			actions = append(actions, a)
		}
		c["actions"] = pick(2, actions, absent, nil)
		for k, v := range c {
			if v == absent {
				delete(c, k)
			}
		}
		cases[i] = viewCase{name: "random " + strconv.Itoa(i), card: c}
	}
	return cases
}

// blankViewCases returns a card per character card.IsBlank takes for nothing (white space,
// format characters, default-ignorable code points, U+2800, U+1D159), per prepended
// concatenation mark (format characters that are drawn), and per neighbour of either, each the
// card's whole title: the view's rule for a blank title is its own regular expression, and
// must agree with card.IsBlank on every one.
func blankViewCases() []viewCase {
	var runes []rune
	seen := map[rune]bool{}
	add := func(r rune) {
		if r < 0 || r > unicode.MaxRune || r >= 0xD800 && r <= 0xDFFF || seen[r] {
			return
		}
		seen[r] = true
		runes = append(runes, r)
	}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if card.IsBlank(string(r)) || unicode.Is(unicode.Prepended_Concatenation_Mark, r) {
			add(r - 1)
			add(r)
			add(r + 1)
		}
	}
	cases := make([]viewCase, len(runes))
	for i, r := range runes {
		cases[i] = viewCase{name: fmt.Sprintf("title %U", r), card: card1042(func(c map[string]any) { c["title"] = string(r) })}
	}
	return cases
}
