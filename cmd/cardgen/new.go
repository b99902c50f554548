package main

import (
	"fmt"
	"io"
)

// runNew scaffolds a new annotated tool; see docs/scaffolding.md.
func runNew(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "cardgen new: not built yet")
	return 2
}
