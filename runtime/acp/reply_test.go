package acp

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cardgen/cardgen/internal/cputime"
)

var (
	ctaOff123      = PrimaryCTA("Select", Selection{"action": "book_offer", "offer_id": "off_123"})
	ctaOff456      = PrimaryCTA("Select", Selection{"action": "book_offer", "offer_id": "off_456"})
	ctaApprove     = PrimaryCTA("Confirm", Selection{"action": "approve", "order": "1042"})
	ctaReject      = NewCTA("Keep", Selection{"action": "reject", "order": "1042"})
	ctaQty2        = NewCTA("Two", Selection{"qty": 2, "sku": "tee"})
	ctaQty3        = NewCTA("Three", Selection{"qty": 3, "sku": "tee"})
	ctaCancel      = PrimaryCTA("Cancel", Selection{"action": "Cancel order", "text": "Cancel order 1043"})
	ctaKeep        = NewCTA("Keep", Selection{"action": "Keep order", "text": "Keep order 1043"})
	ctaApproveKeep = PrimaryCTA("Approve", Selection{"action": "approve", "text": "Approve and keep order"})
	ctaKeepOnly    = NewCTA("Keep", Selection{"action": "keep order"})
	ctaKeepWord    = NewCTA("Keep", Selection{"action": "keep"})
	ctaKeepOrder7  = NewCTA("Keep order 7", Selection{"action": "keep order", "order": "7"})
)

func textMsg(texts ...string) ChatMessage {
	var c []Content
	for _, t := range texts {
		c = append(c, TextContent{Text: t})
	}
	return ChatMessage{MsgID: testMsgID, Content: c}
}

