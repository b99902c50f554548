package mdcard

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/internal/mcptest"
	"github.com/cardgen/cardgen/runtime/apps"
)

// connect serves a fresh server with Register(opts) to an in-memory client.
// With apps set, the client advertises MCP Apps support.
func connect(t *testing.T, opts Options, withApps bool) *mcp.ClientSession {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v1"}, nil)
	if err := Register(s, opts); err != nil {
		t.Fatal(err)
	}
	caps := &mcp.ClientCapabilities{}
	if withApps {
		caps.AddExtension(apps.ExtensionID, map[string]any{"mimeTypes": []string{apps.MIMEType}})
	}
	return mcptest.Connect(t, s, &mcp.ClientOptions{Capabilities: caps})
}

// call calls the tool and decodes its structured content.
func call(t *testing.T, cs *mcp.ClientSession, args map[string]any) (*mcp.CallToolResult, Output) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: ToolName, Arguments: args})
	if err != nil {
		t.Fatal(err)
	}
	var out Output
	if !res.IsError {
		b, _ := json.Marshal(res.StructuredContent)
		if err := json.Unmarshal(b, &out); err != nil {
			t.Fatal(err)
		}
	}
	return res, out
}

func resultText(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// schemaProps flattens a schema's properties to "path: type | description"
// lines, sorted, for comparison with the seed.
func schemaProps(t *testing.T, schema any) []string {
	t.Helper()
	b, err := json.Marshal(schema)
	if err != nil {
		t.Fatal(err)
	}
	var s map[string]any
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	var out []string
	var walk func(prefix string, s map[string]any)
	walk = func(prefix string, s map[string]any) {
		props, _ := s["properties"].(map[string]any)
		for name, p := range props {
			p := p.(map[string]any)
			desc, _ := p["description"].(string)
			out = append(out, fmt.Sprintf("%s%s: %v | %s", prefix, name, p["type"], desc))
			if items, ok := p["items"].(map[string]any); ok {
				walk(prefix+name+"[].", items)
			}
			walk(prefix+name+".", p)
		}
	}
	walk("", s)
	sort.Strings(out)
	return out
}

// The seed's input and output schemas, to the character. The card object
// and the item shapes are this package's (see schema.go).
var seedInput = []string{
	"contextActions: array | Right-click menu actions the model anticipates being useful. Choosing one sends its prompt to the conversation; use {{selection}} to include the user's selected text.",
	"contextActions[].label: string | Menu item label",
	"contextActions[].prompt: string | Prompt sent to the conversation when chosen",
	"markdown: string | Markdown content to render",
	"openFirst: boolean | Open the first section initially (default true)",
	"part: integer | Part number for large documents (1-based). Long documents split automatically; while structuredContent.parts.hasMore is true, call again with the next part.",
	"path: string | Path to a markdown file ON THE MACHINE RUNNING THIS SERVER, not in the caller's sandbox. Over a remote bridge those are different machines: if the file exists only on your side, pass its text as markdown instead.",
	"splitSections: boolean | Fold H2 sections into reveals (default true)",
	"subtitle: string | ",
	"title: string | Card title; defaults to the document's first H1",
	`tutorTerms: array | Educational tutor terms. The first occurrence of each term in the card's visible prose is underlined; hovering ~1.2s shows the tip and notifies the host so the model can follow up. Terms are matched once per card, longest first, and never inside code samples, tooltips, or another term's tip. Matching is CASE-SENSITIVE, so "PATH" does not attach its tip to a filesystem "path"; set caseInsensitive on a term to match any casing. Term and tip are PLAIN text.`,
	"tutorTerms[].caseInsensitive: boolean | Match the term regardless of letter case (default false)",
	"tutorTerms[].term: string | Exact term as it appears in the card text",
	"tutorTerms[].tip: string | Short plain-text definition shown on hover",
}

var seedOutput = []string{
	"display.action: string | What the caller must do to put the card in front of the user",
	"display.loading_messages: array | show_widget loading_messages",
	"display.shown: boolean | False: the user cannot see this card until action is taken",
	"display.title: string | show_widget title (snake_case)",
	"display.widget_code: string | show_widget widget_code, passed unchanged",
	"display: object | Present only when the host is not mounting this server's MCP Apps template (see MCP_CHAT_CARDS_RENDER): the card ships as a ready-made visualizer widget instead.",
	"parts.current: number | Part number this result rendered (1-based)",
	"parts.hasMore: boolean | True when content was withheld; call again with part: current + 1",
	"parts.total: number | How many parts the content splits into",
	"parts: object | Split state, present on EVERY card result so one completeness check works for all card types. Cards that cannot split always report {current:1,total:1,hasMore:false}; create_markdown_card and create_code_tour_card pack oversized content into parts and can report more. Read hasMore rather than the card title to decide whether content was withheld.",
}

func TestToolMatchesSeed(t *testing.T) {
	cs := connect(t, Options{}, true)
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Tools) != 1 {
		t.Fatalf("got %d tools, want 1", len(list.Tools))
	}
	tool := list.Tools[0]
	if tool.Name != "create_markdown_card" || tool.Title != "Create document card from markdown" ||
		!strings.HasPrefix(tool.Description, "Render a markdown document as one interactive card: tables become card tables,") ||
		!strings.HasSuffix(tool.Description, "A document with no H2 headings cannot be split and renders as one part.") {
		t.Errorf("tool = %q %q %q", tool.Name, tool.Title, tool.Description)
	}
	if got := schemaProps(t, tool.InputSchema); strings.Join(got, "\n") != strings.Join(seedInput, "\n") {
		t.Errorf("input schema:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(seedInput, "\n"))
	}
	var got []string
	for _, l := range schemaProps(t, tool.OutputSchema) {
		if !strings.HasPrefix(l, "card") {
			got = append(got, l)
		}
	}
	if strings.Join(got, "\n") != strings.Join(seedOutput, "\n") {
		t.Errorf("output schema:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(seedOutput, "\n"))
	}
	var out struct {
		Required []string `json:"required"`
	}
	b, _ := json.Marshal(tool.OutputSchema)
	_ = json.Unmarshal(b, &out)
	if fmt.Sprint(out.Required) != "[card parts]" {
		t.Errorf("output required = %v, want [card parts]", out.Required)
	}

	// The version is the SHA-256 of what a read serves: the view's _meta.ui, then the view.
	meta, _ := json.Marshal(ViewMeta())
	sum := sha256.Sum256(append(meta, View()...))
	wantURI := "ui://mdcard/markdown-card.html?v=" + hex.EncodeToString(sum[:])[:12]
	ui, _ := tool.Meta["ui"].(map[string]any)
	if ui["resourceUri"] != wantURI || tool.Meta["ui/resourceUri"] != wantURI {
		t.Errorf("tool _meta = %v, want both resource URI keys = %s", tool.Meta, wantURI)
	}
}

func TestViewResource(t *testing.T) {
	cs := connect(t, Options{ServerName: "docs"}, true)
	ctx := context.Background()
	list, err := cs.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Resources) != 1 {
		t.Fatalf("got %d resources, want 1", len(list.Resources))
	}
	r := list.Resources[0]
	if !regexp.MustCompile(`^ui://docs/markdown-card\.html\?v=[0-9a-f]{12}$`).MatchString(r.URI) || r.MIMEType != "text/html;profile=mcp-app" {
		t.Errorf("resource = %s %s", r.URI, r.MIMEType)
	}
	wantMeta := `{"permissions":{"clipboardWrite":{}},"prefersBorder":true}`
	if b, _ := json.Marshal(r.Meta["ui"]); string(b) != wantMeta {
		t.Errorf("list _meta.ui = %s, want %s", b, wantMeta)
	}
	read, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: r.URI})
	if err != nil {
		t.Fatal(err)
	}
	c := read.Contents[0]
	if c.Text != string(View()) || c.MIMEType != "text/html;profile=mcp-app" {
		t.Errorf("read content is not the view (%d bytes, %s)", len(c.Text), c.MIMEType)
	}
	if b, _ := json.Marshal(c.Meta["ui"]); string(b) != wantMeta {
		t.Errorf("read _meta.ui = %s, want %s", b, wantMeta)
	}
}

