package textdist

import (
	"fmt"
	"testing"
)

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"", "ui", 2}, {"title", "title", 0}, {"tilte", "title", 1}, // a swap is one edit
		{"titel", "title", 1}, {"fallbak", "fallback", 1}, {"result", "resalt", 1},
		{"abc", "cba", 2}, {"visibility", "visible", 4}, {"x", "ui", 2},
		{"a", "", 1}, {"", "abc", 3}, {"kitten", "sitting", 3}, {"ab", "ba", 1}, {"field", "feild", 1}, {"abc", "abc", 0},
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := Distance(c.b, c.a); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d (the distance is symmetric)", c.b, c.a, got, c.want)
		}
	}
}

func ExampleDistance() {
	fmt.Println(Distance("tilte", "title"), Distance("color", "colour"))
	// Output: 1 1
}

func TestCertain(t *testing.T) {
	for _, c := range []struct {
		word       string
		candidates []string
		want       string
	}{
		{"minLenght", []string{"minLength", "maxLength", "minimum"}, "minLength"},
		{"omitemtpy", []string{"omitempty", "omitzero", "string"}, "omitempty"},
		{"min", []string{"minimum", "minItems", "minLength"}, ""},     // a prefix of several
		{"minimum5", []string{"minimum", "maximum"}, "minimum"},       // one insertion away; callers drop fixes that lose a value
		{"omit", []string{"omitempty", "omitzero"}, ""},               // too far from both
		{"maxLenth", []string{"maxLength", "minLength"}, "maxLength"}, // 1 from one, 2 from the other
		{"ab", []string{"ac", "ad"}, ""},                              // a tie
		{"x", []string{"ui"}, ""},                                     // as far as its length
		{"required", []string{"required"}, ""},                        // already right
	} {
		if got := Certain(c.word, c.candidates); got != c.want {
			t.Errorf("Certain(%q, %q) = %q, want %q", c.word, c.candidates, got, c.want)
		}
	}
}
