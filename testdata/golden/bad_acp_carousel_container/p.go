package p

import "context"

type In struct {
	Query string `json:"query"`
}

// Room has a card and an id: a carousel item.
type Room struct {
	ID   string `json:"id"`
	Name string `json:"name" card:"title"`
}

// Top3 holds its rooms in an array.
type Top3 struct {
	Rooms [3]Room `json:"rooms"`
}

// ByID holds its rooms in a map.
type ByID struct {
	Rooms map[string]*Room `json:"rooms"`
}

// Best lists the three best rooms.
//
//card:tool readonly
//card:acp carousel
func Best(ctx context.Context, in In) (*Top3, error) { return nil, nil }

// Index lists rooms by id.
//
//card:tool readonly
//card:acp carousel
func Index(ctx context.Context, in In) (*ByID, error) { return nil, nil }
