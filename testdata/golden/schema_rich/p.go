package p

import (
	"context"
	"encoding/json"
	"time"
)

// Search shows the schema mapping of a rich input.
//
// It has a second paragraph, which stays in the description.
//
//card:tool
func Search(ctx context.Context, in Query) (*Results, error) { return &Results{}, nil }

type Paging struct {
	Page int `json:"page,omitempty" jsonschema:"minimum=1,default=1"`
	Size int `json:"size,omitempty" jsonschema:"minimum=1,maximum=100"`
}

type Query struct {
	Paging
	Text     string            `json:"text" jsonschema:"description=What to look for,minLength=1,maxLength=200"`
	Kinds    []string          `json:"kinds,omitempty" jsonschema:"enum=book,enum=film,uniqueItems=true"`
	Since    time.Time         `json:"since,omitempty"`
	Labels   map[string]string `json:"labels,omitempty"`
	Exact    *bool             `json:"exact,omitempty"`
	Email    string            `json:"email,omitempty" jsonschema:"format=email,example=a@example.com"`
	internal string
	Skip     string `json:"-"`
}

type Results struct {
	Hits  []Hit           `json:"hits"`
	Total int             `json:"total"`
	Extra map[string]any  `json:"extra,omitempty"`
	Raw   json.RawMessage `json:"raw,omitempty"`
}

type Hit struct {
	ID    string  `json:"id"`
	Score float64 `json:"score"`
}
