package schema

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"
	"sync"
	"testing"
)

// TestStructTagSyntax holds structTagSyntax to reflect.StructTag's format: what it accepts reads
// to the end, and each mistake a hand-written tag has is named.
func TestStructTagSyntax(t *testing.T) {
	// at is the offset the problem is about: the stray byte, the key or the value.
	for _, tc := range []struct {
		tag, want string
		at        int
	}{
		{``, "", 0},
		{`json:"id"`, "", 0},
		{`json:"id"  jsonschema:"description=a\"b\\,c"`, "", 0},
		{` json:"id" `, "", 0},
		{`json:"l",jsonschema:"required"`, `has "," directly after json:"l", where a space belongs`, 8},
		{`json: "m"`, "has no quoted value directly after json:", 5},
		{`json:`, "has no quoted value directly after json:", 5},
		{`json:"id" yaml:`, "has no quoted value directly after yaml:", 15},
		{`json`, "has the key json without a colon directly after it", 0},
		{`json="id"`, "has the key json= without a colon directly after it", 0},
		{`json:"id" json="id"`, "has the key json= without a colon directly after it", 10},
		{`json:"id`, "has an unterminated value after json:", 5},
		{`json:"\q"`, "has a value after json: that is not a valid Go string", 5},
		{`"id"`, `has "\"" where a key belongs`, 0},
		{` "id"`, `has "\"" where a key belongs`, 1},
		{"json:\"id\"\u00a0jsonschema:\"minLength=1\"", `has "\u00a0" (U+00A0, which looks like a space or nothing but is not the ASCII space a tag needs) directly after json:"id", where a space belongs`, 9},
		{"json:\"id\"\u200b", `has "\u200b" (U+200B, which looks like a space or nothing but is not the ASCII space a tag needs) directly after json:"id", where a space belongs`, 9},
		{"json:\"id\"é:\"x\"", `has "é" directly after json:"id", where a space belongs`, 9},
	} {
		if got, at := structTagSyntax(tc.tag); got != tc.want || at != tc.at {
			t.Errorf("structTagSyntax(%q) = %q, %d; want %q, %d", tc.tag, got, at, tc.want, tc.at)
		}
	}
}

// TestTextDecodersConcurrently: the decoders of defaults are called from the schema jobs of
// several tools at once; under -race (make race) a decoder that wrote into one shared value
// fails here.
func TestTextDecodersConcurrently(t *testing.T) {
	var wg sync.WaitGroup
	for i := range 8 {
		for key, d := range textDecoders {
			wg.Go(func() {
				if err := d.decode([]byte(d.example[strings.LastIndex(d.example, " ")+1:])); err != nil {
					t.Errorf("%v: its own example does not decode: %v", key, err)
				}
				_ = d.decode([]byte(fmt.Sprint("not an address ", i)))
			})
		}
	}
	wg.Wait()
}

// TestInStandardLibrary: a type of a module whose path has no dot (module myapp) is the user's,
// whose MarshalJSON advice is to give it a JSONSchema method, not the standard library's.
func TestInStandardLibrary(t *testing.T) {
	named := func(path, name string) types.Type {
		pkg := types.NewPackage(path, path[strings.LastIndex(path, "/")+1:])
		return types.NewNamed(types.NewTypeName(token.NoPos, pkg, name, nil), types.NewStruct(nil, nil), nil)
	}
	for _, c := range []struct {
		t    types.Type
		want bool
	}{
		{named("math/big", "Int"), true},
		{named("net/netip", "Addr"), true},
		{named("myapp/money", "Money"), false},
		{named("example.com/shop", "Money"), false},
	} {
		if got := inStandardLibrary(c.t); got != c.want {
			t.Errorf("inStandardLibrary(%s) = %v, want %v", c.t, got, c.want)
		}
	}
}
