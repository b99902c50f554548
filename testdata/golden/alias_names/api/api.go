// Package api names types that its importers cannot name themselves: one of an internal package,
// and unexported ones of its own.
package api

import "github.com/cardgen/cardgen/testdata/golden/alias_names/api/internal/model"

// Order is model.Order, which only api and the packages below it may import.
type Order = model.Order

type query struct {
	ID string `json:"id"`
}

type status struct {
	State string `json:"state"`
}

// Query and Status are the exported names of unexported types.
type (
	Query  = query
	Status = status
)

// Lookup is another name for Query.
type Lookup = Query
