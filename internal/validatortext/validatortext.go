// Package validatortext puts the messages of jsonschema-go's validator, which the MCP Go SDK and
// cardgen's run time validate tool arguments and ACP selections with, in terms a client can use.
// The validator writes for Go programmers: a value in Go's %v (map[a:1], [1 x], a string
// unquoted, null as "<invalid reflect.Value>"), a number a bound refuses as a fraction (21/2) and
// the bound with six decimals (0.000000 for 1e-7), lists in Go's %q (["a" "b"]), a schema with no
// $id as "<anonymous schema>", and the place as "validating <schema path>: " once for every level
// it descended through, a path whose property names may hold ": " themselves (Places). Both
// runtime/register's selection errors and internal/typedtool's tool errors rewrite them here, so
// that a client reads the same words from either.
package validatortext

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
)

// Place splits msg, a validator's message (or one line of an anyOf's), into the schema path of
// the innermost place it names ("/properties/n", "root" for the schema itself, or the schema's
// $id) and what it says there; the path is "" when msg names no place. It reads the places by
// their form alone (see Places); PlaceIn, given the schema validated against, reads them exactly.
func Place(msg string) (path, what string) { return PlaceIn(msg, nil) }

// PlaceIn is Place for a message of a value validated against root (nil when unknown): a path is
// one that root has (see Places).
func PlaceIn(msg string, root *jsonschema.Schema) (path, what string) {
	paths, what := Places(msg, root)
	if len(paths) == 0 {
		return "", what
	}
	return paths[len(paths)-1], what
}

// Innermost is msg from the last place it names on ("validating <path>: what"), or msg when it
// names none: the validator prefixes a place for every level it descended through, and the last
// says where the value is. root is as for Places.
func Innermost(msg string, root *jsonschema.Schema) string {
	paths, what := Places(msg, root)
	if len(paths) == 0 {
		return msg
	}
	return placePrefix + paths[len(paths)-1] + ": " + what
}

// placePrefix begins each place the validator names: it wraps the error of every schema it
// validates against as "validating <schema>: <error>" (jsonschema-go's wrapf), the schema
// written as its $id, or "root", or its JSON pointer from the root.
const placePrefix = "validating "

// Places splits msg, a validator's message (or one line of an anyOf's), into the schema paths of
// the places it begins with, outermost first, and what it says after them.
//
// A path is a JSON pointer with each property name as it is but for "~" and "/" (written "~0"
// and "~1"), so a name may hold ": ", the separator after the path, and spaces or quotes: the
// first ": " of "validating /properties/a: b: type: ..." is inside the name "a: b". The
// separator is the first ": " after which the validator's own words go on (another place, or a
// refusal, which begins with its keyword: "type: ", "required: ", "unexpected additional
// properties") and before which is a path: of a pointer's form ("/properties/<name>",
// "/items", "/anyOf/0", keyword after keyword), "root", or an $id (no space in it); with root
// (the schema validated against, nil when unknown), one that leads to a schema of root (Walk)
// and, when what follows is a refusal by a keyword, to a schema that has the keyword. Only a
// schema with two properties such as "a" and "a: type", of which one's refusal reads as the
// other's, is left to the form: the place is the shorter. A value of the client's comes after
// the places and does not lengthen a path: what the validator wrote as the path already fits, and
// the first separator that fits best is taken.
func Places(msg string, root *jsonschema.Schema) (paths []string, what string) {
	for {
		path, rest, ok := nextPlace(msg, root)
		if !ok {
			return paths, msg
		}
		paths = append(paths, path)
		msg = rest
	}
}

// maxSeparators is how many ": " nextPlace tries as the end of a path: a property name seldom
// holds one, and a path a few, while a value of the client's after the path may hold thousands,
// each of which would cost a reading of the path so far. With the limit, reading all the places
// of a message costs a small multiple of its length, however the client's text is made.
const maxSeparators = 8

