package card

import (
	"reflect"
	"strings"
	"testing"
)

func TestFit(t *testing.T) {
	tests := []struct {
		name    string
		in      Card
		want    Card
		changes []Change
	}{
		{
			name: "long title clipped",
			in:   Card{Title: strings.Repeat("a", 100), FallbackText: "f"},
			want: Card{V: 1, Title: strings.Repeat("a", 79) + "…", FallbackText: "f"},
			changes: []Change{
				{"title", "clipped from 100 to 80 characters"},
				{"v", "set to 1 (was 0)"},
			},
		},
		{
			// A JavaScript host counts .length: the 80 emoji are 160 units. A surrogate pair is
			// never split: 39 emoji and "…" are 79 units, and a 40th would not fit.
			name: "emoji title clipped in UTF-16 units",
			in:   Card{Title: strings.Repeat("😀", 80), FallbackText: "f"},
			want: Card{V: 1, Title: strings.Repeat("😀", 39) + "…", FallbackText: "f"},
			changes: []Change{
				{"title", "clipped from 160 to 79 UTF-16 code units (characters past U+FFFF, as most emoji are, count 2)"},
				{"v", "set to 1 (was 0)"},
			},
		},
		{
			// A host that checks for the "https://" prefix drops the card: the scheme is
			// written in lower case, the rest of the URL as it was.
			name: "upper-case scheme written in lower case",
			in: Card{Title: "T", IconURL: "HTTPS://Shop.Example.com/I.png", ImageURL: " Https://shop.example.com/o.jpg\n", FallbackText: "F",
				Actions: []Action{URLAction("Track", "hTTps://shop.example.com/o/1042"), URLAction("Map", "HTTP://shop.example.com/map")}},
			want: Card{V: 1, Title: "T", IconURL: "https://Shop.Example.com/I.png", ImageURL: "https://shop.example.com/o.jpg", FallbackText: "F",
				Actions: []Action{URLAction("Track", "https://shop.example.com/o/1042")}},
			changes: []Change{
				{"icon_url", `wrote the scheme "HTTPS" in lower case, as hosts look for "https://"`},
				{"image_url", "trimmed surrounding white space"},
				{"image_url", `wrote the scheme "Https" in lower case, as hosts look for "https://"`},
				{"actions[0].url", `wrote the scheme "hTTps" in lower case, as hosts look for "https://"`},
				{"actions[1]", `dropped: "HTTP://shop.example.com/map" is not an https URL`},
				{"v", "set to 1 (was 0)"},
			},
		},
		{
			name: "control characters",
			in:   Card{Title: "Order\t#1042\r\n", Subtitle: "a\u2028b", Text: "line1\r\nline2\rline3\x00\t!", FallbackText: "x\u0085y"},
			want: Card{V: 1, Title: "Order #1042 ", Subtitle: "a b", Text: "line1\nline2\nline3 !", FallbackText: "x\ny"},
			changes: []Change{
				{"title", "replaced line breaks and tabs with spaces and removed other control characters"},
				{"subtitle", "replaced line breaks and tabs with spaces and removed other control characters"},
				{"text", `normalized line breaks to "\n", tabs to spaces and removed other control characters`},
				{"fallback_text", `normalized line breaks to "\n", tabs to spaces and removed other control characters`},
				{"v", "set to 1 (was 0)"},
			},
		},
		{
			name: "invalid UTF-8",
			in:   Card{V: 1, Title: "caf\xe9", FallbackText: "ok"},
			want: Card{V: 1, Title: "caf\uFFFD", FallbackText: "ok"},
			changes: []Change{
				{"title", "replaced invalid UTF-8 with U+FFFD"},
			},
		},
		{
			name: "urls",
			in:   Card{Title: "T", IconURL: "http://x.com/i.png", ImageURL: " https://x.com/o.jpg\n", FallbackText: "F"},
			want: Card{V: 1, Title: "T", ImageURL: "https://x.com/o.jpg", FallbackText: "F"},
			changes: []Change{
				{"icon_url", `dropped "http://x.com/i.png": not an https URL`},
				{"image_url", "trimmed surrounding white space"},
				{"v", "set to 1 (was 0)"},
			},
		},
		{
			name: "credentials",
			in: Card{Title: "T", IconURL: "https://u:p@shop.example.com/i.png", FallbackText: "F", Actions: []Action{
				URLAction("Track", "https://shop.example.com@evil.example/o/1042"),
			}},
			want: Card{V: 1, Title: "T", FallbackText: "F"},
			changes: []Change{
				{"icon_url", `dropped "https://u:p@shop.example.com/i.png": not an https URL`},
				{"actions[0]", `dropped: "https://shop.example.com@evil.example/o/1042" is not an https URL`},
				{"v", "set to 1 (was 0)"},
			},
		},
		{
			name: "fields",
			in: Card{Title: "T", FallbackText: "F", Fields: []Field{
				{"A", "1"}, {"", "2"}, {"C", " "}, {"D", strings.Repeat("v", 130)}, {"E\n", "5"}, {"F", "6"}, {"G", "7"},
			}},
			want: Card{V: 1, Title: "T", FallbackText: "F", Fields: []Field{
				{"A", "1"}, {"D", strings.Repeat("v", 119) + "…"}, {"E ", "5"}, {"F", "6"},
			}},
			changes: []Change{
				{"fields[1]", "dropped: the label or value is empty"},
				{"fields[2]", "dropped: the label or value is empty"},
				{"fields[3].value", "clipped from 130 to 120 characters"},
				{"fields[4].label", "replaced line breaks and tabs with spaces and removed other control characters"},
				{"fields[6]", "dropped: a card shows at most 4 fields"},
				{"v", "set to 1 (was 0)"},
			},
		},
		{
			name: "actions",
			in: Card{Title: "T", FallbackText: "F", Actions: []Action{
				{Kind: " URL", Label: "Track", URL: "https://x.com/t", Text: "stray"},
				URLAction("Bad", "http://x.com"),
				{Kind: "link", Label: "Go", URL: "https://x.com"},
				{Kind: KindURL, Label: " ", URL: "https://x.com"},
				{Kind: KindMessage, Label: "Say", Text: "\x00"},
				{Label: "Nothing"},
				{Label: "Cancel", Text: "Cancel order 1042", URL: " "},
				MessageAction("More", "more"),
			}},
			want: Card{V: 1, Title: "T", FallbackText: "F", Actions: []Action{
				URLAction("Track", "https://x.com/t"),
				MessageAction("Cancel", "Cancel order 1042"),
			}},
			changes: []Change{
				{"actions[0].kind", `changed " URL" to "url"`},
				{"actions[0].text", "removed: url buttons carry no text"},
				{"actions[1]", `dropped: "http://x.com" is not an https URL`},
				{"actions[2]", `dropped: unknown kind "link"`},
				{"actions[3]", "dropped: the label is empty"},
				{"actions[4]", "dropped: the message text is empty"},
				{"actions[5]", "dropped: no kind, url or text"},
				{"actions[6].kind", `changed "" to "message"`},
				{"actions[6].url", "removed: message buttons carry no url"},
				{"actions[7]", "dropped: a card shows at most 2 buttons"},
				{"v", "set to 1 (was 0)"},
			},
		},
		{
			// The first button is the primary one: when it goes, the second must not
			// become primary in its place (a "Cancel" drawn as the main action).
			name: "dropped primary button takes the others with it",
			in: Card{Title: "T", FallbackText: "F", Actions: []Action{
				URLAction("Pay", "http://pay.example.com/7"),
				MessageAction("Cancel", "Cancel booking 7"),
				MessageAction("Help", "Help with booking 7"),
			}},
			want: Card{V: 1, Title: "T", FallbackText: "F"},
			changes: []Change{
				{"actions[0]", `dropped: "http://pay.example.com/7" is not an https URL`},
				{"actions[1]", "dropped: the primary button, actions[0], was dropped, and a later button must not take its place"},
				{"actions[2]", "dropped: the primary button, actions[0], was dropped, and a later button must not take its place"},
				{"v", "set to 1 (was 0)"},
			},
		},
		{
			name: "title from first field, fallback built",
			in:   Card{Subtitle: "Shipped", Fields: []Field{{"Total", "10 €"}}},
			want: Card{V: 1, Title: "Total: 10 €", Subtitle: "Shipped", Fields: []Field{{"Total", "10 €"}}, FallbackText: "Total: 10 €\nShipped"},
			changes: []Change{
				{"title", "was empty; used the first field"},
				{"fallback_text", "was empty; built from the title, subtitle, text and fields"},
				{"v", "set to 1 (was 0)"},
			},
		},
		{
			name: "title from subtitle",
			in:   Card{Title: "\x01", Subtitle: "  Shipped ", FallbackText: "Order shipped"},
			want: Card{V: 1, Title: "Shipped", Subtitle: "  Shipped ", FallbackText: "Order shipped"},
			changes: []Change{
				{"title", "replaced line breaks and tabs with spaces and removed other control characters"},
				{"title", "was empty; used the subtitle"},
				{"v", "set to 1 (was 0)"},
			},
		},
		{
			name: "title from fallback first line",
			in:   Card{Title: "  ", Text: "text line", FallbackText: "\n  First line  \nsecond"},
			want: Card{V: 1, Title: "First line", Text: "text line", FallbackText: "\n  First line  \nsecond"},
			changes: []Change{
				{"title", "was empty; used the first line of the fallback text"},
				{"v", "set to 1 (was 0)"},
			},
		},
		{
			name: "title from text first line",
			in:   Card{Text: "Arrives Friday.\nTrack it online."},
			want: Card{V: 1, Title: "Arrives Friday.", Text: "Arrives Friday.\nTrack it online.", FallbackText: "Arrives Friday.\nTrack it online."},
			changes: []Change{
				{"title", "was empty; used the first line of the text"},
				{"fallback_text", "was empty; built from the title, subtitle, text and fields"},
				{"v", "set to 1 (was 0)"},
			},
		},
		{
			name: "empty card",
			in:   Card{},
			want: Card{V: 1, Title: "Result", FallbackText: "Result"},
			changes: []Change{
				{"title", `was empty; used "Result"`},
				{"fallback_text", "was empty; built from the title, subtitle, text and fields"},
				{"v", "set to 1 (was 0)"},
			},
		},
		{
			name: "built fallback clipped",
			in: Card{
				Title:    "T",
				Subtitle: strings.Repeat("s", 160),
				Text:     strings.Repeat("x", 300),
				Fields:   []Field{{"L", strings.Repeat("v", 120)}},
			},
			want: Card{
				V:            1,
				Title:        "T",
				Subtitle:     strings.Repeat("s", 160),
				Text:         strings.Repeat("x", 300),
				Fields:       []Field{{"L", strings.Repeat("v", 120)}},
				FallbackText: "T\n" + strings.Repeat("s", 160) + "\n" + strings.Repeat("x", 300) + "\nL: " + strings.Repeat("v", 32) + "…",
			},
			changes: []Change{
				{"fallback_text", "was empty; built from the title, subtitle, text and fields"},
				{"v", "set to 1 (was 0)"},
			},
		},
		{
			// A CHAR(n) column's padding, or a value that is white space up to the cut: a
			// lone "…" would say nothing, so the slot is emptied and then treated as blank.
			name: "blank up to the limit",
			in: Card{Title: strings.Repeat(" ", 100), Subtitle: "Shipped", Text: strings.Repeat(" ", 299) + "abc",
				Fields:       []Field{{Label: "Total", Value: strings.Repeat(" ", 130)}, {Label: "Qty", Value: "2"}},
				Actions:      []Action{{Kind: KindMessage, Label: strings.Repeat("\u3000", 40), Text: "x"}},
				FallbackText: strings.Repeat("\u200b", 600)},
			want: Card{V: 1, Title: "Qty: 2", Subtitle: "Shipped", Fields: []Field{{Label: "Qty", Value: "2"}}, FallbackText: "Qty: 2\nShipped"},
			changes: []Change{
				{"title", "emptied: nothing in its first 79 characters shows"},
				{"text", "emptied: nothing in its first 299 characters shows"},
				{"fields[0]", "dropped: the label or value is empty"},
				{"actions[0]", "dropped: the label is empty"},
				{"fallback_text", "emptied: nothing in its first 499 characters shows"},
				{"title", "was empty; used the first field"},
				{"fallback_text", "was empty; built from the title, subtitle, text and fields"},
				{"v", "set to 1 (was 0)"},
			},
		},
		{
			name:    "unknown version",
			in:      Card{V: 7, Title: "T", FallbackText: "F"},
			want:    Card{V: 1, Title: "T", FallbackText: "F"},
			changes: []Change{{"v", "set to 1 (was 7)"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, changes := FitWithChanges(tt.in)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("FitWithChanges card:\n got %#v\nwant %#v", got, tt.want)
			}
			if !reflect.DeepEqual(changes, tt.changes) {
				t.Errorf("changes:\n got %q\nwant %q", changes, tt.changes)
			}
			if err := got.Validate(); err != nil {
				t.Errorf("fitted card is invalid: %v", err)
			}
			if plain := Fit(tt.in); !reflect.DeepEqual(plain, got) {
				t.Errorf("Fit and FitWithChanges differ:\n Fit %#v\n FWC %#v", plain, got)
			}
		})
	}
}

