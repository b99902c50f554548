package schema

import (
	"encoding"
	"encoding/json"
	"fmt"
	"go/types"
	"maps"
	"math/big"
	"net"
	"net/netip"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	gjsonschema "github.com/google/jsonschema-go/jsonschema"
	"github.com/invopop/jsonschema"

	"github.com/cardgen/cardgen/internal/ecmapattern"
	"github.com/cardgen/cardgen/internal/jsonschematag"
	"github.com/cardgen/cardgen/internal/sdkschema"
	"github.com/cardgen/cardgen/internal/textdist"
)

// The jsonschema tag vocabulary of invopop v0.14.0, which cardgen's mapping mirrors: words that
// stand alone, keywords any schema takes, and keywords that only a schema of one JSON type takes.
// invopop ignores anything else without a word, and so a typo (requird, minLenght) or a keyword
// on the wrong type (minLength on an integer) silently leaves a constraint out of the schema.
var (
	tagWords       = []string{"required", "nullable"}
	tagGeneric     = []string{"title", "description", "type", "anchor", "oneof_required", "anyof_required", "oneof_ref", "anyof_ref", "oneof_type", "anyof_type"}
	tagStringKeys  = []string{"minLength", "maxLength", "pattern", "format", "readOnly", "writeOnly", "default", "example", "enum"}
	tagNumberKeys  = []string{"multipleOf", "minimum", "maximum", "exclusiveMaximum", "exclusiveMinimum", "default", "example", "enum"}
	tagBooleanKeys = []string{"default"}
	tagArrayKeys   = []string{"minItems", "maxItems", "uniqueItems", "default", "format", "pattern"}
)

// tagCountKeys take a whole number and tagBoundKeys any number; invopop drops a value it cannot
// parse without a word.
var (
	tagCountKeys = []string{"minLength", "maxLength", "minItems", "maxItems"}
	tagBoundKeys = []string{"multipleOf", "minimum", "maximum", "exclusiveMaximum", "exclusiveMinimum"}
)

// isNumber reports whether invopop reads s as a number.
func isNumber(s string) bool {
	_, ok := toJSONNumber(s)
	return ok
}

// tagKnown is every keyword invopop takes, of any type.
var tagKnown = slices.Concat(tagGeneric, tagStringKeys, tagNumberKeys, tagArrayKeys)

// applies reports whether invopop applies keyword name to a schema like t: a generic keyword, or
// one of t's JSON type; an array also passes the keywords it does not take on to its items.
func applies(name string, t *jsonschema.Schema) bool {
	if slices.Contains(tagGeneric, name) {
		return true
	}
	switch t.Type {
	case "string":
		return slices.Contains(tagStringKeys, name)
	case "number", "integer":
		return slices.Contains(tagNumberKeys, name)
	case "boolean":
		return slices.Contains(tagBooleanKeys, name)
	case "array":
		return slices.Contains(tagArrayKeys, name) || t.Items != nil && t.Items.Type != "array" && applies(name, t.Items)
	}
	return false
}

