package mdcard

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// applyTermsOld is applyTerms as it was before it collected runs once: it collected every run
// of the document again for each term (quadratic on long runs). It is the reference the new
// one is held to.
func applyTermsOld(blocks []ast.Node, src []byte, terms []*matchTerm) []TutorTerm {
	type hit struct {
		node *termNode
		term *matchTerm
	}
	var hits []hit
	for _, t := range terms {
		for _, run := range textRunsOld(blocks, src) {
			if s, e, ok := findTerm(run.text, t); ok {
				hits = append(hits, hit{run.wrap(s, e, t), t})
				break
			}
		}
	}
	if len(hits) == 0 {
		return nil
	}
	order := map[*termNode]int{}
	for _, b := range blocks {
		_ = ast.Walk(b, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if tn, ok := n.(*termNode); ok && entering {
				order[tn] = len(order)
				return ast.WalkSkipChildren, nil
			}
			return ast.WalkContinue, nil
		})
	}
	var out []TutorTerm
	for range len(hits) {
		best := -1
		for i, h := range hits {
			if h.node != nil && (best < 0 || order[h.node] < order[hits[best].node]) {
				best = i
			}
		}
		out = append(out, hits[best].term.TutorTerm)
		hits[best].node = nil
	}
	return out
}

func textRunsOld(blocks []ast.Node, src []byte) []textRun {
	var runs []textRun
	var cur textRun
	flush := func() {
		if len(cur.nodes) > 0 {
			runs = append(runs, cur)
		}
		cur = textRun{}
	}
	var walk func(n ast.Node)
	walk = func(n ast.Node) {
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			t, ok := c.(*ast.Text)
			if !ok || !plainTextNode(t, src) {
				flush()
				if !ok && !skipKinds[c.Kind()] {
					walk(c)
				}
				continue
			}
			if k := len(cur.nodes); k > 0 && cur.nodes[k-1].SoftLineBreak() {
				cur.text += " "
			}
			cur.start = append(cur.start, len(cur.text))
			cur.nodes = append(cur.nodes, t)
			cur.text += string(t.Segment.Value(src))
			if t.HardLineBreak() {
				flush()
			}
		}
		flush()
	}
	for _, b := range blocks {
		if skipKinds[b.Kind()] {
			continue
		}
		walk(b)
	}
	return runs
}

// placeAndRender parses md, places terms with apply and renders the document.
func placeAndRender(t *testing.T, md string, terms []*matchTerm, apply func([]ast.Node, []byte, []*matchTerm) []TutorTerm) (string, []TutorTerm) {
	t.Helper()
	src := []byte(md)
	doc := cardMarkdown.Parser().Parse(text.NewReader(src))
	var blocks []ast.Node
	for b := doc.FirstChild(); b != nil; b = b.NextSibling() {
		blocks = append(blocks, b)
	}
	placed := apply(blocks, src, terms)
	var out bytes.Buffer
	if err := cardMarkdown.Renderer().Render(&out, src, doc); err != nil {
		t.Fatal(err)
	}
	return out.String(), placed
}

// TestApplyTermsMatchesOld renders varied documents with varied terms through the one-pass
// applyTerms and the old one, and wants the same markup and the same placed terms.
func TestApplyTermsMatchesOld(t *testing.T) {
	pieces := []string{
		"a", "b", "cache", "caches", "state", "machine", "state machine", "C++", "Straße", "ÉCOLE", "école",
		" ", " ", " ", "\n", "  \n", "\\\n", "\n\n", "*", "_", "**", "`cache`", "[cache](https://x.example)",
		"&amp;", "AT&T", "\\*", "<b>", "</b>", "![cache](https://x.example/i.png)", "\n## ", "\n- ",
		"\n> ", "| a | b |\n|---|---|\n| cache | state |\n", "~~", "x", "1", "hash table", "table",
	}
	pool := []TutorTerm{
		{Term: "a"}, {Term: "b"}, {Term: "cache"}, {Term: "state"}, {Term: "state machine"},
		{Term: "machine"}, {Term: "C++"}, {Term: "école", CaseInsensitive: true}, {Term: "STRASSE", CaseInsensitive: true},
		{Term: "hash table"}, {Term: "table"}, {Term: "x", CaseInsensitive: true}, {Term: "a b"}, {Term: "1"},
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 400 {
		var b strings.Builder
		for range 1 + r.IntN(60) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		md := b.String()
		var in []TutorTerm
		for _, j := range r.Perm(len(pool))[:1+r.IntN(len(pool))] {
			in = append(in, pool[j])
		}
		terms, errs := prepareTerms(in)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		wantHTML, wantPlaced := placeAndRender(t, md, terms, applyTermsOld)
		gotHTML, gotPlaced := placeAndRender(t, md, terms, applyTerms)
		if gotHTML != wantHTML || !reflect.DeepEqual(gotPlaced, wantPlaced) {
			t.Fatalf("case %d: %q with %v:\n got %q %v\nwant %q %v", i, md, in, gotHTML, gotPlaced, wantHTML, wantPlaced)
		}
	}
}

// FuzzApplyTermsMatchesOld holds the one-pass applyTerms to the old algorithm on any markdown.
func FuzzApplyTermsMatchesOld(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, "cache", false)
	}
	f.Add("a state\nmachine state *x* state", "state", true)
	f.Fuzz(func(t *testing.T, md, term string, fold bool) {
		terms, errs := prepareTerms([]TutorTerm{{Term: term, CaseInsensitive: fold}, {Term: "a"}, {Term: "state machine"}})
		if len(errs) > 0 {
			return
		}
		wantHTML, wantPlaced := placeAndRender(t, md, terms, applyTermsOld)
		gotHTML, gotPlaced := placeAndRender(t, md, terms, applyTerms)
		if gotHTML != wantHTML || !reflect.DeepEqual(gotPlaced, wantPlaced) {
			t.Fatalf("%q with %q:\n got %q %v\nwant %q %v", md, term, gotHTML, gotPlaced, wantHTML, wantPlaced)
		}
	})
}

