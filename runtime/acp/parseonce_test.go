package acp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/google/uuid"
)

// This file holds ParseResponse's reading of a JSON selection as it was when it parsed the
// selection three times: encoding/json to decode it, parseJSON to refuse a lone surrogate
// escape, and a json.Decoder token stream to find a key repeated with two different values.
// ParseResponse now parses it once; the tests below hold it to the old reading. The rest of
// ParseResponse is copied as it was: a change to it that is not about reading a selection is
// made here too.

// threePassParseResponse is ParseResponse reading a selection in three passes.
func threePassParseResponse(msg ChatMessage, expect ...CTA) Response {
	for _, c := range msg.Content {
		mc, ok := asBlock[MetadataContent](c)
		if !ok {
			continue
		}
		if r, ok := threePassCardResponse(mc.Metadata); ok {
			if _, has := mc.Metadata[MetaText]; !has {
				r.Text = msg.Text()
			}
			r.Matched = matchCTA(r.Selection, expect)
			return r
		}
	}
	text := msg.Text()
	trimmed := strings.TrimSpace(text)
	if trimmed == "" {
		return Response{Form: ReplyEmpty, Text: text}
	}
	if trimmed[0] == '{' {
		var sel map[string]any
		if unmarshalNumbers([]byte(trimmed), &sel) == nil && sel != nil {
			r := Response{Form: ReplyJSON, Text: text}
			if _, err := parseJSON([]byte(trimmed)); err == nil && !threePassRepeatsKey([]byte(trimmed)) {
				r.Selection = Selection(sel)
				r.Matched = matchCTA(r.Selection, expect)
			}
			return r
		}
	}
	r := Response{Form: ReplyProse, Text: text}
	r.Selection, r.Matched = matchProse(text, expect)
	return r
}

// threePassCardResponse is cardResponse reading a selection in three passes.
func threePassCardResponse(md map[string]string) (Response, bool) {
	if md[MetaCardProtocolVersion] != CardProtocolVersion {
		return Response{}, false
	}
	if _, isRequest := md[MetaCardKind]; isRequest {
		return Response{}, false
	}
	r := Response{Form: ReplyMetadata, Text: md[MetaText], Cancelled: md[MetaCancelled] == "true"}
	if raw, ok := md[MetaSelection]; ok {
		sel, err := threePassFlatSelection(raw)
		if err != nil {
			return Response{}, false
		}
		if !threePassRepeatsKey([]byte(raw)) {
			r.Selection = sel
		}
	}
	if raw, ok := md[MetaCardID]; ok {
		id, err := uuid.Parse(raw)
		if err != nil || id.Version() != 4 || id.Variant() != uuid.RFC4122 {
			return Response{}, false
		}
		r.CardID = id
	}
	return r, true
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

// onceExpect are the CTAs the one-pass and three-pass readings match replies against.
var onceExpect = []CTA{ctaOff123, ctaOff456, ctaApprove, ctaReject, ctaQty2, ctaQty3,
	NewCTA("ab", Selection{"a": "b"}), NewCTA("n1", Selection{"n": 1}), NewCTA("btrue", Selection{"b": true}),
	NewCTA("replacement", Selection{"s": "\ufffd\ufffd"})}

// cardResponseMsg is a message whose only block is a card response with selection.
func cardResponseMsg(selection string) ChatMessage {
	return NewChatMessage(MetadataContent{Metadata: map[string]string{
		MetaCardProtocolVersion: CardProtocolVersion, MetaSelection: selection,
	}})
}

// checkOnePass fails t unless ParseResponse reads msg as the three-pass reading does: the same
// Form, Selection, Matched and every other field.
func checkOnePass(t *testing.T, msg ChatMessage) Response {
	t.Helper()
	got, want := ParseResponse(msg, onceExpect...), threePassParseResponse(msg, onceExpect...)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("ParseResponse(%#v)\n = %#v (Matched %v)\nthree passes read %#v (Matched %v)", msg, got, got.Matched, want, want.Matched)
	}
	return got
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
			if r := checkOnePass(t, textMsg(tc.in)); r.Form != tc.text || (r.Selection != nil) != tc.textSel {
				t.Errorf("as text: Form %v, Selection %v; want %v, a selection %v", r.Form, r.Selection, tc.text, tc.textSel)
			}
			if r := checkOnePass(t, cardResponseMsg(tc.in)); r.Form != tc.card || (r.Selection != nil) != tc.cardSel {
				t.Errorf("as a card response: Form %v, Selection %v; want %v, a selection %v", r.Form, r.Selection, tc.card, tc.cardSel)
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
		checkOnePass(t, textMsg(text))
		checkOnePass(t, textMsg(selection))
		checkOnePass(t, NewChatMessage(TextContent{Text: text}, MetadataContent{Metadata: map[string]string{
			MetaCardProtocolVersion: CardProtocolVersion, MetaSelection: selection,
		}}))
	})
}
