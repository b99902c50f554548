package mdcard

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/cardgen/cardgen/internal/cputime"
)

func renderHTML(t *testing.T, md string) string {
	t.Helper()
	res, err := Render(md, RenderOptions{Title: "t", NoSplitSections: true})
	if err != nil {
		t.Fatal(err)
	}
	return res.Card.HTML
}

// TestNestingGuard: containers open up to MaxNesting deep and no deeper; the rest of the
// line is text, escaped like any other.
func TestNestingGuard(t *testing.T) {
	for _, tc := range []struct {
		name, marker, open string
	}{
		{"blockquote", "> ", "<blockquote>"},
		{"bullet list", "- ", "<li>"},
		{"ordered list", "1. ", "<li>"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			html := renderHTML(t, strings.Repeat(tc.marker, MaxNesting)+"a")
			if n := strings.Count(html, tc.open); n != MaxNesting {
				t.Errorf("%d levels written: %d %s opened, want %d", MaxNesting, n, tc.open, MaxNesting)
			}
			if !strings.Contains(html, ">a<") && !strings.Contains(html, ">a\n<") {
				t.Errorf("the innermost text is not a plain a:\n%s", html)
			}

			html = renderHTML(t, strings.Repeat(tc.marker, MaxNesting+8)+"a")
			if n := strings.Count(html, tc.open); n != MaxNesting {
				t.Errorf("%d levels written: %d %s opened, want %d (MaxNesting)", MaxNesting+8, n, tc.open, MaxNesting)
			}
			rest := strings.TrimSpace(strings.Repeat(tc.marker, 8))
			want := strings.ReplaceAll(rest, ">", "&gt;") + " a"
			// A tight list's item holds its text without a paragraph.
			if !strings.Contains(html, ">"+want+"</") {
				t.Errorf("the markers past MaxNesting are not text %q:\n%s", want, html)
			}
		})
	}
}

// deepestContainer is how many blockquotes and list items the most deeply nested block of
// md's syntax tree is in, as the card's parser builds it.
func deepestContainer(md string) int {
	doc := cardMarkdown.Parser().Parse(text.NewReader([]byte(md)))
	deepest := 0
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && n.Type() == ast.TypeBlock {
			deepest = max(deepest, containerDepth(n))
		}
		return ast.WalkContinue, nil
	})
	return deepest
}

// TestNestingLimitWithOpenParagraph: a blockquote or list item that interrupts a paragraph
// is a container too. Lines that each go one level deeper than the paragraph before them
// (a staircase) once nested without bound, one level per line; MaxNesting holds them, and
// the line that would open level MaxNesting+1 continues the paragraph as text.
func TestNestingLimitWithOpenParagraph(t *testing.T) {
	quotes := strings.Repeat("> ", MaxNesting)
	items := strings.Repeat("- ", MaxNesting)
	indent := strings.Repeat("  ", MaxNesting)
	staircase := func(line func(i int) string) string {
		var b strings.Builder
		for i := range 2 * MaxNesting {
			b.WriteString(line(i) + "a\n")
		}
		return b.String()
	}
	for name, md := range map[string]string{
		"quoted dash item":      quotes + "a\n" + quotes + "- b",
		"quoted star item":      quotes + "a\n" + quotes + "* b",
		"quoted plus item":      quotes + "a\n" + quotes + "+ b",
		"quoted ordered item":   quotes + "a\n" + quotes + "1. b",
		"quoted ordered item )": quotes + "a\n" + quotes + "1) b",
		"quoted blockquote":     quotes + "a\n" + quotes + "> b",
		"listed item":           items + "a\n" + indent + "- b",
		"listed blockquote":     items + "a\n" + indent + "> b",
		"blockquote staircase":  staircase(func(i int) string { return strings.Repeat(">", i+1) }),
		"list staircase":        staircase(func(i int) string { return strings.Repeat("  ", i) + "- " }),
	} {
		if d := deepestContainer(md); d != MaxNesting {
			t.Errorf("%s: containers nest %d deep, want MaxNesting (%d)", name, d, MaxNesting)
		}
	}

	html := renderHTML(t, quotes+"a\n"+quotes+"- b")
	if !strings.Contains(html, "<p>a\n- b</p>") {
		t.Errorf("the item past MaxNesting does not continue the paragraph as text:\n%s", html)
	}
}

