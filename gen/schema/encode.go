package schema

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/invopop/jsonschema"
)

// appendSchema appends the JSON encoding of s exactly as json.Marshal writes it. invopop's
// MarshalJSON marshals every nested schema separately (comparing it with an empty schema by
// reflection first) and encoding/json then re-scans each level's bytes, so a deep tree costs far
// more than its size; on a package of hundreds of tools that was half of modelling it. This writes
// the tree in one pass, field by field in the order and with the omitempty rules of
// jsonschema.Schema's tags; TestEncodeMatchesJSONMarshal holds it to json.Marshal, and
// TestEncoderKnowsEveryField fails when invopop adds a field.
func appendSchema(b []byte, s *jsonschema.Schema) ([]byte, error) {
	switch {
	case s == nil:
		return append(b, "null"...), nil
	case s == jsonschema.TrueSchema:
		return append(b, "true"...), nil
	case s == jsonschema.FalseSchema:
		return append(b, "false"...), nil
	case looksEmpty(s):
		// An empty schema marshals as true, and a boolean schema made elsewhere as its value,
		// which only invopop can see: let it decide.
		return appendMarshal(b, s)
	}
	var err error
	start := len(b)
	b = append(b, '{')
	key := func(k string) {
		if len(b) > start+1 {
			b = append(b, ',')
		}
		b = appendString(b, k)
		b = append(b, ':')
	}
	str := func(k, v string) {
		if v != "" {
			key(k)
			b = appendString(b, v)
		}
	}
	sub := func(k string, v *jsonschema.Schema) {
		if v != nil && err == nil {
			key(k)
			b, err = appendSchema(b, v)
		}
	}
	list := func(k string, vs []*jsonschema.Schema) {
		if len(vs) == 0 || err != nil {
			return
		}
		key(k)
		b = append(b, '[')
		for i, v := range vs {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = appendSchema(b, v); err != nil {
				return
			}
		}
		b = append(b, ']')
	}
	byName := func(k string, m map[string]*jsonschema.Schema) {
		if len(m) == 0 || err != nil {
			return
		}
		key(k)
		b = append(b, '{')
		for i, name := range slices.Sorted(maps.Keys(m)) {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, name)
			b = append(b, ':')
			if b, err = appendSchema(b, m[name]); err != nil {
				return
			}
		}
		b = append(b, '}')
	}
	value := func(k string, v any) {
		if v != nil && err == nil {
			key(k)
			b, err = appendMarshal(b, v)
		}
	}
	values := func(k string, vs []any) {
		if len(vs) > 0 && err == nil {
			key(k)
			b, err = appendMarshal(b, vs)
		}
	}
	number := func(k string, n json.Number) {
		if n != "" && err == nil {
			key(k)
			b, err = appendMarshal(b, n) // json.Marshal checks it is a valid number
		}
	}
	count := func(k string, n *uint64) {
		if n != nil {
			key(k)
			b = strconv.AppendUint(b, *n, 10)
		}
	}
	flag := func(k string, v bool) {
		if v {
			key(k)
			b = append(b, "true"...)
		}
	}

	str("$schema", s.Version)
	str("$id", string(s.ID))
	str("$anchor", s.Anchor)
	str("$ref", s.Ref)
	str("$dynamicRef", s.DynamicRef)
	byName("$defs", s.Definitions)
	str("$comment", s.Comments)
	list("allOf", s.AllOf)
	list("anyOf", s.AnyOf)
	list("oneOf", s.OneOf)
	sub("not", s.Not)
	sub("if", s.If)
	sub("then", s.Then)
	sub("else", s.Else)
	byName("dependentSchemas", s.DependentSchemas)
	list("prefixItems", s.PrefixItems)
	sub("items", s.Items)
	sub("contains", s.Contains)
	if s.Properties != nil && err == nil {
		key("properties")
		if s.Properties.Len() == 0 {
			// An empty ordered map writes {} or null depending on how it was made.
			b, err = appendMarshal(b, s.Properties)
		} else {
			b = append(b, '{')
			for p := s.Properties.Oldest(); p != nil && err == nil; p = p.Next() {
				if p != s.Properties.Oldest() {
					b = append(b, ',')
				}
				b = appendString(b, p.Key)
				b = append(b, ':')
				b, err = appendSchema(b, p.Value)
			}
			b = append(b, '}')
		}
	}
	byName("patternProperties", s.PatternProperties)
	sub("additionalProperties", s.AdditionalProperties)
	sub("propertyNames", s.PropertyNames)
	str("type", s.Type)
	values("enum", s.Enum)
	value("const", s.Const)
	number("multipleOf", s.MultipleOf)
	number("maximum", s.Maximum)
	number("exclusiveMaximum", s.ExclusiveMaximum)
	number("minimum", s.Minimum)
	number("exclusiveMinimum", s.ExclusiveMinimum)
	count("maxLength", s.MaxLength)
	count("minLength", s.MinLength)
	str("pattern", s.Pattern)
	count("maxItems", s.MaxItems)
	count("minItems", s.MinItems)
	flag("uniqueItems", s.UniqueItems)
	count("maxContains", s.MaxContains)
	count("minContains", s.MinContains)
	count("maxProperties", s.MaxProperties)
	count("minProperties", s.MinProperties)
	if len(s.Required) > 0 {
		key("required")
		b = append(b, '[')
		for i, r := range s.Required {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, r)
		}
		b = append(b, ']')
	}
	if len(s.DependentRequired) > 0 && err == nil {
		key("dependentRequired")
		b, err = appendMarshal(b, s.DependentRequired)
	}
	str("format", s.Format)
	str("contentEncoding", s.ContentEncoding)
	str("contentMediaType", s.ContentMediaType)
	sub("contentSchema", s.ContentSchema)
	str("title", s.Title)
	str("description", s.Description)
	value("default", s.Default)
	flag("deprecated", s.Deprecated)
	flag("readOnly", s.ReadOnly)
	flag("writeOnly", s.WriteOnly)
	values("examples", s.Examples)
	if err != nil {
		return nil, err
	}
	b = append(b, '}')
	if len(s.Extras) > 0 {
		// invopop appends the extras, keys sorted, after the fields.
		extras, err := json.Marshal(s.Extras)
		if err != nil {
			return nil, err
		}
		if len(b) == start+2 { // {}
			b = b[:start]
		} else {
			b[len(b)-1] = ','
			extras = extras[1:]
		}
		b = append(b, extras...)
	}
	return b, nil
}