func TestParseResponse(t *testing.T) {
	cardID := "0b5e8a4e-2a3c-4d7e-8f91-5c6d7e8f9a0b"
	tests := []struct {
		name   string
		msg    ChatMessage
		expect []CTA
		want   Response
	}{
		{
			name:   "direct mention JSON",
			msg:    textMsg(`{"action":"book_offer","offer_id":"off_123","cabin":"economy"}`),
			expect: []CTA{ctaOff123, ctaOff456},
			want: Response{Form: ReplyJSON, Text: `{"action":"book_offer","offer_id":"off_123","cabin":"economy"}`,
				Selection: Selection{"action": "book_offer", "offer_id": "off_123", "cabin": "economy"}, Matched: &ctaOff123},
		},
		{
			name:   "JSON with surrounding whitespace and numbers",
			msg:    textMsg("\n  {\"qty\": 3, \"sku\": \"tee\", \"gift\": true}  "),
			expect: []CTA{ctaQty2, ctaQty3},
			want: Response{Form: ReplyJSON, Text: "\n  {\"qty\": 3, \"sku\": \"tee\", \"gift\": true}  ",
				Selection: Selection{"qty": json.Number("3"), "sku": "tee", "gift": true}, Matched: &ctaQty3},
		},
		{
			name:   "JSON that matches no CTA",
			msg:    textMsg(`{"offer_id":"off_999"}`),
			expect: []CTA{ctaOff123, ctaOff456},
			want:   Response{Form: ReplyJSON, Text: `{"offer_id":"off_999"}`, Selection: Selection{"offer_id": "off_999"}},
		},
		{
			name:   "planner prose names the offer (weak match on own value)",
			msg:    textMsg("The user picked offer off_123 with cabin economy."),
			expect: []CTA{ctaOff123, ctaOff456},
			want: Response{Form: ReplyProse, Text: "The user picked offer off_123 with cabin economy.",
				Selection: Selection{"action": "book_offer", "offer_id": "off_123"}, Matched: &ctaOff123},
		},
		{
			name:   "prose with every identifier (strong match)",
			msg:    textMsg("Action book_offer for offer OFF_456, please."),
			expect: []CTA{ctaOff123, ctaOff456},
			want: Response{Form: ReplyProse, Text: "Action book_offer for offer OFF_456, please.",
				Selection: Selection{"action": "book_offer", "offer_id": "off_456"}, Matched: &ctaOff456},
		},
		{
			name:   "prose naming both offers is ambiguous",
			msg:    textMsg("The user compared off_123 and off_456 before they chose to book_offer."),
			expect: []CTA{ctaOff123, ctaOff456},
			want: Response{Form: ReplyProse, Text: "The user compared off_123 and off_456 before they chose to book_offer.",
				Selection: Selection{"action": "book_offer"}},
		},
		{
			// Every value of Cancel is named, and so is one of Keep's own: the planner may
			// be saying either, and cancelling what the user kept is the worse mistake.
			name:   "prose naming another CTA's own value is ambiguous, whatever matches in full",
			msg:    textMsg("The user chose Keep order instead of Cancel order 1043."),
			expect: []CTA{ctaCancel, ctaKeep},
			want:   Response{Form: ReplyProse, Text: "The user chose Keep order instead of Cancel order 1043."},
		},
		{
			name:   "prose naming one CTA only matches it",
			msg:    textMsg("The user chose Cancel order 1043."),
			expect: []CTA{ctaCancel, ctaKeep},
			want: Response{Form: ReplyProse, Text: "The user chose Cancel order 1043.",
				Selection: Selection{"action": "Cancel order", "text": "Cancel order 1043"}, Matched: &ctaCancel},
		},
		{
			name:   "another CTA's value inside the match's own value does not contradict it",
			msg:    textMsg("The user picked approve: Approve and keep order."),
			expect: []CTA{ctaApproveKeep, ctaKeepOnly},
			want: Response{Form: ReplyProse, Text: "The user picked approve: Approve and keep order.",
				Selection: Selection{"action": "approve", "text": "Approve and keep order"}, Matched: &ctaApproveKeep},
		},
		{
			name:   "another CTA's value named again outside the match's own value contradicts it",
			msg:    textMsg("The user picked Approve and keep order, or maybe just keep order."),
			expect: []CTA{ctaApproveKeep, ctaKeepOnly},
			want:   Response{Form: ReplyProse, Text: "The user picked Approve and keep order, or maybe just keep order."},
		},
		{
			name:   "another CTA's value that holds the match's own value contradicts it",
			msg:    textMsg("The user said keep, not keep order."),
			expect: []CTA{ctaKeepWord, ctaKeepOrder7},
			want:   Response{Form: ReplyProse, Text: "The user said keep, not keep order."},
		},
		{
			name:   "identifier inside a longer one is not found",
			msg:    textMsg("The user picked off_1234 instead."),
			expect: []CTA{ctaOff123, ctaOff456},
			want:   Response{Form: ReplyProse, Text: "The user picked off_1234 instead."},
		},
		{
			name:   "inflected action in review prose",
			msg:    textMsg("The user approved order 1042."),
			expect: []CTA{ctaApprove, ctaReject},
			want: Response{Form: ReplyProse, Text: "The user approved order 1042.",
				Selection: Selection{"action": "approve", "order": "1042"}, Matched: &ctaApprove},
		},
		{
			// (This prose said "not 2.5 of them", which is now a negation cue.)
			name:   "numbers are whole tokens, not digits of a decimal",
			msg:    textMsg("They want 3 tee shirts, 2.5 kg in all."),
			expect: []CTA{ctaQty2, ctaQty3},
			want: Response{Form: ReplyProse, Text: "They want 3 tee shirts, 2.5 kg in all.",
				Selection: Selection{"qty": 3, "sku": "tee"}, Matched: &ctaQty3},
		},
		{
			name: "prose without expected CTAs keeps the text only",
			msg:  textMsg("Book the cheapest one."),
			want: Response{Form: ReplyProse, Text: "Book the cheapest one."},
		},
		{
			name:   "text blocks are joined",
			msg:    textMsg("The user picked", "off_456."),
			expect: []CTA{ctaOff123, ctaOff456},
			want: Response{Form: ReplyProse, Text: "The user picked\noff_456.",
				Selection: Selection{"action": "book_offer", "offer_id": "off_456"}, Matched: &ctaOff456},
		},
		{
			name:   "JSON array is prose",
			msg:    textMsg(`["off_123"]`),
			expect: []CTA{ctaOff123, ctaOff456},
			want: Response{Form: ReplyProse, Text: `["off_123"]`,
				Selection: Selection{"action": "book_offer", "offer_id": "off_123"}, Matched: &ctaOff123},
		},
		{
			name:   "broken JSON is prose",
			msg:    textMsg(`{"offer_id": "off_456"`),
			expect: []CTA{ctaOff123, ctaOff456},
			want: Response{Form: ReplyProse, Text: `{"offer_id": "off_456"`,
				Selection: Selection{"action": "book_offer", "offer_id": "off_456"}, Matched: &ctaOff456},
		},
		{
			name: "empty message",
			msg:  ChatMessage{Content: []Content{StartSessionContent{}}},
			want: Response{Form: ReplyEmpty},
		},
		{
			name: "card response metadata",
			msg: ChatMessage{Content: []Content{MetadataContent{Metadata: map[string]string{
				"card_protocol_version": "1", "card_id": cardID, "text": "Selected off_456",
				"selection": `{"action":"book_offer","offer_id":"off_456","seats":2}`,
			}}}},
			expect: []CTA{ctaOff123, ctaOff456},
			want: Response{Form: ReplyMetadata, Text: "Selected off_456", CardID: testStreamID,
				Selection: Selection{"action": "book_offer", "offer_id": "off_456", "seats": json.Number("2")}, Matched: &ctaOff456},
		},
		{
			name: "cancelled card response without text takes the message text",
			msg: ChatMessage{Content: []Content{
				TextContent{Text: "never mind"},
				MetadataContent{Metadata: map[string]string{"card_protocol_version": "1", "cancelled": "true"}},
			}},
			want: Response{Form: ReplyMetadata, Text: "never mind", Cancelled: true},
		},
		{
			name: "card request metadata is not a response",
			msg: ChatMessage{Content: []Content{
				TextContent{Text: "off_123"},
				MetadataContent{Metadata: map[string]string{"card_protocol_version": "1", "card_kind": "carousel", "selection": `{"a":"b"}`}},
			}},
			expect: []CTA{ctaOff123, ctaOff456},
			want: Response{Form: ReplyProse, Text: "off_123",
				Selection: Selection{"action": "book_offer", "offer_id": "off_123"}, Matched: &ctaOff123},
		},
		{
			name: "other protocol version is ignored",
			msg:  ChatMessage{Content: []Content{MetadataContent{Metadata: map[string]string{"card_protocol_version": "2", "selection": `{"a":"b"}`}}}},
			want: Response{Form: ReplyEmpty},
		},
		{
			name: "nested selection invalidates the block, as in the reference",
			msg: ChatMessage{Content: []Content{
				TextContent{Text: `{"offer_id":"off_123"}`},
				MetadataContent{Metadata: map[string]string{"card_protocol_version": "1", "selection": `{"a":["b"]}`}},
			}},
			expect: []CTA{ctaOff123, ctaOff456},
			want:   Response{Form: ReplyJSON, Text: `{"offer_id":"off_123"}`, Selection: Selection{"offer_id": "off_123"}},
		},
		{
			name: "bad card_id invalidates the block",
			msg: ChatMessage{Content: []Content{MetadataContent{Metadata: map[string]string{
				"card_protocol_version": "1", "card_id": "card-7", "selection": `{"a":"b"}`}}}},
			want: Response{Form: ReplyEmpty},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ParseResponse(tt.msg, tt.expect...)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ParseResponse =\n%#v\nwant\n%#v", got, tt.want)
			}
		})
	}
}

