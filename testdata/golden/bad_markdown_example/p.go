package p

import "context"

type GuideInput struct {
	Part int `json:"part,omitempty" jsonschema:"minimum=1"`
}

// Guide is a document with a title from its field.
type Guide struct {
	Title string `json:"title" card:"title"`
	Body  string `json:"body" card:"markdown"`
}

// GetGuide is a markdown card tool: its examples are values of Guide all the same, and the
// generated golden test decodes them strictly, so a key Guide does not have is reported here.
//
//card:tool readonly
//card:example {"title":"Setup","body":"# Setup"}
//card:example {"title":"Setup","bdy":"# Setup"}
func GetGuide(ctx context.Context, in GuideInput) (*Guide, error) {
	return &Guide{}, nil
}
