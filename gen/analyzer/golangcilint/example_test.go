package golangcilint_test

import (
	"fmt"

	"github.com/cardgen/cardgen/gen/analyzer/golangcilint"
)

// golangci-lint calls New with the linter's settings from .golangci.yml, then asks the plugin
// for its analyzers and how much of each package they need loaded.
func ExampleNew() {
	plugin, err := golangcilint.New(map[string]any{"ui": "cards"})
	if err != nil {
		fmt.Println(err)
		return
	}
	analyzers, err := plugin.BuildAnalyzers()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(analyzers[0].Name, plugin.GetLoadMode())
	// Output: cardgen typesinfo
}