// TestParseResponseNegation reads planner prose that names every value of one CTA but says the
// user did not pick it. Matching ignored the words around the values, and both prose replies to
// the shop's review card below cancelled the order the user kept.
func TestParseResponseNegation(t *testing.T) {
	review := []CTA{ctaCancel, ctaKeep}
	for _, prose := range []string{
		// The reviewer's two replies to the shop's review card.
		"The user did not cancel order 1043; they decided to keep it.",
		"The user declined: they do not want to cancel order 1043.",
		// Every kind of cue, before the values, after them, or in another sentence.
		"Cancel order 1043 is not what they chose.",
		"They were asked to confirm Cancel order 1043. They declined.",
		"The user didn't Cancel order 1043.",
		"The user didn’t Cancel order 1043.", // a typographic apostrophe
		"The user DOESN'T want Cancel order 1043.",
		"The user dont want Cancel order 1043.",
		"The user won't Cancel order 1043.",
		"The user cannot accept Cancel order 1043.",
		"No, Cancel order 1043 was a mistake.",
		"The user would never Cancel order 1043.",
		"The user refused Cancel order 1043.",
		"The user rejected Cancel order 1043.",
		"The user is denying Cancel order 1043.",
		"Keep it rather than Cancel order 1043.",
		"Keep the order instead of Cancel order 1043.",
		"Keep the order, without Cancel order 1043.",
		"Neither Cancel order 1043 nor anything else.",
		"'No' to Cancel order 1043.",
		// A cue counts wherever it is, even where it negates something else.
		"The user chose Cancel order 1043, no extra fee.",
		"The user chose Cancel order 1043 (order no. 1043).",
		"The user chose Cancel order 1043; they didn't want to keep it.",
	} {
		if r := ParseResponse(textMsg(prose), review...); r.Matched != nil || r.Selection != nil {
			t.Errorf("%q: matched %v, selection %v; want nothing, so that the agent asks again", prose, r.Matched, r.Selection)
		}
	}
	// A weak match, on a value of the CTA's own, and the values kept when nothing matches are
	// refused alike.
	for _, prose := range []string{"The user did not pick off_123.", "The user didn't want off_123 or off_456 to book_offer."} {
		if r := ParseResponse(textMsg(prose), ctaOff123, ctaOff456); r.Matched != nil || r.Selection != nil {
			t.Errorf("%q: matched %v, selection %v; want nothing", prose, r.Matched, r.Selection)
		}
	}

	// A cue word only inside another word, or inside a value the prose names, is no cue.
	for _, c := range []struct {
		prose  string
		expect []CTA
		want   *CTA
	}{
		{"The user chose Cancel order 1043.", review, &ctaCancel},
		{"The user chose Keep order 1043.", review, &ctaKeep},
		{"Cancel order 1043: a no-show; note, nothing_else, knots, not_found.", review, &ctaCancel},
		{"Instead, the user chose Keep order 1043.", review, &ctaKeep},
		{"The user chose '' Cancel order 1043 ’’.", review, &ctaCancel},
		{"The user rejected order 1042.", []CTA{ctaApprove, ctaReject}, &ctaReject},
		{"The user chose No thanks.", []CTA{ctaApprove, NewCTA("No thanks", Selection{"action": "no thanks"})}, nil},
	} {
		want := c.want
		if want == nil {
			want = &c.expect[1]
		}
		if r := ParseResponse(textMsg(c.prose), c.expect...); r.Matched == nil || !sameSelection(r.Matched.Selection, want.Selection) {
			t.Errorf("%q: matched %v; want %v", c.prose, r.Matched, want.Selection)
		}
	}
}