func TestViewSelectorsAndProtocol(t *testing.T) {
	v := string(View())
	for _, s := range []string{
		`id="md-show-all"`, `id="md-hide-all"`, `id="md-context-menu"`, `"md-context-item"`,
		`"details.md-section"`, `"button.md-copy"`, `".md-term"`,
		`"ui/initialize"`, `"ui/notifications/initialized"`, `"ui/notifications/tool-result"`,
		`"ui/notifications/size-changed"`, `"ui/notifications/host-context-changed"`, `"ui/resource-teardown"`,
		`"ui/update-model-context"`, `"ui/message"`, `"ui/open-link"`, `"{{selection}}"`,
		`"Copy failed: "`, `ResizeObserver`, `1200`, `protocolVersion: "2026-01-26"`,
	} {
		if !strings.Contains(v, s) {
			t.Errorf("view lacks %s", s)
		}
	}
	// The fragment is the only data placed as markup.
	if n := len(regexp.MustCompile(`\.innerHTML\s*=`).FindAllString(v, -1)); n != 1 {
		t.Errorf("view uses innerHTML %d times, want exactly once (the allow-listed fragment)", n)
	}
	if regexp.MustCompile(`<(script|link|img|iframe)[^>]+(src|href)=`).MatchString(v) {
		t.Error("view loads an external resource")
	}
}

