package acp

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// This file holds a small JSON parser that validation runs on. Decoding a
// 64 KB payload into map[string]any with encoding/json costs about ten
// thousand allocations and milliseconds; validation only needs to look at
// the document, so it parses once into a flat arena of values whose
// strings stay slices of the input. Decoding into Go values still uses
// encoding/json (DecodePayload), after validation.

// jkind is the JSON type of a jval.
type jkind uint8

const (
	jNull jkind = iota
	jBool
	jNumber
	jString
	jArray
	jObject
)

// jval is one JSON value, 20 bytes so a 64 KB document's arena stays
// small. data[start:end] is the literal of null, booleans and numbers and
// the bytes between the quotes of strings (esc reports escape sequences in
// them). Arrays and objects own kids[first:first+n]; an object's kids are
// key, value pairs, so n is twice its member count.
type jval struct {
	start, end int32
	first, n   int32
	kind       jkind
	esc        bool
}

// jtree is a parsed document; the root is vals[0].
type jtree struct {
	data []byte
	vals []jval
	kids []int32
}

// raw returns the bytes of value i (see jval).
func (t *jtree) raw(i int32) []byte {
	v := &t.vals[i]
	return t.data[v.start:v.end]
}

// maxNesting matches encoding/json's limit on nested arrays and objects.
const maxNesting = 10000

type jparser struct {
	data  []byte
	pos   int
	tree  *jtree
	stack []int32 // children of the containers being parsed
}

// parseJSON parses one JSON document (RFC 8259, UTF-8 already checked).
func parseJSON(data []byte) (*jtree, error) {
	if len(data) > math.MaxInt32 {
		return nil, fmt.Errorf("document of %d bytes is too large", len(data))
	}
	// Card payloads hold about one value per 9 or 10 bytes; len/8 avoids
	// growing the arena for them.
	p := &jparser{data: data, tree: &jtree{
		data: data,
		vals: make([]jval, 0, len(data)/8+1),
		kids: make([]int32, 0, len(data)/8+1),
	}}
	p.space()
	if _, err := p.value(0); err != nil {
		return nil, err
	}
	p.space()
	if p.pos < len(p.data) {
		return nil, fmt.Errorf("unexpected data after the top-level value at byte %d", p.pos)
	}
	return p.tree, nil
}

func (p *jparser) space() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *jparser) fail(what string) error {
	if p.pos >= len(p.data) {
		return fmt.Errorf("unexpected end of input, expected %s", what)
	}
	return fmt.Errorf("invalid character %s at byte %d, expected %s", quoteByte(p.data[p.pos]), p.pos, what)
}

func quoteByte(c byte) string {
	if c < utf8.RuneSelf {
		return strconv.QuoteRune(rune(c))
	}
	return fmt.Sprintf("0x%02x", c)
}

func (p *jparser) add(v jval) int32 {
	p.tree.vals = append(p.tree.vals, v)
	return int32(len(p.tree.vals) - 1)
}

// value parses the value at p.pos; leading space is already skipped.
func (p *jparser) value(depth int) (int32, error) {
	if p.pos >= len(p.data) {
		return 0, p.fail("a value")
	}
	switch c := p.data[p.pos]; {
	case c == '{' || c == '[':
		if depth >= maxNesting {
			return 0, fmt.Errorf("nesting deeper than %d levels at byte %d", maxNesting, p.pos)
		}
		return p.container(c, depth+1)
	case c == '"':
		return p.str()
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	default:
		for _, lit := range [...]struct {
			text string
			kind jkind
		}{{"true", jBool}, {"false", jBool}, {"null", jNull}} {
			end := p.pos + len(lit.text)
			if end <= len(p.data) && string(p.data[p.pos:end]) == lit.text {
				idx := p.add(jval{kind: lit.kind, start: int32(p.pos), end: int32(end)})
				p.pos = end
				return idx, nil
			}
		}
		return 0, p.fail("a value")
	}
}

func (p *jparser) container(open byte, depth int) (int32, error) {
	kind, closing := jArray, byte(']')
	if open == '{' {
		kind, closing = jObject, '}'
	}
	idx := p.add(jval{kind: kind})
	p.pos++
	mark := len(p.stack)
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == closing {
		p.pos++
		p.tree.vals[idx].first = int32(len(p.tree.kids))
		return idx, nil
	}
	for {
		p.space()
		if kind == jObject {
			if p.pos >= len(p.data) || p.data[p.pos] != '"' {
				return 0, p.fail("a string key")
			}
			k, err := p.str()
			if err != nil {
				return 0, err
			}
			p.stack = append(p.stack, k)
			p.space()
			if p.pos >= len(p.data) || p.data[p.pos] != ':' {
				return 0, p.fail("':' after an object key")
			}
			p.pos++
			p.space()
		}
		v, err := p.value(depth)
		if err != nil {
			return 0, err
		}
		p.stack = append(p.stack, v)
		p.space()
		if p.pos < len(p.data) && p.data[p.pos] == ',' {
			p.pos++
			continue
		}
		if p.pos < len(p.data) && p.data[p.pos] == closing {
			p.pos++
			break
		}
		return 0, p.fail("',' or " + strconv.QuoteRune(rune(closing)))
	}
	first := len(p.tree.kids)
	p.tree.kids = append(p.tree.kids, p.stack[mark:]...)
	p.stack = p.stack[:mark]
	p.tree.vals[idx].first = int32(first)
	p.tree.vals[idx].n = int32(len(p.tree.kids) - first)
	return idx, nil
}

