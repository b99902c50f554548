//go:build go1.21

package model

// Since is in a file every first-class port builds.
type Since struct {
	Days int `json:"days"`
}