// nextPlace reads the place msg begins with, "validating <path>: ", and returns its path and the
// rest of msg; ok is false when msg begins with none. Of the ": " that may end the path (the
// first maxSeparators of its line: a path has no line break), the first that fits best is taken
// (see Places), and the first of all when none fits.
func nextPlace(msg string, root *jsonschema.Schema) (path, rest string, ok bool) {
	body, found := strings.CutPrefix(msg, placePrefix)
	if !found {
		return "", msg, false
	}
	best, bestScore := -1, -1
	for i, n := 0, 0; n < maxSeparators; n++ {
		end := separator(body, i)
		if end < 0 {
			break
		}
		if score := placeScore(body[:end], body[end+2:], root); score > bestScore {
			best, bestScore = end, score
			if score == maxPlaceScore(root) {
				break
			}
		}
		i = end + 2
	}
	if best < 0 {
		return "", msg, false
	}
	return body[:best], body[best+2:], true
}

// separator is the index of the first ": " in s from i on, or -1 when the line ends first. It
// reads no further than that.
func separator(s string, i int) int {
	for i < len(s) {
		j := strings.IndexAny(s[i:], ":\n")
		if j < 0 || s[i+j] == '\n' {
			return -1
		}
		if i += j; i+1 < len(s) && s[i+1] == ' ' {
			return i
		}
		i++
	}
	return -1
}

// placeScore says how well p fits as the path of a place followed by after: 0 when it has not a
// path's form, and one more for each of: after begins with the validator's words; with root, p
// leads to a schema of root; and that schema has the keyword after begins with.
func placeScore(p, after string, root *jsonschema.Schema) int {
	if !isPathForm(p) {
		return 0
	}
	score := 1
	keyword, words := refusalKeyword(after)
	if !words {
		return score
	}
	score++
	if root == nil {
		return score
	}
	s, walked := placeSchema(root, p)
	if !walked {
		return score
	}
	score++
	if keyword == "" || hasKeyword(s, keyword) || hasKeyword(NonNull(s), keyword) {
		score++
	}
	return score
}

// maxPlaceScore is placeScore's best score, with or without root: a place that scores it is
// taken without looking further.
func maxPlaceScore(root *jsonschema.Schema) int {
	if root == nil {
		return 2
	}
	return 4
}

// placeSchema is the schema of root that the path p names (Walk), and whether there is one. An
// $id other than root's, which names a schema inside root that has one, is not looked for: none
// of cardgen's schemas has one, and a URI has no ": " to be misread.
func placeSchema(root *jsonschema.Schema, p string) (*jsonschema.Schema, bool) {
	s := SchemaAt(root, p)
	return s, s != nil
}

// isPathForm reports whether p has the form of a path the validator writes for a schema: "root",
// "<anonymous schema>", an $id (a URI, which has no space), or a JSON pointer from the root
// whose segments are keywords that hold schemas, each followed by what names one schema of it:
// a name (properties, $defs ...), an index (anyOf, prefixItems ...), or nothing (items, not
// ...; items may be draft 7's array, with an index).
func isPathForm(p string) bool {
	switch {
	case p == "root" || p == "<anonymous schema>":
		return true
	case p == "":
		return false
	case p[0] != '/':
		return !strings.ContainsAny(p, " \t\n")
	}
	segs := strings.Split(p[1:], "/")
	for i := 0; i < len(segs); i++ {
		kind, ok := schemaKeywords[segs[i]]
		if !ok {
			return false
		}
		switch kind {
		case byName:
			if i+1 >= len(segs) || !validPointerSegment(segs[i+1]) {
				return false
			}
			i++
		case byIndex:
			if i+1 >= len(segs) || !isIndex(segs[i+1]) {
				return false
			}
			i++
		case alone:
			if segs[i] == "items" && i+1 < len(segs) && isIndex(segs[i+1]) {
				i++ // draft 7's items array
			}
		}
	}
	return true
}

