package validatortext

import (
	"encoding/json"
	"math"
	"slices"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/cardgen/cardgen/internal/sdkschema"
)

// refusal is the validator's message for value against schema, which it must refuse.
func refusal(t *testing.T, schema, value string) (string, *jsonschema.Schema) {
	t.Helper()
	resolved, err := sdkschema.Resolve([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal([]byte(value), &v); err != nil {
		t.Fatal(err)
	}
	verr := resolved.Validate(&v)
	if verr == nil {
		t.Fatalf("%s: the validator accepted %s", schema, value)
	}
	return verr.Error(), resolved.Schema()
}

// TestBounds: the validator writes the value a bound refuses as a fraction and the bound with
// six decimals; Bounds writes both as numbers, the bound as the schema at the line's path has
// it (1e-7 is 0.000000 in six decimals), through properties, items, a nullable schema and a
// $ref's target, and keeps the places the line names.
func TestBounds(t *testing.T) {
	const schema = `{"type":"object","$defs":{"tiny":{"type":"number","exclusiveMinimum":1e-7}},"properties":{` +
		`"n":{"type":"number","maximum":10},` +
		`"tiny":{"type":"number","maximum":1e-7},` +
		`"l":{"type":"array","items":{"type":"integer","maximum":1e-7}},` +
		`"nul":{"oneOf":[{"type":"number","minimum":0.5},{"type":"null"}]},` +
		`"ref":{"$ref":"#/$defs/tiny"},` +
		`"big":{"type":"number","minimum":1e30}}}`
	for value, want := range map[string]string{
		`{"n":10.5}`:      "validating root: validating /properties/n: maximum: 10.5 is greater than 10",
		`{"n":11}`:        "validating root: validating /properties/n: maximum: 11 is greater than 10",
		`{"tiny":1}`:      "validating root: validating /properties/tiny: maximum: 1 is greater than 1e-7",
		`{"l":[1]}`:       "validating root: validating /properties/l: validating /properties/l/items: maximum: 1 is greater than 1e-7",
		`{"ref":0}`:       "validating root: validating /properties/ref: validating /$defs/tiny: exclusiveMinimum: 0 is less than or equal to 1e-7",
		`{"big":1e29}`:    "validating root: validating /properties/big: minimum: 1e+29 is less than 1e+30",
		`{"n":1.5e300}`:   "validating root: validating /properties/n: maximum: 1.5e+300 is greater than 10",
		`{"n":123456789}`: "validating root: validating /properties/n: maximum: 123456789 is greater than 10",
	} {
		msg, root := refusal(t, schema, value)
		if got := Bounds(msg, root); got != want {
			t.Errorf("%s: Bounds(%q) =\n%q; want\n%q", value, msg, got, want)
		}
	}
	// The nullable field's bound is in its alternative, which sdkschema.Explain's path skips.
	msg, root := refusal(t, schema, `{"nul":0.25}`)
	resolvedRaw := []byte(schema)
	var v any = map[string]any{"nul": 0.25}
	explained := sdkschema.Explain(resolvedRaw, v, errString(msg)).Error()
	if got, want := Bounds(explained, root), "validating /properties/nul: minimum: 0.25 is less than 0.5"; got != want {
		t.Errorf("Bounds(%q) = %q; want %q", explained, got, want)
	}
	// Without a schema that has the bound, its zeros are cut.
	if got, want := Bounds("validating /nowhere: minimum: 1/4 is less than 2.500000", root), "validating /nowhere: minimum: 0.25 is less than 2.5"; got != want {
		t.Errorf("Bounds without a schema = %q; want %q", got, want)
	}
}

type errString string

func (e errString) Error() string { return string(e) }

// TestBoundsOnlyTheValidatorsPhrase: a value of the client's that the validator quotes can read
// like a bound's phrase; it is the client's text and is left as it is. A pattern's refusal quoted
// "maximum: 1/2 is less than 3.000000", and its fraction was rewritten as if the validator had
// written it.
func TestBoundsOnlyTheValidatorsPhrase(t *testing.T) {
	msg, root := refusal(t, `{"type":"object","properties":{"p":{"type":"string","pattern":"^a$"}}}`,
		`{"p":"maximum: 1/2 is less than 3.000000"}`)
	if got := Bounds(msg, root); got != msg {
		t.Errorf("Bounds(%q) = %q; want it unchanged", msg, got)
	}
}

// TestNumber: a fraction or six decimals as the validator prints them, as a number.
func TestNumber(t *testing.T) {
	for in, want := range map[string]string{
		"3/1":                      "3",
		"-21/2":                    "-10.5",
		"1.500000":                 "1.5",
		"0.000000":                 "0",
		"18446744073709551615/1":   "18446744073709551615",
		"-9223372036854775808/1":   "-9223372036854775808",
		"100000000000000000000/1":  "100000000000000000000",
		"1000000000000000000000/1": "1e+21",
		"1/3":                      "0.3333333333333333",
		"x":                        "x",
	} {
		if got := Number(in); got != want {
			t.Errorf("Number(%q) = %q; want %q", in, got, want)
		}
	}
}

// TestPlace: the innermost place the validator names, and what it says there.
func TestPlace(t *testing.T) {
	for msg, want := range map[string][2]string{
		"validating root: validating /properties/a: validating /properties/a/items: enum: x": {"/properties/a/items", "enum: x"},
		"validating root: required: missing properties: [\"a\"]":                             {"root", "required: missing properties: [\"a\"]"},
		"oneOf: did not validate": {"", "oneOf: did not validate"},
		"validating https://example.com/x: validating /properties/n: minimum: 0/1": {"/properties/n", "minimum: 0/1"},
	} {
		if path, what := Place(msg); path != want[0] || what != want[1] {
			t.Errorf("Place(%q) = %q, %q; want %q, %q", msg, path, what, want[0], want[1])
		}
	}
}

// TestWalk: each place the validator names is followed to its schema: properties (escaped as a
// JSON pointer escapes them), items and draft 7's items array, prefixItems, the alternatives,
// $defs, a nullable schema's alternative; a path through a keyword it does not know, or to no
// schema, is not.
func TestWalk(t *testing.T) {
	root := resolve(t, `{"$id":"https://example.com/x","type":"object","$defs":{"d":{"type":"string","title":"d"}},"properties":{`+
		`"a/b~c":{"title":"slash"},`+
		`"l":{"type":"array","items":{"title":"item"},"prefixItems":[{"title":"first"}]},`+
		`"o":{"anyOf":[{"title":"alt0"},{"title":"alt1"}]},`+
		`"n":{"oneOf":[{"type":"null"},{"type":"object","properties":{"x":{"title":"inside"}}}]},`+
		`"x":{"not":{"title":"not"}}}}`)
	for path, title := range map[string]string{
		"/properties/a~1b~0c":          "slash",
		"/properties/l/items":          "item",
		"/properties/l/prefixItems/0":  "first",
		"/properties/o/anyOf/1":        "alt1",
		"/properties/n/properties/x":   "inside",
		"/properties/n/oneOf/1":        "",
		"/$defs/d":                     "d",
		"/properties/x/not":            "not",
		"https://example.com/x":        "",
		"root":                         "",
		"/properties/l/prefixItems/1":  "-",
		"/properties/missing":          "-",
		"/properties/l/unknownKeyword": "-",
	} {
		s := SchemaAt(root, path)
		switch {
		case title == "-" && s != nil:
			t.Errorf("SchemaAt(%q) = %v; want none", path, s)
		case title != "-" && (s == nil || s.Title != title):
			t.Errorf("SchemaAt(%q) = %+v; want the schema titled %q", path, s, title)
		}
	}
	draft7 := resolve(t, `{"$schema":"http://json-schema.org/draft-07/schema#","type":"array","items":[{"title":"zero"},{"title":"one"}]}`)
	if s := SchemaAt(draft7, "/items/1"); s == nil || s.Title != "one" {
		t.Errorf("SchemaAt(/items/1) of a draft 7 items array = %+v; want the schema titled one", s)
	}
}

func resolve(t *testing.T, schema string) *jsonschema.Schema {
	t.Helper()
	r, err := sdkschema.Resolve([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	return r.Schema()
}

// TestPlain: what is left of Go in the validator's messages, from the validator itself: a null
// as the reflect.Value of a nil interface, a value a type refuses in %v (said in one form for
// every type, a number as JSON writes it: 1e-7, not 1e-07), lists of names in %q or
// as one string, an array a contains refuses printed with %s, and "<anonymous schema>". The
// client's own text is not taken for the validator's: a string that holds "<invalid
// reflect.Value>" or a contains phrase is quoted, or left out with the array it is in.
func TestPlain(t *testing.T) {
	const schema = `{"type":"object","properties":{` +
		`"s":{"type":"string"},"n":{"type":"integer"},"e":{"enum":["a"]},"t":{"type":["string","null"]},` +
		`"l":{"type":"array","contains":{"type":"integer"}},"x":{"not":{"type":"string"}},` +
		`"any":{"anyOf":[{"contains":{"type":"integer"}},{"contains":{"type":"boolean"}}]},"r":{"type":"object","required":["a","b\u0001"]},"strict":{"type":"object","additionalProperties":false},` +
		`"either":{"anyOf":[{"type":"string"},{"type":"integer"}]}}}`
	for value, want := range map[string]string{
		`{"s":null}`:                      `validating root: validating /properties/s: type: got null, want "string"`,
		`{"s":1.5}`:                       `validating root: validating /properties/s: type: got the number 1.5, want "string"`,
		`{"s":1e-7}`:                      `validating root: validating /properties/s: type: got the number 1e-7, want "string"`,
		`{"s":1e21}`:                      `validating root: validating /properties/s: type: got the number 1e+21, want "string"`,
		`{"s":false}`:                     `validating root: validating /properties/s: type: got false, want "string"`,
		`{"s":{"a":1}}`:                   `validating root: validating /properties/s: type: got an object, want "string"`,
		`{"s":[1,"x"]}`:                   `validating root: validating /properties/s: type: got an array, want "string"`,
		`{"t":1}`:                         `validating root: validating /properties/t: type: got the number 1, want one of "string", "null"`,
		`{"n":"<invalid reflect.Value>"}`: `validating root: validating /properties/n: type: got the string "<invalid reflect.Value>", want "integer"`,
		`{"t":{}}`:                        `validating root: validating /properties/t: type: got an object, want one of "string", "null"`,
		`{"l":[true,"x\ny"]}`:             `validating root: validating /properties/l: contains: no item matches the condition`,
		`{"l":["a does not have an item matching b\n"]}`:  `validating root: validating /properties/l: contains: no item matches the condition`,
		`{"l":["a does not have an item matching b\nc"]}`: `validating root: validating /properties/l: contains: no item matches the condition`,
		`{"any":["x\ny"]}`: "validating root: validating /properties/any: anyOf: did not validate against any of [the condition the condition]:\n" +
			"validating /properties/any/anyOf/0: contains: no item matches the condition\nvalidating /properties/any/anyOf/1: contains: no item matches the condition",
		// The client's string holds the validator's words: the refusal ends at the validator's
		// own ending, and the string is quoted whole.
		`{"n":"x has type \"object\", want y"}`:           `validating root: validating /properties/n: type: got the string "x has type \"object\", want y", want "integer"`,
		`{"n":"x has type \"object\", want \"integer\""}`: `validating root: validating /properties/n: type: got the string "x has type \"object\", want \"integer\"", want "integer"`,
		// Each alternative of an anyOf is refused on its own line, and rewritten on its own.
		`{"either":{"a":1}}`: "validating root: validating /properties/either: anyOf: did not validate against any of [the condition the condition]:\n" +
			`validating /properties/either/anyOf/0: type: got an object, want "string"` + "\n" +
			`validating /properties/either/anyOf/1: type: got an object, want "integer"`,
		`{"x":"s"}`:            `validating root: validating /properties/x: not: validated against the condition`,
		`{"r":{}}`:             `validating root: validating /properties/r: required: missing properties: ["a","b\u0001"]`,
		`{"strict":{"q\"":1}}`: `validating root: validating /properties/strict: unexpected additional properties ["q\""]`,
	} {
		msg, _ := refusal(t, schema, value)
		if got := Plain(msg, "the condition"); got != want {
			t.Errorf("%s: Plain(%q) =\n%q; want\n%q", value, msg, got, want)
		}
	}
}

// TestItemSchema: each item's schema, by prefixItems, draft 7's items array and additionalItems
// after it, and items, through a nullable array's alternative; none where the array has none.
func TestItemSchema(t *testing.T) {
	draft7 := resolve(t, `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{`+
		`"tuple":{"type":"array","items":[{"title":"zero"},{"title":"one"}],"additionalItems":{"title":"more"}},`+
		`"closed":{"type":"array","items":[{"title":"only"}]}}}`)
	current := resolve(t, `{"type":"object","properties":{`+
		`"mixed":{"type":"array","prefixItems":[{"title":"first"}],"items":{"title":"rest"}},`+
		`"maybe":{"oneOf":[{"type":"null"},{"type":"array","items":{"title":"item"}}]},`+
		`"bare":{"type":"array"}}}`)
	for _, c := range []struct {
		s     *jsonschema.Schema
		i     int
		title string
	}{
		{draft7.Properties["tuple"], 0, "zero"},
		{draft7.Properties["tuple"], 1, "one"},
		{draft7.Properties["tuple"], 5, "more"},
		{draft7.Properties["closed"], 0, "only"},
		{draft7.Properties["closed"], 1, "-"},
		{current.Properties["mixed"], 0, "first"},
		{current.Properties["mixed"], 3, "rest"},
		{current.Properties["maybe"], 2, "item"},
		{current.Properties["bare"], 0, "-"},
		{nil, 0, "-"},
	} {
		got := ItemSchema(c.s, c.i)
		switch {
		case c.title == "-" && got != nil:
			t.Errorf("ItemSchema(%v, %d) = %+v; want none", c.s, c.i, got)
		case c.title != "-" && (got == nil || got.Title != c.title):
			t.Errorf("ItemSchema(%v, %d) = %+v; want the schema titled %q", c.s, c.i, got, c.title)
		}
	}
}

// TestFloat64Range: the range is written with its ends as NumberJSON writes them.
func TestFloat64Range(t *testing.T) {
	if want := NumberJSON(-math.MaxFloat64) + " to " + NumberJSON(math.MaxFloat64); Float64Range != want {
		t.Errorf("Float64Range = %q; want %q", Float64Range, want)
	}
}

// TestJSONKeepsHTMLCharacters: JSON writes "<", ">" and "&" as they are, also inside what a
// MarshalJSON method escaped (jsonschema.Schema's), and leaves a backslash the value holds
// before "u003c" as the value has it.
func TestJSONKeepsHTMLCharacters(t *testing.T) {
	for _, c := range []struct {
		v    any
		want string
	}{
		{"x<y>&z", `"x<y>&z"`},
		{`a\u003cb`, `"a\\u003cb"`},
		{`a\<b`, `"a\\<b"`},
		{&jsonschema.Schema{Pattern: "^<&>"}, `{"pattern":"^<&>"}`},
		{[]string{"é\n", `\`}, `["é\n","\\"]`},
	} {
		if got, ok := JSON(c.v); !ok || got != c.want {
			t.Errorf("JSON(%#v) = %s, %v; want %s", c.v, got, ok, c.want)
		}
	}
}

// TestPlacesOfNamesWithSeparators: a schema path is a JSON pointer with each property name as it
// is but for "~" and "/" (~0, ~1), so a name may hold ": ", which also ends the path, spaces and
// quotes. The path was read up to the first ": ", so "validating /properties/a: b: type: ..."
// named the property "a" and said "b: type: ..." there. Places reads the path the validator
// wrote whatever the names hold: by its form (what follows is the validator's own words), and,
// given the schema, by the schemas it has (a property "n: type", or "m: enum" beside an "m"
// without an enum); a value of the client's that reads like a place does not extend the path.
func TestPlacesOfNamesWithSeparators(t *testing.T) {
	const schema = `{"type":"object","properties":{` +
		`"a: b":{"type":"integer"},` +
		`"x/y":{"enum":["red"]},` +
		`"t~n":{"type":"array","items":{"enum":["x"]}},` +
		`"q\"uote":{"type":"string","minLength":3},` +
		`"sp ace":{"type":"object","properties":{"k: v":{"type":"integer"}}},` +
		`"n: type":{"type":"integer"},` +
		`"m":{"type":"integer"},"m: enum":{"enum":[1,2]},` +
		`"c: contains":{"type":"array","contains":{"type":"integer"}}}}`
	for _, c := range []struct {
		value  string
		paths  []string
		what   string
		byForm bool // Place, without the schema, reads it too
	}{
		{`{"a: b":"s"}`, []string{"root", "/properties/a: b"}, `type: s has type "string", want "integer"`, true},
		{`{"a: b":"x: validating /properties/a: b: type: y"}`, []string{"root", "/properties/a: b"},
			`type: x: validating /properties/a: b: type: y has type "string", want "integer"`, true},
		{`{"x/y":"pink"}`, []string{"root", "/properties/x~1y"}, `enum: pink does not equal any of: [red]`, true},
		{`{"t~n":["z"]}`, []string{"root", "/properties/t~0n", "/properties/t~0n/items"}, `enum: z does not equal any of: [x]`, true},
		{`{"q\"uote":"ab"}`, []string{"root", `/properties/q"uote`}, `minLength: "ab" contains 2 Unicode code points, fewer than 3`, true},
		{`{"sp ace":{"k: v":"s"}}`, []string{"root", "/properties/sp ace", "/properties/sp ace/properties/k: v"},
			`type: s has type "string", want "integer"`, true},
		{`{"n: type":"s"}`, []string{"root", "/properties/n: type"}, `type: s has type "string", want "integer"`, false},
		{`{"m: enum":3}`, []string{"root", "/properties/m: enum"}, `enum: 3 does not equal any of: [1 2]`, false},
	} {
		msg, root := refusal(t, schema, c.value)
		paths, what := Places(msg, root)
		if !slices.Equal(paths, c.paths) || what != c.what {
			t.Errorf("%s: Places(%q) = %q, %q; want %q, %q", c.value, msg, paths, what, c.paths, c.what)
		}
		wantPath := c.paths[len(c.paths)-1]
		if path, what := PlaceIn(msg, root); path != wantPath || what != c.what {
			t.Errorf("%s: PlaceIn(%q) = %q, %q; want %q, %q", c.value, msg, path, what, wantPath, c.what)
		}
		if got, want := Innermost(msg, root), "validating "+wantPath+": "+c.what; got != want {
			t.Errorf("%s: Innermost(%q) = %q; want %q", c.value, msg, got, want)
		}
		if SchemaAt(root, wantPath) == nil {
			t.Errorf("%s: the path %q leads to no schema", c.value, wantPath)
		}
		if !c.byForm {
			continue
		}
		if path, what := Place(msg); path != wantPath || what != c.what {
			t.Errorf("%s: Place(%q) = %q, %q; want %q, %q", c.value, msg, path, what, wantPath, c.what)
		}
	}

	// A type's or a contains' refusal is rewritten where the validator's refusal begins, not
	// inside the name.
	for value, want := range map[string]string{
		`{"n: type":"s"}`:           `validating root: validating /properties/n: type: type: got the string "s", want "integer"`,
		`{"n: type":5.5}`:           `validating root: validating /properties/n: type: type: got the number 5.5, want "integer"`,
		`{"c: contains":["x\ny"]}`:  `validating root: validating /properties/c: contains: contains: no item matches the condition`,
		`{"sp ace":{"k: v":false}}`: `validating root: validating /properties/sp ace: validating /properties/sp ace/properties/k: v: type: got false, want "integer"`,
	} {
		msg, root := refusal(t, schema, value)
		if got := PlainIn(msg, "the condition", root); got != want {
			t.Errorf("%s: PlainIn(%q) =\n%q; want\n%q", value, msg, got, want)
		}
	}
}

// TestBoundsOfNamesWithSeparators: the bound is read from the schema at the path the line names,
// also when a property name holds ": " or "validating ", which the pattern read as the start of
// another place (and so, finding no schema, wrote 1e-7 as 0).
func TestBoundsOfNamesWithSeparators(t *testing.T) {
	const schema = `{"type":"object","properties":{` +
		`"validating x":{"type":"number","maximum":1e-7},"a: b":{"type":"number","maximum":1e-7}}}`
	for value, want := range map[string]string{
		`{"validating x":1}`: "validating root: validating /properties/validating x: maximum: 1 is greater than 1e-7",
		`{"a: b":1}`:         "validating root: validating /properties/a: b: maximum: 1 is greater than 1e-7",
	} {
		msg, root := refusal(t, schema, value)
		if got := Bounds(msg, root); got != want {
			t.Errorf("%s: Bounds(%q) =\n%q; want\n%q", value, msg, got, want)
		}
	}
}
