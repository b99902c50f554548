package mdcard

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// PartLimit is the most rendered characters one part holds, counted as runes
// of the HTML that the card renderer produces for the part's sections: each
// section's blocks, its H2 heading included, before the fold wrapper
// (<details>/<summary>) and tutor-term spans are added, so part boundaries do
// not depend on the splitSections, openFirst or tutorTerms inputs. Sections
// are packed into parts in order, as many as fit; a single section larger
// than PartLimit is a part of its own, and so is the first section together
// with a short intro before it.
const PartLimit = 32000

// MaxTutorTerms is the most tutor terms one card accepts, as in the
// mcp-chat-cards port.
const MaxTutorTerms = 40

// Limits on the other text a caller gives, in characters (Unicode code points, as JSON Schema's
// maxLength counts them) or entries. The seed and the mcp-chat-cards port set none, so each is
// chosen far beyond what a card shows well (a heading, a menu, a hover tip) and small enough that
// all of them together come to about 66,000 characters, whatever the document: without them a
// 1 MB title made a 3 MB result, whole in the text the model reads too. The input schema states each
// (maxLength, maxItems), so a model learns them from tools/list and the SDK refuses a call over
// them; [Render] checks them for its other callers.
const (
	// MaxTitle is the longest title, in characters. Slack's longest header is 150.
	MaxTitle = 300
	// MaxSubtitle is the longest subtitle, in characters.
	MaxSubtitle = 500
	// MaxContextActions is the most context actions one card accepts: a right-click menu of 20
	// entries is already long.
	MaxContextActions = 20
	// MaxActionLabel is the longest context action label, in characters.
	MaxActionLabel = 80
	// MaxActionPrompt is the longest context action prompt, in characters ({{selection}}
	// counts as written, not as the selection that replaces it).
	MaxActionPrompt = 2000
	// MaxTerm is the longest tutor term, in characters: a word or a phrase.
	MaxTerm = 100
	// MaxTip is the longest tutor term tip, in characters: a short definition.
	MaxTip = 500
)

// defaultTitle is the card title when no title is given and the document has
// no H1.
const defaultTitle = "Document"

// RenderOptions controls [Render]. The zero value renders part 1 with H2
// sections folded and the first one open, which is what the tool does when
// called with markdown alone.
type RenderOptions struct {
	// Title is the card title. Empty means the plain text of the document's
	// first top-level H1, then DefaultTitle, then "Document".
	Title string
	// DefaultTitle is the title used when Title is empty and the document has
	// no top-level H1 (the tool passes the file name here).
	DefaultTitle string
	// Subtitle is shown under the title.
	Subtitle string
	// Part selects the part to render, 1-based; 0 means 1.
	Part int
	// NoOpenFirst keeps every section closed initially (openFirst=false).
	NoOpenFirst bool
	// NoSplitSections renders H2 sections flat instead of folding them into
	// <details> reveals (splitSections=false).
	NoSplitSections bool
	// TutorTerms are underlined at their first occurrence in the part's prose.
	TutorTerms []TutorTerm
	// ContextActions are offered in the view's right-click menu.
	ContextActions []ContextAction
}

// TutorTerm is a word or phrase whose first occurrence in the card's visible
// prose is underlined; hovering it shows Tip. Both are plain text.
type TutorTerm struct {
	// Term is the word or phrase, matched as whole words.
	Term string `json:"term"`
	// Tip is the short definition shown on hover.
	Tip string `json:"tip,omitempty"`
	// CaseInsensitive matches any letter case; the default is exact case.
	CaseInsensitive bool `json:"caseInsensitive,omitempty"`
}

// ContextAction is an entry of the view's right-click menu. Choosing it sends
// Prompt to the conversation with {{selection}} replaced by the selected text.
type ContextAction struct {
	// Label is the menu item text.
	Label string `json:"label"`
	// Prompt is the message sent as the user.
	Prompt string `json:"prompt"`
}

