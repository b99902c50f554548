package ecmapattern_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/cardgen/cardgen/internal/ecmapattern"
	"github.com/cardgen/cardgen/internal/testenv"
)

// nodeScript compiles each pattern of the request with new RegExp(pattern, "u"), tests each
// match pattern on its inputs, and says which ES2025 features the engine has.
const nodeScript = `
const req = JSON.parse(require("fs").readFileSync(0, "utf8"));
const compile = (p) => { try { new RegExp(p, "u"); return null; } catch (e) { return String(e.message); } };
process.stdout.write(JSON.stringify({
	node: process.versions.node,
	features: { modifiers: compile("(?i:a)") === null, dupnames: compile("(?<a>x)|(?<a>y)") === null },
	compile: (req.compile || []).map(compile),
	match: (req.match || []).map((m) => compile(m.pattern) === null ? m.inputs.map((s) => new RegExp(m.pattern, "u").test(s)) : null),
}));
`

type nodeMatch struct {
	Pattern string   `json:"pattern"`
	Inputs  []string `json:"inputs"`
}

type nodeRequest struct {
	Compile []string    `json:"compile"`
	Match   []nodeMatch `json:"match"`
}

type nodeResult struct {
	Node     string          `json:"node"`
	Features map[string]bool `json:"features"`
	Compile  []*string       `json:"compile"` // node's error, or nil when it compiles
	Match    [][]bool        `json:"match"`   // nil where the pattern does not compile
}

// runNode runs one node process for the whole request. Without node 20 or later it skips, or
// fails under CI=true.
func runNode(t *testing.T, req nodeRequest) nodeResult {
	t.Helper()
	var res nodeResult
	testenv.Node(t, nodeScript, req, &res, "the patterns cannot be tried in JavaScript")
	if len(res.Compile) != len(req.Compile) || len(res.Match) != len(req.Match) {
		t.Fatalf("node answered %d compiles and %d matches for %d and %d", len(res.Compile), len(res.Match), len(req.Compile), len(req.Match))
	}
	t.Logf("node %s, ES2025 features %v", res.Node, res.Features)
	return res
}

// probes are the strings every pattern is tried on in Go and in node: each ASCII character
// but \r and \v (where . and \s differ, as the package doc says) and a few beyond ASCII.
var probes = func() []string {
	var ps []string
	for c := range rune(0x80) {
		if c != '\r' && c != '\v' {
			ps = append(ps, string(c))
		}
	}
	return append(ps, "é", "α", "Ω", "中", "\U0001D49C", "", "ab", "a\nb", "x\na\ny", "xa\n", "aBc", "ABCd", "aaa")
}()

// nodeCase is a pattern to try in node: the table's, and more made here.
type nodeCase struct {
	entry
	problems []ecmapattern.Problem
}

