package annotations

import (
	"strings"

	"github.com/cardgen/cardgen/internal/textdist"
)

// DidYouMean returns the candidate the user most likely meant by word, or ""
// when nothing is close. A candidate qualifies when its edit distance
// (insertions, deletions, substitutions and swaps of neighbours) is at most 2
// and smaller than both lengths, or when one of the two, at least two letters
// long, is a prefix of the other ("fall" → "fallback"). Case is ignored; closer
// candidates win, and ties go to the alphabetically first. The generator's
// other checks (JSON schema tags) use the same rule.
func DidYouMean(word string, candidates []string) string {
	return textdist.Closest(word, candidates)
}

// suggest returns "; did you mean X?" for messages, or "" when nothing is
// close; every %s in format is replaced by the candidate ("//card:%s").
func suggest(word string, candidates []string, format string) string {
	if s := DidYouMean(word, candidates); s != "" {
		return "; did you mean " + strings.ReplaceAll(format, "%s", s) + "?"
	}
	return ""
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
