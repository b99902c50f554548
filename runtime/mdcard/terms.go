package mdcard

import (
	"cmp"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"

	"github.com/cardgen/cardgen/internal/grapheme"
)

// kindTerm is the AST kind of a placed tutor term.
var kindTerm = ast.NewNodeKind("MDCardTutorTerm")

// termNode wraps the text nodes of one tutor-term occurrence.
type termNode struct {
	ast.BaseInline
	term, tip string
}

func (n *termNode) Kind() ast.NodeKind { return kindTerm }

func (n *termNode) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Term": n.term, "Tip": n.tip}, nil)
}

// matchTerm is a validated tutor term.
type matchTerm struct {
	TutorTerm
	text      string // term with inner whitespace collapsed to single spaces
	runes     int
	wordStart bool // the term starts with a word character: needs a boundary before
	wordEnd   bool // the term ends with a word character: needs a boundary after
	order     int
	// The pattern findTerm scans for, with its KMP failure table: the term's bytes, or for a
	// case-insensitive term its runes folded by foldRune.
	bytePat []byte
	runePat []rune
	fail    []int
}

// prepareTerms validates terms and orders them longest first (ties keep the
// given order), reporting every problem.
func prepareTerms(in []TutorTerm) ([]*matchTerm, []error) {
	var errs []error
	if len(in) > MaxTutorTerms {
		errs = append(errs, fmt.Errorf("tutorTerms has %d entries; the limit is %d per card, so keep the most useful ones", len(in), MaxTutorTerms))
		in = in[:MaxTutorTerms] // the rest is refused whatever it holds: no report per entry
	}
	type key struct {
		text string
		fold bool
	}
	seen := map[key]int{}
	var out []*matchTerm
	for i, t := range in {
		long := errors.Join(tooLong(fmt.Sprintf("tutorTerms[%d].term", i), t.Term, MaxTerm), tooLong(fmt.Sprintf("tutorTerms[%d].tip", i), t.Tip, MaxTip))
		if long != nil {
			errs = append(errs, long)
			continue
		}
		text := strings.Join(strings.Fields(t.Term), " ")
		if text == "" {
			errs = append(errs, fmt.Errorf("tutorTerms[%d].term is empty; give the word or phrase to underline", i))
			continue
		}
		m := newMatchTerm(t, text, i)
		k := key{text, t.CaseInsensitive}
		if t.CaseInsensitive {
			// Repeats are found by the folding findTerm matches by: "ſ" and "s" are one term.
			k.text = string(m.runePat)
		}
		if j, dup := seen[k]; dup {
			errs = append(errs, fmt.Errorf("tutorTerms[%d].term %s repeats tutorTerms[%d]; give each term once", i, quoted(t.Term), j))
			continue
		}
		seen[k] = i
		out = append(out, m)
	}
	slices.SortStableFunc(out, func(a, b *matchTerm) int { return cmp.Compare(b.runes, a.runes) })
	return out, errs
}

// newMatchTerm is t, the order'th term given, ready for findTerm; text is its term with white
// space collapsed, not empty.
func newMatchTerm(t TutorTerm, text string, order int) *matchTerm {
	first, _ := utf8.DecodeRuneInString(text)
	last, _ := utf8.DecodeLastRuneInString(text)
	m := &matchTerm{
		TutorTerm: TutorTerm{Term: text, Tip: strings.TrimSpace(t.Tip), CaseInsensitive: t.CaseInsensitive},
		text:      text,
		runes:     utf8.RuneCountInString(text),
		wordStart: isWord(first),
		wordEnd:   isWord(last),
		order:     order,
	}
	if t.CaseInsensitive {
		m.runePat = make([]rune, 0, len(text))
		for _, r := range text {
			m.runePat = append(m.runePat, foldRune(r))
		}
		m.fail = kmpTable(m.runePat)
	} else {
		m.bytePat = []byte(text)
		m.fail = kmpTable(m.bytePat)
	}
	return m
}

