// Package wiring registers the tools of ../tools.
package wiring

import "github.com/cardgen/cardgen/cmd/cardvet/testdata/chain/tools"

// Start registers the tools.
func Start() { tools.RegisterTools() }
