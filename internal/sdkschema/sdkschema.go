// Package sdkschema resolves a JSON schema the way the MCP Go SDK's mcp.AddTool does before it
// validates tool input and output with it. The run-time registration (runtime/register), the
// generated golden tests (runtime/cardtest) and the generator's check of //card:example values
// (gen) share it, so that all three accept exactly what a server would.
package sdkschema

import (
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
)

// Resolve decodes the JSON schema raw and resolves it with the SDK's options: defaults must
// validate against their own schemas.
func Resolve(raw []byte) (*jsonschema.Resolved, error) {
	var s jsonschema.Schema
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, err
	}
	return s.Resolve(&jsonschema.ResolveOptions{ValidateDefaults: true})
}
