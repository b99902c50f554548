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

// Titles hosts could not show as written: a control character, a byte that is not UTF-8, a line
// break, white space alone.
//
//card:tool ctl title="Order\x00status"
func Ctl(ctx context.Context, in In) (*Out, error) { return nil, nil }

// Bytes has a title with a Latin-1 byte.
//
//card:tool bytes title="caf\xe9"
func Bytes(ctx context.Context, in In) (*Out, error) { return nil, nil }

// Lines has a title of two lines.
//
//card:tool lines title="Order\nstatus"
func Lines(ctx context.Context, in In) (*Out, error) { return nil, nil }

// Blank has a title of spaces.
//
//card:tool blank title=" \u200b "
func Blank(ctx context.Context, in In) (*Out, error) { return nil, nil }
