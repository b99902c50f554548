package sdkschema

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// nullableOutput is an output schema as cardgen writes it: a slice, a map and a pointer that
// encoding/json may write as null, one of them nested in another.
const nullableOutput = `{"type":"object","properties":{
	"count":{"type":"integer"},
	"lines":{"oneOf":[{"type":"array","items":{"type":"object","properties":{"qty":{"type":"integer","minimum":1},
		"tags":{"oneOf":[{"type":"array","items":{"type":"string","maxLength":3}},{"type":"null"}]}},"required":["qty"],"additionalProperties":false}},{"type":"null"}],"description":"the lines"},
	"stock":{"oneOf":[{"type":"null"},{"type":"object","additionalProperties":{"type":"integer"}}]},
	"status":{"oneOf":[{"type":"string","enum":["a","b"]},{"type":"null"}]}
},"required":["count","lines","stock","status"],"additionalProperties":false}`

func decode(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestExplain: a value wrong inside a nullable schema is explained at the value; an error that
// no rewriting makes clearer is returned as it was.
func TestExplain(t *testing.T) {
	resolved, err := Resolve([]byte(nullableOutput))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		value string
		want  []string // in the explanation
	}{
		{`{"count":1,"lines":[{"qty":0}],"stock":null,"status":null}`, []string{"validating /properties/lines/items/properties/qty: minimum"}},
		{`{"count":1,"lines":[{"qty":1,"tags":["long"]}],"stock":null,"status":null}`, []string{"/properties/tags/items: maxLength"}},
		{`{"count":1,"lines":null,"stock":{"x":"many"},"status":null}`, []string{"/properties/stock/additionalProperties: type", `want "integer"`}},
		{`{"count":1,"lines":[{}],"stock":null,"status":null}`, []string{"/properties/lines/items: required", "qty"}},
	} {
		v := decode(t, tc.value)
		verr := resolved.Validate(v)
		if verr == nil || !strings.Contains(verr.Error(), "oneOf") {
			t.Fatalf("%s: the validator says %v; want its oneOf error, which Explain makes clearer", tc.value, verr)
		}
		got := Explain([]byte(nullableOutput), v, verr)
		for _, w := range tc.want {
			if !strings.Contains(got.Error(), w) {
				t.Errorf("%s: explained as %q; want %q in it", tc.value, got, w)
			}
		}
		if strings.Count(got.Error(), "validating ") != 1 {
			t.Errorf("%s: explained as %q; want the innermost place only", tc.value, got)
		}
		if errors.Unwrap(got) == nil {
			t.Errorf("%s: the explanation wraps no validation error", tc.value)
		}
	}

	// An enum applies to null too, so a nullable enum stays a oneOf, reported as the validator
	// reports it.
	v := decode(t, `{"count":1,"lines":null,"stock":null,"status":"c"}`)
	verr := resolved.Validate(v)
	if verr == nil {
		t.Fatal("status c validated")
	}
	if got := Explain([]byte(nullableOutput), v, verr); !strings.HasPrefix(got.Error(), "validating /properties/status: oneOf: ") {
		t.Errorf("a wrong nullable enum explained as %q; want the validator's oneOf at /properties/status", got)
	}
	// Nothing to rewrite: err itself.
	plain := `{"type":"object","properties":{"n":{"type":"integer"}}}`
	if got := Explain([]byte(plain), decode(t, `{"n":"x"}`), verr); got != verr {
		t.Errorf("a schema without nullable alternatives: %v; want err unchanged", got)
	}
}

// TestRewriteNullableKeepsMeaning: the rewritten schema accepts exactly the values the schema
// does, so that an explanation never contradicts the validator.
func TestRewriteNullableKeepsMeaning(t *testing.T) {
	var rewritten map[string]any
	if err := json.Unmarshal([]byte(nullableOutput), &rewritten); err != nil {
		t.Fatal(err)
	}
	if !rewriteNullable(rewritten) {
		t.Fatal("nothing rewritten")
	}
	b, _ := json.Marshal(rewritten)
	if strings.Contains(string(b), `"oneOf":[{"type":"array"`) || !strings.Contains(string(b), `"type":["array","null"]`) {
		t.Fatalf("the rewritten schema still has its nullable oneOf: %s", b)
	}
	if !strings.Contains(string(b), `"status":{"oneOf":[{"enum":["a","b"],"type":"string"},{"type":"null"}]}`) {
		t.Errorf("the nullable enum was rewritten: %s", b)
	}
	orig, err := Resolve([]byte(nullableOutput))
	if err != nil {
		t.Fatal(err)
	}
	rew, err := Resolve(b)
	if err != nil {
		t.Fatal(err)
	}
	lines := []string{`null`, `[]`, `[{"qty":1}]`, `[{"qty":0}]`, `[{"qty":1,"tags":null}]`, `[{"qty":1,"tags":["abc"]}]`, `[{"qty":1,"tags":["abcd"]}]`, `[{"qty":1,"x":1}]`, `{}`, `"s"`, `[null]`}
	stocks := []string{`null`, `{}`, `{"a":1}`, `{"a":"1"}`, `[]`, `1`}
	statuses := []string{`null`, `"a"`, `"c"`, `1`}
	for _, l := range lines {
		for _, s := range stocks {
			for _, st := range statuses {
				v := decode(t, `{"count":1,"lines":`+l+`,"stock":`+s+`,"status":`+st+`}`)
				if a, b := orig.Validate(v) == nil, rew.Validate(v) == nil; a != b {
					t.Errorf("lines %s, stock %s, status %s: the schema says valid=%v, the rewritten one %v", l, s, st, a, b)
				}
			}
		}
	}
}

