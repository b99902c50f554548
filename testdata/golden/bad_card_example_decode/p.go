// Package p has examples that match the output schema, which says "integer" or "string" and no
// more, but that encoding/json cannot decode into the output: the generated golden test decodes
// each example, and failed on them. (A uint8 of 300 and an int8 of 200 no longer get so far: the
// schema states the ranges of sized integers, as the MCP Go SDK's inference does.)
package p

import (
	"context"
	"time"
)

type In struct {
	ID string `json:"id"`
}

type Stock struct {
	Level uint8     `json:"level"`
	Count uint      `json:"count"`
	Ratio float32   `json:"ratio"`
	Since time.Time `json:"since"`
	Lines []Line    `json:"lines"`
	Title string    `json:"title"`
	Total int       `json:"total,string,omitempty"`
	Paid  *bool     `json:"paid,string,omitempty"`
	Note  Noter     `json:"note,omitempty"`
}

// Noter has methods: encoding/json cannot make a value of it.
type Noter interface{ Note() string }

type Line struct {
	Qty int8 `json:"qty"`
}

// Get gets.
//
//card:tool
//card:result title="{{.Title}}"
//card:example {"level":300,"count":1,"ratio":1,"since":"2026-01-02T03:04:05Z","lines":[],"title":"a"}
//card:example {"level":1,"count":18446744073709551616,"ratio":1,"since":"2026-01-02T03:04:05Z","lines":[],"title":"b"}
//card:example {"level":1,"count":1,"ratio":1e39,"since":"2026-01-02T03:04:05Z","lines":[],"title":"c"}
//card:example {"level":1,"count":1,"ratio":1,"since":"yesterday","lines":[],"title":"d"}
//card:example {"level":1,"count":1,"ratio":1,"since":"2026-01-02T03:04:05Z","lines":[{"qty":1},{"qty":200}],"title":"e"}
//card:example {"level":1e2,"count":1,"ratio":1,"since":"2026-01-02T03:04:05Z","lines":[],"title":"f"}
//card:example {"level":1,"count":1,"ratio":1,"since":"2026-01-02T03:04:05Z","lines":[],"title":"g","total":"ten"}
//card:example {"level":1,"count":1,"ratio":1,"since":"2026-01-02T03:04:05Z","lines":[],"title":"h","total":"1.5"}
//card:example {"level":1,"count":1,"ratio":1,"since":"2026-01-02T03:04:05Z","lines":[],"title":"i","total":"99999999999999999999"}
//card:example {"level":1,"count":1,"ratio":1,"since":"2026-01-02T03:04:05Z","lines":[],"title":"j","paid":"yes"}
//card:example {"level":1,"count":1,"ratio":1,"since":"2026-01-02T03:04:05Z","lines":[],"title":"k","note":{"text":"hi"}}
//card:example {"level":1,"count":1,"ratio":1,"since":"2026-01-02T03:04:05Z","lines":[],"title":"fits too","total":"-12","paid":"false","note":null}
//card:example {"level":255,"count":18446744073709551615,"ratio":3.4e38,"since":"2026-01-02T03:04:05.5+07:00","lines":[{"qty":-128}],"title":"fits"}
func Get(ctx context.Context, in In) (*Stock, error) { return &Stock{}, nil }
