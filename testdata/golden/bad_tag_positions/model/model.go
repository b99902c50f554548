// Package model holds a type the tools of package p use in their input.
package model

// Place is where something is.
type Place struct {
	City string "json:\"city\" jsonschema:\"minLenght=1\""
	Zip  string `json:"zip,omitemtpy"`
}

// Owner is who owns something. Tools embed it in their output for its card tags, which are
// reported here, at the word.
type Owner struct {
	Who  string "json:\"w\u00f6\" card:\"feild=Owner\""
	Logo int    `json:"logo" card:"icon"`
}

// Ask is the input of a form tool; its field's JSON name is the one a form's selection names the
// tool with, reported at the name in this file.
type Ask struct {
	Tool string `json:"tool"`
}
