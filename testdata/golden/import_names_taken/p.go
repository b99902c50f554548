package p

import "context"

// The package declares, at its top level, the names the generated files would import their
// packages under: the generated files import those packages under other names.
var (
	json  = "a package-level json"
	apps  = []string{"a"}
	card1 = "taken too: the next free number is used"
)

type card struct{ title string }

func register(c card) card { return c }

type mcp interface{ Serve() }

// In is the input.
type In struct {
	ID string `json:"id"`
}

// Out is the output.
type Out struct {
	ID    string `json:"id"`
	Count int    `json:"count"`
}

// Get gets one item.
//
//card:tool title="Get it" readonly
//card:result title="Item {{.ID}}" text="{{.Count}} left"
//card:example {"id":"1","count":2}
func Get(ctx context.Context, in In) (*Out, error) { return &Out{ID: in.ID}, nil }