// Card is the `card` object of a create_markdown_card result: everything the
// view needs to draw one part of a document.
type Card struct {
	// Title is plain text; the view sets it as text, never as markup.
	Title string `json:"title"`
	// Subtitle is plain text, omitted when empty.
	Subtitle string `json:"subtitle,omitempty"`
	// HTML is the rendered, allow-listed fragment of this part.
	HTML string `json:"html"`
	// OpenFirst reports whether the part's first section starts open.
	OpenFirst bool `json:"openFirst"`
	// SplitSections reports whether H2 sections are folded into reveals.
	SplitSections bool `json:"splitSections"`
	// TutorTerms lists the terms underlined in this part, in document order,
	// as given (whitespace collapsed), not as matched in the text.
	TutorTerms []TutorTerm `json:"tutorTerms,omitempty"`
	// ContextActions is the right-click menu, as given.
	ContextActions []ContextAction `json:"contextActions,omitempty"`
}

// Parts is the split state present on every card result.
type Parts struct {
	// Current is the part this result rendered, 1-based.
	Current int `json:"current"`
	// Total is how many parts the document splits into.
	Total int `json:"total"`
	// HasMore is true when later parts were withheld; call again with
	// part Current+1.
	HasMore bool `json:"hasMore"`
}

// Result is what [Render] returns: the card of one part and the split state.
type Result struct {
	Card  Card  `json:"card"`
	Parts Parts `json:"parts"`
}

// cardMarkdown parses GFM within the limits of limits.go and renders with the
// card's own node renderers, which take precedence over goldmark's (lower
// priority value wins).
var cardMarkdown = goldmark.New(
	goldmark.WithParser(newParser(true)),
	goldmark.WithExtensions(extension.GFM),
	goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(cardRenderer{}, 100))),
)

// section is a run of top-level blocks: the intro before the first H2
// (heading nil) or an H2 and the blocks up to the next top-level H2.
type section struct {
	heading ast.Node
	blocks  []ast.Node
	head    []byte // rendered heading
	body    []byte // rendered blocks
	size    int    // runes of head+body
}

// Render renders one part of a markdown document as a card. Every problem
// with opts is reported at once; a part out of range is an error that names
// the valid range.
func Render(md string, opts RenderOptions) (Result, error) {
	terms, err := checkOptions(opts)
	if len(md) > MaxSourceBytes {
		err = errors.Join(err, fmt.Errorf("the markdown is %d bytes; at most %d (1 MiB) are rendered: pass a shorter document or split it into several", len(md), MaxSourceBytes))
	}
	if err != nil {
		return Result{}, err
	}
	src := []byte(md)
	doc := cardMarkdown.Parser().Parse(text.NewReader(src))

	title := strings.TrimSpace(opts.Title)
	if title == "" {
		title = titleFromH1(doc, src)
	}
	if title == "" {
		title = strings.TrimSpace(opts.DefaultTitle)
	}
	if title == "" {
		title = defaultTitle
	}

	sections := splitDocument(doc)
	r := cardMarkdown.Renderer()
	sizes := make([]int, len(sections))
	for i := range sections {
		if err := renderSection(r, src, &sections[i]); err != nil {
			return Result{}, err
		}
		sizes[i] = sections[i].size
	}
	ranges := packDocument(sizes, len(sections) > 0 && sections[0].heading == nil, PartLimit)

	part := opts.Part
	if part == 0 {
		part = 1
	}
	if part < 1 || part > len(ranges) {
		return Result{}, partRangeError(part, len(ranges))
	}
	sel := sections[ranges[part-1][0]:ranges[part-1][1]]

	var placed []TutorTerm
	if len(terms) > 0 {
		var blocks []ast.Node
		for _, s := range sel {
			if s.heading != nil {
				blocks = append(blocks, s.heading)
			}
			blocks = append(blocks, s.blocks...)
		}
		placed = applyTerms(blocks, src, terms)
		if len(placed) > 0 {
			for i := range sel {
				if err := renderSection(r, src, &sel[i]); err != nil {
					return Result{}, err
				}
			}
		}
	}

	fragment := assemble(sel, !opts.NoSplitSections, !opts.NoOpenFirst)
	// Defence in depth: the renderers above only write allow-listed markup
	// (fuzz-tested), and checking one part costs little next to rendering
	// the document, so an unsafe fragment is never returned.
	if err := CheckFragment(fragment); err != nil {
		return Result{}, fmt.Errorf("mdcard: internal error: the rendered card failed its safety check, so it was withheld; please report this with the markdown: %w", err)
	}
	card := Card{
		Title:          title,
		Subtitle:       strings.TrimSpace(opts.Subtitle),
		HTML:           fragment,
		OpenFirst:      !opts.NoOpenFirst,
		SplitSections:  !opts.NoSplitSections,
		TutorTerms:     placed,
		ContextActions: opts.ContextActions,
	}
	return Result{
		Card:  card,
		Parts: Parts{Current: part, Total: len(ranges), HasMore: part < len(ranges)},
	}, nil
}

