// Package ecmapattern finds the parts of a Go regular expression that JavaScript refuses.
//
// cardgen writes a `jsonschema:"pattern=..."` tag as the schema's pattern, and checks only that
// Go's regexp package compiles it. JSON Schema defines pattern as an ECMA-262 regular
// expression, and TypeScript MCP clients (the official SDK, through ajv) compile every pattern
// with new RegExp(pattern, "u"). A pattern that only Go understands makes such a client refuse
// the whole tool, with an error like "Invalid regular expression: /(?i)^abc$/u: Invalid group".
//
// The u flag makes JavaScript strict where Go is lenient. The traps are Go-only groups and
// escapes ((?i), (?P<name>, \z, \A, \pL, \p{Greek}, [[:alpha:]], \Q...\E, \x{41}, octal \12,
// \a), identity escapes of punctuation that is not a syntax character (\#, \:, \-, \_, ...),
// and the characters {, } and ] that Go reads as literals where no count or class claims them
// but JavaScript refuses. [Check] reports each of them with its byte offset and what to write
// instead.
//
// Check is meant for patterns that regexp.Compile accepts; on any other string it does not
// panic, but what it reports is unspecified.
//
// Some differences between Go and JavaScript are not reported, because both compile the
// pattern and the meanings differ only at the edges:
//   - \s is [\t\n\f\r ] in Go and every Unicode space (with \v, U+00A0, U+2028...) in JavaScript.
//   - . matches anything but \n in Go, and anything but \n, \r, U+2028 and U+2029 in JavaScript.
//   - \p{...} tables follow the Unicode version of the Go release and of the JavaScript engine.
//   - In a class that Go ends later than JavaScript (a leading ], a POSIX class), JavaScript
//     may, when the rest holds another [, read a different pattern rather than refuse it; the
//     construct is reported either way.
//
// Some constructs are reported although the newest engines accept them, because older
// clients still refuse them: modifier groups such as (?i:...) (ES2025) and a group name used
// twice in separate alternatives (ES2025).
package ecmapattern

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Problem is one construct of a pattern that JavaScript's u-mode regular expressions refuse or
// read differently from Go.
type Problem struct {
	Offset  int    // byte offset of the construct in the pattern
	Text    string // the construct as written, e.g. `\z`; always pattern[Offset:Offset+len(Text)]
	Message string // what is wrong and what to write instead, one sentence, no trailing period
	// Fix is what to write in place of Text so that JavaScript means what Go means, when there
	// is such an equivalent (`$` for `\z`); it is empty when there is none, as for (?i).
	Fix string
}

// Check returns the problems of pattern, in order of offset; nil when new RegExp(pattern, "u")
// compiles it and means what Go's regexp means. pattern should be one that regexp.Compile
// accepts.
func Check(pattern string) []Problem {
	s := &scanner{src: pattern, names: map[string]bool{}, nulEnd: -1}
	s.scan()
	for _, o := range s.octals {
		s.resolveOctal(o)
	}
	sort.SliceStable(s.problems, func(i, j int) bool { return s.problems[i].Offset < s.problems[j].Offset })
	return s.problems
}

// last is what the pattern ended with so far, as far as a following quantifier cares.
type last int

const (
	lastNone      last = iota // nothing to repeat: the start, (, or |
	lastAtom                  // something JavaScript can repeat
	lastAssertion             // ^, $, \b, \B, \A or \z, which JavaScript cannot repeat
	lastRepeated              // a quantifier, which JavaScript cannot repeat again
)

// octal is an octal escape outside a class, whose message waits for the number of groups.
type octal struct {
	problem int    // index in problems
	digits  string // the decimal digits JavaScript reads after the backslash
}

type scanner struct {
	src      string
	pos      int
	last     last
	lastText string // the assertion last is about, as JavaScript writes it
	nulEnd   int    // the offset after the last \0 that JavaScript reads as Go does, or -1
	groups   int    // capturing groups
	names    map[string]bool
	octals   []octal
	problems []Problem
}

const refused = " is Go regexp syntax that JavaScript clients refuse"

