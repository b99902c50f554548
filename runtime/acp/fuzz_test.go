package acp

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/uuid"
)

// FuzzValidatePayload checks that ValidatePayload never panics, reports
// only *ValidationError values with problems, and that a payload it
// accepts survives DecodePayload and Encode and validates again.
func FuzzValidatePayload(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "payloads", "*.json"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		kind, _, _ := strings.Cut(filepath.Base(file), ".")
		f.Add(kind, data)
	}
	f.Add("custom", []byte(`{"root":{"type":"heading","value":"x","level":2.0}}`))
	f.Add("carousel", []byte(`{"items":[{"id":"a","title":"t","primary_cta":{"label":"l","selection":{"n":1e400}}}]}`))
	f.Add("form", []byte("\xff"))
	// Repeats at the edge of what validation refuses: an escaped id, a number written two ways.
	f.Add("carousel", []byte(`{"items":[{"id":"a","title":"t","primary_cta":{"label":"l","selection":{"n":1,"k":"v"}}},{"id":"\u0061b","title":"t","primary_cta":{"label":"l","selection":{"k":"v","n":"1.0"}}}]}`))
	f.Add("review", []byte(`{"title":"t","summary_rows":[{"label":"a","value":"b"}],"approve_cta":{"label":"y","selection":{"a":true}},"reject_cta":{"label":"n","selection":{"a":"true "}}}`))
	f.Fuzz(func(t *testing.T, kind string, payload []byte) {
		err := ValidatePayload(kind, payload)
		if err != nil {
			var ve *ValidationError
			if !errors.As(err, &ve) || len(ve.Problems) == 0 || ve.Kind != kind {
				t.Fatalf("err = %#v; want a *ValidationError with problems", err)
			}
			_ = err.Error()
			return
		}
		p, err := DecodePayload(kind, payload)
		if err != nil {
			t.Fatalf("accepted payload does not decode: %v\n%s", err, payload)
		}
		if i, j, ok := repeatedCTA(p); ok {
			t.Fatalf("accepted payload has CTAs %d and %d that ParseResponse cannot tell apart\n%s", i, j, payload)
		}
		gotKind, enc, err := Encode(p)
		if err != nil {
			t.Fatalf("re-encoding an accepted payload failed: %v\nin:  %s", err, payload)
		}
		if gotKind != kind {
			t.Fatalf("Encode kind = %q; want %q", gotKind, kind)
		}
		if err := ValidatePayload(kind, enc); err != nil {
			t.Fatalf("Encode output rejected: %v\n%s", err, enc)
		}
	})
}

// FuzzParseResponse checks that ParseResponse never panics on any text or
// card-response metadata, and that its Form agrees with the input.
func FuzzParseResponse(f *testing.F) {
	f.Add("The user picked offer off_123 with cabin economy.", "", "")
	f.Add(`{"action":"book_offer","offer_id":"off_123"}`, "", "")
	f.Add("", `{"offer_id":"off_456","n":2}`, "0b5e8a4e-2a3c-4d7e-8f91-5c6d7e8f9a0b")
	f.Add("approved 1,042.5", `{"a":[1]}`, "x")
	f.Add("off_\xff123", "{", "")
	f.Fuzz(func(t *testing.T, text, selection, cardID string) {
		expect := []CTA{ctaOff123, ctaOff456, ctaApprove, ctaReject, ctaQty2, ctaQty3,
			NewCTA("text", Selection{"v": text}), NewCTA("empty", Selection{})}
		prose := ParseResponse(textMsg(text), expect...)
		switch strings.TrimSpace(text) {
		case "":
			if prose.Form != ReplyEmpty {
				t.Fatalf("blank text gave %v", prose.Form)
			}
		default:
			if prose.Form != ReplyJSON && prose.Form != ReplyProse {
				t.Fatalf("text gave %v", prose.Form)
			}
		}
		if prose.Text != text {
			t.Fatalf("Text = %q; want %q", prose.Text, text)
		}
		md := map[string]string{MetaCardProtocolVersion: CardProtocolVersion, MetaSelection: selection}
		if cardID != "" {
			md[MetaCardID] = cardID
		}
		r := ParseResponse(ChatMessage{Content: []Content{TextContent{Text: text}, MetadataContent{Metadata: md}}}, expect...)
		id, idErr := uuid.Parse(cardID)
		_, selErr := flatSelection(selection)
		if selErr == nil && (cardID == "" || idErr == nil && id.Version() == 4 && id.Variant() == uuid.RFC4122) {
			if r.Form != ReplyMetadata {
				t.Fatalf("valid card response gave %v", r.Form)
			}
		} else if r.Form == ReplyMetadata {
			t.Fatalf("invalid card response (selection err %v, card_id %q) accepted", selErr, cardID)
		}
	})
}

