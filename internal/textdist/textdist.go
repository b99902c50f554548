// Package textdist measures how far apart two short names are, for the "did you mean" hints of
// the directive parser (annotations), the JSON schema tag check (gen/schema) and the view sidecar
// checker (runtime/apps), which must not import each other.
package textdist

import "strings"

// Distance is the optimal string alignment distance between a and b: insertions, deletions,
// substitutions and swaps of neighbours each count 1. It counts bytes: the names it compares
// (directives, keys, flags) are ASCII.
func Distance(a, b string) int {
	// Three rolling rows, in one allocation: the swap of neighbours looks two rows back.
	n := len(b) + 1
	rows := make([]int, 3*n)
	prev2, prev, cur := rows[:n], rows[n:2*n], rows[2*n:]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// Closest returns the candidate the user most likely meant by word, or "" when nothing is close.
// A candidate qualifies when its edit distance (insertions, deletions, substitutions and swaps of
// neighbours) is at most 2 and smaller than both lengths, so that "x" does not suggest "ui"; or
// when one of the two, at least two letters long, is a prefix of the other ("fall" → "fallback",
// but not "-x" → "-"). Case is ignored. Closer candidates win; ties go to the alphabetically
// first, so the answer is deterministic.
func Closest(word string, candidates []string) string {
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
		if d := Distance(lw, lc); d <= 2 && d < len(lw) && d < len(lc) {
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

// Certain returns the one candidate word is a misspelling of, for a fix applied without asking
// (cardvet -fix): the single candidate at the smallest edit distance, which must be at most 2 and
// smaller than both lengths, and case-sensitive. A prefix is not enough ("min" could be minimum,
// minItems or minLength), nor are two candidates at one distance ("omit"); Closest still names
// a likely one in a message, where the reader decides.
func Certain(word string, candidates []string) string {
	best, bestDist, tie := "", 3, false
	for _, c := range candidates {
		if c == "" || c == word {
			continue
		}
		d := Distance(word, c)
		if d >= len(word) || d >= len(c) || d > bestDist {
			continue
		}
		if d == bestDist {
			tie = true
			continue
		}
		best, bestDist, tie = c, d, false
	}
	if tie || bestDist > 2 {
		return ""
	}
	return best
}
