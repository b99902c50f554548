// Package cardtest holds what the golden tests that cardgen writes into a service package
// (cards_gen_test.go) call: strict decoding of //card:example values, the check that an example
// fits as written, and golden files under testdata/golden rewritten by `go test -update`, which
// also removes the golden files no tool writes any more.
package cardtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/cardgen/cardgen/internal/sdkschema"
	"github.com/cardgen/cardgen/runtime/card"
	"github.com/cardgen/cardgen/runtime/mdcard"
)

// Update reports whether the test binary was run with -update (a flag the generated test file
// declares, or the package's own tests do).
func Update() bool {
	f := flag.Lookup("update")
	if f == nil {
		return false
	}
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return false
	}
	b, _ := g.Get().(bool)
	return b
}

// DefineUpdateFlag defines the -update flag that Update reads, unless one is defined already: a
// package the test imports may define it (golden-file helpers often do), and defining it again
// would panic ("flag redefined: update") before any test runs. The generated test calls it from
// an init function, which runs after the package-level variables of every file of the test are
// initialized, a -update of the package's own among them.
func DefineUpdateFlag() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files under testdata/golden")
	}
}

// Decode decodes a //card:example strictly into out: an unknown key, or anything but spaces after
// the example's one JSON value, is a test failure, since the example would not mean what it says.
func Decode(t testing.TB, example string, out any) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(example))
	dec.DisallowUnknownFields()
	if err := dec.Decode(out); err != nil {
		// cardgen checked the example against the type when it ran: failing now, the type has
		// most likely changed since, and the generated code with it.
		t.Fatalf("example %s does not decode into %T: %v; if the type changed since cardgen ran, run go generate (cardgen check finds stale generated code), else fix the example", example, out, err)
	}
	// A decoder reads one value and stops; what follows would be dropped without a word.
	end := dec.InputOffset()
	if _, err := dec.Token(); err != io.EOF {
		t.Fatalf("example %s has more after the first value, which ends at byte %d; an example is one JSON value: remove the rest", example, end)
	}
}

// Validate checks an example against the tool's output schema with the validator the Go SDK uses,
// so an example that the server would refuse to send fails here first.
func Validate(t testing.TB, schema json.RawMessage, example string) {
	t.Helper()
	resolved, err := sdkschema.Resolve(schema)
	if err != nil {
		t.Fatalf("output schema: %v", err)
	}
	var v any
	if err := json.Unmarshal([]byte(example), &v); err != nil {
		t.Fatalf("example %s: %v", example, err)
	}
	if err := resolved.Validate(v); err != nil {
		t.Errorf("example %s does not match the output schema: %v", example, sdkschema.Explain(schema, v, err))
	}
}

// Example is one example's card as the golden file records it.
type Example struct {
	Card          card.Card `json:"card"`
	MessagingText string    `json:"messaging_text"`
}

// MustFit fails when card.Fit had to change c: an example must fit as written, so that what
// the golden file shows is what a host receives. Generated tests call [MustFitExample], which
// names the example.
func MustFit(t testing.TB, c card.Card) Example {
	t.Helper()
	return MustFitExample(t, "", c)
}

// MustFitExample is [MustFit] for the card of the example JSON, which each failure names: a tool
// with several //card:example lines has one golden test, and the message says which example to
// fix.
func MustFitExample(t testing.TB, example string, c card.Card) Example {
	t.Helper()
	fitted, changes := card.FitWithChanges(c)
	for _, ch := range changes {
		change := named(c, ch.Path) + ": " + ch.What
		if example == "" {
			t.Errorf("the example's card does not fit as written: %s", change)
			continue
		}
		// A slot comes from a //card: directive or from a card tag on the output type's field
		// (`card:"field=Ptr"`): the message cannot tell which, so it names both.
		t.Errorf("the card of the example %s does not fit as written: %s; change the example, or the //card: directive or the card tag of that slot", example, change)
	}
	return Example{Card: fitted, MessagingText: fitted.MessagingText()}
}

// named returns the path of a change to c, with the label of the field or button it is in
// when that label shows (`fields[1] ("Ptr")`, `actions[0].url ("Track")`): a card built from
// tags and directives has no index in the source, and the label is what the reader can find
// there. The label is quoted as Go quotes it and cut to 40 characters.
func named(c card.Card, path string) string {
	var labels []string
	rest, ok := strings.CutPrefix(path, "fields[")
	if ok {
		for _, f := range c.Fields {
			labels = append(labels, f.Label)
		}
	} else if rest, ok = strings.CutPrefix(path, "actions["); ok {
		for _, a := range c.Actions {
			labels = append(labels, a.Label)
		}
	}
	digits, _, closed := strings.Cut(rest, "]")
	i, err := strconv.Atoi(digits)
	if !ok || !closed || err != nil || i < 0 || i >= len(labels) || card.IsBlank(labels[i]) {
		return path
	}
	return fmt.Sprintf("%s (%q)", path, card.Clip(labels[i], 40))
}

// Schemas is a tool's pair of schemas as the golden file records them.
func Schemas(input, output json.RawMessage) any {
	return map[string]json.RawMessage{"input": input, "output": output}
}

