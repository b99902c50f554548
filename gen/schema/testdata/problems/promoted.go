package problems

import "github.com/invopop/jsonschema"

// Extender declares invopop's JSONSchemaExtend.
type Extender interface {
	JSONSchemaExtend(*jsonschema.Schema)
}

// HiddenExtender embeds Extender behind json:"-": the method is still promoted, and invopop
// calls it on a HiddenExtender whose Extender is nil.
type HiddenExtender struct {
	Extender `json:"-"`
	A        int `json:"a"`
}

// UsesHidden reaches HiddenExtender through a field.
type UsesHidden struct {
	H []HiddenExtender `json:"h"`
}