// How a keyword that holds schemas names one of them in a path.
const (
	alone   = iota // the keyword holds one schema
	byName         // a map of schemas: the name follows
	byIndex        // a list of schemas: the index follows
)

// schemaKeywords are the keywords that hold schemas, as jsonschema-go writes them in a path.
var schemaKeywords = map[string]int{
	"properties": byName, "patternProperties": byName, "$defs": byName, "definitions": byName,
	"dependentSchemas": byName, "dependencies": byName,
	"allOf": byIndex, "anyOf": byIndex, "oneOf": byIndex, "prefixItems": byIndex,
	"items": alone, "additionalItems": alone, "additionalProperties": alone, "propertyNames": alone,
	"contains": alone, "not": alone, "if": alone, "then": alone, "else": alone,
	"unevaluatedItems": alone, "unevaluatedProperties": alone, "contentSchema": alone,
}

// validPointerSegment reports whether seg is a JSON pointer's segment: each "~" is "~0" or "~1".
func validPointerSegment(seg string) bool {
	for i := 0; i < len(seg); i++ {
		if seg[i] == '~' && (i+1 >= len(seg) || seg[i+1] != '0' && seg[i+1] != '1') {
			return false
		}
	}
	return true
}

// isIndex reports whether seg is an index of a list: decimal digits.
func isIndex(seg string) bool {
	if seg == "" {
		return false
	}
	for i := 0; i < len(seg); i++ {
		if seg[i] < '0' || seg[i] > '9' {
			return false
		}
	}
	return true
}

// refusalWords are the beginnings of the validator's refusals (jsonschema-go's validate.go), and
// of cardgen's rewordings of them, which keep the keyword: the keyword each names, "" for one
// that names none a schema has.
var refusalWords = []struct{ prefix, keyword string }{
	{placePrefix, ""},
	{"type: ", "type"}, {"enum: ", "enum"}, {"const: ", "const"},
	{"multipleOf: ", "multipleOf"}, {"minimum: ", "minimum"}, {"maximum: ", "maximum"},
	{"exclusiveMinimum: ", "exclusiveMinimum"}, {"exclusiveMaximum: ", "exclusiveMaximum"},
	{"minLength: ", "minLength"}, {"maxLength: ", "maxLength"}, {"pattern: ", "pattern"},
	{"anyOf: ", "anyOf"}, {"oneOf: ", "oneOf"}, {"not: ", "not"},
	{"contains: ", "contains"}, {"minContains: ", "minContains"}, {"maxContains: ", "maxContains"},
	{"minItems: ", "minItems"}, {"maxItems: ", "maxItems"}, {"uniqueItems: ", "uniqueItems"},
	{"minProperties: ", "minProperties"}, {"maxProperties: ", "maxProperties"},
	{"required: ", "required"}, {"dependentRequired[", "dependentRequired"},
	{"unexpected additional properties", ""}, {"missing dynamic anchor", ""},
	{"cannot validate against a struct", ""}, {"map key type ", ""},
}

// refusalKeyword reports whether s begins with the validator's words (another place, or a
// refusal), and the keyword they name ("" for none).
func refusalKeyword(s string) (keyword string, ok bool) {
	for _, w := range refusalWords {
		if strings.HasPrefix(s, w.prefix) {
			return w.keyword, true
		}
	}
	return "", false
}