// findTermOld is findTerm as it was before it used Knuth–Morris–Pratt: it compared the term at
// every position, len(s)×len(term) when many occurrences fail the word-boundary test. It is
// the reference the new one is held to.
func findTermOld(s string, t *matchTerm) (start, end int, ok bool) {
	for i := 0; i < len(s); {
		var n int
		if t.CaseInsensitive {
			n = foldPrefixOld(s[i:], t.text)
		} else {
			j := strings.Index(s[i:], t.text)
			if j < 0 {
				return 0, 0, false
			}
			i += j
			n = len(t.text)
		}
		if n >= 0 && boundary(s, i, i+n, t) {
			return i, i + n, true
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return 0, 0, false
}

func foldPrefixOld(s, term string) int {
	i := 0
	for _, tr := range term {
		if i >= len(s) {
			return -1
		}
		sr, size := utf8.DecodeRuneInString(s[i:])
		if !equalFoldOld(sr, tr) {
			return -1
		}
		i += size
	}
	return i
}

func equalFoldOld(a, b rune) bool {
	if a == b {
		return true
	}
	for r := unicode.SimpleFold(a); r != a; r = unicode.SimpleFold(r) {
		if r == b {
			return true
		}
	}
	return false
}

// TestFindTermMatchesOld holds findTerm to the old search on random text made of pieces that
// stress it: repeats that overlap, case folds that change the byte length (K and the Kelvin
// sign, ſ and s), word edges and invalid UTF-8.
func TestFindTermMatchesOld(t *testing.T) {
	pieces := []string{"a", "A", "aa", "ab", "b", " ", "-", "k", "K", "\u212a", "s", "S", "\u017f", "ß", "ẞ", "é", "É", "\xff", "_", "1"}
	r := rand.New(rand.NewPCG(3, 4))
	gen := func(max int) string {
		var b strings.Builder
		for range r.IntN(max) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		return b.String()
	}
	for i := range 20000 {
		s, term, fold := gen(30), gen(5), r.IntN(2) == 0
		checkFindTerm(t, i, s, term, fold)
	}
}

// FuzzFindTermMatchesOld holds findTerm to the old search on any text and term.
func FuzzFindTermMatchesOld(f *testing.F) {
	f.Add("aaaa aa", "aa", false)
	f.Add("\u212aelvin kelvin", "KELVIN", true)
	f.Fuzz(func(t *testing.T, s, term string, fold bool) {
		checkFindTerm(t, 0, s, term, fold)
	})
}

func checkFindTerm(t *testing.T, i int, s, term string, fold bool) {
	t.Helper()
	terms, errs := prepareTerms([]TutorTerm{{Term: term, CaseInsensitive: fold}})
	if len(errs) > 0 || len(terms) != 1 {
		return
	}
	gs, ge, gok := findTerm(s, terms[0])
	ws, we, wok := findTermOld(s, terms[0])
	if gs != ws || ge != we || gok != wok {
		t.Fatalf("case %d: findTerm(%q, %q, fold %v) = %d, %d, %v; the old search gives %d, %d, %v", i, s, term, fold, gs, ge, gok, ws, we, wok)
	}
}
