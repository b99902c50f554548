package p

import "context"

// F has a space in its name.
//
//card:tool "get order"
func F(ctx context.Context, in In) (*Out, error) { return nil, nil }

// G has a name over 64 characters.
//
//card:tool a_very_long_tool_name_that_goes_on_and_on_past_the_limit_of_sixty_four
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

// Con's golden files would be testdata/golden/con.schema.json, a name Windows reserves.
//
//card:tool con
func Con(ctx context.Context, in In) (*Out, error) { return nil, nil }
