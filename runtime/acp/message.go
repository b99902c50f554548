package acp

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
)

// Agent Chat Protocol identifiers, as uagents-core defines and computes
// them. The digests identify the protocol and message schemas in a uAgents
// envelope (protocol_digest and schema_digest).
const (
	// ProtocolName is the chat protocol's name.
	ProtocolName = "AgentChatProtocol"
	// ProtocolVersion is the chat protocol version the card metadata rides on.
	ProtocolVersion = "0.3.0"
	// ProtocolDigest is the digest of AgentChatProtocol 0.3.0.
	ProtocolDigest = "proto:30a801ed3a83f9a0ff0a9f1e6fe958cb91da1fc2218b153df7b6cbf87bd33d62"
	// ChatMessageDigest is the schema digest of ChatMessage.
	ChatMessageDigest = "model:2601825997203ee07dbb9ff6e7c71ae7bdaf6a7c8b817361f2f88f4b29c68d0c"
	// ChatAcknowledgementDigest is the schema digest of ChatAcknowledgement.
	ChatAcknowledgementDigest = "model:741eb75692abbeb43c131e364ad939af23f14e8288ba0ec3df130843ef79bd7f"
	// CardProtocolVersion is the value of the card_protocol_version key.
	CardProtocolVersion = "1"
)

// Metadata keys of card requests and card responses.
const (
	MetaCardProtocolVersion     = "card_protocol_version"
	MetaRequiresCardInteraction = "requires_card_interaction"
	MetaCardID                  = "card_id"
	MetaCardKind                = "card_kind"
	MetaCardPayload             = "card_payload"
	MetaIsTerminal              = "is_terminal"
	MetaPreferredDrawerWidthPx  = "preferred_drawer_width_px"
	MetaText                    = "text"      // card response: the text shown for the pick
	MetaSelection               = "selection" // card response: the selection as a JSON object
	MetaCancelled               = "cancelled" // card response: "true" when the user dismissed the card
)

// Drawer width bounds; the host clamps preferred_drawer_width_px to them.
const (
	MinDrawerWidthPx = 320
	MaxDrawerWidthPx = 800
)

// MetadataOptions are the optional card metadata keys.
type MetadataOptions struct {
	// CardID, when not uuid.Nil, is sent as card_id so the response can be
	// correlated. The reference requires a version 4 UUID.
	CardID uuid.UUID
	// Terminal marks an informational card: the planner is not paused and
	// no drawer opens, so the user could not act on the card. Metadata
	// refuses it on a card that needs input: every predefined kind (each
	// has a CTA) and a custom tree with a button, an input, a choice grid
	// or a list item with an action.
	Terminal bool
	// DrawerWidthPx is the preferred drawer width; 0 leaves it to the host,
	// other values are clamped to [MinDrawerWidthPx, MaxDrawerWidthPx].
	DrawerWidthPx int
}

// Metadata validates and encodes p and returns the MetadataContent metadata
// that declares the card: card_protocol_version "1",
// requires_card_interaction "true", card_kind, card_payload and the
// optional keys of opts. is_terminal is written only when true, and a
// card that needs input with Terminal set is an error.
func Metadata(p Payload, opts MetadataOptions) (map[string]string, error) {
	kind, payload, err := Encode(p)
	if err != nil {
		return nil, err
	}
	if opts.Terminal && needsInput(kind, payload) {
		// The host opens no drawer for a terminal card, so its CTAs, buttons and inputs
		// could never be used: the pick the agent waits for would never come.
		return nil, fmt.Errorf("acp: is_terminal cannot be sent on this %s card: it needs the user's input, and a terminal card's drawer never opens; leave Terminal unset, or send a custom card with nothing to act on", kind)
	}
	md := map[string]string{
		MetaCardProtocolVersion:     CardProtocolVersion,
		MetaRequiresCardInteraction: "true",
		MetaCardKind:                kind,
		MetaCardPayload:             string(payload),
	}
	if opts.CardID != uuid.Nil {
		if opts.CardID.Version() != 4 || opts.CardID.Variant() != uuid.RFC4122 {
			return nil, fmt.Errorf("acp: card ID %s is not a version 4 UUID; make one with uuid.New()", opts.CardID)
		}
		md[MetaCardID] = opts.CardID.String()
	}
	if opts.Terminal {
		md[MetaIsTerminal] = "true"
	}
	if w := opts.DrawerWidthPx; w != 0 {
		md[MetaPreferredDrawerWidthPx] = strconv.Itoa(min(max(w, MinDrawerWidthPx), MaxDrawerWidthPx))
	}
	return md, nil
}

