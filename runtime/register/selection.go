package register

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"math/big"
	"net/mail"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"
	segjson "github.com/segmentio/encoding/json"

	"github.com/cardgen/cardgen/internal/sdkschema"
	"github.com/cardgen/cardgen/internal/typedtool"
	"github.com/cardgen/cardgen/internal/validatortext"
)

// SelectionError is the error of DecodeSelection, and so of a generated DispatchACP, for a
// selection that is not a valid input of the tool. Its text is written for the person who filled
// in the form, and for the model: it lists every problem found, not the first only, each naming
// the field by its JSON name and writing its value as JSON, and says to correct them and send the
// form again. It holds no schema $id or path, and numbers are written as numbers, so it is fit to
// show the user.
type SelectionError struct {
	// Problems are what is wrong, in the order of the input schema's properties, then keys it
	// does not know: `nights is 0, below the minimum 1`, `meal is "suite", not one of "none",
	// "breakfast"`, `room_id is required`, `"extra" is not a field of this form` (a key that is no field is the
	// user's, and is quoted as a value is). Error shows the first ten of them.
	Problems []string
	// err is what the problems were found from, when it was an error: the validator's, the
	// decoder's or the encoder's.
	err error
}

// Error lists the problems after one sentence that says what to do about them: the first
// 10 of them, each shortened to 500 characters, then how many more there
// are. A reply is hostile input: thousands of unknown keys would otherwise make a message of
// hundreds of kilobytes, which goes back to the chat.
func (e *SelectionError) Error() string {
	shown := make([]string, 0, min(len(e.Problems), maxProblems))
	for _, p := range e.Problems[:min(len(e.Problems), maxProblems)] {
		shown = append(shown, shorten(p, maxProblemLength*2/3, maxProblemLength/3, nil))
	}
	msg := "the form's answers are not valid (correct them and send the form again): " + strings.Join(shown, "; ")
	if more := len(e.Problems) - len(shown); more > 0 {
		msg += "; and " + count(more, "more problem")
	}
	return msg
}

// maxProblems and maxProblemLength bound SelectionError's text.
const (
	maxProblems      = 10
	maxProblemLength = 500
)

// Unwrap returns the error of the validator, the decoder or the encoder that refused the
// selection, which DecodeSelection wrapped before it wrote its problems in words; nil when the
// problems were found before any of them ran (a number no field holds) or besides them (an email
// address).
func (e *SelectionError) Unwrap() error { return e.err }

// explainers holds, for each resolved input schema, what checking formats and explaining a
// refused selection need. A schema is resolved once per process (typedtool.Lazy), so the key is
// its *jsonschema.Resolved and the map holds one entry per input schema.
var explainers sync.Map // *jsonschema.Resolved → *explainer

// explainer checks a selection's values against an input schema for what the validator does not
// check (formats), and writes in words what is wrong with a selection the validator refused.
type explainer struct {
	raw    json.RawMessage
	root   *jsonschema.Schema
	draft7 bool // a $ref's siblings are ignored, as the validator ignores them

	once  sync.Once
	order []string                   // the top-level properties, in the order the schema has them
	top   map[string]json.RawMessage // the schema's top-level keywords
	props map[string]json.RawMessage // the schemas of its properties

	alone sync.Map // property (and sub-property) → *jsonschema.Resolved, or a nil one when it cannot be resolved alone

	formatsOnce sync.Once
	hasFormats  bool // the schema gives a format that checkFormat checks, somewhere
}

func explainerOf(raw json.RawMessage, resolved *jsonschema.Resolved) *explainer {
	if x, ok := explainers.Load(resolved); ok {
		return x.(*explainer)
	}
	root := resolved.Schema()
	// A copy of raw: the caller may reuse its buffer, and the explainer is shared.
	x, _ := explainers.LoadOrStore(resolved, &explainer{raw: slices.Clone(raw), root: root, draft7: strings.Contains(root.Schema, "draft-07")})
	return x.(*explainer)
}

// parse reads what the explanation needs from the schema's JSON: the order of its properties,
// which the decoded schema (a Go map) has lost, and their schemas as written. The order lists
// the required names too.
func (x *explainer) parse() {
	x.once.Do(func() {
		if json.Unmarshal(x.raw, &x.top) != nil {
			return
		}
		var order keyOrder
		if json.Unmarshal(x.top["properties"], &order) == nil {
			x.order = order
		}
		_ = json.Unmarshal(x.top["properties"], &x.props)
		// A property the JSON did not give in order (none should), and a required name without
		// a property, are added sorted, so that no problem is lost and the order is the same
		// each time.
		var more []string
		for name := range x.root.Properties {
			if !slices.Contains(x.order, name) {
				more = append(more, name)
			}
		}
		for _, name := range x.root.Required {
			if !slices.Contains(x.order, name) && !slices.Contains(more, name) {
				more = append(more, name)
			}
		}
		slices.Sort(more)
		x.order = append(x.order, more...)
	})
}

// keyOrder is the keys of a JSON object in the order they are written.
type keyOrder []string

