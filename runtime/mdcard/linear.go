package mdcard

import (
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
