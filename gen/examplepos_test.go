package gen

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/internal/sdkschema"
)

// mismatchPositions returns, for each way example does not match the schema raw, the text of the
// example from where its diagnostic points.
func mismatchPositions(t *testing.T, raw, example string) []string {
	t.Helper()
	resolved, err := sdkschema.Resolve([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal([]byte(example), &v); err != nil {
		t.Fatal(err)
	}
	verr := resolved.Validate(v)
	if verr == nil {
		t.Fatalf("%s matches %s", example, raw)
	}
	var got []string
	for _, m := range exampleMismatches([]byte(raw), resolved, v, verr) {
		got = append(got, example[jsonPositions(example).find(m.path, m.members):])
	}
	return got
}

// TestExampleMismatchPositions holds what golden bad_card_example_schema cannot show at once:
// where the text has spaces, a key given twice, a name with a slash (which the validator writes
// into its schema pointer unescaped) and arrays inside arrays.
func TestExampleMismatchPositions(t *testing.T) {
	const raw = `{"type":"object","additionalProperties":false,"properties":{
		"o":{"type":"object","additionalProperties":false,"properties":{"e":{"type":"string"}}},
		"n":{"type":"string"},
		"a/b":{"type":"object","properties":{"c":{"type":"integer"}}},
		"a":{"type":"object","properties":{"b/c":{"type":"integer"}}},
		"g":{"type":"array","items":{"type":"array","items":{"type":"integer"}}}}}`
	for example, want := range map[string]string{
		`{ "o" : { "e" : 5 } }`:           `"e" : 5 } }`,
		`{"n":"x","n":5}`:                 `"n":5}`,
		`{"a/b":{"c":"x"}}`:               `"c":"x"}}`,
		`{"a":{"b/c":"x"}}`:               `"b/c":"x"}}`,
		`{"g":[[1],[2, "x"]]}`:            `"x"]]}`,
		`{"o":{"e":"x","f":1,"d":2}}`:     `"f":1,"d":2}}`, // the first unknown key in the text
		`{"g":[[1],[2]],"zz":1,"yy":[1]}`: `"zz":1,"yy":[1]}`,
		`{"n":"a","o":{"e":null}}`:        `"e":null}}`, // a null member is a value, not a missing one
	} {
		got := mismatchPositions(t, raw, example)
		if len(got) != 1 || got[0] != want {
			t.Errorf("%s: diagnostics at %q; want one at %q", example, got, want)
		}
	}
}

// TestExampleMismatchPositionFollowsMessage: the validator checks a map's values in no order, so
// of two wrong values it reports either; the position of its message is the one the message is
// about. (exampleMismatches narrows an example to one mistake first, so that it reports the same
// one on every run; validationMessage, which finds the position, is given the whole value here.)
func TestExampleMismatchPositionFollowsMessage(t *testing.T) {
	const raw = `{"type":"object","properties":{"m":{"type":"object","additionalProperties":{"type":"integer"}}}}`
	const example = `{"m":{"a":"x","b":true}}`
	resolved, err := sdkschema.Resolve([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal([]byte(example), &v); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for range 50 {
		m := validationMessage([]byte(raw), resolved, v, resolved.Validate(v))
		at := example[jsonPositions(example).find(m.path, m.members):]
		want := `"a":"x",`
		if strings.Contains(m.msg, "true") {
			want = `"b":true`
		}
		if !strings.HasPrefix(at, want) {
			t.Fatalf("%s is reported at %s", m.msg, at)
		}
		seen[want] = true
	}
	if len(seen) < 2 {
		t.Logf("the validator reported the same value in 50 runs: %v", seen)
	}
}

// TestExampleMismatchDeterministic: the validator walks an object's properties, and a map's
// values, in map order and reports the first failure it meets, so an example with two wrong
// members of one object got either message, at either position, from run to run. Each example
// here has several mistakes where the validator's order decides; the diagnostic must be the same
// in every run, about the first wrong member by key (in byte order), whatever order the text
// has them in. Where no one member is wrong, the mistake is the object's (a missing property, an
// unknown key), and the message the validator's about the object. The schema has no nullable
// field but one, so most messages are the validator's own, which name every level they passed
// through: only the innermost is kept.
func TestExampleMismatchDeterministic(t *testing.T) {
	const person = `{"type":"object","additionalProperties":false,"required":["name"],"properties":{"name":{"type":"string"},"age":{"type":"integer"}}}`
	const pair = `{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"integer"}}}`
	const raw = `{"type":"object","additionalProperties":false,"properties":{
		"owner":{"type":"object","additionalProperties":false,"required":["name","email"],"properties":{
			"name":{"type":"string"},"email":{"type":"string"},"id":{"type":"integer"},"age":{"type":"integer"},
			"zip":{"type":"string"},"required":{"type":"boolean"}}},
		"parcels":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["kg"],"properties":{
			"kg":{"type":"integer","minimum":1},"tag":{"type":"string"}}}},
		"notes":{"type":"object","additionalProperties":` + pair + `},
		"byInt":{"type":"object","patternProperties":{"^-?[0-9]+$":` + pair + `},"additionalProperties":false},
		"maybe":{"oneOf":[{"type":"object","additionalProperties":false,"properties":{"x":{"type":"integer"},"y":{"type":"integer"}}},{"type":"null"}]},
		"two":{"type":"object","properties":{"a":` + person + `,"b":` + person + `}},
		"grid":{"type":"array","items":{"type":"array","items":` + pair + `}}}}`
	for _, c := range []struct{ example, msg, at string }{
		{`{"owner":{"name":7,"email":5}}`,
			`validating /properties/owner/properties/email: type: got the number 5, want "string"`, `"email":5}}`},
		{`{"owner":{"zip":1,"name":2,"id":"x","email":3,"age":"y"}}`,
			`validating /properties/owner/properties/age: type: got the string "y", want "integer"`, `"age":"y"}}`},
		// A property called "required" is a property like any other.
		{`{"owner":{"zip":5,"required":"yes","name":"Ann","email":"a@b"}}`,
			`validating /properties/owner/properties/required: type: got the string "yes", want "boolean"`, `"required":"yes",`},
		// A wrong member comes before unknown keys, as the validator checks them.
		{`{"owner":{"aa":1,"name":5,"email":"a@b"}}`,
			`validating /properties/owner/properties/name: type: got the number 5, want "string"`, `"name":5,`},
		{`{"parcels":[{"kg":1},{"tag":5,"kg":0},{"kg":"x"}]}`,
			`validating /properties/parcels/items/properties/kg: minimum: 0 is less than 1`, `"kg":0},{"kg":"x"}]}`},
		{`{"grid":[[{"a":1}],[{"a":1},{"b":"y","a":"z"}]]}`,
			`validating /properties/grid/items/items/properties/a: type: got the string "z", want "integer"`, `"a":"z"}]]}`},
		{`{"notes":{"z":{"a":"x"},"m":{"b":"y","a":"z"}}}`,
			`validating /properties/notes/additionalProperties/properties/a: type: got the string "z", want "integer"`, `"a":"z"}}}`},
		{`{"byInt":{"2":{"a":"x"},"10":{"b":"y","a":true}}}`,
			`validating /properties/byInt/patternProperties/^-?[0-9]+$/properties/a: type: got true, want "integer"`, `"a":true}}}`},
		{`{"maybe":{"y":"a","x":"b"}}`,
			`validating /properties/maybe/properties/x: type: got the string "b", want "integer"`, `"x":"b"}}`},
		// No member of two is wrong on its own: a is the first whose value is.
		{`{"two":{"b":{},"a":{"age":1}}}`,
			`validating /properties/two/properties/a: required: missing properties: ["name"]`, `"a":{"age":1}}}`},
		{`{"two":{"b":{"name":"x","q":1},"a":{"name":"x","r":1,"p":2}}}`,
			`validating /properties/two/properties/a: unexpected additional properties ["p","r"]`, `"r":1,"p":2}}}`},
	} {
		resolved, err := sdkschema.Resolve([]byte(raw))
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal([]byte(c.example), &v); err != nil {
			t.Fatal(err)
		}
		at := jsonPositions(c.example)
		seen := map[string]bool{}
		for range 50 {
			for _, m := range exampleMismatches([]byte(raw), resolved, v, resolved.Validate(v)) {
				seen[m.msg+" at "+c.example[at.find(m.path, m.members):]] = true
			}
		}
		want := c.msg + " at " + c.at
		if len(seen) != 1 || !strings.HasPrefix(slices.Collect(maps.Keys(seen))[0], want) {
			t.Errorf("%s: in 50 runs, diagnostics %q; want only one, %q…", c.example, slices.Sorted(maps.Keys(seen)), want)
		}
	}
}

// TestExampleMismatchInnermost: the validator names every level it descended through
// ("validating root: validating /properties/a: validating /properties/a/properties/c: …");
// sdkschema.Explain, which validates again a schema with a nullable field, keeps only the last.
// A message is the same either way: the innermost place, and no place for the top.
func TestExampleMismatchInnermost(t *testing.T) {
	const nested = `{"type":"object","properties":{"c":{"type":"integer"}}}`
	for _, c := range []struct{ raw, example, want string }{
		{`{"type":"object","properties":{"a":` + nested + `}}`, `{"a":{"c":"x"}}`,
			`validating /properties/a/properties/c: type: got the string "x", want "integer"`},
		{`{"type":"object","properties":{"a":` + nested + `,"n":{"oneOf":[{"type":"string"},{"type":"null"}]}}}`, `{"a":{"c":"x"}}`,
			`validating /properties/a/properties/c: type: got the string "x", want "integer"`},
		{`{"type":"object","properties":{"a":` + nested + `}}`, `[1]`,
			`type: got an array, want "object"`},
	} {
		resolved, err := sdkschema.Resolve([]byte(c.raw))
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal([]byte(c.example), &v); err != nil {
			t.Fatal(err)
		}
		ms := exampleMismatches([]byte(c.raw), resolved, v, resolved.Validate(v))
		if len(ms) != 1 || ms[0].msg != c.want {
			var got []string
			for _, m := range ms {
				got = append(got, m.msg)
			}
			t.Errorf("%s against %s: %q; want %q", c.example, c.raw, got, c.want)
		}
	}
}
