package mdcard

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestCheckFragmentRejects proves the checker is not vacuous: each fragment
// breaks the contract in one way and must be reported with that reason.
func TestCheckFragmentRejects(t *testing.T) {
	tests := []struct{ fragment, want string }{
		{`<script>alert(1)</script>`, "element <script> is not allowed"},
		{`<p onclick="x">a</p>`, "event handler attribute onclick on <p>"},
		{`<p style="color:red">a</p>`, "style attribute on <p>"},
		{`<p title="x">a</p>`, "attribute title is not allowed on <p>"},
		{`<a href="javascript:alert(1)" rel="noopener noreferrer" target="_blank">a</a>`, `href "javascript:alert(1)" is not an http, https or mailto URL`},
		{`<a href="&#106;avascript:x">a</a>`, `href "javascript:x" is not an http, https or mailto URL`},
		{`<a href=" java&#9;script:x">a</a>`, `href " java\tscript:x" is not an http, https or mailto URL`},
		{`<a href="data:text/html,x">a</a>`, `href "data:text/html,x" is not an http, https or mailto URL`},
		{`<a href="vbscript:x">a</a>`, `href "vbscript:x" is not an http, https or mailto URL`},
		{`<a href="/relative">a</a>`, `href "/relative" is not an http, https or mailto URL`},
		// Quoted as JSON, as the message may reach a client: "\u0001", not Go's "\x01"; "<" as
		// it is, as every message quotes a value (validatortext.JSON).
		{`<a href="&#1;&lt;x">a</a>`, `href "\u0001<x" is not an http, https or mailto URL`},
		{`<img src="http://x/i.png" alt="">`, `src "http://x/i.png" is not an https URL`},
		{`<img src="data:image/png;base64,AA" alt="">`, `src "data:image/png;base64,AA" is not an https URL`},
		{`<a target="_self" href="https://x">a</a>`, `target="_self" on <a> is not one of ["_blank"]`},
		{`<input type="text">`, `type="text" on <input> is not one of ["button","checkbox"]`},
		{`<code class="x y">a</code>`, `class "x" on <code> is not a card class`},
		{`<p>a<!-- c --></p>`, "'<' does not start a tag"},
		{`<p>a > b</p>`, "bare '>' in text"},
		{`<p a=b>x</p>`, "malformed attribute in <p>"},
		{`<p\tclass="md-raw">x</p>`, "malformed <p> tag"},
		{`<p class="x>`, "unterminated value of class in <p>"},
		{`<p><em>a</p></em>`, "</p> does not close the open element p>em"},
		{`<div class="md-code">`, "elements left open: div"},
		{`<br></br>`, "void element </br> has an end tag"},
	}
	for _, tt := range tests {
		err := CheckFragment(tt.fragment)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("CheckFragment(%q) = %v, want an error containing %q", tt.fragment, err, tt.want)
		}
	}
}

func TestCheckFragmentAccepts(t *testing.T) {
	for _, f := range []string{
		``,
		`plain &amp; text`,
		`<p class="md-raw">&lt;b&gt;</p>`,
		`<a href="HTTPS://x.example/?a=1&amp;b=2" title="t" rel="noopener noreferrer" target="_blank">x</a>`,
		`<a href="mailto:a@b.example" rel="noopener noreferrer" target="_blank">m</a>`,
		`<img src="https://x.example/i.png" alt="a &quot;b&quot;" loading="lazy" referrerpolicy="no-referrer">`,
		`<ol start="3"><li>x</li></ol>`,
		`<details class="md-section" open=""><summary><h2>A</h2></summary></details>`,
	} {
		if err := CheckFragment(f); err != nil {
			t.Errorf("CheckFragment(%q) = %v, want nil", f, err)
		}
	}
}

// fuzzSeeds are markdown inputs that exercise every renderer path and the
// usual injection tricks.
var fuzzSeeds = []string{
	"",
	"# T\n\nintro\n\n## A\n\ntext\n\n## B\n\n> ## q\n",
	"<script>alert(1)</script>",
	"<img src=x onerror=alert(1)>",
	"a <b onclick=\"x\">b</b> <!-- c --> <?php ?> <![CDATA[x]]>",
	"[x](javascript:alert(1)) [y](JaVaScRiPt:x) [z](&#106;avascript:x) [w]( java\tscript:x)",
	"[x](data:text/html;base64,PHNjcmlwdD4=) [v](vbscript:x) [r](./a.md) [h](#h)",
	"![a](javascript:x) ![b](http://x/i.png) ![c](https://x/i.png \"t\\\"\") ![d](data:image/png,x)",
	"<javascript:alert(1)> <https://x.example> <a@b.example> www.example.com http://x.example",
	"```\"><script>\nx\n```\n\n```js onclick=x\ny\n```\n\n    indented <b>",
	"|a|b|\n|:-|-:|\n|<i>1</i>|`2`|\n",
	"- [x] a\n- [ ] <b>b</b>\n\n1. x\n2. y\n\n3) z",
	"~~del~~ *em* **strong** `code` \\\n hard",
	"[ref]\n\n[ref]: javascript:alert(1) \"t\"",
	"[ref]\n\n[ref]: https://x.example \"\\\"><script>\"",
	"&lt;script&gt; &#0; &#x110000; &amp;amp;",
	"<div>\n*md*\n</div>\n\n<pre>\nx\n</pre>",
	"## <b>heading</b>\n\ncache and a state machine",
}

