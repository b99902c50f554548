package ecmapattern_test

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cardgen/cardgen/internal/ecmapattern"
)

// entry is one pattern of the table, which node_test.go also proves against JavaScript.
type entry struct {
	pattern string
	want    []ecmapattern.Problem
	// differs marks a pattern whose problems JavaScript reads differently rather than refuses:
	// node compiles it although Check reports it.
	differs bool
	// es2025 names the ES2025 feature ("modifiers" or "dupnames") with which an engine compiles
	// the pattern; node compiles it when it has that feature.
	es2025 string
	// inputs are strings on which Go's pattern and, in node, the pattern with every Fix applied
	// (or the pattern itself when Check finds nothing) must agree.
	inputs []string
}

func p(offset int, text, fix, message string) ecmapattern.Problem {
	return ecmapattern.Problem{Offset: offset, Text: text, Message: message, Fix: fix}
}

const refused = " is Go regexp syntax that JavaScript clients refuse"

var table = []entry{
	// Valid in both, with the same meaning.
	{pattern: `^[a-z0-9_-]{1,32}$`, inputs: []string{"abc_-9", "ABC", "", strings.Repeat("a", 33)}},
	{pattern: `^\d{4}-\d{2}-\d{2}$`, inputs: []string{"2024-01-31", "2024-1-31", "２０２４-01-31"}},
	{pattern: `\p{L}+\P{Lu}\p{Letter}\p{Nd}\p{digit}\p{Any}\p{ASCII}`},
	{pattern: `(?:a|b)`},
	{pattern: `(?<name>x)`},
	{pattern: `[\-a]`},
	{pattern: `\.\/\\\^\$\*\+\?\(\)\[\]\{\}\|`, inputs: []string{`./\^$*+?()[]{}|`}},
	{pattern: `\t\n\f\v\x41\0`, inputs: []string{"\t\n\f\vA\x00"}},
	{pattern: `\bx\B`, inputs: []string{"x", "xy", "a x"}},
	{pattern: `\w\W\d\D\s\S`, inputs: []string{"a 1x y", "_!9! z"}},
	{pattern: `[^\]]`},
	{pattern: `a{2,5}?b{3}c{2,}`, inputs: []string{"aabbbcc", "abbbcc"}},
	{pattern: `[[]x[a{}()|*+?.^$]`, inputs: []string{"[x{", "[x^"}},
	{pattern: `[\w-][a-z-\d][!--]`, inputs: []string{"--0,", "a-5+"}},
	{pattern: `\p{Cn}\p{LC}\p{Combining_Mark}`},
	{pattern: `[:alpha:]`}, // a class of the letters :ahlp in both, not a POSIX class
	{pattern: `a#:@'"<%,!=>~`, inputs: []string{"a#:@'\"<%,!=>~"}},

	// Go-only groups and flags.
	{pattern: `(?i)^abc$`, want: []ecmapattern.Problem{
		p(0, `(?i)`, ``, `(?i)`+refused+`; drop it and, where it applies, spell both cases as in [Aa]`)}},
	{pattern: `a(?s).b(?-s)`, want: []ecmapattern.Problem{
		p(1, `(?s)`, ``, `(?s)`+refused+`; drop it and, where it applies, write . as [\s\S]`),
		p(7, `(?-s)`, ``, `(?-s)`+refused+`; drop it`)}},
	{pattern: `(?ms)^a.`, want: []ecmapattern.Problem{
		p(0, `(?ms)`, ``, `(?ms)`+refused+`; drop it and, where it applies, write (?<=^|\n) for ^ and (?=$|\n) for $ and write . as [\s\S]`)}},
	{pattern: `(?U)a+`, want: []ecmapattern.Problem{
		p(0, `(?U)`, ``, `(?U)`+refused+`; drop it and, where it applies, swap greedy and lazy quantifiers, *? for * and * for *?`)}},
	{pattern: `x(?)`, want: []ecmapattern.Problem{p(1, `(?)`, ``, `(?)`+refused+`; drop it`)}},
	{pattern: `(?i:abc)d`, es2025: "modifiers", want: []ecmapattern.Problem{
		p(0, `(?i:`, ``, `(?i: is an ES2025 modifier group that older JavaScript clients refuse; write (?: instead and, inside the group, spell both cases as in [Aa]`)}},
	{pattern: `(?s-i:.)`, es2025: "modifiers", want: []ecmapattern.Problem{
		p(0, `(?s-i:`, ``, `(?s-i: is an ES2025 modifier group that older JavaScript clients refuse; write (?: instead and, inside the group, write . as [\s\S]`)}},
	{pattern: `(?Ui:a*)`, want: []ecmapattern.Problem{
		p(0, `(?Ui:`, ``, `(?Ui:`+refused+`; write (?: instead and, inside the group, spell both cases as in [Aa] and swap greedy and lazy quantifiers, *? for * and * for *?`)}},
	{pattern: `(?ii:a)`, want: []ecmapattern.Problem{
		p(0, `(?ii:`, ``, `(?ii:`+refused+`; write (?: instead and, inside the group, spell both cases as in [Aa]`)}},
	{pattern: `(?P<y>\d+)-(?P<z>x)`, inputs: []string{"12-x", "-x"}, want: []ecmapattern.Problem{
		p(0, `(?P<y>`, `(?<y>`, `(?P<y>`+refused+`; write (?<y> instead`),
		p(11, `(?P<z>`, `(?<z>`, `(?P<z>`+refused+`; write (?<z> instead`)}},
	{pattern: `(?<1st>a)`, want: []ecmapattern.Problem{
		p(0, `(?<1st>`, ``, `group name 1st starts with a digit, which JavaScript clients refuse; start it with a letter or _, as in (?<_1st>`)}},
	{pattern: `(?<a>x)(?P<a>y)`, want: []ecmapattern.Problem{
		p(7, `(?P<a>`, ``, `group name a is used twice, which JavaScript clients refuse; give this group a name of its own`)}},
	{pattern: `(?<a>x)|(?<a>y)`, es2025: "dupnames", want: []ecmapattern.Problem{
		p(8, `(?<a>`, ``, `group name a is used twice, which JavaScript clients refuse; give this group a name of its own`)}},

	// Go-only escapes.
	{pattern: `^\Aab\z`, inputs: []string{"ab", "ab\n", "xab"}, want: []ecmapattern.Problem{
		p(1, `\A`, `^`, `\A`+refused+`; write ^ instead (without the m flag it matches only at the start)`),
		p(5, `\z`, `$`, `\z`+refused+`; write $ instead (without the m flag it matches only at the end)`)}},
	{pattern: `\pL\PN[\pZ]`, inputs: []string{"éx ", "é1 "}, want: []ecmapattern.Problem{
		p(0, `\pL`, `\p{L}`, `\pL`+refused+`; write \p{L} instead`),
		p(3, `\PN`, `\P{N}`, `\PN`+refused+`; write \P{N} instead`),
		p(7, `\pZ`, `\p{Z}`, `\pZ`+refused+`; write \p{Z} instead`)}},
	{pattern: `\p{Greek}+`, inputs: []string{"αβ", "ab"}, want: []ecmapattern.Problem{
		p(0, `\p{Greek}`, `\p{Script=Greek}`, `\p{Greek}`+refused+`; write \p{Script=Greek} instead`)}},
	{pattern: `\p{^Han}\P{^lu}\p{greek}\p{Uppercase Letter}`, inputs: []string{"xAαB", "中Aαb"}, want: []ecmapattern.Problem{
		p(0, `\p{^Han}`, `\P{Script=Han}`, `\p{^Han}`+refused+`; write \P{Script=Han} instead`),
		p(8, `\P{^lu}`, `\p{Lu}`, `\P{^lu}`+refused+`; write \p{Lu} instead`),
		p(15, `\p{greek}`, `\p{Script=Greek}`, `\p{greek}`+refused+`; write \p{Script=Greek} instead`),
		p(24, `\p{Uppercase Letter}`, `\p{Lu}`, `\p{Uppercase Letter}`+refused+`; write \p{Lu} instead`)}},
	{pattern: `\x{41}[\x{0}-\x{10FFFF}]`, inputs: []string{"A\U0010FFFF", "B"}, want: []ecmapattern.Problem{
		p(0, `\x{41}`, `\u{41}`, `\x{41}`+refused+`; write \u{41} instead`),
		p(7, `\x{0}`, `\u{0}`, `\x{0}`+refused+`; write \u{0} instead`),
		p(13, `\x{10FFFF}`, `\u{10FFFF}`, `\x{10FFFF}`+refused+`; write \u{10FFFF} instead`)}},
	{pattern: `\Qa.b*\E+\Q`, inputs: []string{"a.b**", "axb*"}, want: []ecmapattern.Problem{
		p(0, `\Qa.b*\E`, `a\.b\*`, `\Qa.b*\E`+refused+`; write a\.b\* instead`),
		p(9, `\Q`, ``, `\Q`+refused+`; drop it`)}},
	{pattern: `\0\Q1\E`, inputs: []string{"\x001", "\x01"}, want: []ecmapattern.Problem{
		p(2, `\Q1\E`, `\x31`, `\Q1\E`+refused+`; write \x31 instead`)}},
	{pattern: `\012\1234\08[\07]`, inputs: []string{"\nS4\x008\a", "\n\x0a"}, want: []ecmapattern.Problem{
		p(0, `\012`, `\n`, `\012 is an octal escape that JavaScript clients refuse; write \n instead`),
		p(4, `\123`, `\x53`, `\123 is an octal escape that JavaScript clients refuse; write \x53 instead`),
		p(9, `\0`, `\x00`, `\0 followed by a digit is refused by JavaScript clients; write \x00 instead`),
		p(13, `\07`, `\x07`, `\07 is an octal escape that JavaScript clients refuse; write \x07 instead`)}},
	{pattern: `(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)(l)\12`, differs: true, want: []ecmapattern.Problem{
		p(36, `\12`, `\n`, `\12 is an octal escape in Go but a backreference in JavaScript; write \n instead`)}},
	{pattern: `\a`, inputs: []string{"\a"}, want: []ecmapattern.Problem{
		p(0, `\a`, `\x07`, `\a`+refused+`; write \x07 instead`)}},

	// Identity escapes that the u flag refuses.
	{pattern: `^\#\:\@\'\"\<\%\,\!\=$`, inputs: []string{`#:@'"<%,!=`}, want: []ecmapattern.Problem{
		p(1, `\#`, `#`, `\# is an escape that JavaScript clients refuse; write # instead`),
		p(3, `\:`, `:`, `\: is an escape that JavaScript clients refuse; write : instead`),
		p(5, `\@`, `@`, `\@ is an escape that JavaScript clients refuse; write @ instead`),
		p(7, `\'`, `'`, `\' is an escape that JavaScript clients refuse; write ' instead`),
		p(9, `\"`, `"`, `\" is an escape that JavaScript clients refuse; write " instead`),
		p(11, `\<`, `<`, `\< is an escape that JavaScript clients refuse; write < instead`),
		p(13, `\%`, `%`, `\% is an escape that JavaScript clients refuse; write % instead`),
		p(15, `\,`, `,`, `\, is an escape that JavaScript clients refuse; write , instead`),
		p(17, `\!`, `!`, `\! is an escape that JavaScript clients refuse; write ! instead`),
		p(19, `\=`, `=`, `\= is an escape that JavaScript clients refuse; write = instead`)}},
	{pattern: `a\-b[\_\-]`, inputs: []string{"a-b_", "a-b-", "ab_"}, want: []ecmapattern.Problem{
		p(1, `\-`, `-`, `\- outside a class is an escape that JavaScript clients refuse; write - instead`),
		p(5, `\_`, `_`, `\_ is an escape that JavaScript clients refuse; write _ instead`)}},
	{pattern: "\\ \\\t", inputs: []string{" \t"}, want: []ecmapattern.Problem{
		p(0, `\ `, ` `, `\ followed by a space is an escape that JavaScript clients refuse; write a plain space instead`),
		p(2, "\\\t", `\t`, `\ followed by U+0009 is an escape that JavaScript clients refuse; write \t instead`)}},

	// Braces and brackets that Go reads as literals.
	{pattern: `x{,3}`, inputs: []string{"x{,3}", "xxx"}, want: []ecmapattern.Problem{
		p(1, `{`, `\{`, `a { that starts no repeat count is literal in Go but refused by JavaScript clients; write \{ instead`),
		p(4, `}`, `\}`, `a } that ends no repeat count is literal in Go but refused by JavaScript clients; write \} instead`)}},
	{pattern: `a}]`, inputs: []string{"a}]"}, want: []ecmapattern.Problem{
		p(1, `}`, `\}`, `a } that ends no repeat count is literal in Go but refused by JavaScript clients; write \} instead`),
		p(2, `]`, `\]`, `a ] outside a class is literal in Go but refused by JavaScript clients; write \] instead`)}},
	{pattern: `^{a}$`, inputs: []string{"{a}"}, want: []ecmapattern.Problem{
		p(1, `{`, `\{`, `a { that starts no repeat count is literal in Go but refused by JavaScript clients; write \{ instead`),
		p(3, `}`, `\}`, `a } that ends no repeat count is literal in Go but refused by JavaScript clients; write \} instead`)}},
	{pattern: `x{01}`, differs: true, inputs: []string{"x{01}", "x"}, want: []ecmapattern.Problem{
		p(1, `{01}`, `\{01\}`, `Go reads {01} as text (a count cannot start with 0) but JavaScript as a repeat count; write \{01\} for the text or {1} for a count`)}},
	{pattern: `^{2,03}`, inputs: []string{"{2,03}"}, want: []ecmapattern.Problem{
		p(1, `{2,03}`, `\{2,03\}`, `Go reads {2,03} as text (a count cannot start with 0) but JavaScript as a repeat count; write \{2,03\} for the text or {2,3} for a count`)}},
	{pattern: `[]a][^]]`, inputs: []string{"]x", "a]", "aa"}, want: []ecmapattern.Problem{
		p(1, `]`, `\]`, `a ] first in a class is literal in Go but ends the class in JavaScript; write \] instead`),
		p(6, `]`, `\]`, `a ] first in a class is literal in Go but ends the class in JavaScript; write \] instead`)}},
	{pattern: `[][]`, differs: true, want: []ecmapattern.Problem{
		p(1, `]`, `\]`, `a ] first in a class is literal in Go but ends the class in JavaScript; write \] instead`)}},

	// Character classes.
	{pattern: `[[:digit:]][[:alpha:][:punct:]_]`, inputs: []string{"1a", "1!", "a1", "1_"}, want: []ecmapattern.Problem{
		p(1, `[:digit:]`, `0-9`, `[:digit:]`+refused+`; write 0-9 instead`),
		p(12, `[:alpha:]`, `A-Za-z`, `[:alpha:]`+refused+`; write A-Za-z instead`),
		p(21, `[:punct:]`, "!-\\/:-@\\[-`{-~", "[:punct:]"+refused+"; write !-\\/:-@\\[-`{-~ instead")}},
	{pattern: `[[:^space:]]`, want: []ecmapattern.Problem{
		p(1, `[:^space:]`, ``, `[:^space:]`+refused+`; write [^\t-\r\x20] as a class of its own instead`)}},
	{pattern: `[[:alpha:][]`, differs: true, want: []ecmapattern.Problem{
		p(1, `[:alpha:]`, `A-Za-z`, `[:alpha:]`+refused+`; write A-Za-z instead`)}},
	{pattern: `[\d-z][\p{L}-.][\s--]`, inputs: []string{"5.-", "-a-", "z.\t"}, want: []ecmapattern.Problem{
		p(3, `-`, `\-`, `- after \d in a class makes a range that JavaScript clients refuse; write \- instead`),
		p(12, `-`, `\-`, `- after \p{L} in a class makes a range that JavaScript clients refuse; write \- instead`),
		p(18, `-`, `\-`, `- after \s in a class makes a range that JavaScript clients refuse; write \- instead`)}},

	// Quantifiers that JavaScript cannot apply.
	{pattern: `^*a\b+`, want: []ecmapattern.Problem{
		p(1, `*`, ``, `* after the assertion ^ is refused by JavaScript clients; write (?:^)* or drop the *`),
		p(5, `+`, ``, `+ after the assertion \b is refused by JavaScript clients; write (?:\b)+ or drop the +`)}},
	{pattern: `a$??`, want: []ecmapattern.Problem{
		p(2, `??`, ``, `?? after the assertion $ is refused by JavaScript clients; write (?:$)?? or drop the ??`)}},
	{pattern: `a*(?i)+`, want: []ecmapattern.Problem{
		p(2, `(?i)`, ``, `(?i)`+refused+`; drop it and, where it applies, spell both cases as in [Aa]`),
		p(6, `+`, ``, `+ right after another quantifier is refused by JavaScript clients; wrap the first in (?:...)`)}},
}

