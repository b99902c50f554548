package card

import "fmt"

// Len returns the length of s as the limits of a card count it: in UTF-16 code units, the
// length a JavaScript host reads (a string's .length, or zod's .max) once it has decoded the
// card's JSON. A character up to U+FFFF (ASCII, "ệ", "₫", most CJK) counts 1; a character past
// it (most emoji, "𝐀", rarer CJK), which UTF-16 writes as a surrogate pair, counts 2; a byte
// that is not UTF-8 counts 1, as the U+FFFD encoding/json writes for it.
//
// The platform gives its limits in "characters" and does not say which: a host counting code
// points or graphemes would take 80 emoji for a title, one checking .length drops the card as
// 160 long. UTF-16 units are never fewer than code points, nor code points than graphemes, so a
// text within its limit in UTF-16 units is within it under every reading. [Card.Validate],
// [Fit] and [Clip] count with Len; code that checks a card's text ahead of them, as a
// generator checks fixed text, should count with it too.
func Len(s string) int {
	// A range over a string yields U+FFFD, one byte wide, for each byte that is not UTF-8; it is
	// as fast as utf8.RuneCountInString.
	n := 0
	for _, r := range s {
		n++
		if r > 0xFFFF {
			n++
		}
	}
	return n
}

// lengthOf says how long a text of n UTF-16 code units and runes code points is, in the words
// of Validate's problems and Fit's changes: "93 characters" when the two agree, as for all text
// up to U+FFFF, else both, with why they differ.
func lengthOf(n, runes int) string {
	if n == runes {
		return fmt.Sprintf("%d characters", n)
	}
	return fmt.Sprintf("%d UTF-16 code units long (%d characters, those past U+FFFF, as most emoji are, counting 2, as a JavaScript host counts them)", n, runes)
}
