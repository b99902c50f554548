package mdcard

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"
)

// cardRenderer replaces goldmark's renderers for every node whose default
// output could carry markup or a URL the card does not allow. Everything it
// writes is on the allow-list in safety.go.
type cardRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (cardRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindHTMLBlock, renderHTMLBlock)
	reg.Register(ast.KindRawHTML, renderRawHTML)
	reg.Register(ast.KindLink, renderLink)
	reg.Register(ast.KindAutoLink, renderAutoLink)
	reg.Register(ast.KindImage, renderImage)
	reg.Register(ast.KindFencedCodeBlock, renderCode)
	reg.Register(ast.KindCodeBlock, renderCode)
	reg.Register(ast.KindString, renderString)
	reg.Register(extast.KindTable, renderTable)
	reg.Register(extast.KindTableCell, renderTableCell)
	reg.Register(kindTerm, renderTerm)
}

var esc = html.DefaultWriter

// renderHTMLBlock shows a raw HTML block as literal text in a paragraph whose
// line breaks the view keeps (white-space: pre-wrap).
func renderHTMLBlock(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.HTMLBlock)
	var raw []byte
	for i := 0; i < n.Lines().Len(); i++ {
		line := n.Lines().At(i)
		raw = append(raw, line.Value(src)...)
	}
	if n.HasClosure() {
		raw = append(raw, n.ClosureLine.Value(src)...)
	}
	_, _ = w.WriteString(`<p class="md-raw">`)
	esc.RawWrite(w, bytes.TrimRight(raw, "\n"))
	_, _ = w.WriteString("</p>\n")
	return ast.WalkSkipChildren, nil
}

// renderRawHTML shows inline raw HTML as literal text.
func renderRawHTML(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	n := node.(*ast.RawHTML)
	for i := 0; i < n.Segments.Len(); i++ {
		seg := n.Segments.At(i)
		esc.RawWrite(w, seg.Value(src))
	}
	return ast.WalkSkipChildren, nil
}

// linkSchemes are the only URL schemes a link may use; anything else,
// relative links included, renders as its text.
var linkSchemes = []string{"http:", "https:", "mailto:"}

// imageSchemes are the only URL schemes an image may load from.
var imageSchemes = []string{"https:"}

// hasScheme reports whether url starts with one of schemes, ignoring case.
// Callers pass the URL exactly as it will be written (percent-escaped), so
// the check sees what the browser sees.
func hasScheme(url []byte, schemes []string) bool {
	for _, s := range schemes {
		if len(url) > len(s) && bytes.EqualFold(url[:len(s)], []byte(s)) {
			return true
		}
	}
	return false
}

func renderLink(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.Link)
	dest := util.URLEscape(n.Destination, true)
	if !hasScheme(dest, linkSchemes) {
		return ast.WalkContinue, nil // the link text stays, as plain text
	}
	if !entering {
		_, _ = w.WriteString("</a>")
		return ast.WalkContinue, nil
	}
	_, _ = w.WriteString(`<a href="`)
	_, _ = w.Write(util.EscapeHTML(dest))
	_ = w.WriteByte('"')
	if len(n.Title) > 0 {
		_, _ = w.WriteString(` title="`)
		esc.Write(w, n.Title)
		_ = w.WriteByte('"')
	}
	_, _ = w.WriteString(` rel="noopener noreferrer" target="_blank">`)
	return ast.WalkContinue, nil
}

func renderAutoLink(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.AutoLink)
	url := util.URLEscape(n.URL(src), false)
	if n.AutoLinkType == ast.AutoLinkEmail && !hasScheme(url, []string{"mailto:"}) {
		url = append([]byte("mailto:"), url...)
	}
	label := util.EscapeHTML(n.Label(src))
	if !hasScheme(url, linkSchemes) {
		_, _ = w.Write(label)
		return ast.WalkContinue, nil
	}
	_, _ = w.WriteString(`<a href="`)
	_, _ = w.Write(util.EscapeHTML(url))
	_, _ = w.WriteString(`" rel="noopener noreferrer" target="_blank">`)
	_, _ = w.Write(label)
	_, _ = w.WriteString("</a>")
	return ast.WalkContinue, nil
}

