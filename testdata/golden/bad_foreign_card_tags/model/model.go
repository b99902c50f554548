// Package model declares a type whose card tags give a card to the tools of this package only.
package model

// Thing is shown with a card by the tools of its own package.
type Thing struct {
	ID   string `json:"id"`
	Name string `json:"name" card:"title"`
	Kind string `json:"kind" card:"subtitle"`
}