func TestDisplay(t *testing.T) {
	args := map[string]any{"markdown": "# Getting Started: v2!\n\n## A\n\nx\n"}
	tests := []struct {
		name     string
		env      string
		opts     Options
		withApps bool
		want     bool
	}{
		{"client without MCP Apps gets a display", "", Options{}, false, true},
		{"client with MCP Apps does not", "", Options{}, true, false},
		{"auto is the default", "auto", Options{}, true, false},
		{"ForceDisplay wins over the capability", "", Options{ForceDisplay: true}, true, true},
		{"ForceDisplay wins over apps", "apps", Options{ForceDisplay: true}, true, true},
		{"widget forces it", "widget", Options{}, true, true},
		{"apps never adds it", "apps", Options{}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv(RenderEnv, tt.env)
			res, out := call(t, connect(t, tt.opts, tt.withApps), args)
			if res.IsError {
				t.Fatal(resultText(res))
			}
			if (out.Display != nil) != tt.want {
				t.Fatalf("display present = %v, want %v", out.Display != nil, tt.want)
			}
			if !tt.want {
				if strings.Contains(resultText(res), "show_widget") {
					t.Errorf("text mentions show_widget without a display: %s", resultText(res))
				}
				return
			}
			d := out.Display
			if d.Shown || d.Title != "getting_started_v2" || len(d.LoadingMessages) < 1 || len(d.LoadingMessages) > 3 ||
				!strings.Contains(d.Action, "show_widget") || !strings.Contains(resultText(res), "show_widget") {
				t.Errorf("display = %+v, text = %q", d, resultText(res))
			}
			w := d.WidgetCode
			for _, bad := range []string{"<!doctype", "<html", "<body", "<head"} {
				if strings.Contains(strings.ToLower(w), bad) {
					t.Errorf("widget_code contains %s", bad)
				}
			}
			style, markup, script := strings.Index(w, "<style>"), strings.Index(w, `<div id="md-root"`), strings.Index(w, "<script")
			if !(style == 0 && style < markup && markup < script) {
				t.Errorf("widget_code order: style at %d, markup at %d, script at %d", style, markup, script)
			}
			if strings.Contains(w, "<h2>A</h2>") {
				t.Error("the card HTML must travel as JSON data, not as live markup")
			}
		})
	}
	t.Run("bad env value", func(t *testing.T) {
		t.Setenv(RenderEnv, "html")
		err := Register(mcp.NewServer(&mcp.Implementation{Name: "x", Version: "v1"}, nil), Options{})
		want := `mdcard: MCP_CHAT_CARDS_RENDER="html" is not a render mode; use auto, apps or widget`
		if err == nil || err.Error() != want {
			t.Errorf("err = %v, want %s", err, want)
		}
	})
	t.Run("every problem says mdcard", func(t *testing.T) {
		t.Setenv(RenderEnv, "bogus")
		err := Register(mcp.NewServer(&mcp.Implementation{Name: "x", Version: "v1"}, nil), Options{Root: filepath.Join(t.TempDir(), "missing")})
		if err == nil {
			t.Fatal("Register accepted a bad render mode and a missing Root")
		}
		lines := strings.Split(err.Error(), "\n")
		if len(lines) != 2 {
			t.Fatalf("err = %q, want one line for each of the two problems", err)
		}
		for _, l := range lines {
			if !strings.HasPrefix(l, "mdcard: ") {
				t.Errorf("line %q does not start with mdcard: ", l)
			}
		}
	})
}