// TestMarkerBudget: one block may use MaxInlineMarkers markers; later ones are text, and the
// next block starts afresh.
func TestMarkerBudget(t *testing.T) {
	// A code span is one marker: its parser takes the closing backticks with the opening ones.
	const span = "`c` "
	perBlock := MaxInlineMarkers

	html := renderHTML(t, strings.Repeat(span, perBlock))
	if n := strings.Count(html, "<code>"); n != perBlock {
		t.Errorf("a paragraph of %d code spans rendered %d", perBlock, n)
	}

	html = renderHTML(t, strings.Repeat(span, perBlock+3))
	if n := strings.Count(html, "<code>"); n != perBlock {
		t.Errorf("a paragraph of %d code spans rendered %d, want %d", perBlock+3, n, perBlock)
	}
	if n := strings.Count(html, "`c`"); n != 3 {
		t.Errorf("%d code spans past the budget shown as written, want 3:\n%s", n, html[len(html)-300:])
	}

	two := strings.Repeat(span, perBlock) + "\n\n" + strings.Repeat(span, perBlock)
	if n := strings.Count(renderHTML(t, two), "<code>"); n != 2*perBlock {
		t.Errorf("two paragraphs of %d code spans rendered %d, want %d: the budget is per block", perBlock, n, 2*perBlock)
	}

	// A link is two markers, [ and ]; one past the budget is its text, brackets and all.
	links := strings.Repeat("[x](https://example.com/a) ", MaxInlineMarkers/2) + "[late](https://example.com/b)"
	html = renderHTML(t, links)
	if n := strings.Count(html, ">x</a>"); n != MaxInlineMarkers/2 {
		t.Errorf("a paragraph of %d links rendered %d", MaxInlineMarkers/2, n)
	}
	if !strings.Contains(html, "[late](") || strings.Contains(html, ">late</a>") {
		t.Errorf("the link past the budget is not shown as written:\n%s", html[len(html)-300:])
	}

	// Emphasis is two markers too.
	html = renderHTML(t, strings.Repeat("*a* ", MaxInlineMarkers/2+1))
	if n := strings.Count(html, "<em>"); n != MaxInlineMarkers/2 {
		t.Errorf("%d emphases rendered %d, want %d", MaxInlineMarkers/2+1, n, MaxInlineMarkers/2)
	}
}

// TestLinkDestinationAllowance: a block's links parse however long their destinations, but
// once "](" closers whose destinations run on to the end of the line have scanned twice the
// block's length, the block's later closers are text; the next block starts afresh.
func TestLinkDestinationAllowance(t *testing.T) {
	long := "[x](https://example.com/" + strings.Repeat("a", 4000) + ") "
	if n := strings.Count(renderHTML(t, strings.Repeat(long, 100)), ">x</a>"); n != 100 {
		t.Errorf("a paragraph of 100 links with 4 KB destinations rendered %d", n)
	}

	// Each "[a](" scans to the end of the line, (8-i) × 8 KiB for the i-th: the first two
	// fit in twice the line's length (16 × 8 KiB), the third does not.
	runOn := strings.Repeat("[a]("+strings.Repeat("x", 8<<10), 8)
	const ok = "[ok](https://example.com/ok)"
	html := renderHTML(t, runOn+ok+"\n\n"+ok)
	if !strings.Contains(html, ok) {
		t.Errorf("the link after the allowance is not shown as written:\n%s", html[len(html)-300:])
	}
	if n := strings.Count(html, ">ok</a>"); n != 1 {
		t.Errorf("%d links rendered, want 1 (the next paragraph's):\n%s", n, html[len(html)-300:])
	}
}

