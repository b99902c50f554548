package acp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// This file holds the reading of a JSON selection as it was when ParseResponse parsed it three
// times: encoding/json to decode it, parseJSON to refuse a lone surrogate escape, and a
// json.Decoder token stream to find a key repeated with two different values. ParseResponse now
// parses it once; the tests below hold its selections to the old reading. Only that reading is
// kept here, not ParseResponse around it.

// threePassText is the old reading of a text reply, trimmed: whether it is a JSON reply, and its
// selection (nil for one that repeats a key with two values or has a lone surrogate).
func threePassText(trimmed string) (isJSON bool, sel Selection) {
	var m map[string]any
	if trimmed == "" || trimmed[0] != '{' || unmarshalNumbers([]byte(trimmed), &m) != nil || m == nil {
		return false, nil
	}
	if _, err := parseJSON([]byte(trimmed)); err == nil && !threePassRepeatsKey([]byte(trimmed)) {
		return true, Selection(m)
	}
	return true, nil
}

// threePassCard is the old reading of a card response's selection: whether the block is read
// at all, and its selection.
func threePassCard(raw string) (read bool, sel Selection) {
	flat, err := threePassFlatSelection(raw)
	if err != nil {
		return false, nil
	}
	if threePassRepeatsKey([]byte(raw)) {
		return true, nil
	}
	return true, flat
}

func threePassFlatSelection(raw string) (Selection, error) {
	if _, err := parseJSON([]byte(raw)); err != nil {
		return nil, err
	}
	var sel map[string]any
	if err := unmarshalNumbers([]byte(raw), &sel); err != nil {
		return nil, err
	}
	if sel == nil {
		return nil, fmt.Errorf("selection is null")
	}
	for k, v := range sel {
		switch v.(type) {
		case string, bool, json.Number:
		default:
			return nil, fmt.Errorf("selection value %q is not flat", k)
		}
	}
	return Selection(sel), nil
}

func threePassRepeatsKey(data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return false
	}
	var seen map[string]any
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		k, _ := tok.(string)
		var v any
		if err := dec.Decode(&v); err != nil {
			return false
		}
		if prev, ok := seen[k]; ok && !sameValue(prev, v) {
			return true
		}
		if seen == nil {
			seen = map[string]any{}
		}
		seen[k] = v
	}
	return false
}

// onceExpect are the CTAs a prose reply of the table is matched against.
var onceExpect = []CTA{ctaOff123, ctaOff456, ctaApprove, ctaReject, ctaQty2, ctaQty3,
	NewCTA("ab", Selection{"a": "b"}), NewCTA("n1", Selection{"n": 1}), NewCTA("btrue", Selection{"b": true}),
	NewCTA("replacement", Selection{"s": "\ufffd\ufffd"})}

// cardResponseMsg is a message whose only block is a card response with selection.
func cardResponseMsg(selection string) ChatMessage {
	return NewChatMessage(MetadataContent{Metadata: map[string]string{
		MetaCardProtocolVersion: CardProtocolVersion, MetaSelection: selection,
	}})
}

// checkOnePass fails t unless ParseResponse reads in, as a message's text and as a card
// response's selection, as the three-pass reading does: a JSON reply or not, a card response
// read or not, and the same selection. It returns the two responses.
func checkOnePass(t *testing.T, in string) (asText, asCard Response) {
	t.Helper()
	asText = ParseResponse(textMsg(in))
	if isJSON, want := threePassText(strings.TrimSpace(in)); (asText.Form == ReplyJSON) != isJSON || isJSON && !reflect.DeepEqual(asText.Selection, want) {
		t.Fatalf("as text %q: Form %v, Selection %#v; three passes read a JSON reply %v, selection %#v", in, asText.Form, asText.Selection, isJSON, want)
	}
	asCard = ParseResponse(cardResponseMsg(in))
	if read, want := threePassCard(in); (asCard.Form == ReplyMetadata) != read || read && !reflect.DeepEqual(asCard.Selection, want) {
		t.Fatalf("as a card response %q: Form %v, Selection %#v; three passes read the block %v, selection %#v", in, asCard.Form, asCard.Selection, read, want)
	}
	return asText, asCard
}

