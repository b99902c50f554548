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
// minutes. Three guards, all deterministic, bound the work to linear in the input:
//
//   - MaxNesting: a blockquote or list item deeper than this is not opened; the rest of its
//     line is paragraph text, shown as written (continuing the paragraph open there, if any).
//
//   - MaxInlineMarkers: past this many link, emphasis, code and raw-HTML markers in one block
//     (a paragraph, heading or table cell), further markers are plain text.
//
//   - MaxDefinitionLines: link reference definitions are read from the first this many
//     lines of a paragraph only; a definition on a later line is text.
//
// All are far beyond what a document written for people uses. Anything still superlinear
// inside goldmark is bounded by MaxSourceBytes: TestPathologicalInputs renders the pathological inputs of the CommonMark reference
// implementation and more within a CPU budget.
const (
	// MaxSourceBytes is the largest markdown document Render accepts.
	MaxSourceBytes = 1 << 20
	// MaxNesting is how deep blockquotes and list items may nest.
	MaxNesting = 32
	// MaxInlineMarkers is how many inline markers ([ ] ! * _ ` ~ <) one block may use.
	MaxInlineMarkers = 1000
	// MaxDefinitionLines is how many lines at the start of a paragraph may hold link
	// reference definitions ("[label]: /url"); a definition on a later line is text.
	MaxDefinitionLines = 1000
)

// nestingLimit stands in for goldmark's blockquote parser and its list parser (a list's
// items sit at the list's own depth, so limiting lists limits items). Below MaxNesting it is
// the real parser. At MaxNesting it opens no container. With a paragraph open it declines,
// and the line continues that paragraph as text, as any line that starts no block does;
// otherwise it opens a paragraph in the container's place, as goldmark's paragraph parser
// would for plain text (declining there would drop the rest of the line).
//
// It replaces the container parsers rather than running before them: goldmark skips a
// parser that cannot interrupt a paragraph while one is open, and one that can must open a
// block to stop the parsers after it, so a guard ahead of them let a blockquote or list item
// that interrupts a paragraph open one level deeper on every line (TestNestingLimitWithOpenParagraph).
type nestingLimit struct {
	container parser.BlockParser
	paragraph parser.BlockParser
}

func (l nestingLimit) Trigger() []byte { return l.container.Trigger() }

func (l nestingLimit) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	if containerDepth(parent) < MaxNesting {
		return l.container.Open(parent, reader, pc)
	}
	if ast.IsParagraph(pc.LastOpenedBlock().Node) {
		return nil, parser.NoChildren
	}
	return l.paragraph.Open(parent, reader, pc)
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

// parserOf is the parser of the nodes Open returned: the container parser, or the
// paragraph parser for a paragraph opened at MaxNesting.
func (l nestingLimit) parserOf(node ast.Node) parser.BlockParser {
	if ast.IsParagraph(node) {
		return l.paragraph
	}
	return l.container
}

func (l nestingLimit) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	return l.parserOf(node).Continue(node, reader, pc)
}

func (l nestingLimit) Close(node ast.Node, reader text.Reader, pc parser.Context) {
	l.parserOf(node).Close(node, reader, pc)
}

func (l nestingLimit) CanInterruptParagraph() bool { return l.container.CanInterruptParagraph() }

func (l nestingLimit) CanAcceptIndentedLine() bool { return l.container.CanAcceptIndentedLine() }

// markerBudget is tried before every inline parser of its trigger characters. It counts
// the markers of the block being parsed and declines (the real parser runs) until the
// block has used MaxInlineMarkers; after that it takes each marker as one character of
// text, so no parser scans for its closing half again.
//
// The link closers within the budget are bounded too. For each "](" goldmark's link parser
// scans the destination, which for one never closed runs to the end of the line, so the
// 500 closers a block may use could each scan the whole block: 1 MiB of "[](" on one line
// took 1.4 s. A link that parses scans only its own destination, and successive links'
// destinations do not overlap, so the scans of a block whose links parse add up to less
// than its length. markerBudget lets them add up to twice its length: a "](" whose
// destination is longer than what is left is text, and so is every later one in the block
// but those of empty destinations ("[a]()").
type markerBudget struct{}

// blockState is what the guards note about the block whose inlines goldmark is parsing.
type blockState struct {
	block ast.Node
	// used counts the block's markers.
	used int
	// scan is how many more bytes of link destination the block's "](" may scan.
	scan int
	// lastRun maps n to where the block's last run of exactly n backticks starts
	// (codeSpanOpeners), once the block has a backtick.
	lastRun map[int]int
}

// blockStateKey holds the *blockState of the block being parsed.
var blockStateKey = parser.NewContextKey()

// blockStateOf is the state of the block parent. goldmark parses one block's inlines
// completely before the next block's, so a change of block starts afresh.
func blockStateOf(parent ast.Node, pc parser.Context) *blockState {
	b, _ := pc.Get(blockStateKey).(*blockState)
	if b == nil {
		b = &blockState{}
		pc.Set(blockStateKey, b)
	}
	if b.block != parent {
		*b = blockState{block: parent, scan: 2 * blockLength(parent)}
	}
	return b
}

func (markerBudget) Trigger() []byte { return []byte{'[', ']', '!', '*', '_', '`', '~', '<'} }

func (markerBudget) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	b := blockStateOf(parent, pc)
	if b.used < MaxInlineMarkers && b.scanFits(block) {
		b.used++
		return nil
	}
	_, seg := block.Position()
	block.Advance(1)
	return ast.NewTextSegment(text.NewSegment(seg.Start, seg.Start+1))
}

