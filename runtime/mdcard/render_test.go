package mdcard

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/yuin/goldmark/text"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestGolden renders a representative document (tables, code, task lists,
// H2 sections, raw HTML, bad links, images) and compares it with the
// reviewed golden HTML.
func TestGolden(t *testing.T) {
	md, err := os.ReadFile(filepath.Join("testdata", "representative.md"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Render(string(md), RenderOptions{
		TutorTerms: []TutorTerm{
			{Term: "state machine", Tip: "A model with <states> & \"transitions\""},
			{Term: "PATH", Tip: "The shell's search path"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckFragment(res.Card.HTML); err != nil {
		t.Errorf("golden output fails the safety check:\n%v", err)
	}
	golden := filepath.Join("testdata", "representative.golden.html")
	if *update {
		if err := os.WriteFile(golden, []byte(res.Card.HTML), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if res.Card.HTML != string(want) {
		t.Errorf("HTML differs from %s (run go test -run TestGolden -update and review the diff)\n--- got ---\n%s", golden, res.Card.HTML)
	}
	if res.Card.Title != "Deploying the shop" {
		t.Errorf("title = %q, want the first H1", res.Card.Title)
	}
	if res.Parts != (Parts{Current: 1, Total: 1, HasMore: false}) {
		t.Errorf("parts = %+v, want 1 of 1", res.Parts)
	}
	wantTerms := []TutorTerm{
		{Term: "state machine", Tip: "A model with <states> & \"transitions\""},
	}
	if fmt.Sprint(res.Card.TutorTerms) != fmt.Sprint(wantTerms) {
		t.Errorf("placed terms = %+v, want %+v (PATH appears only in code)", res.Card.TutorTerms, wantTerms)
	}
}

func TestRenderSnippets(t *testing.T) {
	tests := []struct {
		name, md, want string
	}{
		{"raw html block is literal", "<script>alert(1)</script>",
			`<p class="md-raw">&lt;script&gt;alert(1)&lt;/script&gt;</p>` + "\n"},
		{"inline raw html is literal", "a <b onclick=\"x\">b</b>",
			`<p>a &lt;b onclick=&quot;x&quot;&gt;b&lt;/b&gt;</p>` + "\n"},
		{"javascript link is text", "[x](javascript:alert(1))", "<p>x</p>\n"},
		{"javascript link with entities is text", "[x](&#106;avascript:alert(1))", "<p>x</p>\n"},
		{"data link is text", "[x](data:text/html,hi)", "<p>x</p>\n"},
		{"vbscript link is text", "[x](vbscript:msgbox)", "<p>x</p>\n"},
		{"relative link is text", "[x](../a.md)", "<p>x</p>\n"},
		{"fragment link is text", "[x](#top)", "<p>x</p>\n"},
		{"https link", "[x](HTTPS://a.example/?q=1&r=2)",
			`<p><a href="HTTPS://a.example/?q=1&amp;r=2" rel="noopener noreferrer" target="_blank">x</a></p>` + "\n"},
		{"mailto autolink", "<a@b.example>",
			`<p><a href="mailto:a@b.example" rel="noopener noreferrer" target="_blank">a@b.example</a></p>` + "\n"},
		{"non-http autolink is text", "<irc://x.example/chan>", "<p>irc://x.example/chan</p>\n"},
		{"http image becomes alt text", "![a *b*](http://x.example/i.png)", "<p>a b</p>\n"},
		{"https image", `![a "q"](https://x.example/i.png)`,
			`<p><img src="https://x.example/i.png" alt="a &quot;q&quot;" loading="lazy" referrerpolicy="no-referrer"></p>` + "\n"},
		{"code keeps language and gets copy", "```js\nlet a = '<b>';\n```",
			`<div class="md-code"><button type="button" class="md-copy" data-md-copy="">Copy</button><pre><code class="language-js">let a = '&lt;b&gt;';` + "\n</code></pre></div>\n"},
		{"odd info string gets no class", "```\"><x\ny\n```",
			`<div class="md-code"><button type="button" class="md-copy" data-md-copy="">Copy</button><pre><code>y` + "\n</code></pre></div>\n"},
		{"table scrolls and aligns with classes", "|a|b|\n|-:|:-:|\n|1|2|",
			"<div class=\"md-table\"><table>\n<thead>\n<tr>\n<th class=\"md-right\">a</th>\n<th class=\"md-center\">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td class=\"md-right\">1</td>\n<td class=\"md-center\">2</td>\n</tr>\n</tbody>\n</table></div>\n"},
		{"task list", "- [x] a\n- [ ] b",
			"<ul>\n<li><input checked=\"\" disabled=\"\" type=\"checkbox\"> a</li>\n<li><input disabled=\"\" type=\"checkbox\"> b</li>\n</ul>\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Render(tt.md, RenderOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Card.HTML != tt.want {
				t.Errorf("Render(%q)\n got: %q\nwant: %q", tt.md, res.Card.HTML, tt.want)
			}
			if err := CheckFragment(res.Card.HTML); err != nil {
				t.Errorf("unsafe output: %v", err)
			}
		})
	}
}

func TestSectionsAndTitle(t *testing.T) {
	const doc = "# Guide\n\nIntro.\n\n## A\n\nAlpha.\n\n## B\n\nBeta.\n"
	tests := []struct {
		name  string
		md    string
		opts  RenderOptions
		title string
		html  string
	}{
		{"folded, first open, H1 becomes title", doc, RenderOptions{}, "Guide",
			"<p>Intro.</p>\n<details class=\"md-section\" open=\"\">\n<summary><h2>A</h2></summary>\n<p>Alpha.</p>\n</details>\n<details class=\"md-section\">\n<summary><h2>B</h2></summary>\n<p>Beta.</p>\n</details>\n"},
		{"openFirst false", doc, RenderOptions{NoOpenFirst: true}, "Guide",
			"<p>Intro.</p>\n<details class=\"md-section\">\n<summary><h2>A</h2></summary>\n<p>Alpha.</p>\n</details>\n<details class=\"md-section\">\n<summary><h2>B</h2></summary>\n<p>Beta.</p>\n</details>\n"},
		{"splitSections false", doc, RenderOptions{NoSplitSections: true}, "Guide",
			"<p>Intro.</p>\n<h2>A</h2>\n<p>Alpha.</p>\n<h2>B</h2>\n<p>Beta.</p>\n"},
		{"explicit title keeps the H1 in the body", doc, RenderOptions{Title: "Mine", NoSplitSections: true}, "Mine",
			"<h1>Guide</h1>\n<p>Intro.</p>\n<h2>A</h2>\n<p>Alpha.</p>\n<h2>B</h2>\n<p>Beta.</p>\n"},
		{"H1 after the first H2 titles the card and stays", "## A\n\n# Late\n", RenderOptions{NoSplitSections: true}, "Late",
			"<h2>A</h2>\n<h1>Late</h1>\n"},
		{"H1 inside a blockquote is not the title", "> # Quoted\n\ntext", RenderOptions{DefaultTitle: "file"}, "file",
			"<blockquote>\n<h1>Quoted</h1>\n</blockquote>\n<p>text</p>\n"},
		{"no H1 and no default", "text", RenderOptions{}, "Document", "<p>text</p>\n"},
		{"H1 title is plain text", "# A `b` &amp; *c*\n", RenderOptions{}, "A b & c", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Render(tt.md, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if res.Card.Title != tt.title {
				t.Errorf("title = %q, want %q", res.Card.Title, tt.title)
			}
			if res.Card.HTML != tt.html {
				t.Errorf("html\n got: %q\nwant: %q", res.Card.HTML, tt.html)
			}
		})
	}
}

func TestPackParts(t *testing.T) {
	tests := []struct {
		sizes []int
		want  string
	}{
		{nil, "[[0 0]]"},
		{[]int{10}, "[[0 1]]"},
		{[]int{40000}, "[[0 1]]"},
		{[]int{16000, 16000}, "[[0 2]]"},                       // exactly the limit fits
		{[]int{16000, 16001}, "[[0 1] [1 2]]"},                 // one over does not
		{[]int{10, 40000, 10}, "[[0 1] [1 2] [2 3]]"},          // oversized section alone
		{[]int{20000, 10000, 2000, 1, 31999}, "[[0 3] [3 5]]"}, // greedy, in order
		{[]int{20000, 10000, 2001, 1}, "[[0 2] [2 4]]"},
		{[]int{40000, 40000}, "[[0 1] [1 2]]"},
	}
	for _, tt := range tests {
		if got := fmt.Sprint(packParts(tt.sizes, PartLimit)); got != tt.want {
			t.Errorf("packParts(%v) = %s, want %s", tt.sizes, got, tt.want)
		}
	}
}

func TestPackDocument(t *testing.T) {
	tests := []struct {
		sizes []int
		intro bool
		want  string
	}{
		{nil, false, "[[0 0]]"},
		{[]int{18}, true, "[[0 1]]"},                             // only an intro: one part
		{[]int{18, 40000, 40000}, true, "[[0 2] [2 3]]"},         // a short intro stays with an oversized first section
		{[]int{18, 40000, 40000}, false, "[[0 1] [1 2] [2 3]]"},  // the same sizes, the first an H2 section
		{[]int{7999, 24002, 100}, true, "[[0 2] [2 3]]"},         // together 32,001: the intro under a quarter stays
		{[]int{8000, 24001, 100}, true, "[[0 1] [1 3]]"},         // an intro of a quarter is a part of its own
		{[]int{8000, 24000, 100}, true, "[[0 2] [2 3]]"},         // unless the two fit
		{[]int{100, 31900, 16000, 16000}, true, "[[0 2] [2 4]]"}, // fitting: as packParts
		{[]int{100, 20000, 10000, 40000}, true, "[[0 3] [3 4]]"}, // the intro's unit packs on with the next sections
		{[]int{40000, 100, 100}, true, "[[0 1] [1 3]]"},          // an oversized intro is a part of its own
	}
	for _, tt := range tests {
		if got := fmt.Sprint(packDocument(tt.sizes, tt.intro, PartLimit)); got != tt.want {
			t.Errorf("packDocument(%v, intro %v) = %s, want %s", tt.sizes, tt.intro, got, tt.want)
		}
	}
}

// section builds an H2 section whose rendered size is exactly n runes:
// "<h2>H</h2>\n" (11) + "<p>" + body + "</p>\n" (8).
func sectionOf(name string, n int) string {
	return "## " + name + "\n\n" + strings.Repeat("é", n-19-len(name)+1) + "\n\n"
}

// introOf builds an intro paragraph whose rendered size is exactly n runes:
// "<p>" + body + "</p>\n" (8).
func introOf(n int) string {
	return strings.Repeat("é", n-8) + "\n\n"
}

// TestIntroIsNoPartOfItsOwn renders the document a user reported: with an
// explicit title the H1 stays in the body, and it made a first part of its
// own that only repeated the card's title.
func TestIntroIsNoPartOfItsOwn(t *testing.T) {
	big := strings.Repeat("word ", 8000) // a paragraph of 39,999 runes: the last space is trimmed
	md := "# Shipping\n\n## A\n\n" + big + "\n\n## B\n\n" + big
	var got []string
	for p := 1; p <= 2; p++ {
		res, err := Render(md, RenderOptions{Title: "Shipping", Part: p, NoSplitSections: true})
		if err != nil {
			t.Fatal(err)
		}
		start, _, _ := strings.Cut(res.Card.HTML, "\n")
		got = append(got, fmt.Sprintf("%+v %d %s", res.Parts, utf8.RuneCountInString(res.Card.HTML), start))
	}
	want := []string{
		"{Current:1 Total:2 HasMore:true} 40036 <h1>Shipping</h1>",
		"{Current:2 Total:2 HasMore:false} 40018 <h2>B</h2>",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("parts =\n%q\nwant\n%q", got, want)
	}
}

func TestPartsSplitting(t *testing.T) {
	// Three sections of 20,000 runes: no two fit together.
	doc := sectionOf("A", 20000) + sectionOf("B", 12000) + sectionOf("C", 20000)
	var got []string
	for part := 1; part <= 2; part++ {
		res, err := Render(doc, RenderOptions{Part: part, NoSplitSections: true})
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%+v %d", res.Parts, utf8.RuneCountInString(res.Card.HTML)))
	}
	// A and B make exactly 32,000 runes: the limit is inclusive.
	want := []string{"{Current:1 Total:2 HasMore:true} 32000", "{Current:2 Total:2 HasMore:false} 20000"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("parts = %q, want %q", got, want)
	}

	_, err := Render(doc, RenderOptions{Part: 5})
	if err == nil || err.Error() != "part 5 does not exist; this document has 2 parts (1–2)" {
		t.Errorf("part 5: err = %v", err)
	}
	_, err = Render("no headings", RenderOptions{Part: 2})
	if err == nil || err.Error() != "part 2 does not exist; this document has 1 part (only part 1)" {
		t.Errorf("part 2 of 1: err = %v", err)
	}
}

func TestPartsBoundaries(t *testing.T) {
	big := strings.Repeat("word ", 7000) // 35,000 bytes of prose
	tests := []struct {
		name  string
		md    string
		parts []string // the headings (or "intro") starting each part
	}{
		{"no H2 is one part however long", big + "\n\n### h3\n\n" + big, []string{"intro"}},
		{"intro belongs to part 1", "intro\n\n" + sectionOf("A", 31950) + sectionOf("B", 100), []string{"intro", "B"}},
		{"text before the first H2 packs with it", "intro\n\n" + sectionOf("A", 100) + sectionOf("B", 31950), []string{"intro", "B"}},
		{"oversized section is its own part", sectionOf("A", 100) + "## B\n\n" + big + "\n\n" + sectionOf("C", 100), []string{"A", "B", "C"}},
		{"a short intro stays with a first section it does not fit with", "intro\n\n" + sectionOf("A", 32000) + sectionOf("B", 100), []string{"intro", "B"}},
		{"a short intro stays with an oversized first section", "intro\n\n" + "## A\n\n" + big + "\n\n" + sectionOf("B", 100), []string{"intro", "B"}},
		{"an intro under a quarter part stays", introOf(PartLimit/4-1) + sectionOf("A", 30000) + sectionOf("B", 100), []string{"intro", "B"}},
		{"an intro of a quarter part is a part of its own", introOf(PartLimit/4) + sectionOf("A", 30000) + sectionOf("B", 100), []string{"intro", "A"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			first, err := Render(tt.md, RenderOptions{NoSplitSections: true})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for p := 1; p <= first.Parts.Total; p++ {
				res, err := Render(tt.md, RenderOptions{Part: p, NoSplitSections: true})
				if err != nil {
					t.Fatal(err)
				}
				start := "intro"
				if h, ok := strings.CutPrefix(res.Card.HTML, "<h2>"); ok {
					start, _, _ = strings.Cut(h, "<")
				}
				got = append(got, start)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.parts) {
				t.Errorf("parts start with %q, want %q", got, tt.parts)
			}
		})
	}
}

// TestRenderOptionLimits: Render holds its callers to the limits the tool's schema states,
// counting characters, not bytes, and names each input and its limit. An over-long list is one
// problem, not one per entry past the limit: 20,000 context actions once came back whole.
func TestRenderOptionLimits(t *testing.T) {
	text := func(n int) string { return strings.Repeat("é", n) } // n characters, 2n bytes
	actions := make([]ContextAction, 20000)
	for i := range actions {
		actions[i] = ContextAction{Label: "l", Prompt: "p"}
	}
	actions[0].Label = text(MaxActionLabel + 1)
	actions[MaxContextActions-1].Prompt = text(MaxActionPrompt + 1)
	actions[MaxContextActions].Label = "" // past the limit: not reported
	_, err := Render("x", RenderOptions{
		Title:          text(MaxTitle + 1),
		Subtitle:       text(MaxSubtitle + 1),
		TutorTerms:     []TutorTerm{{Term: text(MaxTerm + 1), Tip: text(MaxTip + 1)}, {Term: "b", Tip: text(MaxTip + 1)}},
		ContextActions: actions,
	})
	want := strings.Join([]string{
		"title is 301 characters; the limit is 300: shorten it",
		"subtitle is 501 characters; the limit is 500: shorten it",
		"tutorTerms[0].term is 101 characters; the limit is 100: shorten it",
		"tutorTerms[0].tip is 501 characters; the limit is 500: shorten it",
		"tutorTerms[1].tip is 501 characters; the limit is 500: shorten it",
		"contextActions has 20000 entries; the limit is 20 per card, so keep the most useful ones",
		"contextActions[0].label is 81 characters; the limit is 80: shorten it",
		"contextActions[19].prompt is 2001 characters; the limit is 2000: shorten it",
	}, "\n")
	if err == nil || err.Error() != want {
		t.Errorf("err =\n%v\nwant\n%s", err, want)
	}

	res, err := Render("x", RenderOptions{
		Title:          text(MaxTitle),
		Subtitle:       text(MaxSubtitle),
		TutorTerms:     []TutorTerm{{Term: text(MaxTerm), Tip: text(MaxTip)}},
		ContextActions: []ContextAction{{Label: text(MaxActionLabel), Prompt: text(MaxActionPrompt)}},
	})
	if err != nil || res.Card.Title != text(MaxTitle) {
		t.Errorf("every input at its limit: %v; want it rendered", err)
	}
}

func TestRenderOptionErrors(t *testing.T) {
	terms := make([]TutorTerm, MaxTutorTerms+1)
	for i := range terms {
		terms[i] = TutorTerm{Term: fmt.Sprintf("t%d", i)}
	}
	terms[3].Term = "  "
	terms[5].Term = "t4"
	_, err := Render("x", RenderOptions{
		Part:           -1,
		TutorTerms:     terms,
		ContextActions: []ContextAction{{Label: "", Prompt: "p"}, {Label: "l", Prompt: " "}},
	})
	want := strings.Join([]string{
		"part -1 does not exist; parts are numbered from 1",
		"tutorTerms has 41 entries; the limit is 40 per card, so keep the most useful ones",
		"tutorTerms[3].term is empty; give the word or phrase to underline",
		`tutorTerms[5].term "t4" repeats tutorTerms[4]; give each term once`,
		"contextActions[0].label is empty; give the menu item a short label",
		"contextActions[1].prompt is empty; give the prompt to send (use {{selection}} for the selected text)",
	}, "\n")
	if err == nil || err.Error() != want {
		t.Errorf("err =\n%v\nwant\n%s", err, want)
	}
}

func TestSplitDocumentTopLevelOnly(t *testing.T) {
	md := "intro\n\n## A\n\n> ## quoted\n\n- ## listed\n\n### three\n\n## B\n\nb\n"
	doc := cardMarkdown.Parser().Parse(text.NewReader([]byte(md)))
	var got []string
	for _, s := range splitDocument(doc) {
		name := "intro"
		if s.heading != nil {
			name = plainText(s.heading, []byte(md))
		}
		got = append(got, fmt.Sprintf("%s:%d", name, len(s.blocks)))
	}
	if want := "[intro:1 A:3 B:1]"; fmt.Sprint(got) != want {
		t.Errorf("sections = %v, want %s", got, want)
	}
}

// TestRenderConcurrent renders from many goroutines at once, as a server
// does; run with -race it proves the shared parser and renderer are safe.
func TestRenderConcurrent(t *testing.T) {
	md := "# T\n\nA cache.\n\n## A\n\n|a|b|\n|-|-|\n|1|2|\n\n```go\nx\n```\n"
	want, err := Render(md, RenderOptions{TutorTerms: []TutorTerm{{Term: "cache"}}})
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			for range 20 {
				got, err := Render(md, RenderOptions{TutorTerms: []TutorTerm{{Term: "cache"}}})
				if err == nil && got.Card.HTML != want.Card.HTML {
					err = fmt.Errorf("concurrent render differs:\n%s", got.Card.HTML)
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
