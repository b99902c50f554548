//go:build !linux

package model

type Entry struct {
	ID string `json:"id"`
}
