// Package textdist measures how far apart two short names are, for the "did you mean" hints of
// the directive parser (annotations) and of the view sidecar checker (runtime/apps), which must
// not import each other.
package textdist

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
