package gen

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestSeedLimitsAtGenerateTime holds the fixed text of every result card slot to the platform's
// limits at their boundary, in multi-byte text: exactly the limit generates, one more character
// is a diagnostic, for literals and for the fixed text around a {{…}}. Fixed text beside a {{…}}
// must leave room for its data: one character under the limit generates, and the limit itself
// is a diagnostic, as the data would always be cut off.
func TestSeedLimitsAtGenerateTime(t *testing.T) {
	const ch = "ệ" // one character, three bytes
	r := func(n int) string { return strings.Repeat(ch, n) }
	card := func(d int) string {
		// The title ends in an escaped quote: one character of the text, two of the source.
		return fmt.Sprintf(`//card:result title="%s\"" subtitle="%s" text="%s"
//card:field "%s" "%s"
//card:field B "{{.ID}}%s"
//card:action url "%s" "https://shop.example.com/o/{{.ID}}"
//card:action message M "%s"
//card:fallback "%s"
`, r(79+d), r(160+d), r(300+d), r(40+d), r(120+d), r(119+d), r(30+d), r(200+d), r(500+d))
	}
	src := func(d int) string {
		return "package p\n\nimport \"context\"\n\ntype In struct {\n\tID string `json:\"id\"`\n}\n\n" +
			"// F shows an order.\n//\n//card:tool\n" + card(d) +
			"func F(ctx context.Context, in In) (*In, error) { return nil, nil }\n"
	}

	at := moduleTempDir(t, "seedat")
	writeTree(t, at, map[string]string{"p.go": src(0)})
	if diags := modelDiags(t, at); len(diags) != 0 {
		t.Errorf("every slot at its limit: %v; want no diagnostics", diags)
	}

	over := moduleTempDir(t, "seedover")
	writeTree(t, over, map[string]string{"p.go": src(1)})
	diags := modelDiags(t, over)
	var got []string
	for _, d := range diags {
		got = append(got, d.Msg)
	}
	for _, want := range []string{
		"card title is 81 characters; the limit is 80",
		"card subtitle is 161 characters; the limit is 160",
		"card text is 301 characters; the limit is 300",
		"is 41 characters; the limit is 40",
		"field value is 121 characters; the limit is 120",
		"the fixed text of the field value is 120 characters, its whole limit, so the data of its {{…}} would always be cut off",
		"is 31 characters; the limit is 30",
		"action message is 201 characters; the limit is 200",
		"fallback text is 501 characters; the limit is 500",
	} {
		found := false
		for _, g := range got {
			found = found || strings.Contains(g, want)
		}
		if !found {
			t.Errorf("no diagnostic %q in\n%s", want, strings.Join(got, "\n"))
		}
	}
	if len(diags) != 9 {
		t.Errorf("%d diagnostics; want 9, one per slot:\n%s", len(diags), strings.Join(got, "\n"))
	}

	// One more character of fixed text beside the {{…}} is over the limit itself.
	further := moduleTempDir(t, "seedfurther")
	writeTree(t, further, map[string]string{"p.go": src(2)})
	want := "the fixed text of the field value is already 121 characters; the limit is 120"
	if !slices.ContainsFunc(modelDiags(t, further), func(d Diagnostic) bool { return strings.Contains(d.Msg, want) }) {
		t.Errorf("no diagnostic %q two characters over", want)
	}
}
