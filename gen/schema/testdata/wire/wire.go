// Package wire holds types whose JSON encoding/json writes or reads otherwise than invopop's
// schema says, for TestEncodingJSONForms. The run-time reflector (runtime/register) does not
// adjust invopop's schema for these yet, so they are kept out of the oracle's fixtures.
package wire

import "fmt"

// Color is an enum that encoding/json writes and reads as text, also as a map key.
type Color int

var colors = []string{"red", "green"}

// MarshalText implements encoding.TextMarshaler.
func (c Color) MarshalText() ([]byte, error) { return []byte(colors[c]), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (c *Color) UnmarshalText(b []byte) error {
	for i, name := range colors {
		if name == string(b) {
			*c = Color(i)
			return nil
		}
	}
	return fmt.Errorf("no color %q", b)
}

// Level is written as text but, without UnmarshalText, read from its digits.
type Level int

// MarshalText implements encoding.TextMarshaler.
func (l Level) MarshalText() ([]byte, error) { return []byte(fmt.Sprint("level ", int(l))), nil }

// Octet is a type defined from byte: encoding/json writes a slice of it as a base64 string.
type Octet byte

// Wire has a field of each, a map with int keys, which encoding/json writes with their sign,
// and pointers with the json string option.
type Wire struct {
	ByColor map[Color]int `json:"by_color"`
	ByLevel map[Level]int `json:"by_level"`
	Octets  []Octet       `json:"octets"`
	ByInt   map[int]bool  `json:"by_int"`
	// The json string option applies to a string, number or boolean and to an unnamed pointer to
	// one: PS is written "3", NP and PP as plain numbers (invopop says strings for all three).
	PS *int   `json:"ps,string"`
	NP IntPtr `json:"np,string"`
	PP **int  `json:"pp,string"`
}

// IntPtr is a named pointer type.
type IntPtr *int