// hasKeyword reports whether the schema s has keyword, one refusalWords names.
func hasKeyword(s *jsonschema.Schema, keyword string) bool {
	if s == nil {
		return false
	}
	switch keyword {
	case "type":
		return s.Type != "" || len(s.Types) > 0
	case "enum":
		return s.Enum != nil
	case "const":
		return s.Const != nil
	case "multipleOf":
		return s.MultipleOf != nil
	case "minimum":
		return s.Minimum != nil
	case "maximum":
		return s.Maximum != nil
	case "exclusiveMinimum":
		return s.ExclusiveMinimum != nil
	case "exclusiveMaximum":
		return s.ExclusiveMaximum != nil
	case "minLength":
		return s.MinLength != nil
	case "maxLength":
		return s.MaxLength != nil
	case "pattern":
		return s.Pattern != ""
	case "anyOf":
		return s.AnyOf != nil
	case "oneOf":
		return s.OneOf != nil
	case "not":
		return s.Not != nil
	case "contains", "minContains", "maxContains":
		return s.Contains != nil
	case "minItems":
		return s.MinItems != nil
	case "maxItems":
		return s.MaxItems != nil
	case "uniqueItems":
		return s.UniqueItems
	case "minProperties":
		return s.MinProperties != nil
	case "maxProperties":
		return s.MaxProperties != nil
	case "required":
		return s.Required != nil
	case "dependentRequired":
		return s.DependentRequired != nil || s.DependencyStrings != nil
	}
	return true
}

// Step is one step of a schema path the validator names: a keyword, with the property name,
// pattern or definition it names (Key) or the index of the schema in the keyword's list (Index,
// -1 when there is none), and the schema the step leads to.
type Step struct {
	Keyword string
	Key     string
	Index   int
	Schema  *jsonschema.Schema
}

// Walk follows path, a schema path the validator names, from root, and returns each step; ok is
// false when path takes a keyword Walk does not follow or leads to no schema. "root", "" and
// root's $id name root itself, with no steps.
//
// A path through a nullable schema ({"oneOf":[<schema>,{"type":"null"}]}, as invopop and cardgen
// write one) may go on as if the oneOf were not there: sdkschema.Explain validates the schema
// rewritten that way, so its paths skip the oneOf. A step that does not name the oneOf goes into
// the schema of the alternative that is not null.
func Walk(root *jsonschema.Schema, path string) (steps []Step, ok bool) {
	if root == nil {
		return nil, false
	}
	if path == "" || path == "root" || path == "/" || root.ID != "" && path == root.ID {
		return nil, true
	}
	if !strings.HasPrefix(path, "/") {
		return nil, false // the $id of a schema inside root: none of cardgen's has one
	}
	segs := strings.Split(path[1:], "/")
	unescape := strings.NewReplacer("~1", "/", "~0", "~")
	s := root
	for i := 0; i < len(segs); i++ {
		kw := segs[i]
		if kw != "oneOf" {
			s = NonNull(s)
		}
		step := Step{Keyword: kw, Index: -1}
		key := func() bool {
			if i+1 >= len(segs) {
				return false
			}
			i++
			step.Key = unescape.Replace(segs[i])
			return true
		}
		index := func(list []*jsonschema.Schema) *jsonschema.Schema {
			if i+1 >= len(segs) {
				return nil
			}
			n, err := strconv.Atoi(segs[i+1])
			if err != nil || n < 0 || n >= len(list) {
				return nil
			}
			i++
			step.Index = n
			return list[n]
		}
		var next *jsonschema.Schema
		switch kw {
		case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies":
			if !key() {
				return nil, false
			}
			next = map[string]map[string]*jsonschema.Schema{
				"properties": s.Properties, "patternProperties": s.PatternProperties, "$defs": s.Defs,
				"definitions": s.Definitions, "dependentSchemas": s.DependentSchemas, "dependencies": s.DependencySchemas,
			}[kw][step.Key]
		case "items":
			if s.ItemsArray != nil {
				next = index(s.ItemsArray) // draft 7's items array: /items/0
			} else {
				next = s.Items
			}
		case "prefixItems":
			next = index(s.PrefixItems)
		case "allOf":
			next = index(s.AllOf)
		case "anyOf":
			next = index(s.AnyOf)
		case "oneOf":
			next = index(s.OneOf)
		case "additionalProperties":
			next = s.AdditionalProperties
		case "additionalItems":
			next = s.AdditionalItems
		case "not":
			next = s.Not
		case "if":
			next = s.If
		case "then":
			next = s.Then
		case "else":
			next = s.Else
		case "contains":
			next = s.Contains
		case "propertyNames":
			next = s.PropertyNames
		case "unevaluatedItems":
			next = s.UnevaluatedItems
		case "unevaluatedProperties":
			next = s.UnevaluatedProperties
		}
		if next == nil {
			return nil, false
		}
		step.Schema = next
		steps = append(steps, step)
		s = next
	}
	return steps, true
}

