// Package jsonschematag reads invopop/jsonschema's struct tags as invopop reads them, for the two
// places cardgen must agree with it and with each other: gen/schema, which maps go/types at
// generate time, and runtime/register, which adjusts what invopop reflects at run time.
package jsonschematag

import (
	"reflect"
	"strings"
)

// Split splits a jsonschema or jsonschema_extras tag value into its words as invopop does: on
// each comma, except one right after a backslash, which stays in the word without the backslash
// ("a\,b,c" is ["a,b" "c"]), so that patterns and enum values may hold commas.
func Split(s string) []string {
	parts := strings.Split(s, ",")
	words := []string{parts[0]}
	for _, next := range parts[1:] {
		last := words[len(words)-1]
		if last != "" && last[len(last)-1] == '\\' {
			words[len(words)-1] = last[:len(last)-1] + "," + next
		} else {
			words = append(words, next)
		}
	}
	return words
}

// StatesType reports whether tag's jsonschema words set the field's JSON type: type=,
// oneof_type= or anyof_type=. cardgen takes such a tag as the whole schema of a field whose type
// has its own JSON encoding (a MarshalJSON method), which it cannot know otherwise.
func StatesType(tag reflect.StructTag) bool {
	v := tag.Get("jsonschema")
	if !strings.Contains(v, "type=") {
		return false // most tags: no words to split
	}
	for _, w := range Split(v) {
		if strings.HasPrefix(w, "type=") || strings.HasPrefix(w, "oneof_type=") || strings.HasPrefix(w, "anyof_type=") {
			return true
		}
	}
	return false
}
