package schema

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"

	"github.com/invopop/jsonschema"

	"github.com/cardgen/cardgen/internal/jsonschematag"
)

// keywordsFromTags mirrors invopop's structKeywordsFromTags: it applies a field's
// jsonschema_description, jsonschema and jsonschema_extras tags to its schema t. parent is the
// struct's schema (oneof_required and anyof_required add to it) and prop the property name;
// runtimeType says t's type is decided at run time, so keywords are not judged by it; quotable
// says encoding/json applies the json ",string" option to the field's Go type.
//
// The grammar is invopop v0.14.0's, with its parsing quirks kept on purpose: keywords without
// "=" are ignored here; type-specific keywords apply only when t's type (after a type= override
// and the json ",string" option) is string, number, integer, array or boolean; array fields pass
// unknown keywords on to their items; numbers must parse as Go ints or floats and are kept as
// written; a value that does not parse is dropped silently, as invopop drops it.
func (m *mapper) keywordsFromTags(t *jsonschema.Schema, tag reflect.StructTag, parent *jsonschema.Schema, prop string, at site, runtimeType, quotable bool) {
	t.Description = tag.Get("jsonschema_description")
	var words []string
	if v := tag.Get("jsonschema"); v != "" {
		words = jsonschematag.Split(v)
	}
	tags := genericKeywords(t, words, parent, prop)
	m.noteRefs(t, at)

	// encoding/json's ",string" option writes numbers and booleans as JSON strings, but only
	// those it applies to (quotable): invopop also quotes a **int or a named pointer type.
	switch t.Type {
	case "integer", "number", "boolean":
		if quotable && hasOption(strings.Split(tag.Get("json"), ","), "string") {
			t.Type = "string"
		}
	}
	switch t.Type {
	case "string":
		stringKeywords(t, tags)
	case "number", "integer":
		m.numericalKeywords(t, tags, at)
	case "array":
		m.arrayKeywords(t, tags, at)
	case "boolean":
		booleanKeywords(t, tags)
	}
	if t.Type != "integer" && t.Type != "number" {
		// The ends of an integer type's range (intRange) describe the number; the ",string"
		// option or a type= keyword made the field something else.
		t.Minimum, t.Maximum = "", ""
	}
	m.checkTagWords(t, words, at, runtimeType, tag.Get("json"), quotable)
	for _, kv := range jsonschematag.Split(tag.Get("jsonschema_extras")) {
		if k, v, ok := strings.Cut(kv, "="); ok {
			setExtra(t, k, v)
		}
	}
	if t.Extras != nil {
		m.checkExtras(t.Extras, at)
	}
}

// genericKeywords mirrors invopop's genericKeywords and returns the name=value tags it did not
// handle, for the type-specific passes.
func genericKeywords(t *jsonschema.Schema, tags []string, parent *jsonschema.Schema, prop string) []string {
	unprocessed := make([]string, 0, len(tags))
	for _, tag := range tags {
		name, val, ok := strings.Cut(tag, "=")
		if !ok {
			continue
		}
		switch name {
		case "title":
			t.Title = val
		case "description":
			t.Description = val
		case "type":
			t.Type = val
		case "anchor":
			t.Anchor = val
		case "oneof_required":
			parent.OneOf = addRequired(parent.OneOf, val, prop)
		case "anyof_required":
			parent.AnyOf = addRequired(parent.AnyOf, val, prop)
		case "oneof_ref":
			refAlternatives(t, val, func(s *jsonschema.Schema) *[]*jsonschema.Schema { return &s.OneOf })
		case "anyof_ref":
			refAlternatives(t, val, func(s *jsonschema.Schema) *[]*jsonschema.Schema { return &s.AnyOf })
		case "oneof_type":
			t.Type = ""
			t.OneOf = typeAlternatives(t.OneOf, val)
		case "anyof_type":
			t.Type = ""
			t.AnyOf = typeAlternatives(t.AnyOf, val)
		default:
			unprocessed = append(unprocessed, tag)
		}
	}
	return unprocessed
}

// refAlternatives adds a {"$ref": r} alternative for each ;-separated r of val to the list of t
// that list picks (oneOf or anyOf), or of t's items when t is an array, as invopop does; the schema
// loses its own $ref.
func refAlternatives(t *jsonschema.Schema, val string, list func(*jsonschema.Schema) *[]*jsonschema.Schema) {
	sub := t
	if t.Items != nil {
		sub = t.Items
	}
	alts := list(sub)
	if *alts == nil {
		*alts = []*jsonschema.Schema{}
	}
	sub.Ref = ""
	for _, r := range strings.Split(val, ";") {
		*alts = append(*alts, &jsonschema.Schema{Ref: r})
	}
}