// FuzzRenderSafe is the safety property: for any markdown and any options,
// every tag and attribute of the output is on the allow-list and no URL
// attribute starts a script. It also holds the nesting limit: no block is in
// more than MaxNesting blockquotes and list items.
func FuzzRenderSafe(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, "cache", "<b onclick=x>tip</b>", false)
	}
	f.Add("State machine", "state machine", "\"'><", true)
	// A paragraph at the nesting limit and a line that would go one level
	// deeper (the other container markers are a mutation away).
	quotes := strings.Repeat("> ", MaxNesting)
	f.Add(quotes+"a\n"+quotes+"- b\n", "b", "", false)
	f.Add(strings.Repeat("- ", MaxNesting)+"a\n"+strings.Repeat("  ", MaxNesting)+"> b\n", "b", "", true)
	f.Fuzz(func(t *testing.T, md, term, tip string, fold bool) {
		opts := RenderOptions{NoSplitSections: fold, NoOpenFirst: fold}
		if strings.TrimSpace(term) != "" {
			opts.TutorTerms = []TutorTerm{{Term: term, Tip: tip, CaseInsensitive: fold}, {Term: "a"}}
		}
		res, err := Render(md, opts)
		if err != nil {
			if strings.Contains(err.Error(), "repeats") { // term "a" given twice
				return
			}
			t.Fatalf("Render(%q) failed: %v", md, err)
		}
		if err := CheckFragment(res.Card.HTML); err != nil {
			t.Fatalf("Render(%q) broke the safety contract:\n%v\n%s", md, err, res.Card.HTML)
		}
		if d := deepestContainer(md); d > MaxNesting {
			t.Fatalf("Render(%q) nests containers %d deep, past MaxNesting (%d)", md, d, MaxNesting)
		}
	})
}

// FuzzParts checks the parts invariants on arbitrary documents: every part
// renders, parts number 1..Total with HasMore on all but the last, a part
// over the limit holds a single section (or a short intro and the first
// section), a short intro is never a part of its own, and the parts joined are exactly
// goldmark's rendering of the whole document with the card renderer.
func FuzzParts(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, uint16(0))
	}
	f.Add("## A\n\nx\n\n## B\n\ny\n", uint16(3))
	f.Add("intro "+strings.Repeat("word ", 2000)+"\n\n## B\n\ny\n", uint16(9))
	f.Add("# Shipping\n\n## A\n\n"+strings.Repeat("word ", 8000), uint16(1))
	f.Fuzz(func(t *testing.T, md string, repeat uint16) {
		// Repeating the input grows it past the part limit in some runs.
		md = strings.Repeat(md+"\n\n", int(repeat%16)+1)
		// An explicit title keeps the H1 in the body, so the whole document
		// can be compared with a plain conversion.
		flat := RenderOptions{Title: "t", NoSplitSections: true}
		first, err := Render(md, flat)
		if err != nil {
			t.Fatal(err)
		}
		total := first.Parts.Total
		var joined strings.Builder
		for p := 1; p <= total; p++ {
			flat.Part = p
			res, err := Render(md, flat)
			if err != nil {
				t.Fatalf("part %d: %v", p, err)
			}
			if want := (Parts{Current: p, Total: total, HasMore: p < total}); res.Parts != want {
				t.Fatalf("part %d: parts = %+v, want %+v", p, res.Parts, want)
			}
			folded, err := Render(md, RenderOptions{Title: "t", Part: p})
			if err != nil {
				t.Fatalf("part %d folded: %v", p, err)
			}
			sections := strings.Count(folded.Card.HTML, `<details class="md-section"`)
			// The intro is what comes before the first fold: user text never
			// becomes markup, so the fold tag cannot appear in it.
			intro, _, _ := strings.Cut(folded.Card.HTML, `<details class="md-section"`)
			introRunes := utf8.RuneCountInString(intro)
			if intro != "" {
				sections++
			}
			n := utf8.RuneCountInString(res.Card.HTML)
			if n > PartLimit && sections != 1 && (sections != 2 || intro == "" || introRunes >= PartLimit/4) {
				t.Fatalf("part %d has %d runes and %d sections (intro %d runes); only a single section, or an intro under a quarter of the limit and the first section, may exceed the limit", p, n, sections, introRunes)
			}
			if total > 1 && intro != "" && sections == 1 && introRunes < PartLimit/4 {
				t.Fatalf("part %d of %d is an intro of %d runes alone; an intro under a quarter of the limit goes with the first section", p, total, introRunes)
			}
			joined.WriteString(res.Card.HTML)
		}
		if _, err := Render(md, RenderOptions{Part: total + 1}); err == nil {
			t.Fatalf("part %d of %d did not fail", total+1, total)
		}
		var whole bytes.Buffer
		if err := cardMarkdown.Convert([]byte(md), &whole); err != nil {
			t.Fatal(err)
		}
		if joined.String() != whole.String() {
			t.Fatalf("parts do not add up to the document:\n%q\n%q", joined.String(), whole.String())
		}
	})
}

// TestAllowListIsACopy: what AllowList returns cannot widen what CheckFragment accepts.
func TestAllowListIsACopy(t *testing.T) {
	list := AllowList()
	if _, ok := list["a"]; !ok || len(list) != len(allowList) {
		t.Fatalf("AllowList() = %v, want the %d elements of allowList", list, len(allowList))
	}
	list["script"] = nil
	list["a"] = append(list["a"], "id")
	if err := CheckFragment(`<script></script>`); err == nil {
		t.Error("adding script to AllowList's result made CheckFragment accept it")
	}
	if err := CheckFragment(`<a href="https://example.com/" id="x">a</a>`); err == nil {
		t.Error("adding id to AllowList's result made CheckFragment accept it")
	}
}