// generated are the cases beyond the table: every ASCII punctuation escape in a class and out,
// and every POSIX class.
func generated() []entry {
	var es []entry
	for c := range byte(0x80) {
		if '0' <= c && c <= '9' || 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' {
			continue
		}
		es = append(es, entry{pattern: `\` + string(c)}, entry{pattern: `[\` + string(c) + `]`})
	}
	for _, name := range []string{"alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct", "space", "upper", "word", "xdigit"} {
		es = append(es, entry{pattern: `[[:` + name + `:]]`}, entry{pattern: `[[:^` + name + `:]]`}, entry{pattern: `[x[:` + name + `:]-]`})
	}
	return es
}

// TestNode proves the table in JavaScript: node refuses exactly the patterns for which Check
// reports a problem, but those marked differs (which node reads differently) and es2025 (which
// node takes when it has the feature); with every Fix applied node compiles the pattern and
// matches what Go matches; and a pattern Check finds nothing in matches the same in both.
func TestNode(t *testing.T) {
	var cases []nodeCase
	for _, e := range append(slices.Clone(table), generated()...) {
		if _, err := regexp.Compile(e.pattern); err != nil {
			t.Fatalf("Go does not compile %q: %v", e.pattern, err)
		}
		cases = append(cases, nodeCase{e, ecmapattern.Check(e.pattern)})
	}
	// Fixes and suggestions that a Problem's Fix does not hold: a negated POSIX class is
	// the complement of the positive one's ranges.
	var pairs []pair
	var req nodeRequest
	for _, c := range cases {
		req.Compile = append(req.Compile, c.pattern)
		js, ok := applyFixes(c.pattern, c.problems)
		if !ok {
			continue
		}
		if name, ok := posixName(c.pattern); ok {
			pairs = append(pairs, pair{"[[:^" + name + ":]]", "[^" + c.problems[0].Fix + "]"})
		}
		pairs = append(pairs, pair{c.pattern, js})
	}
	pairs = append(pairs, advice...)
	for _, p := range pairs {
		req.Compile = append(req.Compile, p.jsPattern)
		req.Match = append(req.Match, nodeMatch{p.jsPattern, inputsFor(p.goPattern)})
	}
	res := runNode(t, req)
	t.Logf("%d patterns; %d pairs of a Go pattern and its JavaScript form tried on %d strings or more", len(cases), len(pairs), len(probes))

	for i, c := range cases {
		wantRefused := c.problems != nil && !c.differs && !(c.es2025 != "" && res.Features[c.es2025])
		if got := res.Compile[i]; (got != nil) != wantRefused {
			if got == nil {
				t.Errorf("node compiles %q, but Check reports a refusal: %s", c.pattern, show(c.problems))
			} else {
				t.Errorf("node refuses %q (%s), but Check reports no refusal: %s", c.pattern, *got, show(c.problems))
			}
		}
	}
	for j, p := range pairs {
		if err := res.Compile[len(cases)+j]; err != nil {
			t.Errorf("node refuses %q, written for Go's %q: %s", p.jsPattern, p.goPattern, *err)
			continue
		}
		re := regexp.MustCompile(p.goPattern)
		for k, in := range inputsFor(p.goPattern) {
			if js := res.Match[j][k]; js != re.MatchString(in) {
				t.Errorf("on %q Go's %q matches %v, JavaScript's %q %v", in, p.goPattern, !js, p.jsPattern, js)
			}
		}
	}
}

// pair is a Go pattern and the JavaScript one that should match the same strings.
type pair struct{ goPattern, jsPattern string }

// advice holds what the messages without a Fix tell to write, for the table's patterns.
var advice = []pair{
	{`(?i)^abc$`, `^[Aa][Bb][Cc]$`},
	{`a(?s).b(?-s)`, `a[\s\S]b`},
	{`(?ms)^a.`, `(?<=^|\n)a[\s\S]`},
	{`(?m)^a$`, `(?<=^|\n)a(?=$|\n)`},
	{`(?U)a+`, `a+?`},
	{`x(?)`, `x`},
	{`(?i:abc)d`, `(?:[Aa][Bb][Cc])d`},
	{`(?<1st>a)`, `(?<_1st>a)`},
	{`\Qa.b*\E+\Q`, `a\.b\*+`},
	{`^*a\b+`, `(?:^)*a(?:\b)+`},
	{`a$??`, `a(?:$)??`},
	{`a*(?i)+`, `(?:a*)+`},
}

// posixName returns alpha for [[:alpha:]].
func posixName(pattern string) (string, bool) {
	name, ok := strings.CutPrefix(pattern, "[[:")
	name, ok2 := strings.CutSuffix(name, ":]]")
	return name, ok && ok2 && !strings.ContainsAny(name, "[]^:")
}

func inputsFor(pattern string) []string {
	for _, e := range table {
		if e.pattern == pattern {
			return append(slices.Clone(probes), e.inputs...)
		}
	}
	return probes
}

// TestNodeProperties proves in JavaScript the names Check takes as they are: every general
// category Go knows, by its short name and by its long one, and Any, Assigned and ASCII; and
// that a script takes Script= before its name.
func TestNodeProperties(t *testing.T) {
	var accepted, scripts []string
	for name := range unicode.Categories {
		accepted = append(accepted, `\p{`+name+`}`)
	}
	for name := range unicode.CategoryAliases {
		accepted = append(accepted, `\p{`+name+`}`)
	}
	accepted = append(accepted, `\p{Any}`, `\p{Assigned}`, `\p{ASCII}`)
	for name := range unicode.Scripts {
		scripts = append(scripts, name)
	}
	slices.Sort(accepted)
	slices.Sort(scripts)
	var req nodeRequest
	for _, p := range accepted {
		if _, err := regexp.Compile(p); err != nil {
			t.Errorf("Go refuses %q: %v", p, err)
		}
		if got := ecmapattern.Check(p); got != nil {
			t.Errorf("Check(%q) = %s, want nil", p, show(got))
		}
		req.Compile = append(req.Compile, p)
	}
	for _, s := range scripts {
		req.Compile = append(req.Compile, `\p{`+s+`}`, `\p{Script=`+s+`}`)
	}
	res := runNode(t, req)
	for i, p := range accepted {
		if err := res.Compile[i]; err != nil {
			t.Errorf("node refuses %q: %s", p, *err)
		}
	}
	for i, s := range scripts {
		lone, full := res.Compile[len(accepted)+2*i], res.Compile[len(accepted)+2*i+1]
		if lone == nil {
			t.Errorf(`node compiles \p{%s}, which Check reports as Go-only`, s)
		}
		if full != nil {
			t.Errorf(`node refuses \p{Script=%s}, which Check writes for Go's \p{%s}: %s`, s, s, *full)
		}
	}
}