// typeAlternatives appends a {"type": ty} alternative for each ;-separated ty of val.
func typeAlternatives(alts []*jsonschema.Schema, val string) []*jsonschema.Schema {
	for _, ty := range strings.Split(val, ";") {
		alts = append(alts, &jsonschema.Schema{Type: ty})
	}
	return alts
}

// addRequired adds prop to the required list of the alternative titled title, creating it.
func addRequired(alts []*jsonschema.Schema, title, prop string) []*jsonschema.Schema {
	var found *jsonschema.Schema
	for _, a := range alts {
		if a.Title == title {
			found = a // the last one with this title, as invopop picks it
		}
	}
	if found == nil {
		found = &jsonschema.Schema{Title: title, Required: []string{}}
		alts = append(alts, found)
	}
	found.Required = append(found.Required, prop)
	return alts
}

func booleanKeywords(t *jsonschema.Schema, tags []string) {
	for _, tag := range tags {
		nv := strings.Split(tag, "=")
		if len(nv) != 2 || nv[0] != "default" {
			continue
		}
		switch nv[1] {
		case "true":
			t.Default = true
		case "false":
			t.Default = false
		}
	}
}

func stringKeywords(t *jsonschema.Schema, tags []string) {
	for _, tag := range tags {
		name, val, ok := strings.Cut(tag, "=")
		if !ok {
			continue
		}
		switch name {
		case "minLength":
			t.MinLength = parseUint(val)
		case "maxLength":
			t.MaxLength = parseUint(val)
		case "pattern":
			t.Pattern = val
		case "format":
			t.Format = val
		case "readOnly":
			t.ReadOnly, _ = strconv.ParseBool(val)
		case "writeOnly":
			t.WriteOnly, _ = strconv.ParseBool(val)
		case "default":
			t.Default = val
		case "example":
			t.Examples = append(t.Examples, val)
		case "enum":
			t.Enum = append(t.Enum, val)
		}
	}
}

func (m *mapper) numericalKeywords(t *jsonschema.Schema, tags []string, at site) {
	typeMin, typeMax := t.Minimum, t.Maximum // the ends of an integer type's range (intRange)
	for _, tag := range tags {
		nv := strings.Split(tag, "=")
		if len(nv) != 2 {
			continue
		}
		name, val := nv[0], nv[1]
		num, ok := toJSONNumber(val)
		if ok && numericKeyword[name] && !json.Valid([]byte(num)) {
			// Go parses it (+1, 0x1p3, Inf) but JSON has no such literal: invopop's schema
			// would fail to marshal.
			m.tagProblemf(at, findSpot(tag, true), "jsonschema %s=%s is not a JSON number; write it like 1, -2.5 or 1e3", name, val)
		}
		if ok && (typeMin != "" || typeMax != "") {
			m.checkTypeRange(t, name, val, num, typeMin, typeMax, findSpot(tag, true), at)
		}
		switch name {
		case "multipleOf":
			t.MultipleOf = num
		case "minimum":
			t.Minimum = num
		case "maximum":
			t.Maximum = num
		case "exclusiveMaximum":
			t.ExclusiveMaximum = num
		case "exclusiveMinimum":
			t.ExclusiveMinimum = num
		case "default":
			if ok {
				t.Default = num
			}
		case "example":
			if ok {
				t.Examples = append(t.Examples, num)
			}
		case "enum":
			if ok {
				t.Enum = append(t.Enum, num)
			}
		}
	}
}

