package mdcard

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

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