// SchemaAt is the schema at path (see Walk), or nil.
func SchemaAt(root *jsonschema.Schema, path string) *jsonschema.Schema {
	steps, ok := Walk(root, path)
	switch {
	case !ok:
		return nil
	case len(steps) == 0:
		return root
	}
	return steps[len(steps)-1].Schema
}

// NonNull is s, or its alternative other than null when s is a nullable schema as invopop and
// cardgen write it: {"oneOf":[<schema>,{"type":"null"}]}, in either order.
func NonNull(s *jsonschema.Schema) *jsonschema.Schema {
	if s == nil || len(s.OneOf) != 2 || s.Type != "" || len(s.Types) > 0 || len(s.Properties) > 0 {
		return s
	}
	for i, alt := range s.OneOf {
		if alt != nil && alt.Type == "null" {
			return s.OneOf[1-i]
		}
	}
	return s
}

// ItemSchema is the schema of the item i of an array of schema s (or of its alternative other
// than null: NonNull), or nil when the item has none: prefixItems' schema for its place, then
// draft 7's items array and, after it, additionalItems, then items.
func ItemSchema(s *jsonschema.Schema, i int) *jsonschema.Schema {
	if s = NonNull(s); s == nil {
		return nil
	}
	switch {
	case i < len(s.PrefixItems):
		return s.PrefixItems[i]
	case s.ItemsArray != nil:
		if i < len(s.ItemsArray) {
			return s.ItemsArray[i]
		}
		return s.AdditionalItems
	}
	return s.Items
}

// Number writes a number as the validator prints it, a fraction (21/2, 3/1) or with six decimals
// (1.500000), as a number: an integer of at most 21 digits in full (every int64 and uint64), any
// other number as the nearest float64 in its shortest form (10.5, 1e+300).
func Number(text string) string {
	var r big.Rat
	if _, ok := r.SetString(text); !ok {
		return text
	}
	if n := r.RatString(); r.IsInt() && len(n) <= 21 {
		return n
	}
	f, _ := r.Float64()
	return NumberJSON(f)
}

// NumberJSON writes f as JSON writes it, which is as JavaScript and a tag write it: 1e-7 and
// 0.00001, where Go's %g writes 1e-07 and 1e-05. Every number of a message to a client that is
// a float64 is written so.
func NumberJSON(f float64) string {
	b, err := json.Marshal(f)
	if err != nil {
		return strconv.FormatFloat(f, 'g', -1, 64) // ±Inf, NaN: no JSON form
	}
	return string(b)
}