// UnmarshalJSON reads the keys of the object b, each once, and skips their values.
func (o *keyOrder) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return errors.New("not an object")
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		if k, ok := t.(string); ok && !slices.Contains(*o, k) {
			*o = append(*o, k)
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return err
		}
	}
	return nil
}

// aloneSchema returns the input schema with property name alone, resolved, and its JSON: the
// validator then says whether that property's value is valid, whatever the others hold (it
// stops at the first problem of the whole selection). The schema keeps the root's $id, $schema
// and definitions, so that its references resolve as they did. It returns nil when that does
// not resolve (a reference into another property): the property is then explained in words
// alone.
func (x *explainer) aloneSchema(name string) (*jsonschema.Resolved, []byte) {
	x.parse()
	return x.aloneWith(name, name, func() json.RawMessage { return x.props[name] })
}

// aloneSub is aloneSchema with the property name's own properties but sub left out, so that the
// validator's first problem with name's value is one of sub's, if it has any: it goes through an
// object's properties in the random order of a Go map, so which problem of several it finds
// first changes from run to run.
func (x *explainer) aloneSub(name, sub string) (*jsonschema.Resolved, []byte) {
	x.parse()
	// The property's schema with the one sub-property is made only when the cache lacks it.
	return x.aloneWith(name+"\x00"+sub, name, func() json.RawMessage {
		var prop map[string]json.RawMessage
		var props map[string]json.RawMessage
		if json.Unmarshal(x.props[name], &prop) != nil || json.Unmarshal(prop["properties"], &props) != nil {
			return nil
		}
		propSub, ok := props[sub]
		if !ok {
			return nil
		}
		b, err := json.Marshal(map[string]json.RawMessage{sub: propSub})
		if err != nil {
			return nil
		}
		prop["properties"] = b
		raw, err := json.Marshal(prop)
		if err != nil {
			return nil
		}
		return raw
	})
}

// subProperties returns the names of the properties of the schema of the top-level property
// name, sorted.
func (x *explainer) subProperties(name string) []string {
	if prop := x.root.Properties[name]; prop != nil {
		return slices.Sorted(maps.Keys(prop.Properties))
	}
	return nil
}

// aloneWith is aloneSchema with the schema of the property name that prop makes, cached as key:
// prop runs only on a miss.
func (x *explainer) aloneWith(key, name string, makeProp func() json.RawMessage) (*jsonschema.Resolved, []byte) {
	type alone struct {
		resolved *jsonschema.Resolved
		raw      []byte
	}
	if a, ok := x.alone.Load(key); ok {
		return a.(alone).resolved, a.(alone).raw
	}
	var a alone
	if prop := makeProp(); prop != nil {
		s := map[string]any{"type": "object", "properties": map[string]json.RawMessage{name: prop}}
		for _, k := range []string{"$schema", "$id", "$defs", "definitions"} {
			if v, ok := x.top[k]; ok {
				s[k] = v
			}
		}
		if raw, err := json.Marshal(s); err == nil {
			if r, err := sdkschema.Resolve(raw); err == nil {
				a = alone{r, raw}
			}
		}
	}
	x.alone.Store(key, a)
	return a.resolved, a.raw
}

// selection is a selection as DecodeSelection has read it.
type selection struct {
	args   map[string]any    // the values, as validated
	lits   map[string]any    // values to encode otherwise than validated (numbers as written)
	failed map[string]string // keys whose value could not be read, and the problem with each
	texts  map[string]string // numbers the reply wrote as text or JSON, as written (spaces trimmed)
}

// shown is the value of key as a problem writes it: a number as the user wrote it, else as
// encoded.
func (s selection) shown(key string) any {
	if text, ok := s.texts[key]; ok {
		return json.Number(text)
	}
	return s.encoded(key)
}

// encoded is the value of key as DecodeSelection encodes it for the decoder.
func (s selection) encoded(key string) any {
	if lit, ok := s.lits[key]; ok {
		return lit
	}
	return s.args[key]
}

// formatsOK reports whether the selection's strings are what their schema's format asks for,
// which the validator does not check (JSON Schema makes format an annotation); see checkFormat.
func (x *explainer) formatsOK(args map[string]any) bool {
	x.formatsOnce.Do(func() {
		var schema any
		x.hasFormats = json.Unmarshal(x.raw, &schema) != nil || hasFormat(schema)
	})
	if !x.hasFormats {
		return true // most input schemas: nothing to walk for
	}
	for k, v := range args {
		if prop, ok := x.root.Properties[k]; ok {
			if phrases, nested := x.check(k, prop, v, true, x.optional(k), 0); len(phrases)+len(nested) > 0 {
				return false
			}
		}
	}
	return true
}

// hasFormat reports whether the JSON schema s, or a schema anywhere in it, gives a format that
// checkFormat checks.
func hasFormat(s any) bool {
	switch s := s.(type) {
	case map[string]any:
		if f, ok := s["format"].(string); ok && slices.Contains(checkedFormats, f) {
			return true
		}
		for _, v := range s {
			if hasFormat(v) {
				return true
			}
		}
	case []any:
		return slices.ContainsFunc(s, hasFormat)
	}
	return false
}

