package typedtool

import (
	"encoding/json"
	"regexp"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/cardgen/cardgen/internal/sdkschema"
	"github.com/cardgen/cardgen/internal/validatortext"
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

// atPointer follows the schema path (a schema location the validator names) from root
// (validatortext.Walk), and the instance v along with it while the path goes through properties
// only; it returns the schema there, and the value when known.
func atPointer(root *jsonschema.Schema, v any, path string) (s *jsonschema.Schema, value any, known bool) {
	steps, ok := validatortext.Walk(root, path)
	if !ok {
		return nil, nil, false
	}
	s, value, known = root, v, true
	for _, step := range steps {
		s = step.Schema
		switch step.Keyword {
		case "properties":
			if obj, isObj := value.(map[string]any); known && isObj {
				value, known = obj[step.Key]
			} else {
				known = false
			}
		case "oneOf", "anyOf", "allOf":
		default:
			known = false
		}
	}
	return validatortext.NonNull(s), value, known
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