func (p *jparser) str() (int32, error) {
	p.pos++ // opening quote
	start, esc := p.pos, false
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		switch {
		case c == '"':
			idx := p.add(jval{kind: jString, start: int32(start), end: int32(p.pos), esc: esc})
			p.pos++
			return idx, nil
		case c == '\\':
			esc = true
			p.pos++
			if p.pos >= len(p.data) {
				return 0, p.fail("an escape sequence")
			}
			switch p.data[p.pos] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				p.pos++
			case 'u':
				r, err := p.hexEscape()
				if err != nil {
					return 0, err
				}
				// JSON's grammar lets an escape hold half of a UTF-16 surrogate pair, but
				// the reference's parser refuses one alone (a string cut inside an emoji,
				// as JavaScript writes it), so the host would too: a high surrogate must be
				// followed by the escape of a low one, and a low one must follow a high one.
				at := p.pos - 6
				switch {
				case 0xdc00 <= r && r <= 0xdfff:
					return 0, loneSurrogate(r, at, "second", "first")
				case 0xd800 <= r && r <= 0xdbff:
					if p.pos+1 >= len(p.data) || p.data[p.pos] != '\\' || p.data[p.pos+1] != 'u' {
						return 0, loneSurrogate(r, at, "first", "second")
					}
					p.pos++
					low, err := p.hexEscape()
					if err != nil {
						return 0, err
					}
					if low < 0xdc00 || low > 0xdfff {
						return 0, loneSurrogate(r, at, "first", "second")
					}
				}
			default:
				return 0, p.fail("an escape sequence")
			}
		case c < 0x20:
			return 0, p.fail("no control character inside a string")
		default:
			p.pos++
		}
	}
	return 0, p.fail("'\"' to close the string")
}

// loneSurrogate is the error for the surrogate escape r at byte at, the half of a UTF-16 pair
// named by half without the other.
func loneSurrogate(r rune, at int, half, other string) error {
	return fmt.Errorf("lone surrogate escape \\u%04x at byte %d: the %s half of a UTF-16 pair without the %s, which the host's JSON parser refuses; escape the whole character, or write it as UTF-8", r, at, half, other)
}

