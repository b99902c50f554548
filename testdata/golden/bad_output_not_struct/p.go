package p

import (
	"context"
	"time"
)

// F returns a slice.
//
//card:tool
func F(ctx context.Context, in In) ([]string, error) { return nil, nil }

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID    string   `json:"id"`
	Name  string   `json:"name"`
	Tags  []string `json:"tags,omitempty"`
	Owner *Person  `json:"owner,omitempty"`
}

type Person struct {
	Name string `json:"name"`
}

// Result is an alias of an unnamed struct type.
type Result = struct {
	ID string `json:"id"`
}

// G returns a pointer to the alias.
//
//card:tool
func G(ctx context.Context, in In) (*Result, error) { return nil, nil }

// Stamp is written by encoding/json as a JSON string (its MarshalText), not an object.
type Stamp struct {
	ID string `json:"id"`
}

func (s Stamp) MarshalText() ([]byte, error) { return []byte(s.ID), nil }

// H returns a type that encoding/json writes as a string: the problem is the output's.
//
//card:tool
func H(ctx context.Context, in In) (*Stamp, error) { return nil, nil }

// Event embeds time.Time, whose MarshalJSON it gets: encoding/json writes an Event as the time
// alone, and drops its Name.
type Event struct {
	time.Time
	Name string `json:"name"`
}

type Timeline struct {
	Events []Event `json:"events"`
}

// K returns events whose JSON is not what their fields say.
//
//card:tool
func K(ctx context.Context, in In) (*Timeline, error) { return nil, nil }
