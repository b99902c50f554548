package p

import "context"

// A has no tool name: status, after the unquoted title, was silently taken as the name.
//
//card:tool title=Order status readonly
func A(ctx context.Context, in In) (*Out, error) { return nil, nil }

// B names the tool, so status is one word too many.
//
//card:tool get_b title=Order status
func B(ctx context.Context, in In) (*Out, error) { return nil, nil }

// C's card title has a space and a template after it.
//
//card:tool
//card:result title=Order #{{.ID}} subtitle={{.Name}}
//card:fallback "Order {{.ID}}"
func C(ctx context.Context, in In) (*Out, error) { return nil, nil }

// D's title runs on for several words before its flags.
//
//card:tool d title=Track an order idempotent
func D(ctx context.Context, in In) (*Out, error) { return nil, nil }

// E gives its name first and quotes its title, as the grammar asks: no error.
//
//card:tool get_e title="Order status" readonly
func E(ctx context.Context, in In) (*Out, error) { return nil, nil }

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}
