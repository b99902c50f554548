package card

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// orderCard is the card of the platform's documentation example.
func orderCard() Card {
	return Card{
		V:        1,
		Title:    "Order #1042",
		Subtitle: "Shipped",
		Text:     "Arrives Friday.",
		IconURL:  "https://shop.example.com/icon.png",
		ImageURL: "https://shop.example.com/o/1042.jpg",
		Fields: []Field{
			{Label: "Total", Value: "1,250,000 ₫"},
			{Label: "Carrier", Value: "GHN"},
		},
		Actions: []Action{
			URLAction("Track", "https://shop.example.com/o/1042"),
			MessageAction("Cancel", "Cancel order 1042"),
		},
		FallbackText: "Order #1042 shipped, arrives Friday. Total 1,250,000 ₫.",
	}
}

func TestValidate(t *testing.T) {
	const tooLong = ": shorten it, or clip it with card.Fit or card.Clip"
	const notHTTPS = " is not an https URL; use an absolute https:// URL with a host and no user name or password (percent-encode spaces), or leave it empty"
	tests := []struct {
		name string
		card Card
		want []Problem // nil: valid
	}{
		{"documentation example", orderCard(), nil},
		{"minimal", Card{Title: "T", FallbackText: "F"}, nil},
		{"at every limit", Card{
			Title:        strings.Repeat("t", MaxTitle),
			Subtitle:     strings.Repeat("s", MaxSubtitle),
			Text:         strings.Repeat("x\n", MaxText/2),
			Fields:       []Field{{strings.Repeat("l", 40), strings.Repeat("v", 120)}, {"a", "b"}, {"c", "d"}, {"e", "f"}},
			Actions:      []Action{URLAction(strings.Repeat("l", 30), "https://X.COM"), MessageAction("m", strings.Repeat("m", 200))},
			FallbackText: strings.Repeat("ư", MaxFallbackText),
		}, nil},
		{"empty", Card{}, []Problem{
			{"title", "is empty; every card needs a title: set Title"},
			{"fallback_text", "is empty; hosts drop a card without one: write a plain-text summary (Fit builds one from the other slots)"},
		}},
		{"blank required slots", Card{Title: " \t", FallbackText: "\n"}, []Problem{
			{"title", "is empty; every card needs a title: set Title"},
			{"title", "contains the control character U+0009; use plain text on one line"},
			{"fallback_text", "is empty; hosts drop a card without one: write a plain-text summary (Fit builds one from the other slots)"},
		}},
		{"bad encoding and controls", Card{Title: "caf\xe9\x00", Text: "a\r\nb", FallbackText: "ok\u2028"}, []Problem{
			{"title", "is not valid UTF-8: fix the encoding of the source value (Fit replaces bad bytes with U+FFFD)"},
			{"title", "contains the control character U+0000; use plain text on one line"},
			{"text", `contains the control character U+000D; use plain text, where only "\n" line breaks are kept`},
			{"fallback_text", `contains the control character U+2028; use plain text, where only "\n" line breaks are kept`},
		}},
		{"everything broken", Card{
			V:        2,
			Title:    strings.Repeat("x", 81),
			Subtitle: "two\nlines",
			Text:     "tab\there",
			IconURL:  "http://shop.example.com/i.png",
			ImageURL: "ftp://shop.example.com/i.png",
			Fields:   []Field{{"A", "1"}, {"", "2"}, {"C", strings.Repeat("v", 121)}, {"D", "4"}, {"E", "5"}},
			Actions: []Action{
				{Kind: "link", Label: "Go", URL: "https://x.com"},
				{Kind: KindURL, Label: "Track", URL: "http://x.com", Text: "t"},
				{Kind: KindMessage, URL: "https://x.com"},
			},
			FallbackText: strings.Repeat("f", 501),
		}, []Problem{
			{"v", "is 2; only 0 (unset) and 1 are known: set V to card.Version"},
			{"title", "is 81 characters; the limit is 80" + tooLong},
			{"subtitle", "contains the control character U+000A; use plain text on one line"},
			{"text", `contains the control character U+0009; use plain text, where only "\n" line breaks are kept`},
			{"icon_url", `"http://shop.example.com/i.png"` + notHTTPS},
			{"image_url", `"ftp://shop.example.com/i.png"` + notHTTPS},
			{"fields", "has 5 rows; the limit is 4: keep the most important ones"},
			{"fields[1].label", "is empty; every field needs a label"},
			{"fields[2].value", "is 121 characters; the limit is 120" + tooLong},
			{"actions", "has 3 buttons; the limit is 2: keep the most important ones, the first is the primary one"},
			{"actions[0].kind", `is "link"; it must be "url" (with a url) or "message" (with a text)`},
			{"actions[1].url", `"http://x.com"` + notHTTPS},
			{"actions[1].text", "is set on a url button; only message buttons carry a text: remove it"},
			{"actions[2].label", "is empty; every button needs a label"},
			{"actions[2].text", "is empty; a message button needs the text it sends"},
			{"actions[2].url", `is set on a message button; only url buttons carry a url: remove it or use kind "url"`},
			{"fallback_text", "is 501 characters; the limit is 500" + tooLong},
		}},
		// 80 emoji are 80 code points and 160 UTF-16 units: a host checking .length drops
		// the card.
		{"emoji counted in UTF-16 units", Card{
			Title:        strings.Repeat("😀", 80),
			Fields:       []Field{{"🇻🇳", strings.Repeat("x", 119) + "😀"}},
			FallbackText: strings.Repeat("😀", 250),
		}, []Problem{
			{"title", "is 160 UTF-16 code units long (80 characters, those past U+FFFF, as most emoji are, counting 2, as a JavaScript host counts them); the limit is 80" + tooLong},
			{"fields[0].value", "is 121 UTF-16 code units long (120 characters, those past U+FFFF, as most emoji are, counting 2, as a JavaScript host counts them); the limit is 120" + tooLong},
		}},
		{"upper-case scheme", Card{
			Title:        "T",
			IconURL:      "HTTPS://shop.example.com/i.png",
			Actions:      []Action{URLAction("Track", "Https://shop.example.com/o/1042"), URLAction("Map", "HTTP://shop.example.com/map")},
			FallbackText: "F",
		}, []Problem{
			{"icon_url", `"HTTPS://shop.example.com/i.png" writes its scheme in upper case; write "https://" in lower case, as a host that checks for that prefix drops the card (Fit writes it so)`},
			{"actions[0].url", `"Https://shop.example.com/o/1042" writes its scheme in upper case; write "https://" in lower case, as a host that checks for that prefix drops the card (Fit writes it so)`},
			{"actions[1].url", `"HTTP://shop.example.com/map"` + notHTTPS},
		}},
		{"url button without url, blank field value", Card{
			Title:        "T",
			Fields:       []Field{{"Total", " "}},
			Actions:      []Action{{Kind: KindURL, Label: "Open"}},
			FallbackText: "F",
		}, []Problem{
			{"fields[0].value", "is empty; every field needs a value: drop the row when there is nothing to show"},
			{"actions[0].url", "is empty; a url button needs an https URL to open"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.card.Validate()
			if tt.want == nil {
				if err != nil {
					t.Fatalf("Validate() = %v; want nil", err)
				}
				return
			}
			var ve *ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("Validate() = %v (%T); want *ValidationError", err, err)
			}
			if !reflect.DeepEqual(ve.Problems, tt.want) {
				t.Errorf("problems:\n got %q\nwant %q", ve.Problems, tt.want)
			}
		})
	}
}

