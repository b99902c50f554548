package card

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// orderJSON is the card of the platform's documentation example, as sent.
const orderJSON = `{"v":1,"title":"Order #1042","subtitle":"Shipped","text":"Arrives Friday.",` +
	`"icon_url":"https://shop.example.com/icon.png","image_url":"https://shop.example.com/o/1042.jpg",` +
	`"fields":[{"label":"Total","value":"1,250,000 ₫"},{"label":"Carrier","value":"GHN"}],` +
	`"actions":[{"kind":"url","label":"Track","url":"https://shop.example.com/o/1042"},` +
	`{"kind":"message","label":"Cancel","text":"Cancel order 1042"}],` +
	`"fallback_text":"Order #1042 shipped, arrives Friday. Total 1,250,000 ₫."}`

func TestMarshalWireShape(t *testing.T) {
	b, err := json.Marshal(orderCard())
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != orderJSON {
		t.Errorf("json.Marshal:\n got %s\nwant %s", b, orderJSON)
	}
	// Required slots are always present; optional ones are omitted.
	b, err = json.Marshal(Card{})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"title":"","fallback_text":""}`; string(b) != want {
		t.Errorf("json.Marshal(Card{}) = %s; want %s", b, want)
	}
}

func TestUnmarshalIgnoresUnknownFields(t *testing.T) {
	in := `{"v":1,"title":"Order #1042","badge":"new","fields":[{"label":"Total","value":"10","hint":"x"}],` +
		`"actions":[{"kind":"url","label":"Track","url":"https://x.com","style":"primary"}],` +
		`"fallback_text":"F","layout":{"columns":2}}`
	var got Card
	if err := json.Unmarshal([]byte(in), &got); err != nil {
		t.Fatal(err)
	}
	want := Card{V: 1, Title: "Order #1042", Fields: []Field{{"Total", "10"}}, Actions: []Action{URLAction("Track", "https://x.com")}, FallbackText: "F"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v\nwant %#v", got, want)
	}
}

func TestMessagingText(t *testing.T) {
	tests := []struct {
		name string
		card Card
		want string
	}{
		{"documentation example", orderCard(), "Order #1042 shipped, arrives Friday. Total 1,250,000 ₫.\nTrack: https://shop.example.com/o/1042"},
		{"no buttons", Card{FallbackText: "line 1\nline 2"}, "line 1\nline 2"},
		{"two links", Card{FallbackText: "F", Actions: []Action{URLAction("A", "https://a.com"), URLAction("B", "https://b.com")}}, "F\nA: https://a.com\nB: https://b.com"},
		{"no fallback", Card{Actions: []Action{MessageAction("M", "m"), URLAction("A", "https://a.com")}}, "A: https://a.com"},
		{"empty", Card{}, ""},
	}
	for _, tt := range tests {
		if got := tt.card.MessagingText(); got != tt.want {
			t.Errorf("%s: MessagingText() = %q; want %q", tt.name, got, tt.want)
		}
	}
}

func TestMeta(t *testing.T) {
	b, err := json.Marshal(orderCard().Meta())
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"assistant_platform":{"card":` + orderJSON + `}}`; string(b) != want {
		t.Errorf("Meta JSON:\n got %s\nwant %s", b, want)
	}
}