// looksEmpty reports whether s has no field this encoder writes set. Such a schema is either
// empty (marshalled as true) or a boolean schema, whose value is unexported.
func looksEmpty(s *jsonschema.Schema) bool {
	return s.Version == "" && s.ID == "" && s.Anchor == "" && s.Ref == "" && s.DynamicRef == "" &&
		len(s.Definitions) == 0 && s.Comments == "" && len(s.AllOf) == 0 && len(s.AnyOf) == 0 &&
		len(s.OneOf) == 0 && s.Not == nil && s.If == nil && s.Then == nil && s.Else == nil &&
		len(s.DependentSchemas) == 0 && len(s.PrefixItems) == 0 && s.Items == nil && s.Contains == nil &&
		s.Properties == nil && len(s.PatternProperties) == 0 && s.AdditionalProperties == nil &&
		s.PropertyNames == nil && s.Type == "" && len(s.Enum) == 0 && s.Const == nil &&
		s.MultipleOf == "" && s.Maximum == "" && s.ExclusiveMaximum == "" && s.Minimum == "" &&
		s.ExclusiveMinimum == "" && s.MaxLength == nil && s.MinLength == nil && s.Pattern == "" &&
		s.MaxItems == nil && s.MinItems == nil && !s.UniqueItems && s.MaxContains == nil &&
		s.MinContains == nil && s.MaxProperties == nil && s.MinProperties == nil && len(s.Required) == 0 &&
		len(s.DependentRequired) == 0 && s.Format == "" && s.ContentEncoding == "" &&
		s.ContentMediaType == "" && s.ContentSchema == nil && s.Title == "" && s.Description == "" &&
		s.Default == nil && !s.Deprecated && !s.ReadOnly && !s.WriteOnly && len(s.Examples) == 0 &&
		len(s.Extras) == 0
}

func appendMarshal(b []byte, v any) ([]byte, error) {
	m, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, m...), nil
}

const hexDigits = "0123456789abcdef"

// appendString appends s as a JSON string the way encoding/json does with its default HTML
// escaping: <, > and & as \u003c, \u003e and \u0026, U+2028 and U+2029 escaped, invalid UTF-8 as
// U+FFFD.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
