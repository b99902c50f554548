package model

// Entry is declared per platform in another package of the module: a run on Linux sees Path, a
// run elsewhere does not.
type Entry struct {
	ID   string `json:"id"`
	Path string `json:"path"`
}
