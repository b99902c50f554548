// Package api names a pointer to a type of its internal package, and a pointer to an unexported
// type of its own, but not the types themselves.
package api

import "github.com/cardgen/cardgen/testdata/golden/bad_alias_names/api/internal/model"

// OrderRef is a pointer to model.Order.
type OrderRef = *model.Order

type status struct {
	State string `json:"state"`
}

// StatusRef is a pointer to status.
type StatusRef = *status