// TestDefinitionWindow: a paragraph of up to MaxDefinitionLines lines is read as goldmark
// reads it; in a longer one, a definition on a later line is text, and the next paragraph
// starts afresh.
func TestDefinitionWindow(t *testing.T) {
	limitedCard := goldmark.New(
		goldmark.WithParser(newParser(true)),
		goldmark.WithExtensions(extension.GFM),
		goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(cardRenderer{}, 100))),
	)
	definitions := func(from, to int) string {
		var b strings.Builder
		for i := from; i < to; i++ {
			fmt.Fprintf(&b, "[l%d]: https://example.com/%d\n", i, i)
		}
		return b.String()
	}
	for name, md := range map[string]string{
		"all lines definitions":                    definitions(0, MaxDefinitionLines) + "[l0] [l999]",
		"the window ends the text":                 definitions(0, MaxDefinitionLines-1) + "[l0] [l998]\nmore text\n[l5]",
		"a few definitions":                        definitions(0, 5) + strings.Repeat("text\n", 2*MaxDefinitionLines) + "[l1]",
		"a title ending on the window's last line": definitions(0, MaxDefinitionLines-3) + "[t]: /t 'a\nb'\n[t]",
	} {
		if got, want := convertWith(t, limitedCard, md), convertWith(t, goldmarkCard, md); got != want {
			t.Errorf("%s: the card's parser renders\n%.300s\ngoldmark's\n%.300s", name, got, want)
		}
	}

	// A title that runs past the window: the definition is text, and so is the reference to it.
	md := definitions(0, MaxDefinitionLines-1) + "[t]: https://example.com/t 'a\nb'\n[t]"
	html := convertWith(t, limitedCard, md)
	if !strings.Contains(html, "[t]: <a href=\"https://example.com/t\"") || !strings.Contains(html, "'a\nb'\n[t]</p>") || strings.Contains(html, ">t</a>") {
		t.Errorf("the definition whose title crosses line %d is not text:\n%s", MaxDefinitionLines, html[max(0, len(html)-400):])
	}

	// One line more: the last definition is text, and the reference to it is not a link.
	md = definitions(0, MaxDefinitionLines+1) + "[l0] [l1000]\n\n[n]: https://example.com/n\n[n]"
	html = convertWith(t, limitedCard, md)
	for _, want := range []string{
		"<p>[l1000]: <a href=\"https://example.com/1000\"", // as written (GFM links the address)
		`target="_blank">l0</a> [l1000]</p>`,               // a reference to it is text
		`<p><a href="https://example.com/n"`,               // the next paragraph's is read
	} {
		if !strings.Contains(html, want) {
			t.Errorf("%q missing from\n%s", want, html[max(0, len(html)-400):])
		}
	}
	if strings.Count(html, "href=") != 3 {
		t.Errorf("%d links, want 3:\n%s", strings.Count(html, "href="), html[max(0, len(html)-400):])
	}
}

func TestMaxSourceBytes(t *testing.T) {
	if _, err := Render(strings.Repeat("a", MaxSourceBytes), RenderOptions{}); err != nil {
		t.Fatalf("a document of exactly MaxSourceBytes: %v", err)
	}
	_, err := Render(strings.Repeat("a", MaxSourceBytes+1), RenderOptions{Part: -1})
	if err == nil {
		t.Fatal("a document over MaxSourceBytes rendered")
	}
	for _, want := range []string{fmt.Sprint(MaxSourceBytes + 1), fmt.Sprint(MaxSourceBytes), "part -1"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q (the size, the limit and the options' own problem)", err, want)
		}
	}
}

// pathological are inputs that take markdown parsers quadratic time: those of the CommonMark
// reference implementation's pathological tests, and the ones found for goldmark by repeating
// short strings of markdown's punctuation. Each makes about n bytes.
var pathological = map[string]func(n int) string{
	"nested strong emphasis":     func(n int) string { return rep("*a **a ", n/14) + "b" + rep(" a** a*", n/14) },
	"emphasis closers":           func(n int) string { return rep("a_ ", n/3) },
	"emphasis openers":           func(n int) string { return rep("_a ", n/3) },
	"link closers":               func(n int) string { return rep("a]", n/2) },
	"link openers":               func(n int) string { return rep("[a", n/2) },
	"mismatched emphasis":        func(n int) string { return rep("*a_ ", n/4) },
	"closers multiple of 3":      func(n int) string { return "a**b" + rep("c* ", n/3) },
	"link openers, emphasis":     func(n int) string { return rep("[ a_", n/4) },
	"[ (](":                      func(n int) string { return rep("[ (](", n/5) },
	"nested brackets":            func(n int) string { return rep("[", n/2) + "a" + rep("]", n/2) },
	"nested blockquotes":         func(n int) string { return rep("> ", n/2) + "a" },
	"nested lists on one line":   func(n int) string { return rep("* ", n/2) + "a" },
	"nested dash lists":          func(n int) string { return rep("- ", n/2) + "a" },
	"nested ordered lists":       func(n int) string { return rep("1. ", n/3) + "a" },
	"blockquoted lists":          func(n int) string { return rep("> - ", n/4) + "a" },
	"unclosed links <":           func(n int) string { return rep("[a](<b", n/6) },
	"unclosed links":             func(n int) string { return rep("[a](b", n/5) },
	"empty links":                func(n int) string { return rep("[](", n/3) },
	"unclosed images":            func(n int) string { return rep("![a](", n/5) },
	"unclosed titles":            func(n int) string { return rep("[a](b \"", n/7) },
	"brackets and newlines":      func(n int) string { return rep("]([\n", n/4) },
	"link reference definitions": func(n int) string { return rep("[a]: b\n", n/7) },
	"definitions with titles":    func(n int) string { return rep("[a]: b 't'\n", n/11) },
	"link title of many lines":   func(n int) string { return "[a](b \"\n" + rep("x\n", n/2-8) + "\")" },
	"escaped backticks":          func(n int) string { return rep("\\``", n/3) },
	"[*_a":                       func(n int) string { return rep("[*_a", n/4) },
	"a***":                       func(n int) string { return rep("a***", n/4) },
	"<>":                         func(n int) string { return rep("<>", n/2) },
	"unclosed comments":          func(n int) string { return "</" + rep("<!--", n/4) },
	"strikethrough":              func(n int) string { return rep("~~a ", n/4) },
	"table columns":              func(n int) string { return rep("|a", n/6) + "\n" + rep("|-", n/6) + "\n" + rep("|x", n/6) },
	"backtick runs": func(n int) string {
		var b strings.Builder
		for i := 1; b.Len() < n; i++ {
			b.WriteString("e" + rep("`", i))
		}
		return b.String()
	},
	"indented lists": func(n int) string {
		var b strings.Builder
		for i := 0; b.Len() < n; i++ {
			b.WriteString(rep("  ", i) + "* a\n")
		}
		return b.String()
	},
}

