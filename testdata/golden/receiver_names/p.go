package p

import (
	"context"

	"github.com/cardgen/cardgen/testdata/golden/receiver_names/model"
	"github.com/cardgen/cardgen/testdata/golden/receiver_names/s3"
)

// Each receiver type below is named so that its parameter in RegisterTools or DispatchACP, the
// type's name with a lower-case first letter, would shadow a name those functions use: a
// parameter of DispatchACP (reply), an import (apps), a predeclared name (nil), a handler
// function of the package (lookup), a generated declaration (findInputSchema), and the package
// of a tool's input and output types (model). Each gets "Svc" after it instead.

// Reply sends forms.
type Reply struct{}

// Apps finds things.
type Apps struct{}

// Nil counts.
type Nil struct{}

// Lookup looks up.
type Lookup struct{}

// FindInputSchema finds.
type FindInputSchema struct{}

// In is the input.
type In struct {
	ID string `json:"id" jsonschema:"title=Item,description=The item number"`
}

// Out is the output.
type Out struct {
	ID string `json:"id"`
}

// Order asks for an item with a form.
//
//card:tool
//card:result title="Item {{.ID}}"
//card:action message Open "Open {{.ID}}"
//card:acp form
func (r *Reply) Order(ctx context.Context, in In) (*Out, error) { return &Out{ID: in.ID}, nil }

// Find finds an item.
//
//card:tool readonly
//card:result title="Item {{.ID}}"
func (a *Apps) Find(ctx context.Context, in In) (*Out, error) { return &Out{ID: in.ID}, nil }

// Count counts items.
//
//card:tool readonly
func (n *Nil) Count(ctx context.Context, in In) (*Out, error) { return &Out{ID: in.ID}, nil }

// Get gets an item through the package's lookup function.
//
//card:tool readonly
func (l *Lookup) Get(ctx context.Context, in In) (*Out, error) { return lookup(ctx, in) }

// lookup is a handler of its own, called by name in RegisterTools.
//
//card:tool readonly
func lookup(ctx context.Context, in In) (*Out, error) { return &Out{ID: in.ID}, nil }

// Search searches.
//
//card:tool readonly
func (f *FindInputSchema) Search(ctx context.Context, in In) (*Out, error) {
	return &Out{ID: in.ID}, nil
}

// Model gets records of package model.
type Model struct{}

// Record gets a record.
//
//card:tool readonly
func (m *Model) Record(ctx context.Context, in model.Lookup) (*model.Record, error) {
	return &model.Record{ID: in.ID}, nil
}

// S3 gets objects of package s3, whose name ends in a digit.
type S3 struct{}

// Object gets an object.
//
//card:tool readonly
func (b *S3) Object(ctx context.Context, in s3.GetInput) (*s3.GetOutput, error) {
	return &s3.GetOutput{Key: in.Key}, nil
}

// UI is named by an initialism, lowered whole as Go's style writes it (ui, not uI); RegisterTools
// has a local ui, so the parameter is uiSvc.
type UI struct{}

// Screen shows the screen.
//
//card:tool
func (u *UI) Screen(ctx context.Context, in In) (*Out, error) { return &Out{ID: in.ID}, nil }
