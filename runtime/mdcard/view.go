package mdcard

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
)

//go:embed markdown-card.html
var viewHTML []byte

// View returns the card view: one self-contained HTML file (inline style and
// script only) that speaks MCP Apps over postMessage and draws the `card` of
// a create_markdown_card result. The slice is a copy.
func View() []byte { return append([]byte(nil), viewHTML...) }

// widgetParts cuts the view into the pieces a show_widget fragment reuses:
// its stylesheet, its body markup and its script, so both ways of showing a
// card share one implementation.
var widgetParts = sync.OnceValues(func() ([3]string, error) {
	var out [3]string
	v := string(viewHTML)
	cut := func(open, close string, last bool) (string, bool) {
		i := strings.Index(v, open)
		if last {
			i = strings.LastIndex(v, open)
		}
		if i < 0 {
			return "", false
		}
		j := strings.Index(v[i+len(open):], close)
		if j < 0 {
			return "", false
		}
		return v[i+len(open) : i+len(open)+j], true
	}
	var ok [3]bool
	out[0], ok[0] = cut("<style>", "</style>", false)
	out[1], ok[1] = cut("<!--md-body-->", "<!--/md-body-->", false)
	out[2], ok[2] = cut("<script>", "</script>", true)
	if !ok[0] || !ok[1] || !ok[2] {
		return out, errors.New("the embedded view lacks its <style>, <!--md-body--> or <script> section; the show_widget fragment cannot be built")
	}
	return out, nil
})

// display builds the show_widget form of a rendered card: styles, then the
// view's markup, then the card as JSON data and the view's script, which
// finds the data and draws the card without a host.
func display(res Result) (Display, error) {
	parts, err := widgetParts()
	if err != nil {
		return Display{}, err
	}
	// encoding/json escapes <, > and &, so the data cannot end its script
	// element early.
	data, err := json.Marshal(res)
	if err != nil {
		return Display{}, fmt.Errorf("encode card: %w", err)
	}
	var b strings.Builder
	b.Grow(len(parts[0]) + len(parts[1]) + len(parts[2]) + len(data) + 128)
	b.WriteString("<style>")
	b.WriteString(parts[0])
	b.WriteString("</style>\n")
	b.WriteString(strings.TrimSpace(parts[1]))
	b.WriteString("\n<script type=\"application/json\" id=\"md-card-data\">")
	b.Write(data)
	b.WriteString("</script>\n<script>")
	b.WriteString(parts[2])
	b.WriteString("</script>\n")

	msgs := []string{"Rendering the document…"}
	if res.Parts.Total > 1 {
		msgs = append(msgs, fmt.Sprintf("Laying out part %d of %d…", res.Parts.Current, res.Parts.Total))
	}
	return Display{
		Shown:           false,
		Action:          "The user cannot see this card yet: call show_widget with structuredContent.display's title, loading_messages and widget_code (widget_code unchanged).",
		Title:           snakeTitle(res.Card.Title),
		LoadingMessages: msgs,
		WidgetCode:      b.String(),
	}, nil
}

// maxSnakeTitle is the longest show_widget title snakeTitle writes, in bytes.
const maxSnakeTitle = 60

// snakeTitle turns a card title into a show_widget title: lower-case ASCII
// letters and digits joined by single underscores, at most maxSnakeTitle bytes.
func snakeTitle(title string) string {
	var b strings.Builder
	under := false
	for _, r := range strings.ToLower(title) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			sep := under && b.Len() > 0
			// The underscore before a word counts towards the limit too: writing it and
			// then checking let a word that starts at byte 60 end the title at 61.
			if n := b.Len() + 1; n > maxSnakeTitle || sep && n+1 > maxSnakeTitle {
				break
			}
			if sep {
				b.WriteByte('_')
			}
			under = false
			b.WriteRune(r)
			continue
		}
		under = true
	}
	if b.Len() == 0 {
		return "markdown_card"
	}
	return b.String()
}