func TestToolResult(t *testing.T) {
	cs := connect(t, Options{}, true)
	doc := "# Big\n\n" + sectionOf("A", 20000) + sectionOf("B", 20000)
	res, out := call(t, cs, map[string]any{
		"markdown": doc, "subtitle": "sub", "openFirst": false, "splitSections": true,
		"contextActions": []map[string]any{{"label": "Explain", "prompt": "Explain {{selection}}"}},
		"tutorTerms":     []map[string]any{{"term": "A", "tip": "the first section"}},
	})
	if res.IsError {
		t.Fatal(resultText(res))
	}
	want := `Markdown card "Big": part 1 of 2. More of the document remains: call create_markdown_card again with part: 2.`
	if got := resultText(res); got != want {
		t.Errorf("text = %q, want %q", got, want)
	}
	if out.Parts != (Parts{Current: 1, Total: 2, HasMore: true}) || out.Card.Title != "Big" || out.Card.Subtitle != "sub" ||
		out.Card.OpenFirst || !out.Card.SplitSections || len(out.Card.ContextActions) != 1 ||
		fmt.Sprint(out.Card.TutorTerms) != "[{A the first section false}]" {
		t.Errorf("out = %+v %+v", out.Parts, out.Card)
	}
	if strings.Contains(out.Card.HTML, " open=") {
		t.Error("openFirst false still opened a section")
	}

	res, _ = call(t, cs, map[string]any{"markdown": doc, "part": 3})
	if !res.IsError || resultText(res) != "part 3 does not exist; this document has 2 parts (1–2)" {
		t.Errorf("part 3: %v %q", res.IsError, resultText(res))
	}
}

func TestToolInputErrors(t *testing.T) {
	cs := connect(t, Options{}, true)
	tests := []struct {
		name string
		args map[string]any
		want string
	}{
		{"neither markdown nor path", map[string]any{},
			"markdown is empty; pass the document text in markdown, or a file in path"},
		{"both", map[string]any{"markdown": "x", "path": "a.md"},
			"both markdown and path are set; pass one of them"},
		{"all problems at once", map[string]any{"markdown": " ", "part": 0, "tutorTerms": []map[string]any{{"term": ""}},
			"contextActions": []map[string]any{{"label": "", "prompt": "p"}}},
			"part 0 does not exist; parts are numbered from 1\n" +
				"markdown is empty; pass the document text in markdown, or a file in path\n" +
				"tutorTerms[0].term is empty; give the word or phrase to underline\n" +
				"contextActions[0].label is empty; give the menu item a short label"},
		{"path without a root", map[string]any{"path": "a.md"},
			"path is not available on this server (it has no markdown folder configured); pass the document text in markdown instead"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, _ := call(t, cs, tt.args)
			if !res.IsError || resultText(res) != tt.want {
				t.Errorf("got error=%v %q\nwant %q", res.IsError, resultText(res), tt.want)
			}
		})
	}
}

