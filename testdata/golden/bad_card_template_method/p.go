package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Person struct {
	First string `json:"first"`
	Last  string `json:"last"`
}

// Name is what text/template users reach with {{.Owner.Name}}.
func (p *Person) Name() string { return p.First + " " + p.Last }

type Out struct {
	ID    string  `json:"id"`
	Owner *Person `json:"owner"`
	Extra any     `json:"extra"`
}

// Label is a method a template might call.
func (o Out) Label() string { return "Order " + o.ID }

// Get shows methods and an interface where a card needs a field it can show.
//
//card:tool
//card:result title="{{.Label}}" subtitle="{{.Owner.Name}}"
//card:field Extra "{{.Extra}}"
func Get(ctx context.Context, in In) (*Out, error) { return nil, nil }