func TestAttach(t *testing.T) {
	c := Card{Title: "T", FallbackText: "F"}
	const cardJSON = `{"title":"T","fallback_text":"F"}`
	tests := []struct {
		name string
		meta mcp.Meta
		want string // JSON of the resulting _meta
	}{
		{"no meta", nil, `{"assistant_platform":{"card":` + cardJSON + `}}`},
		{"other keys kept", mcp.Meta{"progressToken": 7, "z": "last"}, `{"assistant_platform":{"card":` + cardJSON + `},"progressToken":7,"z":"last"}`},
		{"namespace keys kept", mcp.Meta{MetaKey: map[string]any{"trace": "abc"}}, `{"assistant_platform":{"card":` + cardJSON + `,"trace":"abc"}}`},
		{"namespace as mcp.Meta", mcp.Meta{MetaKey: mcp.Meta{"trace": "abc"}}, `{"assistant_platform":{"card":` + cardJSON + `,"trace":"abc"}}`},
		{"namespace as raw JSON", mcp.Meta{MetaKey: json.RawMessage(`{"trace":"abc"}`)}, `{"assistant_platform":{"card":` + cardJSON + `,"trace":"abc"}}`},
		{"old card replaced", mcp.Meta{MetaKey: map[string]any{"card": Card{Title: "old"}}}, `{"assistant_platform":{"card":` + cardJSON + `}}`},
		{"namespace not an object", mcp.Meta{MetaKey: "junk"}, `{"assistant_platform":{"card":` + cardJSON + `}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := &mcp.CallToolResult{Meta: tt.meta}
			Attach(res, c)
			b, err := json.Marshal(res.Meta)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != tt.want {
				t.Errorf("_meta:\n got %s\nwant %s", b, tt.want)
			}
		})
	}
}

func TestAttachDoesNotChangeSharedNamespace(t *testing.T) {
	shared := map[string]any{"trace": "abc"}
	res := &mcp.CallToolResult{Meta: mcp.Meta{MetaKey: shared}}
	Attach(res, Card{Title: "T", FallbackText: "F"})
	if want := map[string]any{"trace": "abc"}; !reflect.DeepEqual(shared, want) {
		t.Errorf("shared namespace changed to %v", shared)
	}
	Attach(nil, Card{}) // must not panic
}

func TestFromMeta(t *testing.T) {
	want := orderCard()
	decoded := func(s string) map[string]any {
		var m map[string]any
		if err := json.Unmarshal([]byte(s), &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	tests := []struct {
		name    string
		meta    map[string]any
		want    Card
		found   bool
		wantErr string
	}{
		{"nil meta", nil, Card{}, false, ""},
		{"no namespace", map[string]any{"x": 1}, Card{}, false, ""},
		{"namespace without card", map[string]any{MetaKey: map[string]any{"trace": 1}}, Card{}, false, ""},
		{"null card", decoded(`{"assistant_platform":{"card":null}}`), Card{}, false, ""},
		{"from Meta", want.Meta(), want, true, ""},
		{"from decoded JSON", decoded(`{"assistant_platform":{"card":` + orderJSON + `}}`), want, true, ""},
		{"unknown fields ignored", decoded(`{"assistant_platform":{"card":{"title":"T","fallback_text":"F","theme":"dark"}}}`), Card{Title: "T", FallbackText: "F"}, true, ""},
		{"pointer", map[string]any{MetaKey: map[string]any{"card": &want}}, want, true, ""},
		{"raw JSON namespace", map[string]any{MetaKey: json.RawMessage(`{"card":{"title":"T","fallback_text":"F"}}`)}, Card{Title: "T", FallbackText: "F"}, true, ""},
		{"card not an object", decoded(`{"assistant_platform":{"card":"hello"}}`), Card{}, true,
			"card: _meta.assistant_platform.card is not a result card: json: cannot unmarshal string into Go value of type card.Card"},
		{"title not a string", decoded(`{"assistant_platform":{"card":{"title":5}}}`), Card{}, true,
			"card: _meta.assistant_platform.card is not a result card: json: cannot unmarshal number into Go struct field Card.title of type string"},
		{"namespace not an object", map[string]any{MetaKey: []int{1}}, Card{}, false,
			`card: _meta.assistant_platform is not a JSON object (json: cannot unmarshal array into Go value of type map[string]interface {}); it must be an object holding "card"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, found, err := FromMeta(tt.meta)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("error = %v; want %q", err, tt.wantErr)
				}
			} else if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if found != tt.found || !reflect.DeepEqual(got, tt.want) {
				t.Errorf("FromMeta = %#v, %v; want %#v, %v", got, found, tt.want, tt.found)
			}
		})
	}
}

// TestAttachRoundTrip sends a result through JSON, as the SDK does, and
// reads the card back.
func TestAttachRoundTrip(t *testing.T) {
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Order 1042 shipped."}}}
	Attach(res, orderCard())
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var wire struct {
		Meta map[string]any `json:"_meta"`
	}
	if err := json.Unmarshal(b, &wire); err != nil {
		t.Fatal(err)
	}
	got, found, err := FromMeta(wire.Meta)
	if err != nil || !found {
		t.Fatalf("FromMeta = found %v, error %v", found, err)
	}
	if !reflect.DeepEqual(got, orderCard()) {
		t.Errorf("round trip:\n got %#v\nwant %#v", got, orderCard())
	}
}

func TestWithFallback(t *testing.T) {
	c := Card{Title: "Order #1", Subtitle: "Shipped", Text: "Arrives Friday.\nThanks.", Fields: []Field{{Label: "Total", Value: "5 ₫"}}}
	got := c.WithFallback().FallbackText
	want := "Order #1\nShipped\nArrives Friday.\nThanks.\nTotal: 5 ₫"
	if got != want {
		t.Errorf("WithFallback: %q; want %q", got, want)
	}
	c.FallbackText = "Kept."
	if got := c.WithFallback().FallbackText; got != "Kept." {
		t.Errorf("WithFallback replaced an existing fallback: %q", got)
	}
}