func TestCheck(t *testing.T) {
	if len(table) < 40 {
		t.Fatalf("the table has %d patterns, want at least 40", len(table))
	}
	for _, e := range table {
		if _, err := regexp.Compile(e.pattern); err != nil {
			t.Errorf("Go does not compile %q, which the table is for: %v", e.pattern, err)
		}
		if got := ecmapattern.Check(e.pattern); !slices.Equal(got, e.want) {
			t.Errorf("Check(%q):\n got %s\nwant %s", e.pattern, show(got), show(e.want))
		}
		if e.differs && e.es2025 != "" {
			t.Errorf("%q: differs and es2025 both set", e.pattern)
		}
	}
}

func show(ps []ecmapattern.Problem) string {
	if ps == nil {
		return "nil"
	}
	var b strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&b, "\n\t%d %q fix %q: %s", p.Offset, p.Text, p.Fix, p.Message)
	}
	return b.String()
}

// TestFixed applies the fixes of every table pattern that has one for each problem, and checks
// that Check finds nothing left.
func TestFixed(t *testing.T) {
	for _, e := range table {
		if fixed, ok := applyFixes(e.pattern, e.want); ok && len(e.want) > 0 {
			if got := ecmapattern.Check(fixed); got != nil {
				t.Errorf("Check(%q), %q fixed: %s", fixed, e.pattern, show(got))
			}
		}
	}
}

