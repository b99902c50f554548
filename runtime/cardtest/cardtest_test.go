package cardtest

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/internal/testenv"
	"github.com/cardgen/cardgen/runtime/card"
	"github.com/cardgen/cardgen/runtime/mdcard"
)

// update is the flag the generated test files declare; Update reads it by name.
var update = flag.Bool("update", false, "rewrite golden files")

// expect fails t unless r recorded exactly one failure, fatal or not as wanted, mentioning want;
// or, with want "", nothing at all.
func expect(t *testing.T, what string, r *testenv.Recorder, fatal bool, want string) {
	t.Helper()
	switch {
	case want == "" && len(r.Errors) > 0:
		t.Errorf("%s: failed with %q; want no failure", what, r.Errors)
	case want != "" && (len(r.Errors) != 1 || r.FatalCalled != fatal || !strings.Contains(r.Errors[0], want)):
		t.Errorf("%s: recorded %q (fatal %v); want one failure (fatal %v) mentioning %q", what, r.Errors, r.FatalCalled, fatal, want)
	}
}

type out struct {
	ID    string `json:"id"`
	Total int    `json:"total"`
}

func TestDecode(t *testing.T) {
	var o out
	expect(t, "a valid example", testenv.Record(func(tb testing.TB) { Decode(tb, `{"id":"1042","total":5}`, &o) }), false, "")
	if o != (out{ID: "1042", Total: 5}) {
		t.Errorf("decoded %+v", o)
	}
	expect(t, "an unknown key", testenv.Record(func(tb testing.TB) { Decode(tb, `{"id":"1","totl":5}`, &o) }), true, `unknown field "totl"`)
	expect(t, "not JSON", testenv.Record(func(tb testing.TB) { Decode(tb, `{"id":`, &o) }), true, "does not decode")
	// An example is one value: what follows it would be dropped without a word.
	expect(t, "a second value", testenv.Record(func(tb testing.TB) { Decode(tb, `{"id":"1"} {"id":"2"}`, &o) }), true, "after the first value")
	expect(t, "text after the value", testenv.Record(func(tb testing.TB) { Decode(tb, `{"id":"1"}, "total":5}`, &o) }), true, "after the first value")
	expect(t, "spaces after the value", testenv.Record(func(tb testing.TB) { Decode(tb, "{\"id\":\"1\"}\n ", &o) }), false, "")
}