// TestMessagesQuoteAsJSON: the caller's text in an error or in the text the model reads is quoted
// as JSON quotes it, as it reaches the client inside a JSON reply: "\u0001", which a JSON reader
// decodes, where Go's %q wrote "\x01"; and HTML's characters as they are, as every message
// quotes a value (validatortext.JSON), where "Q&A <intro>" read "Q\u0026A \u003cintro\u003e".
func TestMessagesQuoteAsJSON(t *testing.T) {
	cs := connect(t, Options{Root: t.TempDir()}, true)
	tests := []struct {
		name string
		args map[string]any
		want string
	}{
		{"repeated term", map[string]any{"markdown": "x", "tutorTerms": []map[string]any{{"term": "a\x01<"}, {"term": "a\x01<"}}},
			`tutorTerms[1].term "a\u0001<" repeats tutorTerms[0]; give each term once`},
		{"missing file", map[string]any{"path": "a\x01<.md"},
			`path "a\u0001<.md" does not exist in the markdown folder; check the name, or pass the text in markdown`},
		{"html characters in a path", map[string]any{"path": "notes<1>&.txt"},
			`path "notes<1>&.txt" is not a markdown file; only .md and .markdown files are read`},
		{"not markdown", map[string]any{"path": "a\x01"},
			`path "a\u0001" is not a markdown file; only .md and .markdown files are read`},
		{"title in the summary", map[string]any{"markdown": "x", "title": "T\x01<"},
			`Markdown card "T\u0001<": part 1 of 1.`},
		{"html characters in the title", map[string]any{"markdown": "x", "title": "Q&A <intro>"},
			`Markdown card "Q&A <intro>": part 1 of 1.`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, _ := call(t, cs, tt.args)
			if got := resultText(res); got != tt.want {
				t.Errorf("got error=%v %s\nwant %s", res.IsError, got, tt.want)
			}
		})
	}
}

