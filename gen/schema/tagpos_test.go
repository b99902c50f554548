package schema

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cardgen/cardgen/internal/jsonschematag"
)

// TestLiteralOffset maps offsets in a string back to its Go literal: one to one in a raw literal
// (less its carriage returns), and to the escape that makes a byte in an interpreted one.
func TestLiteralOffset(t *testing.T) {
	for _, tc := range []struct {
		lit  string
		off  int
		want int // -1: not ok
	}{
		{"`ab`", 0, 1},
		{"`ab`", 1, 2},
		{"`ab`", 2, 3}, // the end: the closing quote
		{"`ab`", 3, -1},
		{"`a\r\nb`", 1, 3}, // Go drops the \r of a raw literal: the value is "a\nb"
		{"`a\r\nb`", 2, 4},
		{"`\tß=x`", 1, 2}, // a tab and a two-byte rune are as many bytes in the literal
		{"`\tß=x`", 3, 4},
		{"`\tß=x`", 4, 5},
		{`"a\"b"`, 1, 2}, // \" makes one byte
		{`"a\"b"`, 2, 4},
		{`"\u00e9x"`, 0, 1}, // é, two bytes, made by a six-byte escape
		{`"\u00e9x"`, 1, 1}, // its second byte is in the escape too
		{`"\u00e9x"`, 2, 7},
		{`"\U0001F600x"`, 4, 11},
		{`"\x41\101\n\\x"`, 4, 13}, // \x41, \101, \n and \\ make a byte each
		{`"ßx"`, 2, 3},             // an unescaped rune is its own bytes
		{`"ßx"`, 3, 4},
		{`"a"`, -1, -1},
		{`"a\q"`, 1, -1}, // not a Go string from there
		{`'a'`, 0, -1},
		{`"`, 0, -1},
	} {
		got, ok := LiteralOffset(tc.lit, tc.off)
		if !ok {
			got = -1
		}
		if got != tc.want {
			t.Errorf("LiteralOffset(%#q, %d) = %d; want %d", tc.lit, tc.off, got, tc.want)
		}
	}
}

// FuzzLiteralOffset holds LiteralOffset to strconv.Unquote for any string, quoted both ways:
// the literal up to the offset found denotes the string up to the byte asked for, less at most
// the rest of one escape or rune.
func FuzzLiteralOffset(f *testing.F) {
	for _, s := range []string{"", "json:\"id\" jsonschema:\"minimum=1\"", "a\tß\u00e9\x00\\\"\n,z", "\U0001F600\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lits := []string{strconv.Quote(s), strconv.QuoteToASCII(s)}
		if strconv.CanBackquote(s) {
			lits = append(lits, "`"+s+"`")
		}
		for _, lit := range lits {
			value, err := strconv.Unquote(lit)
			if err != nil {
				t.Fatal(err)
			}
			for off := 0; off <= len(value); off++ {
				o, ok := LiteralOffset(lit, off)
				if !ok {
					t.Fatalf("LiteralOffset(%#q, %d) not ok", lit, off)
				}
				head, err := strconv.Unquote(lit[:o] + lit[:1])
				if err != nil {
					t.Fatalf("LiteralOffset(%#q, %d) = %d, inside an escape: %v", lit, off, o, err)
				}
				if !strings.HasPrefix(value, head) || len(head) > off || off-len(head) >= utf8.UTFMax {
					t.Fatalf("LiteralOffset(%#q, %d) = %d, which starts %q; want the byte at %d of %q", lit, off, o, head, off, value)
				}
			}
			if _, ok := LiteralOffset(lit, len(value)+1); ok {
				t.Fatalf("LiteralOffset(%#q, %d) ok past the end", lit, len(value)+1)
			}
		}
	})
}