// checkOptions validates opts and returns the tutor terms ready to match.
func checkOptions(opts RenderOptions) ([]*matchTerm, error) {
	var errs []error
	if opts.Part < 0 {
		errs = append(errs, fmt.Errorf("part %d does not exist; parts are numbered from 1", opts.Part))
	}
	errs = append(errs, tooLong("title", opts.Title, MaxTitle), tooLong("subtitle", opts.Subtitle, MaxSubtitle))
	terms, termErrs := prepareTerms(opts.TutorTerms)
	errs = append(errs, termErrs...)
	actions := opts.ContextActions
	if len(actions) > MaxContextActions {
		errs = append(errs, fmt.Errorf("contextActions has %d entries; the limit is %d per card, so keep the most useful ones", len(actions), MaxContextActions))
		actions = actions[:MaxContextActions] // the rest is refused whatever it holds: no report per entry
	}
	for i, a := range actions {
		if strings.TrimSpace(a.Label) == "" {
			errs = append(errs, fmt.Errorf("contextActions[%d].label is empty; give the menu item a short label", i))
		}
		if strings.TrimSpace(a.Prompt) == "" {
			errs = append(errs, fmt.Errorf("contextActions[%d].prompt is empty; give the prompt to send (use {{selection}} for the selected text)", i))
		}
		errs = append(errs,
			tooLong(fmt.Sprintf("contextActions[%d].label", i), a.Label, MaxActionLabel),
			tooLong(fmt.Sprintf("contextActions[%d].prompt", i), a.Prompt, MaxActionPrompt))
	}
	return terms, errors.Join(errs...)
}

// tooLong reports s, the input named name, when it is longer than limit characters, or returns
// nil.
func tooLong(name, s string, limit int) error {
	if len(s) <= limit { // no string has more characters than bytes
		return nil
	}
	if n := utf8.RuneCountInString(s); n > limit {
		return fmt.Errorf("%s is %d characters; the limit is %d: shorten it", name, n, limit)
	}
	return nil
}

func partRangeError(part, total int) error {
	if total == 1 {
		return fmt.Errorf("part %d does not exist; this document has 1 part (only part 1)", part)
	}
	return fmt.Errorf("part %d does not exist; this document has %d parts (1–%d)", part, total, total)
}

// titleFromH1 returns the plain text of the first top-level H1. When that H1
// comes before the first H2 it is removed from the document, so the title is
// not repeated at the top of the body; a later H1 stays where it is.
func titleFromH1(doc ast.Node, src []byte) string {
	seenH2 := false
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		h, ok := c.(*ast.Heading)
		if !ok {
			continue
		}
		if h.Level == 2 {
			seenH2 = true
			continue
		}
		if h.Level != 1 {
			continue
		}
		title := strings.TrimSpace(plainText(h, src))
		if title == "" {
			continue
		}
		if !seenH2 {
			doc.RemoveChild(doc, h)
		}
		return title
	}
	return ""
}

// plainText is the visible text of n's inline content, with character
// references and backslash escapes resolved.
func plainText(n ast.Node, src []byte) string {
	var b bytes.Buffer
	var walk func(ast.Node)
	walk = func(n ast.Node) {
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			switch t := c.(type) {
			case *ast.Text:
				v := t.Segment.Value(src)
				if !t.IsRaw() {
					v = util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(v)))
				}
				b.Write(v)
				if t.SoftLineBreak() || t.HardLineBreak() {
					b.WriteByte(' ')
				}
			case *ast.String:
				b.Write(t.Value)
			case *ast.AutoLink:
				b.Write(t.Label(src))
			case *ast.RawHTML:
				for i := 0; i < t.Segments.Len(); i++ {
					seg := t.Segments.At(i)
					b.Write(seg.Value(src))
				}
			default:
				walk(c)
			}
		}
	}
	walk(n)
	return b.String()
}

