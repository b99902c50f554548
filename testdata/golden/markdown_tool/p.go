package p

import "context"

type GuideInput struct {
	Topic string `json:"topic"`
	Part  int    `json:"part,omitempty" jsonschema:"minimum=1"`
}

// Guide is a document with a title and a subtitle from its fields.
type Guide struct {
	Title   string  `json:"title" card:"title"`
	Updated *string `json:"updated,omitempty" card:"subtitle"`
	Body    string  `json:"body" card:"markdown"`
}

// GetGuide returns a guide, served as a markdown card a part at a time.
//
//card:tool readonly
//card:example {"title":"Setup","body":"# Setup\n\nIntro.\n\n## Install\n\nRun it.\n\n## Configure\n\nEdit it."}
func GetGuide(ctx context.Context, in GuideInput) (*Guide, error) {
	return &Guide{Title: in.Topic}, nil
}
