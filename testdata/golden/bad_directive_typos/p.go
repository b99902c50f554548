package p

import "context"

// A has a space after //card:, as typed before gofmt, which rewrites it to the case of bad_space_after_slashes.
//
//card: tool a
func A(ctx context.Context, in In) (*Out, error) { return nil, nil }

// B misspells the prefix, which would otherwise leave B silently not a tool.
//
//cards:tool b
func B(ctx context.Context, in In) (*Out, error) { return nil, nil }

// C gives its name as a key; the name is positional.
//
//card:tool name=c
func C(ctx context.Context, in In) (*Out, error) { return nil, nil }

// D quotes with single quotes and ends a template with a text/template action.
//
//card:tool d title='Order status'
//card:result title='{{.ID}}'
//card:fallback "{{.ID}}{{end}}"
func D(ctx context.Context, in In) (*Out, error) { return nil, nil }

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
}

// Z ends its directive with a comment, which would be read as more words.
//
//card:tool z readonly // the z tool
func Z(ctx context.Context, in In) (*Out, error) { return nil, nil }