func (s *scanner) report(start, end int, fix, format string, args ...any) {
	s.problems = append(s.problems, Problem{
		Offset:  start,
		Text:    s.src[start:end],
		Message: fmt.Sprintf(format, args...),
		Fix:     fix,
	})
}

// goSyntax reports src[start:end] as Go-only syntax whose equivalent is fix.
func (s *scanner) goSyntax(start, end int, fix, tail string) {
	s.report(start, end, fix, "%s%s; write %s instead%s", s.src[start:end], refused, fix, tail)
}

func (s *scanner) scan() {
	for s.pos < len(s.src) {
		switch c := s.src[s.pos]; c {
		case '(':
			if strings.HasPrefix(s.src[s.pos:], "(?") {
				s.perlGroup()
			} else {
				s.groups++
				s.pos++
				s.last = lastNone
			}
		case ')':
			s.pos++
			s.last = lastAtom
		case '|':
			s.pos++
			s.last = lastNone
		case '^', '$':
			s.pos++
			s.assertion(string(c))
		case '[':
			s.class()
			s.last = lastAtom
		case '*', '+', '?':
			s.quantifier(s.pos + 1)
		case '{':
			s.brace()
		case '}':
			s.report(s.pos, s.pos+1, `\}`, `a } that ends no repeat count is literal in Go but refused by JavaScript clients; write \} instead`)
			s.pos++
			s.last = lastAtom
		case ']':
			s.report(s.pos, s.pos+1, `\]`, `a ] outside a class is literal in Go but refused by JavaScript clients; write \] instead`)
			s.pos++
			s.last = lastAtom
		case '\\':
			s.escape()
		default:
			_, size := utf8.DecodeRuneInString(s.src[s.pos:])
			s.pos += size
			s.last = lastAtom
		}
	}
}

func (s *scanner) assertion(js string) {
	s.last = lastAssertion
	s.lastText = js
}

// quantifier handles the quantifier from s.pos to end, and a ? after it that makes it lazy.
func (s *scanner) quantifier(end int) {
	if end < len(s.src) && s.src[end] == '?' {
		end++
	}
	q := s.src[s.pos:end]
	switch s.last {
	case lastAssertion:
		s.report(s.pos, end, "", "%s after the assertion %s is refused by JavaScript clients; write (?:%s)%s or drop the %s",
			q, s.lastText, s.lastText, q, q)
	case lastRepeated:
		s.report(s.pos, end, "", "%s right after another quantifier is refused by JavaScript clients; wrap the first in (?:...)", q)
	}
	s.pos = end
	s.last = lastRepeated
}

// brace handles a {, which Go reads as a repeat count only in the forms {n}, {n,} and {n,m}
// with no leading zeros, and as a literal otherwise.
func (s *scanner) brace() {
	t := s.src[s.pos:]
	if n, ok := repeatCount(t, false); ok {
		s.quantifier(s.pos + n)
		return
	}
	if n, ok := repeatCount(t, true); ok {
		text := t[:n]
		count := stripZeros(text)
		esc := `\{` + text[1:n-1] + `\}`
		s.report(s.pos, s.pos+n, esc, "Go reads %s as text (a count cannot start with 0) but JavaScript as a repeat count; write %s for the text or %s for a count",
			text, esc, count)
		s.pos += n
		s.last = lastAtom
		return
	}
	s.report(s.pos, s.pos+1, `\{`, `a { that starts no repeat count is literal in Go but refused by JavaScript clients; write \{ instead`)
	s.pos++
	s.last = lastAtom
}

// repeatCount returns the length of the repeat count {n}, {n,} or {n,m} at the start of t. Go
// refuses numbers with leading zeros (and reads the { as a literal); JavaScript, zeros true,
// takes them.
func repeatCount(t string, zeros bool) (int, bool) {
	digits := func(i int) (int, bool) {
		j := i
		for j < len(t) && '0' <= t[j] && t[j] <= '9' {
			j++
		}
		if j == i || !zeros && j-i > 1 && t[i] == '0' {
			return i, false
		}
		return j, true
	}
	if t == "" || t[0] != '{' {
		return 0, false
	}
	i, ok := digits(1)
	if !ok || i >= len(t) {
		return 0, false
	}
	if t[i] == ',' {
		i++
		if i < len(t) && t[i] != '}' {
			if i, ok = digits(i); !ok {
				return 0, false
			}
		}
	}
	if i >= len(t) || t[i] != '}' {
		return 0, false
	}
	return i + 1, true
}

