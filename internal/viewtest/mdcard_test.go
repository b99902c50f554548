package viewtest

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/internal/apphost"
	"github.com/cardgen/cardgen/runtime/mdcard"
)

// guide is the markdown of the card under test: an H1 title, an intro with a
// tutor term, a link and raw HTML, and two H2 sections that fold, the first
// with a code block.
const guide = "# Deploy guide\n\n" +
	"Ship a **canary** release to *production* first; see [the docs](https://example.com/docs).\n\n" +
	"Inline <script>window.__pwnedInline = 1</script> HTML stays text.\n\n" +
	"<script>\nwindow.__pwned = 1\n</script>\n\n" +
	"## Build\n\nRun the build:\n\n```sh\ngo build ./...\n```\n\n" +
	"## Release\n\nA canary release sends a little traffic to the new version first.\n"

// guideArgs are the create_markdown_card arguments of the card under test.
var guideArgs = map[string]any{
	"markdown":       guide,
	"subtitle":       "Read before you ship",
	"tutorTerms":     []any{map[string]any{"term": "canary", "tip": "A small first rollout"}},
	"contextActions": []any{map[string]any{"label": "Explain", "prompt": "Explain {{selection}} simply"}},
}

// markdownCard calls the real create_markdown_card tool in-process and
// returns its result.
func markdownCard(t *testing.T, args map[string]any) json.RawMessage {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "mdcard", Version: "1.0.0"}, nil)
	if err := mdcard.Register(s, mdcard.Options{}); err != nil {
		t.Fatal(err)
	}
	return call(t, connect(t, s), mdcard.ToolName, args)
}

// openGuide opens the markdown card view with the guide's real result.
func openGuide(t *testing.T, result json.RawMessage) *apphost.Page {
	t.Helper()
	p := apphost.Require(t).Open(t, apphost.Scenario{HTML: mdcard.View(), ToolInput: guideArgs, ToolResult: result})
	eventuallyText(t, p, "#md-title", "Deploy guide")
	fitted(t, p)
	return p
}

// sectionsJS reads the open state of every folded section.
const sectionsJS = `[...document.querySelectorAll("#md-body details.md-section")].map(d => d.open)`