// optional reports whether the top-level property name may be left out.
func (x *explainer) optional(name string) bool {
	return !slices.Contains(x.root.Required, name)
}

// explain returns the error for a selection that DecodeSelection refuses, with every problem it
// finds in words. cause is what refused it: the validator's error (validErr, for the whole
// selection), the encoder's or the decoder's; it may be nil when a value was not read or a format
// is wrong.
func (x *explainer) explain(sel selection, validErr, cause error, in any) error {
	x.parse()
	if cause == nil {
		cause = validErr
	}
	var problems []string
	for _, name := range x.order {
		prop := x.root.Properties[name]
		if msg, ok := sel.failed[name]; ok {
			problems = append(problems, msg)
			continue
		}
		v, ok := sel.args[name]
		if !ok {
			if slices.Contains(x.root.Required, name) {
				problems = append(problems, name+" is required")
			}
			continue
		}
		// Whether the validator refuses this value, with the other values aside. Without the
		// validator's word (it accepted the whole selection, or the property cannot be
		// validated alone), the checks in words decide.
		var refused error
		formatsOnly := validErr == nil
		if !formatsOnly {
			if alone, raw := x.aloneSchema(name); alone != nil {
				if err := alone.Validate(map[string]any{name: v}); err != nil {
					refused = sdkschema.Explain(raw, map[string]any{name: v}, err)
				} else {
					formatsOnly = true
				}
			}
		}
		phrases, nested := x.check(name, prop, v, formatsOnly, x.optional(name), 0)
		if refused != nil && len(phrases)+len(nested) == 0 {
			refused = x.firstRefusal(name, v, refused)
			phrases = append(phrases, "which the field does not accept ("+x.validatorWords(refused)+")")
		}
		if len(phrases)+len(nested) == 0 {
			// Valid for the schema: it may still not decode into its Go field.
			if p := decodeProblem(name, prop, sel.encoded(name), sel.shown(name), in, x.root); p != "" {
				problems = append(problems, p)
			}
			continue
		}
		if str, ok := v.(string); ok && strings.TrimSpace(str) == "" && !x.optional(name) {
			// A required text left blank is unanswered, whatever else the blank is not (an
			// email address): said as a missing answer is.
			problems = append(problems, name+" is required")
			continue
		}
		problems = append(problems, statement(name, v, sel.shown(name), phrases)...)
		problems = append(problems, nested...)
	}
	var unknown []string
	for k := range sel.args {
		if !slices.Contains(x.order, k) {
			unknown = append(unknown, k)
		}
	}
	slices.Sort(unknown)
	for _, k := range unknown {
		if isFalse(x.root.AdditionalProperties) && len(x.root.PatternProperties) == 0 {
			problems = append(problems, notAField(k, x.root, "this form"))
		} else if p := decodeProblem(k, nil, sel.encoded(k), sel.shown(k), in, x.root); p != "" {
			problems = append(problems, p)
		}
	}
	if len(problems) == 0 {
		// Nothing found value by value: the schema refuses how the values go together (a
		// dependentRequired, say), or the decoder refuses the whole.
		switch reason := typedtool.OwnReason(cause); {
		case validErr != nil:
			problems = append(problems, "the answers together are not a valid input: "+x.validatorWords(cause))
		case reason != "":
			problems = append(problems, "the answers together are not a valid input: "+reason)
		default:
			// The decoder's words, of an input type that decodes itself, are Go's ("json:
			// cannot unmarshal string into Go struct field .n of type int"); they stay in
			// the chain for the program's author.
			problems = append(problems, "the answers together are not a valid input")
		}
	}
	return &SelectionError{Problems: problems, err: cause}
}

// firstRefusal returns, for an object value v of the property name that the validator refused
// with err, the refusal of its first sub-property in sorted order that the validator refuses
// alone, so that the same value is explained the same way each time; err when there is none.
func (x *explainer) firstRefusal(name string, v any, err error) error {
	obj, ok := v.(map[string]any)
	if !ok {
		return err
	}
	for _, sub := range x.subProperties(name) {
		if _, ok := obj[sub]; !ok {
			continue
		}
		alone, raw := x.aloneSub(name, sub)
		if alone == nil {
			continue
		}
		in := map[string]any{name: v}
		if subErr := alone.Validate(in); subErr != nil {
			return sdkschema.Explain(raw, in, subErr)
		}
	}
	return err
}

// statement writes phrases about the value v of path as one problem: `nights is 0, below the
// minimum 1`. shown is v as the selection gave it, when that is written otherwise (a number's
// digits).
func statement(path string, v, shown any, phrases []string) []string {
	if len(phrases) == 0 {
		return nil
	}
	if shown == nil {
		shown = v
	}
	return []string{path + " is " + show(shown) + ", " + joinAnd(phrases)}
}