func isWord(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// applyTerms wraps the first occurrence of each term in blocks' visible prose
// in a termNode and returns the placed terms in document order. Terms are
// placed longest first, so a longer term wins over a shorter one it
// contains, and a term never lands inside another term.
//
// The runs are collected once. Placing a term changes only the sibling nodes
// of the run it lands in, so only that stretch is collected again (it becomes
// the runs before and after the new termNode); collecting every run again per
// term made rendering quadratic in the length of a long run.
func applyTerms(blocks []ast.Node, src []byte, terms []*matchTerm) []TutorTerm {
	type hit struct {
		node *termNode
		term *matchTerm
	}
	var hits []hit
	runs := textRuns(blocks, src)
	for _, t := range terms {
		for i, run := range runs {
			s, e, ok := findTerm(run.text, t)
			if !ok {
				continue
			}
			// The stretch the wrap may change lies strictly between these two siblings:
			// it splits the first and last nodes in place and inserts the termNode
			// among them.
			parent := run.nodes[0].Parent()
			before, after := run.nodes[0].PreviousSibling(), run.nodes[len(run.nodes)-1].NextSibling()
			hits = append(hits, hit{run.wrap(s, e, t), t})
			first := parent.FirstChild()
			if before != nil {
				first = before.NextSibling()
			}
			runs = slices.Replace(runs, i, i+1, siblingRuns(first, after, src)...)
			break
		}
	}
	if len(hits) == 0 {
		return nil
	}
	// Document order: walk the blocks once and collect the term nodes.
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
	slices.SortFunc(hits, func(a, b hit) int { return cmp.Compare(order[a.node], order[b.node]) })
	out := make([]TutorTerm, len(hits))
	for i, h := range hits {
		out[i] = h.term.TutorTerm
	}
	return out
}

// skipKinds are subtrees that are not prose a term may be found in: code,
// literal raw HTML, link text (already interactive), image alt text (not
// visible) and placed terms. The renderer emits no kbd, samp or var
// elements, so code is the only sample markup there is.
var skipKinds = map[ast.NodeKind]bool{
	ast.KindCodeSpan:        true,
	ast.KindCodeBlock:       true,
	ast.KindFencedCodeBlock: true,
	ast.KindHTMLBlock:       true,
	ast.KindRawHTML:         true,
	ast.KindLink:            true,
	ast.KindAutoLink:        true,
	ast.KindImage:           true,
	kindTerm:                true,
}

// textRun is a stretch of adjacent sibling text nodes joined into one string
// (a soft line break reads as one space; a hard one ends the run) so a term
// may span nodes that goldmark split.
type textRun struct {
	text  string
	nodes []*ast.Text
	start []int // byte offset of each node in text
}

// plainTextNode reports whether t's source bytes are exactly what the reader
// sees, so offsets into it are offsets into the visible text. Text with
// character references (&amp;) or backslash escapes (\*) is left unmatched;
// a bare & or a backslash before anything but punctuation (AT&T, C:\Windows)
// is itself, and its text is searched.
func plainTextNode(t *ast.Text, src []byte) bool {
	if t.IsRaw() || t.Segment.Padding > 0 {
		return false
	}
	v := t.Segment.Value(src)
	for i, c := range v {
		switch {
		case c == '\\' && (i+1 == len(v) || isASCIIPunct(v[i+1])):
			return false
		case c == '&' && charRefRE.Match(v[i:]):
			return false
		}
	}
	return true
}

// charRefRE matches a character reference at the start of a text, in
// CommonMark's three forms. A name that is not an HTML entity stays text in
// goldmark, but is not searched either: the cost is only a missed term.
var charRefRE = regexp.MustCompile(`^&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{0,47});`)

// isASCIIPunct reports whether c is ASCII punctuation, which a backslash
// escapes in CommonMark.
func isASCIIPunct(c byte) bool {
	return strings.IndexByte("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", c) >= 0
}

// textRuns returns the prose runs under blocks in document order.
func textRuns(blocks []ast.Node, src []byte) []textRun {
	c := runCollector{src: src}
	for _, b := range blocks {
		if skipKinds[b.Kind()] {
			continue
		}
		c.walk(b.FirstChild(), nil)
	}
	return c.runs
}

// siblingRuns returns the prose runs of the siblings from first up to, not
// including, end (nil: the last sibling), as textRuns finds them there.
func siblingRuns(first, end ast.Node, src []byte) []textRun {
	c := runCollector{src: src}
	c.walk(first, end)
	return c.runs
}

// runCollector gathers text runs, building each run's text once.
type runCollector struct {
	src  []byte
	runs []textRun
	cur  textRun
	text strings.Builder
}

func (c *runCollector) flush() {
	if len(c.cur.nodes) > 0 {
		c.cur.text = c.text.String()
		c.runs = append(c.runs, c.cur)
	}
	c.cur = textRun{}
	c.text = strings.Builder{} // the finished run keeps the old buffer
}

// walk collects the runs of the siblings from n up to end (nil: the last
// sibling) and of what they contain.
func (c *runCollector) walk(n, end ast.Node) {
	for ; n != nil && n != end; n = n.NextSibling() {
		t, ok := n.(*ast.Text)
		if !ok || !plainTextNode(t, c.src) {
			c.flush()
			if !ok && !skipKinds[n.Kind()] {
				c.walk(n.FirstChild(), nil)
			}
			continue
		}
		if k := len(c.cur.nodes); k > 0 && c.cur.nodes[k-1].SoftLineBreak() {
			c.text.WriteByte(' ') // a soft line break reads as a space
		}
		c.cur.start = append(c.cur.start, c.text.Len())
		c.cur.nodes = append(c.cur.nodes, t)
		c.text.Write(t.Segment.Value(c.src))
		if t.HardLineBreak() {
			c.flush()
		}
	}
	c.flush()
}

// findTerm finds the first whole-word occurrence of t in s. The edges of the
// run count as word boundaries.
//
// The occurrences are enumerated with Knuth–Morris–Pratt, so the search is linear in
// len(s)+len(t.text) however many occurrences fail the boundary test. Comparing the term at
// every position instead took len(s)×len(t.text): a term of thousands of letters against a
// paragraph of the same letter, both from the model, held a core for minutes.
func findTerm(s string, t *matchTerm) (start, end int, ok bool) {
	if !t.CaseInsensitive {
		if len(s) < len(t.bytePat) {
			return 0, 0, false
		}
		k := 0
		for i := 0; i < len(s); i++ {
			if k = kmpStep(t.bytePat, t.fail, k, s[i]); k == len(t.bytePat) {
				if b := i + 1 - k; boundary(s, b, i+1, t) {
					return b, i + 1, true
				}
				k = t.fail[k-1]
			}
		}
		return 0, 0, false
	}
	// Runes are matched under simple case folding, which can change a rune's byte length
	// (K and the Kelvin sign), so the run is folded rune by rune as it is read, and the byte
	// offsets of the last len(t.runePat) runes are kept to find where a match starts. Folding the
	// whole run into a slice first allocated 12 bytes per byte of it, per term: 500 MB for a
	// megabyte card and 40 terms, and half again the time.
	if len(s) < len(t.runePat) {
		return 0, 0, false // fewer bytes than the term has runes
	}
	starts := make([]int, len(t.runePat)) // starts[j%len] is the offset of the run's j-th rune
	k, n := 0, 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		starts[n%len(starts)] = i
		n++
		i += size
		if k = kmpStep(t.runePat, t.fail, k, foldRune(r)); k == len(t.runePat) {
			if b := starts[n%len(starts)]; boundary(s, b, i, t) {
				return b, i, true
			}
			k = t.fail[k-1]
		}
	}
	return 0, 0, false
}