// renderImage loads only https images; any other image shows its alt text.
func renderImage(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.Image)
	alt := util.EscapeHTML([]byte(plainText(n, src)))
	dest := util.URLEscape(n.Destination, true)
	if !hasScheme(dest, imageSchemes) {
		_, _ = w.Write(alt)
		return ast.WalkSkipChildren, nil
	}
	_, _ = w.WriteString(`<img src="`)
	_, _ = w.Write(util.EscapeHTML(dest))
	_, _ = w.WriteString(`" alt="`)
	_, _ = w.Write(alt)
	_ = w.WriteByte('"')
	if len(n.Title) > 0 {
		_, _ = w.WriteString(` title="`)
		esc.Write(w, n.Title)
		_ = w.WriteByte('"')
	}
	_, _ = w.WriteString(` loading="lazy" referrerpolicy="no-referrer">`)
	return ast.WalkSkipChildren, nil
}

// isLanguage reports whether an info-string word is safe and plausible as a
// language name; other words get no class.
func isLanguage(b []byte) bool {
	if len(b) == 0 || len(b) > 40 {
		return false
	}
	for _, c := range b {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case c == '_', c == '-', c == '+', c == '#', c == '.':
		default:
			return false
		}
	}
	return true
}

// renderCode renders fenced and indented code with a Copy button the view
// wires up through its data-md-copy attribute.
func renderCode(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	_, _ = w.WriteString(`<div class="md-code"><button type="button" class="md-copy" data-md-copy="">Copy</button><pre><code`)
	if f, ok := node.(*ast.FencedCodeBlock); ok {
		if lang := f.Language(src); isLanguage(lang) {
			_, _ = w.WriteString(` class="language-`)
			_, _ = w.Write(lang)
			_ = w.WriteByte('"')
		}
	}
	_ = w.WriteByte('>')
	lines := node.Lines()
	for i := 0; i < lines.Len(); i++ {
		line := lines.At(i)
		esc.RawWrite(w, line.Value(src))
	}
	_, _ = w.WriteString("</code></pre></div>\n")
	return ast.WalkSkipChildren, nil
}

// renderString always escapes: goldmark's "code" strings are pre-escaped
// HTML, which the card never passes through.
func renderString(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		_, _ = w.Write(util.EscapeHTML(node.(*ast.String).Value))
	}
	return ast.WalkContinue, nil
}

// renderTable wraps tables in a container that scrolls sideways.
func renderTable(w util.BufWriter, _ []byte, _ ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		_, _ = w.WriteString("<div class=\"md-table\"><table>\n")
	} else {
		_, _ = w.WriteString("</table></div>\n")
	}
	return ast.WalkContinue, nil
}

// renderTableCell aligns cells with classes: the card allows no style
// attributes.
func renderTableCell(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*extast.TableCell)
	tag := "td"
	if n.Parent() != nil && n.Parent().Kind() == extast.KindTableHeader {
		tag = "th"
	}
	if !entering {
		_, _ = w.WriteString("</" + tag + ">\n")
		return ast.WalkContinue, nil
	}
	_, _ = w.WriteString("<" + tag)
	switch n.Alignment {
	case extast.AlignLeft:
		_, _ = w.WriteString(` class="md-left"`)
	case extast.AlignCenter:
		_, _ = w.WriteString(` class="md-center"`)
	case extast.AlignRight:
		_, _ = w.WriteString(` class="md-right"`)
	}
	_ = w.WriteByte('>')
	return ast.WalkContinue, nil
}

func renderTerm(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		_, _ = w.WriteString("</span>")
		return ast.WalkContinue, nil
	}
	n := node.(*termNode)
	_, _ = w.WriteString(`<span class="md-term" data-term="`)
	_, _ = w.Write(util.EscapeHTML([]byte(n.term)))
	_, _ = w.WriteString(`" data-tip="`)
	_, _ = w.Write(util.EscapeHTML([]byte(n.tip)))
	_, _ = w.WriteString(`" tabindex="0">`)
	return ast.WalkContinue, nil
}