// check returns what is wrong with v, the value at path, against the schema s: phrases about v
// itself (`below the minimum 1`), and whole problems of the values inside it. With formatsOnly,
// the validator accepted v, and only the formats it does not check are checked. With blankOK, v
// is an optional field's answer, and the empty text is no answer rather than a wrong one: an
// optional email field left blank is "", which decoded as it always did.
func (x *explainer) check(path string, s *jsonschema.Schema, v any, formatsOnly, blankOK bool, depth int) (phrases, nested []string) {
	if s == nil || depth > 64 { // a schema that refers to itself without a value to descend into
		return nil, nil
	}
	add := func(p, n []string) {
		phrases = append(phrases, p...)
		nested = append(nested, n...)
	}
	if s.Ref != "" {
		add(x.check(path, x.ref(s.Ref), v, formatsOnly, blankOK, depth+1))
		if x.draft7 {
			return phrases, nested
		}
	}
	// A nullable field's schema: for a value that is not null, what is wrong is what its
	// alternative says, where the validator says only that no alternative matched.
	if alt := validatortext.NonNull(s); alt != s {
		if v != nil {
			add(x.check(path, alt, v, formatsOnly, blankOK, depth+1))
		}
		return phrases, nested
	}
	for _, sub := range s.AllOf {
		add(x.check(path, sub, v, formatsOnly, blankOK, depth+1))
	}
	rv := reflect.ValueOf(v)
	if !formatsOnly {
		if p, ok := checkType(s, rv); !ok {
			return append(phrases, p), nested // the other keywords would say the same again
		}
		phrases = append(phrases, checkValue(s, v)...)
		if p := x.checkAlternatives(path, s, v, blankOK, depth); p != "" {
			phrases = append(phrases, p)
		}
	}
	if str, ok := v.(string); ok && !(blankOK && strings.TrimSpace(str) == "") {
		if p := checkFormat(s.Format, str); p != "" {
			phrases = append(phrases, p)
		}
	}
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		for i := range rv.Len() {
			item := rv.Index(i).Interface()
			is := s.Items
			switch {
			case x.draft7 && s.ItemsArray != nil:
				is = nil
				if i < len(s.ItemsArray) {
					is = s.ItemsArray[i]
				}
			case !x.draft7 && i < len(s.PrefixItems):
				is = s.PrefixItems[i]
			}
			p, n := x.check(fmt.Sprintf("%s[%d]", path, i), is, item, formatsOnly, false, depth+1)
			nested = append(nested, statement(fmt.Sprintf("%s[%d]", path, i), item, nil, p)...)
			nested = append(nested, n...)
		}
	case reflect.Map:
		obj, ok := v.(map[string]any)
		if !ok {
			break
		}
		for _, k := range slices.Sorted(maps.Keys(s.Properties)) {
			if pv, ok := obj[k]; ok {
				p, n := x.check(path+"."+k, s.Properties[k], pv, formatsOnly, false, depth+1)
				nested = append(nested, statement(path+"."+k, pv, nil, p)...)
				nested = append(nested, n...)
			}
		}
		if formatsOnly {
			break
		}
		for _, k := range s.Required {
			if _, ok := obj[k]; !ok {
				nested = append(nested, path+"."+k+" is required")
			}
		}
		if isFalse(s.AdditionalProperties) && len(s.PatternProperties) == 0 {
			for _, k := range slices.Sorted(maps.Keys(obj)) {
				if _, ok := s.Properties[k]; !ok {
					nested = append(nested, notAField(k, s, path))
				}
			}
		}
	}
	return phrases, nested
}

// checkAlternatives says, for a value that is none of the schemas of s's anyOf (or oneOf), what
// each of them finds wrong with it; "" when one of them finds nothing it can say about v itself
// (the value is more than one of a oneOf's, or the problem is one of a value inside it): the
// validator's words then say it.
func (x *explainer) checkAlternatives(path string, s *jsonschema.Schema, v any, blankOK bool, depth int) string {
	alts := s.AnyOf
	if len(alts) == 0 {
		alts = s.OneOf
	} else if len(s.OneOf) > 0 {
		return ""
	}
	if len(alts) == 0 {
		return ""
	}
	each := make([]string, 0, len(alts))
	for _, a := range alts {
		p, n := x.check(path, a, v, false, blankOK, depth+1)
		if len(p) == 0 || len(n) > 0 {
			return ""
		}
		each = append(each, joinAnd(p))
	}
	return "matching none of the field's alternatives (" + strings.Join(each, ", or ") + ")"
}

// ref returns the schema a local reference names: "#", "#/$defs/x" or "#/definitions/x", the
// references cardgen and invopop write; nil for another, which is left to the validator.
func (x *explainer) ref(ref string) *jsonschema.Schema {
	if ref == "#" {
		return x.root
	}
	unescape := strings.NewReplacer("~1", "/", "~0", "~")
	if name, ok := strings.CutPrefix(ref, "#/$defs/"); ok && !strings.Contains(name, "/") {
		return x.root.Defs[unescape.Replace(name)]
	}
	if name, ok := strings.CutPrefix(ref, "#/definitions/"); ok && !strings.Contains(name, "/") {
		return x.root.Definitions[unescape.Replace(name)]
	}
	return nil
}

