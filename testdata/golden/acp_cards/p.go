package p

import (
	"context"
	"time"
)

type In struct {
	ID string `json:"id"`
}

// Room is a hotel room; its card comes from its tags.
type Room struct {
	ID    string  `json:"id"`
	Name  string  `json:"name" card:"title"`
	Beds  int     `json:"beds" card:"field=Beds"`
	Photo string  `json:"photo" card:"image"`
	Rate  float64 `json:"rate" card:"field=Rate"`
}

// Rooms is a search result.
type Rooms struct {
	Rooms []*Room `json:"rooms"`
	// Sold out rooms are listed for the model, not drawn: card:"-" keeps them out of the carousel.
	SoldOut []*Room `json:"sold_out,omitempty" card:"-"`
}

// FindRooms lists free rooms as a carousel.
//
//card:tool readonly
//card:acp carousel
//card:example {"rooms":[{"id":"r1","name":"Garden room","beds":2,"photo":"https://hotel.example.com/r1.jpg","rate":80.5}]}
func FindRooms(ctx context.Context, in In) (*Rooms, error) { return &Rooms{}, nil }

// GetRoom shows one room as a detail card.
//
//card:tool readonly
//card:acp detail
//card:action message Book "Book room {{.ID}}"
//card:example {"id":"r1","name":"Garden room","beds":2,"photo":"https://hotel.example.com/r1.jpg","rate":80.5}
func GetRoom(ctx context.Context, in In) (*Room, error) { return &Room{ID: in.ID}, nil }

// Booking asks for everything a booking needs.
type Booking struct {
	RoomID string `json:"room_id" jsonschema:"title=Room"`
	Nights int    `json:"nights" jsonschema:"minimum=1,maximum=30"`
	Guest  string `json:"guest" jsonschema:"format=email,description=We send the confirmation here"`
	Meal   string `json:"meal,omitempty" jsonschema:"enum=none,enum=breakfast,enum=half-board"`
	Late   bool   `json:"late_checkout,omitempty"`
	// Pets is a required bool: its checkbox is still not required, as unticked means false.
	Pets bool `json:"pets"`
	// Arrival is a time without a description: its placeholder says the format.
	Arrival time.Time `json:"arrival"`
}

// Confirmation is a booking's outcome.
type Confirmation struct {
	Code string `json:"code"`
}

// BookRoom books a room from a form card.
//
//card:tool book_room destructive
//card:acp form
func BookRoom(ctx context.Context, in Booking) (*Confirmation, error) {
	return &Confirmation{Code: "X"}, nil
}
