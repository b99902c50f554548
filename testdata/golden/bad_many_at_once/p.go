package p

import "context"

// F has several problems; all are reported in one run.
//
//card:tool "bad name" titel="x"
//card:result title="{{.Nope}}"
func F(ctx context.Context, in string) ([]int, bool) { return nil, false }

// G is fine except for its unknown directive.
//
//card:tool
//card:flied Total "{{.ID}}"
func G(ctx context.Context, in In) (*Out, error) { return nil, nil }

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID    string   `json:"id"`
	Name  string   `json:"name"`
	Tags  []string `json:"tags,omitempty"`
	Owner *Person  `json:"owner,omitempty"`
}

type Person struct {
	Name string `json:"name"`
}