// checkTagWords reports the words of a field's jsonschema tag (split on unescaped commas) that
// invopop would ignore, now that t, the field's schema, is complete: unknown keywords (with the
// one most likely meant), keywords of another JSON type than t's, and pieces of a value cut off
// by an unescaped comma. runtimeType skips the JSON-type check: the type is decided at run time.
// Run on every field of every tool, it allocates only to report.
//
// jsonTag is the field's json tag, and quotable says whether encoding/json's string option applies
// to the field's type: json options written in the jsonschema tag are told where they belong.
func (m *mapper) checkTagWords(t *jsonschema.Schema, words []string, at site, runtimeType bool, jsonTag string, quotable bool) {
	if len(words) == 0 || words[0] == "-" {
		return // no tag, or the field is left out
	}
	if sdkDescription(words) {
		// The MCP Go SDK's own inference (jsonschema-go) takes the whole tag as the description;
		// a server moving to cardgen has its tags in that form.
		p := Problem{Ignored: true}
		if len(words) == 1 {
			p.FixOld, p.FixText = words[0], "description="+words[0]
		}
		m.reportTag(at, wordSpot(0, false), p, fmt.Sprintf("jsonschema tag: %q is a description in the form the MCP Go SDK reads (the whole tag), but cardgen reads invopop's form, in which it is no keyword and is ignored; write description=%s",
			strings.Join(words, ","), strings.Join(words, `\\,`)))
		return
	}
	for i, w := range words {
		name, val, isKey := strings.Cut(w, "=")
		colonName, colonVal, colon := strings.Cut(w, ":")
		switch {
		case w == "" || !isKey && slices.Contains(tagWords, w):
		case isKey && slices.Contains(tagWords, name):
			// required=true reads naturally, but invopop matches the bare word only.
			m.tagIgnoredf(at, wordSpot(i, false), "jsonschema tag: %s takes no value, so invopop ignores %s; write %s alone", name, w, name)
		case !isKey && slices.Contains(jsonOptions, strings.TrimSpace(w)):
			// ",omitempty" after a description reads as part of it, but it is the json tag's.
			m.jsonOptionWord(at, i, strings.TrimSpace(w), t, jsonTag, quotable && !runtimeType)
		case !isKey && colon && slices.Contains(tagKnown, colonName):
			m.tagIgnoredf(at, wordSpot(i, false), "jsonschema tag: %q is not a keyword invopop knows, so it ignores it; write %s=%s", w, colonName, colonVal)
		case !isKey && slices.Contains(tagKnown, w):
			m.reportTag(at, wordSpot(i, false), sdkWordFix(words), fmt.Sprintf("jsonschema tag: %s has no value, so invopop ignores it; %s", w, sdkWordAdvice("write "+w+"=…", words)))
		case !isKey && (i > 0 && strings.HasPrefix(words[i-1], "description=") || strings.TrimSpace(w) != w):
			m.tagIgnoredf(at, wordSpot(i, false), "jsonschema tag: %q is not a keyword but the rest of the value before it, cut off at a comma; "+
				"escape a comma inside a value with a backslash (\\\\, inside the struct tag's quotes)", w)
		case !isKey:
			// A bare word is fixed only into a bare keyword: "minimum5" meant minimum=5, and
			// the fix would drop the 5. A tag of that word alone may be a description in the
			// MCP Go SDK's form, which is the fix when no keyword is certain.
			p := sdkWordFix(words)
			if meant := textdist.Certain(w, tagWords); meant != "" {
				p.FixOld, p.FixText = w, meant
			}
			m.reportTag(at, wordSpot(i, false), p,
				fmt.Sprintf("jsonschema tag: %q is not a keyword invopop knows, so it ignores it; %s", w,
					sdkWordAdvice(advice(w, slices.Concat(tagWords, tagKnown), "write required, nullable or key=value"), words)))
		case !slices.Contains(tagKnown, name):
			m.misspelt(at, wordSpot(i, false), name, tagKnown,
				fmt.Sprintf("jsonschema tag: %s is not a keyword invopop knows, so it ignores it; %s", name,
					advice(name, tagKnown, "a keyword invopop does not know can go in a jsonschema_extras tag if its value is a string or a boolean (const=x, deprecated=true); set one that takes a number in a JSONSchemaExtend method")))
		case (name == "type" || name == "oneof_type" || name == "anyof_type") && unknownType(val) != "":
			bad := unknownType(val)
			m.tagIgnoredf(at, wordSpot(i, true), "jsonschema tag: %s=%s: %q is not a JSON schema type, and the MCP Go SDK matches no value against it; %s", name, val, bad,
				advice(bad, jsonTypes, "write one of "+strings.Join(jsonTypes, ", ")))
		case runtimeType || t.Type == "array" && t.Items == nil:
			// The type is a method's at run time; or type=array on a type without items, which
			// the mapping reports (invopop panics).
		case !applies(name, t):
			m.tagIgnoredf(at, wordSpot(i, false), "jsonschema tag: %s applies to %s, not to a schema of type %s, so invopop ignores it; remove it or change the field's type", name, appliesTo(name), typeName(t))
		case slices.Contains(tagCountKeys, name) && parseUint(val) == nil:
			m.tagIgnoredf(at, wordSpot(i, true), "jsonschema tag: %s=%s is not a whole number, so invopop ignores it; write a count, as in %s=1", name, val, name)
		case slices.Contains(tagBoundKeys, name) && !isNumber(val):
			m.tagIgnoredf(at, wordSpot(i, true), "jsonschema tag: %s=%s is not a number, so invopop ignores it; write a number, as in %s=1", name, val, name)
		case slices.Contains(tagNumberValueKeys, name) && numberValued(name, t) && !isNumber(val):
			m.tagIgnoredf(at, wordSpot(i, true), "jsonschema tag: %s=%s is not a number, which invopop needs on a schema of type %s, so it leaves it out; write a number, as in %s=1", name, val, typeName(t), name)
		case name == "default" && t.Type == "boolean" && val != "true" && val != "false":
			m.tagIgnoredf(at, wordSpot(i, true), "jsonschema tag: default=%s is not true or false, so invopop ignores it; write default=true or default=false", val)
		case (name == "readOnly" || name == "writeOnly") && t.Type == "string" && !isBool(val):
			m.tagIgnoredf(at, wordSpot(i, true), "jsonschema tag: %s=%s is not a boolean, so invopop reads it as %s=false; write %s=true, or leave it out", name, val, name, name)
		case name == "uniqueItems" && t.Type == "array" && val != "true":
			m.tagIgnoredf(at, wordSpot(i, true), "jsonschema tag: invopop reads uniqueItems=%s as uniqueItems=true, whatever the value; write uniqueItems=true, or leave it out to allow repeated items", val)
		}
	}
	m.checkTagValues(t, at)
}

// isBool reports whether strconv.ParseBool, which invopop reads readOnly and writeOnly with,
// takes s.
func isBool(s string) bool {
	_, err := strconv.ParseBool(s)
	return err == nil
}

// tagNumberValueKeys are the keywords whose values invopop reads as numbers on a number or
// integer schema, and drops without a word when they do not parse.
var tagNumberValueKeys = []string{"default", "enum", "example"}

