package annotations

import "testing"

func TestDidYouMean(t *testing.T) {
	names := Names()
	tests := []struct {
		word string
		want string
	}{
		{"tol", "tool"},
		{"tools", "tool"},
		{"Tool", "tool"},
		{"feild", "field"}, // a swap of neighbours is one edit
		{"actoin", "action"},
		{"fall", "fallback"},          // a prefix of a name
		{"visibilityx", "visibility"}, // a name as prefix
		{"exmaple", "example"},
		{"ux", "ui"},
		{"x", ""}, // one letter is not enough to guess
		{"zzzzzz", ""},
		{"", ""},
		{"tool", ""}, // an exact match needs no hint
	}
	for _, tt := range tests {
		if got := DidYouMean(tt.word, names); got != tt.want {
			t.Errorf("DidYouMean(%q) = %q; want %q", tt.word, got, tt.want)
		}
	}
	// A one-letter candidate is nobody's prefix: the card tag's "-" is not what "-x9 y" meant.
	if got := DidYouMean("-x9 y", []string{"-", "title"}); got != "" {
		t.Errorf(`DidYouMean("-x9 y", ["-", "title"]) = %q; want ""`, got)
	}
	// Ties go to the alphabetically first candidate, whatever the order.
	if got := DidYouMean("ab", []string{"ac", "aa"}); got != "aa" {
		t.Errorf("tie: got %q; want aa", got)
	}
}
