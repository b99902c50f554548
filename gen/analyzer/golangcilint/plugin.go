// Package golangcilint makes cardgen's analyzer a golangci-lint module plugin, so that
// golangci-lint reports every problem cardgen would report when generating, as the "cardgen"
// linter.
//
// golangci-lint takes third-party analyzers through module plugins: a package that registers
// itself with github.com/golangci/plugin-module-register, compiled into a golangci-lint binary
// by `golangci-lint custom`. Name this package in .custom-gcl.yml:
//
//	version: v2.15.0
//	plugins:
//	  - module: github.com/cardgen/cardgen
//	    import: github.com/cardgen/cardgen/gen/analyzer/golangcilint
//	    version: v0.1.0
//
// and enable the linter in .golangci.yml (quote the description: it holds ": "):
//
//	version: "2"
//	linters:
//	  enable:
//	    - cardgen
//	  settings:
//	    custom:
//	      cardgen:
//	        type: module
//	        description: "checks //card: annotations as cardgen would"
//	        settings:
//	          ui: cards
//
// docs/editors.md has the whole story, and the test of this package builds such a binary and
// runs it.
package golangcilint

import (
	"fmt"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/cardgen/cardgen/gen/analyzer"
)

func init() { register.Plugin("cardgen", New) }

// Settings are the linter's settings in .golangci.yml.
type Settings struct {
	// UI is the folder of ui files relative to each package, as cardgen's -ui flag. When empty,
	// each package takes the -ui of its //go:generate line for cardgen, or else "cards".
	UI string `json:"ui"`
}

// New builds the plugin from its settings in .golangci.yml; golangci-lint calls it through the
// registration in init.
func New(settings any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](settings)
	if err != nil {
		return nil, fmt.Errorf("cardgen linter settings: %w", err)
	}
	if s.UI != "" {
		if err := analyzer.Analyzer.Flags.Set("ui", s.UI); err != nil {
			return nil, fmt.Errorf("cardgen linter settings: ui: %w", err)
		}
	}
	// golangci-lint drops every issue outside a Go file (its invalid_issue processor), which
	// would hide the problems of ui sidecars: the analyzer reports them at the //card:ui path.
	if err := analyzer.Analyzer.Flags.Set("go-files-only", "true"); err != nil {
		return nil, err
	}
	return plugin{}, nil
}

type plugin struct{}

// BuildAnalyzers returns cardgen's analyzer.
func (plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{analyzer.Analyzer}, nil
}

// GetLoadMode asks for type information: cardgen's checks are made on go/types.
func (plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
