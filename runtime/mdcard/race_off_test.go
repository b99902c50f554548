//go:build !race

package mdcard

const raceEnabled = false
