package schema

import "testing"

// TestStructTagSyntax holds structTagSyntax to reflect.StructTag's format: what it accepts reads
// to the end, and each mistake a hand-written tag has is named.
func TestStructTagSyntax(t *testing.T) {
	for _, tc := range []struct{ tag, want string }{
		{``, ""},
		{`json:"id"`, ""},
		{`json:"id"  jsonschema:"description=a\"b\\,c"`, ""},
		{` json:"id" `, ""},
		{`json:"l",jsonschema:"required"`, `has "," directly after json:"l", where a space belongs`},
		{`json: "m"`, "has no quoted value directly after json:"},
		{`json:`, "has no quoted value directly after json:"},
		{`json:"id" yaml:`, "has no quoted value directly after yaml:"},
		{`json`, "has the key json without a colon directly after it"},
		{`json="id"`, "has the key json= without a colon directly after it"},
		{`json:"id`, "has an unterminated value after json:"},
		{`json:"\q"`, "has a value after json: that is not a valid Go string"},
		{`"id"`, `has "\"" where a key belongs`},
	} {
		if got := structTagSyntax(tc.tag); got != tc.want {
			t.Errorf("structTagSyntax(%q) = %q, want %q", tc.tag, got, tc.want)
		}
	}
}
