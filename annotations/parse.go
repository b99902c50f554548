package annotations

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cardgen/cardgen/internal/textdist"
)

// Prefix starts every directive line.
const Prefix = "//card:"

// MaxToolName is the longest tool name: MCP allows 128 characters, but several clients enforce
// 64. The parser, the generator (for a name derived from the handler's) and cardgen new all hold
// names to it, so a name over 64 is told the limit it must meet rather than MCP's, which would
// only lead to the next error.
const MaxToolName = 64

// Value is one word of a directive: a bare word or a Go-quoted string ("..."
// or `...`), or the raw rest of line.
type Value struct {
	Text   string    // unquoted text
	Raw    string    // exactly as written in the source
	Pos    token.Pos // position of the first byte of Raw
	Quoted bool
}

// KeyValue is one key=value pair of a directive.
type KeyValue struct {
	Key    string
	KeyPos token.Pos
	Value  Value
}

// Directive is one parsed //card: line.
type Directive struct {
	Name    string     // "tool", "result", ...
	Pos     token.Pos  // position of the leading "//" of the comment line
	NamePos token.Pos  // position of the name after "//card:"
	Args    []Value    // positional arguments, in order
	Keys    []KeyValue // key=value pairs, in order
	Flags   []Value    // bare flag words (e.g. readonly), in order
	Spec    *Spec      // the registry entry; never nil on a returned directive
}

// PosOf returns the position in the source of byte i of v.Text: past the escapes of a quoted
// value, so that a diagnostic about one character of the text points at it as written.
func (v Value) PosOf(i int) token.Pos { return v.Pos + token.Pos(offsets(v).at(i)) }

// Key returns the key=value pair called name, if it was given.
func (d *Directive) Key(name string) (KeyValue, bool) {
	for _, kv := range d.Keys {
		if kv.Key == name {
			return kv, true
		}
	}
	return KeyValue{}, false
}

// Flag reports whether the flag called name was given.
func (d *Directive) Flag(name string) bool {
	return slices.ContainsFunc(d.Flags, func(v Value) bool { return v.Text == name })
}

// ParseComment parses ONE comment line exactly as in the source (starting
// with "//"), located at pos (the position of its first "/"). It returns
// (nil, nil) when the line is not a //card: directive. Word positions are pos
// plus the byte offset in text, so columns are exact.
//
// The directive is returned whenever its name is registered, even with
// errors, so that callers can keep checking it; but only words that passed
// their checks are in Args, Keys and Flags, so with errors a required
// argument may be missing from Args. The exception is a template that is not
// empty: it is returned with its errors, so that the caller can resolve the
// {{.Field}} paths that did parse. Template-kind values are checked with
// ParseTemplate here, so calling ParseTemplate again on a returned value
// reports the same errors again, and nothing new. Errors are sorted by
// position.
func ParseComment(text string, pos token.Pos) (*Directive, []Error) {
	if !strings.HasPrefix(text, "//") {
		return nil, nil
	}
	if !strings.HasPrefix(text, Prefix) {
		// "// card:x" is ordinary prose to the Go toolchain; say why it was
		// ignored instead of silently dropping what the user meant.
		rest := strings.TrimLeft(text[2:], " \t")
		if spaces := len(text) - 2 - len(rest); spaces > 0 && strings.HasPrefix(rest, "card:") {
			name := rest[len("card:"):]
			if i := strings.IndexAny(name, " \t"); i >= 0 {
				name = name[:i]
			}
			if name == "" {
				name = "NAME"
			}
			// Deleting the blanks after "//" is all it takes.
			fix := &Fix{Pos: pos + 2, End: pos + 2 + token.Pos(spaces)}
			return nil, []Error{{Pos: pos, Msg: "directive must have no space after //; write //card:" + name, Fix: fix}}
		}
		if e, ok := misspeltPrefix(text, pos); ok {
			return nil, []Error{e}
		}
		return nil, nil
	}
	p := &lineParser{text: text, base: pos}
	p.oddSpaces()
	d := p.parse()
	slices.SortStableFunc(p.errs, func(a, b Error) int { return int(a.Pos) - int(b.Pos) })
	return d, p.errs
}

// misspeltPrefix reports a comment such as //cards:tool or //Card:result: a registered directive
// name after a word one edit away from "card". The Go toolchain and cardgen both take it for prose,
// so without this the tool would silently not exist. Only registered names count: //car:x or
// //cart:total are someone else's.
func misspeltPrefix(text string, pos token.Pos) (Error, bool) {
	word, rest, ok := strings.Cut(text[2:], ":")
	if !ok || word == "card" || textdist.Distance(strings.ToLower(word), "card") > 1 {
		return Error{}, false
	}
	name := rest
	if i := strings.IndexAny(name, " \t"); i >= 0 {
		name = name[:i]
	}
	if _, known := Lookup(name); !known {
		return Error{}, false
	}
	return Error{
		Pos: pos + 2,
		Msg: fmt.Sprintf("//%s:%s is not a cardgen directive, so it is ignored; write %s%s", word, name, Prefix, name),
		Fix: &Fix{Pos: pos + 2, End: pos + 2 + token.Pos(len(word)), NewText: "card"},
	}, true
}

