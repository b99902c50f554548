package typedtool

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/cardgen/cardgen/internal/sdkschema"
)

// maxAlternative is the most characters of one alternative's schema, or of the list of enum
// values, that a refusal quotes: enough to show what was wanted, not a schema of pages.
const maxAlternative = 300

// choiceRefusal matches the innermost refusal of a keyword that jsonschema-go explains in terms a
// model cannot use: the schema at the path, and the value, in Go's %v ("enum: pink does not equal
// any of: [red green blue]", where "green blue" is one value), or the alternatives as
// "<anonymous schema>" ("oneOf: did not validate against any of [<anonymous schema>
// <anonymous schema>]").
var choiceRefusal = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?s)^(?:validating (/\S*): )?(enum|const|oneOf|anyOf|contains): (.*)$`)
})

// explainChoice rewrites msg, the validator's refusal of args (the arguments as the client sent
// them) against the input schema raw (resolved as root), where it is about an enum, a const, a
// oneOf, an anyOf or a contains: the value as JSON and what the schema allows, from the schema
// itself. A nullable field's oneOf (an input field tagged nullable) is first explained by what is
// wrong inside it (sdkschema.Explain). Any other message is returned as it is.
func explainChoice(msg string, raw json.RawMessage, root *jsonschema.Schema, args json.RawMessage, err error) string {
	if !strings.Contains(msg, "oneOf: ") && !strings.Contains(msg, "anyOf: ") && !strings.Contains(msg, "enum: ") &&
		!strings.Contains(msg, "const: ") && !strings.Contains(msg, "contains: ") {
		return msg
	}
	var v any
	if json.Unmarshal(args, &v) != nil {
		return msg
	}
	if v == nil {
		v = map[string]any{}
	}
	if strings.Contains(msg, "oneOf: ") {
		if e := sdkschema.Explain(raw, v, err); e != err {
			msg = e.Error()
		}
	}
	m := choiceRefusal().FindStringSubmatch(sdkschema.Innermost(msg))
	if m == nil {
		return msg
	}
	path, keyword := m[1], m[2]
	s, value, known := atPointer(root, v, path)
	if s == nil {
		return msg
	}
	// The value as JSON when the path leads to it; otherwise as the validator printed it, which
	// for an item (the path does not say which) is all there is.
	shown := "the value"
	if before, _, ok := strings.Cut(m[3], " does not equal"); ok {
		shown = before
	}
	if known {
		shown = jsonText(value)
	}
	where, matches := "validating "+path+": "+keyword+": ", " matches"
	if path == "" {
		// A oneOf or anyOf of the whole input (oneof_required, anyof_required groups).
		where, shown, matches = keyword+": ", "the arguments", " match"
	}
	switch keyword {
	case "enum":
		return where + shown + " is not one of " + listText(s.Enum)
	case "const":
		if s.Const == nil {
			return msg
		}
		return where + shown + " is not " + jsonText(*s.Const)
	case "oneOf", "anyOf":
		alts := s.OneOf
		if keyword == "anyOf" {
			alts = s.AnyOf
		}
		switch {
		case len(alts) == 0:
			return msg
		case strings.HasPrefix(m[3], "did not validate against any of"):
			return where + shown + matches + " none of the schemas " + schemasText(alts)
		case keyword == "oneOf" && strings.HasPrefix(m[3], "validated against both"):
			return where + shown + matches + " more than one of the schemas " + schemasText(alts) + ", and must match exactly one"
		}
		return msg
	case "contains":
		if s.Contains == nil {
			return msg
		}
		return where + "no item matches " + schemasText([]*jsonschema.Schema{s.Contains})
	}
	return msg
}

// atPointer follows the JSON pointer path (a schema location the validator names) from root, and
// the instance v along with it while the path goes through properties only; it returns the
// schema there, and the value when known. The keywords followed are those generated and
// hand-written tool schemas use; for any other the schema is nil.
func atPointer(root *jsonschema.Schema, v any, path string) (s *jsonschema.Schema, value any, known bool) {
	s, value, known = root, v, true
	segs := strings.Split(strings.TrimPrefix(path, "/"), "/")
	if path == "" || path == "/" {
		segs = nil
	}
	for i := 0; i < len(segs); i++ {
		// A path sdkschema.Explain gives goes through a nullable schema as if its oneOf were not
		// there (it validated the schema rewritten that way).
		s = nonNull(s)
		next := func() (string, bool) {
			if i+1 >= len(segs) {
				return "", false
			}
			i++
			return strings.NewReplacer("~1", "/", "~0", "~").Replace(segs[i]), true
		}
		switch segs[i] {
		case "properties":
			key, ok := next()
			if !ok {
				return nil, nil, false
			}
			s = s.Properties[key]
			if obj, isObj := value.(map[string]any); known && isObj {
				value, known = obj[key]
			} else {
				known = false
			}
		case "items":
			s, known = s.Items, false
		case "additionalProperties":
			s, known = s.AdditionalProperties, false
		case "patternProperties":
			key, ok := next()
			if !ok {
				return nil, nil, false
			}
			s, known = s.PatternProperties[key], false
		case "prefixItems", "oneOf", "anyOf", "allOf":
			kw := segs[i]
			idx, ok := next()
			n, err := strconv.Atoi(idx)
			list := map[string][]*jsonschema.Schema{"prefixItems": s.PrefixItems, "oneOf": s.OneOf, "anyOf": s.AnyOf, "allOf": s.AllOf}[kw]
			if !ok || err != nil || n < 0 || n >= len(list) {
				return nil, nil, false
			}
			s = list[n]
			known = known && kw != "prefixItems"
		default:
			return nil, nil, false
		}
		if s == nil {
			return nil, nil, false
		}
	}
	return nonNull(s), value, known
}

// nonNull is s, or its alternative other than null when s is a nullable schema as invopop and
// cardgen write it: {"oneOf":[<schema>,{"type":"null"}]}.
func nonNull(s *jsonschema.Schema) *jsonschema.Schema {
	if s == nil || len(s.OneOf) != 2 || s.Type != "" || len(s.Properties) > 0 {
		return s
	}
	for i, alt := range s.OneOf {
		if alt != nil && alt.Type == "null" {
			return s.OneOf[1-i]
		}
	}
	return s
}

// schemaBound is the bound keyword of the schema at path, as JSON writes it, when the schema has
// it: the validator prints a bound with six decimals (%f), 0.000000 for 1e-7.
func schemaBound(root *jsonschema.Schema, path, keyword string) (string, bool) {
	s, _, _ := atPointer(root, nil, path)
	if s == nil {
		return "", false
	}
	var b *float64
	switch keyword {
	case "minimum":
		b = s.Minimum
	case "maximum":
		b = s.Maximum
	case "exclusiveMinimum":
		b = s.ExclusiveMinimum
	case "exclusiveMaximum":
		b = s.ExclusiveMaximum
	case "multipleOf":
		b = s.MultipleOf
	}
	if b == nil {
		return "", false
	}
	return strconv.FormatFloat(*b, 'g', -1, 64), true
}

// jsonText is v as JSON, shortened to maxAlternative characters.
func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "the value"
	}
	return elideMiddle(string(b), maxAlternative)
}

// listText is the values as JSON, separated by commas.
func listText(values []any) string {
	parts := make([]string, len(values))
	for i, v := range values {
		b, _ := json.Marshal(v)
		parts[i] = string(b)
	}
	return elideMiddle(strings.Join(parts, ", "), maxAlternative)
}

// schemasText is each schema as JSON, without its annotations, separated by "or".
func schemasText(alts []*jsonschema.Schema) string {
	parts := make([]string, len(alts))
	for i, a := range alts {
		c := *a
		c.Description, c.Title, c.Comment, c.Examples = "", "", "", nil
		b, err := json.Marshal(&c)
		if err != nil {
			parts[i] = "one schema"
			continue
		}
		parts[i] = elideMiddle(string(b), maxAlternative)
	}
	return strings.Join(parts, " or ")
}
