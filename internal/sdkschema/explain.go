package sdkschema

import (
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
)

// Explain returns a more precise error than err, the failure of validating v against the schema
// raw, where err says only that no alternative of a nullable schema matched.
//
// encoding/json writes null for a nil slice, map or pointer, so an output schema allows null as
// invopop's nullable option writes it: {"oneOf":[<schema>,{"type":"null"}]}. When a value inside
// such a schema is wrong, the validator reports the oneOf alone ("validating /properties/list:
// oneOf: did not validate against any of [<anonymous schema> <anonymous schema>]"), not what is
// wrong with the value. Explain validates v again against the schema with each such oneOf written
// the equivalent way, the schema's own keywords with "type":[<its type>,"null"], which the
// validator follows into the value ("validating /properties/list/items/properties/n: minimum:
// 0/1 is less than 1.000000", in the validator's words). It returns err when no rewriting applies
// or the rewritten schema says nothing more.
func Explain(raw []byte, v any, err error) error {
	resolved := rewrittenSchema(raw)
	if resolved == nil {
		return err
	}
	if verr := resolved.Validate(v); verr != nil {
		return innermost{verr}
	}
	return err
}

// rewritten holds, by the bytes of the schema, its nullable oneOfs rewritten and resolved (or
// nil when none can be): a server explains every refused call a client sends, and resolving
// the schema anew each time let a client make it do that work at will. The schemas are a
// program's own (tool schemas, their properties), so the map stays as small as they are.
var rewritten sync.Map // string → *jsonschema.Resolved

// rewrittenSchema is raw with its nullable oneOfs written the equivalent way, resolved, or nil
// when no rewriting applies or the result does not resolve.
func rewrittenSchema(raw []byte) *jsonschema.Resolved {
	if r, ok := rewritten.Load(string(raw)); ok {
		return r.(*jsonschema.Resolved)
	}
	var resolved *jsonschema.Resolved
	var root map[string]any
	if json.Unmarshal(raw, &root) == nil && rewriteNullable(root) {
		if b, err := json.Marshal(root); err == nil {
			resolved, _ = Resolve(b)
		}
	}
	r, _ := rewritten.LoadOrStore(string(raw), resolved)
	return r.(*jsonschema.Resolved)
}

// innermost is a validation error that says only where it happened at last (Innermost).
type innermost struct{ err error }

func (e innermost) Error() string { return Innermost(e.err) }

// Innermost is the validator's error err from its last "validating <schema path>: " on: the
// validator prefixes one for every level it descended through, and the last says where the
// value is. It is err's text when err names no place.
//
// The places are read from err's chain, not from its text alone: the validator wraps the error
// of each schema it validates against as "validating <path>: %w" (jsonschema-go's wrapf), so the
// error of a place unwraps to what follows its path, whatever the path holds. A property name
// may hold ": ", end in a keyword or hold "validating " itself ("/properties/n: type",
// "/properties/a: validating b"), and the text alone does not say which ": " ends the path. An
// error that wraps the validator's (fmt.Errorf("...: %w", err)) is read from the validator's
// places on.
func Innermost(err error) string {
	last := err.Error()
	for e := err; e != nil; e = errors.Unwrap(e) {
		inner := errors.Unwrap(e)
		if inner == nil {
			break
		}
		// msg is "validating <path>: <inner's text>", with a path, when e is a place.
		msg, rest := e.Error(), inner.Error()
		if n := len(msg) - len(rest) - len(": "); n > len("validating ") && strings.HasPrefix(msg, "validating ") &&
			msg[n:n+2] == ": " && msg[n+2:] == rest {
			last = msg
		}
	}
	return last
}

func (e innermost) Unwrap() error { return e.err }

// Keywords that hold schemas, by shape.
var (
	schemaKeys      = []string{"items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames", "unevaluatedItems", "unevaluatedProperties"}
	schemaMapKeys   = []string{"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"}
	schemaArrayKeys = []string{"allOf", "anyOf", "oneOf", "prefixItems"}
)

// annotations are the keywords that do not take part in validation.
var annotations = []string{"$schema", "$id", "$comment", "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly"}

// notTypeScoped are the keywords whose assertions apply to values of every type, null included:
// a schema with one of them would refuse the null its oneOf lets through, and is not rewritten.
var notTypeScoped = []string{"enum", "const", "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "$ref", "$dynamicRef"}

// rewriteNullable rewrites, in the schema s and every schema under it, each
// {"oneOf":[<schema of one type>,{"type":"null"}]} as that schema with "type":[<type>,"null"],
// and reports whether it rewrote any.
func rewriteNullable(s map[string]any) bool {
	changed := false
	if x, ok := nullableAlternative(s); ok {
		delete(s, "oneOf")
		maps.Copy(s, x)
		s["type"] = []any{x["type"], "null"}
		changed = true
	}
	for _, k := range schemaKeys {
		if c, ok := s[k].(map[string]any); ok {
			changed = rewriteNullable(c) || changed
		}
	}
	for _, k := range schemaMapKeys {
		if m, ok := s[k].(map[string]any); ok {
			for _, c := range m {
				if c, ok := c.(map[string]any); ok {
					changed = rewriteNullable(c) || changed
				}
			}
		}
	}
	for _, k := range schemaArrayKeys {
		if a, ok := s[k].([]any); ok {
			for _, c := range a {
				if c, ok := c.(map[string]any); ok {
					changed = rewriteNullable(c) || changed
				}
			}
		}
	}
	return changed
}

// nullableAlternative returns X when s is {"oneOf":[X,{"type":"null"}]} (either order, with
// annotations besides) and X has one type, not null, and only keywords that let null through.
func nullableAlternative(s map[string]any) (map[string]any, bool) {
	alts, ok := s["oneOf"].([]any)
	if !ok || len(alts) != 2 {
		return nil, false
	}
	for k := range s {
		if k != "oneOf" && !slices.Contains(annotations, k) {
			return nil, false
		}
	}
	for i, a := range alts {
		null, ok := a.(map[string]any)
		if !ok || len(null) != 1 || null["type"] != "null" {
			continue
		}
		x, ok := alts[1-i].(map[string]any)
		if !ok {
			return nil, false
		}
		if t, ok := x["type"].(string); !ok || t == "null" {
			return nil, false
		}
		for _, k := range notTypeScoped {
			if _, ok := x[k]; ok {
				return nil, false
			}
		}
		return x, true
	}
	return nil, false
}
