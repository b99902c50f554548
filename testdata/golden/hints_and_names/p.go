package p

import "context"

// Delete removes something for good.
//
//card:tool items.delete-one destructive openworld
func Delete(ctx context.Context, in In) (*Out, error) { return &Out{}, nil }

// Fetch reads from the internet.
//
//card:tool readonly openworld idempotent icon=https://routes.example.com/icons/routes.svg
func Fetch(ctx context.Context, in In) (*Out, error) { return &Out{}, nil }

// ListHTTPRoutes shows how names are derived.
//
//card:tool icon="data:image/png;base64,iVBORw0KGgo="
func ListHTTPRoutes(ctx context.Context, in In) (*Out, error) { return &Out{}, nil }

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