// Golden compares v, as indented JSON, with the file at path (relative to the package), or, when
// the test runs with -update, rewrites the file if it differs.
func Golden(t testing.TB, path string, v any) {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	got := buf.Bytes()
	want, err := os.ReadFile(path)
	// A checkout with CRLF line endings (git's core.autocrlf, the default on Windows) holds the
	// same file: only the lines count.
	want = bytes.ReplaceAll(want, []byte("\r\n"), []byte("\n"))
	same := err == nil && bytes.Equal(bytes.TrimSpace(got), bytes.TrimSpace(want))
	if Update() {
		// A file that already matches is left as it is: -update after a change to one tool
		// then touches that tool's files alone, keeps a CRLF checkout's line endings, and does
		// not fail on a read-only file (a Perforce checkout not opened for edit).
		if same {
			return
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatalf("-update cannot write the golden file: %v; make it writable and run go test -run Golden -update again", err)
		}
		t.Logf("wrote %s", path) // what to review before committing, as the removals are logged
		return
	}
	if err != nil {
		t.Fatalf("%v; run go test -run Golden -update to write it", err)
	}
	if !same {
		// The lines that changed, with a few around them: a card's or a schema's golden file is
		// tens of lines, and printing both whole left the reader to find the change.
		t.Errorf("%s differs (- the file, + what the code makes now; go test -run Golden -update rewrites it after review):\n%s",
			path, cmp.Diff(lines(want), lines(got)))
	}
}

// GoldenKinds returns the endings of the golden files the generated test writes for a tool,
// after the tool's name: its schemas, its result card, its Agent Chat Protocol card and its
// markdown document. Leftovers treats a file under testdata/golden with one of these endings as
// the generated test's own. The slice is the caller's: changing it changes nothing here.
func GoldenKinds() []string {
	return slices.Clone(goldenKinds)
}

var goldenKinds = []string{".schema.json", ".card.json", ".acp.json", ".markdown.json"}

// Leftovers fails for each file in dir (testdata/golden) named like a golden file of the
// generated test, <tool> followed by one of GoldenKinds, that is not one of want, the names of
// the files the test writes now. Such a file is left over from a tool that was renamed or
// removed, or from a card a tool no longer has: nothing compares it with anything any more, and
// a reviewer would take it for the tool's current output. With -update it removes them instead.
// Other files in dir, and a dir that does not exist, are left alone.
func Leftovers(t testing.TB, dir string, want []string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	written := make(map[string]bool, len(want))
	for _, name := range want {
		written[name] = true
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || written[name] || !slices.ContainsFunc(goldenKinds, func(kind string) bool {
			return len(name) > len(kind) && strings.HasSuffix(name, kind)
		}) {
			continue
		}
		path := filepath.ToSlash(filepath.Join(dir, name))
		if !Update() {
			t.Errorf("%s is not a golden file of any tool of this package (a tool renamed or removed, or a card it no longer has); go test -run Golden -update removes it", path)
			continue
		}
		if err := os.Remove(filepath.Join(dir, name)); err != nil {
			t.Error(err)
			continue
		}
		t.Logf("removed %s, a golden file of no tool of this package", path)
	}
}

// lines splits a golden file's text into its lines, without the final newline.
func lines(b []byte) []string {
	return strings.Split(string(bytes.TrimSpace(b)), "\n")
}

// DocumentPart is one part of a markdown card example as the golden file records it.
type DocumentPart struct {
	Title string       `json:"title"`
	Parts mdcard.Parts `json:"parts"`
	// Sections are the H2 headings the part shows, which is what a reviewer checks a split by.
	Sections []string `json:"sections"`
	Runes    int      `json:"runes"`
}

// Document renders every part of a markdown card example and records each part, failing the test
// when a part does not render.
func Document(t testing.TB, md string, opts mdcard.RenderOptions) []DocumentPart {
	t.Helper()
	var out []DocumentPart
	for part := 1; ; part++ {
		opts.Part = part
		res, err := mdcard.Render(md, opts)
		if err != nil {
			t.Fatalf("rendering part %d: %v", part, err)
		}
		out = append(out, DocumentPart{Title: res.Card.Title, Parts: res.Parts, Sections: summaries(res.Card.HTML), Runes: utf8.RuneCountInString(res.Card.HTML)})
		if !res.Parts.HasMore {
			return out
		}
	}
}

// summaries lists the text of each <summary> (the folded H2 headings) in a rendered part.
func summaries(html string) []string {
	list := []string{}
	for {
		i := strings.Index(html, "<summary")
		if i < 0 {
			return list
		}
		html = html[i:]
		j := strings.IndexByte(html, '>')
		k := strings.Index(html, "</summary>")
		if j < 0 || k < j {
			return list
		}
		list = append(list, stripTags(html[j+1:k]))
		html = html[k:]
	}
}

func stripTags(s string) string {
	var b strings.Builder
	in := false
	for _, r := range s {
		switch {
		case r == '<':
			in = true
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return strings.TrimSpace(b.String())
}