// TestInputLimitsAdvertised: the input schema states every limit on the caller's text and lists
// (maxLength, maxItems), so a model learns them from tools/list, and a call one over a limit is
// refused with the input and the limit named, while one at the limit is not.
func TestInputLimitsAdvertised(t *testing.T) {
	cs := connect(t, Options{}, true)
	tools, err := cs.ListTools(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(tools.Tools[0].InputSchema)
	var schema map[string]any
	if err := json.Unmarshal(raw, &schema); err != nil {
		t.Fatal(err)
	}
	// keyword returns the keyword of the property at path (an item's property after "[]").
	keyword := func(path, kw string) any {
		s := schema
		for name := range strings.SplitSeq(path, ".") {
			item := strings.HasSuffix(name, "[]")
			s, _ = s["properties"].(map[string]any)[strings.TrimSuffix(name, "[]")].(map[string]any)
			if item {
				s, _ = s["items"].(map[string]any)
			}
		}
		return s[kw]
	}
	text := func(n int) string { return strings.Repeat("é", n) } // n characters, 2n bytes
	terms := func(n int) []map[string]any {
		out := make([]map[string]any, n)
		for i := range out {
			out[i] = map[string]any{"term": fmt.Sprint("t", i)}
		}
		return out
	}
	actions := func(n int) []map[string]any {
		out := make([]map[string]any, n)
		for i := range out {
			out[i] = map[string]any{"label": "l", "prompt": "p"}
		}
		return out
	}
	tests := []struct {
		path, keyword string
		limit         int
		args          func(n int) map[string]any // the arguments with n characters or entries
	}{
		{"title", "maxLength", MaxTitle, func(n int) map[string]any { return map[string]any{"markdown": "x", "title": text(n)} }},
		{"subtitle", "maxLength", MaxSubtitle, func(n int) map[string]any { return map[string]any{"markdown": "x", "subtitle": text(n)} }},
		{"path", "maxLength", MaxPath, func(n int) map[string]any { return map[string]any{"path": text(n-3) + ".md"} }},
		{"tutorTerms", "maxItems", MaxTutorTerms, func(n int) map[string]any { return map[string]any{"markdown": "x", "tutorTerms": terms(n)} }},
		{"tutorTerms[].term", "maxLength", MaxTerm, func(n int) map[string]any {
			return map[string]any{"markdown": "x", "tutorTerms": []map[string]any{{"term": text(n)}}}
		}},
		{"tutorTerms[].tip", "maxLength", MaxTip, func(n int) map[string]any {
			return map[string]any{"markdown": "x", "tutorTerms": []map[string]any{{"term": "x", "tip": text(n)}}}
		}},
		{"contextActions", "maxItems", MaxContextActions, func(n int) map[string]any { return map[string]any{"markdown": "x", "contextActions": actions(n)} }},
		{"contextActions[].label", "maxLength", MaxActionLabel, func(n int) map[string]any {
			return map[string]any{"markdown": "x", "contextActions": []map[string]any{{"label": text(n), "prompt": "p"}}}
		}},
		{"contextActions[].prompt", "maxLength", MaxActionPrompt, func(n int) map[string]any {
			return map[string]any{"markdown": "x", "contextActions": []map[string]any{{"label": "l", "prompt": text(n)}}}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			if got := keyword(tt.path, tt.keyword); got != float64(tt.limit) {
				t.Errorf("%s %s = %v, want %d", tt.path, tt.keyword, got, tt.limit)
			}
			res, _ := call(t, cs, tt.args(tt.limit+1))
			name := "/properties/" + strings.ReplaceAll(strings.ReplaceAll(tt.path, "[]", "/items"), ".", "/properties/")
			if msg := resultText(res); !res.IsError || !strings.Contains(msg, name+": "+tt.keyword) || !strings.Contains(msg, strconv.Itoa(tt.limit)) {
				t.Errorf("one over: error=%v %.300s; want a refusal naming %s, %s and %d", res.IsError, msg, name, tt.keyword, tt.limit)
			}
			res, _ = call(t, cs, tt.args(tt.limit))
			if msg := resultText(res); strings.Contains(msg, tt.keyword) || strings.Contains(msg, "the limit") {
				t.Errorf("at the limit: error=%v %.300s; want no limit refused", res.IsError, msg)
			}
		})
	}
}

func TestPathUnderRoot(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "root")
	write := func(p, s string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(root, "guide.md"), "# Guide\n\nhello\n")
	write(filepath.Join(root, "sub", "notes.markdown"), "notes\n")
	write(filepath.Join(root, "secret.env"), "KEY=1\n")
	write(filepath.Join(base, "outside.md"), "# Outside\n")
	if err := os.Symlink(filepath.Join(base, "outside.md"), filepath.Join(root, "escape.md")); err != nil {
		t.Skip("symlinks unavailable:", err)
	}
	if err := os.Symlink("guide.md", filepath.Join(root, "alias.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, "dir.md"), 0o755); err != nil {
		t.Fatal(err)
	}
	largest := strings.Repeat("a", MaxFileBytes)
	write(filepath.Join(root, "largest.md"), largest)
	write(filepath.Join(root, "large.md"), largest+"a")

	tests := []struct {
		path, want, err string
	}{
		{"guide.md", "# Guide\n\nhello\n", ""},
		{"sub/notes.markdown", "notes\n", ""},
		{"alias.md", "# Guide\n\nhello\n", ""}, // a link inside the root is fine
		{filepath.Join(root, "guide.md"), "# Guide\n\nhello\n", ""},
		{"sub/../guide.md", "# Guide\n\nhello\n", ""},
		{"../outside.md", "", `path "../outside.md" leads outside the markdown folder; pass a path inside it, or the text in markdown`},
		{"sub/../../outside.md", "", `path "sub/../../outside.md" leads outside the markdown folder; pass a path inside it, or the text in markdown`},
		{filepath.Join(base, "outside.md"), "", fmt.Sprintf("path %q is outside the markdown folder; pass a path inside it, or the text in markdown", filepath.Join(base, "outside.md"))},
		{"escape.md", "", `path "escape.md" leads outside the markdown folder through a symbolic link; pass a file inside it, or the text in markdown`},
		{"missing.md", "", `path "missing.md" does not exist in the markdown folder; check the name, or pass the text in markdown`},
		{"secret.env", "", `path "secret.env" is not a markdown file; only .md and .markdown files are read`},
		{"dir.md", "", `path "dir.md" is not a regular file; pass a markdown file`},
		{"largest.md", largest, ""},
		{"large.md", "", `path "large.md" is larger than 1048576 bytes; split the document or pass a shorter text in markdown`},
	}
	for _, tt := range tests {
		got, err := readUnderRoot(root, tt.path)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("readUnderRoot(%q) error = %v\nwant %s", tt.path, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("readUnderRoot(%q) = %.40q, %v; want %.40q", tt.path, got, err, tt.want)
		}
	}

	// Through the tool: the file name titles a card without an H1.
	cs := connect(t, Options{Root: root}, true)
	res, out := call(t, cs, map[string]any{"path": "sub/notes.markdown"})
	if res.IsError || out.Card.Title != "notes" || out.Card.HTML != "<p>notes</p>\n" {
		t.Errorf("path call: %v %q %+v", res.IsError, resultText(res), out.Card)
	}
	res, _ = call(t, cs, map[string]any{"path": "escape.md"})
	if !res.IsError || !strings.Contains(resultText(res), "symbolic link") {
		t.Errorf("symlink out: %v %q", res.IsError, resultText(res))
	}
}

// TestSnakeTitleLimit: the show_widget title is at most 60 bytes however the title's words fall
// on the limit; the underscore before a word counts too.
func TestSnakeTitleLimit(t *testing.T) {
	for _, title := range []string{
		strings.Repeat("a", 59) + " b",  // the underscore would be byte 60, the word byte 61
		strings.Repeat("a", 58) + " bc", // the word would run past 60
		strings.Repeat("a", 60) + " b",
		strings.Repeat("ab ", 40),
		strings.Repeat("a", 59) + "!!! b",
	} {
		got := snakeTitle(title)
		if len(got) > 60 || strings.HasSuffix(got, "_") || strings.HasPrefix(got, "_") || strings.Contains(got, "__") {
			t.Errorf("snakeTitle(%q) = %q (%d bytes); want at most 60 bytes of words joined by single underscores", title, got, len(got))
		}
	}
	if got := snakeTitle(strings.Repeat("a", 59) + " b"); got != strings.Repeat("a", 59) {
		t.Errorf("snakeTitle cut at a word = %q; want the 59 a's alone", got)
	}
}

// TestViewMetaFor: the view's _meta.ui starts from the server's default for views, so that a
// document's images from the origins it lists are drawn (the view passed a _meta.ui of its own,
// which the registry's default never reached); the clipboard permission is added to the
// default's permissions, the border kept where the default sets it, and the default untouched.
func TestViewMetaFor(t *testing.T) {
	no := false
	base := apps.ResourceMeta{
		CSP:           &apps.CSP{ResourceDomains: []string{"https://img.example.com"}},
		Permissions:   &apps.Permissions{Camera: &struct{}{}},
		PrefersBorder: &no,
		Domain:        "docs.example.com",
	}
	got, _ := json.Marshal(ViewMetaFor(base))
	want := `{"csp":{"resourceDomains":["https://img.example.com"]},"permissions":{"camera":{},"clipboardWrite":{}},"domain":"docs.example.com","prefersBorder":false}`
	if string(got) != want {
		t.Errorf("ViewMetaFor = %s, want %s", got, want)
	}
	if base.Permissions.ClipboardWrite != nil {
		t.Errorf("ViewMetaFor changed its argument's permissions")
	}

	cs := connect(t, Options{ServerName: "docs", UIDefault: apps.ResourceMeta{CSP: &apps.CSP{ResourceDomains: []string{"https://img.example.com"}}}}, true)
	list, err := cs.ListResources(context.Background(), nil)
	if err != nil || len(list.Resources) != 1 {
		t.Fatalf("resources/list: %v, %v", list, err)
	}
	want = `{"csp":{"resourceDomains":["https://img.example.com"]},"permissions":{"clipboardWrite":{}},"prefersBorder":true}`
	if b, _ := json.Marshal(list.Resources[0].Meta["ui"]); string(b) != want {
		t.Errorf("Register with Options.UIDefault: list _meta.ui = %s, want %s", b, want)
	}
}
