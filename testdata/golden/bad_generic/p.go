package p

import "context"

// F is generic.
//
//card:tool
func F[T any](ctx context.Context, in In) (*Out, error) { return nil, nil }

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

type Page[T any] struct {
	Items []T `json:"items"`
}

type PageAlias = Page[Out]

// G takes and returns instances of a generic type.
//
//card:tool
func G(ctx context.Context, in Page[In]) (*PageAlias, error) { return nil, nil }

// Repo is generic: RegisterTools could not take a *Repo.
type Repo[T any] struct{ last T }

// Get is a method of the generic Repo.
//
//card:tool
func (r *Repo[T]) Get(ctx context.Context, in In) (*Out, error) { return nil, nil }
