// Package validatortext puts the messages of jsonschema-go's validator, which the MCP Go SDK and
// cardgen's run time validate tool arguments and ACP selections with, in terms a client can use.
// The validator writes for Go programmers: a value in Go's %v (map[a:1], [1 x], a string
// unquoted, null as "<invalid reflect.Value>"), a number a bound refuses as a fraction (21/2) and
// the bound with six decimals (0.000000 for 1e-7), lists in Go's %q (["a" "b"]), a schema with no
// $id as "<anonymous schema>", and the place as "validating <schema path>: " once for every level
// it descended through. Both runtime/register's selection errors and internal/typedtool's tool
// errors rewrite them here, so that a client reads the same words from either.
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

	"github.com/cardgen/cardgen/internal/sdkschema"
)

// Place splits msg, a validator's message (or one line of an anyOf's), into the schema path of
// the innermost place it names ("/properties/n", "root" for the schema itself, or the schema's
// $id) and what it says there; the path is "" when msg names no place.
func Place(msg string) (path, what string) {
	msg = sdkschema.Innermost(msg)
	if rest, ok := strings.CutPrefix(msg, "validating "); ok {
		if p, w, ok := strings.Cut(rest, ": "); ok {
			return p, w
		}
	}
	return "", msg
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
		m := re.FindStringSubmatch(line)
		places, path, keyword, value, phrase, bound := m[1], m[2], m[3], m[4], m[5], m[6]
		b, ok := schemaBound(SchemaAt(root, path), keyword)
		if !ok {
			b = Number(bound)
		}
		if path != "" {
			places += "validating " + path + ": "
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
	// anyOf's refusal is another alternative's.
	p.typeOf = regexp.MustCompile(`(?s)(^|: )type: (.*?) has type "(null|boolean|integer|number|string|object|array)", want (one of )?"([a-z]+(?:, [a-z]+)*)"(\z|\nvalidating )`)
	// A list of strings in Go's %q, at the end of the validator's phrases that end with one:
	// `missing properties: ["a" "b"]`, `unexpected additional properties ["x"]`. %q escapes
	// every quote and line break, so a string in the list cannot end it early.
	p.list = regexp.MustCompile(`(?m)(missing properties:?|unexpected additional properties) \[((?:"(?:[^"\\\n]|\\.)*"(?: "(?:[^"\\\n]|\\.)*")*)?)\]$`)
	// A contains that no item matched: the array is printed with %s, Go's syntax for its items
	// whatever they are ("[%!s(int64=1) x]", strings unquoted, line breaks as they are), and it
	// is the client's own value, which the message around it shows or points to. The places
	// before it and the schema after it are the validator's, and the phrase ends the message or
	// a line before another place (an anyOf's next alternative): an item would have to hold all
	// that to end the array early, and would then cut only its own array short.
	p.contains = regexp.MustCompile(`(?m)^((?:validating [^\n]*?: )*)contains: (?s:.*?) does not have an item matching (<anonymous schema>|anchor \S+|\S+)(?:\z|\nvalidating )`)
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
func Plain(msg, anonymous string) string {
	p := goisms()
	if strings.Contains(msg, "<invalid reflect.Value>") {
		msg = p.null.ReplaceAllString(msg, "${1}null${2}")
	}
	if strings.Contains(msg, "%!s(") {
		msg = p.verb.ReplaceAllString(msg, "$1")
	}
	if strings.Contains(msg, "contains: ") {
		msg = withoutArrays(msg, p.contains)
	}
	if strings.Contains(msg, "type: ") {
		msg = p.typeOf.ReplaceAllStringFunc(msg, func(m string) string {
			sub := p.typeOf.FindStringSubmatch(m)
			var got string
			switch sub[3] {
			case "object", "array":
				got = "an " + sub[3]
			case "string":
				got = "the string " + jsonText(sub[2])
			case "integer", "number":
				got = "the number " + Number(sub[2])
			case "null":
				got = "null" // printed as "<invalid reflect.Value>"
			default:
				got = sub[2] // true or false
			}
			return sub[1] + "type: got " + got + ", want " + sub[4] + `"` + strings.ReplaceAll(sub[5], ", ", `", "`) + `"` + sub[6]
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

// withoutArrays rewrites each contains refusal re matches in msg without its array: the match
// takes the start of the line after it, which is left for the next match to begin at.
func withoutArrays(msg string, re *regexp.Regexp) string {
	var b strings.Builder
	for {
		loc := re.FindStringSubmatchIndex(msg)
		if loc == nil {
			b.WriteString(msg)
			return b.String()
		}
		b.WriteString(msg[:loc[0]])
		b.WriteString(msg[loc[2]:loc[3]])
		b.WriteString("contains: no item matches ")
		b.WriteString(msg[loc[4]:loc[5]])
		msg = msg[loc[5]:]
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
