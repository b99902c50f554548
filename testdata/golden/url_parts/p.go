package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID    string `json:"id"`
	Slug  string `json:"slug"`
	Query string `json:"query"`
	Base  string `json:"base"`
}

// Find shows values in each part of a URL: the path, the query, the fragment, and a whole base
// URL from data.
//
//card:tool
//card:result title="Order {{.ID}}" image="https://img.example.com/o/{{.ID}}.jpg"
//card:action url Open "https://shop.example.com/docs/{{.Slug}}?q={{.Query}}&id={{.ID}}#{{.Slug}}"
//card:action url Base "{{.Base}}/orders/{{.ID}}"
func Find(ctx context.Context, in In) (*Out, error) { return &Out{ID: in.ID}, nil }

type Search struct {
	Search string `json:"search"`
	Page   string `json:"page"`
}

// More continues a search URL from data, which holds its own query: the page is a parameter.
//
//card:tool
//card:result title="Results"
//card:action url More "{{.Search}}&page={{.Page}}"
func More(ctx context.Context, in In) (*Search, error) { return &Search{}, nil }
