package acp

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
)

var (
	testMsgID    = uuid.MustParse("6f1c2a52-3b8e-4c1d-9a4f-0d2b7e5c8a91")
	testStreamID = uuid.MustParse("0b5e8a4e-2a3c-4d7e-8f91-5c6d7e8f9a0b")
)

// referenceMessage is what uagents-core puts in an envelope for the message
// built in TestChatMessageMarshalMatchesReference: pydantic.v1 .json() of
// the reference ChatMessage, re-dumped with json.dumps(separators=(",",
// ":")), ensure_ascii on.
const referenceMessage = `{"timestamp":"2025-01-02T03:04:05.120000+00:00","msg_id":"6f1c2a52-3b8e-4c1d-9a4f-0d2b7e5c8a91","content":[{"type":"text","text":"H\u00e9llo <b>&amp; \"q\" \\ \b\f\n\r\t\u0001\u007f \ud83d\ude00 \u2028 \u20ab"},{"type":"metadata","metadata":{"a":"1","b":"{\"x\":\"\u00e9\"}"}},{"type":"resource","resource_id":"0b5e8a4e-2a3c-4d7e-8f91-5c6d7e8f9a0b","resource":{"uri":"https://x.example/a.png","metadata":{"mime_type":"image/png","role":"image"}}},{"type":"resource","resource_id":"0b5e8a4e-2a3c-4d7e-8f91-5c6d7e8f9a0b","resource":[{"uri":"https://x.example/a","metadata":{}},{"uri":"https://x.example/b","metadata":{}}]},{"type":"start-session"},{"type":"end-session"},{"type":"start-stream","stream_id":"0b5e8a4e-2a3c-4d7e-8f91-5c6d7e8f9a0b"},{"type":"end-stream","stream_id":"0b5e8a4e-2a3c-4d7e-8f91-5c6d7e8f9a0b"}]}`

func referenceContent() []Content {
	return []Content{
		TextContent{Text: "Héllo <b>&amp; \"q\" \\ \b\f\n\r\t\x01\x7f 😀 \u2028 ₫"},
		MetadataContent{Metadata: map[string]string{"a": "1", "b": `{"x":"é"}`}},
		ResourceContent{ResourceID: testStreamID, Resources: []Resource{{URI: "https://x.example/a.png", Metadata: map[string]string{"mime_type": "image/png", "role": "image"}}}},
		ResourceContent{ResourceID: testStreamID, Resources: []Resource{{URI: "https://x.example/a"}, {URI: "https://x.example/b"}}},
		StartSessionContent{},
		EndSessionContent{},
		StartStreamContent{StreamID: testStreamID},
		EndStreamContent{StreamID: testStreamID},
	}
}

func TestChatMessageMarshalMatchesReference(t *testing.T) {
	msg := ChatMessage{
		Timestamp: time.Date(2025, 1, 2, 3, 4, 5, 120_000_999, time.UTC), // sub-µs digits are dropped
		MsgID:     testMsgID,
		Content:   referenceContent(),
	}
	// MarshalJSON directly: json.Marshal would re-escape <, > and & around
	// a Marshaler, which is equal JSON but not the reference's bytes.
	got, err := msg.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != referenceMessage {
		t.Errorf("Marshal =\n%s\nwant\n%s", got, referenceMessage)
	}
}

func TestChatMessageRoundTrip(t *testing.T) {
	var msg ChatMessage
	if err := json.Unmarshal([]byte(referenceMessage), &msg); err != nil {
		t.Fatal(err)
	}
	want := ChatMessage{
		Timestamp: time.Date(2025, 1, 2, 3, 4, 5, 120_000_000, time.UTC),
		MsgID:     testMsgID,
		Content:   referenceContent(),
	}
	// Decoding yields an empty metadata map where the Go value had nil.
	want.Content[3].(ResourceContent).Resources[0].Metadata = map[string]string{}
	want.Content[3].(ResourceContent).Resources[1].Metadata = map[string]string{}
	if !reflect.DeepEqual(msg, want) {
		t.Errorf("Unmarshal =\n%#v\nwant\n%#v", msg, want)
	}
	again, err := msg.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if string(again) != referenceMessage {
		t.Errorf("re-Marshal =\n%s\nwant\n%s", again, referenceMessage)
	}
}

