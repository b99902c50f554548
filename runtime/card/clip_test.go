package card

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestClip(t *testing.T) {
	const jamo = "\u1100\u1161\u11a8"
	tests := []struct {
		name string
		s    string
		max  int
		want string
	}{
		{"short", "hello", 10, "hello"},
		{"exact", "hello", 5, "hello"},
		{"ascii", "hello world", 5, "hell…"},
		{"ellipsis after word", "hello world", 6, "hello…"},
		{"space before ellipsis trimmed", "hello world", 7, "hello…"},
		{"many spaces trimmed", "a    bcdef", 4, "a…"},
		{"max one", "abc", 1, "…"},
		{"max zero", "abc", 0, ""},
		{"negative max", "abc", -3, ""},
		{"empty", "", 0, ""},
		{"multibyte", "Tổng cộng", 6, "Tổng…"},
		{"precomposed accent kept", "Café au lait", 5, "Café…"},
		{"combining accent not orphaned", "Cafe\u0301 au lait", 5, "Caf…"},
		{"combining accent kept whole", "Cafe\u0301 au lait", 6, "Cafe\u0301…"},
		{"only combining marks", "\u0301\u0301\u0301\u0301", 2, "…"},
		{"zwj family dropped whole", "ab👨\u200d👩\u200d👧", 5, "ab…"},
		// Emoji past U+FFFF are two UTF-16 units each, as a JavaScript host counts them.
		{"skin tone stays with its emoji", "x👍🏽y", 5, "x…"},
		{"skin tone emoji kept whole", "x👍🏽yz", 6, "x👍🏽…"},
		{"flag pair not split", "🇻🇳🇫🇷🇩🇪", 7, "🇻🇳…"},
		{"flag pair kept", "🇻🇳🇫🇷🇩🇪", 5, "🇻🇳…"},
		{"two flag pairs kept", "🇻🇳🇫🇷🇩🇪", 9, "🇻🇳🇫🇷…"},
		{"emoji count two units", "😀😀😀😀😀", 5, "😀😀…"},
		{"emoji at the limit kept", "😀😀", 4, "😀😀"},
		{"surrogate pair never split", "a😀b", 3, "a…"},
		{"surrogate pair that does not fit before the ellipsis dropped", "ab😀cd", 4, "ab…"},
		{"eighty emoji clipped to eighty units", strings.Repeat("😀", 80), 80, strings.Repeat("😀", 39) + "…"},
		{"zwj family kept whole when it fits", "ab👨‍👩‍👧cd", 11, "ab👨‍👩‍👧…"},
		{"invalid utf-8 repaired when short", "a\xffb", 10, "a\uFFFDb"},
		{"invalid utf-8 repaired when clipped", "ab\xff\xfecd", 4, "ab\uFFFD…"},
		{"line breaks count as characters", "a\nb\nc", 4, "a\nb…"},
		// ᄀ ᅡ ᆨ: 각 as conjoining jamo (NFD Korean), three code points, one character.
		{"jamo syllable not split after its consonant", jamo + jamo, 5, jamo + "…"},
		{"jamo syllable not split after its vowel", jamo + jamo + jamo, 6, jamo + "…"},
		{"jamo syllables kept whole", jamo + jamo + jamo, 7, jamo + jamo + "…"},
		{"jamo vowel not split from a precomposed syllable", "\uac00\u11a8x", 2, "…"},
		{"precomposed syllables are one character each", "\uac01\uac01\uac01\uac01", 3, "\uac01\uac01…"},
		{"leading jamo run not split", "\u1100\u1100\u1161ab", 3, "…"},
		// क्ष is क, the virama ्, ष: one character.
		{"conjunct not split after its virama", "नक्षत्र", 4, "न…"},
		{"conjunct kept whole", "नक्षत्र", 5, "नक्ष…"},
		{"three-consonant conjunct not split", "अस्त्र", 5, "अ…"},
		{"virama and joiner not split", "कक्\u200dषa", 5, "क…"},
		{"virama at the end kept", "क्।।", 3, "क्…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Clip(tt.s, tt.max)
			if got != tt.want {
				t.Errorf("Clip(%q, %d) = %q; want %q", tt.s, tt.max, got, tt.want)
			}
		})
	}
}

func FuzzClip(f *testing.F) {
	for _, s := range []string{"", "hello world", "Cafe\u0301", "👨\u200d👩\u200d👧", "🇻🇳🇫🇷🇩🇪", "a\xffb", "   x   ", "\u0301\u0301",
		"\u1100\u1161\u11a8\u1100\u1161", "नक्षत्र", "\u200b\ufeff"} {
		for _, max := range []int{-1, 0, 1, 2, 3, 5, 80} {
			f.Add(s, max)
		}
	}
	f.Fuzz(func(t *testing.T, s string, max int) {
		got := Clip(s, max)
		if !utf8.ValidString(got) {
			t.Fatalf("Clip(%q, %d) = %q: invalid UTF-8", s, max, got)
		}
		valid := strings.ToValidUTF8(s, "\uFFFD")
		n := Len(got)
		switch {
		case max < 1:
			if got != "" {
				t.Fatalf("Clip(%q, %d) = %q; want \"\"", s, max, got)
			}
		case Len(valid) <= max:
			if got != valid {
				t.Fatalf("Clip(%q, %d) = %q; want the input unchanged", s, max, got)
			}
		case n > max:
			t.Fatalf("Clip(%q, %d) = %q: %d UTF-16 code units", s, max, got, n)
		case !strings.HasSuffix(got, "…") || !strings.HasPrefix(valid, strings.TrimSuffix(got, "…")):
			t.Fatalf("Clip(%q, %d) = %q: not a prefix of the input followed by …", s, max, got)
		}
	})
}