// foldRune maps r to the smallest rune of its simple case-folding orbit, so that two runes
// are equal under simple folding exactly when their foldRune values are equal.
func foldRune(r rune) rune {
	// An ASCII letter's orbit is its two cases and, for k and s, a rune above ASCII (the Kelvin
	// sign, long s): the upper case is the smallest.
	if r < utf8.RuneSelf {
		if 'a' <= r && r <= 'z' {
			return r - 'a' + 'A'
		}
		return r
	}
	least := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		least = min(least, f)
	}
	return least
}

// kmpTable returns the Knuth–Morris–Pratt failure table of pat: fail[i] is the length of the
// longest proper prefix of pat[:i+1] that is also its suffix.
func kmpTable[E comparable](pat []E) []int {
	fail := make([]int, len(pat))
	for i, k := 1, 0; i < len(pat); i++ {
		for k > 0 && pat[i] != pat[k] {
			k = fail[k-1]
		}
		if pat[i] == pat[k] {
			k++
		}
		fail[i] = k
	}
	return fail
}

// kmpStep returns the length of the longest prefix of pat that ends the text read so far, given
// k, that length before c was read, and pat's failure table.
func kmpStep[E comparable](pat []E, fail []int, k int, c E) int {
	for k > 0 && c != pat[k] {
		k = fail[k-1]
	}
	if c == pat[k] {
		k++
	}
	return k
}

