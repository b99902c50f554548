package p

import (
	"context"
	"encoding/json"
	"time"
)

// Get has input and output fields of every kind the generated test's type guards spell: each
// guard must compile as written, or this case's generated test would not build.
//
//card:tool
func Get(ctx context.Context, in In) (*Out, error) { return nil, nil }

type In struct {
	Query  string              `json:"query" jsonschema:"description=say \"hi\""`
	Note   string              "json:\"note\" jsonschema:\"description=a `raw` word\""
	Grid   [3]int              `json:"grid"`
	Index  map[string][]*Inner `json:"index"`
	Nested struct {
		X int `json:"x"`
	} `json:"nested"`
	Free    any                                       `json:"free"`
	Raw     json.RawMessage                           `json:"raw"`
	When    time.Time                                 `json:"when"`
	Hook    func(int, ...string) (bool, error)        `json:"-"`
	Done    <-chan struct{}                           `json:"-"`
	Sink    chan<- int                                `json:"-"`
	Pair    Pair[string, int]                         `json:"pair"`
	Small   byte                                      `json:"small"`
	Letters []rune                                    `json:"letters"`
	Lookup  func(ctx context.Context) map[string]bool `json:"-"`
	Code    Code                                      `json:"code"`
	Status  Status                                    `json:"status"`
	Items   Items                                     `json:"items"`
	Greeter interface {
		Greet(name string) string
		error
	} `json:"-"`
	Pipes   chan (<-chan int) `json:"-"`
	private int
	Alias
	*Extra
}

// Status and Items are named types of other kinds than struct: their guards convert pointers.
type Status string

type Items []Inner

// Code is another name for string: the guard writes string, so that pointing Code at another
// type breaks it.
type Code = string

// Wrapped embeds an instance of a generic alias, which a guard cannot write by the field's name:
// it has no guard, and the generated test compiles all the same.
type Wrapped struct {
	Boxed[int]
	N int `json:"n"`
}

type Box[T any] struct {
	V T `json:"v"`
}

type Boxed[T any] = Box[T]

// Alias is another name for Inner; In embeds it under this name.
type Alias = Inner

type Inner struct {
	V int `json:"v"`
}

type Extra struct {
	Tags []string `json:"tags,omitempty"`
}

type Pair[K comparable, V any] struct {
	Key   K `json:"key"`
	Value V `json:"value"`
}

type Out struct {
	Items   []Pair[string, Inner] `json:"items"`
	Wrapped Wrapped               `json:"wrapped"`
}
