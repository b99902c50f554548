package p

import "context"

type In struct {
	Query string `json:"query"`
}

// Tagged has an id a selection cannot carry as text.
type Tagged struct {
	ID   []string `json:"id"`
	Name string   `json:"name" card:"title"`
}

// Tags is a search result.
type Tags struct {
	Items []Tagged `json:"items"`
}

// FindTags lists tags as a carousel.
//
//card:tool readonly
//card:acp carousel
func FindTags(ctx context.Context, in In) (*Tags, error) { return nil, nil }