// numberValued reports whether invopop reads the value of keyword name (default, enum or
// example) as a number for a field whose schema is t: on a number or an integer, and, but for
// default, which an array keeps as a list of strings, on an array of them.
func numberValued(name string, t *jsonschema.Schema) bool {
	switch {
	case t.Type == "number" || t.Type == "integer":
		return true
	case t.Type == "array" && name != "default" && t.Items != nil:
		return t.Items.Type == "number" || t.Items.Type == "integer"
	}
	return false
}

// checkTagValues reports the values a field's tag put into its schema t (or its items) that the
// MCP Go SDK cannot use: a pattern that Go's regexp package does not compile, which makes the SDK
// refuse the whole schema, and a multipleOf that is not greater than 0, which no value satisfies.
// Either way every call of the tool fails; invopop writes both without a word. The schema is
// still invopop's (Problem.Ignored), and the problem stops the generator like any other.
func (m *mapper) checkTagValues(t *jsonschema.Schema, at site) {
	for _, s := range []*jsonschema.Schema{t, t.Items} {
		if s == nil {
			continue
		}
		if s.Pattern != "" {
			if err := compilePattern(s.Pattern); err != nil {
				m.badPatterns = append(m.badPatterns, badPattern{s, s.Pattern})
				m.tagIgnoredf(at, tagSpot{key: "jsonschema", word: -1, find: "pattern", name: true, value: true},
					"jsonschema tag: pattern=%s is not a regular expression Go's regexp package (RE2) accepts (%s), and the MCP Go SDK compiles it with that package, so it refuses the tool's schema and every call fails; "+
						"rewrite it without lookarounds or backreferences", s.Pattern, strings.TrimPrefix(err.Error(), "error parsing regexp: "))
			} else if msg := javaScriptPattern(s.Pattern); msg != "" {
				m.tagProblemf(at, tagSpot{key: "jsonschema", word: -1, find: "pattern", name: true, value: true}, "jsonschema tag: %s", msg)
			}
		}
		if s.MultipleOf != "" {
			if f, err := s.MultipleOf.Float64(); err == nil && f <= 0 {
				m.tagIgnoredf(at, tagSpot{key: "jsonschema", word: -1, find: "multipleOf", name: true, value: true},
					"jsonschema tag: multipleOf=%s must be greater than 0: the MCP Go SDK finds no number a multiple of it, so it refuses every value of the field; write a positive number, or leave it out", s.MultipleOf)
			} else if err == nil && !binaryExact(string(s.MultipleOf)) {
				m.tagIgnoredf(at, tagSpot{key: "jsonschema", word: -1, find: "multipleOf", name: true, value: true},
					"jsonschema tag: multipleOf=%s is a fraction binary floating point cannot hold exactly, so the MCP Go SDK and JavaScript clients refuse numbers that are multiples of it (0.3 for 0.1); "+
						"use an integer field in smaller units (cents for 0.01), or a multipleOf that is a whole number or a power-of-two fraction (0.5, 0.25)", s.MultipleOf)
			}
		}
		if s.Format != "" && !slices.Contains(jsonSchemaFormats, s.Format) && !slices.Contains(openAPIFormats, s.Format) {
			if meant := misspeltFormat(s.Format); meant != "" {
				m.tagProblemf(at, tagSpot{key: "jsonschema", word: -1, find: "format", name: true, value: true},
					"jsonschema tag: format=%s is not a format JSON Schema defines, so every validator ignores it; did you mean format=%s?", s.Format, meant)
			}
		}
		m.checkEmptyRange(s, at)
	}
}

// sdkWord reports whether a jsonschema tag that invopop does not read is a single bare word
// (jsonschema:"identifier", "Title", "pattern"): the MCP Go SDK's inference, which takes the whole
// tag as the description, reads it as a one-word description, which a server moving to cardgen
// has in that form.
func sdkWord(words []string) bool {
	return len(words) == 1 && !strings.ContainsAny(words[0], "=:, ")
}

// sdkWordAdvice is advice, what to do about the word of a tag that invopop ignores, and, when
// sdkWord takes the tag for a description in the MCP Go SDK's form, how to write it as one.
func sdkWordAdvice(advice string, words []string) string {
	if !sdkWord(words) {
		return advice
	}
	or := ", or"
	if strings.HasSuffix(advice, "?") {
		or = " Or"
	}
	return advice + or + ", if it is the MCP Go SDK's description form, write description=" + words[0]
}

// sdkWordFix is an ignored tag word's problem, with the edit that writes a tag that sdkWord takes
// for a description in the MCP Go SDK's form as invopop's description=, as cardvet -fix makes it:
// the schema then has the description the SDK gave the field.
func sdkWordFix(words []string) Problem {
	p := Problem{Ignored: true}
	if sdkWord(words) {
		p.FixOld, p.FixText = words[0], "description="+words[0]
	}
	return p
}