func TestMarkdownCard(t *testing.T) {
	t.Parallel()
	result := markdownCard(t, guideArgs)

	t.Run("render", func(t *testing.T) {
		t.Parallel()
		p := openGuide(t, result)
		handshake(t, p)
		eventuallyText(t, p, "#md-subtitle", "Read before you ship")
		sized(t, p)
		if n := eval[int](t, p, `document.querySelectorAll("#md-body h2").length`); n != 2 {
			t.Errorf("%d H2 headings, want 2", n)
		}
		if hidden := eval[bool](t, p, `document.getElementById("md-more").hidden`); !hidden {
			t.Error("the more-parts note is shown for a one-part document")
		}
		screenshot(t, p, "markdown-card.png")

		eventuallyStyle(t, p, ".md-card", "background-color", "rgb(255, 255, 255)")
		eventuallyStyle(t, p, ".md-card", "color", "rgb(31, 35, 40)")
		if err := p.SetTheme("dark"); err != nil {
			t.Fatal(err)
		}
		eventuallyStyle(t, p, ".md-card", "background-color", "rgb(13, 17, 23)")
		eventuallyStyle(t, p, ".md-card", "color", "rgb(230, 237, 243)")
		screenshot(t, p, "markdown-card-dark.png")

		clickSends(t, p, `#md-body a[href]`, "ui/open-link", `{"url":"https://example.com/docs"}`)
		tornDown(t, p)
		noPageErrors(t, p)
	})

	t.Run("raw script is text", func(t *testing.T) {
		t.Parallel()
		p := openGuide(t, result)
		eventuallyText(t, p, "#md-body p.md-raw", "<script>\nwindow.__pwned = 1\n</script>")
		eventuallyText(t, p, "#md-body p:nth-of-type(2)", "Inline <script>window.__pwnedInline = 1</script> HTML stays text.")
		if n := eval[int](t, p, `document.querySelectorAll("script").length`); n != 1 {
			t.Errorf("%d script elements in the view, want only its own 1", n)
		}
		if got := eval[string](t, p, `typeof window.__pwned + " " + typeof window.__pwnedInline`); got != "undefined undefined" {
			t.Errorf("markdown script ran: typeof __pwned, __pwnedInline = %s", got)
		}
		noPageErrors(t, p)
	})

	t.Run("fold", func(t *testing.T) {
		t.Parallel()
		p := openGuide(t, result)
		if hidden := eval[bool](t, p, `document.getElementById("md-controls").hidden`); hidden {
			t.Fatal("Show all / Hide all are hidden for a card with folded sections")
		}
		release := `document.querySelector("#md-body details.md-section:nth-of-type(2) > p").checkVisibility()`
		steps := []struct {
			click string
			want  []bool
			shown bool // whether the Release section's text is visible
		}{
			{"", []bool{true, false}, false}, // openFirst
			{"#md-body details.md-section:nth-of-type(2) > summary", []bool{true, true}, true},
			{"#md-body details.md-section:nth-of-type(1) > summary", []bool{false, true}, true},
			{"#md-body details.md-section:nth-of-type(2) > summary", []bool{false, false}, false},
			{"#md-show-all", []bool{true, true}, true},
			{"#md-hide-all", []bool{false, false}, false},
			{"#md-show-all", []bool{true, true}, true},
		}
		for _, s := range steps {
			if s.click != "" {
				if err := p.Click(s.click); err != nil {
					t.Fatal(err)
				}
			}
			want, _ := json.Marshal(s.want)
			apphost.Eventually(t, "open sections after a click on "+s.click, func() (string, error) {
				var got []bool
				err := p.Eval(sectionsJS, &got)
				b, _ := json.Marshal(got)
				return string(b), err
			}, string(want))
			fitted(t, p)
			if got := eval[bool](t, p, release); got != s.shown {
				t.Errorf("after a click on %q the Release text is visible = %v, want %v", s.click, got, s.shown)
			}
		}
		noPageErrors(t, p)
	})

	t.Run("copy", func(t *testing.T) {
		t.Parallel()
		p := openGuide(t, result)
		// Stand in for the system clipboard, which a sandboxed test frame
		// may not write, to see exactly what the view copies.
		eval[bool](t, p, `Object.defineProperty(navigator, "clipboard", {configurable: true, value: {
			writeText: text => { window.__copied = text; return Promise.resolve(); }
		}}) && true`)
		if err := p.Click("#md-body button.md-copy"); err != nil {
			t.Fatal(err)
		}
		eventuallyText(t, p, "#md-body button.md-copy", "Copied")
		if got := eval[string](t, p, `window.__copied`); got != "go build ./...\n" {
			t.Errorf("copied %q, want %q", got, "go build ./...\n")
		}
		noPageErrors(t, p)
	})

	t.Run("copy refused", func(t *testing.T) {
		t.Parallel()
		p := openGuide(t, result)
		// The real clipboard: the harness's iframe has no
		// allow="clipboard-write", like a host that does not grant the
		// permission, so the write is refused and the button says why.
		if err := p.Click("#md-body button.md-copy"); err != nil {
			t.Fatal(err)
		}
		// The reason may be in the label or in its tooltip (title).
		var got struct{ Text, Title string }
		for end := time.Now().Add(apphost.Wait); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
			if err := p.Eval(`(b => ({text: b.textContent, title: b.title}))(document.querySelector("#md-body button.md-copy"))`, &got); err == nil && got.Text != "Copy" {
				break
			}
		}
		rest, failed := strings.CutPrefix(got.Text, "Copy failed")
		reason := strings.TrimSpace(strings.TrimPrefix(rest, ":")) + strings.TrimSpace(got.Title)
		if !failed || reason == "" {
			t.Fatalf("Copy button says %q (title %q), want \"Copy failed\" and the reason", got.Text, got.Title)
		}
		t.Logf("Copy button: %q, title %q", got.Text, got.Title)
		if !p.Exists("#md-body button.md-copy.md-failed") {
			t.Error("the failed Copy button lacks the md-failed class")
		}
		noPageErrors(t, p)
	})

	t.Run("refused copy keeps the code readable", func(t *testing.T) {
		t.Parallel()
		p := openGuide(t, result)
		if err := p.Click("#md-body button.md-copy"); err != nil {
			t.Fatal(err)
		}
		apphost.Eventually(t, "Copy button", func() (string, error) {
			s, err := p.Text("#md-body button.md-copy")
			return s[:min(len(s), len("Copy failed"))], err
		}, "Copy failed")
		// The first line of the code is still what the user sees there.
		covered := eval[string](t, p, `(() => {
			const code = document.querySelector("#md-body .md-code code");
			const r = document.createRange();
			r.selectNodeContents(code);
			const line = r.getClientRects()[0];
			const el = document.elementFromPoint(line.left + 2, line.top + line.height / 2);
			return code.contains(el) ? "" : el.outerHTML;
		})()`)
		if covered != "" {
			t.Errorf("the code's first line is covered by %s", covered)
		}
	})

	t.Run("frame follows the content", func(t *testing.T) {
		t.Parallel()
		p := openGuide(t, result)
		for _, click := range []string{"", "#md-show-all", "#md-hide-all"} {
			if click != "" {
				if err := p.Click(click); err != nil {
					t.Fatal(err)
				}
			}
			// Within a pixel, for rounding: nothing cut off, no blank space.
			apphost.Eventually(t, "frame height vs card height after a click on "+click, func() (string, error) {
				var h [2]float64
				err := p.Eval(`[window.innerHeight, document.getElementById("md-root").getBoundingClientRect().height]`, &h)
				if math.Abs(h[0]-h[1]) < 1.5 {
					return "fits", err
				}
				return fmt.Sprintf("frame %v px, card %v px", h[0], h[1]), err
			}, "fits")
		}
	})

	t.Run("tutor tip", func(t *testing.T) {
		t.Parallel()
		p := openGuide(t, result)
		start := time.Now()
		if err := p.Hover("#md-body .md-term", 400*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		if hidden := eval[bool](t, p, `document.getElementById("md-tip").hidden`); !hidden {
			t.Fatal("the tip shows after 400 ms; want it after ~1.2 s")
		}
		ev, err := p.WaitEvent("ui/update-model-context", 3*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		if d := time.Since(start); d < 1150*time.Millisecond {
			t.Errorf("ui/update-model-context came %v after the hover began, want about 1.2 s", d)
		}
		assertJSON(t, "ui/update-model-context params", ev.Params,
			`{"content":[{"type":"text","text":"The user is looking at the term “canary”: A small first rollout"}]}`)
		eventuallyText(t, p, "#md-tip", "A small first rollout")
		if hidden := eval[bool](t, p, `document.getElementById("md-tip").hidden`); hidden {
			t.Error("the tip is hidden after the hover delay")
		}
		screenshot(t, p, "markdown-card-tip.png")
		noPageErrors(t, p)
	})

	t.Run("context action", func(t *testing.T) {
		t.Parallel()
		p := openGuide(t, result)
		if got := eval[string](t, p, `(() => {
			const em = document.querySelector("#md-body em");
			window.getSelection().selectAllChildren(em);
			return String(window.getSelection());
		})()`); got != "production" {
			t.Fatalf("selected %q, want production", got)
		}
		if err := p.ContextMenu("#md-body em"); err != nil {
			t.Fatal(err)
		}
		apphost.Eventually(t, "menu items", func() (string, error) {
			var items []string
			err := p.Eval(`document.getElementById("md-context-menu").hidden ? [] : [...document.querySelectorAll("#md-context-menu .md-context-item")].map(b => b.textContent)`, &items)
			return strings.Join(items, "|"), err
		}, "Explain")
		screenshot(t, p, "markdown-card-menu.png")
		clickSends(t, p, "#md-context-menu .md-context-item", "ui/message", messageParams(t, "Explain production simply"))
		if hidden := eval[bool](t, p, `document.getElementById("md-context-menu").hidden`); !hidden {
			t.Error("the context menu stays open after choosing an item")
		}
		noPageErrors(t, p)
	})
}

// TestMarkdownCardHostileText puts markup into every plain-text input of the
// tool (title, subtitle, tutor tip, context action label and prompt) and
// checks that the view shows each as text.
func TestMarkdownCardHostileText(t *testing.T) {
	t.Parallel()
	result := markdownCard(t, map[string]any{
		"markdown":       "Ship a canary release.\n",
		"title":          xss,
		"subtitle":       xss,
		"tutorTerms":     []any{map[string]any{"term": "canary", "tip": xss}},
		"contextActions": []any{map[string]any{"label": xss, "prompt": xss + " {{selection}}"}},
	})
	p := apphost.Require(t).Open(t, apphost.Scenario{HTML: mdcard.View(), ToolResult: result})
	eventuallyText(t, p, "#md-title", xss)
	eventuallyText(t, p, "#md-subtitle", xss)
	// Hover only once the host has fitted the frame: a resize under the mouse moves the term away.
	fitted(t, p)
	if err := p.Hover("#md-body .md-term", 0); err != nil {
		t.Fatal(err)
	}
	ev, err := p.WaitEvent("ui/update-model-context", 3*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal("The user is looking at the term “canary”: " + xss)
	assertJSON(t, "ui/update-model-context params", ev.Params, `{"content":[{"type":"text","text":`+string(b)+`}]}`)
	eventuallyText(t, p, "#md-tip", xss)
	if err := p.ContextMenu("#md-body p"); err != nil {
		t.Fatal(err)
	}
	eventuallyText(t, p, "#md-context-menu .md-context-item", xss)
	if n := eval[int](t, p, `document.querySelectorAll("img, [onerror]").length`); n != 0 {
		t.Errorf("%d img or onerror elements, want 0", n)
	}
	// Nothing is selected, so {{selection}} becomes "".
	clickSends(t, p, "#md-context-menu .md-context-item", "ui/message", messageParams(t, xss+" "))
	got := eval[[]string](t, p, `[...document.querySelectorAll("#md-root *")].map(e => e.tagName.toLowerCase()).filter((t, i, a) => a.indexOf(t) === i).sort()`)
	want := []string{"button", "div", "h1", "p", "span"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("element kinds in the card = %q, want %q", got, want)
	}
	noPageErrors(t, p)
}