func TestChatMessageUnmarshal(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		wantTS  time.Time
		wantErr string
		check   func(t *testing.T, m ChatMessage)
	}{
		{
			name:   "Z timestamp and unknown content type kept",
			in:     `{"timestamp":"2025-01-02T03:04:05Z","msg_id":"6f1c2a52-3b8e-4c1d-9a4f-0d2b7e5c8a91","content":[{"type":"video","url":"https://x"}]}`,
			wantTS: time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC),
			check: func(t *testing.T, m ChatMessage) {
				u, ok := m.Content[0].(UnknownContent)
				if !ok || u.Type != "video" || string(u.Raw) != `{"type":"video","url":"https://x"}` {
					t.Errorf("content[0] = %#v; want UnknownContent video with raw bytes", m.Content[0])
				}
				b, _ := json.Marshal(m.Content[0])
				if string(b) != `{"type":"video","url":"https://x"}` {
					t.Errorf("re-marshal unknown = %s", b)
				}
			},
		},
		{
			name:   "offset timestamp is converted to UTC",
			in:     `{"timestamp":"2025-01-02T10:04:05.5+07:00","msg_id":"6f1c2a52-3b8e-4c1d-9a4f-0d2b7e5c8a91","content":[]}`,
			wantTS: time.Date(2025, 1, 2, 3, 4, 5, 500_000_000, time.UTC),
		},
		{
			name:   "naive timestamp is read as UTC",
			in:     `{"timestamp":"2025-01-02T03:04:05.000001","msg_id":"6f1c2a52-3b8e-4c1d-9a4f-0d2b7e5c8a91","content":[]}`,
			wantTS: time.Date(2025, 1, 2, 3, 4, 5, 1000, time.UTC),
		},
		{name: "bad timestamp", in: `{"timestamp":"yesterday","msg_id":"6f1c2a52-3b8e-4c1d-9a4f-0d2b7e5c8a91","content":[]}`, wantErr: `timestamp "yesterday" is not`},
		{name: "missing content", in: `{"timestamp":"2025-01-02T03:04:05Z","msg_id":"6f1c2a52-3b8e-4c1d-9a4f-0d2b7e5c8a91"}`, wantErr: "needs timestamp, msg_id and content"},
		{name: "content without type", in: `{"timestamp":"2025-01-02T03:04:05Z","msg_id":"6f1c2a52-3b8e-4c1d-9a4f-0d2b7e5c8a91","content":[{"text":"x"}]}`, wantErr: `content[0]: content block has no "type"`},
		{name: "bad msg_id", in: `{"timestamp":"2025-01-02T03:04:05Z","msg_id":"nope","content":[]}`, wantErr: "acp: chat message:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var m ChatMessage
			err := json.Unmarshal([]byte(tt.in), &m)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v; want it to contain %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !m.Timestamp.Equal(tt.wantTS) || m.Timestamp.Location() != time.UTC {
				t.Errorf("Timestamp = %v; want %v UTC", m.Timestamp, tt.wantTS)
			}
			if tt.check != nil {
				tt.check(t, m)
			}
		})
	}
}

func TestChatAcknowledgement(t *testing.T) {
	ts := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		ack  ChatAcknowledgement
		want string
	}{
		{ChatAcknowledgement{Timestamp: ts, AcknowledgedMsgID: testMsgID},
			`{"timestamp":"2025-01-02T03:04:05+00:00","acknowledged_msg_id":"6f1c2a52-3b8e-4c1d-9a4f-0d2b7e5c8a91","metadata":null}`},
		{ChatAcknowledgement{Timestamp: ts, AcknowledgedMsgID: testMsgID, Metadata: map[string]string{"k": "v"}},
			`{"timestamp":"2025-01-02T03:04:05+00:00","acknowledged_msg_id":"6f1c2a52-3b8e-4c1d-9a4f-0d2b7e5c8a91","metadata":{"k":"v"}}`},
	}
	for _, tt := range tests {
		got, err := json.Marshal(tt.ack)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != tt.want {
			t.Errorf("Marshal = %s; want %s", got, tt.want)
		}
		var back ChatAcknowledgement
		if err := json.Unmarshal(got, &back); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back, tt.ack) {
			t.Errorf("round trip = %#v; want %#v", back, tt.ack)
		}
	}
	msg := ChatMessage{MsgID: testMsgID}
	if a := NewAcknowledgement(msg); a.AcknowledgedMsgID != testMsgID || a.Timestamp.Location() != time.UTC {
		t.Errorf("NewAcknowledgement = %+v", a)
	}
}

func detailForTest() DetailPayload {
	return DetailPayload{
		Title: "BA117",
		CTAs:  []CTA{PrimaryCTA("Book", Selection{"offer_id": "off_1"})},
	}
}

