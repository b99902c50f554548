package annotations

import (
	"strings"

	"github.com/cardgen/cardgen/internal/textdist"
)

// DidYouMean returns the candidate the user most likely meant by word, or ""
// when nothing is close. A candidate qualifies when its edit distance
// (insertions, deletions, substitutions and swaps of neighbours) is at most 2
// and smaller than both lengths, so that "x" does not suggest "ui"; or when one
// of the two, at least two letters long, is a prefix of the other ("fall" →
// "fallback", but not "-x" → "-"). Closer candidates
// win; ties go to the alphabetically first, so the answer is deterministic.
func DidYouMean(word string, candidates []string) string {
	if word == "" {
		return ""
	}
	lw := strings.ToLower(word)
	best, bestScore := "", 0
	for _, c := range candidates {
		if c == "" || c == word {
			continue
		}
		lc := strings.ToLower(c)
		score := -1
		if d := textdist.Distance(lw, lc); d <= 2 && d < len(lw) && d < len(lc) {
			score = d
		} else if min(len(lw), len(lc)) >= 2 && (strings.HasPrefix(lc, lw) || strings.HasPrefix(lw, lc)) {
			score = 3 // a prefix match ranks after every close spelling
		}
		if score < 0 {
			continue
		}
		if best == "" || score < bestScore || score == bestScore && c < best {
			best, bestScore = c, score
		}
	}
	return best
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
