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

// Defaults has default= values that do not validate against their fields' own schemas, and one
// on a required field, which the SDK never applies. Fine's and Words' are used.
type Defaults struct {
	Ints   []int  `json:"ints" jsonschema:"default=1,default=2"`
	Enum   string `json:"enum" jsonschema:"enum=a,enum=b,default=c"`
	Min    int    `json:"min" jsonschema:"minimum=1,default=0"`
	Fine   int    `json:"fine,omitempty" jsonschema:"minimum=1,default=1"`
	Words  string `json:"words,omitzero" jsonschema:"default=hi,minLength=1"`
	Unused int    `json:"unused" jsonschema:"default=3"`
}
