// Command server is analysed with ../tools, which it reaches only through ../wiring, a package
// the patterns do not match: wiring is compiled against tools, so tools must be compiled whole.
package main

import "github.com/cardgen/cardgen/cmd/cardvet/testdata/chain/wiring"

func main() { wiring.Start() }
