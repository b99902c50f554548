package typedtool

import (
	"encoding/json"
	"maps"
	"math"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/cardgen/cardgen/internal/sdkschema"
	"github.com/cardgen/cardgen/internal/validatortext"
)

// maxAlternative is the most characters of one alternative's schema, or of the list of enum
// values, that a refusal quotes: enough to show what was wanted, not a schema of pages.
const maxAlternative = 300

// choiceKeywords are the keywords whose refusal jsonschema-go explains in terms a model cannot
// use: the value in Go's %v ("enum: pink does not equal any of: [red green blue]", where "green
// blue" is one value), or the schemas as "<anonymous schema>" ("oneOf: did not validate against
// any of [<anonymous schema> <anonymous schema>]", "not: validated against <anonymous schema>").
var choiceKeywords = []string{"enum", "const", "oneOf", "anyOf", "contains", "not"}

// ExplainChoice is explainChoice, for the generator: a //card:example that breaks the output
// schema is reported in the words a tools/call refusal would use.
func ExplainChoice(msg string, raw json.RawMessage, root *jsonschema.Schema, v any, err error) string {
	return explainChoice(msg, raw, root, v, err)
}

// explainChoice rewrites msg, the validator's refusal err of v (a tool's arguments or output, as
// the validator had them) against the schema raw (resolved as root), where it is about one of
// choiceKeywords: the value as JSON and what the schema allows, from the schema itself. A
// nullable field's oneOf (an input field tagged nullable) is first explained by what is wrong
// inside it (sdkschema.Explain). Any other message is returned as it is.
func explainChoice(msg string, raw json.RawMessage, root *jsonschema.Schema, v any, err error) string {
	if !mayExplain(msg) {
		return msg
	}
	if strings.Contains(msg, "oneOf: ") {
		if e := sdkschema.Explain(raw, asValidated(v), err); e != err {
			msg = e.Error() // from its innermost place on (sdkschema.Innermost)
		}
	}
	first, _, _ := strings.Cut(msg, "\n") // an anyOf's refusal has a line for each alternative
	path, what := validatortext.PlaceIn(first, root)
	keyword, rest, _ := strings.Cut(what, ": ")
	if !slices.Contains(choiceKeywords, keyword) {
		return msg
	}
	at := validatortext.SchemaAt(root, path)
	if at == nil {
		return msg
	}
	s := withKeyword(at, keyword)
	shown := "the value"
	if value, ok := refusedValue(msg, root, v, s, keyword); ok {
		shown = jsonText(value)
	}
	where, matches := "validating "+path+": "+keyword+": ", " matches"
	if path == "" || path == "root" || path == root.ID {
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
		case strings.HasPrefix(rest, "did not validate against any of"):
			return where + shown + matches + " none of the schemas " + schemasText(alts)
		case keyword == "oneOf" && strings.HasPrefix(rest, "validated against both"):
			return where + shown + matches + " more than one of the schemas " + schemasText(alts) + ", and must match exactly one"
		}
		return msg
	case "contains":
		if s.Contains == nil {
			return msg
		}
		return where + "no item matches " + schemasText([]*jsonschema.Schema{s.Contains})
	case "not":
		if s.Not == nil {
			return msg
		}
		return where + shown + matches + " " + schemasText([]*jsonschema.Schema{s.Not}) + ", which it must not"
	}
	return msg
}

// mayExplain reports whether msg may be a refusal explainChoice explains: it names one of
// choiceKeywords. The value refused is read only then.
func mayExplain(msg string) bool {
	return slices.ContainsFunc(choiceKeywords, func(k string) bool { return strings.Contains(msg, k+": ") })
}