// jsonOptionWord reports the word i of a jsonschema tag that is an option of encoding/json's tag
// (omitempty, omitzero, string), which invopop ignores: after description= it reads as part of the
// text, but the comma ends the description, and the option does nothing where it is. It says
// whether jsonTag, the field's json tag, has the option already, and else what it would be with
// it. quotable says that the string option applies to the field's type, which t describes.
func (m *mapper) jsonOptionWord(at site, i int, opt string, t *jsonschema.Schema, jsonTag string, quotable bool) {
	var where string
	switch {
	case hasOption(strings.Split(jsonTag, ","), opt):
		where = "the json tag has it already"
	case opt == "string" && !(quotable && (t.Type == "integer" || t.Type == "number" || t.Type == "boolean")):
		where = "as a json tag option it quotes only numbers and booleans"
	default:
		with := jsonTag + "," + opt
		where = fmt.Sprintf("put it in the json tag, json:%q", with)
		if opt == "string" {
			where += ", if encoding/json is to write the value as a JSON string"
		} else {
			where += ", to make the field optional"
		}
	}
	m.tagIgnoredf(at, wordSpot(i, false), "jsonschema tag: %s is a json tag option, not a jsonschema keyword, so invopop ignores it; remove it from the jsonschema tag (%s)", opt, where)
}

// sdkDescription reports whether the words of a jsonschema tag are a description written as the
// MCP Go SDK's inference reads its tag, the whole tag one description (jsonschema:"the order's
// id", "the user id, required", "sort order: asc or desc (default=asc)"): its first word is prose,
// with a space inside, which no invopop keyword is, and it does not start with WORD=, which the
// SDK forbids.
func sdkDescription(words []string) bool {
	first := strings.TrimSpace(words[0])
	if !strings.Contains(first, " ") {
		return false
	}
	name, _, isKey := strings.Cut(first, "=")
	return !isKey || strings.ContainsAny(name, " ()")
}

// javaScriptPattern says what JavaScript refuses in pattern (which RE2 compiles), or "": JSON
// Schema's patterns are ECMA-262 regular expressions, and TypeScript MCP clients (the official
// SDK, through ajv) compile each with new RegExp(pattern, "u"), refusing the whole tool when one
// does not compile. When every construct has an exact JavaScript form, the message ends with
// the whole pattern rewritten.
func javaScriptPattern(pattern string) string {
	probs := ecmapattern.Check(pattern)
	if len(probs) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "pattern=%s is not a regular expression JavaScript reads as Go does, and TypeScript MCP clients compile patterns as JavaScript (new RegExp with the u flag), refusing the tool's schema: ", pattern)
	fixed, end, exact := strings.Builder{}, 0, true
	for i, p := range probs {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(p.Message)
		exact = exact && p.Fix != "" && p.Offset >= end
		if exact {
			fixed.WriteString(pattern[end:p.Offset])
			fixed.WriteString(p.Fix)
			end = p.Offset + len(p.Text)
		}
	}
	if exact {
		fixed.WriteString(pattern[end:])
		fmt.Fprintf(&b, "; in all, pattern=%s", fixed.String())
	}
	return b.String()
}

// jsonSchemaFormats are the formats JSON Schema 2020-12 defines. A format of one's own is allowed
// (validators ignore it, and the model reads it as a note), but one a letter or two from these
// is a misspelling that turns a check off without a word: format=emial.
var jsonSchemaFormats = []string{
	"date-time", "date", "time", "duration", "email", "idn-email", "hostname", "idn-hostname",
	"ipv4", "ipv6", "uri", "uri-reference", "iri", "iri-reference", "uuid", "uri-template",
	"json-pointer", "relative-json-pointer", "regex",
}

// formatSpellings are other spellings of JSON Schema's formats that people write for them.
var formatSpellings = map[string]string{
	"url": "uri", "datetime": "date-time", "date_time": "date-time", "e-mail": "email",
	"ip4": "ipv4", "ip6": "ipv6", "guid": "uuid", "regexp": "regex",
}

// misspeltFormat returns the JSON Schema format that format is certainly a misspelling of, or "":
// the same letters in another case (Email), one letter left out, added or swapped with its
// neighbour in a word of four letters or more (emial, hostnme), or a known other spelling (url,
// datetime). A letter replaced by another is not taken for a typo: mime, a format of one's own,
// is one letter from time.
func misspeltFormat(format string) string {
	if meant, ok := formatSpellings[strings.ToLower(format)]; ok {
		return meant
	}
	for _, f := range jsonSchemaFormats {
		if strings.EqualFold(format, f) || len(format) >= 4 && len(f) >= 4 && oneEditNoSubstitution(strings.ToLower(format), f) {
			return f
		}
	}
	return ""
}

// oneEditNoSubstitution reports whether a becomes b by one insertion, one deletion, or one swap of
// neighbouring characters.
func oneEditNoSubstitution(a, b string) bool {
	switch {
	case len(a) == len(b):
		for i := 0; i+1 < len(a); i++ {
			if a[i] != b[i] {
				return a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
			}
		}
		return false
	case len(a) == len(b)+1:
		a, b = b, a
	case len(a)+1 != len(b):
		return false
	}
	// a is one shorter than b: b with one character left out.
	for i := 0; i < len(b); i++ {
		if a == b[:i]+b[i+1:] {
			return true
		}
	}
	return false
}