// boundLine matches a line of the validator's that refuses a number by a bound: the value is a
// fraction (%s of a big.Rat) and the bound has six decimals (%f), after the places it names. The
// whole line is the validator's own: a value of the client's is never printed in it, so nothing
// the client wrote is rewritten as if it were a number.
var boundLine = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)^(?:(.*)validating (.*?): )?(multipleOf|minimum|maximum|exclusiveMinimum|exclusiveMaximum): (-?\d+/\d+) (is (?:not a multiple of|less than|greater than|less than or equal to|greater than or equal to)) (-?\d+\.\d{6})$`)
})

// Bounds rewrites each line of msg that refuses a number by a bound (minimum, maximum,
// exclusiveMinimum, exclusiveMaximum, multipleOf): the value as a number (Number), and the bound
// as the schema at the path the line names (in root, the schema validated against) writes it,
// since %f writes 1e-7 as 0.000000; as Number writes it when the line names no schema of root
// that has the bound. The places the line names are kept.
func Bounds(msg string, root *jsonschema.Schema) string {
	if !strings.Contains(msg, "/") {
		return msg // every bound line has a fraction
	}
	re := boundLine()
	return re.ReplaceAllStringFunc(msg, func(line string) string {
		m := re.FindStringSubmatchIndex(line)
		sub := func(i int) string { return line[m[2*i]:m[2*i+1]] }
		// The places are kept as they are; the path is read by Places, which knows a property
		// name with "validating " in it from another place, and failing that as the pattern did.
		places, keyword, value, phrase, bound := line[:m[6]], sub(3), sub(4), sub(5), sub(6)
		path := ""
		if m[4] >= 0 {
			path = sub(2)
		}
		if paths, what := Places(line, root); len(paths) > 0 && what == line[m[6]:] {
			path = paths[len(paths)-1]
		}
		b, ok := schemaBound(SchemaAt(root, path), keyword)
		if !ok {
			b = Number(bound)
		}
		return places + keyword + ": " + Number(value) + " " + phrase + " " + b
	})
}

// schemaBound is the bound keyword of s (or of its alternative that is not null), as JSON
// writes it, when s has it.
func schemaBound(s *jsonschema.Schema, keyword string) (string, bool) {
	for _, s := range []*jsonschema.Schema{s, NonNull(s)} {
		if s == nil {
			continue
		}
		b := map[string]*float64{"minimum": s.Minimum, "maximum": s.Maximum, "exclusiveMinimum": s.ExclusiveMinimum,
			"exclusiveMaximum": s.ExclusiveMaximum, "multipleOf": s.MultipleOf}[keyword]
		if b != nil {
			return NumberJSON(*b), true
		}
	}
	return "", false
}

// Float64Range is the range of a 64-bit floating-point number, its ends as JSON writes them
// (NumberJSON): the numbers a float64 holds, in which the validator checks numbers and into
// which most clients decode them.
const Float64Range = "-1.7976931348623157e+308 to 1.7976931348623157e+308"

// goisms are the patterns Plain rewrites, compiled on the first refusal rather than when a
// server starts.
var goisms = sync.OnceValue(func() (p struct{ null, verb, typeOf, list, contains *regexp.Regexp }) {
	// A null the validator printed as the reflect.Value of a nil interface, where it prints the
	// value: an enum's or a const's refusal (a type's names the null by its type).
	p.null = regexp.MustCompile(`((?:enum|const): )<invalid reflect\.Value>( does not equal)`)
	// What fmt writes for a value printed with a verb that does not fit it: %!s(int64=1).
	p.verb = regexp.MustCompile(`%!s\([a-z0-9]+=([^)]*)\)`)
	// A value refused by its type, printed in Go's %v: map[a:1], [1 x], a string unquoted (line
	// breaks and all), a number as Go writes it (1e-07), null as "<invalid reflect.Value>"; and
	// the types wanted, a list of them joined with ", " and quoted as one string ("string,
	// null"). The value is the client's and may hold the validator's own words (`x has type
	// "object", want y`), so the match ends at the validator's ending, the types it wants, where
	// its refusal ends: the end of the message or of a line before another place (an anyOf's next
	// alternative). The value is matched lazily, not up to the last such ending, which in an
	// anyOf's refusal is another alternative's. It is matched where a refusal begins
	// (atRefusals), not after any ": ", which a property name may hold ("n: type").
	p.typeOf = regexp.MustCompile(`(?s)^type: (.*?) has type "(null|boolean|integer|number|string|object|array)", want (one of )?"([a-z]+(?:, [a-z]+)*)"(\z|\nvalidating )`)
	// A list of strings in Go's %q, at the end of the validator's phrases that end with one:
	// `missing properties: ["a" "b"]`, `unexpected additional properties ["x"]`. %q escapes
	// every quote and line break, so a string in the list cannot end it early.
	p.list = regexp.MustCompile(`(?m)(missing properties:?|unexpected additional properties) \[((?:"(?:[^"\\\n]|\\.)*"(?: "(?:[^"\\\n]|\\.)*")*)?)\]$`)
	// A contains that no item matched: the array is printed with %s, Go's syntax for its items
	// whatever they are ("[%!s(int64=1) x]", strings unquoted, line breaks as they are), and it
	// is the client's own value, which the message around it shows or points to. It is matched
	// where a refusal begins (atRefusals), after the places; the schema after it is the
	// validator's, and the phrase ends the message or a line before another place (an anyOf's
	// next alternative): an item would have to hold all that to end the array early, and would
	// then cut only its own array short.
	p.contains = regexp.MustCompile(`(?s)^contains: .*? does not have an item matching (<anonymous schema>|anchor \S+|\S+)(\z|\nvalidating )`)
	return p
})

