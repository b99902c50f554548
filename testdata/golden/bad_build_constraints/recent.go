//go:build go1.21

package p

// Recent is in a file every supported Go builds.
type Recent struct {
	At string `json:"at"`
}