// TestExplainResolvesOnce: a server explains every refused call a client sends, and resolving the
// rewritten schema anew each time let a client make it do that work at will; the rewritten
// schema is resolved once per schema.
func TestExplainResolvesOnce(t *testing.T) {
	raw := []byte(`{"type":"object","properties":{"n":{"oneOf":[{"type":"integer","minimum":1},{"type":"null"}]}}}`)
	first := rewrittenSchema(raw)
	if first == nil || rewrittenSchema(raw) != first {
		t.Errorf("rewrittenSchema gave %p, then another; want one resolved schema, kept", first)
	}
	if r := rewrittenSchema([]byte(`{"type":"object"}`)); r != nil {
		t.Errorf("rewrittenSchema of a schema with nothing to rewrite = %p; want nil", r)
	}
}

// TestInnermostPropertyNames: a property name may hold ": ", end in one of the validator's
// keywords, hold "validating " itself, "~", "/" or quotes, and the validator writes it in its
// place as it is. Innermost read the places by their text, taking the first ": " after each for
// the end of its path: a name with ": " in an outer place left that place and the ones before
// it in the result, and a name with ": validating " in it made up a place that is not there.
// It reads them from the validator's error chain now, and keeps exactly the last place.
func TestInnermostPropertyNames(t *testing.T) {
	for _, tc := range []struct {
		name, schema, value, want string
	}{
		{
			"through a nullable object whose name ends in a keyword",
			`{"type":"object","properties":{"a: type":{"oneOf":[{"type":"object","properties":{"n: minimum":{"type":"integer","minimum":1}}},{"type":"null"}]}}}`,
			`{"a: type":{"n: minimum":0}}`,
			`validating /properties/a: type/properties/n: minimum: minimum: 0/1 is less than 1.000000`,
		},
		{
			"a name that holds the validator's own words",
			`{"type":"object","properties":{"x: validating y":{"oneOf":[{"type":"object","properties":{"n":{"type":"integer","minimum":1}}},{"type":"null"}]}}}`,
			`{"x: validating y":{"n":0}}`,
			`validating /properties/x: validating y/properties/n: minimum: 0/1 is less than 1.000000`,
		},
		{
			"names with ~, / and quotes in a nullable array",
			`{"type":"object","properties":{"a/b~c: \"q\"":{"oneOf":[{"type":"array","items":{"type":"object","properties":{"s: maxLength":{"type":"string","maxLength":2}}}},{"type":"null"}]}}}`,
			`{"a/b~c: \"q\"":[{"s: maxLength":"abc"}]}`,
			`validating /properties/a~1b~0c: "q"/items/properties/s: maxLength: maxLength: "abc" contains 3 Unicode code points, more than 2`,
		},
	} {
		resolved, err := Resolve([]byte(tc.schema))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		v := decode(t, tc.value)
		verr := resolved.Validate(v)
		if verr == nil {
			t.Fatalf("%s: %s validated", tc.name, tc.value)
		}
		if got := Explain([]byte(tc.schema), v, verr).Error(); got != tc.want {
			t.Errorf("%s: explained as %q; want %q", tc.name, got, tc.want)
		}
	}

	// Without a nullable schema to rewrite: the validator's own error, and one that wraps it.
	resolved, err := Resolve([]byte(`{"type":"object","properties":{"o: properties":{"type":"object","properties":{"n: type":{"type":"integer"}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	verr := resolved.Validate(decode(t, `{"o: properties":{"n: type":"x"}}`))
	if verr == nil {
		t.Fatal("a string validated as an integer")
	}
	const want = `validating /properties/o: properties/properties/n: type: type: x has type "string", want "integer"`
	for _, err := range []error{verr, fmt.Errorf("calling the tool: %w", verr)} {
		if got := Innermost(err); got != want {
			t.Errorf("Innermost(%q) = %q; want %q", err, got, want)
		}
	}
	if got := Innermost(errors.New("validating nothing")); got != "validating nothing" {
		t.Errorf("Innermost of an error that names no place = %q; want it as it is", got)
	}
}
