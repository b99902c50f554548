package mdcard

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/cardgen/cardgen/internal/cputime"
)

// span is the markup of a placed term with an empty tip, for short wants.
func span(term, text string) string {
	return `<span class="md-term" data-term="` + term + `" data-tip="" tabindex="0">` + text + `</span>`
}

func TestTutorTerms(t *testing.T) {
	tests := []struct {
		name   string
		md     string
		terms  []TutorTerm
		want   string // the fragment, without the trailing newline
		placed string // the placed terms, in document order
	}{
		{"first occurrence only",
			"a cache and a cache", []TutorTerm{{Term: "cache"}},
			"<p>a " + span("cache", "cache") + " and a cache</p>", "[cache]"},
		{"case-sensitive by default",
			"path then PATH", []TutorTerm{{Term: "PATH"}},
			"<p>path then " + span("PATH", "PATH") + "</p>", "[PATH]"},
		{"caseInsensitive matches any casing",
			"The Path here", []TutorTerm{{Term: "path", CaseInsensitive: true}},
			"<p>The " + span("path", "Path") + " here</p>", "[path]"},
		{"case-insensitive with non-ASCII folding",
			"Straße ÉCOLE", []TutorTerm{{Term: "école", CaseInsensitive: true}},
			"<p>Straße " + span("école", "ÉCOLE") + "</p>", "[école]"},
		{"whole words only",
			"caches cache", []TutorTerm{{Term: "cache"}},
			"<p>caches " + span("cache", "cache") + "</p>", "[cache]"},
		{"no match inside a longer word at either end",
			"precache cachex", []TutorTerm{{Term: "cache"}},
			"<p>precache cachex</p>", "[]"},
		{"punctuation edges need no boundary",
			"use C++ daily", []TutorTerm{{Term: "C++"}},
			"<p>use " + span("C++", "C++") + " daily</p>", "[C++]"},
		{"longest first wins the overlap",
			"a state machine state", []TutorTerm{{Term: "state"}, {Term: "state machine"}},
			"<p>a " + span("state machine", "state machine") + " " + span("state", "state") + "</p>", "[state machine state]"},
		{"never inside another term",
			"a hash table", []TutorTerm{{Term: "hash table"}, {Term: "table"}},
			"<p>a " + span("hash table", "hash table") + "</p>", "[hash table]"},
		{"never inside inline code",
			"`cache` then cache", []TutorTerm{{Term: "cache"}},
			"<p><code>cache</code> then " + span("cache", "cache") + "</p>", "[cache]"},
		{"never inside code blocks",
			"```\ncache\n```", []TutorTerm{{Term: "cache"}},
			`<div class="md-code"><button type="button" class="md-copy" data-md-copy="">Copy</button><pre><code>cache` + "\n</code></pre></div>", "[]"},
		{"never inside link text",
			"[cache](https://x.example) cache", []TutorTerm{{Term: "cache"}},
			`<p><a href="https://x.example" rel="noopener noreferrer" target="_blank">cache</a> ` + span("cache", "cache") + "</p>", "[cache]"},
		{"never inside a literal raw HTML tag",
			`<span title="cache">x</span>`, []TutorTerm{{Term: "cache"}},
			"<p>&lt;span title=&quot;cache&quot;&gt;x&lt;/span&gt;</p>", "[]"},
		{"text between literal raw HTML tags is prose",
			"<b>cache</b>", []TutorTerm{{Term: "cache"}},
			"<p>&lt;b&gt;" + span("cache", "cache") + "&lt;/b&gt;</p>", "[cache]"},
		{"never inside image alt text",
			"![cache](https://x.example/i.png)", []TutorTerm{{Term: "cache"}},
			`<p><img src="https://x.example/i.png" alt="cache" loading="lazy" referrerpolicy="no-referrer"></p>`, "[]"},
		{"inside emphasis and headings",
			"## The *cache*", []TutorTerm{{Term: "cache"}},
			`<details class="md-section" open="">` + "\n<summary><h2>The <em>" + span("cache", "cache") + "</em></h2></summary>\n</details>", "[cache]"},
		{"across a soft line break",
			"a state\nmachine", []TutorTerm{{Term: "state machine"}},
			"<p>a " + span("state machine", "state\nmachine") + "</p>", "[state machine]"},
		{"term whitespace is collapsed",
			"a state machine", []TutorTerm{{Term: " state \t machine "}},
			"<p>a " + span("state machine", "state machine") + "</p>", "[state machine]"},
		{"a line break after the term stays outside the span",
			"cache\nnext", []TutorTerm{{Term: "cache"}},
			"<p>" + span("cache", "cache") + "\nnext</p>", "[cache]"},
		{"text written with character references is not searched; the same text written plainly is",
			"AT&amp;T and AT&T", []TutorTerm{{Term: "AT&T"}},
			"<p>AT&amp;T and " + span("AT&amp;T", "AT&amp;T") + "</p>", "[AT&T]"},
		{"a bare ampersand is text, and the text around it is searched",
			"Tom & Jerry set PATH here.\n\nLater PATH again.", []TutorTerm{{Term: "PATH"}},
			"<p>Tom &amp; Jerry set " + span("PATH", "PATH") + " here.</p>\n<p>Later PATH again.</p>", "[PATH]"},
		{"a term with a bare ampersand",
			"Call AT&T now.", []TutorTerm{{Term: "AT&T"}},
			"<p>Call " + span("AT&amp;T", "AT&amp;T") + " now.</p>", "[AT&T]"},
		{"a backslash before a letter is text",
			`Use C:\Windows today.`, []TutorTerm{{Term: `C:\Windows`}},
			`<p>Use ` + span(`C:\Windows`, `C:\Windows`) + ` today.</p>`, `[C:\Windows]`},
		{"text with a backslash escape is not searched",
			`\*cache\* or cache`, []TutorTerm{{Term: "cache"}},
			`<p>*cache* or ` + span("cache", "cache") + `</p>`, "[cache]"},

		{"text next to a character reference is",
			"AT&amp;T cache", []TutorTerm{{Term: "cache"}},
			"<p>AT&amp;T " + span("cache", "cache") + "</p>", "[cache]"},
		{"tip is escaped into the attribute",
			"cache", []TutorTerm{{Term: "cache", Tip: `<b onclick="x">&`}},
			`<p><span class="md-term" data-term="cache" data-tip="&lt;b onclick=&quot;x&quot;&gt;&amp;" tabindex="0">cache</span></p>`, "[cache]"},
		{"placed terms are listed in document order",
			"beta then alpha", []TutorTerm{{Term: "alpha"}, {Term: "beta"}},
			"<p>" + span("beta", "beta") + " then " + span("alpha", "alpha") + "</p>", "[beta alpha]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Render(tt.md, RenderOptions{TutorTerms: tt.terms})
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSuffix(res.Card.HTML, "\n"); got != tt.want {
				t.Errorf("html\n got: %q\nwant: %q", got, tt.want)
			}
			var placed []string
			for _, p := range res.Card.TutorTerms {
				placed = append(placed, p.Term)
			}
			if got := fmt.Sprint(placed); got != tt.placed {
				t.Errorf("placed = %s, want %s", got, tt.placed)
			}
			if err := CheckFragment(res.Card.HTML); err != nil {
				t.Errorf("unsafe output: %v", err)
			}
		})
	}
}

