package problems

type inner struct {
	X int `json:"x"`
}

type hidden struct {
	Y int `json:"-"`
}

// EmbeddedPtr embeds a pointer to an unexported struct: encoding/json writes its fields when the
// pointer is set, but cannot allocate it to decode them, so an input that sets x fails. hidden
// promotes no field, and Exported's pointer can be allocated.
type EmbeddedPtr struct {
	*inner
	*hidden
	*Exported
	Z int `json:"z"`
}

// Exported is embedded by pointer and decoded as usual.
type Exported struct {
	W int `json:"w"`
}