// stripZeros writes the count {01,002} as {1,2}.
func stripZeros(count string) string {
	parts := strings.Split(count[1:len(count)-1], ",")
	for i, p := range parts {
		if p != "" {
			n := strings.TrimLeft(p, "0")
			if n == "" {
				n = "0"
			}
			parts[i] = n
		}
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// perlGroup handles a group that starts with (?: named groups, flags, and (?:.
func (s *scanner) perlGroup() {
	t := s.src[s.pos:]
	p := strings.HasPrefix(t, "(?P<") && len(t) > 4
	if p || strings.HasPrefix(t, "(?<") && len(t) > 3 {
		s.namedGroup(p)
		return
	}
	// Flags, as Go reads them: [imsU]* optionally followed by - and at least one more flag,
	// then : to open a group or ) to set them for the rest of the enclosing group.
	var set, clear strings.Builder
	minus, sawFlag := false, false
	for i := 2; i < len(t); i++ {
		switch c := t[i]; c {
		case 'i', 'm', 's', 'U':
			if minus {
				clear.WriteByte(c)
			} else {
				set.WriteByte(c)
			}
			sawFlag = true
		case '-':
			if minus {
				s.skipInvalid()
				return
			}
			minus, sawFlag = true, false
		case ':', ')':
			if minus && !sawFlag {
				s.skipInvalid()
				return
			}
			s.flags(i+1, set.String(), clear.String(), c == ':')
			return
		default:
			s.skipInvalid()
			return
		}
	}
	s.skipInvalid()
}

// skipInvalid steps over a (? that Go refuses.
func (s *scanner) skipInvalid() {
	s.pos += 2
	s.last = lastNone
}

// flags handles the flag group s.src[s.pos:s.pos+n], which opens a group when group is true.
func (s *scanner) flags(n int, set, clear string, group bool) {
	start, end := s.pos, s.pos+n
	text := s.src[start:end]
	s.pos = end
	if !group {
		// Go applies a quantifier after (?i) to what came before it, so s.last stays.
		msg := text + refused + "; drop it"
		if how := flagFixes(set); how != "" {
			msg += " and, where it applies, " + how
		}
		s.report(start, end, "", "%s", msg)
		return
	}
	s.last = lastNone
	if set == "" && clear == "" {
		return // (?:
	}
	how := flagFixes(set)
	if how != "" {
		how = " and, inside the group, " + how
	}
	if modifiers(set, clear) {
		s.report(start, end, "", "%s is an ES2025 modifier group that older JavaScript clients refuse; write (?: instead%s", text, how)
	} else {
		s.report(start, end, "", "%s%s; write (?: instead%s", text, refused, how)
	}
}

// modifiers reports whether ES2025 accepts (?set-clear:...): only i, m and s, each at most once.
func modifiers(set, clear string) bool {
	all := set + clear
	for i := range len(all) {
		if !strings.ContainsRune("ims", rune(all[i])) || strings.IndexByte(all[i+1:], all[i]) >= 0 {
			return false
		}
	}
	return all != ""
}

// flagFixes says how to do without the flags set.
func flagFixes(set string) string {
	var hows []string
	for _, f := range []struct {
		flag byte
		how  string
	}{
		{'i', "spell both cases as in [Aa]"},
		{'m', `write (?<=^|\n) for ^ and (?=$|\n) for $`},
		{'s', `write . as [\s\S]`},
		{'U', "swap greedy and lazy quantifiers, *? for * and * for *?"},
	} {
		if strings.IndexByte(set, f.flag) >= 0 {
			hows = append(hows, f.how)
		}
	}
	switch len(hows) {
	case 0:
		return ""
	case 1:
		return hows[0]
	}
	return strings.Join(hows[:len(hows)-1], ", ") + " and " + hows[len(hows)-1]
}

// namedGroup handles (?P<name> and (?<name>.
func (s *scanner) namedGroup(p bool) {
	t := s.src[s.pos:]
	end := strings.IndexByte(t, '>')
	if end < 0 {
		s.skipInvalid()
		return
	}
	start := 3
	if p {
		start = 4
	}
	name := t[start:end]
	s.groups++
	s.last = lastNone
	from, to := s.pos, s.pos+end+1
	s.pos = to
	switch {
	case name != "" && '0' <= name[0] && name[0] <= '9':
		s.report(from, to, "", "group name %s starts with a digit, which JavaScript clients refuse; start it with a letter or _, as in (?<_%s>", name, name)
	case s.names[name]:
		s.report(from, to, "", "group name %s is used twice, which JavaScript clients refuse; give this group a name of its own", name)
	case p:
		s.goSyntax(from, to, "(?<"+name+">", "")
	}
	s.names[name] = true
}

// escape handles a backslash outside a class.
func (s *scanner) escape() {
	start := s.pos
	if start+1 >= len(s.src) {
		s.pos++ // a trailing backslash, which Go refuses
		return
	}
	switch s.src[start+1] {
	case 'A':
		s.pos += 2
		s.goSyntax(start, s.pos, "^", " (without the m flag it matches only at the start)")
		s.assertion("^")
		return
	case 'z':
		s.pos += 2
		s.goSyntax(start, s.pos, "$", " (without the m flag it matches only at the end)")
		s.assertion("$")
		return
	case 'b', 'B':
		s.pos += 2
		s.assertion(s.src[start:s.pos])
		return
	case 'Q':
		s.quote()
		return
	case 'p', 'P':
		s.property()
	case 'd', 'D', 's', 'S', 'w', 'W':
		s.pos += 2
	default:
		s.charEscape(false)
	}
	s.last = lastAtom
}

// quote handles \Q...\E, whose text Go reads literally, up to \E or the end of the pattern.
func (s *scanner) quote() {
	start := s.pos
	lit, _, found := strings.Cut(s.src[start+2:], `\E`)
	s.pos = start + 2 + len(lit)
	if found {
		s.pos += 2
	}
	if lit == "" {
		s.report(start, s.pos, "", "%s%s; drop it", s.src[start:s.pos], refused)
		return
	}
	var b strings.Builder
	for i, r := range lit {
		switch {
		case i == 0 && start == s.nulEnd && '0' <= r && r <= '9':
			b.WriteString(hexEscape(r)) // not a digit right after \0, which JavaScript refuses
		case strings.ContainsRune(`^$\.*+?()[]{}|/`, r):
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < ' ' || r == 0x7f:
			b.WriteString(hexEscape(r))
		default:
			b.WriteRune(r)
		}
	}
	s.goSyntax(start, s.pos, b.String(), "")
	s.last = lastAtom
}

// charEscape handles a backslash that stands for one character, in a class or not.
func (s *scanner) charEscape(inClass bool) {
	start := s.pos
	c, size := utf8.DecodeRuneInString(s.src[start+1:])
	s.pos = start + 1 + size
	switch {
	case strings.ContainsRune("fnrtv", c):
	case c == 'a':
		s.goSyntax(start, s.pos, `\x07`, "")
	case '0' <= c && c <= '7':
		s.octal(c, inClass)
	case c == 'x':
		s.hex()
	case c == 'u':
		// Go refuses \u, but JavaScript's \u{41} and \u0041 are what some fixes write, so
		// Check steps over them whole and finds nothing in a fixed pattern.
		t := s.src[s.pos:]
		if n := strings.IndexByte(t, '}'); strings.HasPrefix(t, "{") && n > 1 && isHex(t[1:n]) {
			s.pos += n + 1
		} else if len(t) >= 4 && isHex(t[:4]) {
			s.pos += 4
		}
	case c < utf8.RuneSelf && !isAlnum(c):
		if strings.ContainsRune(`^$\.*+?()[]{}|/`, c) || inClass && c == '-' {
			return
		}
		text, fix, shown := s.src[start:s.pos], string(c), string(c)
		switch {
		case c == ' ':
			text, shown = `\ followed by a space`, "a plain space"
		case c < ' ' || c == 0x7f:
			fix = hexEscape(c)
			text, shown = fmt.Sprintf(`\ followed by U+%04X`, c), fix
		case c == '-':
			text = `\- outside a class`
		}
		s.report(start, s.pos, fix, "%s is an escape that JavaScript clients refuse; write %s instead", text, shown)
	}
	// Anything else is an escape that Go refuses.
}

// octal handles an octal escape such as \012 or \12, whose first digit c s.pos is past.
func (s *scanner) octal(c rune, inClass bool) {
	start := s.pos - 2
	if c != '0' && (s.pos >= len(s.src) || !isOctal(s.src[s.pos])) {
		return // \1 to \7 alone: a backreference, which Go refuses
	}
	v := c - '0'
	for i := 1; i < 3 && s.pos < len(s.src) && isOctal(s.src[s.pos]); i++ {
		v = v*8 + rune(s.src[s.pos]-'0')
		s.pos++
	}
	text := s.src[start:s.pos]
	fix := hexEscape(v)
	switch {
	case text == `\0`:
		if s.pos < len(s.src) && '0' <= s.src[s.pos] && s.src[s.pos] <= '9' {
			s.report(start, s.pos, fix, `\0 followed by a digit is refused by JavaScript clients; write %s instead`, fix)
		} else {
			s.nulEnd = s.pos
		}
	case c == '0' || inClass:
		s.report(start, s.pos, fix, "%s is an octal escape that JavaScript clients refuse; write %s instead", text, fix)
	default:
		// Outside a class JavaScript reads \ and every digit after it as a backreference, which it
		// refuses only when the pattern has fewer groups; the count is known at the end.
		j := start + 1
		for j < len(s.src) && '0' <= s.src[j] && s.src[j] <= '9' {
			j++
		}
		s.octals = append(s.octals, octal{problem: len(s.problems), digits: s.src[start+1 : j]})
		s.report(start, s.pos, fix, "")
	}
}

func (s *scanner) resolveOctal(o octal) {
	p := &s.problems[o.problem]
	n, err := strconv.Atoi(o.digits)
	if err == nil && n <= s.groups {
		p.Message = fmt.Sprintf("%s is an octal escape in Go but a backreference in JavaScript; write %s instead", p.Text, p.Fix)
	} else {
		p.Message = fmt.Sprintf("%s is an octal escape that JavaScript clients refuse; write %s instead", p.Text, p.Fix)
	}
}

// hex handles \x41 and \x{41}, with s.pos past the x.
func (s *scanner) hex() {
	start := s.pos - 2
	if s.pos >= len(s.src) || s.src[s.pos] != '{' {
		s.pos = min(s.pos+2, len(s.src))
		return
	}
	end := strings.IndexByte(s.src[s.pos:], '}')
	if end < 0 {
		s.pos = len(s.src)
		return
	}
	digits := s.src[s.pos+1 : s.pos+end]
	s.pos += end + 1
	s.goSyntax(start, s.pos, `\u{`+digits+`}`, "")
}

// hexEscape writes r as JavaScript's \xHH, \uHHHH or control escape.
func hexEscape(r rune) string {
	switch r {
	case '\t':
		return `\t`
	case '\n':
		return `\n`
	case '\v':
		return `\v`
	case '\f':
		return `\f`
	case '\r':
		return `\r`
	}
	if r <= 0xff {
		return fmt.Sprintf(`\x%02X`, r)
	}
	return fmt.Sprintf(`\u%04X`, r)
}

// property handles \pL, \p{Name} and \p{^Name}, and their \P forms, in a class or not.
func (s *scanner) property() {
	start := s.pos
	neg := s.src[start+1] == 'P'
	if start+2 >= len(s.src) {
		s.pos = len(s.src)
		return
	}
	var name string
	braced := s.src[start+2] == '{'
	if braced {
		end := strings.IndexByte(s.src[start:], '}')
		if end < 0 {
			s.pos = len(s.src)
			return
		}
		name = s.src[start+3 : start+end]
		s.pos = start + end + 1
	} else {
		_, size := utf8.DecodeRuneInString(s.src[start+2:])
		name = s.src[start+2 : start+2+size]
		s.pos = start + 2 + size
	}
	caret := strings.HasPrefix(name, "^")
	if caret {
		neg = !neg
		name = name[1:]
	}
	js, ok := jsProperty(name)
	if !ok {
		return // a name Go refuses
	}
	if braced && !caret && jsAccepts(name) {
		return
	}
	fix := `\p{` + js + `}`
	if neg {
		fix = `\P{` + js + `}`
	}
	s.goSyntax(start, s.pos, fix, "")
}

// class handles a character class, from its [ to its ].
func (s *scanner) class() {
	s.pos++
	if s.pos < len(s.src) && s.src[s.pos] == '^' {
		s.pos++
	}
	first := true
	afterClassEscape := ""
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		if c == ']' && !first {
			s.pos++
			return
		}
		if c == ']' {
			s.report(s.pos, s.pos+1, `\]`, `a ] first in a class is literal in Go but ends the class in JavaScript; write \] instead`)
		}
		first = false
		if c == '[' && s.posix() {
			afterClassEscape = ""
			continue
		}
		if c == '\\' && s.pos+1 < len(s.src) {
			switch e := s.src[s.pos+1]; e {
			case 'p', 'P':
				start := s.pos
				s.property()
				afterClassEscape = s.src[start:s.pos]
				continue
			case 'd', 'D', 's', 'S', 'w', 'W':
				afterClassEscape = s.src[s.pos : s.pos+2]
				s.pos += 2
				continue
			}
		}
		if c == '-' && afterClassEscape != "" && s.pos+1 < len(s.src) && s.src[s.pos+1] != ']' {
			s.report(s.pos, s.pos+1, `\-`, `- after %s in a class makes a range that JavaScript clients refuse; write \- instead`, afterClassEscape)
		}
		afterClassEscape = ""
		// A character, or a range of two.
		s.classChar()
		if s.pos+1 < len(s.src) && s.src[s.pos] == '-' && s.src[s.pos+1] != ']' {
			s.pos++
			s.classChar()
		}
	}
}

func (s *scanner) classChar() {
	if s.pos >= len(s.src) {
		return
	}
	if s.src[s.pos] == '\\' {
		if s.pos+1 >= len(s.src) {
			s.pos++
			return
		}
		s.charEscape(true)
		return
	}
	_, size := utf8.DecodeRuneInString(s.src[s.pos:])
	s.pos += size
}

// posix handles a POSIX class such as [:alpha:] at s.pos, and reports whether there was one.
func (s *scanner) posix() bool {
	t := s.src[s.pos:]
	if len(t) <= 2 || t[1] != ':' {
		return false
	}
	i := strings.Index(t[2:], ":]")
	if i < 0 {
		return false
	}
	text := t[:i+4]
	name, neg := strings.CutPrefix(text[2:len(text)-2], "^")
	ranges, ok := posixClasses[name]
	if !ok {
		return false // a name Go refuses
	}
	start := s.pos
	s.pos += len(text)
	if neg {
		s.report(start, s.pos, "", "%s%s; write [^%s] as a class of its own instead", text, refused, ranges)
	} else {
		s.goSyntax(start, s.pos, ranges, "")
	}
	return true
}

// posixClasses holds what Go's POSIX classes match, as ranges for a JavaScript class.
var posixClasses = map[string]string{
	"alnum":  `0-9A-Za-z`,
	"alpha":  `A-Za-z`,
	"ascii":  `\x00-\x7F`,
	"blank":  `\t\x20`,
	"cntrl":  `\x00-\x1F\x7F`,
	"digit":  `0-9`,
	"graph":  `!-~`,
	"lower":  `a-z`,
	"print":  `\x20-~`,
	"punct":  "!-\\/:-@\\[-`{-~",
	"space":  `\t-\r\x20`,
	"upper":  `A-Z`,
	"word":   `0-9A-Za-z_`,
	"xdigit": `0-9A-Fa-f`,
}

func isHex(t string) bool {
	for i := range len(t) {
		if c := t[i] | 0x20; !('0' <= t[i] && t[i] <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

func isOctal(c byte) bool { return '0' <= c && c <= '7' }

func isAlnum(c rune) bool {
	return '0' <= c && c <= '9' || 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z'
}