// TestParseSelectionOnce holds ParseResponse, which parses a JSON selection once, to the reading
// that parsed it three times, on the edges of each pass: repeated keys and how their values
// compare, lone surrogates and data after the object, which parseJSON refuses and encoding/json
// reads, and bytes that are not UTF-8, which encoding/json reads as U+FFFD.
func TestParseSelectionOnce(t *testing.T) {
	tests := []struct {
		in      string
		text    ReplyForm // reading in as a message's text
		textSel bool      // with a selection (for prose, the values of CTAs it names)
		card    ReplyForm // reading in as a card response's selection
		cardSel bool
	}{
		{`{"a":"b"}`, ReplyJSON, true, ReplyMetadata, true},
		{`{}`, ReplyJSON, true, ReplyMetadata, true},
		{`  {"a":"b"}  `, ReplyJSON, true, ReplyMetadata, true},
		{`{"a":"b","a":"b"}`, ReplyJSON, true, ReplyMetadata, true},
		{`{"a":"b","a":"c"}`, ReplyJSON, false, ReplyMetadata, false},
		{`{"a":"b","a":"c","a":"b"}`, ReplyJSON, false, ReplyMetadata, false},
		{`{"n":1,"n":1.0}`, ReplyJSON, true, ReplyMetadata, true},
		{`{"n":"1","n":1E0}`, ReplyJSON, true, ReplyMetadata, true},
		{`{"n":-0,"n":0}`, ReplyJSON, false, ReplyMetadata, false},
		{`{"n":1e400,"n":1e400}`, ReplyJSON, true, ReplyMetadata, true},
		{`{"n":1e400,"n":10e399}`, ReplyJSON, false, ReplyMetadata, false},
		{`{"b":true,"b":"true"}`, ReplyJSON, true, ReplyMetadata, true},
		{`{"a":[1],"a":[1]}`, ReplyJSON, true, ReplyEmpty, false},
		{`{"a":[1],"a":[1.0]}`, ReplyJSON, false, ReplyEmpty, false},
		{`{"a":[],"a":[]}`, ReplyJSON, true, ReplyEmpty, false},
		{`{"a":[1],"a":"x"}`, ReplyJSON, false, ReplyMetadata, false},
		{`{"a":"x","a":[1]}`, ReplyJSON, false, ReplyEmpty, false},
		{`{"o":{"x":1,"x":2},"o":{"x":2}}`, ReplyJSON, true, ReplyEmpty, false},
		{`{"a":null,"a":null}`, ReplyJSON, true, ReplyEmpty, false},
		{`{"a":null,"a":"null"}`, ReplyJSON, false, ReplyMetadata, false},
		{`{"\u0061":"b","a":"c"}`, ReplyJSON, false, ReplyMetadata, false},
		{`{"\u0061":"b","a":"b"}`, ReplyJSON, true, ReplyMetadata, true},
		{"{\"k\xff\":\"v\",\"k\xfe\":\"w\"}", ReplyJSON, false, ReplyMetadata, false},
		{"{\"s\":\"\xff\xfe\"}", ReplyJSON, true, ReplyMetadata, true},
		{"{\"s\":\"\xc3\\u00e9\xa9\"}", ReplyJSON, true, ReplyMetadata, true},
		{"{\"s\":\"\xed\xa0\x80\\ud83d\\ude00\"}", ReplyJSON, true, ReplyMetadata, true},
		{`{"a":"\ud83d"}`, ReplyJSON, false, ReplyEmpty, false},
		{`{"a":"\ude00\ud83d"}`, ReplyJSON, false, ReplyEmpty, false},
		{`{"a":"b"}}`, ReplyProse, true, ReplyEmpty, false},
		{`{"a":"b"} ]x`, ReplyProse, true, ReplyEmpty, false},
		{`{"a":"b"} x`, ReplyProse, true, ReplyEmpty, false},
		{`{"a":"b"}{}`, ReplyProse, true, ReplyEmpty, false},
		{`{"a":"\ud83d"`, ReplyProse, false, ReplyEmpty, false},
		{`{"a":"\ud83d"} x`, ReplyProse, false, ReplyEmpty, false},
		{`{"a":"b",}`, ReplyProse, true, ReplyEmpty, false},
		{`null`, ReplyProse, false, ReplyEmpty, false},
		{`["a"]`, ReplyProse, false, ReplyEmpty, false},
		{`"a"`, ReplyProse, false, ReplyEmpty, false},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			// The CTAs a prose reply names give it a selection: match against a few.
			text, card := checkOnePass(t, tc.in)
			if tc.text == ReplyProse {
				text = ParseResponse(textMsg(tc.in), onceExpect...)
			}
			if text.Form != tc.text || (text.Selection != nil) != tc.textSel {
				t.Errorf("as text: Form %v, Selection %v; want %v, a selection %v", text.Form, text.Selection, tc.text, tc.textSel)
			}
			if card.Form != tc.card || (card.Selection != nil) != tc.cardSel {
				t.Errorf("as a card response: Form %v, Selection %v; want %v, a selection %v", card.Form, card.Selection, tc.card, tc.cardSel)
			}
		})
	}
}

// FuzzParseSelection holds ParseResponse to the three-pass reading on any text and any card
// response selection.
func FuzzParseSelection(f *testing.F) {
	for _, s := range []string{
		`{"action":"book_offer","offer_id":"off_123"}`, `{"qty":2,"sku":"tee","qty":2.0}`,
		`{"a":"b","a":"c"}`, `{"a":[1],"a":"x"}`, `{"o":{"x":1,"x":2},"o":{"x":2}}`, `{"n":-0,"n":0}`,
		`{"\u0061":"b","a":"c"}`, "{\"k\xff\":\"v\",\"k\xfe\":\"v\"}", "{\"s\":\"\xc3\\u00e9\"}",
		`{"a":"\ud83d"}`, `{"a":"b"}}`, `{"a":"b"} ]x`, `{"a":"b"} x`, `{"n":1e400}`, `null`, `[]`,
	} {
		f.Add(s, "")
		f.Add("", s)
	}
	f.Fuzz(func(t *testing.T, text, selection string) {
		checkOnePass(t, text)
		checkOnePass(t, selection)
	})
}
