// Package model has a syntax error: one brace too many.
package model

// Item is a struct without its fields, as the parser makes it out.
type Item struct {{
	Title string `json:"title"`
}
