package problems

import (
	"math/big"
	"net/url"
	"time"
)

// Timestamps embeds time.Time, whose MarshalJSON is promoted: encoding/json writes a Timestamps
// as a time string, not as an object with a label.
type Timestamps struct {
	time.Time
	Label string `json:"label"`
}

// JSONMoney writes itself with MarshalJSON.
type JSONMoney struct{ Cents int }

// MarshalJSON implements json.Marshaler.
func (JSONMoney) MarshalJSON() ([]byte, error) { return []byte(`"1.00"`), nil }

// PtrText has MarshalText on the pointer only.
type PtrText struct{ A int }

// MarshalText implements encoding.TextMarshaler for *PtrText.
func (*PtrText) MarshalText() ([]byte, error) { return nil, nil }

// OwnJSON has fields whose JSON encoding/json takes from methods cardgen cannot evaluate, and
// url.URL, which encoding/json writes as an object of its parts.
type OwnJSON struct {
	Money  JSONMoney   `json:"money"`
	Moneys []JSONMoney `json:"moneys"`
	Ptr    PtrText     `json:"ptr"`
	Link   url.URL     `json:"link"`
	LinkP  *url.URL    `json:"link_p"`
	Custom Money       `json:"custom"` // a JSONSchema method describes it: fine
	Big    *big.Int    `json:"big"`
}

// TextTop is written as a JSON string, so it cannot be a tool input.
type TextTop struct{ A int }

// MarshalText implements encoding.TextMarshaler.
func (TextTop) MarshalText() ([]byte, error) { return nil, nil }
