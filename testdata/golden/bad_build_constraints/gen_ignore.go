//go:build ignore

// A generator program left out of every build: the //card:tool in its template is text, not a
// directive, and is not reported.
package main

const template = `
//card:tool
func Generated() {}
`