// openAPIFormats are OpenAPI's own formats, which people bring along on purpose (byte is two
// letters from date).
var openAPIFormats = []string{"int32", "int64", "float", "double", "byte", "binary", "password"}

// binaryExact reports whether the decimal number n is a fraction with a power of two below the
// line (3, 0.5, 0.375): those are exact as floating-point numbers, and a validator that divides a
// value by them in floating point (jsonschema-go, JavaScript) gets a whole number for every
// multiple. 0.1 is not: 0.3 / 0.1 is 2.9999999999999996 in float64.
func binaryExact(n string) bool {
	r, ok := new(big.Rat).SetString(n)
	if !ok {
		return true // not a number: reported elsewhere
	}
	d := r.Denom()
	return d.BitLen() > 0 && new(big.Int).And(d, new(big.Int).Sub(d, big.NewInt(1))).Sign() == 0
}

// A bound is one end of a range a tag gives: its keyword, its value, and whether the value
// itself is out (exclusiveMinimum, exclusiveMaximum).
type bound struct {
	key       string
	value     float64
	exclusive bool
}

// checkEmptyRange reports bounds that no value meets (minimum=5,maximum=1, exclusiveMinimum=3,
// exclusiveMaximum=3, minLength above maxLength, minItems above maxItems): the MCP Go SDK then
// refuses every value of the field, and invopop writes them without a word.
func (m *mapper) checkEmptyRange(s *jsonschema.Schema, at site) {
	num := func(key string, n json.Number, exclusive bool) *bound {
		if n == "" {
			return nil // most fields: no bound, and no error value to make
		}
		f, err := n.Float64()
		if err != nil {
			return nil
		}
		return &bound{key, f, exclusive}
	}
	count := func(key string, n *uint64) *bound {
		if n == nil {
			return nil
		}
		return &bound{key, float64(*n), false}
	}
	// tighter returns the bound of a and b that leaves less room: the higher low end (low), or
	// the lower high end.
	tighter := func(a, b *bound, low bool) *bound {
		switch {
		case a == nil:
			return b
		case b == nil:
			return a
		case a.value == b.value:
			if b.exclusive {
				return b
			}
			return a
		case (a.value > b.value) == low:
			return a
		}
		return b
	}
	numbers := [2]*bound{tighter(num("minimum", s.Minimum, false), num("exclusiveMinimum", s.ExclusiveMinimum, true), true),
		tighter(num("maximum", s.Maximum, false), num("exclusiveMaximum", s.ExclusiveMaximum, true), false)}
	if slices.Contains(m.pastTypeRange, s) {
		numbers = [2]*bound{} // reported with the type's range, which no tag wrote
	}
	for _, r := range [][2]*bound{
		numbers,
		{count("minLength", s.MinLength), count("maxLength", s.MaxLength)},
		{count("minItems", s.MinItems), count("maxItems", s.MaxItems)},
	} {
		lo, hi := r[0], r[1]
		if lo == nil || hi == nil || lo.value < hi.value || lo.value == hi.value && !lo.exclusive && !hi.exclusive {
			continue
		}
		m.tagIgnoredf(at, tagSpot{key: "jsonschema", word: -1, find: hi.key, name: true, value: true},
			"jsonschema tag: %s=%s and %s=%s leave no value in between, so the MCP Go SDK refuses every value of the field; fix the bounds",
			lo.key, strconv.FormatFloat(lo.value, 'f', -1, 64), hi.key, strconv.FormatFloat(hi.value, 'f', -1, 64))
		return
	}
}

// misspelt reports the word at sp, which invopop or encoding/json ignores, with reason. When the
// word is certainly a misspelling of one of fixes (textdist.Certain: one close candidate, not a
// prefix of several), the problem carries the edit that writes that one instead, which cardvet
// -fix applies without asking; reason's "did you mean" may name a likely word where no edit is
// certain. The word starts the spot: a keyword before its "=", or a json option.
func (m *mapper) misspelt(at site, sp tagSpot, word string, fixes []string, reason string) {
	p := Problem{Ignored: true}
	word = strings.TrimLeft(word, " \t")
	if meant := textdist.Certain(word, fixes); meant != "" {
		p.FixOld, p.FixText = word, meant
	}
	m.reportTag(at, sp, p, reason)
}

// jsonTypes are the types a JSON schema's "type" names.
var jsonTypes = []string{"string", "number", "integer", "boolean", "object", "array", "null"}

// unknownType returns the first of the ;-separated types of a type, oneof_type or anyof_type
// value that is not a JSON schema type, or "".
func unknownType(val string) string {
	for ty := range strings.SplitSeq(val, ";") {
		if !slices.Contains(jsonTypes, ty) {
			return ty
		}
	}
	return ""
}

// advice is "did you mean X?" for the candidate closest to word, or otherwise.
func advice(word string, candidates []string, otherwise string) string {
	if c := textdist.Closest(word, candidates); c != "" {
		return "did you mean " + c + "?"
	}
	return otherwise
}

// typeName names t's JSON type for a message.
func typeName(t *jsonschema.Schema) string {
	switch {
	case t.Type == "array" && t.Items != nil && t.Items.Type != "":
		return "array of " + t.Items.Type
	case t.Type != "":
		return t.Type
	}
	return "with no single type"
}