func TestContainsToken(t *testing.T) {
	tests := []struct {
		s, tok string
		want   bool
	}{
		{"picked off_123.", "off_123", true},
		{"picked off_1234", "off_123", false},
		{"picked xoff_123", "off_123", false},
		{"(off_123)", "off_123", true},
		{"off_123", "off_123", true},
		{"1,250", "250", false},
		{"costs 250.", "250", true},
		{"version 2.5", "5", false},
		{"cancelled it", "cancel", true},
		{"cancellation", "cancel", false},
		{"rejects", "reject", true},
		{"", "x", false},
		{"x", "", false},
		{"đặt phòng", "phòng", true},
	}
	for _, tt := range tests {
		if got := containsToken(tt.s, tt.tok); got != tt.want {
			t.Errorf("containsToken(%q, %q) = %v; want %v", tt.s, tt.tok, got, tt.want)
		}
	}
}

func TestReplyFormString(t *testing.T) {
	for f, want := range map[ReplyForm]string{ReplyEmpty: "empty", ReplyJSON: "json", ReplyProse: "prose", ReplyMetadata: "metadata", 9: "ReplyForm(9)"} {
		if got := f.String(); got != want {
			t.Errorf("%d.String() = %q; want %q", int(f), got, want)
		}
	}
}

// TestMaskTokens: only whole tokens are masked, longest first, inflections with them.
func TestMaskTokens(t *testing.T) {
	for _, tc := range []struct {
		s    string
		toks []string
		want string
	}{
		{"off_10 and 1", []string{"1"}, "off_10 and  "},
		{"approve and keep order; keep order", []string{"keep order", "approve and keep order"}, strings.Repeat(" ", 22) + ";" + strings.Repeat(" ", 11)},
		{"approved it", []string{"approve"}, "         it"},
		{"nothing here", []string{"x"}, "nothing here"},
	} {
		if got := maskTokens(tc.s, tc.toks); got != tc.want {
			t.Errorf("maskTokens(%q, %q) = %q, want %q", tc.s, tc.toks, got, tc.want)
		}
	}
}