// typeWords are the JSON types in words.
var typeWords = map[string]string{
	"integer": "a whole number",
	"number":  "a number",
	"string":  "text",
	"boolean": "true or false",
	"array":   "a list",
	"object":  "an object",
	"null":    "null",
}

// checkType checks v against s's type as the validator does (an integer is a number, and a
// float64 with no fraction is an integer), and says what it should be when it is not.
func checkType(s *jsonschema.Schema, v reflect.Value) (string, bool) {
	if s.Type == "" && len(s.Types) == 0 {
		return "", true
	}
	got := jsonType(v)
	want := s.Types
	if s.Type != "" {
		want = []string{s.Type}
	}
	if slices.Contains(want, got) || got == "integer" && slices.Contains(want, "number") {
		return "", true
	}
	words := make([]string, len(want))
	for i, t := range want {
		words[i] = cmp.Or(typeWords[t], t)
	}
	return "not " + strings.Join(words, " or "), false
}

// jsonType is the validator's JSON type of v.
func jsonType(v reflect.Value) string {
	for v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	switch {
	case !v.IsValid():
		return "null"
	case v.CanInt() || v.CanUint():
		return "integer"
	case v.CanFloat():
		if _, f := math.Modf(v.Float()); f == 0 {
			return "integer"
		}
		return "number"
	}
	switch v.Kind() {
	case reflect.Bool:
		return "boolean"
	case reflect.String:
		return "string"
	case reflect.Slice, reflect.Array:
		return "array"
	case reflect.Map, reflect.Struct:
		return "object"
	}
	return ""
}

// checkValue checks v, of the type s asks for, against s's other keywords on values: enum and
// const, bounds and multiples of numbers, lengths and the pattern of text, the number of a list's
// items and their being unique.
func checkValue(s *jsonschema.Schema, val any) []string {
	var phrases []string
	v := reflect.ValueOf(val) // not valid for null
	if len(s.Enum) > 0 && !slices.ContainsFunc(s.Enum, func(e any) bool { return jsonEqual(e, val) }) {
		phrases = append(phrases, "not "+oneOf(s.Enum))
	}
	if s.Const != nil && !jsonEqual(*s.Const, val) {
		phrases = append(phrases, "not "+show(*s.Const))
	}
	if n, ok := ratOf(v); ok {
		if s.MultipleOf != nil {
			f, _ := n.Float64()
			if _, frac := math.Modf(f / *s.MultipleOf); frac != 0 {
				phrases = append(phrases, "not a multiple of "+show(*s.MultipleOf))
			}
		}
		// Exactly, as the validator compares: an int64 beyond 2^53 is not rounded to the bound.
		compare := func(f float64) int { return n.Cmp(new(big.Rat).SetFloat64(f)) }
		if s.Minimum != nil && compare(*s.Minimum) < 0 {
			phrases = append(phrases, "below the minimum "+show(*s.Minimum))
		}
		if s.Maximum != nil && compare(*s.Maximum) > 0 {
			phrases = append(phrases, "above the maximum "+show(*s.Maximum))
		}
		if s.ExclusiveMinimum != nil && compare(*s.ExclusiveMinimum) <= 0 {
			phrases = append(phrases, "not greater than "+show(*s.ExclusiveMinimum))
		}
		if s.ExclusiveMaximum != nil && compare(*s.ExclusiveMaximum) >= 0 {
			phrases = append(phrases, "not less than "+show(*s.ExclusiveMaximum))
		}
	} else if f, ok := val.(float64); ok && (math.IsNaN(f) || math.IsInf(f, 0)) {
		phrases = append(phrases, "not a number")
	}
	if v.Kind() == reflect.String {
		str := v.String()
		n := utf8.RuneCountInString(str)
		if s.MinLength != nil && n < *s.MinLength {
			phrases = append(phrases, "shorter than the minimum of "+count(*s.MinLength, "character"))
		}
		if s.MaxLength != nil && n > *s.MaxLength {
			phrases = append(phrases, "longer than the maximum of "+count(*s.MaxLength, "character"))
		}
		if s.Pattern != "" {
			if re, err := regexp.Compile(s.Pattern); err == nil && !re.MatchString(str) {
				phrases = append(phrases, "not matching the pattern "+s.Pattern)
			}
		}
	}
	if v.Kind() == reflect.Slice || v.Kind() == reflect.Array {
		n := v.Len()
		if s.MinItems != nil && n < *s.MinItems {
			phrases = append(phrases, fmt.Sprintf("%s, fewer than the minimum of %d", count(n, "item"), *s.MinItems))
		}
		if s.MaxItems != nil && n > *s.MaxItems {
			phrases = append(phrases, fmt.Sprintf("%s, more than the maximum of %d", count(n, "item"), *s.MaxItems))
		}
		if s.UniqueItems {
			// In linear time, as the validator checks it: a reply may hold thousands of items,
			// and comparing each pair took seconds for a few thousand.
			seen := make(map[string]int, n)
			for i := range n {
				key := canonical(v.Index(i).Interface())
				if j, ok := seen[key]; ok {
					phrases = append(phrases, fmt.Sprintf("with the same item twice (items %d and %d)", j, i))
					break
				}
				seen[key] = i
			}
		}
	}
	return phrases
}