// TestWithFallbackDescribesFittedCard: the fallback lists what Fit leaves on the card, not rows
// it drops. A generated card whose template values come from nil pointers has empty values; its
// fallback used to list "Score:" and then become the title.
func TestWithFallbackDescribesFittedCard(t *testing.T) {
	tests := []struct {
		name     string
		in       Card
		fallback string
		fitted   Card
	}{
		{"empty value",
			Card{V: 1, Title: "Account a1", Fields: []Field{{"Plan", "Pro"}, {"Email", ""}}},
			"Account a1\nPlan: Pro",
			Card{V: 1, Title: "Account a1", Fields: []Field{{"Plan", "Pro"}}, FallbackText: "Account a1\nPlan: Pro"}},
		{"nil pointers: every value empty, no title",
			Card{V: 1, Fields: []Field{{"Score", ""}, {"Manager", " "}}},
			"Result",
			Card{V: 1, Title: "Result", FallbackText: "Result"}},
		{"fields past the fourth, control characters, long title",
			Card{Title: strings.Repeat("t", 90), Subtitle: "a\tb", Fields: []Field{{"1", "a"}, {"2", "b"}, {"3", "c"}, {"4", "d"}, {"5", "e"}}},
			strings.Repeat("t", 79) + "…\na b\n1: a\n2: b\n3: c\n4: d",
			Card{V: 1, Title: strings.Repeat("t", 79) + "…", Subtitle: "a b", Fields: []Field{{"1", "a"}, {"2", "b"}, {"3", "c"}, {"4", "d"}},
				FallbackText: strings.Repeat("t", 79) + "…\na b\n1: a\n2: b\n3: c\n4: d"}},
		{"title from the text",
			Card{Text: "  Arrives Friday.\nThanks."},
			"Arrives Friday.\nThanks.",
			Card{V: 1, Title: "Arrives Friday.", Text: "  Arrives Friday.\nThanks.", FallbackText: "Arrives Friday.\nThanks."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := tt.in.WithFallback()
			if w.FallbackText != tt.fallback {
				t.Errorf("WithFallback: %q; want %q", w.FallbackText, tt.fallback)
			}
			got := Fit(w)
			if !reflect.DeepEqual(got, tt.fitted) {
				t.Errorf("Fit(WithFallback):\n got %#v\nwant %#v", got, tt.fitted)
			}
			if direct := Fit(tt.in); direct.FallbackText != got.FallbackText || direct.Title != got.Title {
				t.Errorf("Fit alone writes %q titled %q; after WithFallback %q titled %q", direct.FallbackText, direct.Title, got.FallbackText, got.Title)
			}
		})
	}
}

// TestSimpleHTTPSAgreesWithParse checks the fast path against the full check for URLs it
// decides, and that it leaves odd ones to the full check.
func TestSimpleHTTPSAgreesWithParse(t *testing.T) {
	for _, s := range simpleHTTPSCases {
		ok, decided := simpleHTTPS(s)
		if !decided {
			continue
		}
		if full := fullHTTPS(s); ok != full {
			t.Errorf("simpleHTTPS(%q) = %v; the full check says %v", s, ok, full)
		}
	}
	for _, s := range []string{"https://user@host/", "https://1.2.3.4/", "https://a.b.9/", "https://xn--/", "https://a.XN--b/", "https://a:99999/", "https://a:0/"} {
		if _, decided := simpleHTTPS(s); decided {
			t.Errorf("simpleHTTPS decided %q; it must go to the full check", s)
		}
	}
}

var simpleHTTPSCases = []string{
	"https://shop.example.com/o/1042", "HTTPS://Shop.Example.com", "https://a:8443/x?y=1#z",
	"https://", "https:///x", "https://a:/x", "https://a:123456", "http://a", "https://a b",
	"https://ü.example", "https://a%2F", "https://[::1]/", "https://user@host/", "https://a\\b",
	"https://a:65535", "https://a:65536", "https://a:0", "https://256.1.1.1/", "https://a.1/",
	"https://a.b1/", "https://xn--/", "https://x.xn--a/", "https://-a-/", "https://a..b/", "https://./", "https://A:1A",
}

// FuzzSimpleHTTPS holds the fast path of IsHTTPS to the full check wherever it decides.
func FuzzSimpleHTTPS(f *testing.F) {
	for _, s := range simpleHTTPSCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if ok, decided := simpleHTTPS(s); decided && ok != fullHTTPS(s) {
			t.Errorf("simpleHTTPS(%q) = %v; the full check says %v", s, ok, !ok)
		}
	})
}

// TestFromMetaWrapsDecodeErrors: both of FromMeta's decode errors wrap the decoder's, for
// errors.As; the one for a namespace that is not an object did not.
func TestFromMetaWrapsDecodeErrors(t *testing.T) {
	_, _, err := FromMeta(map[string]any{MetaKey: "not an object"})
	var typeErr *json.UnmarshalTypeError
	if err == nil || !errors.As(err, &typeErr) {
		t.Errorf("FromMeta of a namespace that is a string = %v; want it to wrap a *json.UnmarshalTypeError", err)
	}
}