// Plain rewrites what is left of Go in the validator's message msg, once the refusals that need
// the value or the schema are explained: a null an enum or a const refuses, printed as
// "<invalid reflect.Value>" (the reflect.Value of a nil interface), is null; a value printed
// with a verb that does not fit (%!s(int64=1)) is the value; a value a type refuses, printed in
// Go's syntax ("map[a:1]", "[1 x]", a string unquoted, 1e-07), is said as JSON has it, in one
// form for every type: an object or an array by its kind, a string quoted as JSON quotes it, a
// number as JSON writes it (Number), true, false and null as they are ("type: got the string
// \"x\", want ...", "type: got the number 1.5, want ..."), and a list of types written as one
// string ("string, null") as the types, each quoted; a list of names in Go's %q (["a" "b"]) is
// JSON (["a","b"]); a contains no item matched says so without the array in Go's syntax; and a
// schema the validator calls "<anonymous schema>" is called anonymous, which each caller words
// for its reader ("a condition of the field" for a person filling in a form).
func Plain(msg, anonymous string) string { return PlainIn(msg, anonymous, nil) }

// PlainIn is Plain for a message of a value validated against root (nil when unknown), whose
// places it reads exactly (Places): a type's or a contains' refusal is rewritten only where the
// validator's refusal begins, after the places, and not where a property name such as "n: type"
// reads like one ("validating /properties/n: type: type: ...").
func PlainIn(msg, anonymous string, root *jsonschema.Schema) string {
	p := goisms()
	if strings.Contains(msg, "<invalid reflect.Value>") {
		msg = p.null.ReplaceAllString(msg, "${1}null${2}")
	}
	if strings.Contains(msg, "%!s(") {
		msg = p.verb.ReplaceAllString(msg, "$1")
	}
	if strings.Contains(msg, "contains: ") {
		msg = atRefusals(msg, root, "contains: ", p.contains, func(sub []string) string {
			return "contains: no item matches " + sub[1]
		})
	}
	if strings.Contains(msg, "type: ") {
		msg = atRefusals(msg, root, "type: ", p.typeOf, func(sub []string) string {
			var got string
			switch sub[2] {
			case "object", "array":
				got = "an " + sub[2]
			case "string":
				got = "the string " + jsonText(sub[1])
			case "integer", "number":
				got = "the number " + Number(sub[1])
			case "null":
				got = "null" // printed as "<invalid reflect.Value>"
			default:
				got = sub[1] // true or false
			}
			return "type: got " + got + ", want " + sub[3] + `"` + strings.ReplaceAll(sub[4], ", ", `", "`) + `"`
		})
	}
	if strings.Contains(msg, "[") {
		msg = p.list.ReplaceAllStringFunc(msg, func(m string) string {
			sub := p.list.FindStringSubmatch(m)
			return sub[1] + " " + jsonList(sub[2])
		})
	}
	return strings.ReplaceAll(msg, "<anonymous schema>", anonymous)
}

