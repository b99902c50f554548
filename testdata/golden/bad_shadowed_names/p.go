package p

import "context"

// The generated RegisterTools and DispatchACP call handler functions and write the tools' types
// by name, inside functions with variables of their own: a handler function or a type with the
// name of one of those variables could not be referred to there.

type In struct {
	ID string `json:"id" jsonschema:"title=Item"`
}

type cfg struct {
	ID string `json:"id"`
}

// reply sends a form; DispatchACP has a parameter reply.
//
//card:tool
//card:acp form
func reply(ctx context.Context, in In) (*cfg, error) { return &cfg{ID: in.ID}, nil }

// ui shows a card; RegisterTools has a variable ui.
//
//card:tool
//card:result title="Item {{.ID}}"
func ui(ctx context.Context, in In) (*cfg, error) { return &cfg{ID: in.ID}, nil }

// out is called before RegisterTools' variable out is bound, so it is fine.
//
//card:tool
func out(ctx context.Context, in In) (*cfg, error) { return &cfg{ID: in.ID}, nil }

// sel is no form tool's handler, so DispatchACP's variable sel is not in its way.
//
//card:tool
func sel(ctx context.Context, in In) (*cfg, error) { return &cfg{ID: in.ID}, nil }

// PartIn asks for a part of the document.
type PartIn struct {
	Part int `json:"part,omitempty" jsonschema:"minimum=1"`
}

// Doc is a markdown document.
type Doc struct {
	Markdown string `json:"markdown" card:"markdown"`
}

// req serves a markdown document; the function literal that calls it names the request req.
//
//card:tool
func req(ctx context.Context, in PartIn) (*Doc, error) { return &Doc{}, nil }
