package p

import "context"

type In struct {
	ID string `json:"id"`
}

type PartIn struct {
	Part string `json:"part"`
}

type Doc struct {
	Body string `json:"body" card:"markdown"`
}

type Both struct {
	Body  string `json:"body" card:"markdown"`
	Notes string `json:"notes" card:"markdown"`
	Count int    `json:"count" card:"field=Count"`
}

type Wrong struct {
	Lines []string `json:"lines" card:"markdown"`
}

// A has no part input.
//
//card:tool
func A(ctx context.Context, in In) (*Doc, error) { return nil, nil }

// B has a part input that is not a number.
//
//card:tool
func B(ctx context.Context, in PartIn) (*Doc, error) { return nil, nil }

// C adds a result card to a markdown document.
//
//card:tool
//card:result title="Doc"
func C(ctx context.Context, in In) (*Doc, error) { return nil, nil }

// D has two documents and a field tag.
//
//card:tool
func D(ctx context.Context, in In) (*Both, error) { return nil, nil }

// E tags a slice as the document.
//
//card:tool
func E(ctx context.Context, in In) (*Wrong, error) { return nil, nil }

type PageIn struct {
	Part int `json:"part,omitempty"`
}

// F gives a markdown tool a view, a reply and an ACP card, which it cannot use.
//
//card:tool
//card:ui f.html
//card:reply "Doc"
//card:acp detail
func F(ctx context.Context, in PageIn) (*Doc, error) { return nil, nil }

// Directed holds a markdown document, and its type gives a row by a directive, which a markdown
// card does not use: reported at the directive's line.
//
//card:field ID "{{.ID}}"
type Directed struct {
	ID   string `json:"id"`
	Body string `json:"body" card:"markdown"`
}

// G returns Directed.
//
//card:tool
func G(ctx context.Context, in PageIn) (*Directed, error) { return nil, nil }

type WidePartIn struct {
	Part uint64 `json:"part,omitempty"`
}

// W has a part input wider than an int on some platforms.
//
//card:tool
func W(ctx context.Context, in WidePartIn) (*Doc, error) { return nil, nil }