func TestValidationErrorMessage(t *testing.T) {
	one := &ValidationError{Problems: []Problem{{"title", "is empty"}}}
	if got, want := one.Error(), "invalid result card: title: is empty"; got != want {
		t.Errorf("one problem: %q; want %q", got, want)
	}
	two := &ValidationError{Problems: []Problem{{"title", "is empty"}, {"fields[1].value", "is 121 characters"}}}
	if got, want := two.Error(), "invalid result card, 2 problems:\n\ttitle: is empty\n\tfields[1].value: is 121 characters"; got != want {
		t.Errorf("two problems: %q; want %q", got, want)
	}
}

func TestIsHTTPS(t *testing.T) {
	tests := []struct {
		s    string
		want bool
	}{
		{"https://shop.example.com", true},
		{"https://shop.example.com/o/1042?x=1#top", true},
		{"https://SHOP.EXAMPLE.COM/X", true},
		// The scheme in upper case: the URL a parser reads, but a host that checks for the
		// "https://" prefix drops the card.
		{"HTTPS://SHOP.EXAMPLE.COM/x", false},
		{"hTtPs://shop.example.com", false},
		{"Https://shop.example.com/o/1042", false},
		{"HTTPS://bücher.example/", false},
		{"HTTPS://1.2.3.4/", false},
		{"https://shop.example.com:8443/p", true},
		{"https://shop.example.com/caf%C3%A9", true},
		{"https://shop.example.com/café", true},
		{"https://[::1]/x", true},
		{"", false},
		{"http://shop.example.com", false},
		{"ftp://shop.example.com", false},
		{"//shop.example.com", false},
		{"shop.example.com/x", false},
		{"https:shop.example.com", false},
		{"https://", false},
		{"https:///path", false},
		{"https://:443/x", false},
		{" https://shop.example.com", false},
		{"https://shop.example.com/a b", false},
		{"https://shop.example.com/\x7f", false},
		{"https://shop.example.com/\u0085", false},
		{"https://shop.example.com/\xff", false},
		{"javascript:alert(1)", false},
		// What the WHATWG URL parser (new URL() in browsers and JavaScript hosts) accepts.
		{"https://shop.example.com:443/x", true},
		{"https://shop.example.com:00443/x", true},
		{"https://shop.example.com:65535/x", true},
		{"https://shop.example.com:/x", true},
		{"https://example.com:99999/", false},
		{"https://example.com:65536/", false},
		{"https://example.com:0/", false},
		{"https://example.com:000000443/", true},
		{"https://example.com:99999999999999999999/", false},
		{"https://1.2.3.4/", true},
		{"https://1.2.3.4./", true},
		{"https://0x7f.1/", true},
		{"https://017.0.0.1/", true},
		{"https://256.1.1.1/", false},
		{"https://1.2.3.4.5/", false},
		{"https://1.2.3.256/", false},
		{"https://1.2.65535/", true}, // the last part fills the two bytes left: 1.2.255.255
		{"https://1.2.65536/", false},
		{"https://1..2/", false},
		{"https://08.1.1.1/", false}, // a leading 0 is octal
		{"https://shop.example.123/", false},
		{"https://shop.123.example/", true},
		{"https://shop.example.0x/", false},
		{"https://1shop.example.com/", true},
		{"https://shop.1example/", true},
		{"https://[fe80::1%25eth0]/", false},
		{"https://[::1]:65536/", false},
		{"https://xn--/", false},
		{"https://XN--.example.com/", false},
		{"https://shop.xn--/", false},
		{"https://xn--abc.example/", false},
		{"https://xn--bcher-kva.example/", true},
		{"https://bücher.example/", true},
		{"https://b%C3%BCcher.example/", true},
		{"https://a\u200db.example/", false},
		{"https://a_b.example.com/", true},
		{"https://-shop.example.com/", true},
		{"https://a<b.example/", false},
		{"https://\u00ad/", false},
		// A percent-encoded host is UTF-8 or nothing: WHATWG decodes a bad byte as U+FFFD, which
		// UTS #46 disallows.
		{"https://a%80.com/", false},
		{"https://%ff", false},
		{"https://shop.example%ff.com/x", false},
		{"https://%C3%BC.example/", true},
		// A label that starts with "xn--" after mapping is ASCII Punycode of a label already
		// mapped, or the host is refused: ¼ maps to "1⁄4", and "xn--1⁄4-" is not Punycode.
		{"https://xn--¼-.com", false},
		{"https://xn--½-.com", false},
		{"https://ＸＮ－－.example.com/", false},
		{"https://xn--bcher-2pa.example/", false}, // decodes to "bÜcher", which maps to bücher
		{"https://xn--zba.example/", false},       // decodes to "¼", which maps to "1⁄4"
		{"https://XN--Bcher-kva.example/", true},  // mapped to xn--bcher-kva first
		{"https://ｘｎ--bcher-kva.example/", true},
		// Credentials: Chromium loads no image from such a URL, and a link reads as one host
		// while it opens another.
		{"https://user@shop.example.com:8443/p", false},
		{"https://u:p@shop.example.com@evil.example/", false},
		{"https://shop.example.com@evil.example/", false},
		{"https://@shop.example.com/", false},
		{"https://:@shop.example.com/", false},
		{"https://shop.example.com/@evil", true},
	}
	for _, tt := range tests {
		if got := IsHTTPS(tt.s); got != tt.want {
			t.Errorf("IsHTTPS(%q) = %v; want %v", tt.s, got, tt.want)
		}
	}
}

