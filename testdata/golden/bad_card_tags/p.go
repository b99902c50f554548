package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Product struct {
	ID    string   `json:"id" card:"titel"`
	Name  string   `json:"name" card:"title,-"`
	Tags  []string `json:"tags" card:"field=Tags"`
	Image string   `json:"image" card:"image"`
}

// F returns a product whose tags are wrong.
//
//card:tool
func F(ctx context.Context, in In) (*Product, error) { return nil, nil }

// Mixed gives its card's rows both by tags and by a directive, which would drop the tags' rows.
//
//card:result title="Mixed {{.ID}}"
//card:field Owner "{{.Owner}}"
type Mixed struct {
	ID    string `json:"id"`
	State string `json:"state" card:"field=State"`
	Owner string `json:"owner"`
}

// Twice gives its title both by a tag and by //card:result, whose title would win.
//
//card:result title="Order {{.ID}}"
type Twice struct {
	ID   string `json:"id" card:"title"`
	Note string `json:"note" card:"subtitle"`
}

// G returns Twice.
//
//card:tool
func G(ctx context.Context, in In) (*Twice, error) { return nil, nil }