// checkFormat checks the text s against the format its schema gives it, for the formats a
// value of which the validator lets through would reach the handler wrong:
//
//   - email (format=email): an address, alone, as net/mail reads one: "nope" and
//     "Lan <lan@example.com>" are not.
//
// A date-time (time.Time) is not checked here: decoding refuses what its RFC 3339 parser does
// not read, and decodeProblem says so in words; checking here would also refuse it for a string
// field that a hand-written format=date-time describes, which takes any text. Nor is ipv4
// (cardgen writes it for a net.IP): a net.IP takes an IPv6 address too, which checking for IPv4
// would refuse. Other formats are written by hand, and their fields take any text, as the MCP
// path takes it.
func checkFormat(format, s string) string {
	if format == "email" {
		return checkEmail(s)
	}
	return ""
}

// checkedFormats are the formats checkFormat checks.
var checkedFormats = []string{"email"}

// dateTimeExample is a date and time as RFC 3339 writes it, as the form's placeholder shows it.
const dateTimeExample = "2026-01-31T09:00:00Z"

// decodeProblem returns, for the value v of key, valid for its schema prop (nil for a key the
// schema has no property for), what is wrong when it does not decode into its Go field, or "";
// root is the input schema.
// It decodes {key: v} alone into a new value of in's type, as DecodeSelection decodes the whole,
// so that a value the Go type refuses is found whatever the other values hold. An input type
// that decodes itself (json.Unmarshaler) may need the other values, and is not tried.
func decodeProblem(key string, prop *jsonschema.Schema, v, shown any, in any, root *jsonschema.Schema) string {
	if shown == nil {
		shown = v
	}
	name := fieldLabel(key, root)
	t := reflect.TypeOf(in)
	if t == nil || t.Kind() != reflect.Pointer || t.Implements(reflect.TypeFor[json.Unmarshaler]()) {
		return ""
	}
	b, err := json.Marshal(map[string]any{key: v})
	if err != nil {
		if f, ok := v.(float64); ok && (math.IsNaN(f) || math.IsInf(f, 0)) {
			return name + " is " + fmt.Sprint(f) + ", not a number"
		}
		return name + " is " + show(shown) + ", which JSON cannot hold"
	}
	err = decodeStrict(b, reflect.New(t.Elem()).Interface())
	if err == nil {
		return ""
	}
	return decodeWords(key, prop, v, shown, err, root, b, t.Elem())
}

// decodeWords writes the decoder's error err, for the value v of key, in words, and without Go
// types: shown is v as the user wrote it (nil for v itself), and root is the input schema, to
// name a field the key may have meant (nil when that is not known). doc is {key: v} as it was
// decoded into a value of type t.
func decodeWords(key string, prop *jsonschema.Schema, v, shown any, err error, root *jsonschema.Schema, doc []byte, t reflect.Type) string {
	if shown == nil {
		shown = v
	}
	if msg := err.Error(); strings.HasPrefix(msg, "json: unknown field ") {
		name, uerr := strconv.Unquote(strings.TrimPrefix(msg, "json: unknown field "))
		if uerr != nil {
			name = key
		}
		return notAField(name, root, "this form")
	}
	key = fieldLabel(key, root)
	var typeErr *json.UnmarshalTypeError
	if !errors.As(err, &typeErr) {
		// A type's own decoder refused the value, or the decoder did in words of Go's
		// (ParseAddr("1.2.3"), "math/big: cannot unmarshal", "invalid use of ,string struct
		// tag"): what the field takes is said as a tool call's arguments are told it.
		if p := typedtool.DecodeProblem(doc, t, root); p != "" {
			return p
		}
		return key + " is " + show(shown) + ", which does not fit the field"
	}
	if prop != nil && prop.Format == "date-time" {
		if _, ok := v.(string); ok {
			return key + " is " + show(shown) + ", not a date and time like " + dateTimeExample
		}
	}
	if typeErr.Type != nil {
		if lo, hi, ok := intRange(typeErr.Type); ok {
			r, isNum := ratOf(reflect.ValueOf(v))
			if lit, ok := v.(json.Number); ok {
				// A whole number beyond int64 and uint64 (number.integer), which ratOf
				// does not read: its exponent may be of any size.
				n, isNumber := readNumber(string(lit))
				r, isNum = new(big.Rat), isNumber
				if !n.whole {
					r.SetFrac64(1, 2)
				}
			}
			if isNum && !r.IsInt() {
				return key + " is " + show(shown) + ", not a whole number"
			} else if isNum {
				return fmt.Sprintf("%s is %s, outside the range of the field, %s to %s", key, show(shown), lo, hi)
			}
		}
		if k := typeErr.Type.Kind(); k == reflect.Float32 || k == reflect.Float64 {
			// A float32 holds up to about ±3.4e38. The Go type stays in the wrapped error.
			if _, isNum := ratOf(reflect.ValueOf(v)); isNum {
				return key + " is " + show(shown) + ", too large for this field"
			}
		}
	}
	if p := typedtool.DecodeProblem(doc, t, root); p != "" {
		return p // a type error of no number: what the field takes, in JSON's terms
	}
	return key + " is " + show(shown) + ", which does not fit the field"
}