// appliesTo names the JSON types that take keyword name.
func appliesTo(name string) string {
	var types []string
	if slices.Contains(tagStringKeys, name) {
		types = append(types, "strings")
	}
	if slices.Contains(tagNumberKeys, name) {
		types = append(types, "numbers")
	}
	if slices.Contains(tagArrayKeys, name) {
		types = append(types, "arrays")
	}
	return strings.Join(types, " and ")
}

// jsonOptions are the options of a json tag that encoding/json reads. jsonV2Options are those
// only encoding/json/v2 reads (with format:… and case:…). They are reported too, not accepted:
// the MCP Go SDK decodes a tool's input and encodes its output with encoding/json (v1), which
// ignores them, so a field the schema flattens for inline (as invopop does) is never set, and
// the others silently do nothing.
var (
	jsonOptions   = []string{"omitempty", "omitzero", "string"}
	jsonV2Options = []string{"inline", "unknown", "nocase", "strictcase"}
)

// checkJSONOptions reports the options of a field's json tag that encoding/json does not read: a
// misspelt omitempty silently makes the field required in the schema, and an encoding/json/v2
// option does nothing where the SDK reads and writes JSON.
func (m *mapper) checkJSONOptions(tag string, at site) {
	_, opts, _ := strings.Cut(tag, ",")
	for o := range strings.SplitSeq(opts, ",") {
		opt := tagSpot{key: "json", word: -1, find: o}
		switch {
		case o == "" || slices.Contains(jsonOptions, o):
		case o == "inline":
			m.tagIgnoredf(at, opt, "json tag: option \"inline\" is read by encoding/json/v2 only, and the MCP Go SDK decodes with encoding/json, so the fields the schema flattens from it are never set; "+
				"embed the struct as an anonymous field (no json name) to flatten it")
		case slices.Contains(jsonV2Options, o) || strings.HasPrefix(o, "format:") || strings.HasPrefix(o, "case:"):
			m.tagIgnoredf(at, opt, "json tag: option %q is read by encoding/json/v2 only, and the MCP Go SDK reads and writes JSON with encoding/json, which ignores it; remove it", o)
		default:
			m.misspelt(at, opt, o, jsonOptions,
				fmt.Sprintf("json tag: option %q is not one encoding/json knows, so it ignores it; %s", o,
					advice(o, jsonOptions, "remove it (the options are "+strings.Join(jsonOptions, ", ")+")")))
		}
	}
}

// DefaultProblem starts the message of a problem about a default= value that does not validate
// against its field's own schema.
const DefaultProblem = "jsonschema default="

// checkDefault reports a default (from a jsonschema default= tag) that does not validate against
// s, the field's own schema, with the validator the MCP Go SDK uses: mcp.AddTool resolves a tool's
// schemas with ValidateDefaults and panics on such a schema, and register.AddTool fails every call
// of the tool. invopop writes such defaults without a word: a default= on a []int is a list of
// strings, and nothing checks a default against enum= or minimum=. It runs only for fields with a
// default.
func (m *mapper) checkDefault(s *jsonschema.Schema, at site) bool {
	b, err := appendSchema(nil, s)
	if err != nil {
		return false // a number JSON cannot hold, reported where it was parsed
	}
	msg, ok := defaultVerdicts.Load(string(b))
	if !ok {
		msg = defaultError(b)
		defaultVerdicts.Store(string(b), msg)
	}
	if msg == "" {
		return true
	}
	d, _ := json.Marshal(s.Default)
	todo := "change the default, or the constraints it breaks"
	if s.Type == "array" {
		todo = "remove the default: invopop makes a list of strings of default= on an array, which only an array of strings takes"
	}
	m.tagProblemf(at, defaultSpot(s), "%s%s does not match the field's own schema (%s), so the MCP Go SDK refuses the tool's schema and every call fails; %s",
		DefaultProblem, d, msg, todo)
	return false
}

// checkRequiredDefault reports the valid default s.Default of the input property name that is
// required: the MCP Go SDK applies a default only to a property the schema does not require, so
// a client must send the property all the same and the default is never used. invopop makes
// every field without omitempty or omitzero required.
func (m *mapper) checkRequiredDefault(s *jsonschema.Schema, name string, at site) {
	d, _ := json.Marshal(s.Default)
	m.tagIgnoredf(at, defaultSpot(s), "jsonschema tag: default=%s on a required field: the MCP Go SDK applies a default only to a property that is not required, so a client must send %s all the same; "+
		"add omitempty or omitzero to its json tag to make it optional, or remove the default", d, name)
}

// defaultVerdicts caches defaultError by schema: the same field types and tags recur across the
// tools of a package, and resolving a schema costs far more than marshalling it.
var defaultVerdicts sync.Map // schema JSON → defaultError's result

