package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Doc struct {
	Body string `json:"body" card:"markdown"`
}

// F asks for targets this version does not generate yet; each is an error, never ignored.
//
//card:tool
//card:acp detail
func F(ctx context.Context, in In) (*Doc, error) { return nil, nil }