// scanFits charges the destination scan of the "](" at the reader's position, if it is one,
// and reports whether it was within the block's allowance. Once one is not, none is.
func (b *blockState) scanFits(block text.Reader) bool {
	line, _ := block.PeekLine()
	if len(line) < 2 || line[0] != ']' || line[1] != '(' {
		return true
	}
	n, ok := destinationLength(line[2:], b.scan)
	if !ok {
		b.scan = 0
		return false
	}
	b.scan -= n
	return true
}

// destinationLength is how many bytes goldmark's link parser scans for the destination of
// an inline link, given the rest of the line after its "(" (parseLinkDestination): up to an
// unescaped '>' for a destination in angle brackets, else up to a space or a ')' that
// closes no '('. It reads at most limit+1 bytes of it; ok is false when the scan would be
// longer than limit. A destination on the next line (the "(" ends its line) counts 0: only
// the last "](" of a line can have one, so those scans add up to the block's length.
func destinationLength(rest []byte, limit int) (n int, ok bool) {
	i := 0
	for i < len(rest) && util.IsSpace(rest[i]) {
		i++
	}
	dest := rest[i:]
	angle := len(dest) > 0 && dest[0] == '<'
	opened := 0
	for j := 0; j < len(dest); j++ {
		if j > limit {
			return j, false
		}
		switch c := dest[j]; {
		case c == '\\' && j+1 < len(dest) && util.IsPunct(dest[j+1]):
			j++
		case angle:
			if c == '>' {
				return j, true
			}
		case c == '(':
			opened++
		case c == ')':
			opened--
			if opened < 0 {
				return j, true
			}
		case util.IsSpace(c):
			return j, true
		}
	}
	return len(dest), len(dest) <= limit
}

// blockLength is the length in bytes of the lines whose inlines parent holds.
func blockLength(parent ast.Node) int {
	n := 0
	lines := parent.Lines()
	for i := range lines.Len() {
		seg := lines.At(i)
		n += seg.Len()
	}
	return n
}

// newParser is goldmark's default parser with the linear parsers of linear.go and, with
// limits, definitionWindow in place of goldmark's link reference transformer, the
// blockquote and list parsers limited to MaxNesting, and markerBudget tried
// ahead of every inline parser (a lower priority value is tried first; GFM's task-list
// parser is at 0). GFM's extension adds its parsers to it. Without limits it renders what
// goldmark does, which the tests hold it to.
func newParser(limits bool) parser.Parser {
	blocks := parser.DefaultBlockParsers()
	inlines := append(parser.DefaultInlineParsers(), util.Prioritized(codeSpanOpeners{}, -50))
	for i, p := range inlines {
		if p.Value == parser.NewLinkParser() {
			inlines[i].Value = linkValues{link: parser.NewLinkParser()}
		}
	}
	transformers := parser.DefaultParagraphTransformers()
	if limits {
		for i, t := range transformers {
			if t.Value == parser.LinkReferenceParagraphTransformer {
				transformers[i].Value = definitionWindow{references: parser.LinkReferenceParagraphTransformer}
			}
		}
		for i, b := range blocks {
			if b.Value == parser.NewBlockquoteParser() || b.Value == parser.NewListParser() {
				blocks[i].Value = nestingLimit{container: b.Value.(parser.BlockParser), paragraph: parser.NewParagraphParser()}
			}
		}
		inlines = append(inlines, util.Prioritized(markerBudget{}, -100))
	}
	return parser.NewParser(
		parser.WithBlockParsers(blocks...),
		parser.WithInlineParsers(inlines...),
		parser.WithParagraphTransformers(transformers...),
	)
}

// definitionWindow stands in for goldmark's link reference transformer, which takes the
// definitions at the start of a paragraph out of it. goldmark's takes time quadratic in the
// paragraph's lines: for each definition its block reader walks back over the lines to find
// where the label starts, and it copies the lines after the definition. 256 KiB of
// "[a]: b" lines, one paragraph, took 0.9 s of CPU and 1 MiB about sixteen times that.
// definitionWindow hands goldmark's transformer at most MaxDefinitionLines lines of a
// paragraph, so the work per line is bounded; a paragraph of at most that many lines is read
// exactly as goldmark reads it (TestDefinitionWindow).
type definitionWindow struct {
	references parser.ParagraphTransformer
}

func (w definitionWindow) Transform(node *ast.Paragraph, reader text.Reader, pc parser.Context) {
	lines := node.Lines()
	if lines.Len() <= MaxDefinitionLines {
		w.references.Transform(node, reader, pc)
		return
	}
	// The head is a paragraph of its own, in the tree before node so that goldmark puts
	// the definitions it takes out where they would have gone, and taken out again after.
	head := ast.NewParagraph()
	head.SetBlankPreviousLines(node.HasBlankPreviousLines())
	headLines := text.NewSegments()
	headLines.AppendAll(lines.Sliced(0, MaxDefinitionLines))
	head.SetLines(headLines)
	parent := node.Parent()
	parent.InsertBefore(parent, node, head)
	w.references.Transform(head, reader, pc)
	rest := text.NewSegments()
	if head.Parent() != nil {
		// goldmark took out fewer than all the head's lines; what is left leads the paragraph.
		rest.AppendAll(head.Lines().Sliced(0, head.Lines().Len()))
		parent.RemoveChild(parent, head)
	}
	rest.AppendAll(lines.Sliced(MaxDefinitionLines, lines.Len()))
	node.SetLines(rest)
}
