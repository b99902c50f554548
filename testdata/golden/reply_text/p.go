package p

import "context"

// Greet greets someone; the model reads the reply text, not the JSON.
//
//card:tool
//card:reply "Said hello to {{.Name}}."
func Greet(ctx context.Context, in In) (*Out, error) { return &Out{Name: in.ID}, nil }

// Wave waves: a reply with one fixed text, whose constant once took the reply function's name.
//
//card:tool
//card:reply "Waved at {{.Name}}"
func Wave(ctx context.Context, in In) (*Out, error) { return &Out{Name: in.ID}, nil }

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
