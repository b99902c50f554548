// Package model holds the types of a tool of package p, whose receiver type is named after it.
package model

// Lookup says which record to get.
type Lookup struct {
	ID string `json:"id"`
}

// Record is a record.
type Record struct {
	ID string `json:"id"`
}