// defaultError returns why the SDK's validator refuses the default of the schema b, or "".
func defaultError(b []byte) string {
	_, err := sdkschema.Resolve(b)
	if err == nil {
		return ""
	}
	var plain gjsonschema.Schema
	if json.Unmarshal(b, &plain) != nil {
		return ""
	}
	if _, err := plain.Resolve(nil); err != nil {
		return "" // the schema does not resolve for another reason than its default (a oneof_ref)
	}
	return strings.TrimPrefix(err.Error(), "validating root: ")
}

// defaultSpot is the default= word of the jsonschema tag that gave s its default: for an array,
// which collects every default= word, the first; otherwise the one whose value invopop kept.
func defaultSpot(s *jsonschema.Schema) tagSpot {
	if s.Type == "array" {
		return tagSpot{key: "jsonschema", word: -1, find: "default", value: true, name: true}
	}
	return findSpot(fmt.Sprint("default=", s.Default), true)
}

// noteRefs records the $ref alternatives a field's oneof_ref or anyof_ref tag gave its schema t
// (or t's items), for checkRefs.
func (m *mapper) noteRefs(t *jsonschema.Schema, at site) {
	for _, s := range []*jsonschema.Schema{t, t.Items} {
		if s == nil {
			continue
		}
		for i, alts := range [][]*jsonschema.Schema{s.OneOf, s.AnyOf} {
			for _, a := range alts {
				if a.Ref != "" {
					f, tag := m.fieldAt(at) // the field's struct is being mapped: found now, not later
					m.refs = append(m.refs, refAt{s: a, key: []string{"oneof_ref", "anyof_ref"}[i], at: at, field: Field{Var: f, Tag: tag}})
				}
			}
		}
	}
}

// checkRefs reports each $ref of a oneof_ref or anyof_ref tag that the MCP Go SDK cannot resolve
// in top, the complete schema: the SDK resolves every $ref when it resolves a tool's schema and
// refuses the whole schema when one points nowhere, so every call fails. Like the problems of
// checkTagValues, it leaves the schema as invopop makes it (Problem.Ignored) and still stops the
// generator. cardgen's schemas are one
// inline tree without $defs, so invopop's usual #/$defs/Name never resolves. Each $ref is tried
// alone, the others pointing at the root meanwhile, so that each problem names its own.
func (m *mapper) checkRefs(top *jsonschema.Schema) {
	if len(m.refs) == 0 {
		return
	}
	refs := make([]string, len(m.refs))
	for i, r := range m.refs {
		refs[i] = r.s.Ref
		r.s.Ref = "#"
	}
	defer func() {
		for i, r := range m.refs {
			r.s.Ref = refs[i]
		}
	}()
	// A pattern that does not compile, reported already, would fail every try: left out meanwhile.
	for _, p := range m.badPatterns {
		p.s.Pattern = ""
	}
	defer func() {
		for _, p := range m.badPatterns {
			p.s.Pattern = p.pattern
		}
	}()
	if b, err := appendSchema(nil, top); err != nil {
		return
	} else if _, err := resolveRefs(b); err != nil {
		return // the schema fails for another reason, reported where it was made
	}
	for i, r := range m.refs {
		r.s.Ref = refs[i]
		b, err := appendSchema(nil, top)
		if err == nil {
			_, err = resolveRefs(b)
		}
		r.s.Ref = "#"
		if err != nil {
			m.reportTagOf(r.at, r.field.Var, r.field.Tag, tagSpot{key: "jsonschema", word: -1, find: r.key, name: true, value: true}, Problem{Ignored: true},
				fmt.Sprintf("jsonschema tag: %s: the MCP Go SDK cannot resolve $ref %q in the tool's schema (%v), so it refuses the schema and every call fails; "+
					"cardgen's schemas are inline, without $defs, so point at a place in the schema itself (#/properties/…) or use %s_type",
					r.key, refs[i], err, strings.TrimSuffix(r.key, "_ref")))
		}
	}
}

// patternVerdicts caches compilePattern's errors by pattern: the same tags recur across the
// tools of a package.
var patternVerdicts sync.Map // pattern → error (nil for one that compiles)

// compilePattern returns the error of regexp.Compile, which the SDK's resolver calls, for p.
func compilePattern(p string) error {
	if v, ok := patternVerdicts.Load(p); ok {
		err, _ := v.(error)
		return err
	}
	_, err := regexp.Compile(p)
	patternVerdicts.Store(p, err)
	return err
}

// badPattern is a schema whose pattern Go's regexp does not compile.
type badPattern struct {
	s       *jsonschema.Schema
	pattern string
}

// resolveRefs resolves the schema b as the MCP Go SDK does, $refs included, but without checking
// defaults: a default that does not validate is reported on its own (checkDefault).
func resolveRefs(b []byte) (*gjsonschema.Resolved, error) {
	var s gjsonschema.Schema
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, err
	}
	return s.Resolve(nil)
}