// hexEscape reads the four hex digits after "\\u", with p.pos at the u, and returns their value
// with p.pos after them.
func (p *jparser) hexEscape() (rune, error) {
	if p.pos+5 > len(p.data) {
		p.pos = len(p.data)
		return 0, p.fail("four hex digits")
	}
	for _, h := range p.data[p.pos+1 : p.pos+5] {
		if !isHex(h) {
			p.pos++
			return 0, p.fail("four hex digits after \\u")
		}
	}
	r := hex4(p.data[p.pos+1 : p.pos+5])
	p.pos += 5
	return r, nil
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func (p *jparser) digits() int {
	n := 0
	for p.pos < len(p.data) && p.data[p.pos] >= '0' && p.data[p.pos] <= '9' {
		p.pos++
		n++
	}
	return n
}

func (p *jparser) number() (int32, error) {
	start := p.pos
	if p.data[p.pos] == '-' {
		p.pos++
	}
	if p.pos < len(p.data) && p.data[p.pos] == '0' {
		p.pos++
	} else if p.digits() == 0 {
		return 0, p.fail("a digit")
	}
	if p.pos < len(p.data) && p.data[p.pos] == '.' {
		p.pos++
		if p.digits() == 0 {
			return 0, p.fail("a digit after the decimal point")
		}
	}
	if p.pos < len(p.data) && (p.data[p.pos] == 'e' || p.data[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.data) && (p.data[p.pos] == '+' || p.data[p.pos] == '-') {
			p.pos++
		}
		if p.digits() == 0 {
			return 0, p.fail("a digit in the exponent")
		}
	}
	return p.add(jval{kind: jNumber, start: int32(start), end: int32(p.pos)}), nil
}

// text returns a string value's contents, unescaped.
func (t *jtree) text(i int32) string {
	if !t.vals[i].esc {
		return string(t.raw(i))
	}
	return unescape(t.raw(i))
}

// goString returns string value i as encoding/json decodes it: unescaped, and with each byte
// that is not part of valid UTF-8 read as U+FFFD. Validation checks a payload's UTF-8 before it
// parses, and reads text; a reply's selection is not checked, and is read as encoding/json reads
// it, so that the selection is the same whichever decoder read it.
func (t *jtree) goString(i int32) string {
	s := t.text(i)
	if utf8.ValidString(s) {
		return s
	}
	// An escape decodes to a whole UTF-8 sequence, which starts with no continuation byte: it
	// cannot complete a raw byte's sequence before it, nor be continued by a raw byte after it,
	// so the bytes invalid in the document are the ones invalid here. Ranging over the string
	// gives U+FFFD for each of them, as encoding/json writes it (strings.ToValidUTF8 would write
	// one for a run of them).
	out := make([]byte, 0, len(s)+8)
	for _, r := range s {
		out = utf8.AppendRune(out, r)
	}
	return string(out)
}

// decode returns value i as encoding/json decodes it into an interface with UseNumber: nil, a
// bool, a json.Number, a string (see goString), a []any, or a map[string]any holding the last
// of a repeated key's values.
func (t *jtree) decode(i int32) any {
	switch t.vals[i].kind {
	case jNull:
		return nil
	case jBool:
		return t.data[t.vals[i].start] == 't'
	case jNumber:
		return t.number(i)
	case jString:
		return t.goString(i)
	case jArray:
		kids := t.elems(i)
		out := make([]any, len(kids)) // never nil, as encoding/json makes an empty array
		for j, k := range kids {
			out[j] = t.decode(k)
		}
		return out
	}
	kids := t.elems(i)
	out := make(map[string]any, len(kids)/2)
	for j := 0; j < len(kids); j += 2 {
		out[t.goString(kids[j])] = t.decode(kids[j+1])
	}
	return out
}

// is reports whether string value i equals s, without allocating for
// strings that have no escapes.
func (t *jtree) is(i int32, s string) bool {
	if !t.vals[i].esc {
		return string(t.raw(i)) == s
	}
	return unescape(t.raw(i)) == s
}

// sameString reports whether string values a and b are equal, without
// allocating when neither has escapes.
func (t *jtree) sameString(a, b int32) bool {
	if !t.vals[a].esc && !t.vals[b].esc {
		return string(t.raw(a)) == string(t.raw(b))
	}
	return t.text(a) == t.text(b)
}

// member returns the value of key in object o; with duplicate keys the
// last one wins, as in the reference's parser.
func (t *jtree) member(o int32, key string) (int32, bool) {
	kids := t.elems(o)
	for i := len(kids) - 2; i >= 0; i -= 2 {
		if t.is(kids[i], key) {
			return kids[i+1], true
		}
	}
	return 0, false
}

// smallObject is the most members an object may have for its keys to be compared pair by
// pair; the keys of a larger one are put in a map, so that reading an object of n keys costs
// time linear in n, not n² (a payload comes from whoever sent it, and can be large).
const smallObject = 16

// repeatedKeys returns the keys that the object with kids (its keys and values in turn) gives
// more than once, sorted, each once.
func (t *jtree) repeatedKeys(kids []int32) []string {
	var dups []string
	if len(kids)/2 <= smallObject {
		for i := 0; i < len(kids); i += 2 {
			for j := 0; j < i; j += 2 {
				if t.sameString(kids[j], kids[i]) {
					dups = append(dups, t.text(kids[i]))
					break
				}
			}
		}
	} else {
		seen := make(map[string]struct{}, len(kids)/2)
		for i := 0; i < len(kids); i += 2 {
			k := t.text(kids[i])
			if _, ok := seen[k]; ok {
				dups = append(dups, k)
				continue
			}
			seen[k] = struct{}{}
		}
	}
	slices.Sort(dups)
	return slices.Compact(dups)
}

// get returns the value of key in o when o is an object and the value is of kind k.
func (t *jtree) get(o int32, key string, k jkind) (int32, bool) {
	if t.vals[o].kind != jObject {
		return 0, false
	}
	m, ok := t.member(o, key)
	return m, ok && t.vals[m].kind == k
}

// elems returns the kids of value x: an array's elements, an object's keys and values in turn,
// nothing for any other value.
func (t *jtree) elems(x int32) []int32 {
	v := &t.vals[x]
	return t.kids[v.first : v.first+v.n]
}

// number returns a number value's literal as a json.Number.
func (t *jtree) number(i int32) json.Number { return json.Number(t.raw(i)) }

// unescape decodes the escapes of a string the parser accepted. The parser
// refuses lone surrogates; were one given, it would become U+FFFD, as
// encoding/json makes it.
func unescape(raw []byte) string {
	out := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c != '\\' {
			out = append(out, c)
			continue
		}
		i++
		switch raw[i] {
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r := hex4(raw[i+1 : i+5])
			i += 4
			if utf16.IsSurrogate(r) {
				r2 := rune(-1)
				if i+7 <= len(raw) && raw[i+1] == '\\' && raw[i+2] == 'u' {
					r2 = hex4(raw[i+3 : i+7])
				}
				if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
					r = dec
					i += 6
				} else {
					r = utf8.RuneError
				}
			}
			out = utf8.AppendRune(out, r)
		default: // '"', '\\', '/'
			out = append(out, raw[i])
		}
	}
	return string(out)
}

func hex4(b []byte) rune {
	var r rune
	for _, c := range b {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		default:
			r |= rune(c - 'A' + 10)
		}
	}
	return r
}
