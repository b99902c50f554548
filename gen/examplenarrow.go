package gen

import (
	"encoding/json"
	"maps"
	"reflect"
	"regexp"
	"slices"

	gjsonschema "github.com/google/jsonschema-go/jsonschema"

	"github.com/cardgen/cardgen/internal/sdkschema"
	"github.com/cardgen/cardgen/internal/validatortext"
)

// A narrower cuts a wrong example down to one of its mistakes, so that the validator, which
// stops at the first mistake it meets, meets the same one on every run. The validator walks an
// object's properties, and a map's values, in Go's map order: of two wrong members of one
// object it reports either, with a message and a position that change from run to run. A
// narrowed value has, in each object on the way to the mistake, only the member that leads to
// it, and it keeps arrays whole, so that indexes, and positions in the example's text, are
// those of the example.
//
// Whether a member is wrong is decided by validating it against its own schema, not the
// narrowed example against the whole schema: an object cut to one member lacks the rest, which
// its "required" (or minProperties) would refuse before anything else could be learnt.
type narrower struct {
	resolved map[*gjsonschema.Schema]*gjsonschema.Resolved // each schema validated against, once
}

// narrow returns v, a value of the schema s, cut down to its first mistake: in an object, the
// first member by key (in byte order) whose value its schema refuses, with that value narrowed
// in turn; in an array, every element, with the first the item schema refuses narrowed. Where
// no member or element is refused on its own, the mistake is the value's own (a missing
// required property, a key the schema does not allow, too few items), which the validator
// reports the same way on every run, and the value is returned as it is. So is a value whose
// schema combines others (allOf, $ref, if, …): which of its parts a member answers to is the
// validator's to say.
func (n *narrower) narrow(s *gjsonschema.Schema, v any) any {
	s = validatortext.NonNull(s) // a value that is not null is checked against the other alternative alone
	if !plainSchema(s) {
		return v
	}
	switch v := v.(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(v)) {
			if sub := n.refusingSchema(s, k, v[k]); sub != nil {
				return map[string]any{k: n.narrow(sub, v[k])}
			}
		}
	case []any:
		for i, e := range v {
			if sub := validatortext.ItemSchema(s, i); sub != nil && n.refuses(sub, e) {
				w := slices.Clone(v)
				w[i] = n.narrow(sub, e)
				return w
			}
		}
	}
	return v
}

// refusingSchema returns the first of the schemas the member k of an object of the schema s
// answers to that refuses its value val, in the order the validator tries them: the property's,
// then each pattern's that k matches, else additionalProperties. It returns nil when none does,
// and when k is a key s does not allow at all (additionalProperties false): that is a mistake of
// the object's, which the validator lists with the object's other such keys.
func (n *narrower) refusingSchema(s *gjsonschema.Schema, k string, val any) *gjsonschema.Schema {
	declared := false
	if p, ok := s.Properties[k]; ok {
		declared = true
		if n.refuses(p, val) {
			return p
		}
	}
	for _, pattern := range slices.Sorted(maps.Keys(s.PatternProperties)) {
		re, err := regexp.Compile(pattern) // the validator's regexp package
		if err != nil || !re.MatchString(k) {
			continue
		}
		declared = true
		if p := s.PatternProperties[pattern]; n.refuses(p, val) {
			return p
		}
	}
	if a := s.AdditionalProperties; !declared && a != nil && !falseSchema(a) && n.refuses(a, val) {
		return a
	}
	return nil
}

// refuses reports whether the schema s refuses v. A schema that does not resolve on its own
// refuses nothing: narrowing stops above it.
func (n *narrower) refuses(s *gjsonschema.Schema, v any) bool {
	r, ok := n.resolved[s]
	if !ok {
		if raw, err := json.Marshal(s); err == nil {
			r, _ = sdkschema.Resolve(raw)
		}
		if n.resolved == nil {
			n.resolved = map[*gjsonschema.Schema]*gjsonschema.Resolved{}
		}
		n.resolved[s] = r
	}
	return r != nil && r.Validate(v) != nil
}

// plainSchema reports whether s checks an object's members, or an array's elements, each against
// a schema of its own and before it checks anything about the object or array as a whole that
// one member alone could fail: the validator then reports a wrong member of the narrowed value
// as it reports it in the whole one. Keywords that make a value answer to more than its own
// members' schemas, or that it checks first (enum and const of the whole value), make it not
// plain.
func plainSchema(s *gjsonschema.Schema) bool {
	return s != nil && s.Ref == "" && s.DynamicRef == "" && len(s.AllOf) == 0 && len(s.AnyOf) == 0 &&
		len(s.OneOf) == 0 && s.Not == nil && s.If == nil && s.Then == nil && s.Else == nil &&
		len(s.DependentSchemas) == 0 && len(s.DependencySchemas) == 0 && s.UnevaluatedProperties == nil &&
		s.UnevaluatedItems == nil && s.Enum == nil && s.Const == nil
}

// falseSchema reports whether s is the schema false, which jsonschema-go decodes as {"not":{}}:
// the validator reports the keys additionalProperties false refuses together, in one message.
func falseSchema(s *gjsonschema.Schema) bool {
	return s.Not != nil && reflect.ValueOf(*s.Not).IsZero()
}

// mismatch is the mistake of v that validating v, narrowed, against the schema raw (resolved)
// reports; false when v matches it.
func (n *narrower) mismatch(raw []byte, resolved *gjsonschema.Resolved, v any) (exampleMismatch, bool) {
	v = n.narrow(resolved.Schema(), v)
	err := resolved.Validate(v)
	if err == nil {
		return exampleMismatch{}, false
	}
	return validationMessage(raw, resolved, v, err), true
}