// atRefusals rewrites, in msg, each refusal that begins with prefix and that re, anchored at its
// beginning, matches: re's match up to its last group, which is what follows the refusal (the
// end, or the next line's places), is replaced by rewrite of re's groups before that one.
// A refusal begins after the places of msg's first line, and of each line after it that begins
// with a place (an anyOf's alternatives); a match takes in any text of the client's that reads
// like such a line, which is then not read again.
func atRefusals(msg string, root *jsonschema.Schema, prefix string, re *regexp.Regexp, rewrite func(sub []string) string) string {
	var b strings.Builder
	done := 0 // msg[:done] is written
	for _, start := range refusalStarts(msg, root) {
		if start < done || !strings.HasPrefix(msg[start:], prefix) {
			continue
		}
		loc := re.FindStringSubmatchIndex(msg[start:])
		if loc == nil {
			continue
		}
		sub := make([]string, len(loc)/2)
		for i := range sub {
			if loc[2*i] >= 0 {
				sub[i] = msg[start+loc[2*i] : start+loc[2*i+1]]
			}
		}
		end := start + loc[2*(len(sub)-1)] // where what follows the refusal begins
		b.WriteString(msg[done:start])
		b.WriteString(rewrite(sub[:len(sub)-1]))
		done = end
	}
	if done == 0 {
		return msg
	}
	b.WriteString(msg[done:])
	return b.String()
}

// refusalStarts are the offsets in msg at which a refusal of the validator's may begin: after the
// places msg begins with (Places), and after those of each line that begins with a place.
func refusalStarts(msg string, root *jsonschema.Schema) []int {
	_, what := Places(msg, root)
	starts := []int{len(msg) - len(what)}
	for i := 0; ; {
		j := strings.Index(msg[i:], "\n"+placePrefix)
		if j < 0 {
			return starts
		}
		line := i + j + 1
		_, what := Places(msg[line:], root)
		starts = append(starts, len(msg)-len(what))
		i = line
	}
}

// quoted matches one string in Go's %q.
var quoted = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`"(?:[^"\\]|\\.)*"`) })

// jsonList writes the strings of items, Go's %q of a []string without its brackets, as a JSON
// array.
func jsonList(items string) string {
	names := []string{}
	for _, q := range quoted().FindAllString(items, -1) {
		s, err := strconv.Unquote(q)
		if err != nil {
			s = q
		}
		names = append(names, s)
	}
	return jsonText(names)
}

// jsonText is v as JSON (JSON), or in Go's %v when it has none.
func jsonText(v any) string {
	if text, ok := JSON(v); ok {
		return text
	}
	return fmt.Sprint(v)
}

// JSON is v as JSON for a message, with HTML's characters as they are ("<", not "\u003c"): the
// text is read, not put in a page. Every message of validatortext's and of its callers that
// quotes a value as JSON writes it so, so that one value reads the same in each. ok is false
// when v has no JSON.
func JSON(v any) (text string, ok bool) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", false
	}
	return unescapeHTML(strings.TrimSuffix(b.String(), "\n")), true
}

// unescapeHTML writes the escapes \u003c, \u003e and \u0026 in the JSON text as "<", ">" and
// "&": a MarshalJSON method that calls json.Marshal (jsonschema.Schema's) escapes them whatever
// the encoder that calls it was told. An escaped backslash before "u003c" is left as it is.
func unescapeHTML(text string) string {
	if !strings.Contains(text, `\u00`) {
		return text
	}
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		if text[i] != '\\' || i+1 >= len(text) {
			b.WriteByte(text[i])
			continue
		}
		if esc := text[i:min(i+6, len(text))]; esc == `\u003c` || esc == `\u003e` || esc == `\u0026` {
			b.WriteString(map[string]string{`\u003c`: "<", `\u003e`: ">", `\u0026`: "&"}[esc])
			i += 5
			continue
		}
		b.WriteString(text[i : i+2]) // an escape of two characters, \\ among them
		i++
	}
	return b.String()
}