func TestValidate(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"id":{"type":"string"},"total":{"type":"integer","minimum":0}},"required":["id"]}`)
	expect(t, "a matching example", testenv.Record(func(tb testing.TB) { Validate(tb, schema, `{"id":"1","total":3}`) }), false, "")
	expect(t, "a value below the minimum", testenv.Record(func(tb testing.TB) { Validate(tb, schema, `{"id":"1","total":-3}`) }), false, "does not match the output schema")
	expect(t, "a missing required key", testenv.Record(func(tb testing.TB) { Validate(tb, schema, `{"total":3}`) }), false, "does not match the output schema")
	expect(t, "a schema that is not JSON", testenv.Record(func(tb testing.TB) { Validate(tb, json.RawMessage(`{`), `{}`) }), true, "output schema")
	expect(t, "an example that is not JSON", testenv.Record(func(tb testing.TB) { Validate(tb, schema, `{`) }), true, "example {")

	// A slice an output schema lets be null: the failure names the element's field, not the oneOf.
	lines := json.RawMessage(`{"type":"object","properties":{"lines":{"oneOf":[{"type":"array","items":{"type":"object","properties":{"qty":{"type":"integer","minimum":1}}}},{"type":"null"}]}}}`)
	expect(t, "a value wrong inside a nullable slice", testenv.Record(func(tb testing.TB) { Validate(tb, lines, `{"lines":[{"qty":0}]}`) }), false, "/properties/lines/items/properties/qty: minimum")
}

func TestMustFit(t *testing.T) {
	ok := card.Card{V: 1, Title: "Order #1042", FallbackText: "Order #1042"}
	var got Example
	expect(t, "a card that fits", testenv.Record(func(tb testing.TB) { got = MustFit(tb, ok) }), false, "")
	if got.Card.Title != ok.Title || got.MessagingText != ok.MessagingText() {
		t.Errorf("MustFit returned %+v", got)
	}
	long := ok
	long.Title = strings.Repeat("x", card.MaxTitle+1)
	expect(t, "a title over the limit", testenv.Record(func(tb testing.TB) { MustFit(tb, long) }), false, "does not fit as written")
	// The generated test names the example whose card does not fit: a tool may have several.
	ex := `{"id":"1042"}`
	expect(t, "an example's title over the limit", testenv.Record(func(tb testing.TB) { MustFitExample(tb, ex, long) }), false,
		"the card of the example "+ex+" does not fit as written: ")
}

// TestMustFitExampleNamesTheSlot: a slot dropped by card.Fit is named by its label as well as its
// index, and the advice names both places a slot comes from, a //card: directive or a card tag
// (`card:"field=Ptr"`): the message said "the //card: directive of that slot" for a field that
// came from a tag, and named it by its index alone.
func TestMustFitExampleNamesTheSlot(t *testing.T) {
	const ex = `{"id":"1042"}`
	const advice = "; change the example, or the //card: directive or the card tag of that slot"
	ok := card.Card{V: 1, Title: "Order #1042", FallbackText: "Order #1042"}
	for _, c := range []struct {
		name string
		edit func(*card.Card)
		want string
	}{
		{"a field with an empty value", func(c *card.Card) {
			c.Fields = []card.Field{{Label: "Total", Value: "5"}, {Label: "Ptr", Value: ""}}
		}, `fields[1] ("Ptr"): dropped: the label or value is empty`},
		{"a field without a label", func(c *card.Card) {
			c.Fields = []card.Field{{Label: " ", Value: "5"}}
		}, `fields[0]: dropped: the label or value is empty`},
		{"a button without an https URL", func(c *card.Card) {
			c.Actions = []card.Action{card.URLAction("Track", "http://shop.example.com/o/1042")}
		}, `actions[0] ("Track"): `},
		{"a long field label, quoted and cut", func(c *card.Card) {
			c.Fields = []card.Field{{Label: "Ship \"to\" " + strings.Repeat("x", 100), Value: ""}}
		}, `fields[0] ("Ship \"to\" ` + strings.Repeat("x", 40-11) + `…"): dropped`}, // 40 characters, "…" included
		{"the title, which has no label", func(c *card.Card) {
			c.Title = strings.Repeat("x", card.MaxTitle+1)
		}, `: title: clipped`},
	} {
		bad := ok
		c.edit(&bad)
		r := testenv.Record(func(tb testing.TB) { MustFitExample(tb, ex, bad) })
		if len(r.Errors) == 0 {
			t.Errorf("%s: no failure; want one mentioning %s", c.name, c.want)
			continue
		}
		if msg := r.Errors[0]; !strings.Contains(msg, c.want) || !strings.HasSuffix(msg, advice) {
			t.Errorf("%s: %s\nwant it to mention %s and end with %q", c.name, msg, c.want, advice)
		}
	}
	// Without an example, the slot is named the same way.
	bad := ok
	bad.Fields = []card.Field{{Label: "Ptr", Value: ""}}
	want := `the example's card does not fit as written: fields[0] ("Ptr"): dropped: the label or value is empty`
	if r := testenv.Record(func(tb testing.TB) { MustFit(tb, bad) }); len(r.Errors) != 1 || r.Errors[0] != want {
		t.Errorf("MustFit recorded %q; want [%s]", r.Errors, want)
	}
}

func TestSchemas(t *testing.T) {
	b, err := json.Marshal(Schemas(json.RawMessage(`{"type":"object"}`), json.RawMessage(`{"type":"object","properties":{}}`)))
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"input":{"type":"object"},"output":{"type":"object","properties":{}}}`; string(b) != want {
		t.Errorf("Schemas encodes as %s; want %s", b, want)
	}
}

// TestGolden covers a missing file (fatal, and says how to write it), -update writing it, an
// equal value, and a different one (an error that shows both).
func TestGolden(t *testing.T) {
	path := filepath.Join(t.TempDir(), "golden", "x.json")
	v := map[string]any{"title": "<b>&", "n": 1}
	expect(t, "a missing golden file", testenv.Record(func(tb testing.TB) { Golden(tb, path, v) }), true, "go test -run Golden -update")

	*update = true
	r := testenv.Record(func(tb testing.TB) { Golden(tb, path, v) })
	*update = false
	expect(t, "-update", r, false, "")
	if len(r.Logs) != 1 || !strings.Contains(r.Logs[0], "wrote "+path) {
		t.Errorf("-update logged %q; want the file it wrote", r.Logs)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("-update did not write the file: %v", err)
	}
	if want := "{\n  \"n\": 1,\n  \"title\": \"<b>&\"\n}\n"; string(b) != want {
		t.Errorf("-update wrote %q; want indented JSON without HTML escapes, %q", b, want)
	}

	expect(t, "an equal value", testenv.Record(func(tb testing.TB) { Golden(tb, path, v) }), false, "")
	*update = true
	if r := testenv.Record(func(tb testing.TB) { Golden(tb, path, v) }); len(r.Logs) != 0 {
		t.Errorf("-update of an equal file logged %q; it writes nothing", r.Logs)
	}
	*update = false
	if err := os.WriteFile(path, []byte(strings.ReplaceAll(string(b), "\n", "\r\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	expect(t, "the file checked out with CRLF line endings", testenv.Record(func(tb testing.TB) { Golden(tb, path, v) }), false, "")
	expect(t, "a different value", testenv.Record(func(tb testing.TB) { Golden(tb, path, map[string]any{"n": 2}) }), false, "differs")
}

// TestGoldenShowsTheChange: a golden file that differs in one line of many is reported with that
// line, old and new, and not with the lines far from it.
func TestGoldenShowsTheChange(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.json")
	rows := make([]string, 40)
	for i := range rows {
		rows[i] = fmt.Sprintf("row %02d", i)
	}
	*update = true
	Golden(t, path, rows)
	*update = false
	rows[20] = "row twenty"
	r := testenv.Record(func(tb testing.TB) { Golden(tb, path, rows) })
	if len(r.Errors) != 1 {
		t.Fatalf("recorded %q; want one failure", r.Errors)
	}
	msg := r.Errors[0]
	for _, want := range []string{`"row 20"`, `"row twenty"`, "- the file, + what the code makes now"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the failure does not show %s:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, `"row 02"`) || strings.Contains(msg, `"row 38"`) {
		t.Errorf("the failure shows lines far from the change:\n%s", msg)
	}
}

// TestGoldenUpdateLeavesMatchingFiles: -update writes only the golden files that differ from what
// the code makes now. One that matches keeps its bytes (CRLF line endings included), and one that
// is read-only (a Perforce checkout not opened for edit) is no failure: -update after a change to
// one tool must not fail on every other tool's file. (Root writes into read-only files anyway.)
func TestGoldenUpdateLeavesMatchingFiles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.json")
	crlf := "{\r\n  \"n\": 1\r\n}\r\n"
	if err := os.WriteFile(path, []byte(crlf), 0o444); err != nil {
		t.Fatal(err)
	}
	*update = true
	r := testenv.Record(func(tb testing.TB) { Golden(tb, path, map[string]int{"n": 1}) })
	*update = false
	expect(t, "-update of a matching read-only file", r, false, "")
	if b, err := os.ReadFile(path); err != nil || string(b) != crlf {
		t.Errorf("-update rewrote a matching file: %q (%v); want it left as %q", b, err, crlf)
	}
}

func TestUpdate(t *testing.T) {
	if Update() {
		t.Fatal("Update is true without -update")
	}
	*update = true
	defer func() { *update = false }()
	if !Update() {
		t.Error("Update is false with the update flag set")
	}
}

// TestDocument renders a document long enough for two parts and checks each records its
// sections; a document that does not render is fatal.
func TestDocument(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Guide\n\n")
	for i := range 40 {
		fmt.Fprintf(&b, "## Section %d\n\n%s\n\n", i+1, strings.Repeat("Words that fill a section of the guide. ", 20))
	}
	var parts []DocumentPart
	expect(t, "a long document", testenv.Record(func(tb testing.TB) { parts = Document(tb, b.String(), mdcard.RenderOptions{}) }), false, "")
	if len(parts) < 2 {
		t.Fatalf("%d parts; want the document split into several", len(parts))
	}
	seen := 0
	for i, p := range parts {
		if p.Title != "Guide" || p.Parts.Current != i+1 || p.Parts.Total != len(parts) || p.Parts.HasMore != (i < len(parts)-1) || len(p.Sections) == 0 || p.Runes == 0 {
			t.Errorf("part %d: %+v", i+1, p)
		}
		if p.Sections[0] != fmt.Sprintf("Section %d", seen+1) {
			t.Errorf("part %d starts with section %q; want %q", i+1, p.Sections[0], fmt.Sprintf("Section %d", seen+1))
		}
		seen += len(p.Sections)
	}
	if seen != 40 {
		t.Errorf("the parts show %d sections in all; want 40", seen)
	}
}

// Schemas is what a tool's golden schema file holds: both schemas under "input" and "output".
func ExampleSchemas() {
	b, _ := json.Marshal(Schemas(json.RawMessage(`{"type":"object"}`), json.RawMessage(`{"type":"object"}`)))
	fmt.Println(string(b))
	// Output: {"input":{"type":"object"},"output":{"type":"object"}}
}

// TestLeftovers: a file named like a golden file of a tool and not among those the test writes
// fails the test, by its path and with what to do; -update removes it and logs it; the test's
// own files, files of other names, directories and a missing directory are left alone.
func TestLeftovers(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "golden")
	files := []string{"get_order.schema.json", "get_order.card.json", "old_tool.schema.json", "get_order.acp.json", "notes.json", "fixture.txt", ".card.json"}
	for _, name := range files {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte("{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "gone.card.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	want := []string{"get_order.schema.json", "get_order.card.json"}

	r := testenv.Record(func(tb testing.TB) { Leftovers(tb, dir, want) })
	if len(r.Errors) != 2 || r.FatalCalled {
		t.Fatalf("recorded %q (fatal %v); want two failures, for old_tool.schema.json and get_order.acp.json", r.Errors, r.FatalCalled)
	}
	for i, name := range []string{"get_order.acp.json", "old_tool.schema.json"} {
		if msg := r.Errors[i]; !strings.HasPrefix(msg, filepath.ToSlash(filepath.Join(dir, name))+" is not a golden file of any tool") || !strings.Contains(msg, "go test -run Golden -update removes it") {
			t.Errorf("failure %d is %q; want one naming %s and saying what to do", i, msg, name)
		}
	}
	for _, name := range files {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("without -update, %s was touched: %v", name, err)
		}
	}

	*update = true
	r = testenv.Record(func(tb testing.TB) { Leftovers(tb, dir, want) })
	*update = false
	expect(t, "-update", r, false, "")
	if len(r.Logs) != 2 || !strings.Contains(r.Logs[0], "removed ") || !strings.Contains(r.Logs[0], "get_order.acp.json") {
		t.Errorf("-update logged %q; want each removal", r.Logs)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if got, want := strings.Join(left, " "), ".card.json fixture.txt get_order.card.json get_order.schema.json gone.card.json notes.json"; got != want {
		t.Errorf("-update left %s; want %s", got, want)
	}
	expect(t, "after -update", testenv.Record(func(tb testing.TB) { Leftovers(tb, dir, want) }), false, "")
	expect(t, "a missing directory", testenv.Record(func(tb testing.TB) { Leftovers(tb, filepath.Join(dir, "none"), want) }), false, "")
}
