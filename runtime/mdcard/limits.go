package mdcard

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Markdown parsers, goldmark among them, take time quadratic in the input on some
// constructs: containers nested hundreds deep on one line ("> > > … a", "- - - … a"), and
// inline markers a paragraph never closes ("[](" or "*a_ " repeated, each scanning or
// matching to the paragraph's end). 64 KB of either took goldmark 1–5 s of CPU, and the
// markdown comes from the model or a file, so one tool call could hold a server's core for
// minutes. Two guards, both deterministic, bound the work to linear in the input:
//
//   - MaxNesting: a blockquote or list item deeper than this is not opened; the rest of its
//     line is paragraph text, shown as written.
//   - MaxInlineMarkers: past this many link, emphasis, code and raw-HTML markers in one block
//     (a paragraph, heading or table cell), further markers are plain text.
//
// Both are far beyond what a document written for people uses. A few constructs stay
// superlinear inside goldmark where no parser hook reaches (tens of thousands of link
// reference definitions in a row, among them), so MaxSourceBytes bounds what is left:
// TestPathologicalInputs renders the pathological inputs of the CommonMark reference
// implementation and more within a CPU budget.
const (
	// MaxSourceBytes is the largest markdown document Render accepts.
	MaxSourceBytes = 1 << 20
	// MaxNesting is how deep blockquotes and list items may nest.
	MaxNesting = 32
	// MaxInlineMarkers is how many inline markers ([ ] ! * _ ` ~ <) one block may use.
	MaxInlineMarkers = 1000
)

// nestingGuard is tried before every block parser that opens a container. Below
// MaxNesting it declines and the real parser runs; at MaxNesting it opens a paragraph in
// the container's place, as goldmark's own paragraph parser would for plain text.
type nestingGuard struct {
	paragraph parser.BlockParser
}

func (nestingGuard) Trigger() []byte {
	return []byte{'>', '-', '+', '*', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'}
}

func (g nestingGuard) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	// A list's items sit at the list's own depth; only a new container inside an item or a
	// blockquote goes deeper.
	if parent.Kind() == ast.KindList || containerDepth(parent) < MaxNesting {
		return nil, parser.NoChildren
	}
	return g.paragraph.Open(parent, reader, pc)
}

// containerDepth counts the blockquotes and list items n is in, n included.
func containerDepth(n ast.Node) int {
	d := 0
	for ; n != nil; n = n.Parent() {
		if k := n.Kind(); k == ast.KindBlockquote || k == ast.KindListItem {
			d++
		}
	}
	return d
}

func (g nestingGuard) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	return g.paragraph.Continue(node, reader, pc)
}

func (g nestingGuard) Close(node ast.Node, reader text.Reader, pc parser.Context) {
	g.paragraph.Close(node, reader, pc)
}

// CanInterruptParagraph is false, as for a paragraph: an open paragraph takes the line.
func (nestingGuard) CanInterruptParagraph() bool { return false }

func (nestingGuard) CanAcceptIndentedLine() bool { return false }

// markerBudget is tried before every inline parser of its trigger characters. It counts
// the markers of the block being parsed and declines (the real parser runs) until the
// block has used MaxInlineMarkers; after that it takes each marker as one character of
// text, so no parser scans for its closing half again.
type markerBudget struct{}

// budgetKey holds the *blockBudget of the block being parsed. goldmark parses one block's
// inlines completely before the next block's, so a change of block resets the count.
var budgetKey = parser.NewContextKey()

type blockBudget struct {
	block ast.Node
	used  int
}

func (markerBudget) Trigger() []byte { return []byte{'[', ']', '!', '*', '_', '`', '~', '<'} }

func (markerBudget) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	b, _ := pc.Get(budgetKey).(*blockBudget)
	if b == nil {
		b = &blockBudget{}
		pc.Set(budgetKey, b)
	}
	if b.block != parent {
		b.block, b.used = parent, 0
	}
	if b.used < MaxInlineMarkers {
		b.used++
		return nil
	}
	_, seg := block.Position()
	block.Advance(1)
	return ast.NewTextSegment(text.NewSegment(seg.Start, seg.Start+1))
}

// guardOptions installs both guards ahead of goldmark's and GFM's own parsers (a lower
// priority value is tried first; GFM's task-list parser is at 0).
func guardOptions() []parser.Option {
	return []parser.Option{
		parser.WithBlockParsers(util.Prioritized(nestingGuard{paragraph: parser.NewParagraphParser()}, 50)),
		parser.WithInlineParsers(util.Prioritized(markerBudget{}, -100)),
	}
}
