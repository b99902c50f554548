package apps

import (
	"bytes"
	"embed"
	"html"
)

//go:embed views/*.html
var views embed.FS

func view(name string) []byte {
	b, err := views.ReadFile("views/" + name)
	if err != nil {
		panic("apps: missing embedded view " + name) // a build defect, caught by the tests
	}
	return bytes.Clone(b)
}

// ResultCardView returns the built-in view that draws a result card: the
// _meta.assistant_platform.card of the tool result (title, subtitle, text,
// icon, image, fields and buttons), or the result's text content when there
// is no card. It follows the host's theme and reports its size. Each call
// returns a fresh copy.
func ResultCardView() []byte { return view("result-card.html") }

// StarterView returns a small, commented template for a hand-written view:
// handshake, theme, size, the tool input and result shown as text, and a
// Refresh button that calls the tool named in
// <meta name="mcp-tool" content="TOOL_NAME"> (replace TOOL_NAME). Each call
// returns a fresh copy.
func StarterView() []byte { return view("starter.html") }

// StarterViewFor returns [StarterView] with the Refresh button bound to the
// tool named tool (the content of <meta name="mcp-tool">).
func StarterViewFor(tool string) []byte {
	return bytes.Replace(StarterView(), []byte(`content="TOOL_NAME"`),
		[]byte(`content="`+html.EscapeString(tool)+`"`), 1)
}
