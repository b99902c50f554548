package schema

import (
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cardgen/cardgen/internal/jsonschematag"
)

// Positions inside struct tags. go/types keeps a field's tag as the string the Go literal holds,
// without the literal's position, and a tag's values are Go strings again ("…" inside the tag), so
// a byte of a tag value goes through two unquotings on its way from the source: the literal's, to
// the tag, and the tag value's, to the value. LiteralOffset undoes one; TagOffset both inside the
// tag. They run when a problem is reported, never on the way to a schema.

// LiteralOffset returns the offset, in the Go string literal lit (a raw `…` or interpreted "…"
// literal, quotes included), of byte off of the string it denotes; off may be the string's length,
// which is the closing quote. A raw literal's bytes are its string's, less the carriage returns Go
// drops from it; in an interpreted literal a byte made by an escape (\", \\, \u00e9, \x41) is at
// the escape's backslash. ok is false when lit is not a string literal or off is out of range.
func LiteralOffset(lit string, off int) (int, bool) {
	if off < 0 || len(lit) < 2 || lit[len(lit)-1] != lit[0] {
		return 0, false
	}
	body := lit[1 : len(lit)-1]
	n := 0 // bytes of the string made by body before i
	switch lit[0] {
	case '`':
		for i := range len(body) {
			if body[i] == '\r' {
				continue
			}
			if n == off {
				return 1 + i, true
			}
			n++
		}
	case '"':
		for i := 0; i < len(body); {
			c, multibyte, tail, err := strconv.UnquoteChar(body[i:], '"')
			if err != nil {
				return 0, false
			}
			w := 1 // as strconv.Unquote writes it: a \x or octal escape is one byte
			if multibyte && c >= utf8.RuneSelf {
				w = utf8.RuneLen(c)
			}
			if off < n+w {
				return 1 + i, true
			}
			n += w
			i = len(body) - len(tail)
		}
	default:
		return 0, false
	}
	if n == off {
		return len(lit) - 1, true
	}
	return 0, false
}

// TagOffset returns the offset, in the struct tag tag, of byte off of the value of key, which
// reflect.StructTag.Lookup reads from the tag; ok is false when Lookup finds no such key.
func TagOffset(tag, key string, off int) (int, bool) {
	// The scan is reflect.StructTag.Lookup's, keeping offsets.
	for i := 0; i < len(tag); {
		for i < len(tag) && tag[i] == ' ' {
			i++
		}
		start := i
		for i < len(tag) && tag[i] > ' ' && tag[i] != ':' && tag[i] != '"' && tag[i] != 0x7f {
			i++
		}
		if i == start || i+1 >= len(tag) || tag[i] != ':' || tag[i+1] != '"' {
			return 0, false
		}
		name := tag[start:i]
		q := i + 1
		for i = q + 1; i < len(tag) && tag[i] != '"'; i++ {
			if tag[i] == '\\' {
				i++
			}
		}
		if i >= len(tag) {
			return 0, false
		}
		i++
		if name == key {
			o, ok := LiteralOffset(tag[q:i], off)
			return q + o, ok
		}
	}
	return 0, false
}

// wordOffset returns the offset, in value (a jsonschema tag's value), of byte k of its word n, as
// jsonschematag.Split splits value: on each comma, but a backslash right before a comma is
// dropped and the comma kept in the word.
func wordOffset(value string, n, k int) (int, bool) {
	word, at := 0, 0 // the word value[i] is in, and its offset in that word
	for i := 0; i <= len(value); i++ {
		if word == n && at == k {
			return i, true
		}
		switch {
		case i == len(value):
		case value[i] == '\\' && i+1 < len(value) && value[i+1] == ',':
			i++ // the comma is the word's next byte; the backslash is not in it
			at++
		case value[i] == ',':
			word, at = word+1, 0
		default:
			at++
		}
	}
	return 0, false
}

// A tagSpot is the place in a field's tag that a problem is about, found when the problem is
// reported: a word of the jsonschema tag, an option of the json tag, or a byte of the whole tag.
type tagSpot struct {
	key string // "jsonschema" or "json"; "" for off, an offset in the whole tag
	// word is the index of the word in key's value: split on unescaped commas for jsonschema,
	// on commas for json (whose word 0 is the name). It is -1 when find names the word.
	word int
	find string // the first word equal to this, when word is -1
	name bool   // find is the word's keyword, before its "=", not the whole word
	// value points at the word's value, after its first "=", instead of its start; a word that
	// starts with spaces is pointed at past them.
	value bool
	off   int
}

// wordSpot is word i of the jsonschema tag, or its value.
func wordSpot(i int, value bool) tagSpot { return tagSpot{key: "jsonschema", word: i, value: value} }

// findSpot is the first word w of the jsonschema tag, or its value.
func findSpot(w string, value bool) tagSpot {
	return tagSpot{key: "jsonschema", word: -1, find: w, value: value}
}

// offset returns where the spot is in tag, or -1.
func (s tagSpot) offset(tag string) int {
	if s.key == "" {
		return s.off
	}
	v, ok := reflect.StructTag(tag).Lookup(s.key)
	if !ok {
		return -1
	}
	var words []string
	if s.key == "json" {
		words = strings.Split(v, ",")
	} else {
		words = jsonschematag.Split(v)
	}
	i := s.word
	if i < 0 {
		// A json option is looked for among the options, after the name.
		from := 0
		if s.key == "json" {
			from = 1
		}
		for j := from; j < len(words) && i < 0; j++ {
			if w := words[j]; w == s.find || s.name && strings.HasPrefix(w, s.find+"=") {
				i = j
			}
		}
	}
	if i < 0 || i >= len(words) {
		return -1
	}
	w := words[i]
	k := len(w) - len(strings.TrimLeft(w, " "))
	if k == len(w) {
		k = 0
	}
	if name, _, ok := strings.Cut(w, "="); s.value && ok {
		k = len(name) + 1
	}
	vo := k
	if s.key == "json" {
		for _, w := range words[:i] {
			vo += len(w) + 1
		}
	} else if vo, ok = wordOffset(v, i, k); !ok {
		return -1
	}
	o, ok := TagOffset(tag, s.key, vo)
	if !ok {
		return -1
	}
	return o
}
