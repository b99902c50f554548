package annotations

import (
	"strings"

	"github.com/cardgen/cardgen/internal/textdist"
)

// DidYouMean returns the candidate the user most likely meant by word, or ""
// when nothing is close: see textdist.Closest for the rule, which the
// generator's other checks (JSON schema tags) share.
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