// needsInput reports whether the user acts on a card of kind with the valid payload: every
// predefined kind requires a CTA, and a custom tree needs input when it has a button, an input,
// a choice grid or a list item with an action. Only those carry an "action" member or one of
// those "type" values; selections are flat, so no text value is mistaken for one.
func needsInput(kind string, payload []byte) bool {
	if kind != KindCustom {
		return true
	}
	var tree any
	if unmarshalNumbers(payload, &tree) != nil {
		return true // cannot happen for a validated payload; refuse rather than guess
	}
	var walk func(v any) bool
	walk = func(v any) bool {
		switch v := v.(type) {
		case map[string]any:
			switch v["type"] {
			case NodeButton, NodeInput, NodeChoiceGrid:
				return true
			}
			if a, ok := v["action"]; ok && a != nil {
				return true
			}
			for _, c := range v {
				if walk(c) {
					return true
				}
			}
		case []any:
			for _, c := range v {
				if walk(c) {
					return true
				}
			}
		}
		return false
	}
	return walk(tree)
}

// Content is one block of a ChatMessage. The content types of this package
// implement it.
type Content interface {
	// ContentType returns the block's "type" discriminator, e.g. "text".
	ContentType() string
	isContent()
}

// Content type discriminators.
const (
	ContentText         = "text"
	ContentMetadata     = "metadata"
	ContentResource     = "resource"
	ContentStartSession = "start-session"
	ContentEndSession   = "end-session"
	ContentStartStream  = "start-stream"
	ContentEndStream    = "end-stream"
)

// TextContent is a block of plain text: an agent's narration, shown in the
// chat bubble before a card, or the user's reply to one (a JSON selection or
// planner prose, see [ParseResponse]). The protocol's documentation says
// TextContent blocks carry plain narration: write no Markdown or HTML, which
// a client may show as typed.
type TextContent struct {
	Text string `json:"text"`
}

// MetadataContent carries string key/value metadata, such as a card.
type MetadataContent struct {
	Metadata map[string]string `json:"metadata"`
}

// Resource is a reference to a file or other resource. Metadata is always
// written, as an empty object when nil.
type Resource struct {
	URI      string            `json:"uri"`
	Metadata map[string]string `json:"metadata"`
}

// ResourceContent points at one or more resources; the first is the
// primary one. A single resource is written as an object, several as an
// array, the two forms the reference accepts.
type ResourceContent struct {
	ResourceID uuid.UUID
	Resources  []Resource
}

// StartSessionContent opens a session.
type StartSessionContent struct{}

// EndSessionContent closes a session.
type EndSessionContent struct{}

// StartStreamContent opens a stream.
type StartStreamContent struct {
	StreamID uuid.UUID `json:"stream_id"`
}

// EndStreamContent closes a stream.
type EndStreamContent struct {
	StreamID uuid.UUID `json:"stream_id"`
}

// UnknownContent keeps a content block of a type this package does not
// know, so a message from a newer peer still decodes and re-encodes as it
// came.
type UnknownContent struct {
	Type string
	Raw  json.RawMessage
}

// ContentType returns "text".
func (TextContent) ContentType() string { return ContentText }

// ContentType returns "metadata".
func (MetadataContent) ContentType() string { return ContentMetadata }

// ContentType returns "resource".
func (ResourceContent) ContentType() string { return ContentResource }

// ContentType returns "start-session".
func (StartSessionContent) ContentType() string { return ContentStartSession }

// ContentType returns "end-session".
func (EndSessionContent) ContentType() string { return ContentEndSession }

// ContentType returns "start-stream".
func (StartStreamContent) ContentType() string { return ContentStartStream }

// ContentType returns "end-stream".
func (EndStreamContent) ContentType() string { return ContentEndStream }

