// Package elide finds the two ends of a long text that a message quotes, so that the text cannot
// make the message long: the run-time tool errors (internal/typedtool) and the ACP selection
// errors (runtime/register) both quote what a client sent, which may be a megabyte. Each caller
// writes its own note of what was left out between the ends: they speak to different readers.
package elide

import "unicode/utf8"

// Ends returns, when s has more than max characters, its first head and its last tail
// characters and how many characters s has, with ok true; otherwise s whole and ok false.
// Characters are runes, not bytes: a text of any script is cut where a reader sees a character
// end, never inside one. head+tail must not exceed max.
//
// It reads s once and allocates nothing: the ends are parts of s.
func Ends(s string, max, head, tail int) (first, last string, n int, ok bool) {
	if len(s) <= max {
		return s, "", 0, false // fewer bytes than max, so fewer runes
	}
	n = utf8.RuneCountInString(s)
	if n <= max {
		return s, "", 0, false
	}
	// The byte offsets of the head'th rune from the start and of the tail'th from the end.
	i := 0
	for range head {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	j := len(s)
	for range tail {
		_, size := utf8.DecodeLastRuneInString(s[:j])
		j -= size
	}
	return s[:i], s[j:], n, true
}
