package mdcard

import (
	"sort"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// Some of goldmark's parsers repeat a scan for every candidate in a block and so take time
// quadratic in the block, where noting what an earlier scan found gives the same result in
// linear time, as goldmark already does for raw HTML. The parsers here are tried ahead of
// goldmark's and do that; below the limits of limits.go the card renders exactly what
// goldmark renders (TestLinearParsersMatchGoldmark, FuzzLinearParsersMatchGoldmark).

// codeSpanOpeners is tried before goldmark's code span parser. A run of backticks opens a
// code span only if a run of the same length follows in the block; goldmark scans to the
// end of the block for each opener that none follows and then takes the opener as text.
// codeSpanOpeners takes such an opener as text itself, knowing from one pass over the block
// where the last run of each length starts. 1 MiB of a backslash and two backticks,
// repeated, took goldmark 1.2 s: the first backtick is escaped, the second opens a run of
// one, and every later run is of two.
type codeSpanOpeners struct{}

func (codeSpanOpeners) Trigger() []byte { return []byte{'`'} }

func (codeSpanOpeners) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	n := backtickRun(line)
	if blockStateOf(parent, pc).closerAfter(block.Source(), seg.Start, n) {
		return nil
	}
	// As goldmark's code span parser returns an opener it found no closer for.
	block.Advance(n)
	return ast.NewTextSegment(seg.WithStop(seg.Start + n))
}

// backtickRun is how many backticks s starts with.
func backtickRun(s []byte) int {
	n := 0
	for n < len(s) && s[n] == '`' {
		n++
	}
	return n
}

// closerAfter reports whether a run of exactly n backticks starts in the block after
// position at. Runs end at the end of a line, as for goldmark.
func (b *blockState) closerAfter(source []byte, at, n int) bool {
	if b.lastRun == nil {
		b.lastRun = map[int]int{}
		lines := b.block.Lines()
		for i := range lines.Len() {
			seg := lines.At(i)
			for j := seg.Start; j < seg.Stop; {
				if source[j] != '`' {
					j++
					continue
				}
				k := backtickRun(source[j:seg.Stop])
				b.lastRun[k] = j
				j += k
			}
		}
	}
	last, ok := b.lastRun[n]
	return ok && last > at
}

// linkValues is goldmark's link parser reading the values of link labels and titles through
// linesValue. goldmark's block reader finds the line a value starts on by walking back from
// the block's last line, once per label and once per line of a title, so a block of many
// lines cost time quadratic in them: 1 MiB of a link title over 512 Ki lines would take
// minutes, and each of a block's link closers walked back over all its lines.
type linkValues struct {
	link parser.InlineParser
}

func (l linkValues) Trigger() []byte { return l.link.Trigger() }

func (l linkValues) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	return l.link.Parse(parent, valueReader{Reader: block, lines: parent.Lines()}, pc)
}

// CloseBlock is goldmark's: the link parser takes the labels left open at the end of a
// block as text there.
func (l linkValues) CloseBlock(parent ast.Node, block text.Reader, pc parser.Context) {
	l.link.(parser.CloseBlocker).CloseBlock(parent, block, pc)
}

// valueReader is a block reader over lines whose Value is linesValue.
type valueReader struct {
	text.Reader
	lines *text.Segments
}

func (r valueReader) Value(seg text.Segment) []byte { return linesValue(r.Source(), r.lines, seg) }

// linesValue is what goldmark's block reader over lines returns for Value(seg): the bytes of
// seg, each line it spans preceded by that line's padding (tabs expanded into spaces). It
// finds seg's first line by binary search where goldmark walks back from the last line.
func linesValue(source []byte, lines *text.Segments, seg text.Segment) []byte {
	n := lines.Len()
	line := sort.Search(n, func(i int) bool { return lines.At(i).Start > seg.Start }) - 1
	ret := make([]byte, 0, seg.Stop-seg.Start+1)
	i := seg.Start
	for ; line < n; line++ {
		s := lines.At(line)
		if i < 0 {
			i = s.Start
		}
		ret = s.ConcatPadding(ret)
		if stop := min(seg.Stop, s.Stop); i < stop {
			ret = append(ret, source[i:stop]...)
		}
		i = -1
		if s.Stop > seg.Stop {
			break
		}
	}
	return ret
}
