package mdcard

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestServeClipsLongTitles: a markdown card tool's title and subtitle come from the handler's
// data, which the model calling the tool cannot shorten; a title of 301 characters failed the
// whole call with "title is 301 characters; the limit is 300: shorten it". Serve clips them to
// their limits, as result cards are clipped, and the document is served.
func TestServeClipsLongTitles(t *testing.T) {
	t.Setenv("MCP_CHAT_CARDS_RENDER", "")
	d, err := NewDocument("get_guide")
	if err != nil {
		t.Fatal(err)
	}
	title, subtitle := strings.Repeat("T", MaxTitle+1), strings.Repeat("s", MaxSubtitle+40)
	_, out, err := d.Serve(nil, "# Guide\n\nBody.\n", RenderOptions{Title: title, Subtitle: subtitle})
	if err != nil {
		t.Fatalf("Serve refused a long title from data: %v", err)
	}
	if n := utf8.RuneCountInString(out.Card.Title); n != MaxTitle || !strings.HasSuffix(out.Card.Title, "…") {
		t.Errorf("title is %d characters (%q…); want it clipped to %d with an ellipsis", n, out.Card.Title[:10], MaxTitle)
	}
	if n := utf8.RuneCountInString(out.Card.Subtitle); n != MaxSubtitle || !strings.HasSuffix(out.Card.Subtitle, "…") {
		t.Errorf("subtitle is %d characters; want it clipped to %d with an ellipsis", n, MaxSubtitle)
	}
	if _, out, err := d.Serve(nil, "# Guide\n\nBody.\n", RenderOptions{Title: "Short"}); err != nil || out.Card.Title != "Short" {
		t.Errorf("a short title: %q, %v; want it as it is", out.Card.Title, err)
	}
}