// FuzzParseJSON checks the validator's parser against encoding/json: it
// accepts exactly the documents json.Valid accepts (for UTF-8 input; the
// validator rejects other input before parsing) but for those with a lone
// surrogate escape, which the reference's parser refuses, and reads the same
// values.
func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{
		`{"a":[1,-2.5e+3,true,false,null,"x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00\ud800"]}`,
		`[]`, `{}`, `""`, `0`, `-0.0e0`, ` 1 `, `01`, `1.`, `.5`, `[1,]`, `{"a" 1}`, `"\x01"`, `"\u12"`, `tru`, `[[[[]]]]`, `{"a":1}{}`,
		`"\ud83d\ude00"`, `"\ude00"`, `"\ud83d\ud83d\ude00"`, `"\ud83d\u0041"`, `"\ud83d"`, `"\\ud800"`, `{"\ud800":1}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !utf8.Valid(data) {
			return
		}
		tree, err := parseJSON(data)
		valid := json.Valid(data) && !hasLoneSurrogate(data)
		if (err == nil) != valid {
			t.Fatalf("parseJSON err = %v; json.Valid = %v, lone surrogate = %v for %q", err, json.Valid(data), hasLoneSurrogate(data), data)
		}
		if err != nil {
			return
		}
		var want any
		if err := unmarshalNumbers(data, &want); err != nil {
			t.Fatalf("encoding/json cannot decode what both accept: %v", err)
		}
		if got := treeValue(tree, 0); !reflect.DeepEqual(got, want) {
			t.Fatalf("parsed %#v; encoding/json reads %#v", got, want)
		}
	})
}

// hasLoneSurrogate reports whether the valid JSON document data escapes half of a surrogate pair
// without the other: a low surrogate not after a high one, or a high one not followed by the
// escape of a low one.
func hasLoneSurrogate(data []byte) bool {
	hex := func(b []byte) uint64 { n, _ := strconv.ParseUint(string(b), 16, 32); return n }
	for i := 0; i < len(data); i++ {
		if data[i] != '\\' { // in valid JSON, a backslash is in a string and starts an escape
			continue
		}
		i++
		if data[i] != 'u' {
			continue
		}
		r := hex(data[i+1 : i+5])
		i += 4
		switch {
		case 0xdc00 <= r && r <= 0xdfff:
			return true
		case 0xd800 <= r && r <= 0xdbff:
			if i+6 >= len(data) || data[i+1] != '\\' || data[i+2] != 'u' {
				return true
			}
			if low := hex(data[i+3 : i+7]); low < 0xdc00 || low > 0xdfff {
				return true
			}
			i += 6
		}
	}
	return false
}

// treeValue converts a parsed value to what encoding/json with UseNumber
// would produce.
func treeValue(t *jtree, i int32) any {
	v := t.vals[i]
	kids := t.kids[v.first : v.first+v.n]
	switch v.kind {
	case jNull:
		return nil
	case jBool:
		return string(t.raw(i)) == "true"
	case jNumber:
		return t.number(i)
	case jString:
		return t.text(i)
	case jArray:
		out := make([]any, 0, len(kids))
		for _, k := range kids {
			out = append(out, treeValue(t, k))
		}
		return out
	}
	out := map[string]any{}
	for j := 0; j < len(kids); j += 2 {
		out[t.text(kids[j])] = treeValue(t, kids[j+1])
	}
	return out
}

// repeatedCTA finds two CTAs of a decoded payload that ParseResponse would take for one pick, or
// two carousel items with one id: it holds validation's checks on the JSON tree to the
// comparison made on decoded selections.
func repeatedCTA(p Payload) (i, j int, ok bool) {
	var ctas []CTA
	switch p := p.(type) {
	case CarouselPayload:
		for i, a := range p.Items {
			for j, b := range p.Items[:i] {
				if a.ID == b.ID {
					return j, i, true
				}
			}
			ctas = append(ctas, a.PrimaryCTA)
		}
	case DetailPayload:
		ctas = p.CTAs
	case ReviewPayload:
		ctas = []CTA{p.ApproveCTA}
		if p.RejectCTA != nil {
			ctas = append(ctas, *p.RejectCTA)
		}
	}
	for i := range ctas {
		for j := range i {
			if sameSelection(ctas[i].Selection, ctas[j].Selection) {
				return j, i, true
			}
		}
	}
	return 0, 0, false
}
