package register

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/internal/sdkschema"
)

// TestWithoutStringOption: the json key loses its "string" option and nothing else; other keys,
// their order and escapes stay; a tag not in the key:"value" form is left whole.
func TestWithoutStringOption(t *testing.T) {
	for tag, want := range map[string]string{
		`json:"n,string"`: `json:"n"`,
		`json:"n,omitempty,string" jsonschema:"minimum=1"`: `json:"n,omitempty" jsonschema:"minimum=1"`,
		`jsonschema:"description=a \"b\"" json:",string"`:  `jsonschema:"description=a \"b\"" json:""`,
		`json:"n,omitempty"`:                               `json:"n,omitempty"`,
		`json:"n,string" broken`:                           `json:"n,string" broken`,
		`json:"n,string`:                                   `json:"n,string`,
	} {
		if got := withoutStringOption(reflect.StructTag(tag)); string(got) != want {
			t.Errorf("withoutStringOption(%s) = %s; want %s", tag, got, want)
		}
	}
}

type stringPointers struct {
	//lint:ignore SA5008 the option on a type encoding/json does not quote is what the test is about
	Twice **int `json:"twice,string"`
	Once  *int  `json:"once,string"`
}

// TestReflectedStringOption: encoding/json writes a **int under ",string" as a number and a *int
// as a quoted one; the reflected schema says so for each (invopop says string for both), and
// what encoding/json writes validates against it with the SDK's validator.
func TestReflectedStringOption(t *testing.T) {
	raw := ReflectOutputSchema[stringPointers]()
	for _, want := range []string{`"twice":{"oneOf":[{"type":"integer"},{"type":"null"}]}`, `"once":{"oneOf":[{"type":"string"},{"type":"null"}]}`} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("the schema %s lacks %s", raw, want)
		}
	}
	resolved, err := sdkschema.Resolve(raw)
	if err != nil {
		t.Fatal(err)
	}
	n := 3
	p := &n
	out, err := json.Marshal(stringPointers{Twice: &p, Once: &n})
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatal(err)
	}
	if err := resolved.Validate(v); err != nil {
		t.Errorf("encoding/json wrote %s, which the schema refuses: %v", out, err)
	}
}

// cents writes itself as a JSON number, whatever the ",string" option says.
type cents int64

func (c cents) MarshalJSON() ([]byte, error) { return json.Marshal(int64(c)) }

type statedQuoted struct {
	Price cents `json:"price,string" jsonschema:"type=integer"`
}

// TestStatedIgnoresStringOption: a field whose tag states the JSON of a type with its own
// MarshalJSON keeps the stated type under ",string", which encoding/json does not apply to such
// a type (invopop would make the integer a string, and every result would fail its schema).
func TestStatedIgnoresStringOption(t *testing.T) {
	raw := ReflectOutputSchema[statedQuoted]()
	if !strings.Contains(string(raw), `"price":{"type":"integer"}`) {
		t.Fatalf("the schema %s does not say price is an integer", raw)
	}
	resolved, err := sdkschema.Resolve(raw)
	if err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(statedQuoted{Price: 5})
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatal(err)
	}
	if err := resolved.Validate(v); err != nil {
		t.Errorf("encoding/json wrote %s, which the schema refuses: %v", out, err)
	}
}