// ParseCommentGroup parses every line of a doc comment. It returns the
// directives in order, all errors sorted by position, and the doc text with
// directive lines removed (as ast.CommentGroup.Text gives it, trimmed of
// surrounding space); that text becomes the tool description.
//
// Lines that look like directives but have errors are left out of the doc
// text too. A directive that is not Repeatable and appears again is reported
// and only its first occurrence is returned.
func ParseCommentGroup(g *ast.CommentGroup) (dirs []*Directive, doc string, errs []Error) {
	if g == nil {
		return nil, "", nil
	}
	var kept []*ast.Comment
	for _, c := range g.List {
		d, e := ParseComment(c.Text, c.Slash)
		errs = append(errs, e...)
		if d == nil {
			if len(e) == 0 {
				kept = append(kept, c)
			}
			continue
		}
		if !d.Spec.Repeatable && slices.ContainsFunc(dirs, func(x *Directive) bool { return x.Name == d.Name }) {
			errs = append(errs, Error{Pos: d.NamePos, Msg: fmt.Sprintf("%s%s is given twice; keep one", Prefix, d.Name)})
			continue
		}
		dirs = append(dirs, d)
	}
	doc = strings.TrimSpace((&ast.CommentGroup{List: kept}).Text())
	return dirs, doc, errs
}

// CheckTarget reports every directive in dirs that may not appear at on (OnFunc
// or OnType), such as //card:tool on a type declaration.
func CheckTarget(dirs []*Directive, on Target) []Error {
	var errs []Error
	for _, d := range dirs {
		if d.Spec != nil && d.Spec.On&on == 0 {
			errs = append(errs, Error{Pos: d.NamePos, Msg: fmt.Sprintf("%s%s is not allowed on a %s; put it in the doc comment of a %s",
				Prefix, d.Name, on, d.Spec.On)})
		}
	}
	return errs
}

// oddSpaceNames names the Unicode spaces, visible and not, that end up in a directive pasted from
// a web page, a chat or a word processor; any other space is "a Unicode space".
var oddSpaceNames = map[rune]string{
	'\u00a0': "a no-break space", '\u202f': "a narrow no-break space", '\u2007': "a figure space",
	'\u3000': "an ideographic space", '\u200b': "a zero-width space", '\u2060': "a word joiner",
	'\ufeff': "a zero-width no-break space",
}

