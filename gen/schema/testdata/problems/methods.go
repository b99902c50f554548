package problems

import (
	"encoding/json"

	gjsonschema "github.com/google/jsonschema-go/jsonschema"
	"github.com/invopop/jsonschema"
)

// SDKStatus describes itself with the MCP Go SDK's schema type, as a server moving from the SDK
// writes it: invopop (and so cardgen) never calls the method, and the enum is lost.
type SDKStatus string

// JSONSchema returns google/jsonschema-go's Schema, not invopop's.
func (SDKStatus) JSONSchema() *gjsonschema.Schema {
	return &gjsonschema.Schema{Type: "string", Enum: []any{"pending", "shipped"}}
}

// SDKMoney writes itself with MarshalJSON and describes that JSON with the SDK's schema type:
// cardgen cannot know its JSON, and says why instead of advising a method it has.
type SDKMoney struct{ Cents int64 }

// MarshalJSON writes the cents alone.
func (m SDKMoney) MarshalJSON() ([]byte, error) { return json.Marshal(m.Cents) }

// JSONSchema returns google/jsonschema-go's Schema, not invopop's.
func (SDKMoney) JSONSchema() *gjsonschema.Schema { return &gjsonschema.Schema{Type: "integer"} }

// ValueSchema returns invopop's Schema by value.
type ValueSchema string

// JSONSchema returns a jsonschema.Schema, not a pointer to one.
func (ValueSchema) JSONSchema() jsonschema.Schema { return jsonschema.Schema{Type: "string"} }

// ParamSchema takes an argument.
type ParamSchema string

// JSONSchema takes a name, which invopop does not pass.
func (ParamSchema) JSONSchema(name string) *jsonschema.Schema { return &jsonschema.Schema{Title: name} }

// PtrSchema declares the method on the pointer receiver, which invopop does not see.
type PtrSchema string

// JSONSchema is on *PtrSchema only.
func (*PtrSchema) JSONSchema() *jsonschema.Schema { return &jsonschema.Schema{Type: "string"} }

// SDKExtend extends with the SDK's schema type, on the pointer receiver.
type SDKExtend struct {
	A int `json:"a"`
}

// JSONSchemaExtend takes google/jsonschema-go's Schema, and is on the pointer.
func (*SDKExtend) JSONSchemaExtend(s *gjsonschema.Schema) { s.Title = "extended" }

// DocPtr describes its fields on the pointer receiver.
type DocPtr struct {
	A int `json:"a"`
}

// GetFieldDocString is on *DocPtr only.
func (*DocPtr) GetFieldDocString(string) string { return "doc" }

// Misdeclared has a field of each type whose invopop method invopop does not call: each is
// reported, and the schema is invopop's, made without the method.
type Misdeclared struct {
	Status   SDKStatus   `json:"status"`
	Value    ValueSchema `json:"value"`
	Param    ParamSchema `json:"param"`
	Ptr      PtrSchema   `json:"ptr"`
	Extend   SDKExtend   `json:"extend"`
	Doc      DocPtr      `json:"doc"`
	Stated   SDKMoney    `json:"stated" jsonschema:"type=integer"`
	Statuses []SDKStatus `json:"statuses"`
}

// MisdeclaredOwnJSON has a field of a type with MarshalJSON whose JSONSchema method invopop does
// not call: the type has no schema, and the problem says why instead of advising the method.
type MisdeclaredOwnJSON struct {
	Money  SDKMoney   `json:"money"`
	Moneys []SDKMoney `json:"moneys"`
}

// SDKWords has one-word jsonschema tags, which the MCP Go SDK reads as descriptions, and json
// options written in the jsonschema tag.
type SDKWords struct {
	ID      string `json:"id" jsonschema:"identifier"`
	Title   string `json:"title" jsonschema:"Title"`
	Pattern string `json:"pattern" jsonschema:"pattern"`
	Typo    string `json:"typo" jsonschema:"requird"`
	Limit   *int   `json:"limit,omitempty" jsonschema:"description=max results,omitempty"`
	Count   *int   `json:"count" jsonschema:"description=how many, omitzero"`
	Quoted  int    `json:"quoted" jsonschema:"minimum=1,string"`
	Text    string `json:"text" jsonschema:"string"`
	Already int    `json:"already,string" jsonschema:"string"`
}

// MisdeclaredTop is a tool input whose own JSONSchema method invopop does not call.
type MisdeclaredTop struct {
	A int `json:"a"`
}

// JSONSchema returns google/jsonschema-go's Schema, not invopop's.
func (MisdeclaredTop) JSONSchema() *gjsonschema.Schema { return &gjsonschema.Schema{Type: "object"} }