// maskTokensOld is maskTokens as it was: it searched a fresh copy of the text for each
// occurrence. It is the reference the one-copy-per-token search is held to.
func maskTokensOld(s string, toks []string) string {
	toks = slices.Clone(toks)
	slices.SortStableFunc(toks, func(a, b string) int { return len(b) - len(a) })
	b := []byte(s)
	for _, tok := range toks {
		for from := 0; ; {
			start, end, ok := tokenSpan(string(b), tok, from, 0) // the whole masked text before
			if !ok {
				break
			}
			for i := start; i < end; i++ {
				b[i] = ' '
			}
			from = end
		}
	}
	return string(b)
}

// TestMaskTokensMatchesOld compares maskTokens with the old search on random text made of
// pieces that test the boundaries: digits around '.' and ',', tokens that start or end
// without an identifier character (so occurrences can touch), inflections, multi-byte runes
// and invalid UTF-8.
func TestMaskTokensMatchesOld(t *testing.T) {
	pieces := []string{"a1", "+1", "1", ".", ",", " ", "x", "ed", "approve", "é", "€", "\xe2\x82", "_", "-", "9"}
	toks := []string{"a1", "+1", "1", "x", "approve", ".x", "1.", "€", "é1", "x x"}
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 20000 {
		var b strings.Builder
		for range r.IntN(24) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		var ts []string
		for _, j := range r.Perm(len(toks))[:1+r.IntN(3)] {
			ts = append(ts, toks[j])
		}
		if got, want := maskTokens(b.String(), ts), maskTokensOld(b.String(), ts); got != want {
			t.Fatalf("case %d: maskTokens(%q, %q) = %q; the old search gives %q", i, b.String(), ts, got, want)
		}
	}
}

// FuzzMaskTokensMatchesOld holds maskTokens to the old search on any text and up to three
// tokens (split from toks at NUL bytes), beyond the pieces TestMaskTokensMatchesOld draws from.
func FuzzMaskTokensMatchesOld(f *testing.F) {
	f.Add("+1+1 a1.x 1,1 approved", "+1\x00x\x001")
	f.Add("x x x.x,1.", ".x\x00x x")
	f.Add("€é1\xe2\x82 €", "€\x00é1")
	f.Fuzz(func(t *testing.T, s, toks string) {
		ts := strings.Split(toks, "\x00")
		if len(ts) > 3 {
			ts = ts[:3]
		}
		if got, want := maskTokens(s, ts), maskTokensOld(s, ts); got != want {
			t.Fatalf("maskTokens(%q, %q) = %q; the old search gives %q", s, ts, got, want)
		}
	})
}