// oddSpaces reports each Unicode space outside quoted strings in the directive — where a plain
// space belongs, and looks like one or like nothing at all — and turns it into plain spaces of
// its length in bytes, so that the rest of the line parses as it reads and every position stays
// where it was. Left in, a no-break space joined two words into one: "//card:field A" came out
// as an unknown directive named "field A", "ping readonly" as an invalid tool name. Inside
// quotes it is text, as the author may mean it.
func (p *lineParser) oddSpaces() {
	var b []byte // p.text with the spaces replaced, once there is one
	var quote byte
	for i := 0; i < len(p.text); {
		c := p.text[i]
		switch {
		case quote != 0:
			if c == '\\' && quote == '"' {
				i++
			} else if c == quote {
				quote = 0
			}
			i++
			continue
		case c == '"' || c == '`':
			quote = c
			i++
			continue
		case c < utf8.RuneSelf:
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(p.text[i:])
		name, known := oddSpaceNames[r]
		if !known && !unicode.IsSpace(r) {
			i += n
			continue
		}
		if !known {
			name = "a Unicode space"
		}
		fix := &Fix{Pos: p.pos(i), End: p.pos(i + n)}
		if unicode.IsSpace(r) {
			p.errorf(p.pos(i), "%s (%U) separates words here, where a plain space belongs; replace it with a space", name, r)
			fix.NewText = " "
		} else {
			p.errorf(p.pos(i), "%s (%U), which shows as nothing, is between the words here; delete it", name, r)
		}
		p.errs[len(p.errs)-1].Fix = fix
		p.odd = append(p.odd, fix)
		if b == nil {
			b = []byte(p.text)
		}
		copy(b[i:i+n], "    ")
		i += n
	}
	if b != nil {
		p.text = string(b)
	}
}

// lineParser holds the state of one ParseComment call.
type lineParser struct {
	text string
	base token.Pos
	errs []Error
	// slots counts the positional places taken, including by words that
	// had errors and were left out of Args.
	slots int
	// broken is set when the rest of the line could not be read (an
	// unterminated string), so missing arguments are not reported on top.
	broken bool
	// bare is the key=value just read when its value was a bare word, else nil: a bare word
	// right after it is most likely the rest of a value that contains spaces.
	bare *bareKey
	// open is set when the word just read was an unquoted argument that may hold spaces (a
	// string or template, or a word past the last argument that followed one): a bare word
	// after it that fits no slot is most likely the rest of that value, and quoting is the fix.
	// After a quoted value, a flag, a key or a word that cannot hold spaces it is not.
	open bool
	// odd holds the fixes of the Unicode spaces that oddSpaces turned into plain ones, in order.
	odd []*Fix
}

// fixedText returns text[start:end] as it reads once the Unicode spaces in it are mended as
// their fixes say: a space, or nothing for one that shows as nothing. (text holds them as runs
// of plain spaces, to keep positions.)
func (p *lineParser) fixedText(start, end int) string {
	var b strings.Builder
	for i := start; i < end; i++ {
		j := slices.IndexFunc(p.odd, func(f *Fix) bool { return f.Pos == p.pos(i) })
		if j < 0 {
			b.WriteByte(p.text[i])
			continue
		}
		b.WriteString(p.odd[j].NewText)
		i = int(p.odd[j].End-p.base) - 1
	}
	return b.String()
}

// keyLike reports whether key, given as key=value, is a key of spec or may be a misspelt one: spec
// has keys, and key is neither one of its flags nor the name of an argument (each reported with
// advice of its own, which quoting its value would contradict).
func keyLike(spec *Spec, key string) bool {
	_, known := spec.Key(key)
	return known || len(spec.Keys) > 0 && !spec.HasFlag(key) && spec.argNamed(key) == ""
}

// bareKey is a key=value of the directive given with an unquoted value.
type bareKey struct {
	key   string
	start int // where the value starts in the line
}

func (p *lineParser) pos(off int) token.Pos { return p.base + token.Pos(off) }

func (p *lineParser) errorf(pos token.Pos, format string, args ...any) {
	p.errs = append(p.errs, Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' }

func (p *lineParser) skipSpace(i int) int {
	for i < len(p.text) && isSpace(p.text[i]) {
		i++
	}
	return i
}

func (p *lineParser) wordEnd(i int) int {
	for i < len(p.text) && !isSpace(p.text[i]) {
		i++
	}
	return i
}

func (p *lineParser) parse() *Directive {
	start := len(Prefix)
	end := p.wordEnd(start)
	name := p.text[start:end]
	if name == "" {
		// "//card: tool": the name is there, after a space that the Go convention forbids.
		next := p.skipSpace(end)
		if word := p.text[next:p.wordEnd(next)]; next > end {
			if _, ok := Lookup(word); ok {
				p.errorf(p.pos(start), "missing directive name after %s; remove the space: write %s%s", Prefix, Prefix, word)
				p.errs[len(p.errs)-1].Fix = &Fix{Pos: p.pos(end), End: p.pos(next)}
				return nil
			}
		}
		p.errorf(p.pos(start), "missing directive name after %s; write %sNAME (run cardgen help for the list)", Prefix, Prefix)
		return nil
	}
	spec, ok := Lookup(name)
	if !ok {
		s := DidYouMean(name, Names())
		hint := "; run cardgen help for the list"
		if s != "" {
			hint = "; did you mean " + Prefix + s + "?"
		}
		p.errorf(p.pos(start), "unknown directive %s%s%s", Prefix, name, hint)
		p.fixLast(start, end, s)
		return nil
	}
	d := &Directive{Name: name, Pos: p.base, NamePos: p.pos(start), Spec: spec}
	for i := p.skipSpace(end); i < len(p.text); i = p.skipSpace(i) {
		if p.slots < len(spec.Args) && spec.Args[p.slots].Kind == KindJSON {
			// The rest of the line is one value: JSON has its own quoting.
			raw := strings.TrimRight(p.text[i:], " \t\r")
			v := Value{Text: raw, Raw: raw, Pos: p.pos(i)}
			if p.checkArg(spec, spec.Args[p.slots], v) {
				d.Args = append(d.Args, v)
			}
			p.slots++
			break
		}
		if strings.HasPrefix(p.text[i:], "//") {
			// "//card:tool get // the order tool": Go has no comment inside a comment, so the
			// rest would be read as words, each wrong in its own way.
			p.errorf(p.pos(i), "%s%s lines take no trailing comment: %q would be read as more words of the directive; put the comment on a line of its own", Prefix, name, strings.TrimRight(p.text[i:], " \t\r"))
			p.broken = true
			break
		}
		next, ok := p.word(d, i)
		if !ok {
			break
		}
		i = next
	}
	var missing []string
	for _, a := range spec.Args[min(p.slots, len(spec.Args)):] {
		if !a.Optional {
			missing = append(missing, strings.ToUpper(a.Name))
		}
	}
	if len(missing) > 0 && !p.broken {
		p.errorf(d.NamePos, "%s%s needs %s; usage: %s", Prefix, name, strings.Join(missing, " and "), spec.Usage())
	}
	return d
}

// word parses the word at i and files it into d as key, flag or positional.
// It returns where the next word may start, and false when the rest of the
// line cannot be parsed (an unterminated string).
func (p *lineParser) word(d *Directive, i int) (int, bool) {
	spec := d.Spec
	bare, open := p.bare, p.open
	p.bare, p.open = nil, false
	// key=value: an identifier directly followed by "=".
	if k := identEnd(p.text, i); k > i && k < len(p.text) && p.text[k] == '=' {
		key, keyPos := p.text[i:k], p.pos(i)
		var v Value
		next, ok, clean := k+1, true, true
		hasValue := next < len(p.text) && !isSpace(p.text[next])
		if hasValue {
			v, next, ok, clean = p.value(next)
			if !ok {
				return next, false
			}
		}
		switch ks, known := spec.Key(key); {
		case spec.HasFlag(key):
			p.errorf(keyPos, "%s is a flag and takes no value; write %s", key, key)
		case !known:
			p.unknownKey(spec, key, keyPos, v)
			if p.slots < len(spec.Args) && strings.EqualFold(spec.Args[p.slots].Name, key) {
				p.slots++ // path=x.html: reported, and no "needs PATH" on top
			}
		case !hasValue:
			p.errorf(keyPos, "key %s has no value; write %s=VALUE", key, key)
		case slices.ContainsFunc(d.Keys, func(kv KeyValue) bool { return kv.Key == key }):
			p.errorf(keyPos, "key %s given twice; keep one", key)
		default:
			if clean && p.checkValue(spec.Name+" "+key, ks.Kind, ks.Enum, v) {
				d.Keys = append(d.Keys, KeyValue{Key: key, KeyPos: keyPos, Value: v})
			}
		}
		if hasValue && clean && !v.Quoted && keyLike(spec, key) {
			p.bare = &bareKey{key: key, start: k + 1}
		}
		return next, ok
	}
	v, next, ok, clean := p.value(i)
	switch {
	case !ok:
		return next, false
	case !clean:
		// Already reported. The word still takes its place, so that no
		// "needs TEXT" or "too many arguments" follows from the same typo,
		// but it is not returned: every returned Value is well-quoted.
		p.slots++
	case !v.Quoted && p.spacedKey(spec, v, next):
		// "title = x": reported; skip the "=" and the value after it.
		j := p.skipSpace(p.skipSpace(next) + 1)
		if j < len(p.text) {
			_, j, ok, _ = p.value(j)
		}
		return j, ok
	case !v.Quoted && spec.HasFlag(v.Text):
		if d.Flag(v.Text) {
			p.errorf(v.Pos, "flag %s given twice; keep one", v.Text)
		} else {
			d.Flags = append(d.Flags, v)
		}
	case !v.Quoted && p.joinedFlags(spec, v):
		// "readonly,idempotent": reported.
	case !v.Quoted && bare != nil:
		// "title=Order status": the word is not an argument, whatever slot is free.
		return p.afterBareValue(spec, *bare, v, next), true
	case p.slots < len(spec.Args):
		a := spec.Args[p.slots]
		if f := misspeltFlag(spec, a, v); f != "" {
			// "//card:tool readonyl" would silently name the tool readonyl.
			p.errorf(v.Pos, "unknown flag %s for %s%s; did you mean %s? (quote the word to use it as %s)",
				v.Text, Prefix, spec.Name, f, strings.ToUpper(a.Name))
			p.fixWord(v, f)
			break
		}
		if p.checkArg(spec, a, v) {
			d.Args = append(d.Args, v)
		}
		p.slots++
		p.open = !v.Quoted && mayHoldSpaces(a.Kind)
	default:
		p.open = p.extraWord(spec, v, open)
	}
	return next, true
}

// mayHoldSpaces reports whether a value of kind may contain spaces, so that a bare word after an
// unquoted one may be the rest of it: text and templates may; names, enumerated words, lists,
// paths and URLs may not.
func mayHoldSpaces(kind ArgKind) bool { return kind == KindString || kind == KindTemplate }

// spacedKey reports (and returns true) when the bare word v, ending at next,
// is a key of spec followed by a spaced-out "=", as in "title = x".
func (p *lineParser) spacedKey(spec *Spec, v Value, next int) bool {
	j := p.skipSpace(next)
	if j == next || j >= len(p.text) || p.text[j] != '=' {
		return false
	}
	if _, ok := spec.Key(v.Text); !ok {
		return false
	}
	p.errorf(v.Pos, "spaces around = after key %s; write %s=VALUE", v.Text, v.Text)
	return true
}

// misspeltFlag returns the flag that the bare word v, given in the place of
// the optional argument a, was most likely meant to be, or "". Only close
// spellings count, not prefixes: a tool may well be named "readonly_orders".
func misspeltFlag(spec *Spec, a ArgSpec, v Value) string {
	if v.Quoted || !a.Optional {
		return ""
	}
	return closeFlag(spec, v.Text)
}

// closeFlag returns the flag of spec that word is a close misspelling of, or "": at most 2 edits
// away, and fewer than the word has letters. Prefixes do not count.
func closeFlag(spec *Spec, word string) string {
	for _, f := range spec.Flags {
		// The distance is at least the difference in length: skip the work.
		if abs(len(word)-len(f.Name)) > 2 {
			continue
		}
		if d := textdist.Distance(strings.ToLower(word), f.Name); d <= 2 && d < len(word) {
			return f.Name
		}
	}
	return ""
}

// joinedFlags reports (and returns true) when the bare word v is flags of spec joined by commas,
// as in "readonly,idempotent": every part between the commas is a flag or a close misspelling of
// one. Read as one word it would be an unknown flag close to the first, and following "did you
// mean readonly?" would drop the others.
func (p *lineParser) joinedFlags(spec *Spec, v Value) bool {
	flags, ok := commaFlags(spec, v.Text)
	if !ok {
		return false
	}
	s := strings.Join(flags, " ")
	p.errorf(v.Pos, "flags of %s%s are separated by spaces, not commas; write %s", Prefix, spec.Name, s)
	p.fixWord(v, s)
	return true
}

// commaFlags returns the flags in word, each once and in order, when word holds a comma and
// every part between its commas is a flag of spec, a close misspelling of one (see closeFlag),
// or empty (as after a trailing comma).
func commaFlags(spec *Spec, word string) ([]string, bool) {
	if !strings.Contains(word, ",") {
		return nil, false
	}
	var flags []string
	for part := range strings.SplitSeq(word, ",") {
		if part == "" {
			continue
		}
		f := part
		if !spec.HasFlag(f) {
			if f = closeFlag(spec, part); f == "" {
				return nil, false
			}
		}
		if !slices.Contains(flags, f) {
			flags = append(flags, f)
		}
	}
	return flags, len(flags) > 0
}

// afterBareValue reports the bare word v (ending at next), which comes right after the
// unquoted value of the key bare, as in "title=Order status": a bare value ends at the first
// space, so the word is most likely the rest of the value. It is not taken as an argument,
// which would silently name a tool "status". The words after it that are not flags, keys or
// quoted strings go into the suggested value too, and are not reported again; it returns where
// the next word may start.
func (p *lineParser) afterBareValue(spec *Spec, bare bareKey, v Value, next int) int {
	if f := closeFlag(spec, v.Text); f != "" {
		p.errorf(v.Pos, "unknown flag %s for %s%s; did you mean %s?", v.Text, Prefix, spec.Name, f)
		p.fixWord(v, f)
		return next
	}
	if _, ok := spec.Key(v.Text); ok {
		p.errorf(v.Pos, "key %s has no value; write %s=VALUE", v.Text, v.Text)
		return next
	}
	end := next
	for j := p.skipSpace(end); j < len(p.text) && p.valueWord(spec, j); j = p.skipSpace(end) {
		end = p.wordEnd(j)
	}
	// A single word that would do as the argument whose place is free may have been meant as it.
	hint := ""
	if p.slots < len(spec.Args) && end == next && p.fits(spec, spec.Args[p.slots], v) {
		hint = fmt.Sprintf(" (to give %s as %s, write it before %s=)", v.Text, strings.ToUpper(spec.Args[p.slots].Name), bare.key)
	}
	p.errorf(v.Pos, "the value of %s ends at the space before %q; quote a value that contains spaces: %s=%s%s",
		bare.key, v.Text, bare.key, strconv.Quote(p.fixedText(bare.start, end)), hint)
	return end
}

// valueWord reports whether the word at i, after a bare key value and a word taken as the rest
// of it, is more of the same: a bare word, and neither a key=value, a key, a flag, flags joined
// by commas nor a close misspelling of a flag (each of which is read as such).
func (p *lineParser) valueWord(spec *Spec, i int) bool {
	w := p.text[i:p.wordEnd(i)]
	if strings.ContainsAny(w, "\"`") || w[0] == '\'' {
		return false
	}
	if k := identEnd(p.text, i); k > i && k < len(p.text) && p.text[k] == '=' {
		return false
	}
	_, isKey := spec.Key(w)
	_, joined := commaFlags(spec, w)
	return !isKey && !joined && !spec.HasFlag(w) && closeFlag(spec, w) == ""
}

// fits reports whether v would pass the checks of argument a, without reporting anything.
func (p *lineParser) fits(spec *Spec, a ArgSpec, v Value) bool {
	q := &lineParser{text: p.text, base: p.base}
	q.checkArg(spec, a, v)
	return len(q.errs) == 0
}

// extraWord reports a word that fits no slot left in the directive. open says that the word
// before it was an unquoted value that may hold spaces (see lineParser.open): only then is the
// word likely the rest of that value, and quoting the advice. It reports whether the word
// continues such a value, for the word after it.
func (p *lineParser) extraWord(spec *Spec, v Value, open bool) bool {
	if !v.Quoted {
		if _, ok := spec.Key(v.Text); ok {
			p.errorf(v.Pos, "key %s has no value; write %s=VALUE", v.Text, v.Text)
			return false
		}
		if s := DidYouMean(v.Text, spec.flagNames()); s != "" {
			p.errorf(v.Pos, "unknown flag %s for %s%s; did you mean %s?", v.Text, Prefix, spec.Name, s)
			p.fixWord(v, s)
			return false
		}
		if s := DidYouMean(v.Text, spec.keyNames()); s != "" {
			p.errorf(v.Pos, "unknown word %s for %s%s; did you mean %s=VALUE?", v.Text, Prefix, spec.Name, s)
			return false
		}
		if !open && len(spec.Flags) > 0 {
			// "//card:tool get_order title="x" extra": the value before is whole, so quoting
			// would not help; a bare word there can only be meant as a flag.
			given := ""
			if p.slots > 0 {
				given = ", and " + argList(spec.Args[:min(p.slots, len(spec.Args))]) + " given already"
			}
			p.errorf(v.Pos, "%s is not a flag of %s%s%s; remove it, or use one of its flags: %s",
				v.Text, Prefix, spec.Name, given, orList(spec.flagNames()))
			return false
		}
	}
	hint := "usage: " + spec.Usage()
	if open && !v.Quoted {
		hint = "quote a value that contains spaces; " + hint
	}
	p.errorf(v.Pos, "too many arguments for %s%s at %s; %s", Prefix, spec.Name, v.Raw, hint)
	return open && !v.Quoted
}

// argList names args as a sentence's subject: "NAME is", "LABEL and VALUE are".
func argList(args []ArgSpec) string {
	names := make([]string, len(args))
	for i, a := range args {
		names[i] = strings.ToUpper(a.Name)
	}
	if len(names) == 1 {
		return names[0] + " is"
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] + " are"
}

func (p *lineParser) unknownKey(spec *Spec, key string, pos token.Pos, v Value) {
	switch {
	case spec.argNamed(key) != "":
		// "//card:tool name=get_order": the argument is positional, like a command's.
		p.errorf(pos, "%s is not a key of %s%s; give %s as a plain word, without %s=, as in %s%s %s",
			key, Prefix, spec.Name, spec.argNamed(key), key, Prefix, spec.Name, cmp.Or(v.Raw, "…"))
	case spec.Elsewhere[key] != "":
		p.errorf(pos, "%s is not a key of %s%s: %s", key, Prefix, spec.Name, spec.Elsewhere[key])
	case len(spec.Keys) == 0:
		p.errorf(pos, "%s%s takes no keys; usage: %s", Prefix, spec.Name, spec.Usage())
	default:
		s := DidYouMean(key, spec.keyNames())
		hint := "; valid keys are " + orList(spec.keyNames())
		if s != "" {
			hint = "; did you mean " + s + "?"
		}
		p.errorf(pos, "unknown key %s for %s%s%s", key, Prefix, spec.Name, hint)
		off := int(pos - p.base)
		p.fixLast(off, off+len(key), s)
	}
}

// fixLast attaches to the error just reported the fix that replaces the text
// bytes [start, end) with s; nothing when s is "" (no suggestion, no fix).
func (p *lineParser) fixLast(start, end int, s string) {
	if s == "" || len(p.errs) == 0 {
		return
	}
	p.errs[len(p.errs)-1].Fix = &Fix{Pos: p.pos(start), End: p.pos(end), NewText: s}
}

// fixWord attaches the fix that replaces the bare word v with s.
func (p *lineParser) fixWord(v Value, s string) {
	off := int(v.Pos - p.base)
	p.fixLast(off, off+len(v.Raw), s)
}

// value scans one bare or quoted word at i. ok is false when the rest of the
// line is unusable; clean is false when the word itself had an error (already
// reported), so that it is not checked again.
func (p *lineParser) value(i int) (v Value, next int, ok, clean bool) {
	switch q := p.text[i]; q {
	case '"', '`':
		j := i + 1
		for j < len(p.text) && p.text[j] != q {
			if q == '"' && p.text[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(p.text) {
			p.errorf(p.pos(i), "unterminated string; add the closing %c", q)
			p.broken = true
			return Value{}, len(p.text), false, false
		}
		raw := p.text[i : j+1]
		clean = true
		text, _ := unquoteMap(raw, func(off int, msg string) {
			p.errorf(p.pos(i+off), "%s", msg)
			clean = false
		})
		next = j + 1
		if next < len(p.text) && !isSpace(p.text[next]) {
			p.errorf(p.pos(next), "missing space after quoted string; separate words with a space")
			next, clean = p.wordEnd(next), false
		}
		return Value{Text: text, Raw: raw, Pos: p.pos(i), Quoted: true}, next, true, clean
	}
	end := p.wordEnd(i)
	raw := p.text[i:end]
	if raw[0] == '\'' {
		// 'Order status' would otherwise be two bare words with the quotes kept in the text.
		// The word runs to the closing quote, so that its second half is not reported again.
		if j := strings.IndexByte(p.text[i+1:], '\''); j >= 0 {
			end = p.wordEnd(i + 1 + j)
			raw = p.text[i:end]
		}
		p.errorf(p.pos(i), "single quotes do not quote a value; use double quotes \"…\" or backquotes `…`")
		return Value{Text: raw, Raw: raw, Pos: p.pos(i)}, end, true, false
	}
	if k := strings.IndexAny(raw, "\"`"); k >= 0 {
		p.errorf(p.pos(i+k), "unexpected %c inside a word; quote the whole word", raw[k])
		return Value{Text: raw, Raw: raw, Pos: p.pos(i)}, end, true, false
	}
	return Value{Text: raw, Raw: raw, Pos: p.pos(i)}, end, true, true
}

// identEnd returns the end of the Go identifier starting at i, or i if none.
func identEnd(s string, i int) int {
	j := i
	for j < len(s) {
		c := s[j]
		if c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || j > i && '0' <= c && c <= '9' {
			j++
			continue
		}
		break
	}
	return j
}

func (p *lineParser) checkArg(spec *Spec, a ArgSpec, v Value) bool {
	what := spec.Name + " " + a.Name
	if a.Kind == KindList || a.Kind == KindJSON {
		what = spec.Name
	}
	return p.checkValue(what, a.Kind, a.Enum, v)
}

// checkValue checks v against its kind, reports what is wrong (what names
// the value in messages) and reports whether v is kept. A template with
// errors is still kept when it is not empty: the generator parses it again
// and resolves the {{.Field}} paths that did parse, so a misspelt field
// beside a broken action is reported in the same run, not after the action
// is mended.
func (p *lineParser) checkValue(what string, kind ArgKind, enum []string, v Value) bool {
	n := len(p.errs)
	p.checkKind(what, kind, enum, v)
	if kind.IsTemplate() && v.Text != "" {
		return true
	}
	return len(p.errs) == n
}

func (p *lineParser) checkKind(what string, kind ArgKind, enum []string, v Value) {
	if v.Text == "" {
		p.errorf(v.Pos, "%s is empty; give it a value", what)
		return
	}
	switch kind {
	case KindIdent:
		if n := utf8.RuneCountInString(v.Text); n > MaxToolName {
			p.errorf(v.Pos, "%s is %d characters; the limit is %d, which several clients enforce: shorten it by %d", what, n, MaxToolName, n-MaxToolName)
		} else if strings.IndexFunc(v.Text, func(r rune) bool { return !isIdentRune(r) }) >= 0 {
			p.errorf(v.Pos, "%s %q is not valid; use only letters, digits, _, - and .", what, v.Text)
		}
	case KindEnum:
		if !slices.Contains(enum, v.Text) {
			p.unknownItem(what, enum, v, 0, len(v.Text))
		}
	case KindTemplate, KindURLTemplate:
		_, errs := ParseTemplate(v)
		p.errs = append(p.errs, errs...)
	case KindJSON:
		p.checkJSON(what, v)
	case KindPath:
		if msg := checkPath(v.Text); msg != "" {
			p.errorf(v.Pos, "%s %q %s (%s)", what, v.Text, msg, PathRule)
		}
	case KindList:
		p.checkList(what, enum, v)
	}
}

func isIdentRune(r rune) bool {
	return r == '_' || r == '-' || r == '.' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
}

func (p *lineParser) checkJSON(what string, v Value) {
	if json.Valid([]byte(v.Text)) {
		if key, off, ok := duplicateKey(v.Text); ok {
			// Valid JSON, and encoding/json keeps the last value without a word: the first
			// is a mistake the golden test would never show.
			p.errorf(v.Pos+token.Pos(off), "%s has the key %q twice in one object, and encoding/json keeps only the last value; remove one", what, key)
		}
		return
	}
	// json.Valid says only yes or no; decoding again finds where.
	var x any
	err := json.Unmarshal([]byte(v.Text), &x)
	off := len(v.Text)
	if se, ok := errors.AsType[*json.SyntaxError](err); ok {
		off = min(max(int(se.Offset)-1, 0), len(v.Text))
	}
	msg := "unexpected end of JSON input"
	if err != nil {
		msg = err.Error()
	}
	p.errorf(v.Pos+token.Pos(off), "%s is not valid JSON: %s; write one JSON value on the line", what, msg)
}

// PathRule states what a ui path must be, with an example; every path message ends with it.
const PathRule = `a ui path must be a relative path to an .html file in the ui folder, e.g. "orders/card.html"`

// checkPath returns what is wrong with a ui path, or "".
func checkPath(path string) string {
	switch {
	case strings.Contains(path, `\`):
		return `uses \; separate folders with /`
	case strings.HasPrefix(path, "/"):
		return "is absolute; write it relative to the ui folder"
	case path == ".." || strings.HasPrefix(path, "../") || strings.HasSuffix(path, "/..") || strings.Contains(path, "/../"):
		return "leaves the ui folder; remove the .. elements"
	case !fs.ValidPath(path):
		return "is not clean; remove empty and . elements and any trailing /"
	case !strings.HasSuffix(path, ".html") && strings.HasSuffix(strings.ToLower(path), ".html"):
		return "ends in " + path[len(path)-len(".html"):] + "; ui paths end in .html, in lower case: rename the file"
	case !strings.HasSuffix(path, ".html"):
		return "is not an .html file; point at the card's .html file"
	}
	return ""
}

func (p *lineParser) checkList(what string, enum []string, v Value) {
	offs := offsets(v)
	var seen []string
	start := 0
	for i := 0; i <= len(v.Text); i++ {
		if i < len(v.Text) && v.Text[i] != ',' {
			continue
		}
		item, at := v.Text[start:i], v.Pos+token.Pos(offs.at(start))
		switch {
		case item == "":
			p.errorf(at, "%s has an empty item; write %s separated by commas, without spaces", what, orList(enum))
		case !slices.Contains(enum, item):
			p.unknownItem(what, enum, v, start, i)
		case slices.Contains(seen, item):
			p.errorf(at, "%s lists %s twice; keep one", what, item)
		default:
			seen = append(seen, item)
		}
		start = i + 1
	}
}

// enumSynonyms are words people write, by what they are given for, for a word the enum has
// but spells otherwise, with why it is that word: the MCP Apps visibility of a tool that only
// views call is "app", which people call the card or the UI.
var enumSynonyms = map[[2]string]struct{ word, why string }{
	{"visibility", "card"}: {"app", "a tool only UI cards call is visible to the app"},
	{"visibility", "ui"}:   {"app", "a tool only UI cards call is visible to the app"},
}

// unknownItem reports v.Text[start:end], which is none of the words enum allows, with the
// closest word as a suggestion when one is close and otherwise the list. The suggestion comes
// with the fix that replaces the item, where the source holds it as it is read (not written
// with an escape inside a Go string).
func (p *lineParser) unknownItem(what string, enum []string, v Value, start, end int) {
	item := v.Text[start:end]
	offs := offsets(v)
	rs, re := offs.at(start), offs.at(end)
	at := v.Pos + token.Pos(rs)
	s := DidYouMean(item, enum)
	syn, isSyn := enumSynonyms[[2]string{what, item}]
	switch {
	case isSyn && slices.Contains(enum, syn.word):
		s = syn.word
		p.errorf(at, "unknown %s %q; %s: write %s", what, item, syn.why, s)
	case s == "":
		p.errorf(at, "unknown %s %q; use %s", what, item, orList(enum))
		return
	default:
		p.errorf(at, "unknown %s %q; did you mean %s?", what, item, s)
	}
	if rs <= re && re <= len(v.Raw) && v.Raw[rs:re] == item {
		p.errs[len(p.errs)-1].Fix = &Fix{Pos: at, End: v.Pos + token.Pos(re), NewText: s}
	}
}

// orList joins words as "a, b or c".
func orList(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// unquoteMap decodes the Go string literal raw (quotes included) like
// strconv.Unquote. For a literal with escapes it also returns, for every byte
// of the text, the offset in raw of the source character it came from, plus a
// final entry for the closing quote; for one without, where text byte i is raw
// byte i+1, it returns nil and allocates nothing. Bad escapes are reported
// through bad (with their offset in raw), skipped, and decoding goes on so
// that every one is found.
func unquoteMap(raw string, bad func(off int, msg string)) (string, []int) {
	body := raw[1 : len(raw)-1]
	if raw[0] == '`' && strings.IndexByte(body, '\r') < 0 ||
		raw[0] == '"' && !strings.ContainsAny(body, "\\\n") && utf8.ValidString(body) {
		return body, nil
	}
	text := make([]byte, 0, len(body))
	offs := make([]int, 0, len(body)+1)
	if raw[0] == '`' {
		for i := 0; i < len(body); i++ {
			if body[i] != '\r' { // strconv.Unquote drops carriage returns in raw strings
				text = append(text, body[i])
				offs = append(offs, 1+i)
			}
		}
		return string(text), append(offs, len(raw)-1)
	}
	for i := 0; i < len(body); {
		if body[i] == '\n' { // as strconv.Unquote: a "…" string is one line
			if bad != nil {
				bad(1+i, "newline in string; write it as \\n")
			}
			i++
			continue
		}
		r, multibyte, tail, err := strconv.UnquoteChar(body[i:], '"')
		if err != nil {
			n := min(len(body)-i, 2)
			if bad != nil {
				bad(1+i, fmt.Sprintf("invalid escape sequence %s in string; use a Go escape such as \\n or \\\", or a `raw string`", body[i:i+n]))
			}
			i += n
			continue
		}
		n := len(text)
		if r < utf8.RuneSelf || !multibyte {
			text = append(text, byte(r))
		} else {
			text = utf8.AppendRune(text, r)
		}
		for range len(text) - n {
			offs = append(offs, 1+i)
		}
		i = len(body) - len(tail)
	}
	return string(text), append(offs, len(raw)-1)
}

// rawMap maps byte offsets in a Value's Text to offsets in its Raw, so that
// positions inside a quoted value are exact even past escapes.
type rawMap struct {
	offs  []int // the explicit map when escapes make it irregular, else nil
	shift int   // otherwise: Raw offset of Text[0] (1 past an opening quote)
	limit int   // the largest offset inside Raw
}

// at returns the Raw offset of Text byte i (i may be len(Text)).
func (m rawMap) at(i int) int {
	if m.offs != nil {
		return m.offs[min(i, len(m.offs)-1)]
	}
	return min(i+m.shift, m.limit)
}

// offsets returns the rawMap of v. A Value built by hand whose Raw does not
// decode to Text maps byte for byte, clamped to Raw (or to Text when Raw is
// empty).
func offsets(v Value) rawMap {
	if v.Quoted && len(v.Raw) >= 2 && (v.Raw[0] == '"' || v.Raw[0] == '`') && v.Raw[len(v.Raw)-1] == v.Raw[0] {
		if text, offs := unquoteMap(v.Raw, nil); text == v.Text {
			return rawMap{offs: offs, shift: 1, limit: len(v.Raw) - 1}
		}
	}
	switch {
	case v.Raw == "": // built by hand from Text alone
		return rawMap{limit: len(v.Text)}
	case v.Quoted:
		return rawMap{limit: len(v.Raw) - 1}
	}
	return rawMap{limit: len(v.Raw)}
}

// duplicateKey finds the first key that an object of text, valid JSON, has twice, and the byte
// offset of its second occurrence.
func duplicateKey(text string) (key string, off int, ok bool) {
	if !strings.Contains(text, "{") {
		return "", 0, false // no object, no key
	}
	dec := json.NewDecoder(strings.NewReader(text))
	// value reads one value, and the values inside it.
	var value func() (string, int, bool)
	value = func() (string, int, bool) {
		t, err := dec.Token()
		d, isDelim := t.(json.Delim)
		if err != nil || !isDelim {
			return "", 0, false
		}
		keys := map[string]bool{}
		for dec.More() {
			if d == '{' {
				// The decoder reads the comma before a key with it: the key's quote is
				// after the offset, past white space and that comma.
				at := int(dec.InputOffset())
				t, err := dec.Token()
				k, isKey := t.(string)
				if err != nil || !isKey {
					return "", 0, false
				}
				if keys[k] {
					for at < len(text) && strings.IndexByte(" \t\r\n,", text[at]) >= 0 {
						at++
					}
					return k, at, true
				}
				keys[k] = true
			}
			if k, at, ok := value(); ok {
				return k, at, true
			}
		}
		_, _ = dec.Token() // the closing } or ]
		return "", 0, false
	}
	return value()
}
