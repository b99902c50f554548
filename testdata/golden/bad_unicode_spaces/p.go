package p

import "context"

// Get is annotated with no-break spaces pasted from a web page, which look like spaces, and a
// zero-width space, which looks like nothing. Inside quotes, a no-break space is text.
//
//card:tool get readonly
//card:result title="Order #{{.ID}}" subtitle="{{.Name}}"
//card:field Name "{{.Name}}"
//card:fallback ​"{{.Name}}"
func Get(ctx context.Context, in In) (*Out, error) { return nil, nil }

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}