// TestTutorTermsOncePerPart checks that each part is its own card: a term
// is placed once in every part it occurs in, and part sizes do not change
// when terms are added.
func TestTutorTermsOncePerPart(t *testing.T) {
	doc := "## A\n\n" + strings.Repeat("cache ", 3000) + "\n\n## B\n\n" + strings.Repeat("cache ", 3000) + "\n"
	terms := []TutorTerm{{Term: "cache", Tip: "fast memory"}}
	for part := 1; part <= 2; part++ {
		plain, err := Render(doc, RenderOptions{Part: part})
		if err != nil {
			t.Fatal(err)
		}
		res, err := Render(doc, RenderOptions{Part: part, TutorTerms: terms})
		if err != nil {
			t.Fatal(err)
		}
		if res.Parts != plain.Parts || res.Parts.Total != 2 {
			t.Errorf("part %d: parts %+v with terms, %+v without; want 2 parts either way", part, res.Parts, plain.Parts)
		}
		if n := strings.Count(res.Card.HTML, `class="md-term"`); n != 1 {
			t.Errorf("part %d has %d term spans, want 1", part, n)
		}
	}
}

// TestTutorTermsLinear renders a long run of small text nodes (unmatched emphasis delimiters)
// with the most terms a card takes. Placing the terms used to collect every run again per term,
// each run's text built by repeated concatenation: over a gigabyte allocated for 12 KB of
// markdown. Bytes allocated are a steadier measure than time on a shared machine.
func TestTutorTermsLinear(t *testing.T) {
	doc, terms := emphasisRun(12 << 10)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	res, err := Render(doc, RenderOptions{TutorTerms: terms})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Card.TutorTerms) != 1 {
		t.Errorf("placed %v; want the term \"a\" only", res.Card.TutorTerms)
	}
	if got, limit := after.TotalAlloc-before.TotalAlloc, uint64(4<<10*len(doc)); got > limit {
		t.Errorf("rendering %d bytes allocated %d bytes; want at most %d (4 KB per byte of markdown)", len(doc), got, limit)
	}
}