// TestParseResponseManyOccurrencesLinear parses prose that names the winning CTA's value
// hundreds of thousands of times, so that checking it for a contradiction masks every one.
// Searching a fresh copy of the reply for each occurrence took 23 s of CPU for 256 KiB.
func TestParseResponseManyOccurrencesLinear(t *testing.T) {
	if raceEnabled {
		t.Skip("a CPU budget does not hold under the race detector")
	}
	prose := strings.Repeat("x ", 128<<10)
	expect := []CTA{NewCTA("X", Selection{"id": "x"}), NewCTA("Y", Selection{"id": "y"})}
	start, ok := cputime.Used()
	began := time.Now()
	r := ParseResponse(NewChatMessage(TextContent{Text: prose}), expect...)
	took := time.Since(began)
	if end, ok2 := cputime.Used(); ok && ok2 {
		took = end - start
	}
	if r.Matched == nil || r.Matched.Selection["id"] != "x" {
		t.Errorf("Matched = %v; want the CTA with id x", r.Matched)
	}
	if budget := 500 * time.Millisecond; took > budget {
		t.Errorf("ParseResponse of %d bytes took %v of CPU, over the %v budget", len(prose), took.Round(time.Millisecond), budget)
	}
}

// TestParseResponseNegationLinear parses long prose that names the winning CTA's value at every
// other word, with a negation cue at its end or none, or that is one long word of apostrophes:
// looking for a cue is one pass over the prose, after the values are masked.
func TestParseResponseNegationLinear(t *testing.T) {
	if raceEnabled {
		t.Skip("a CPU budget does not hold under the race detector")
	}
	expect := []CTA{NewCTA("X", Selection{"id": "x"}), NewCTA("Y", Selection{"id": "y"})}
	for _, c := range []struct {
		name, prose string
		matched     bool
	}{
		{"values, no cue", strings.Repeat("x ’n ", 64<<10), true},
		{"values, a cue at the end", strings.Repeat("x ’n ", 64<<10) + "didn’t", false},
		{"apostrophes", "x " + strings.Repeat("’", 64<<10) + "don't", false},
		{"pairs", "x " + strings.Repeat("rather ", 32<<10) + "than", false},
	} {
		start, ok := cputime.Used()
		began := time.Now()
		r := ParseResponse(NewChatMessage(TextContent{Text: c.prose}), expect...)
		took := time.Since(began)
		if end, ok2 := cputime.Used(); ok && ok2 {
			took = end - start
		}
		if (r.Matched != nil) != c.matched {
			t.Errorf("%s: Matched = %v; want a match %v", c.name, r.Matched, c.matched)
		}
		if budget := 500 * time.Millisecond; took > budget {
			t.Errorf("%s: ParseResponse of %d bytes took %v of CPU, over the %v budget", c.name, len(c.prose), took.Round(time.Millisecond), budget)
		}
	}
}

// TestParseResponseNamedTypes: a selection value of a named string, number or bool type
// encodes as the JSON string, number or boolean it is, so Validate accepts the card; the reply
// to it must match too. scalarText knew only the predeclared types, and such a CTA never
// matched, in JSON or in prose.
func TestParseResponseNamedTypes(t *testing.T) {
	type offerID string
	type seats int
	type flag bool
	cta := NewCTA("Book", Selection{"offer_id": offerID("off_123"), "seats": seats(2), "direct": flag(true)})
	other := NewCTA("Book", Selection{"offer_id": offerID("off_456"), "seats": seats(2), "direct": flag(true)})
	if err := (DetailPayload{Title: "t", CTAs: []CTA{cta, other}}).Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	r := ParseResponse(textMsg(`{"offer_id":"off_123","seats":2,"direct":true}`), cta, other)
	if r.Matched == nil || r.Matched.Selection["offer_id"] != offerID("off_123") {
		t.Errorf("JSON reply: Matched = %v; want the off_123 CTA", r.Matched)
	}
	r = ParseResponse(textMsg("The user picked off_123."), cta, other)
	if r.Matched == nil || r.Matched.Selection["offer_id"] != offerID("off_123") {
		t.Errorf("prose reply: Matched = %v; want the off_123 CTA", r.Matched)
	}
}

