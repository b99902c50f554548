package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Out struct {
	ID string `json:"id"`
}

type Carded struct {
	ID   string `json:"id"`
	Name string `json:"name" card:"title"`
}

type NoID struct {
	Name string `json:"name" card:"title"`
}

type TwoLists struct {
	A []Carded `json:"a"`
	B []Carded `json:"b"`
}

type Unlabelled struct {
	Items []NoID `json:"items"`
}

type Nested struct {
	Tags []string `json:"tags"`
}

// A has no result card to project.
//
//card:tool
//card:acp detail
func A(ctx context.Context, in In) (*Out, error) { return nil, nil }

// B has a card without buttons, which a detail card needs.
//
//card:tool
//card:acp detail
//card:result title="B"
func B(ctx context.Context, in In) (*Out, error) { return nil, nil }

// C is a review without fields.
//
//card:tool
//card:acp review
//card:result title="C"
//card:action message Yes "yes"
func C(ctx context.Context, in In) (*Out, error) { return nil, nil }

// C2 is a review without buttons.
//
//card:tool
//card:acp review
//card:result title="C2"
//card:field Total "{{.ID}}"
func C2(ctx context.Context, in In) (*Out, error) { return nil, nil }

// C3 is a review with neither.
//
//card:tool
//card:acp review
//card:result title="C3"
func C3(ctx context.Context, in In) (*Out, error) { return nil, nil }

// D is a carousel without a slice of carded elements.
//
//card:tool
//card:acp carousel
func D(ctx context.Context, in In) (*Out, error) { return nil, nil }

// E has two candidate slices.
//
//card:tool
//card:acp carousel
func E(ctx context.Context, in In) (*TwoLists, error) { return nil, nil }

// F's elements have no id.
//
//card:tool
//card:acp carousel
func F(ctx context.Context, in In) (*Unlabelled, error) { return nil, nil }

// G asks a form for a list.
//
//card:tool
//card:acp form
func G(ctx context.Context, in Nested) (*Out, error) { return nil, nil }

// H names an unknown kind.
//
//card:tool
//card:acp slideshow
func H(ctx context.Context, in In) (*Out, error) { return nil, nil }

// ToolField names a form field "tool", the key the form's selection names its tool with.
//
//card:tool
//card:acp form
func ToolField(ctx context.Context, in ToolIn) (*Out, error) { return nil, nil }

type ToolIn struct {
	Tool  string `json:"tool" jsonschema:"enum=hammer,enum=saw"`
	Count int    `json:"count"`
}

// Ping asks a form for nothing.
//
//card:tool
//card:acp form
func Ping(ctx context.Context, in Empty) (*Out, error) { return nil, nil }

type Empty struct{}

// Twice shows one button twice: a detail card would send the same selection for both.
// (Same label, other target, is fine: see OtherTarget.)
//
//card:tool
//card:acp detail
//card:result title="Order {{.ID}}"
//card:action message Cancel "Cancel order {{.ID}}"
//card:action message Cancel "Cancel order {{.ID}}"
func Twice(ctx context.Context, in In) (*Out, error) { return nil, nil }

// OtherTarget has two buttons of one label and different targets, which the reply tells apart.
//
//card:tool
//card:acp detail
//card:result title="Order {{.ID}}"
//card:action message Cancel "Cancel order {{.ID}}"
//card:action message Cancel "Cancel all orders"
func OtherTarget(ctx context.Context, in In) (*Out, error) { return nil, nil }

// EmbeddedTool's form field "tool" comes from an embedded struct; it is reported there.
//
//card:tool
//card:acp form
func EmbeddedTool(ctx context.Context, in EmbeddedToolIn) (*Out, error) { return nil, nil }

type EmbeddedToolIn struct {
	ToolBase
	Count int `json:"count"`
}

type ToolBase struct {
	Tool string `json:"tool"`
}

// EmbeddedList's input embeds a named slice, which encoding/json takes as a field named by its
// type: the form cannot ask for it, reported at the embedded field.
//
//card:tool
//card:acp form
func EmbeddedList(ctx context.Context, in EmbeddedListIn) (*Out, error) { return nil, nil }

type EmbeddedListIn struct {
	Labels
	Count int `json:"count"`
}

type Labels []string
