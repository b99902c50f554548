// Package grapheme finds where the user-perceived characters of a text begin, by the parts of
// Unicode's grapheme cluster rules (UAX #29) that text shown on cards holds, for the packages that
// cut text (runtime/card's Clip) or place spans in it (runtime/mdcard's tutor terms), so that
// neither splits a character made of several code points.
package grapheme

import (
	"unicode"
	"unicode/utf8"
)

// Start moves cut back until s[:cut] does not end inside a user-perceived character, using
// the parts of the Unicode grapheme rules that matter for cutting text: extending marks, joiners,
// flag pairs, Hangul jamo and Indic conjuncts.
func Start(s string, cut int) int { return start(s, cut, isExtend) }

// WordStart is Start for finding words in text, where a zero-width non-joiner does not extend
// the letter before it: in Persian and Urdu it is the half-space inside a word (کتاب‌ها, books),
// and a word that ends before it ends on a whole letter.
func WordStart(s string, cut int) int {
	return start(s, cut, func(r rune) bool { return r != '\u200C' && isExtend(r) })
}

func start(s string, cut int, isExtend func(rune) bool) int {
	for cut > 0 {
		next, _ := utf8.DecodeRuneInString(s[cut:])
		last, size := utf8.DecodeLastRuneInString(s[:cut])
		switch {
		case isExtend(next), last == '\u200D':
			// The next rune belongs to the previous character, or the
			// previous one joins with what follows: drop the previous one.
			cut -= size
		case isRegional(next) && isRegional(last) && regionalRun(s[:cut])%2 == 1:
			// A flag is a pair of regional indicators; do not keep half.
			cut -= size
		case next >= '\u0900' && joinsScript(last, next):
			cut -= size
		default:
			return cut
		}
	}
	return cut
}

// isExtend reports whether r extends the character before it.
func isExtend(r rune) bool {
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc) ||
		r == '\u200C' || r == '\u200D' || // zero-width non-joiner and joiner
		(r >= 0x1F3FB && r <= 0x1F3FF) || // emoji skin-tone modifiers
		(r >= 0xE0020 && r <= 0xE007F) // emoji tag characters
}

func isRegional(r rune) bool { return r >= 0x1F1E6 && r <= 0x1F1FF }

// Hangul syllable types of the grapheme rules: leading consonant, vowel, trailing consonant,
// and precomposed syllables with and without a trailing consonant.
const (
	hangulNone = iota
	hangulL
	hangulV
	hangulT
	hangulLV
	hangulLVT
)

func hangulType(r rune) int {
	switch {
	case r < 0x1100:
		return hangulNone
	case r <= 0x115F, r >= 0xA960 && r <= 0xA97C:
		return hangulL
	case r <= 0x11A7, r >= 0xD7B0 && r <= 0xD7C6:
		return hangulV
	case r <= 0x11FF, r >= 0xD7CB && r <= 0xD7FB:
		return hangulT
	case r >= 0xAC00 && r <= 0xD7A3:
		if (r-0xAC00)%28 == 0 {
			return hangulLV
		}
		return hangulLVT
	}
	return hangulNone
}

// hangulJoins reports whether a and b are parts of one Hangul syllable (grapheme rules GB6 to
// GB8: L × (L | V | LV | LVT), (LV | V) × (V | T), (LVT | T) × T).
func hangulJoins(a, b rune) bool {
	ta, tb := hangulType(a), hangulType(b)
	switch ta {
	case hangulL:
		return tb == hangulL || tb == hangulV || tb == hangulLV || tb == hangulLVT
	case hangulLV, hangulV:
		return tb == hangulV || tb == hangulT
	case hangulLVT, hangulT:
		return tb == hangulT
	}
	return false
}

// joinsScript reports whether a and b are parts of one character by the rules of a script:
// a Hangul syllable written as conjoining jamo (NFD Korean, as macOS writes file names), where
// a leading consonant without its vowel is half a syllable, or an Indic conjunct, where a
// virama joins the consonants around it into one character (क्ष, of which "क्" is half).
func joinsScript(a, b rune) bool {
	return hangulJoins(a, b) || isLinker(a) && unicode.IsLetter(b)
}

// isLinker reports whether r is a virama that joins the consonants around it into a conjunct
// (Indic_Conjunct_Break=Linker, grapheme rule GB9c: Devanagari, Bengali, Gujarati, Oriya, Telugu
// and Malayalam).
func isLinker(r rune) bool {
	switch r {
	case '्', '্', '્', '୍', '్', '്':
		return true
	}
	return false
}

// regionalRun counts the regional indicators at the end of s.
func regionalRun(s string) int {
	n := 0
	for len(s) > 0 {
		r, size := utf8.DecodeLastRuneInString(s)
		if !isRegional(r) {
			break
		}
		n++
		s = s[:len(s)-size]
	}
	return n
}
