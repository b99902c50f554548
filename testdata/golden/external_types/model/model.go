// Package model holds types shared by several services; the tools of package p use them.
package model

// Lookup names a record.
type Lookup struct {
	ID string `json:"id"`
}

// Record is a stored record.
type Record struct {
	ID    string `json:"id"`
	Owner string `json:"owner"`
	notes string
}
