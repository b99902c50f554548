package p

// OSPath is declared for linux only: a run on another platform would see another type, or none.
type OSPath struct {
	Path string `json:"path"`
	Mode uint32 `json:"mode"`
}