// splitDocument groups the document's top-level blocks into sections at
// top-level H2 headings. An H2 inside a blockquote or list is not a child of
// the document, so it never starts a section.
func splitDocument(doc ast.Node) []section {
	var out []section
	var cur *section
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok && h.Level == 2 {
			out = append(out, section{heading: c})
			cur = &out[len(out)-1]
			continue
		}
		if cur == nil {
			out = append(out, section{})
			cur = &out[len(out)-1]
		}
		cur.blocks = append(cur.blocks, c)
	}
	return out
}

// renderSection renders a section's heading and blocks and measures them.
func renderSection(r renderer.Renderer, src []byte, s *section) error {
	var head, body bytes.Buffer
	if s.heading != nil {
		w := bufio.NewWriter(&head)
		if err := r.Render(w, src, s.heading); err != nil {
			return fmt.Errorf("render heading: %w", err)
		}
	}
	w := bufio.NewWriter(&body)
	for _, b := range s.blocks {
		if err := r.Render(w, src, b); err != nil {
			return fmt.Errorf("render block: %w", err)
		}
	}
	s.head, s.body = head.Bytes(), body.Bytes()
	s.size = utf8.RuneCount(s.head) + utf8.RuneCount(s.body)
	return nil
}

// packParts packs sections greedily, in order, into parts of at most limit
// runes and returns each part's [start, end) section range. A section larger
// than limit is a part of its own. There is always at least one part.
func packParts(sizes []int, limit int) [][2]int {
	var out [][2]int
	start, sum := 0, 0
	for i, n := range sizes {
		if i > start && sum+n > limit {
			out = append(out, [2]int{start, i})
			start, sum = i, 0
		}
		sum += n
		if sum > limit {
			out = append(out, [2]int{start, i + 1})
			start, sum = i+1, 0
		}
	}
	if start < len(sizes) || len(out) == 0 {
		out = append(out, [2]int{start, len(sizes)})
	}
	return out
}

// packDocument packs a document's sections into parts as packParts does,
// except that an intro (the first section, when intro is set: the text before
// the first H2) of fewer than limit/4 runes is packed as one with the section
// after it, even when the two exceed limit together. The document says that
// text belongs to the first section, and alone it would be a part holding
// little or nothing before the document starts: with an explicit title, often
// only the H1 that repeats it. Keeping it adds less than a quarter of limit to
// the first part. An intro of limit/4 runes or more is pages of text, a part
// worth reading on its own, so it shares the first section's part only when
// the two fit in limit, like any two sections: keeping it regardless would
// make the first part far larger than the others.
func packDocument(sizes []int, intro bool, limit int) [][2]int {
	if !intro || len(sizes) < 2 || sizes[0] >= limit/4 {
		return packParts(sizes, limit)
	}
	units := append([]int{sizes[0] + sizes[1]}, sizes[2:]...)
	ranges := packParts(units, limit)
	// Unit 0 is sections 0 and 1; unit k after it is section k+1.
	for i := range ranges {
		if ranges[i][0] > 0 {
			ranges[i][0]++
		}
		ranges[i][1]++
	}
	return ranges
}

// assemble joins a part's sections, folding H2 sections into <details> when
// split is set; with open, the part's first fold starts open.
func assemble(sel []section, split, open bool) string {
	n := 0
	for _, s := range sel {
		n += len(s.head) + len(s.body) + 64
	}
	var b strings.Builder
	b.Grow(n)
	first := true
	for _, s := range sel {
		if s.heading == nil || !split {
			b.Write(s.head)
			b.Write(s.body)
			continue
		}
		if open && first {
			b.WriteString(`<details class="md-section" open="">` + "\n<summary>")
		} else {
			b.WriteString(`<details class="md-section">` + "\n<summary>")
		}
		first = false
		b.Write(bytes.TrimSuffix(s.head, []byte("\n")))
		b.WriteString("</summary>\n")
		b.Write(s.body)
		b.WriteString("</details>\n")
	}
	return b.String()
}
