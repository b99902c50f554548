package annotations

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite docs/directives.md from Markdown()")

const docPath = "../docs/directives.md"

// TestDirectivesDoc fails when the committed reference differs from what the
// registry generates. Run with -update to rewrite it.
func TestDirectivesDoc(t *testing.T) {
	want := Markdown()
	if *update {
		if err := os.WriteFile(docPath, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatalf("%v; run go test ./annotations -run TestDirectivesDoc -update", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is out of date; run go test ./annotations -run TestDirectivesDoc -update", docPath)
	}
}

func TestMarkdownCoversRegistry(t *testing.T) {
	md := string(Markdown())
	for _, s := range Specs() {
		for _, want := range []string{"\n## //card:" + s.Name + "\n", "```\n" + s.Usage() + "\n```", "```go\n" + s.Example + "\n```"} {
			if !strings.Contains(md, want) {
				t.Errorf("Markdown() lacks %q", want)
			}
		}
	}
	for _, s := range tagSlots {
		if !strings.Contains(md, "| `"+s.Name) {
			t.Errorf("Markdown() lacks tag slot %s", s.Name)
		}
	}
	for _, want := range []string{"## Templates", "## Struct tags", "## Value kinds"} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown() lacks %q", want)
		}
	}
}

func TestWriteHelpOverview(t *testing.T) {
	var b bytes.Buffer
	if err := WriteHelp(&b, ""); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, s := range Specs() {
		if !strings.Contains(out, "  //card:"+s.Name+" ") || !strings.Contains(out, s.Summary) {
			t.Errorf("overview lacks //card:%s and its summary", s.Name)
		}
	}
	// The last lines name every topic, and the command that writes a view. Prose is
	// word-wrapped; compare with line breaks as spaces.
	flat := strings.Join(strings.Fields(out), " ")
	for _, want := range []string{`"cardgen help templates"`, `"cardgen help tags"`, `"cardgen help kinds"`, `"cardgen new <tool_name> -view"`} {
		if !strings.Contains(flat, want) {
			t.Errorf("overview lacks %s", want)
		}
	}
	for _, want := range []string{"  action=Label   The field is an https URL opened by a button", "  -              The field never appears on a card"} {
		if !strings.Contains(out, want) {
			t.Errorf("overview lacks the tag line %q", want)
		}
	}
}

func TestWriteHelpDirective(t *testing.T) {
	for _, name := range []string{"field", "card:field", "//card:field"} {
		var b bytes.Buffer
		if err := WriteHelp(&b, name); err != nil {
			t.Fatalf("WriteHelp(%q): %v", name, err)
		}
		want := "//card:field: Add a detail row (label and value) to the result card.\n\n" +
			"Usage:  //card:field LABEL VALUE\n" +
			"On:     func or type (repeatable)\n\n" +
			"A card shows at most 4 fields, in the order given.\n\n" +
			"Arguments:\n" +
			"  LABEL   string     The row label, at most 40 characters.\n" +
			"  VALUE   template   The row value, at most 120 characters.\n\n" +
			"Example:\n" +
			"  //card:field Total \"{{.Total}}\"\n"
		if b.String() != want {
			t.Errorf("WriteHelp(%q)\n got:\n%s\nwant:\n%s", name, b.String(), want)
		}
	}
}

func TestWriteHelpTopics(t *testing.T) {
	for topic, want := range map[string]string{
		"templates": "Write a literal {{ as {{\"{{\"}}, in a backquoted value",
		// The generated code calls String() first, on a named string type too
		// (c.Title = out.Status.String()), as docs/generator.md's table says.
		"template": "a value shows through its String method if it has one (a named string type's too), else as itself if it is a string",
		"tags":     "action=Label",
		"kinds":    "template A template: see Templates (cardgen help templates).",
		"kind":     "URL template A template whose value is an https URL",
	} {
		var b bytes.Buffer
		// Prose is word-wrapped; compare with line breaks as spaces.
		err := WriteHelp(&b, topic)
		if out := strings.Join(strings.Fields(b.String()), " "); err != nil || !strings.Contains(out, want) {
			t.Errorf("WriteHelp(%q) = %v, output lacks %q", topic, err, want)
		}
	}
}

func TestWriteHelpUnknown(t *testing.T) {
	tests := map[string]string{
		"tol":      `unknown directive "tol"; did you mean tool?`,
		"templats": `unknown directive "templats"; did you mean templates?`,
		"zzzz":     `unknown directive "zzzz"; run cardgen help for the list`,
	}
	for name, want := range tests {
		var b bytes.Buffer
		err := WriteHelp(&b, name)
		if err == nil || err.Error() != want {
			t.Errorf("WriteHelp(%q) = %v; want %s", name, err, want)
		}
		if b.Len() != 0 {
			t.Errorf("WriteHelp(%q) wrote %q despite the error", name, b.String())
		}
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteHelpWriteError(t *testing.T) {
	if err := WriteHelp(failWriter{}, "tool"); err == nil || err.Error() != "disk full" {
		t.Errorf("WriteHelp to a failing writer = %v; want disk full", err)
	}
}
