package p

import "context"

// Detached is separated from its directive by a blank line, so Go does not take the comment as
// its doc, and neither may cardgen.
//
//card:tool detached

func Detached(ctx context.Context, in In) (*Out, error) { return nil, nil }

// limit is a variable, which cannot be a tool.
//
//card:tool limit
var limit = 10

// Inside writes a directive in its body.
//
//card:tool inside
func Inside(ctx context.Context, in In) (*Out, error) {
	//card:result title="Order {{.ID}}"
	return nil, nil
}

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
	//card:field Owner "{{.ID}}"
	Name string `json:"name"`
}

// Group's directive is above the group, not on one of its types.
//
//card:result title="{{.A}}"
type (
	Group struct{ A string }
	Other struct{ B string }
)
