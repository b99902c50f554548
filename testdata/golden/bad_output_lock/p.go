package p

import (
	"context"
	"sync"
	"sync/atomic"
)

type In struct {
	ID string `json:"id"`
}

// Counter holds a mutex in a field of its own: returned by value, the generated handler would
// copy it, and go vet would fail the generated file.
type Counter struct {
	mu sync.Mutex
	ID string `json:"id"`
}

// Count returns a Counter by value.
//
//card:tool
func Count(ctx context.Context, in In) (Counter, error) { return Counter{ID: in.ID}, nil }

// Stats holds its lock deeper: in an atomic.Int64 of a struct in an array.
type Stats struct {
	Windows [2]Window `json:"windows"`
}

type Window struct {
	Hits atomic.Int64 `json:"-"`
	Name string       `json:"name"`
}

// Tally returns Stats by value.
//
//card:tool
func Tally(ctx context.Context, in In) (Stats, error) { return Stats{}, nil }

// Safe returns a pointer, which copies no lock: no problem here.
//
//card:tool
func Safe(ctx context.Context, in In) (*Counter, error) { return &Counter{ID: in.ID}, nil }

// Gate is a lock itself.
type Gate struct {
	Open bool `json:"open"`
}

func (g *Gate) Lock()   {}
func (g *Gate) Unlock() {}

// Check returns a Gate by value.
//
//card:tool
func Check(ctx context.Context, in In) (Gate, error) { return Gate{}, nil }
