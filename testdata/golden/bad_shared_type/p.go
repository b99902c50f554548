// Package p has a tag mistake in a type that two tools reach by different field paths: it is one
// cause, reported once, by the shortest path.
package p

import "context"

type Price struct {
	Amount int `json:"amount" jsonschema:"minimun=1"`
}

type Item struct {
	Price Price `json:"price"`
}

type Order struct {
	Items []Item `json:"items"`
}

type In struct {
	ID string `json:"id"`
}

// GetItem gets an item.
//
//card:tool
func GetItem(ctx context.Context, in In) (*Item, error) { return &Item{}, nil }

// GetOrder gets an order.
//
//card:tool
func GetOrder(ctx context.Context, in In) (*Order, error) { return &Order{}, nil }
