package elide

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestEnds: a text is cut by characters, not bytes, only when it has more than max of them, and
// the ends are its own first and last characters.
func TestEnds(t *testing.T) {
	for _, c := range []struct {
		s               string
		max, head, tail int
		first, last     string
		n               int
		cut             bool
	}{
		{"abcdefghij", 10, 3, 2, "abcdefghij", "", 0, false},
		{"abcdefghijk", 10, 3, 2, "abc", "jk", 11, true},
		// Ten characters of two bytes each: twenty bytes, but not more than ten characters.
		{strings.Repeat("é", 10), 10, 3, 2, strings.Repeat("é", 10), "", 0, false},
		{strings.Repeat("é", 11), 10, 3, 2, "ééé", "éé", 11, true},
		{"日本語のテキストです", 5, 2, 2, "日本", "です", 10, true},
		{"abcdef", 3, 0, 0, "", "", 6, true},
	} {
		first, last, n, cut := Ends(c.s, c.max, c.head, c.tail)
		if first != c.first || last != c.last || n != c.n || cut != c.cut {
			t.Errorf("Ends(%q, %d, %d, %d) = %q, %q, %d, %v; want %q, %q, %d, %v",
				c.s, c.max, c.head, c.tail, first, last, n, cut, c.first, c.last, c.n, c.cut)
		}
	}
}

// TestEndsLongText: a megabyte of text, as a client may send, gives valid UTF-8 ends of the
// lengths asked for.
func TestEndsLongText(t *testing.T) {
	s := strings.Repeat("aé日😀", 1<<18)
	first, last, n, cut := Ends(s, 2000, 1333, 500)
	if !cut || n != 1<<20 || utf8.RuneCountInString(first) != 1333 || utf8.RuneCountInString(last) != 500 ||
		!utf8.ValidString(first) || !utf8.ValidString(last) || !strings.HasPrefix(s, first) || !strings.HasSuffix(s, last) {
		t.Errorf("Ends of %d characters: %d and %d characters, n %d, cut %v", utf8.RuneCountInString(s),
			utf8.RuneCountInString(first), utf8.RuneCountInString(last), n, cut)
	}
}