// intRange returns the smallest and largest values of an integer type.
func intRange(t reflect.Type) (lo, hi string, ok bool) {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := t.Bits()
		return strconv.FormatInt(-1<<(bits-1), 10), strconv.FormatInt(1<<(bits-1)-1, 10), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return "0", strconv.FormatUint(math.MaxUint64>>(64-t.Bits()), 10), true
	}
	return "", "", false
}

// notAField says that key names no field of the schema s, which the problem calls of, and which
// one it may have meant: keys match field names case-sensitively. The key is the user's, and is
// written as a value is (quoted, escaped and shortened), so that it can neither make the message
// long nor pass for another problem.
func notAField(key string, s *jsonschema.Schema, of string) string {
	msg := show(key) + " is not a field of " + of
	if s != nil {
		for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
			if strings.EqualFold(name, key) {
				return msg + " (field names are case-sensitive: did you mean " + name + "?)"
			}
		}
	}
	return msg
}

// fieldLabel writes key as a problem names it: a property of the schema root by its name, any
// other key, which is the user's, as a value is written (see notAField).
func fieldLabel(key string, root *jsonschema.Schema) string {
	if root != nil {
		if _, ok := root.Properties[key]; ok {
			return key
		}
	}
	return show(key)
}

// decodeStrict decodes b into in as DecodeSelection does: keys match fields case-sensitively, as
// AddTool's do for tool arguments, and a key no field has is an error.
func decodeStrict(b []byte, in any) error {
	dec := segjson.NewDecoder(bytes.NewReader(b))
	dec.DontMatchCaseInsensitiveStructFields()
	dec.DisallowUnknownFields()
	return dec.Decode(in)
}

// validatorWords is the validator's error err, of a selection validated against this input
// schema (or a schema of one of its properties alone, whose paths are the same), as a reader can
// take it: only what it says where it failed at last, without the "validating <schema $id and
// path>: " it prefixes once a level (validatortext.PlaceIn, which reads the path as one of this
// schema's, so that a property named "n: type" is not taken for "n" refused by its type); an
// enum or a const with the values the schema allows, as a problem in words lists them; what is
// left of Go's syntax rewritten (validatortext.PlainIn: a value in Go's %v, null as "<invalid
// reflect.Value>", lists in %q, a schema as "<anonymous schema>"); and its numbers written as
// numbers, a bound as the schema writes it (validatortext.Bounds: it writes 1 as the fraction
// 1/1 and a bound as 1.000000).
func (x *explainer) validatorWords(err error) string {
	if err == nil {
		return "no reason given"
	}
	msg := validatortext.PlainIn(err.Error(), "a condition of the field", x.root)
	if path, what := validatortext.PlaceIn(msg, x.root); strings.HasPrefix(what, "enum: ") || strings.HasPrefix(what, "const: ") {
		// The value and the schema's values are printed in Go's %v, a line break and all; the
		// value is the user's, which the problem shows already.
		if words := x.allowed(path, what); words != "" {
			return shorten(words, 200, 100, nil)
		}
	}
	// An anyOf's error holds one line for each alternative.
	lines := strings.Split(validatortext.Bounds(msg, x.root), "\n")
	for i, line := range lines {
		_, what := validatortext.PlaceIn(line, x.root)
		lines[i] = strings.TrimSuffix(what, ":")
	}
	return shorten(strings.Join(lines, ", "), 200, 100, nil) // the end says what is wrong
}

// allowed says what the enum or const at path allows, for the validator's refusal what of a
// value: "enum: not one of "a", "b"", or "" when the schema at path has neither.
func (x *explainer) allowed(path, what string) string {
	s := validatortext.SchemaAt(x.root, path)
	for _, s := range []*jsonschema.Schema{s, validatortext.NonNull(s)} {
		switch {
		case s == nil:
		case strings.HasPrefix(what, "enum: ") && s.Enum != nil:
			return "enum: not " + oneOf(s.Enum)
		case strings.HasPrefix(what, "const: ") && s.Const != nil:
			return "const: not " + show(*s.Const)
		}
	}
	return ""
}

// checkEmail says what is wrong with s as an email address, or "": net/mail must read it as an
// address with no display name, comment or angle brackets, written exactly as s or as net/mail
// writes it back. net/mail unquotes a quoted local part ("a b"@example.com reads as
// a b@example.com, which it does not read), so the form to suggest, and to take, is the one it
// writes, quotes and all.
func checkEmail(s string) string {
	addr, err := mail.ParseAddress(s)
	if err != nil {
		return "not an email address"
	}
	written := strings.Trim((&mail.Address{Address: addr.Address}).String(), "<>")
	if addr.Name == "" && (s == addr.Address || s == written) {
		return ""
	}
	return "not an email address alone; write " + show(written)
}

