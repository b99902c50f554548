// Package api declares a response type with card tags, which only its own package's generation
// reads.
package api

// Resp is a response.
type Resp struct {
	Name string `json:"name" card:"title"`
	Note string `json:"note"`
}
