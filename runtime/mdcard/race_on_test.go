//go:build race

package mdcard

// raceEnabled: the race detector slows code several times over, so CPU budgets do not hold.
const raceEnabled = true