// emphasisRun is size bytes of prose of unmatched emphasis delimiters, which goldmark leaves as
// one long run of small text nodes, and the most tutor terms a card takes, the first of which
// ("a") is placed at the start of the run, so that the rest of it is searched again.
func emphasisRun(size int) (string, []TutorTerm) {
	n := size / 6
	doc := strings.Repeat("*a ", n) + strings.Repeat("_b ", n)
	terms := make([]TutorTerm, MaxTutorTerms)
	for i := range terms {
		terms[i] = TutorTerm{Term: fmt.Sprintf("term%d", i), Tip: "t"}
	}
	terms[0].Term = "a"
	return doc, terms
}

// TestTutorTermsLongTermLinear looks in a text of one letter for a term of half its length of
// the same letter, which occurs at every position and fails the word-boundary test at each.
// Comparing the term at every position took len(text)×len(term): 9 s of CPU for 64 KiB with a
// case-insensitive term, and minutes for the megabyte a card takes, from one tool call. MaxTerm
// now keeps such a term out of a call, so findTerm is given it directly: matching stays linear
// whatever the limit.
func TestTutorTermsLongTermLinear(t *testing.T) {
	if raceEnabled {
		t.Skip("a CPU budget does not hold under the race detector; make test runs this without -race")
	}
	const n, budget = 256 << 10, 500 * time.Millisecond
	doc := strings.Repeat("a", n)
	for _, fold := range []bool{false, true} {
		term := strings.Repeat("a", n/2)
		m := newMatchTerm(TutorTerm{Term: term, CaseInsensitive: fold}, term, 0)
		start, ok := cputime.Used()
		began := time.Now()
		_, _, found := findTerm(doc, m)
		took := time.Since(began)
		if end, ok2 := cputime.Used(); ok && ok2 {
			took = end - start
		}
		if found {
			t.Errorf("caseInsensitive %v: found the term inside a longer word", fold)
		}
		if took > budget {
			t.Errorf("caseInsensitive %v: %v of CPU for %d bytes and a term of %d, over the %v budget", fold, took.Round(time.Millisecond), n, n/2, budget)
		}
	}
}

// TestRepeatedTermsUnderFolding: two case-insensitive terms are one term when findTerm would
// match them alike, which simple case folding decides, not strings.ToLower ("ſ" folds with "s").
func TestRepeatedTermsUnderFolding(t *testing.T) {
	_, errs := prepareTerms([]TutorTerm{
		{Term: "ſtate", CaseInsensitive: true},
		{Term: "STATE", CaseInsensitive: true},
		{Term: "State"}, // case-sensitive: its own term
	})
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), `tutorTerms[1].term "STATE" repeats tutorTerms[0]`) {
		t.Errorf("errors = %v; want tutorTerms[1] reported as a repeat of tutorTerms[0]", errs)
	}
}