// TestParseResponseCardIDNotV4: the reference reads card_id as a pydantic UUID4, which refuses
// another version, and version bits of 4 in another variant than RFC 4122 (Python's
// uuid.UUID.version is None for it): the block is ignored, and the text is read instead.
func TestParseResponseCardIDNotV4(t *testing.T) {
	for _, id := range []string{
		"6ba7b810-9dad-11d1-80b4-00c04fd430c8", // version 1
		"00000000-0000-0000-0000-000000000000", // the nil UUID
		"0b5e8a4e-2a3c-4d7e-0f91-5c6d7e8f9a0b", // version 4 bits, NCS variant
	} {
		msg := ChatMessage{Content: []Content{
			TextContent{Text: "off_123"},
			MetadataContent{Metadata: map[string]string{
				MetaCardProtocolVersion: CardProtocolVersion, MetaCardID: id, MetaSelection: `{"offer_id":"off_456"}`}},
		}}
		r := ParseResponse(msg, ctaOff123, ctaOff456)
		if r.Form != ReplyProse || r.Matched == nil || r.Matched.Selection["offer_id"] != "off_123" {
			t.Errorf("card_id %s: ParseResponse = %+v; want the block ignored and the prose read (off_123)", id, r)
		}
	}
}

// TestParseResponseLoneSurrogateSelection: the reference reads a card response's selection
// with its JSON parser, which refuses an escape of half a surrogate pair, and ignores the
// block; so must ParseResponse, rather than act on the selection with U+FFFD in it.
func TestParseResponseLoneSurrogateSelection(t *testing.T) {
	msg := ChatMessage{Content: []Content{
		TextContent{Text: "off_123"},
		MetadataContent{Metadata: map[string]string{
			MetaCardProtocolVersion: CardProtocolVersion, MetaSelection: `{"offer_id":"off_456","note":"\ud83d"}`}},
	}}
	r := ParseResponse(msg, ctaOff123, ctaOff456)
	if r.Form != ReplyProse || r.Matched == nil || r.Matched.Selection["offer_id"] != "off_123" {
		t.Errorf("ParseResponse = %+v; want the block ignored and the prose read (off_123)", r)
	}
}

// dollars is a selection value that encodes itself, as a string.
type dollars float64

func (d dollars) MarshalJSON() ([]byte, error) {
	return json.Marshal("$" + strconv.FormatFloat(float64(d), 'f', 2, 64))
}

// seatCode encodes itself as a number, which its kind (string) would not give.
type seatCode string

func (s seatCode) MarshalJSON() ([]byte, error) {
	return []byte(strings.TrimPrefix(string(s), "seat-")), nil
}

// TestSelfEncodingSelectionValues: a selection value whose type has its own MarshalJSON is sent
// as that method writes it, not by its kind (a float type writing "$2.00" was sent as 2.0), and
// a reply carrying what the card sent matches its CTA.
func TestSelfEncodingSelectionValues(t *testing.T) {
	sel := Selection{"price": dollars(2), "seat": seatCode("seat-42")}
	got, err := sel.MarshalJSON()
	if want := `{"price":"$2.00","seat":42}`; err != nil || string(got) != want {
		t.Fatalf("MarshalJSON = %s, %v; want %s", got, err, want)
	}
	cta := NewCTA("Book", sel)
	other := NewCTA("Book", Selection{"price": dollars(3), "seat": seatCode("seat-42")})
	if r := ParseResponse(textMsg(string(got)), cta, other); r.Matched == nil || r.Matched.Selection["price"] != dollars(2) {
		t.Errorf("a reply of the card's own selection: Matched = %v; want the $2.00 CTA", r.Matched)
	}
}

// TestParseResponseLoneSurrogateJSONText: a JSON text reply with an escape of half a surrogate
// pair is read as JSON with no selection, as a card response with one is ignored: encoding/json
// turned the escape into U+FFFD, and a tool would have acted on a character nobody wrote.
func TestParseResponseLoneSurrogateJSONText(t *testing.T) {
	r := ParseResponse(textMsg(`{"action":"book_offer","offer_id":"off_123","note":"\ud83d"}`), ctaOff123)
	if r.Form != ReplyJSON || r.Selection != nil || r.Matched != nil {
		t.Errorf("ParseResponse = %+v; want a JSON reply without a selection", r)
	}
	if r := ParseResponse(textMsg(`{"action":"book_offer","offer_id":"off_123","note":"\ud83d\ude00"}`), ctaOff123); r.Selection["note"] != "😀" || r.Matched == nil {
		t.Errorf("a whole pair: ParseResponse = %+v; want the selection read and matched", r)
	}
}
