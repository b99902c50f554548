package card

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// fuzzKinds are the action kinds a fuzzed card picks from.
var fuzzKinds = []string{KindURL, KindMessage, "", " URL", "link"}

// fuzzCard builds a card from fuzzed strings. shape picks how many fields
// (0–7) and actions (0–4) there are, which kinds the actions have and which
// strings go where, so that every slot sees every kind of input.
func fuzzCard(shape uint16, v int, a, b, c, d, e string) Card {
	s := []string{a, b, c, d, e}
	pick := func(i int) string { return s[i%len(s)] }
	card := Card{
		V:            v,
		Title:        pick(int(shape)),
		Subtitle:     pick(int(shape >> 1)),
		Text:         pick(int(shape>>2) + 2),
		IconURL:      pick(int(shape>>3) + 3),
		ImageURL:     pick(int(shape>>4) + 4),
		FallbackText: pick(int(shape>>5) + 1),
	}
	for i := range int(shape>>8) % 8 {
		card.Fields = append(card.Fields, Field{Label: pick(i), Value: pick(i + 1)})
	}
	for i := range int(shape>>11) % 5 {
		card.Actions = append(card.Actions, Action{
			Kind:  fuzzKinds[(int(shape>>14)+i)%len(fuzzKinds)],
			Label: pick(i + 2),
			URL:   pick(i + 3),
			Text:  pick(i + 4),
		})
	}
	return card
}

// FuzzFit checks the promises of Fit on cards built from fuzzed strings:
// the result is valid, Fit is idempotent, a valid card is left alone, the
// result survives a JSON round trip unchanged, and Fit agrees with
// FitWithChanges.
func FuzzFit(f *testing.F) {
	long := "Một chuỗi rất dài với dấu tiếng Việt và emoji 👨‍👩‍👧 🇻🇳, lặp lại nhiều lần để vượt quá giới hạn. "
	for range 3 {
		long += long
	}
	seeds := [][5]string{
		{"Order #1042", "Shipped", "https://shop.example.com/o/1042", "Total", "1,250,000 ₫"},
		{"", " ", "\n", "\t", "\x00"},
		{long, "http://insecure.example.com", "Cafe\u0301", "a\r\nb\u2028c", "\xff\xfe"},
		{"https://x.com", "HTTPS://X.COM", " https://x.com ", "https://", "javascript:alert(1)"},
		{"\u0301\u0301", "🇻🇳🇫🇷🇩🇪", "👍🏽", "\u0085", "line 1\nline 2"},
		// URLs url.Parse takes and the WHATWG parser (browsers, JavaScript hosts) rejects.
		{"https://example.com:99999/", "https://example.com:65536/", "https://256.1.1.1/", "https://1.2.3.4.5/", "https://xn--/"},
		{"https://bücher.example/", "https://0x7f.1/", "https://[fe80::1%25eth0]/", "https://a.example.12/", "https://example.com:0/"},
	}
	for i, s := range seeds {
		for _, shape := range []uint16{0, 0xFFFF, 0x5A5A, 0x1234, uint16(i * 7919)} {
			f.Add(shape, 0, s[0], s[1], s[2], s[3], s[4])
		}
	}
	// White space past every limit: emptied, never a lone "…".
	f.Add(uint16(0xFFFF), 0, strings.Repeat(" ", 600), strings.Repeat("\u200b", 600), "https://x.com/a", strings.Repeat("\u3000", 40), strings.Repeat(" ", 130))
	f.Add(uint16(0x3F00), 1, "T", "S", "https://x.com/a", "L", "V")
	f.Add(uint16(0x0900), 2, "T", "S", "https://x.com/a", "L", "V")
	f.Fuzz(func(t *testing.T, shape uint16, v int, a, b, c, d, e string) {
		in := fuzzCard(shape, v, a, b, c, d, e)
		out, changes := FitWithChanges(in)
		if err := out.Validate(); err != nil {
			t.Fatalf("Fit result is invalid: %v\n in %#v\nout %#v", err, in, out)
		}
		if len(out.Actions) > 0 {
			// Roles are kept: the primary button of the result is the input's first,
			// never a later one moved up.
			solo := Fit(Card{Title: "T", FallbackText: "F", Actions: in.Actions[:1]})
			if len(solo.Actions) != 1 || solo.Actions[0] != out.Actions[0] {
				t.Fatalf("the primary button is not the input's first:\n in %#v\nout %#v", in.Actions, out.Actions)
			}
		}
		if IsBlank(in.FallbackText) {
			// A generated card's fallback (WithFallback) is the one Fit would write: it
			// describes the fitted card, whose title may come from it.
			w := Fit(in.WithFallback())
			w.V = out.V
			if !reflect.DeepEqual(w, out) {
				t.Fatalf("Fit(WithFallback) differs from Fit:\n   in %#v\n  Fit %#v\nFit∘W %#v", in, out, w)
			}
		}
		if plain := Fit(in); !reflect.DeepEqual(plain, out) {
			t.Fatalf("Fit and FitWithChanges differ:\n Fit %#v\n FWC %#v", plain, out)
		}
		if again := Fit(out); !reflect.DeepEqual(again, out) {
			t.Fatalf("Fit is not idempotent:\n once %#v\ntwice %#v", out, again)
		}
		if in.Validate() == nil {
			if !reflect.DeepEqual(out, in) || len(changes) != 0 {
				t.Fatalf("Fit changed a valid card (%q):\n in %#v\nout %#v", changes, in, out)
			}
		} else if len(changes) == 0 {
			t.Fatalf("Fit repaired an invalid card without reporting a change:\n in %#v", in)
		}
		raw, err := json.Marshal(out)
		if err != nil {
			t.Fatal(err)
		}
		var back Card
		if err := json.Unmarshal(raw, &back); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back, out) {
			t.Fatalf("JSON round trip changed the card:\n out %#v\nback %#v", out, back)
		}
	})
}

// FuzzPlainASCII holds the fast path of Fit to the general checks it skips: text it accepts is
// valid UTF-8, has no character isControl rejects and one character per byte.
func FuzzPlainASCII(f *testing.F) {
	for _, s := range []string{"Order #1042", "a\nb", "tab\t", "\x7f", "naïve", "\u2028", "", "\x00"} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, s string, multi bool) {
		mode := singleLine
		if multi {
			mode = multiLine
		}
		if !plainASCII(s, mode) {
			return
		}
		if _, bad := firstBadControl(s, mode); bad || !utf8.ValidString(s) || utf8.RuneCountInString(s) != len(s) {
			t.Errorf("plainASCII(%q, %v) accepted text the general checks reject", s, mode)
		}
	})
}
