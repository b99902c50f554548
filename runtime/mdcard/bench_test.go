package mdcard

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// benchDoc generates a ~200 KB guide mixing the constructs cards see:
// sections, prose with emphasis and links, tables, code, lists, quotes.
func benchDoc() string {
	var b strings.Builder
	b.WriteString("# Operations guide\n\nThis guide covers the **shop** service end to end.\n\n")
	for i := 0; b.Len() < 200_000; i++ {
		fmt.Fprintf(&b, "## Section %d\n\n", i)
		fmt.Fprintf(&b, "The *order* pipeline runs a state machine; see [the runbook](https://runbook.example.com/%d) or mail <ops@example.com>.\n", i)
		b.WriteString("Each step is idempotent, retried with backoff, and logged with `trace_id` for later review.\n\n")
		b.WriteString("| Step | Owner | SLA |\n|:-----|:-----:|----:|\n| Charge | payments | 2 s |\n| Pack | warehouse | 4 h |\n| Ship | carrier | 2 d |\n\n")
		b.WriteString("```go\nfunc step(ctx context.Context, o *Order) error {\n\treturn o.Advance(ctx)\n}\n```\n\n")
		b.WriteString("- [x] charge the card\n- [ ] print the label\n- [ ] hand over to the carrier\n\n")
		b.WriteString("> Note: never ship before payment settles. ~~Old rule~~ removed.\n\n")
	}
	return b.String()
}

func BenchmarkRender200KB(b *testing.B) {
	doc := benchDoc()
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Render(doc, RenderOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGoldmarkPlain200KB is the baseline: plain goldmark with GFM
// converting the same document to HTML.
func BenchmarkGoldmarkPlain200KB(b *testing.B) {
	doc := []byte(benchDoc())
	md := goldmark.New(goldmark.WithExtensions(extension.GFM))
	var out bytes.Buffer
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		out.Reset()
		if err := md.Convert(doc, &out); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRender200KBWithTerms(b *testing.B) {
	doc := benchDoc()
	terms := []TutorTerm{{Term: "state machine", Tip: "t"}, {Term: "idempotent", Tip: "t"}, {Term: "backoff", Tip: "t", CaseInsensitive: true}}
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Render(doc, RenderOptions{Part: 2, TutorTerms: terms}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRender48KB40Terms is prose of unmatched emphasis delimiters, which goldmark leaves as
// one long run of small text nodes, with the most tutor terms a card takes: it used to be
// quadratic in the run's length, once per term.
func BenchmarkRender48KB40Terms(b *testing.B) {
	doc, terms := emphasisRun(48 << 10)
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Render(doc, RenderOptions{TutorTerms: terms}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTutorTermLongTerm is the input that made the tutor-term search quadratic: 256 KiB of
// one letter and a case-insensitive term of half that length (it never lands: the run is one
// longer word).
func BenchmarkTutorTermLongTerm(b *testing.B) {
	const n = 256 << 10
	doc := strings.Repeat("a", n)
	opts := RenderOptions{TutorTerms: []TutorTerm{{Term: strings.Repeat("a", n/2), CaseInsensitive: true}}}
	b.SetBytes(n)
	for b.Loop() {
		if _, err := Render(doc, opts); err != nil {
			b.Fatal(err)
		}
	}
}
