// Package model holds a type the tools of package p use in their input.
package model

// Place is where something is.
type Place struct {
	City string "json:\"city\" jsonschema:\"minLenght=1\""
	Zip  string `json:"zip,omitemtpy"`
}