// applyFixes writes each problem's Fix in place of its Text; ok is false when a problem has no
// Fix.
func applyFixes(pattern string, problems []ecmapattern.Problem) (fixed string, ok bool) {
	var b strings.Builder
	at := 0
	for _, p := range problems {
		if p.Fix == "" || p.Offset < at {
			return "", false
		}
		b.WriteString(pattern[at:p.Offset])
		b.WriteString(p.Fix)
		at = p.Offset + len(p.Text)
	}
	b.WriteString(pattern[at:])
	return b.String(), true
}

// TestNotGo checks that Check does not panic, and keeps its promises about offsets, on strings
// that Go's regexp refuses.
func TestNotGo(t *testing.T) {
	for _, s := range []string{`\`, `[`, `[^`, `[]`, `(?`, `(?P<`, `(?P<a`, `(?<`, `(?i`, `(?i-`, `(?-:x)`, `\p`, `\p{`, `\p{Nope}`,
		`\x`, `\x{`, `\x{}`, `\x4`, `[\`, `[a-`, `[[:`, `[[:foo:]]`, `\C`, `\1`, `\8`, `\u0041`, `\k<a>`, `(?=a)`, `(?<=a)`, `a**`, `*`,
		`{`, `x{2,1}`, `x{1001}`, "\xff", "[\xff]", "\\\xff", "\\p\xff", `\Q`, `(?P<a>`, `\0`, `[\0`, `[\d`, `[\d-`, `a{2`, `a{2,`} {
		checkInvariants(t, s)
	}
}

func checkInvariants(t *testing.T, pattern string) {
	t.Helper()
	got := ecmapattern.Check(pattern)
	if got != nil && len(got) == 0 {
		t.Errorf("Check(%q) is empty but not nil", pattern)
	}
	last := 0
	for _, p := range got {
		if p.Offset < last || p.Offset+len(p.Text) > len(pattern) || pattern[p.Offset:p.Offset+len(p.Text)] != p.Text {
			t.Fatalf("Check(%q): problem at %d with text %q is not in the pattern, or out of order", pattern, p.Offset, p.Text)
		}
		last = p.Offset
		if p.Text == "" || p.Message == "" || strings.HasSuffix(p.Message, ".") && !strings.HasSuffix(p.Message, "(?:...)") {
			t.Fatalf("Check(%q): problem %+v has no text, no message or a trailing period", pattern, p)
		}
	}
}

func FuzzCheck(f *testing.F) {
	for _, e := range table {
		f.Add(e.pattern)
	}
	f.Fuzz(func(t *testing.T, pattern string) {
		checkInvariants(t, pattern)
		if _, err := regexp.Compile(pattern); err != nil || !utf8.ValidString(pattern) {
			return
		}
		// For a pattern Go takes, every fix must leave nothing for Check to find.
		problems := ecmapattern.Check(pattern)
		if fixed, ok := applyFixes(pattern, problems); ok && problems != nil {
			if got := ecmapattern.Check(fixed); got != nil {
				t.Errorf("Check(%q), %q fixed: %s", fixed, pattern, show(got))
			}
		}
	})
}

func ExampleCheck() {
	for _, p := range ecmapattern.Check(`^\Aid\#\d{3}\z`) {
		fmt.Printf("%d %s: %s\n", p.Offset, p.Text, p.Message)
	}
	// Output:
	// 1 \A: \A is Go regexp syntax that JavaScript clients refuse; write ^ instead (without the m flag it matches only at the start)
	// 5 \#: \# is an escape that JavaScript clients refuse; write # instead
	// 12 \z: \z is Go regexp syntax that JavaScript clients refuse; write $ instead (without the m flag it matches only at the end)
}
