// Command customgcl is golangci-lint with cardgen's module plugin compiled in: what
// `golangci-lint custom` builds from a .custom-gcl.yml naming the plugin (golangci-lint's
// cmd/golangci-lint with a blank import of each plugin added). It is built here by hand, from
// a go.sum pinned in this folder, because `golangci-lint custom` clones golangci-lint's
// repository with git, which the tests cannot count on.
package main

import (
	"fmt"
	"os"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	_ "github.com/cardgen/cardgen/gen/analyzer/golangcilint"
)

func main() {
	if err := commands.Execute(commands.BuildInfo{Version: "2.15.0+cardgen"}); err != nil {
		fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}
