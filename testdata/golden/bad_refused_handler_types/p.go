package p

import "context"

// Get's last result is wrong. Its input and output types have problems of their own, and so
// has its card: all of them are reported in one run, not the types' only once the signature is
// fixed.
//
//card:tool
//card:result title="{{.Nmae}}"
func Get(ctx context.Context, in GetInput) (GetOutput, bool) { return GetOutput{}, false }

type GetInput struct {
	ID string `json:"id" jsonschema:"minLenght=1"`
}

type GetOutput struct {
	ID   string   `json:"id"`
	Name string   `json:"name"`
	Done chan int `json:"done"`
}

// Put takes its input by pointer. The input's problems are reported as well, and its output's.
//
//card:tool
func Put(ctx context.Context, in *PutInput) (*PutOutput, error) { return nil, nil }

type PutInput struct {
	Count int `json:"count" jsonschema:"minimum=ten"`
}

type PutOutput struct {
	When func() `json:"when"`
}

// List takes no context. Its output is fine, and its example is checked against its schema.
//
//card:tool
//card:example {"items":"none"}
func List(in ListInput) (*ListOutput, error) { return nil, nil }

type ListInput struct{}

type ListOutput struct {
	Items []string `json:"items"`
}

// Find's signature is fine and its input's tag is not; its example is checked all the same,
// against the output schema, which the input's problem leaves whole.
//
//card:tool
//card:example {"hits":"many"}
func Find(ctx context.Context, in FindInput) (*FindOutput, error) { return nil, nil }

type FindInput struct {
	Query string `json:"query" jsonschema:"maxLenght=80"`
}

type FindOutput struct {
	Hits int `json:"hits"`
}
