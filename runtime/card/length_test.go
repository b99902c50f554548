package card

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/cardgen/cardgen/internal/testenv"
)

func TestLen(t *testing.T) {
	tests := []struct {
		s    string
		want int
	}{
		{"", 0},
		{"Order #1042", 11},
		{"Tổng: 1,250,000 ₫", 17},      // up to U+FFFF: one unit each, however many bytes
		{"注文", 2},                      // CJK of the Basic Multilingual Plane
		{"😀", 2},                       // past U+FFFF: a surrogate pair
		{"👍🏽", 4},                      // an emoji and its skin tone, two pairs
		{"👨\u200d👩\u200d👧", 8},         // three pairs and two joiners
		{"🇻🇳", 4},                      // a flag: two regional indicators, two pairs
		{"𝐀𠀀", 4},                      // a mathematical letter and a CJK extension B ideograph
		{"\xff", 1},                    // a byte that is not UTF-8: the U+FFFD encoding/json writes
		{"\xf0\x9f\x98", 3},            // a four-byte sequence cut short: three bytes, three U+FFFD
		{"\xf0\x9f\x98\x80\xf0", 3},    // a whole emoji, then a lone lead byte
		{"\xed\xa0\x80", 3},            // a surrogate in CESU-8: not UTF-8, three U+FFFD
		{strings.Repeat("😀", 80), 160}, // the title that fits in code points and not in .length
	}
	for _, tt := range tests {
		if got := Len(tt.s); got != tt.want {
			t.Errorf("Len(%q) = %d; want %d", tt.s, got, tt.want)
		}
	}
}

// lenScript writes the .length of each string of a JSON array read on stdin: what a JavaScript
// host counts once it has parsed the card's JSON.
const lenScript = `
const texts = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify({ node: process.versions.node, lengths: texts.map((s) => s.length) }));
`

// TestLenIsJavaScriptLength holds Len to the length JavaScript reads: each text goes through
// encoding/json, as a card goes to a host, and node's .length of the string it parses must be
// Len's count. The texts mix ASCII, accented and CJK text, emoji with modifiers and joiners,
// flags, characters past U+FFFF and bytes that are not UTF-8.
func TestLenIsJavaScriptLength(t *testing.T) {
	pool := []string{"a", " ", "\n", "ệ", "₫", "注", "😀", "🏽", "\u200d", "🇻", "𝐀", "𠀀", "\U0010FFFD", "\uFFFD", "\u0301", "\xff", "\xf0\x9f", "\xed\xa0\x80", "\xc3"}
	texts := []string{"", "Order #1042", strings.Repeat("😀", 80), "👨\u200d👩\u200d👧", "\xf0\x9f\x98"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(pool[r.IntN(len(pool))])
		}
		texts = append(texts, b.String())
	}
	var res struct {
		Lengths []int `json:"lengths"`
	}
	testenv.Node(t, lenScript, texts, &res, "Len cannot be compared with JavaScript's .length")
	if len(res.Lengths) != len(texts) {
		t.Fatalf("node answered for %d texts of %d", len(res.Lengths), len(texts))
	}
	for i, s := range texts {
		if got, want := Len(s), res.Lengths[i]; got != want {
			t.Errorf("Len(%q) = %d; JavaScript's .length of it, sent as JSON, is %d", s, got, want)
		}
	}
}

// FuzzLen holds Len to the standard library's UTF-16 encoder, fed the code points a range over
// the string yields (U+FFFD for each byte that is not UTF-8, as encoding/json writes it), and to
// the bound that Validate's and Clip's fast paths rely on: never more units than bytes.
func FuzzLen(f *testing.F) {
	for _, s := range []string{"", "abc", "😀", "👨\u200d👩\u200d👧", "\xf0\x9f\x98", "\xed\xa0\x80", "ệ\xff😀"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := Len(s)
		if want := len(utf16.Encode([]rune(s))); n != want {
			t.Errorf("Len(%q) = %d; UTF-16 has %d units", s, n, want)
		}
		if n > len(s) {
			t.Errorf("Len(%q) = %d, more than its %d bytes", s, n, len(s))
		}
	})
}
