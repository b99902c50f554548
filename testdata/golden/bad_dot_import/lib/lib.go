// Package lib is dot-imported by the case: it exports names cardgen declares in the package that
// imports it.
package lib

// In is a tool input.
type In struct {
	ID string `json:"id"`
}

// RegisterTools is lib's own registration, which the dot-import brings into p.go's scope.
func RegisterTools() {}

// GetCard clashes with the card builder cardgen writes for a tool get.
type GetCard struct{}