// ContentType returns the block's own type.
func (c UnknownContent) ContentType() string { return c.Type }

func (TextContent) isContent()         {}
func (MetadataContent) isContent()     {}
func (ResourceContent) isContent()     {}
func (StartSessionContent) isContent() {}
func (EndSessionContent) isContent()   {}
func (StartStreamContent) isContent()  {}
func (EndStreamContent) isContent()    {}
func (UnknownContent) isContent()      {}

// MarshalJSON writes {"type":"text","text":...}.
func (c TextContent) MarshalJSON() ([]byte, error) {
	return marshalNoHTML(struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}{ContentText, c.Text})
}

// MarshalJSON writes {"type":"metadata","metadata":{...}}; nil metadata is
// written as {} because the reference requires the field.
func (c MetadataContent) MarshalJSON() ([]byte, error) {
	md := c.Metadata
	if md == nil {
		md = map[string]string{}
	}
	return marshalNoHTML(struct {
		Type     string            `json:"type"`
		Metadata map[string]string `json:"metadata"`
	}{ContentMetadata, md})
}

// MarshalJSON writes the resource with an empty metadata object when nil.
func (r Resource) MarshalJSON() ([]byte, error) {
	md := r.Metadata
	if md == nil {
		md = map[string]string{}
	}
	type plain Resource
	return marshalNoHTML(plain{URI: r.URI, Metadata: md})
}

// MarshalJSON writes the resource as an object when there is exactly one,
// as an array otherwise.
func (c ResourceContent) MarshalJSON() ([]byte, error) {
	var res any = c.Resources
	if len(c.Resources) == 1 {
		res = c.Resources[0]
	} else if c.Resources == nil {
		res = []Resource{}
	}
	return marshalNoHTML(struct {
		Type       string    `json:"type"`
		ResourceID uuid.UUID `json:"resource_id"`
		Resource   any       `json:"resource"`
	}{ContentResource, c.ResourceID, res})
}