// TestTutorTermsKeepCharactersWhole: a term is never placed on part of a character made of
// several code points. "cafe" was underlined in a decomposed "café" (e and U+0301), leaving the
// accent outside the span, and an emoji in a zero-width-joiner sequence or before a skin tone
// was cut out of it.
func TestTutorTermsKeepCharactersWhole(t *testing.T) {
	tests := []struct {
		name, md, term, want string
	}{
		{"combining mark after", "a cafe\u0301 then a cafe", "cafe",
			"<p>a cafe\u0301 then a " + span("cafe", "cafe") + "</p>"},
		{"combining mark after, case-insensitive", "CAFE\u0301 and Cafe", "cafe",
			"<p>CAFE\u0301 and " + span("cafe", "Cafe") + "</p>"},
		{"term starting with a combining mark", "e\u0301te", "\u0301te",
			"<p>e\u0301te</p>"},
		{"emoji before a zero-width joiner", "coder \U0001F469\u200d\U0001F4BB and \U0001F469 alone", "\U0001F469",
			"<p>coder \U0001F469\u200d\U0001F4BB and " + span("\U0001F469", "\U0001F469") + " alone</p>"},
		{"emoji after a zero-width joiner", "\U0001F469\u200d\U0001F4BB then \U0001F4BB", "\U0001F4BB",
			"<p>\U0001F469\u200d\U0001F4BB then " + span("\U0001F4BB", "\U0001F4BB") + "</p>"},
		{"emoji before a skin tone", "\U0001F44D\U0001F3FD or \U0001F44D", "\U0001F44D",
			"<p>\U0001F44D\U0001F3FD or " + span("\U0001F44D", "\U0001F44D") + "</p>"},
		{"before a variation selector", "\u2764\ufe0f vs \u2764", "\u2764",
			"<p>\u2764\ufe0f vs " + span("\u2764", "\u2764") + "</p>"},
		{"flag across two flags", "\U0001F1FA\U0001F1F8\U0001F1F8\U0001F1EA and \U0001F1F8\U0001F1F8", "\U0001F1F8\U0001F1F8",
			"<p>\U0001F1FA\U0001F1F8\U0001F1F8\U0001F1EA and " + span("\U0001F1F8\U0001F1F8", "\U0001F1F8\U0001F1F8") + "</p>"},
		// The zero-width non-joiner is the Persian half-space inside a word: the letter before it
		// is whole, and a term ends there.
		{"before a zero-width non-joiner", "\u06a9\u062a\u0627\u0628\u200c\u0647\u0627", "\u06a9\u062a\u0627\u0628",
			"<p>" + span("\u06a9\u062a\u0627\u0628", "\u06a9\u062a\u0627\u0628") + "\u200c\u0647\u0627</p>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Render(tt.md, RenderOptions{TutorTerms: []TutorTerm{{Term: tt.term, CaseInsensitive: strings.Contains(tt.name, "insensitive")}}})
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSuffix(res.Card.HTML, "\n"); got != tt.want {
				t.Errorf("html\n got: %+q\nwant: %+q", got, tt.want)
			}
		})
	}
}

// TestTermsKeepTheDocument renders varied documents with and without terms and wants the same
// markup once the term spans are taken out: a term is placed only where the source bytes are the
// visible text, so text with character references, escapes, bare ampersands and backslashes
// reads the same either way.
func TestTermsKeepTheDocument(t *testing.T) {
	pieces := []string{
		"a", "cache", "AT&T", "AT", "&", "T", " ", "\n", "\n\n", "&amp;", "&#65;", "&#x41;", "&cache;",
		"&nosuch;", `\`, `\*`, `\&`, `\\`, `C:\Windows`, `C:`, "Windows", "*", "_", "`cache`", "<b>", "</b>",
		"[AT&T](https://x.example)", "\n- ", "\n## ", "R&D", "Q&A", "&&", "& ", "&;", "&#;", "\\\n",
	}
	pool := []TutorTerm{
		{Term: "a"}, {Term: "cache"}, {Term: "AT&T"}, {Term: "AT"}, {Term: `C:\Windows`}, {Term: "Windows"},
		{Term: "R&D"}, {Term: "Q&A", CaseInsensitive: true}, {Term: "T"}, {Term: "&"},
	}
	termSpan := regexp.MustCompile(`<span class="md-term"[^>]*>|</span>`)
	r := rand.New(rand.NewPCG(3, 4))
	placedAny := 0
	for i := range 600 {
		var b strings.Builder
		for range 1 + r.IntN(40) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		md := b.String()
		var terms []TutorTerm
		for _, j := range r.Perm(len(pool))[:1+r.IntN(len(pool))] {
			terms = append(terms, pool[j])
		}
		plain, err := Render(md, RenderOptions{})
		if err != nil {
			t.Fatal(err)
		}
		with, err := Render(md, RenderOptions{TutorTerms: terms})
		if err != nil {
			t.Fatal(err)
		}
		if got := termSpan.ReplaceAllString(with.Card.HTML, ""); got != plain.Card.HTML {
			t.Fatalf("case %d: %q with %v changed the document:\n got %q\nwant %q", i, md, terms, got, plain.Card.HTML)
		}
		if len(with.Card.TutorTerms) > 0 {
			placedAny++
		}
	}
	if placedAny < 300 {
		t.Fatalf("terms were placed in only %d of 600 documents; the test no longer exercises placement", placedAny)
	}
}
