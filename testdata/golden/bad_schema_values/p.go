package p

import (
	"context"
	"fmt"
	"time"
)

// Find finds accounts. Its types have tag values and shapes the MCP Go SDK cannot use, or that
// encoding/json reads otherwise than the schema says: each would fail calls without a word.
//
//card:tool find_accounts
func Find(ctx context.Context, in In) (*Out, error) { return nil, nil }

type paging struct {
	Page int `json:"page,omitempty"`
}

type In struct {
	*paging
	Name  string       `json:"name" jsonschema:"pattern=^(?!admin)[a-z]+$"`
	Step  float64      `json:"step" jsonschema:"multipleOf=0"`
	Kind  string       `json:"kind" jsonschema:"oneof_ref=#/$defs/Kind"`
	Level int          `json:"level" jsonschema:"enum=low,enum=high"`
	Flag  bool         `json:"flag,omitempty" jsonschema:"default=yes"`
	IDs   []string     `json:"ids" jsonschema:"uniqueItems=false"`
	Sort  string       `json:"sort" jsonschema:"type=strin"`
	Query string       `json:"query,string"`
	Match fmt.Stringer `json:"match,omitempty"`
	Limit int          `json:"limit" jsonschema:"minimum=1,default=20"`
	Owner string       `json:"owner's"`
	Email string       `json:"email" jsonschema:"oneof_required=by_email"`
	Phone string       `json:"phone" jsonschema:"oneof_required=by_phone"`
	Since time.Time    `json:"since,omitzero" jsonschema:"default=2024-01-02"`
}

// Color is written and read as its name, also as a map key.
type Color int

func (c Color) MarshalText() ([]byte, error) { return []byte(fmt.Sprint("c", int(c))), nil }

func (c *Color) UnmarshalText(b []byte) error {
	_, err := fmt.Sscanf(string(b), "c%d", (*int)(c))
	return err
}

type Out struct {
	*paging
	ByColor map[Color]int `json:"by_color" jsonschema:"anyof_ref=#/properties/by_color"`
}