// TestTagOffset finds a byte of a key's value in the tag, through the value's own quoting.
func TestTagOffset(t *testing.T) {
	const tag = `json:"id,omitempty" jsonschema:"description=a \"b\",minimum=x"`
	for _, tc := range []struct {
		key  string
		off  int
		want string // the tag from the offset on; "" for not ok
	}{
		{"json", 0, `id,omitempty" jsonschema:`},
		{"json", 3, `omitempty"`},
		{"jsonschema", 0, `description=`},
		{"jsonschema", 14, `\"b\",minimum`}, // the value's " is the tag's \"
		{"jsonschema", 18, `minimum=x"`},
		{"jsonschema", 27, `"`}, // the end of the value
		{"yaml", 0, ""},
	} {
		got := ""
		if o, ok := TagOffset(tag, tc.key, tc.off); ok {
			got = tag[o:]
		}
		if !strings.HasPrefix(got, tc.want) || (got == "") != (tc.want == "") {
			t.Errorf("TagOffset(%s, %d) leaves %q; want it to start %q", tc.key, tc.off, got, tc.want)
		}
	}
	// Lookup stops at a malformed pair, and so does TagOffset.
	if _, ok := TagOffset(`json:"a",jsonschema:"b"`, "jsonschema", 0); ok {
		t.Error(`TagOffset found jsonschema after json:"a", which reflect.StructTag.Lookup does not read`)
	}
}

// TestTagSpot finds the word a problem is about in a field's tag, as the checks split it.
func TestTagSpot(t *testing.T) {
	for _, tc := range []struct {
		tag  string
		spot tagSpot
		want string // the tag from the spot on; "" for none
	}{
		{`jsonschema:"requird,minLenght=1"`, wordSpot(1, false), `minLenght=1"`},
		{`jsonschema:"minimum=one"`, wordSpot(0, true), `one"`},
		{`jsonschema:"description=open, paid or void"`, wordSpot(1, false), `paid or void"`},
		// An escaped comma (\\, in the tag) is part of its word.
		{`jsonschema:"pattern=a\\,b,maxLenght=2"`, wordSpot(1, false), `maxLenght=2"`},
		{`jsonschema:"pattern=a\\,b,maxLenght=2"`, findSpot("pattern=a,b", true), `a\\,b,`},
		{`jsonschema:"enum=a,default=b,default=c"`, findSpot("default=c", true), `c"`},
		{`jsonschema:"enum=a,default=b,default=c"`, tagSpot{key: "jsonschema", word: -1, find: "default", name: true, value: true}, `b,default=c"`},
		{`jsonschema:"minimum=1"`, findSpot("maximum=1", false), ""},
		// json options are looked for after the name, which may be spelt like one.
		{`json:"string,omitemtpy,string"`, tagSpot{key: "json", word: -1, find: "string"}, `string"`},
		{`json:"-," jsonschema:"required"`, tagSpot{key: "json"}, `-,"`},
		{`json:"a",jsonschema:"b"`, tagSpot{off: 8}, `,jsonschema`},
	} {
		got := ""
		if o := tc.spot.offset(tc.tag); o >= 0 {
			got = tc.tag[o:]
		}
		if got != tc.want && !(tc.want != "" && strings.HasPrefix(got, tc.want)) {
			t.Errorf("%+v in %#q leaves %q; want it to start %q", tc.spot, tc.tag, got, tc.want)
		}
	}
}

// TestWordOffset agrees with jsonschematag.Split: each word's bytes are at the offsets found.
func TestWordOffset(t *testing.T) {
	for _, value := range []string{"", "a", "a,b", `a\,b,c`, `a\\,b`, `\,,x`, `,,`, `title=a\,b,maximum=x`} {
		for n, w := range jsonschematag.Split(value) {
			for k := range len(w) {
				o, ok := wordOffset(value, n, k)
				if !ok {
					t.Fatalf("wordOffset(%#q, %d, %d) not ok", value, n, k)
				}
				// The byte is the word's, or the backslash dropped before its comma.
				if c := value[o]; c != w[k] && !(c == '\\' && w[k] == ',') {
					t.Errorf("wordOffset(%#q, %d, %d) = %d, at %q; want %q", value, n, k, o, c, w[k])
				}
			}
		}
	}
	if _, ok := wordOffset("a,b", 2, 0); ok {
		t.Error("wordOffset found a third word in a,b")
	}
}