// TestInvisibleTextIsBlank: a required slot holding only characters that draw nothing — zero
// width spaces and joiners, bidi marks, a byte order mark, a word joiner, the Hangul filler, the Braille pattern blank —
// showed the user nothing, yet passed as present: a card with an invisible title (a JavaScript
// host's trim() even removes U+FEFF and then drops the card as titleless). Validate reports such a
// slot as empty, and Fit repairs it as it repairs a blank one. Visible format characters (the
// Arabic number sign) and text next to invisible ones are kept.
func TestInvisibleTextIsBlank(t *testing.T) {
	for _, s := range []string{"\u200b", "\u200f\u200e", "\ufeff", " \u2060 ", "\u200d\u200c", "\u3164", "\u00ad", "\u202e\u202c", "\ufe0f", "\u2800", "\U0001D159"} {
		c := orderCard()
		c.Title = s
		c.Fields[1].Label = s
		c.Actions[1].Text = s
		var ve *ValidationError
		err := c.Validate()
		if !errors.As(err, &ve) {
			t.Fatalf("%+q: Validate = %v; want the title, a label and a message text reported empty", s, err)
		}
		var paths []string
		for _, p := range ve.Problems {
			if strings.HasPrefix(p.Msg, "is empty") {
				paths = append(paths, p.Path)
			}
		}
		if got := strings.Join(paths, " "); got != "title fields[1].label actions[1].text" {
			t.Errorf("%+q: empty slots %q; want title, fields[1].label and actions[1].text (%v)", s, got, err)
		}
		f := Fit(c)
		if err := f.Validate(); err != nil {
			t.Errorf("%+q: Fit gave an invalid card: %v", s, err)
		}
		if f.Title != "Total: 1,250,000 ₫" || len(f.Fields) != 1 || len(f.Actions) != 1 {
			t.Errorf("%+q: Fit = %+v; want the first field as title, the blank row and button dropped", s, f)
		}
	}
	for _, s := range []string{"\u0600\u0661", "\u200fשלום", "a\u200b", "\u263a\ufe0f"} {
		c := orderCard()
		c.Title = s
		if err := c.Validate(); err != nil {
			t.Errorf("%+q: %v; want a visible title accepted", s, err)
		}
	}
	// A card whose only text is invisible gets the default title, not an invisible line of it.
	f := Fit(Card{Text: "\u200b\n\ufeff"})
	if err := f.Validate(); err != nil || f.Title != defaultTitle {
		t.Errorf("Fit of a card with invisible text: %+v, %v; want the title %q", f, err, defaultTitle)
	}
}

func TestLowerScheme(t *testing.T) {
	for _, tt := range []struct{ s, want string }{
		{"HTTPS://SHOP.EXAMPLE.COM/O/1042", "https://SHOP.EXAMPLE.COM/O/1042"},
		{"Https://shop.example.com", "https://shop.example.com"},
		{"https://shop.example.com", "https://shop.example.com"},
		{"HTTP://x", "http://x"},
		{"Web+Cal://x", "web+cal://x"},
		{"X-Y.Z:1", "x-y.z:1"},
		{" HTTPS://x", " HTTPS://x"}, // no scheme at the start: Fit trims first
		{"1HTTPS://x", "1HTTPS://x"}, // a scheme starts with a letter
		{"/A:B", "/A:B"},
		{"HTTPS", "HTTPS"}, // no ':'
		{":x", ":x"},
		{"", ""},
		{"É://x", "É://x"},
	} {
		if got := LowerScheme(tt.s); got != tt.want {
			t.Errorf("LowerScheme(%q) = %q; want %q", tt.s, got, tt.want)
		}
	}
}