// UnmarshalJSON accepts a single resource object or an array of them.
func (c *ResourceContent) UnmarshalJSON(data []byte) error {
	var raw struct {
		ResourceID uuid.UUID       `json:"resource_id"`
		Resource   json.RawMessage `json:"resource"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	c.ResourceID = raw.ResourceID
	c.Resources = nil
	r := strings.TrimSpace(string(raw.Resource))
	switch {
	case strings.HasPrefix(r, "["):
		return json.Unmarshal(raw.Resource, &c.Resources)
	case strings.HasPrefix(r, "{"):
		var one Resource
		if err := json.Unmarshal(raw.Resource, &one); err != nil {
			return err
		}
		c.Resources = []Resource{one}
		return nil
	}
	return errors.New("acp: resource content needs a resource object or array")
}

// MarshalJSON writes {"type":"start-session"}.
func (StartSessionContent) MarshalJSON() ([]byte, error) {
	return []byte(`{"type":"start-session"}`), nil
}

// MarshalJSON writes {"type":"end-session"}.
func (EndSessionContent) MarshalJSON() ([]byte, error) {
	return []byte(`{"type":"end-session"}`), nil
}

type streamJSON struct {
	Type     string    `json:"type"`
	StreamID uuid.UUID `json:"stream_id"`
}

// MarshalJSON writes {"type":"start-stream","stream_id":...}.
func (c StartStreamContent) MarshalJSON() ([]byte, error) {
	return marshalNoHTML(streamJSON{ContentStartStream, c.StreamID})
}

// MarshalJSON writes {"type":"end-stream","stream_id":...}.
func (c EndStreamContent) MarshalJSON() ([]byte, error) {
	return marshalNoHTML(streamJSON{ContentEndStream, c.StreamID})
}

// MarshalJSON writes the block exactly as it was received.
func (c UnknownContent) MarshalJSON() ([]byte, error) {
	if len(c.Raw) == 0 {
		return marshalNoHTML(struct {
			Type string `json:"type"`
		}{c.Type})
	}
	return c.Raw, nil
}

// ChatMessage is the chat protocol's message: a UTC timestamp, a version 4
// UUID and the content blocks.
//
// It marshals exactly as a uAgents envelope payload: keys in the
// reference's order, compact, non-ASCII escaped as \uXXXX (Python's
// ensure_ascii), and the timestamp as Python's datetime.isoformat writes a
// UTC time ("2025-01-02T03:04:05+00:00", with ".ffffff" only when the
// microseconds are not zero). Metadata keys are sorted. Note that
// json.Marshal escapes "<", ">" and "&" again around any Marshaler's
// output; call MarshalJSON directly, or use a json.Encoder with
// SetEscapeHTML(false), for the reference's exact bytes.
type ChatMessage struct {
	Timestamp time.Time
	MsgID     uuid.UUID
	Content   []Content
}

// NewChatMessage returns a message stamped now (UTC) with a fresh version 4
// msg_id. Assign Timestamp and MsgID afterwards to make output
// reproducible.
func NewChatMessage(content ...Content) ChatMessage {
	return ChatMessage{Timestamp: time.Now().UTC(), MsgID: uuid.New(), Content: content}
}

// NewCardMessage returns a ChatMessage that shows text, plain narration
// (omitted when empty), followed by the card p with the metadata of opts. Like NewChatMessage it
// stamps the current time and a fresh msg_id; set the fields afterwards for
// fixed output.
func NewCardMessage(text string, p Payload, opts MetadataOptions) (ChatMessage, error) {
	md, err := Metadata(p, opts)
	if err != nil {
		return ChatMessage{}, err
	}
	var content []Content
	if text != "" {
		content = append(content, TextContent{Text: text})
	}
	return NewChatMessage(append(content, MetadataContent{Metadata: md})...), nil
}

// Text returns the text of every TextContent block (or *TextContent),
// joined by newlines.
func (m ChatMessage) Text() string {
	var parts []string
	for _, c := range m.Content {
		if t, ok := asBlock[TextContent](c); ok {
			parts = append(parts, t.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// asBlock returns c as a block of type T. A pointer to a block type is Content too (its
// methods have value receivers) and marshals as the block it points to, so it is read as one;
// a nil pointer is not.
func asBlock[T Content](c Content) (T, bool) {
	switch b := any(c).(type) { // the compiler refuses case *T on a Content, not knowing *T implements it
	case T:
		return b, true
	case *T:
		if b != nil {
			return *b, true
		}
	}
	var zero T
	return zero, false
}

// pyTimestamp formats t as Python's datetime.isoformat() does for an aware
// UTC datetime; Python keeps microseconds, so finer digits are dropped.
func pyTimestamp(t time.Time) string {
	t = t.UTC().Truncate(time.Microsecond)
	if t.Nanosecond() == 0 {
		return t.Format("2006-01-02T15:04:05-07:00")
	}
	return t.Format("2006-01-02T15:04:05.000000-07:00")
}

// parseTimestamp accepts RFC 3339 times with any offset or fraction, and
// naive ISO times, which the reference reads as UTC.
func parseTimestamp(s string) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.UTC(), nil
	}
	t, err := time.Parse("2006-01-02T15:04:05.999999999", s)
	if err != nil {
		return time.Time{}, fmt.Errorf("acp: timestamp %q is not an ISO 8601 / RFC 3339 time", s)
	}
	return t, nil
}

type chatMessageJSON struct {
	Timestamp string    `json:"timestamp"`
	MsgID     uuid.UUID `json:"msg_id"`
	Content   []Content `json:"content"`
}

// MarshalJSON writes the message as uAgents puts it in an envelope.
func (m ChatMessage) MarshalJSON() ([]byte, error) {
	content := m.Content
	if content == nil {
		content = []Content{}
	}
	for i, c := range content {
		// A nil pointer to a block would be written as null, which no reader decodes.
		if rv := reflect.ValueOf(c); c == nil || rv.Kind() == reflect.Pointer && rv.IsNil() {
			return nil, fmt.Errorf("acp: chat message content[%d] is nil; remove it or give the block", i)
		}
	}
	b, err := marshalNoHTML(chatMessageJSON{pyTimestamp(m.Timestamp), m.MsgID, content})
	if err != nil {
		return nil, err
	}
	return asciiJSON(b), nil
}

// UnmarshalJSON decodes each content block by its "type". Blocks of an
// unknown type are kept as UnknownContent.
func (m *ChatMessage) UnmarshalJSON(data []byte) error {
	var raw struct {
		Timestamp *string           `json:"timestamp"`
		MsgID     *uuid.UUID        `json:"msg_id"`
		Content   []json.RawMessage `json:"content"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return fmt.Errorf("acp: chat message: %w", err)
	}
	if raw.Timestamp == nil || raw.MsgID == nil || raw.Content == nil {
		return errors.New("acp: chat message needs timestamp, msg_id and content")
	}
	ts, err := parseTimestamp(*raw.Timestamp)
	if err != nil {
		return err
	}
	content := make([]Content, 0, len(raw.Content))
	for i, r := range raw.Content {
		c, err := decodeContent(r)
		if err != nil {
			return fmt.Errorf("acp: chat message content[%d]: %w", i, err)
		}
		content = append(content, c)
	}
	*m = ChatMessage{Timestamp: ts, MsgID: *raw.MsgID, Content: content}
	return nil
}

