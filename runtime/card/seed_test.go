package card

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestSeedLimitsAtTheBoundary holds every length limit of the platform's card table to its
// boundary. The seed says "characters" without saying which; limits are counted in UTF-16 code
// units (Len), which a JavaScript host's .length counts, and which are never fewer than code
// points: exactly the limit validates, one unit more does not, and Fit brings the longer value
// back to the limit.
func TestSeedLimitsAtTheBoundary(t *testing.T) {
	slots := []struct {
		name  string
		limit int
		set   func(c *Card, s string)
		get   func(c Card) string
	}{
		{"title", 80, func(c *Card, s string) { c.Title = s }, func(c Card) string { return c.Title }},
		{"subtitle", 160, func(c *Card, s string) { c.Subtitle = s }, func(c Card) string { return c.Subtitle }},
		{"text", 300, func(c *Card, s string) { c.Text = s }, func(c Card) string { return c.Text }},
		{"fields[0].label", 40, func(c *Card, s string) { c.Fields[0].Label = s }, func(c Card) string { return c.Fields[0].Label }},
		{"fields[0].value", 120, func(c *Card, s string) { c.Fields[0].Value = s }, func(c Card) string { return c.Fields[0].Value }},
		{"actions[0].label", 30, func(c *Card, s string) { c.Actions[0].Label = s }, func(c Card) string { return c.Actions[0].Label }},
		{"actions[1].text", 200, func(c *Card, s string) { c.Actions[1].Text = s }, func(c Card) string { return c.Actions[1].Text }},
		{"fallback_text", 500, func(c *Card, s string) { c.FallbackText = s }, func(c Card) string { return c.FallbackText }},
	}
	for _, sl := range slots {
		texts := []struct {
			kind     string
			at, over string
		}{
			// Three bytes each in UTF-8, one code point, one UTF-16 unit: a limit counted in
			// bytes would fail at once.
			{"multi-byte", strings.Repeat("ệ", sl.limit), strings.Repeat("ệ", sl.limit+1)},
			// An emoji is one code point and two UTF-16 units: the over text is the limit in
			// code points, which a host counting .length drops.
			{"emoji", strings.Repeat("😀", sl.limit/2), strings.Repeat("x", sl.limit-1) + "😀"},
		}
		for _, tx := range texts {
			t.Run(sl.name+"/"+tx.kind, func(t *testing.T) {
				at := orderCard()
				sl.set(&at, tx.at)
				if err := at.Validate(); err != nil {
					t.Errorf("exactly %d UTF-16 units: %v; want valid", sl.limit, err)
				}
				over := orderCard()
				sl.set(&over, tx.over)
				if err := over.Validate(); err == nil {
					t.Errorf("%d UTF-16 units (%d code points): valid; want the limit %d reported", Len(tx.over), utf8.RuneCountInString(tx.over), sl.limit)
				}
				fitted := Fit(over)
				if err := fitted.Validate(); err != nil {
					t.Fatalf("Fit: %v", err)
				}
				if n := Len(sl.get(fitted)); n != sl.limit || !strings.HasSuffix(sl.get(fitted), "…") {
					t.Errorf("Fit left %q, %d UTF-16 units; want %d (the limit, \"…\" included)", sl.get(fitted), n, sl.limit)
				}
			})
		}
	}
}

// TestSeedCountsAtTheBoundary: up to 4 rows and up to 2 buttons.
func TestSeedCountsAtTheBoundary(t *testing.T) {
	c := orderCard()
	c.Fields = []Field{{"a", "1"}, {"b", "2"}, {"c", "3"}, {"d", "4"}}
	if err := c.Validate(); err != nil {
		t.Errorf("4 rows: %v; want valid", err)
	}
	c.Fields = append(c.Fields, Field{"e", "5"})
	if c.Validate() == nil {
		t.Error("5 rows: valid; want the limit of 4 reported")
	}
	if n := len(Fit(c).Fields); n != 4 {
		t.Errorf("Fit kept %d rows; want 4", n)
	}
	c = orderCard()
	c.Actions = append(c.Actions, MessageAction("More", "Show more"))
	if c.Validate() == nil {
		t.Error("3 buttons: valid; want the limit of 2 reported")
	}
	if f := Fit(c); len(f.Actions) != 2 || f.Actions[0].Label != "Track" {
		t.Errorf("Fit kept %+v; want the first 2 buttons, the primary one first", f.Actions)
	}
}

// TestSeedNeverSendsADroppedCard: "A card over a limit, without fallback_text or with a URL that
// is not https is dropped entirely". Fit repairs each case so the card sent validates: no URL
// that is not https survives, and a fallback text is always there.
func TestSeedNeverSendsADroppedCard(t *testing.T) {
	c := orderCard()
	c.FallbackText = ""
	c.IconURL = "http://shop.example.com/icon.png"
	c.ImageURL = "ftp://shop.example.com/o.jpg"
	c.Actions = []Action{URLAction("Track", "http://shop.example.com/o/1042")}
	f := Fit(c)
	if err := f.Validate(); err != nil {
		t.Fatal(err)
	}
	if f.FallbackText == "" || f.IconURL != "" || f.ImageURL != "" || len(f.Actions) != 0 {
		t.Errorf("Fit = %+v; want a fallback text and no URL that is not https", f)
	}
}

// TestSeedWireNames checks the JSON names and values of the platform's example, to the character.
func TestSeedWireNames(t *testing.T) {
	b, err := json.Marshal(orderCard().Meta())
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"assistant_platform":{"card":{"v":1,"title":"Order #1042","subtitle":"Shipped","text":"Arrives Friday.",` +
		`"icon_url":"https://shop.example.com/icon.png","image_url":"https://shop.example.com/o/1042.jpg",` +
		`"fields":[{"label":"Total","value":"1,250,000 ₫"},{"label":"Carrier","value":"GHN"}],` +
		`"actions":[{"kind":"url","label":"Track","url":"https://shop.example.com/o/1042"},{"kind":"message","label":"Cancel","text":"Cancel order 1042"}],` +
		`"fallback_text":"Order #1042 shipped, arrives Friday. Total 1,250,000 ₫."}}}`
	if string(b) != want {
		t.Errorf("wire form:\n got %s\nwant %s", b, want)
	}
}
