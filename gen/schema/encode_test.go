package schema_test

import (
	"bytes"
	"encoding/json"
	"go/types"
	"reflect"
	"testing"

	"github.com/invopop/jsonschema"
	orderedmap "github.com/pb33f/ordered-map/v2"

	"github.com/cardgen/cardgen/gen/schema"
)

// TestEncodeMatchesJSONMarshal holds Marshal to json.Marshal of the same schema, byte for byte,
// for the schema of every struct type of the fixtures.
func TestEncodeMatchesJSONMarshal(t *testing.T) {
	pkg := load(t, "testdata/fixtures")
	scope := pkg.Types.Scope()
	n := 0
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		if _, ok := tn.Type().Underlying().(*types.Struct); !ok {
			continue
		}
		res, probs := schema.For(tn.Type(), tn.Pos())
		if res.Schema == nil || len(probs) > 0 {
			continue
		}
		n++
		sameAsJSON(t, name, res.Schema)
	}
	if n < 20 {
		t.Fatalf("compared %d fixture schemas; the fixtures have more", n)
	}
}

// TestEncoderKnowsEveryField sets every exported field of jsonschema.Schema (found by reflection,
// so a field invopop adds is set too) and compares with json.Marshal, with strings that need every
// kind of escaping.
func TestEncoderKnowsEveryField(t *testing.T) {
	for _, text := range []string{"plain", "<a href=\"x\">&amp;</a>", "tab\there\nnl\r\b\f\x01\x1f", "line\u2028sep\u2029", "bad\xffutf8\xc3", "naïve ✓ 🚀", "back\\slash"} {
		s := filled(t, text, 2)
		sameAsJSON(t, text, s)
	}
}

// FuzzEncode compares Marshal with json.Marshal on schemas whose every field holds fuzzed text.
func FuzzEncode(f *testing.F) {
	f.Add("a<b>&c", uint8(1))
	f.Add("\u2028\x00\xfe", uint8(0))
	f.Fuzz(func(t *testing.T, text string, depth uint8) {
		sameAsJSON(t, text, filled(t, text, int(depth%3)))
	})
}

// TestEncodeSpecialSchemas covers the schemas the encoder hands back to json.Marshal or writes
// without fields: empty, true and false, nil, empty and extras-only.
func TestEncodeSpecialSchemas(t *testing.T) {
	props := jsonschema.NewProperties()
	props.Set("t", jsonschema.TrueSchema)
	props.Set("f", jsonschema.FalseSchema)
	props.Set("e", &jsonschema.Schema{})
	props.Set("n", nil)
	cases := map[string]*jsonschema.Schema{
		"empty":         {},
		"true":          jsonschema.TrueSchema,
		"false":         jsonschema.FalseSchema,
		"extras only":   {Extras: map[string]any{"x-b": 2, "x-a": "<1>"}},
		"empty extras":  {Extras: map[string]any{}},
		"empty props":   {Type: "object", Properties: jsonschema.NewProperties()},
		"zero props":    {Type: "object", Properties: &orderedmap.OrderedMap[string, *jsonschema.Schema]{}},
		"special props": {Type: "object", Properties: props, Extras: map[string]any{"x": []int{1}}},
		"nil elements":  {AnyOf: []*jsonschema.Schema{nil, {Type: "string"}}, Definitions: jsonschema.Definitions{"a": nil}},
		"zero values":   {Const: 0, Default: "", Enum: []any{nil, false, 0.5}},
	}
	for name, s := range cases {
		sameAsJSON(t, name, s)
	}
	if _, err := schema.Marshal(&jsonschema.Schema{Minimum: "1x"}); err == nil {
		t.Error("Marshal accepted a minimum that is not a number; json.Marshal refuses it")
	}
}

func sameAsJSON(t *testing.T, name string, s *jsonschema.Schema) {
	t.Helper()
	want, wantErr := json.Marshal(s)
	got, err := schema.Marshal(s)
	if (err != nil) != (wantErr != nil) {
		t.Fatalf("%s: Marshal error %v; json.Marshal error %v", name, err, wantErr)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s: Marshal differs from json.Marshal\n got: %s\nwant: %s", name, got, want)
	}
}

// filled returns a schema with every exported field set: strings to text, numbers to numbers,
// flags true, sub-schemas to filled schemas depth-1 levels down (empty ones at the bottom).
func filled(t *testing.T, text string, depth int) *jsonschema.Schema {
	t.Helper()
	s := &jsonschema.Schema{}
	if depth < 0 {
		return s
	}
	sub := func() *jsonschema.Schema { return filled(t, text, depth-1) }
	v := reflect.ValueOf(s).Elem()
	n := uint64(7)
	for i := range v.NumField() {
		f, ft := v.Field(i), v.Type().Field(i)
		if !ft.IsExported() {
			continue
		}
		switch x := f.Addr().Interface().(type) {
		case *string:
			*x = text
		case *jsonschema.ID:
			*x = jsonschema.ID(text)
		case *json.Number:
			*x = "-1.5e3"
		case **uint64:
			*x = &n
		case *bool:
			*x = true
		case **jsonschema.Schema:
			*x = sub()
		case *[]*jsonschema.Schema:
			*x = []*jsonschema.Schema{sub(), jsonschema.FalseSchema, sub()}
		case *map[string]*jsonschema.Schema:
			*x = map[string]*jsonschema.Schema{text: sub(), "b": jsonschema.TrueSchema, "a": sub()}
		case *jsonschema.Definitions:
			*x = jsonschema.Definitions{"z": sub(), text: sub()}
		case **orderedmap.OrderedMap[string, *jsonschema.Schema]:
			p := jsonschema.NewProperties()
			p.Set("second", sub())
			p.Set(text, sub())
			p.Set("first", jsonschema.FalseSchema)
			*x = p
		case *[]any:
			*x = []any{text, 1.25, true, nil, map[string]any{"k": text}}
		case *any:
			*x = map[string]any{"v": text, "n": 3}
		case *[]string:
			*x = []string{text, "b"}
		case *map[string][]string:
			*x = map[string][]string{text: {"a"}, "b": {text}}
		case *map[string]any:
			*x = map[string]any{"x-" + text: text, "x-a": 1}
		default:
			t.Fatalf("jsonschema.Schema.%s has type %s, which filled does not know: teach it and check the encoder writes it", ft.Name, ft.Type)
		}
	}
	return s
}

// BenchmarkMarshal writes the schema of fixtures.Large; BenchmarkMarshalJSON is json.Marshal of the
// same schema, through invopop's MarshalJSON: the baseline Marshal replaced.
func BenchmarkMarshal(b *testing.B) {
	benchmarkMarshal(b, schema.Marshal)
}

func BenchmarkMarshalJSON(b *testing.B) {
	benchmarkMarshal(b, func(s *jsonschema.Schema) ([]byte, error) { return json.Marshal(s) })
}

func benchmarkMarshal(b *testing.B, marshal func(*jsonschema.Schema) ([]byte, error)) {
	obj := lookup(b, load(b, "testdata/fixtures"), "Large")
	res, probs := schema.For(obj.Type(), obj.Pos())
	if res.Schema == nil || len(probs) > 0 {
		b.Fatal(probs)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := marshal(res.Schema); err != nil {
			b.Fatal(err)
		}
	}
}