// boundary reports whether the match s[start:end] of t may be placed: whole words where t
// needs them, and never part of a character made of several code points (see cutsCharacter).
func boundary(s string, start, end int, t *matchTerm) bool {
	if cutsCharacter(s, start, end) {
		return false
	}
	if t.wordStart && start > 0 {
		if r, _ := utf8.DecodeLastRuneInString(s[:start]); isWord(r) {
			return false
		}
	}
	if t.wordEnd && end < len(s) {
		if r, _ := utf8.DecodeRuneInString(s[end:]); isWord(r) {
			return false
		}
	}
	return true
}

// cutsCharacter reports whether a span around s[start:end] would cut a character of several
// code points (a decomposed é, an emoji sequence, a flag, a Hangul syllable of jamo, an Indic
// conjunct): either edge falls inside one, so "cafe" is not found in a decomposed "café". A
// zero-width non-joiner, the Persian half-space inside a word, ends a character
// (grapheme.WordStart).
func cutsCharacter(s string, start, end int) bool {
	return grapheme.WordStart(s, start) != start || grapheme.WordStart(s, end) != end
}

// wrap splits the run's text nodes at [start, end) and moves the covered
// nodes into a new termNode, which it returns.
func (r textRun) wrap(start, end int, t *matchTerm) *termNode {
	first, last := r.nodeAt(start), r.nodeAt(end-1)
	// Split the end first: it never moves the start offset of first.
	lastNode := r.nodes[last]
	// A line break at the very end moves out too, so the span holds only the term.
	if off := end - r.start[last]; off < lastNode.Segment.Len() || lastNode.SoftLineBreak() || lastNode.HardLineBreak() {
		splitAfter(lastNode, off)
	}
	firstNode := r.nodes[first]
	if off := start - r.start[first]; off > 0 {
		splitBefore(firstNode, off)
	}
	tn := &termNode{term: t.Term, tip: t.Tip}
	parent := firstNode.Parent()
	parent.InsertBefore(parent, firstNode, tn)
	for n := ast.Node(firstNode); ; {
		next := n.NextSibling()
		tn.AppendChild(tn, n)
		if n == ast.Node(lastNode) {
			break
		}
		n = next
	}
	return tn
}

// nodeAt returns the index of the node holding byte off of the run's text.
func (r textRun) nodeAt(off int) int {
	i, _ := slices.BinarySearch(r.start, off+1)
	return i - 1
}

// splitBefore moves the first off bytes of t into a new node placed before t.
func splitBefore(t *ast.Text, off int) {
	left := ast.NewTextSegment(t.Segment.WithStop(t.Segment.Start + off))
	t.Segment = t.Segment.WithStart(t.Segment.Start + off)
	t.Parent().InsertBefore(t.Parent(), t, left)
}

// splitAfter moves the bytes of t after off into a new node placed after t;
// the new node inherits t's line break.
func splitAfter(t *ast.Text, off int) {
	right := ast.NewTextSegment(t.Segment.WithStart(t.Segment.Start + off))
	right.SetSoftLineBreak(t.SoftLineBreak())
	right.SetHardLineBreak(t.HardLineBreak())
	t.SetSoftLineBreak(false)
	t.SetHardLineBreak(false)
	t.Segment = t.Segment.WithStop(t.Segment.Start + off)
	parent := t.Parent()
	if next := t.NextSibling(); next != nil {
		parent.InsertBefore(parent, next, right)
	} else {
		parent.AppendChild(parent, right)
	}
}
