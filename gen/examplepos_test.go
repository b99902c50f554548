package gen

import (
	"encoding/json"
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
	} {
		got := mismatchPositions(t, raw, example)
		if len(got) != 1 || got[0] != want {
			t.Errorf("%s: diagnostics at %q; want one at %q", example, got, want)
		}
	}
}

// TestExampleMismatchPositionFollowsMessage: the validator checks a map's values in no order, so
// of two wrong values it reports either; the diagnostic points at the one its message is about.
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
		ms := exampleMismatches([]byte(raw), resolved, v, resolved.Validate(v))
		if len(ms) != 1 {
			t.Fatalf("%d mismatches; want 1", len(ms))
		}
		at := example[jsonPositions(example).find(ms[0].path, ms[0].members):]
		want := `"a":"x",`
		if strings.Contains(ms[0].msg, "true") {
			want = `"b":true`
		}
		if !strings.HasPrefix(at, want) {
			t.Fatalf("%s is reported at %s", ms[0].msg, at)
		}
		seen[want] = true
	}
	if len(seen) < 2 {
		t.Logf("the validator reported the same value in 50 runs: %v", seen)
	}
}