// TestFitValidUnchanged checks that Fit returns a valid card deep-equal to
// itself, whatever its version and however its slices are set.
func TestFitValidUnchanged(t *testing.T) {
	unset := orderCard()
	unset.V = 0
	cards := map[string]Card{
		"documentation example": orderCard(),
		"version unset":         unset,
		"minimal":               {Title: "T", FallbackText: "F"},
		"empty non-nil slices":  {Title: "T", FallbackText: "F", Fields: []Field{}, Actions: []Action{}},
		"padding kept":          {Title: " T ", Subtitle: "  ", Text: "\n\n", FallbackText: " F\n"},
		"combining marks":       {Title: "Cafe\u0301", FallbackText: "Đơn hàng đã giao"},
		"upper-case host":       {Title: "T", IconURL: "https://X.COM/i.png", FallbackText: "F"},
		"at the limits":         {Title: strings.Repeat("ü", 80), Text: strings.Repeat("\n", 300), FallbackText: strings.Repeat("…", 500)},
	}
	for name, c := range cards {
		if err := c.Validate(); err != nil {
			t.Fatalf("%s: test card is invalid: %v", name, err)
		}
		got, changes := FitWithChanges(c)
		if !reflect.DeepEqual(got, c) {
			t.Errorf("%s: Fit changed a valid card:\n got %#v\nwant %#v", name, got, c)
		}
		if len(changes) != 0 {
			t.Errorf("%s: changes %q; want none", name, changes)
		}
	}
}

func TestFitSharesNoMemory(t *testing.T) {
	in := orderCard()
	out := Fit(in)
	out.Fields[0].Value = "changed"
	out.Actions[0].URL = "https://changed.example.com"
	if want := orderCard(); !reflect.DeepEqual(in, want) {
		t.Errorf("changing Fit's result changed its input:\n got %#v\nwant %#v", in, want)
	}
}
