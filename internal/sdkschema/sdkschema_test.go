package sdkschema

import "testing"

// TestResolve: a schema resolves and validates as the SDK's does; one whose default does not
// match its own type is refused, as mcp.AddTool refuses it; bytes that are not JSON are an error.
func TestResolve(t *testing.T) {
	r, err := Resolve([]byte(`{"type":"object","properties":{"n":{"type":"integer","default":1}},"required":["n"]}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Validate(map[string]any{"n": 2.0}); err != nil {
		t.Errorf("a valid value: %v", err)
	}
	if err := r.Validate(map[string]any{}); err == nil {
		t.Error("a value missing a required property validated")
	}
	if _, err := Resolve([]byte(`{"type":"object","properties":{"n":{"type":"integer","default":"x"}}}`)); err == nil {
		t.Error("a default that does not match its type resolved; the SDK refuses it")
	}
	if _, err := Resolve([]byte(`{`)); err == nil {
		t.Error("bytes that are not JSON resolved")
	}
}
