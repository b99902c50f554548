package main

import (
	"fmt"
	"io"
)

// runCheck loads, models and checks without writing; see docs/generator.md.
func runCheck(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "cardgen check: not built yet")
	return 2
}