// checkTypeRange reports a bound of a jsonschema tag (name=val, the number num) on t, the schema
// of an integer type whose range is lo to hi (either may be empty: no end), as intRange gives it.
// A looser minimum or maximum would replace the type's own end in the schema, which would then
// offer values encoding/json refuses to decode; a bound past the other end leaves no value at all.
func (m *mapper) checkTypeRange(t *jsonschema.Schema, name, val string, num json.Number, lo, hi json.Number, sp tagSpot, at site) {
	v, err := num.Float64()
	if err != nil {
		return // not a number (reported as such), or past float64, which no tag means
	}
	end := func(n json.Number) float64 { f, _ := n.Float64(); return f }
	below := lo != "" && (v < end(lo) || name == "exclusiveMaximum" && v == end(lo))
	above := hi != "" && (v > end(hi) || name == "exclusiveMinimum" && v == end(hi))
	holds := string(lo) + " to " + string(hi)
	if hi == "" {
		holds = string(lo) + " and up"
	}
	switch {
	case below && name == "minimum" || above && name == "maximum":
		least, dir := "least", "below"
		if above {
			least, dir = "greatest", "above"
		}
		m.tagProblemf(at, sp, "jsonschema tag: %s=%s is %s the %s value the field's Go type holds (it holds %s), so the schema would offer values encoding/json cannot decode; "+
			"leave the bound out (the schema states the type's range already), or change the field's type", name, val, dir, least, holds)
	case below && name != "exclusiveMinimum" || above && name != "exclusiveMaximum":
		m.tagProblemf(at, sp, "jsonschema tag: %s=%s leaves no value the field's Go type holds (it holds %s); change the bound or the field's type", name, val, holds)
	default:
		return
	}
	m.pastTypeRange = append(m.pastTypeRange, t)
}

// numericKeyword lists the keywords numericalKeywords stores as numbers.
var numericKeyword = map[string]bool{
	"multipleOf": true, "minimum": true, "maximum": true, "exclusiveMaximum": true,
	"exclusiveMinimum": true, "default": true, "example": true, "enum": true,
}

// arrayKeywords mirrors invopop's arrayKeywords: minItems, maxItems, uniqueItems and default
// apply to the array; format, pattern and every other keyword to its items.
func (m *mapper) arrayKeywords(t *jsonschema.Schema, tags []string, at site) {
	var defaults []any
	unprocessed := make([]string, 0, len(tags))
	for _, tag := range tags {
		nv := strings.Split(tag, "=")
		if len(nv) != 2 {
			continue
		}
		name, val := nv[0], nv[1]
		switch name {
		case "minItems":
			t.MinItems = parseUint(val)
		case "maxItems":
			t.MaxItems = parseUint(val)
		case "uniqueItems":
			t.UniqueItems = true
		case "default":
			defaults = append(defaults, val)
		case "format", "pattern":
			if t.Items == nil {
				m.noItems(tag, at)
				continue
			}
			if name == "format" {
				t.Items.Format = val
			} else {
				t.Items.Pattern = val
			}
		default:
			unprocessed = append(unprocessed, tag)
		}
	}
	if len(defaults) > 0 {
		t.Default = defaults
	}
	if len(unprocessed) == 0 {
		return
	}
	if t.Items == nil {
		m.noItems(unprocessed[0], at)
		return
	}
	switch t.Items.Type {
	case "string":
		stringKeywords(t.Items, unprocessed)
	case "number", "integer":
		m.numericalKeywords(t.Items, unprocessed, at)
	case "boolean":
		booleanKeywords(t.Items, unprocessed)
	}
}

// noItems reports an item keyword on a field that type=array made an array without items.
func (m *mapper) noItems(tag string, at site) {
	m.tagProblemf(at, findSpot(tag, false), "jsonschema tag %s applies to array items, but type=array was put on a type that has none (invopop panics on this); remove the keyword or the type=array", tag)
}

// setExtra mirrors invopop's setExtra, which types a jsonschema_extras value by what is already
// there: a repeated key collects strings, "true"/"false" become booleans, and only the key
// "minimum" is read as an integer.
func setExtra(t *jsonschema.Schema, key, val string) {
	if t.Extras == nil {
		t.Extras = map[string]any{}
	}
	if old, ok := t.Extras[key]; ok {
		switch old := old.(type) {
		case string:
			t.Extras[key] = []string{old, val}
		case []string:
			t.Extras[key] = append(old, val)
		case int:
			t.Extras[key], _ = strconv.Atoi(val)
		case bool:
			t.Extras[key] = val == "true" || val == "t"
		}
		return
	}
	switch {
	case key == "minimum":
		t.Extras[key], _ = strconv.Atoi(val)
	case val == "true":
		t.Extras[key] = true
	case val == "false":
		t.Extras[key] = false
	default:
		t.Extras[key] = val
	}
}

// toJSONNumber mirrors invopop's: the text is kept when Go parses it as an int64 or a float64.
func toJSONNumber(s string) (json.Number, bool) {
	n := json.Number(s)
	if _, err := n.Int64(); err == nil {
		return n, true
	}
	if _, err := n.Float64(); err == nil {
		return n, true
	}
	return "", false
}

func parseUint(s string) *uint64 {
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return nil
	}
	return &v
}