func decodeContent(data json.RawMessage) (Content, error) {
	var probe struct {
		Type *string `json:"type"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, err
	}
	if probe.Type == nil {
		return nil, errors.New(`content block has no "type"`)
	}
	switch *probe.Type {
	case ContentText:
		var c TextContent
		return c, json.Unmarshal(data, &c)
	case ContentMetadata:
		var c MetadataContent
		return c, json.Unmarshal(data, &c)
	case ContentResource:
		var c ResourceContent
		return c, json.Unmarshal(data, &c)
	case ContentStartSession:
		return StartSessionContent{}, nil
	case ContentEndSession:
		return EndSessionContent{}, nil
	case ContentStartStream:
		var c StartStreamContent
		return c, json.Unmarshal(data, &c)
	case ContentEndStream:
		var c EndStreamContent
		return c, json.Unmarshal(data, &c)
	}
	return UnknownContent{Type: *probe.Type, Raw: append(json.RawMessage(nil), data...)}, nil
}

// ChatAcknowledgement acknowledges a ChatMessage by its msg_id. Nil
// Metadata is written as null, as the reference writes its None default.
type ChatAcknowledgement struct {
	Timestamp         time.Time
	AcknowledgedMsgID uuid.UUID
	Metadata          map[string]string
}

// NewAcknowledgement returns an acknowledgement of msg stamped now (UTC).
func NewAcknowledgement(msg ChatMessage) ChatAcknowledgement {
	return ChatAcknowledgement{Timestamp: time.Now().UTC(), AcknowledgedMsgID: msg.MsgID}
}

type ackJSON struct {
	Timestamp         string            `json:"timestamp"`
	AcknowledgedMsgID uuid.UUID         `json:"acknowledged_msg_id"`
	Metadata          map[string]string `json:"metadata"`
}

// MarshalJSON writes the acknowledgement as uAgents puts it in an envelope.
func (a ChatAcknowledgement) MarshalJSON() ([]byte, error) {
	b, err := marshalNoHTML(ackJSON{pyTimestamp(a.Timestamp), a.AcknowledgedMsgID, a.Metadata})
	if err != nil {
		return nil, err
	}
	return asciiJSON(b), nil
}

// UnmarshalJSON decodes an acknowledgement.
func (a *ChatAcknowledgement) UnmarshalJSON(data []byte) error {
	var raw struct {
		Timestamp         *string           `json:"timestamp"`
		AcknowledgedMsgID *uuid.UUID        `json:"acknowledged_msg_id"`
		Metadata          map[string]string `json:"metadata"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return fmt.Errorf("acp: chat acknowledgement: %w", err)
	}
	if raw.Timestamp == nil || raw.AcknowledgedMsgID == nil {
		return errors.New("acp: chat acknowledgement needs timestamp and acknowledged_msg_id")
	}
	ts, err := parseTimestamp(*raw.Timestamp)
	if err != nil {
		return err
	}
	*a = ChatAcknowledgement{Timestamp: ts, AcknowledgedMsgID: *raw.AcknowledgedMsgID, Metadata: raw.Metadata}
	return nil
}
