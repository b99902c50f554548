package jsonschematag_test

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/cardgen/cardgen/internal/jsonschematag"
)

func TestSplit(t *testing.T) {
	for in, want := range map[string][]string{
		"":                  {""},
		"a":                 {"a"},
		"a,b":               {"a", "b"},
		`pattern=^a\,b$,x`:  {"pattern=^a,b$", "x"},
		`a\,b\,c`:           {"a,b,c"},
		`a,,b`:              {"a", "", "b"},
		`enum=x\,y,enum=z,`: {"enum=x,y", "enum=z", ""},
	} {
		if got := jsonschematag.Split(in); !slices.Equal(got, want) {
			t.Errorf("Split(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestStatesType(t *testing.T) {
	for tag, want := range map[reflect.StructTag]bool{
		`jsonschema:"type=string"`:                     true,
		`jsonschema:"required,oneof_type=string;null"`: true,
		`jsonschema:"anyof_type=integer;string"`:       true,
		`jsonschema:"required"`:                        false,
		`jsonschema:"description=its type=string"`:     false, // a word that only holds type=
		`jsonschema:"enum=a\,type=b"`:                  false, // one word: enum=a,type=b
		`json:"type=string"`:                           false,
		``:                                             false,
	} {
		if got := jsonschematag.StatesType(tag); got != want {
			t.Errorf("StatesType(%s) = %v, want %v", tag, got, want)
		}
	}
}

func ExampleSplit() {
	fmt.Printf("%q\n", jsonschematag.Split(`pattern=^[a-z]\,[0-9]$,required`))
	// Output: ["pattern=^[a-z],[0-9]$" "required"]
}
