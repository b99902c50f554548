//go:build race

package acp

const raceEnabled = true
