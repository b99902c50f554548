package p

import "context"

type In struct {
	Query string `json:"query"`
}

// Base is embedded without a JSON name, so encoding/json writes its id at the item's top level.
type Base struct {
	ID string `json:"id"`
}

// Hotel is a carousel item whose id is promoted through an embedded pointer, which may be nil.
type Hotel struct {
	*Base
	Name string `json:"name" card:"title"`
}

// Hotels is a search result.
type Hotels struct {
	Hotels []Hotel `json:"hotels"`
}

// FindHotels lists hotels as a carousel.
//
//card:tool readonly
//card:acp carousel
//card:example {"hotels":[{"id":"h1","name":"Harbour"},{"name":"No id yet"}]}
func FindHotels(ctx context.Context, in In) (*Hotels, error) { return &Hotels{}, nil }