func TestMetadata(t *testing.T) {
	const payload = `{"title":"BA117","ctas":[{"label":"Book","selection":{"offer_id":"off_1"},"primary":true}]}`
	base := map[string]string{
		"card_protocol_version":     "1",
		"requires_card_interaction": "true",
		"card_kind":                 "detail",
		"card_payload":              payload,
	}
	with := func(extra map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range base {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	tests := []struct {
		name string
		opts MetadataOptions
		want map[string]string
	}{
		{"defaults write no optional keys", MetadataOptions{}, base},
		{"card id", MetadataOptions{CardID: testMsgID}, with(map[string]string{"card_id": "6f1c2a52-3b8e-4c1d-9a4f-0d2b7e5c8a91"})},
		{"width inside range", MetadataOptions{DrawerWidthPx: 540}, with(map[string]string{"preferred_drawer_width_px": "540"})},
		{"width clamped up", MetadataOptions{DrawerWidthPx: 100}, with(map[string]string{"preferred_drawer_width_px": "320"})},
		{"negative width clamped up", MetadataOptions{DrawerWidthPx: -5}, with(map[string]string{"preferred_drawer_width_px": "320"})},
		{"width clamped down", MetadataOptions{DrawerWidthPx: 1200}, with(map[string]string{"preferred_drawer_width_px": "800"})},
		{"bounds kept", MetadataOptions{DrawerWidthPx: 800}, with(map[string]string{"preferred_drawer_width_px": "800"})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Metadata(detailForTest(), tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Metadata = %v\nwant %v", got, tt.want)
			}
		})
	}
}

func TestMetadataErrors(t *testing.T) {
	v1 := uuid.Must(uuid.NewUUID()) // time-based, version 1
	if _, err := Metadata(detailForTest(), MetadataOptions{CardID: v1}); err == nil || !strings.Contains(err.Error(), "not a version 4 UUID") {
		t.Errorf("v1 card ID: err = %v; want version 4 error", err)
	}
	_, err := Metadata(DetailPayload{Title: "x"}, MetadataOptions{})
	var ve *ValidationError
	if !errors.As(err, &ve) || len(ve.Problems) != 1 || ve.Problems[0].String() != "ctas: must be an array, not null" {
		t.Errorf("invalid payload: err = %v; want ctas problem", err)
	}
	if _, err := Metadata(nil, MetadataOptions{}); err == nil {
		t.Error("nil payload: err = nil")
	}
	var nilPtr *DetailPayload
	if _, err := Metadata(nilPtr, MetadataOptions{}); err == nil || !strings.Contains(err.Error(), "nil *acp.DetailPayload") {
		t.Errorf("nil pointer payload: err = %v", err)
	}
}

func TestNewCardMessage(t *testing.T) {
	before := time.Now().UTC().Add(-time.Second)
	msg, err := NewCardMessage("Here is your flight:", detailForTest(), MetadataOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if msg.MsgID.Version() != 4 {
		t.Errorf("msg_id %s is version %d; want 4", msg.MsgID, msg.MsgID.Version())
	}
	if msg.Timestamp.Before(before) || msg.Timestamp.Location() != time.UTC {
		t.Errorf("Timestamp = %v; want now in UTC", msg.Timestamp)
	}
	if len(msg.Content) != 2 {
		t.Fatalf("content = %#v; want text + metadata", msg.Content)
	}
	if tc, ok := msg.Content[0].(TextContent); !ok || tc.Text != "Here is your flight:" {
		t.Errorf("content[0] = %#v", msg.Content[0])
	}
	if mc, ok := msg.Content[1].(MetadataContent); !ok || mc.Metadata["card_kind"] != "detail" {
		t.Errorf("content[1] = %#v", msg.Content[1])
	}
	noText, err := NewCardMessage("", detailForTest(), MetadataOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(noText.Content) != 1 || noText.Content[0].ContentType() != ContentMetadata {
		t.Errorf("empty text: content = %#v; want only metadata", noText.Content)
	}
	if _, err := NewCardMessage("x", DetailPayload{}, MetadataOptions{}); err == nil {
		t.Error("invalid payload: err = nil")
	}
}

func TestPydanticFloat(t *testing.T) {
	// Expected strings are pydantic-core's model_dump_json output for the
	// same Python floats.
	tests := []struct {
		in   float64
		want string
	}{
		{0.1, "0.1"}, {1, "1.0"}, {100, "100.0"}, {1e16, "1e+16"}, {1e15, "1000000000000000.0"},
		{9999999999999998, "9999999999999998.0"}, {123456789012345680, "1.2345678901234568e+17"},
		{1e-4, "0.0001"}, {1e-5, "0.00001"}, {1.5e-5, "0.000015"}, {1e-6, "1e-6"}, {1.5e-7, "1.5e-7"},
		{-2.5, "-2.5"}, {3.14159, "3.14159"}, {1e22, "1e+22"}, {5e-324, "5e-324"},
		{1.7976931348623157e308, "1.7976931348623157e+308"}, {0, "0.0"}, {12345.678, "12345.678"},
		{1e-100, "1e-100"}, {1.23e-7, "1.23e-7"},
	}
	for _, tt := range tests {
		got, err := pydanticFloat(tt.in)
		if err != nil || string(got) != tt.want {
			t.Errorf("pydanticFloat(%v) = %s, %v; want %s", tt.in, got, err, tt.want)
		}
	}
}

func TestSelectionMarshal(t *testing.T) {
	got, err := Selection{"z": 1, "a": "<&>", "f": 2.0, "b": true, "n": json.Number("12345678901234567890")}.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"a":"<&>","b":true,"f":2.0,"n":12345678901234567890,"z":1}`
	if string(got) != want {
		t.Errorf("Marshal = %s; want %s", got, want)
	}
	if _, err := json.Marshal(Selection{"x": []int{1}}); err != nil {
		t.Errorf("nested value: %v; want it marshalled and left to validation", err)
	}
	if _, err := marshalSelection(Selection{"x": 1.0 / zero()}); err == nil {
		t.Error("Inf: err = nil")
	}
}

func zero() float64 { return 0 }

// TestContentTypeMatchesJSON checks that every content block writes the
// "type" its ContentType reports and decodes back to the same Go type.
func TestContentTypeMatchesJSON(t *testing.T) {
	for _, c := range append(referenceContent(), UnknownContent{Type: "video"}) {
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		var probe struct{ Type string }
		if err := json.Unmarshal(b, &probe); err != nil {
			t.Fatal(err)
		}
		if probe.Type != c.ContentType() {
			t.Errorf("%T writes type %q; ContentType() = %q", c, probe.Type, c.ContentType())
		}
		back, err := decodeContent(b)
		if err != nil {
			t.Fatal(err)
		}
		if reflect.TypeOf(back) != reflect.TypeOf(c) {
			t.Errorf("%s decodes to %T; want %T", b, back, c)
		}
	}
}

// TestPointerContent: *TextContent and *MetadataContent are Content too (the methods have
// value receivers), and the MCP SDK's habit is &mcp.TextContent{…}. Such a message marshals
// with its text and card response, so reading it must see them: Text returned "" and
// ParseResponse an empty reply.
func TestPointerContent(t *testing.T) {
	msg := ChatMessage{Content: []Content{
		&TextContent{Text: "picked"},
		(*TextContent)(nil),
		&MetadataContent{Metadata: map[string]string{MetaCardProtocolVersion: CardProtocolVersion, MetaSelection: `{"offer_id":"off_123"}`}},
		(*MetadataContent)(nil),
	}}
	if got := msg.Text(); got != "picked" {
		t.Errorf("Text() = %q; want %q", got, "picked")
	}
	r := ParseResponse(msg, NewCTA("Book", Selection{"offer_id": "off_123"}))
	if r.Form != ReplyMetadata || r.Text != "picked" || r.Matched == nil {
		t.Errorf("ParseResponse = %+v; want the card response, with the message text and the CTA matched", r)
	}
}

// TestMarshalNilPointerContent: a nil *TextContent in Content is as missing as a nil block, and
// was written as null, which no reader decodes (a block needs its "type").
func TestMarshalNilPointerContent(t *testing.T) {
	msg := ChatMessage{MsgID: testMsgID, Content: []Content{TextContent{Text: "a"}, (*TextContent)(nil)}}
	if b, err := msg.MarshalJSON(); err == nil {
		t.Errorf("MarshalJSON = %s; want an error for content[1]", b)
	}
}

// TestSelectionMarshalNamedFloat: a float of a named type is a Go float, and is written as the
// reference writes a Python float, as float64 is; it was written 2 (an int to the reference).
// NaN of a named type is refused like NaN.
func TestSelectionMarshalNamedFloat(t *testing.T) {
	type price float64
	type ratio float32
	got, err := Selection{"p": price(2), "r": ratio(0.5)}.MarshalJSON()
	if want := `{"p":2.0,"r":0.5}`; err != nil || string(got) != want {
		t.Errorf("Marshal = %s, %v; want %s", got, err, want)
	}
	if _, err := marshalSelection(Selection{"p": price(1.0 / zero())}); err == nil {
		t.Error("named Inf: err = nil")
	}
}
