package problems

import (
	"encoding/json"
	"fmt"
	"net/netip"
	"time"
)

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

// Ifaces has fields of non-empty interface types, into which encoding/json decodes only null: as
// an input every call that sets one fails, as an output it writes the dynamic value. An empty
// interface takes any value.
type Ifaces struct {
	S fmt.Stringer     `json:"s"`
	M map[string]error `json:"m,omitempty"`
	A any              `json:"a"`
	fmt.Stringer
}

// Quoted has the json string option on string fields, which encoding/json then writes and reads
// quoted again ("\"abc\""). On numbers, booleans and json.Number it is what the schema says.
type Quoted struct {
	S string      `json:"s,string"`
	P *string     `json:"p,omitempty,string"`
	N int         `json:"n,string"`
	B bool        `json:"b,string"`
	J json.Number `json:"j,string"`
	C Color       `json:"c,string"`
}

// Color is written with MarshalText, which the string option does not change.
type Color string

// MarshalText implements encoding.TextMarshaler.
func (c Color) MarshalText() ([]byte, error) { return []byte(c), nil }

// RequiredDefault has a default on a required field: never applied to an input, and harmless in
// an output, which encoding/json always writes the field of.
type RequiredDefault struct {
	N int `json:"n" jsonschema:"default=3"`
}

// StdDefaults has defaults for standard library types that encoding/json decodes by parsing the
// string: Since's is a date without a time, Host's not an address; Until's and Net's parse.
type StdDefaults struct {
	Since *time.Time   `json:"since,omitempty" jsonschema:"default=2024-01-02"`
	Host  netip.Addr   `json:"host,omitempty" jsonschema:"default=localhost"`
	Until time.Time    `json:"until,omitzero" jsonschema:"default=2024-01-02T15:04:05Z"`
	Net   netip.Prefix `json:"net,omitzero" jsonschema:"default=192.0.2.0/24"`
}

// Unmarshalers has types whose JSON encoding/json reads otherwise than the schema says: R only
// from a string (UnmarshalText without MarshalText: the schema says integer), J by its own
// method, and W not at all from the string it writes (MarshalText without UnmarshalText). S is
// a string kind, which a string decodes into without a method.
type Unmarshalers struct {
	R ReadText  `json:"r"`
	J ReadJSON  `json:"j"`
	W WriteText `json:"w"`
	S Label     `json:"s"`
}

// ReadText is read with UnmarshalText.
type ReadText int

// UnmarshalText implements encoding.TextUnmarshaler.
func (r *ReadText) UnmarshalText([]byte) error { return nil }

// ReadJSON is read with UnmarshalJSON.
type ReadJSON struct{ V int }

// UnmarshalJSON implements json.Unmarshaler.
func (r *ReadJSON) UnmarshalJSON([]byte) error { return nil }

// WriteText is written with MarshalText.
type WriteText struct{ A int }

// MarshalText implements encoding.TextMarshaler.
func (WriteText) MarshalText() ([]byte, error) { return nil, nil }

// Label is a string written with MarshalText.
type Label string

// MarshalText implements encoding.TextMarshaler.
func (l Label) MarshalText() ([]byte, error) { return []byte(l), nil }
