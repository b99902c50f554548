// Package model holds types the tools of the package use, some declared per platform.
package model

import "time"

// Listing reaches Entry through a field, and the standard library's time.Time, whose files'
// constraints are not the module's to change.
type Listing struct {
	Entries []Entry   `json:"entries"`
	At      time.Time `json:"at"`
	Since   Since     `json:"since"`
}
