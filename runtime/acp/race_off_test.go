//go:build !race

package acp

const raceEnabled = false