// show writes v as JSON, as the selection gave it, shortened when it is long: a string in
// quotes, a number as its digits. HTML characters are written as they are ("<", not "\u003c"),
// as validatortext.JSON writes every value a message quotes.
func show(v any) string {
	if str, ok := v.(string); ok {
		// The two ends are encoded apart, each without eliding: an end of escaped characters
		// ("\u2028", "\"") is longer encoded than it is.
		return shorten(str, shortHead, shortTail, func(end string, first bool) string {
			inner, _ := validatortext.JSON(end)
			inner = inner[1 : len(inner)-1]
			if first {
				return `"` + inner
			}
			return inner + `"`
		})
	}
	text, ok := validatortext.JSON(v)
	if !ok {
		text = fmt.Sprint(v)
	}
	return shorten(text, shortHead, shortTail, nil)
}

// oneOf lists an enum's values for "not one of …", the first ten of a long one.
func oneOf(values []any) string {
	if len(values) == 1 {
		return show(values[0])
	}
	const most = 10
	shown := make([]string, 0, most)
	for _, e := range values[:min(len(values), most)] {
		shown = append(shown, show(e))
	}
	list := strings.Join(shown, ", ")
	if len(values) > most {
		list += fmt.Sprintf(", … (%d in all)", len(values))
	}
	return "one of " + list
}

// joinAnd joins phrases: "a", "a and b", "a, b and c".
func joinAnd(phrases []string) string {
	if len(phrases) < 2 {
		return strings.Join(phrases, "")
	}
	return strings.Join(phrases[:len(phrases)-1], ", ") + " and " + phrases[len(phrases)-1]
}

// count writes n things: "1 character", "4 characters".
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return strconv.Itoa(n) + " " + thing + "s"
}

// ratOf returns the exact value of a Go number.
func ratOf(v reflect.Value) (*big.Rat, bool) {
	for v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	switch {
	case !v.IsValid():
		return nil, false
	case v.CanInt():
		return new(big.Rat).SetInt64(v.Int()), true
	case v.CanUint():
		return new(big.Rat).SetInt(new(big.Int).SetUint64(v.Uint())), true
	case v.CanFloat():
		if f := v.Float(); !math.IsNaN(f) && !math.IsInf(f, 0) {
			return new(big.Rat).SetFloat64(f), true
		}
	}
	return nil, false
}

// jsonEqual reports whether a and b are the same JSON value, numbers compared exactly whatever
// their Go types, as the validator compares them for enum, const and uniqueItems.
func jsonEqual(a, b any) bool {
	ra, aNum := ratOf(reflect.ValueOf(a))
	rb, bNum := ratOf(reflect.ValueOf(b))
	if aNum || bNum {
		return aNum && bNum && ra.Cmp(rb) == 0
	}
	switch a := a.(type) {
	case []any:
		b, ok := b.([]any)
		return ok && slices.EqualFunc(a, b, jsonEqual)
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, av := range a {
			if bv, ok := b[k]; !ok || !jsonEqual(av, bv) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a, b)
}

// canonical writes v so that two values jsonEqual reports equal are written the same, and two it
// reports different are written differently: a number as its exact fraction whatever its Go
// type, an object's keys sorted.
func canonical(v any) string {
	var b strings.Builder
	writeCanonical(&b, reflect.ValueOf(v))
	return b.String()
}

func writeCanonical(b *strings.Builder, v reflect.Value) {
	for v.Kind() == reflect.Interface {
		v = v.Elem()
	}
	if r, ok := ratOf(v); ok {
		b.WriteString("n")
		b.WriteString(r.RatString())
		return
	}
	switch v.Kind() {
	case reflect.Invalid:
		b.WriteString("null")
	case reflect.String:
		b.WriteString(strconv.Quote(v.String()))
	case reflect.Slice, reflect.Array:
		b.WriteString("[")
		for i := range v.Len() {
			writeCanonical(b, v.Index(i))
			b.WriteString(",")
		}
		b.WriteString("]")
	case reflect.Map:
		if v.Type().Key().Kind() == reflect.String {
			keys := v.MapKeys()
			slices.SortFunc(keys, func(a, c reflect.Value) int { return strings.Compare(a.String(), c.String()) })
			b.WriteString("{")
			for _, k := range keys {
				b.WriteString(strconv.Quote(k.String()))
				b.WriteString(":")
				writeCanonical(b, v.MapIndex(k))
				b.WriteString(",")
			}
			b.WriteString("}")
			return
		}
		fallthrough
	default:
		// A bool, or a Go value a selection built by hand may hold: its type and its value.
		fmt.Fprintf(b, "%T:%#v", v.Interface(), v.Interface())
	}
}

// isFalse reports whether s is the schema false, as the validator reads one: {"not":{}}.
func isFalse(s *jsonschema.Schema) bool {
	return s != nil && s.Not != nil && reflect.ValueOf(*s.Not).IsZero()
}