func rep(s string, n int) string { return strings.Repeat(s, n) }

// TestPathologicalInputs renders MaxSourceBytes of each pathological input within a CPU
// budget. Before the guards, goldmark took 1–5.5 s on ten of them at 64 KiB (nested lists on
// one line 5.5 s, empty links 4.5 s, nested blockquotes 2 s). With them, at 64 KiB the
// slowest took about 0.3 s, but a few were linear only with a large factor: each link closer
// of a block scanned to the end of its line, 1.4 s at 1 MiB. Now the slowest takes about
// 0.4 s at 1 MiB on a fast machine. The budget leaves room for a slower machine (one where
// "link title of many lines" took 1.0–1.7 s, and a budget of 1 s failed it) and still fails a
// quadratic input of the kind the guards stopped, which takes 256 times as long at 1 MiB as at
// 64 KiB.
func TestPathologicalInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("renders 1 MiB of each pathological input")
	}
	if raceEnabled {
		t.Skip("a CPU budget does not hold under the race detector; make test runs this without -race")
	}
	const budget = 3 * time.Second
	for name := range pathological {
		md := pathologicalInput(name, MaxSourceBytes)
		start, ok := cputime.Used()
		began := time.Now()
		if _, err := Render(md, RenderOptions{}); err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		took := time.Since(began)
		if end, ok2 := cputime.Used(); ok && ok2 {
			took = end - start
		}
		if took > budget {
			t.Errorf("%s: %v of CPU for %d bytes, over the %v budget", name, took.Round(time.Millisecond), len(md), budget)
		}
	}
}

// pathologicalInput is the named pathological input cut to at most n bytes.
func pathologicalInput(name string, n int) string {
	md := pathological[name](n)
	return md[:min(len(md), n)]
}

// BenchmarkPathological renders 64 KiB of the inputs that were slowest before the guards, and
// MaxSourceBytes of those that were slowest with them.
func BenchmarkPathological(b *testing.B) {
	for _, c := range []struct {
		name string
		size int
	}{
		{"nested dash lists", 64 << 10},
		{"empty links", 64 << 10},
		{"nested blockquotes", 64 << 10},
		{"unclosed links", 64 << 10},
		{"mismatched emphasis", 64 << 10},
		{"empty links", MaxSourceBytes},
		{"escaped backticks", MaxSourceBytes},
		{"link title of many lines", MaxSourceBytes},
		{"link reference definitions", MaxSourceBytes},
	} {
		md := pathologicalInput(c.name, c.size)
		b.Run(fmt.Sprintf("%s/%dKiB", strings.ReplaceAll(c.name, " ", "_"), c.size>>10), func(b *testing.B) {
			b.SetBytes(int64(len(md)))
			for b.Loop() {
				if _, err := Render(md, RenderOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
