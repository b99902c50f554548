// Package model is internal to package api: only api and the packages below it may import it.
package model

// Order is an order as api hands it out.
type Order struct {
	ID    string `json:"id"`
	Total int    `json:"total"`
}