// alwaysHolds reports each alternative of a struct's oneOf or anyOf (made by oneof_required and
// anyof_required tags) whose fields st, the struct's schema, requires anyway (their json tags
// have no omitempty or omitzero): the alternative always holds, so the choice means nothing, and
// oneOf, which wants exactly one alternative to hold, refuses every value once two always hold.
// It is reported at the first of the struct's fields cs that names it; the schema is invopop's.
func (m *mapper) alwaysHolds(st *jsonschema.Schema, cs []cand) {
	for _, list := range []struct {
		key  string
		alts []*jsonschema.Schema
	}{{"oneof_required", st.OneOf}, {"anyof_required", st.AnyOf}} {
		key := list.key
		for _, alt := range list.alts {
			if len(alt.Required) == 0 || slices.ContainsFunc(alt.Required, func(n string) bool { return !contains(st.Required, n) }) {
				continue
			}
			word := key + "=" + alt.Title
			for _, c := range cs {
				if slices.Contains(jsonschematag.Split(reflect.StructTag(c.field.Tag).Get("jsonschema")), word) {
					m.reportTagOf(c.at, c.field.Var, c.field.Tag, tagSpot{key: "jsonschema", word: -1, find: word}, Problem{Ignored: true},
						fmt.Sprintf("jsonschema tag: %s names an alternative whose fields (%s) the schema requires anyway (their json tags have no omitempty or omitzero), so it always holds: "+
							"the choice means nothing, and oneOf refuses every value once two alternatives always hold; add omitempty or omitzero to their json tags", word, strings.Join(alt.Required, ", ")))
					break
				}
			}
		}
	}
}

// textDecoders are the standard library's types with a JSON schema of type string whose
// encoding/json decoding parses the string: the parser encoding/json uses for each, and an
// example of what it reads.
var textDecoders = map[[2]string]struct {
	decode  func([]byte) error
	example string
}{
	{"time", "Time"}:          {decodeText[time.Time], "RFC 3339, as in 2024-01-02T15:04:05Z"},
	{"net", "IP"}:             {decodeText[net.IP], "192.0.2.1"},
	{"net/netip", "Addr"}:     {decodeText[netip.Addr], "192.0.2.1"},
	{"net/netip", "AddrPort"}: {decodeText[netip.AddrPort], "192.0.2.1:80"},
	{"net/netip", "Prefix"}:   {decodeText[netip.Prefix], "192.0.2.0/24"},
}

// decodeText decodes b into a T of its own with T's UnmarshalText, as encoding/json decodes a
// JSON string into a T. A value per call: the schemas of a package's tools are mapped in
// parallel, and one shared T would be written by all of them at once.
func decodeText[T any, P interface {
	*T
	encoding.TextUnmarshaler
}](b []byte) error {
	var v T
	return P(&v).UnmarshalText(b)
}

// checkDefaultDecodes reports the default of an input field of type t (time.Time, net.IP or a
// net/netip type; pointers to them too) that encoding/json cannot decode into t: the MCP Go SDK
// puts the default into the arguments of every call without the field, which the schema (a
// string, whose format the SDK does not check) lets through, and decoding then fails.
func (m *mapper) checkDefaultDecodes(t types.Type, s *jsonschema.Schema, at site) {
	v, ok := s.Default.(string)
	if !ok {
		return
	}
	n, ok := deref(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return
	}
	d, ok := textDecoders[[2]string{n.Obj().Pkg().Path(), n.Obj().Name()}]
	if !ok {
		return
	}
	if err := d.decode([]byte(v)); err != nil {
		m.tagIgnoredf(at, defaultSpot(s), "jsonschema tag: default=%s cannot be decoded into %s (%v), and the MCP Go SDK puts the default into every call without the field, so each such call fails; write it as encoding/json reads a %s: %s",
			v, typeString(n), err, typeString(n), d.example)
	}
}

// checkExtras reports each key of a field's jsonschema_extras that makes a schema the MCP Go SDK
// cannot read or resolve: invopop writes every value as a string but true, false and the key
// minimum, so "minProperties":"1" or "maxLength":"5", which the SDK's schema type cannot decode,
// and it refuses the tool's schema, so every call fails; a pattern is compiled as any other.
// The schema is invopop's.
func (m *mapper) checkExtras(extras map[string]any, at site) {
	for _, k := range slices.Sorted(maps.Keys(extras)) {
		b, err := json.Marshal(map[string]any{k: extras[k]})
		if err != nil {
			continue
		}
		if err := extraError(b); err != nil {
			m.tagIgnoredf(at, tagSpot{key: "jsonschema_extras", word: -1, find: k, name: true, value: true},
				"jsonschema_extras tag: %s makes the schema %s, which the MCP Go SDK cannot read (%v), so it refuses the tool's schema and every call fails; "+
					"invopop writes a jsonschema_extras value as a string (but true, false and minimum), so set a keyword that takes a number or a list in a JSONSchemaExtend method of the type instead", k, b, err)
		}
	}
}

// extraVerdicts caches extraError by the extra's JSON: the same tags recur across a package.
var extraVerdicts sync.Map // JSON → error (nil when the SDK reads it)

// extraError returns why the MCP Go SDK cannot read or resolve the schema b, or nil.
func extraError(b []byte) error {
	if v, ok := extraVerdicts.Load(string(b)); ok {
		err, _ := v.(error)
		return err
	}
	var s gjsonschema.Schema
	err := json.Unmarshal(b, &s)
	if err == nil {
		_, err = s.Resolve(nil)
	}
	extraVerdicts.Store(string(b), err)
	return err
}