// numberKeywords are the keywords whose refusal prints the number refused as the validator had
// it: for a writtenNumber, another number than the client wrote (refusedNumber).
var numberKeywords = []string{"type", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"}

// mayMisnumber reports whether msg, a refusal of a value validated against root, may be one that
// prints a number the client wrote otherwise: its first line's innermost keyword is one of
// numberKeywords, a type's refusal of a number. The value refused is read only then (or for
// explainChoice).
func mayMisnumber(msg string, root *jsonschema.Schema) bool {
	first, _, _ := strings.Cut(msg, "\n")
	_, what := validatortext.PlaceIn(first, root)
	keyword, rest, _ := strings.Cut(what, ": ")
	if keyword == "type" {
		return strings.Contains(rest, ` has type "integer", want`) || strings.Contains(rest, ` has type "number", want`)
	}
	return slices.Contains(numberKeywords, keyword)
}

// refusedNumber returns the number a refusal of one of numberKeywords in msg (the validator's
// message, once explainChoice has seen it) refused, when the validator had another number than
// the client wrote (a writtenNumber in v, the value validated), and the schema of the keyword;
// ok is false when the validator printed the number as written or it cannot be found.
func refusedNumber(msg string, root *jsonschema.Schema, v any) (n writtenNumber, s *jsonschema.Schema, ok bool) {
	first, _, _ := strings.Cut(msg, "\n")
	if !mayMisnumber(first, root) {
		return n, nil, false
	}
	path, what := validatortext.PlaceIn(first, root)
	keyword, _, _ := strings.Cut(what, ": ")
	at := validatortext.SchemaAt(root, path)
	if at == nil {
		return n, nil, false
	}
	s = withKeyword(at, keyword)
	val, found := refusedValue(first, root, v, s, keyword)
	n, ok = val.(writtenNumber)
	return n, s, found && ok
}

// boundPhrases are the validator's phrases for a number a bound refuses.
var boundPhrases = map[string]string{
	"minimum": "is less than", "maximum": "is greater than", "exclusiveMinimum": "is less than or equal to",
	"exclusiveMaximum": "is greater than or equal to", "multipleOf": "is not a multiple of",
}

// withNumber rewrites the first line of msg, the refusal refusedNumber read (as validatorMessage
// has rewritten it) of a value validated against root, with the number n as the client wrote it
// where the validator printed the float64 it had: "maximum: 1e400 is greater than 10" where it
// printed 1.7976931348623157e+308; and a type's refusal as "type: got the number 1e400, want
// \"string\"", where it named the float64, of type "integer", which the client did not send. A
// bound's refusal that is not true of the number as written (5.00000000000000000001 for an
// exclusiveMinimum of 5, which the float64 5 does not pass) says what the number was taken as.
func withNumber(msg string, n writtenNumber, s, root *jsonschema.Schema) string {
	first, more, multi := strings.Cut(msg, "\n")
	_, what := validatortext.PlaceIn(first, root)
	prefix := first[:len(first)-len(what)]
	keyword, rest, _ := strings.Cut(what, ": ")
	// The number the validator printed, validatortext.Number's, has no space.
	_, after, found := strings.Cut(rest, " ")
	if !found {
		return msg
	}
	shown := describeJSON([]byte(n.lit))
	if keyword == "type" {
		// validatortext.Plain wrote the refusal as "got the number <float64>, want ...".
		i := strings.Index(rest, ", want")
		if !strings.HasPrefix(rest, "got the number ") || i < 0 {
			return msg
		}
		first = prefix + "type: got the number " + shown + rest[i:]
	} else {
		phrase := boundPhrases[keyword]
		bound := keywordBound(s, keyword)
		if !strings.HasPrefix(after, phrase+" ") || bound == nil {
			return msg
		}
		switch holds(n, keyword, *bound) {
		case sure:
			first = prefix + keyword + ": " + shown + " " + after
		case untrue:
			first = prefix + keyword + ": " + shown + " is taken as " + validatortext.NumberJSON(n.validated) +
				", the nearest 64-bit floating-point number, which " + after
		default:
			first = prefix + keyword + ": " + shown + " is beyond the range of a 64-bit floating-point number (" + validatortext.Float64Range + "), in which numbers are checked"
		}
	}
	if multi {
		return first + "\n" + more
	}
	return first
}

// keywordBound is the bound keyword of s, or nil.
func keywordBound(s *jsonschema.Schema, keyword string) *float64 {
	return map[string]*float64{"minimum": s.Minimum, "maximum": s.Maximum, "exclusiveMinimum": s.ExclusiveMinimum,
		"exclusiveMaximum": s.ExclusiveMaximum, "multipleOf": s.MultipleOf}[keyword]
}

// Whether a refusal is true of a number as written: holds's answers.
const (
	unknown = iota
	sure
	untrue
)

// holds says whether the refusal by keyword, with the bound b, is true of n as the client wrote
// it: the validator compared the float64 it had, which may be on the other side of b.
func holds(n writtenNumber, keyword string, b float64) int {
	var lit big.Rat
	if !exactRat(n.lit, &lit) {
		// Beyond a float64's range, or too long to compare at a small cost: a number beyond
		// every float64 is beyond every bound on its side.
		if keyword == "multipleOf" || !math.IsInf(n.validated, 0) && math.Abs(n.validated) != math.MaxFloat64 {
			return unknown
		}
		if (n.validated > 0) == (keyword == "maximum" || keyword == "exclusiveMaximum") {
			return sure
		}
		return untrue
	}
	var bound big.Rat
	bound.SetFloat64(b)
	c := lit.Cmp(&bound)
	ok := false
	switch keyword {
	case "minimum":
		ok = c < 0
	case "maximum":
		ok = c > 0
	case "exclusiveMinimum":
		ok = c <= 0
	case "exclusiveMaximum":
		ok = c >= 0
	case "multipleOf":
		if b == 0 {
			return unknown
		}
		ok = !new(big.Rat).Quo(&lit, &bound).IsInt()
	}
	if ok {
		return sure
	}
	return untrue
}

// exactRat sets r to the number lit, a JSON number, when it has at most 400 characters and an
// exponent of at most 400 either way (1e400): an exact reading of 1e99999999 would cost what the
// sender chooses.
func exactRat(lit json.Number, r *big.Rat) bool {
	if len(lit) > 400 {
		return false
	}
	if i := strings.IndexAny(string(lit), "eE"); i >= 0 {
		if e, err := strconv.Atoi(string(lit[i+1:])); err != nil || e < -400 || e > 400 {
			return false
		}
	}
	_, ok := r.SetString(string(lit))
	return ok
}

// withKeyword is s, or the alternative of the nullable schema s that is not null when s itself
// lacks keyword: a path sdkschema.Explain gives names the nullable schema, and the keyword is in
// its alternative.
func withKeyword(s *jsonschema.Schema, keyword string) *jsonschema.Schema {
	if keywordSchema(s, keyword) != nil {
		return s
	}
	return validatortext.NonNull(s)
}

// keywordSchema is a schema of keyword alone, s's (for enum, const, oneOf, anyOf, not, contains
// with its minContains and maxContains, type, and the bounds of numbers), or nil when s lacks it.
func keywordSchema(s *jsonschema.Schema, keyword string) *jsonschema.Schema {
	var k jsonschema.Schema
	switch {
	case keyword == "enum" && s.Enum != nil:
		k.Enum = s.Enum
	case keyword == "const" && s.Const != nil:
		k.Const = s.Const
	case keyword == "oneOf" && s.OneOf != nil:
		k.OneOf = s.OneOf
	case keyword == "anyOf" && s.AnyOf != nil:
		k.AnyOf = s.AnyOf
	case keyword == "not" && s.Not != nil:
		k.Not = s.Not
	case keyword == "contains" && s.Contains != nil:
		k.Contains, k.MinContains, k.MaxContains = s.Contains, s.MinContains, s.MaxContains
	case keyword == "type" && (s.Type != "" || s.Types != nil):
		k.Type, k.Types = s.Type, s.Types
	case keyword == "minimum" && s.Minimum != nil:
		k.Minimum = s.Minimum
	case keyword == "maximum" && s.Maximum != nil:
		k.Maximum = s.Maximum
	case keyword == "exclusiveMinimum" && s.ExclusiveMinimum != nil:
		k.ExclusiveMinimum = s.ExclusiveMinimum
	case keyword == "exclusiveMaximum" && s.ExclusiveMaximum != nil:
		k.ExclusiveMaximum = s.ExclusiveMaximum
	case keyword == "multipleOf" && s.MultipleOf != nil:
		k.MultipleOf = s.MultipleOf
	default:
		return nil
	}
	return &k
}

// refusedValue returns the value in v, the validated arguments (with writtenNumber leaves), that the validator refused with
// msg by keyword of the schema s. The validator's path names a schema, not a value: through an
// array's items it does not say which item. The values at the places msg names (valuesAt) are
// tried against keyword alone, in the order the validator went through them, and the first it
// refuses is the one: the validator stops at the first value it refuses, so every value before
// it passed.
func refusedValue(msg string, root *jsonschema.Schema, v any, s *jsonschema.Schema, keyword string) (any, bool) {
	values, ok := valuesAt(msg, root, v)
	if !ok || len(values) == 0 {
		return nil, false
	}
	if len(values) == 1 {
		return values[0], true
	}
	alone := keywordResolved(root, s, keyword)
	if alone == nil {
		return nil, false
	}
	for _, val := range values {
		if v := asValidated(val); alone.Validate(&v) != nil {
			return val, true
		}
	}
	return nil, false
}

// keywordSchemas holds, by the schema and keyword, keyword alone resolved with root's $schema,
// $id and definitions (for the references inside it), or nil when that does not resolve: the
// schemas are a server's own, resolved once each rather than on every refused call.
var keywordSchemas sync.Map // keywordKey → *jsonschema.Resolved

type keywordKey struct {
	s       *jsonschema.Schema
	keyword string
}

func keywordResolved(root, s *jsonschema.Schema, keyword string) *jsonschema.Resolved {
	key := keywordKey{s, keyword}
	if r, ok := keywordSchemas.Load(key); ok {
		return r.(*jsonschema.Resolved)
	}
	var resolved *jsonschema.Resolved
	if k := keywordSchema(s, keyword); k != nil {
		k.Schema, k.ID, k.Defs, k.Definitions = root.Schema, root.ID, root.Defs, root.Definitions
		if b, err := json.Marshal(k); err == nil {
			resolved, _ = sdkschema.Resolve(b)
		}
	}
	r, _ := keywordSchemas.LoadOrStore(key, resolved)
	return r.(*jsonschema.Resolved)
}

// maxValues bounds the values valuesAt collects: an array of arrays of a client's may hold
// millions.
const maxValues = 10000

// valuesAt returns the values of v, the validated arguments, that the validator validated
// against the schema at the innermost place msg names, in the order it went through them. The
// places are the "validating <schema path>: " msg begins with, one for each schema the
// validator descended into: a place that goes on from the one before it (/properties/l, then
// /properties/l/items) steps into the values, and one that does not is where a $ref led
// (/$defs/Item), for the same value. ok is false when a step leads where the values cannot be
// followed (a path from the root through $defs, which sdkschema.Explain gives; unevaluated
// items or properties).
func valuesAt(msg string, root *jsonschema.Schema, v any) (values []any, ok bool) {
	values = []any{v}
	prev := ""      // the place before, "" for the root
	rooted := false // the places begin at the root, so a $ref's jump can be told from a step
	places, _ := validatortext.Places(msg, root)
	for _, place := range places {
		if place == "root" || place == root.ID {
			prev, rooted = "", true // the root, or a $ref to it ("#")
			continue
		}
		if prev != "" && !strings.HasPrefix(place, prev+"/") || prev == "" && rooted && isDefinition(place) {
			if !rooted {
				return nil, false
			}
			prev = place // a $ref's target, validated against the same value
			continue
		}
		steps, walked := validatortext.Walk(root, place)
		before, _ := validatortext.Walk(root, prev)
		if !walked || len(before) > len(steps) {
			return nil, false
		}
		parent := root
		if len(before) > 0 {
			parent = before[len(before)-1].Schema
		}
		for _, step := range steps[len(before):] {
			if values, ok = stepValues(values, validatortext.NonNull(parent), step); !ok {
				return nil, false
			}
			parent = step.Schema
		}
		prev = place
	}
	return values, true
}

// stepValues returns the values that step, from the schema parent, leads to from each of values,
// in the order the validator goes through them (the keys of an object, which it takes in a Go
// map's order, sorted).
func stepValues(values []any, parent *jsonschema.Schema, step validatortext.Step) ([]any, bool) {
	var next []any
	add := func(v any) bool {
		next = append(next, v)
		return len(next) < maxValues
	}
	for _, v := range values {
		obj, _ := v.(map[string]any)
		arr, _ := v.([]any)
		switch step.Keyword {
		case "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "dependencies":
			next = append(next, v) // the same value
		case "properties":
			if val, has := obj[step.Key]; has {
				add(val)
			}
		case "patternProperties", "additionalProperties", "propertyNames":
			var re *regexp.Regexp
			if step.Keyword == "patternProperties" {
				var err error
				if re, err = regexp.Compile(step.Key); err != nil {
					return nil, false
				}
			}
			for _, k := range slices.Sorted(maps.Keys(obj)) {
				var more bool
				switch {
				case step.Keyword == "propertyNames":
					more = add(k) // the validator validates each key as a string
				case re != nil && !re.MatchString(k), re == nil && matchesProperty(parent, k):
					continue
				default:
					more = add(obj[k])
				}
				if !more {
					return next, true
				}
			}
		case "items", "prefixItems", "additionalItems", "contains":
			from, to := 0, len(arr)
			switch {
			case step.Index >= 0: // prefixItems/N, or draft 7's items/N
				from, to = step.Index, min(step.Index+1, len(arr))
			case step.Keyword == "items":
				from = len(parent.PrefixItems)
			case step.Keyword == "additionalItems":
				from = len(parent.ItemsArray)
			}
			for i := from; i < to; i++ {
				if !add(arr[i]) {
					return next, true
				}
			}
		default: // $defs, definitions, unevaluatedItems, unevaluatedProperties
			return nil, false
		}
	}
	return next, true
}

// isDefinition reports whether the schema path place is in root's $defs or definitions, where
// only a $ref leads.
func isDefinition(place string) bool {
	return strings.HasPrefix(place, "/$defs/") || strings.HasPrefix(place, "/definitions/")
}

// matchesProperty reports whether the key k of an object is one of s's properties or matches one
// of its patternProperties: additionalProperties applies to the other keys.
func matchesProperty(s *jsonschema.Schema, k string) bool {
	if _, ok := s.Properties[k]; ok {
		return true
	}
	for pattern := range s.PatternProperties {
		if re, err := regexp.Compile(pattern); err == nil && re.MatchString(k) {
			return true
		}
	}
	return false
}

// jsonText is v as JSON, as validatortext.JSON writes it (HTML's characters as they are),
// shortened to maxAlternative characters.
func jsonText(v any) string {
	text, ok := validatortext.JSON(v)
	if !ok {
		return "the value"
	}
	return elideMiddle(text, maxAlternative)
}

// listText is the values as JSON, separated by commas.
func listText(values []any) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i], _ = validatortext.JSON(v)
	}
	return elideMiddle(strings.Join(parts, ", "), maxAlternative)
}

// schemasText is each schema as JSON, without its annotations, separated by "or".
func schemasText(alts []*jsonschema.Schema) string {
	parts := make([]string, len(alts))
	for i, a := range alts {
		c := *a
		c.Description, c.Title, c.Comment, c.Examples = "", "", "", nil
		text, ok := validatortext.JSON(&c)
		if !ok {
			parts[i] = "one schema"
			continue
		}
		parts[i] = elideMiddle(text, maxAlternative)
	}
	return strings.Join(parts, " or ")
}
