// Package p has carousels whose element types are aliases of a carded type: the items are the
// aliased type's, as if it were written itself.
package p

import "context"

type In struct {
	Query string `json:"query"`
}

// Room is a hotel room; its card comes from its tags.
type Room struct {
	ID   string `json:"id"`
	Name string `json:"name" card:"title"`
	Beds int    `json:"beds" card:"field=Beds"`
}

// Item is a carousel item, under a name of its own.
type Item = Room

// RoomRef is a pointer to a room; Ref is another name for it.
type RoomRef = *Room
type Ref = RoomRef

// Rooms holds its rooms as Items.
type Rooms struct {
	Items []Item `json:"items"`
}

// Refs holds its rooms through aliases of a pointer.
type Refs struct {
	Rooms []Ref `json:"rooms"`
}

// FindRooms lists free rooms as a carousel.
//
//card:tool readonly
//card:acp carousel
func FindRooms(ctx context.Context, in In) (*Rooms, error) { return &Rooms{}, nil }

// FindRefs lists free rooms as a carousel of pointers.
//
//card:tool readonly
//card:acp carousel
func FindRefs(ctx context.Context, in In) (*Refs, error) { return &Refs{}, nil }
