// Package card builds, checks and attaches result cards v1: the small card
// (title, subtitle, text, icon, image, up to four detail rows, up to two
// buttons and a fallback text) that a tool puts under
// _meta.assistant_platform.card of its tools/call result.
//
// A host drops a card that breaks any limit, so a server should never send
// one. Cards built from literals can be checked with [Card.Validate]; cards
// that carry dynamic values (names, addresses, anything from a database)
// should go through [Fit], which returns a valid card with the least loss:
//
//	c := card.Card{Title: "Order #" + o.ID, FallbackText: "Order " + o.ID + " " + o.Status}
//	card.Attach(res, card.Fit(c))
//
// Lengths are counted in UTF-16 code units ([Len]): the platform gives its
// limits in "characters" without saying which, and a JavaScript host counts
// a string's .length, in which an emoji is 2. A text within its limit in
// UTF-16 units is within it in code points and in graphemes too.
// Every slot is plain text: no Markdown, no HTML, no control characters;
// only text and fallback_text keep line breaks ("\n"). URLs are https, the
// scheme written in lower case ("https://", see [IsHTTPS]).
//
// Code written by cardgen imports this package, but nothing here depends on
// the generator.
package card

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Version is the card format version this package writes and checks.
const Version = 1

// Limits of a v1 card: lengths in UTF-16 code units, as [Len] counts them, or counts.
const (
	MaxTitle        = 80  // title
	MaxSubtitle     = 160 // subtitle
	MaxText         = 300 // text, line breaks kept
	MaxFields       = 4   // rows in fields
	MaxFieldLabel   = 40  // fields[i].label
	MaxFieldValue   = 120 // fields[i].value
	MaxActions      = 2   // buttons in actions; the first is the primary one
	MaxActionLabel  = 30  // actions[i].label
	MaxMessageText  = 200 // actions[i].text of a message button
	MaxFallbackText = 500 // fallback_text, line breaks kept
)

// Action kinds.
const (
	KindURL     = "url"     // a link button: opens URL in a new tab
	KindMessage = "message" // sends Text as the user's next message
)

// MetaKey is the _meta key of the platform namespace ("assistant_platform");
// the card sits under its "card" key.
const MetaKey = "assistant_platform"

// platformMeta is the MetaKey namespace holding a card, as Meta writes it.
type platformMeta struct {
	Card Card `json:"card"`
}

// cardKey is the key of the card inside the MetaKey namespace.
const cardKey = "card"

// Card is a result card v1 as it travels on the wire. The JSON field names
// are those of the platform; unknown fields are ignored when decoding, so a
// newer card still decodes.
type Card struct {
	// V is the card version: 0 (unset) or 1. Fit sets it to 1 whenever it
	// has to repair a card.
	V int `json:"v,omitempty"`
	// Title is required: at most MaxTitle UTF-16 code units ([Len]), one line.
	Title string `json:"title"`
	// Subtitle is optional: at most MaxSubtitle units, one line.
	Subtitle string `json:"subtitle,omitempty"`
	// Text is optional: at most MaxText units; line breaks are kept.
	Text string `json:"text,omitempty"`
	// IconURL is optional; when set it must be an https URL.
	IconURL string `json:"icon_url,omitempty"`
	// ImageURL is optional; when set it must be an https URL.
	ImageURL string `json:"image_url,omitempty"`
	// Fields are the detail rows, at most MaxFields.
	Fields []Field `json:"fields,omitempty"`
	// Actions are the buttons, at most MaxActions; the first is the primary one.
	Actions []Action `json:"actions,omitempty"`
	// FallbackText is required: at most MaxFallbackText units, line
	// breaks kept. Messaging channels show it instead of the card.
	FallbackText string `json:"fallback_text"`
}

// Field is one detail row of a card. Both parts are required, one line each.
type Field struct {
	Label string `json:"label"` // at most MaxFieldLabel UTF-16 code units ([Len])
	Value string `json:"value"` // at most MaxFieldValue units
}

// Action is one button of a card. A KindURL button carries an https URL and
// no Text; a KindMessage button carries the Text it sends and no URL.
// Build them with [URLAction] and [MessageAction].
type Action struct {
	Kind  string `json:"kind"`           // KindURL or KindMessage
	Label string `json:"label"`          // at most MaxActionLabel UTF-16 code units ([Len])
	URL   string `json:"url,omitempty"`  // https URL of a KindURL button
	Text  string `json:"text,omitempty"` // message of a KindMessage button, at most MaxMessageText units
}

// URLAction returns a link button that opens url.
func URLAction(label, url string) Action {
	return Action{Kind: KindURL, Label: label, URL: url}
}

// MessageAction returns a button that sends text as the user's next message,
// such as "Cancel order 1042".
func MessageAction(label, text string) Action {
	return Action{Kind: KindMessage, Label: label, Text: text}
}

// MessagingText is what a messaging channel shows instead of the card: the
// fallback text, then every url button on a line of its own as "Label: URL".
func (c Card) MessagingText() string {
	var b strings.Builder
	b.WriteString(c.FallbackText)
	for _, a := range c.Actions {
		if a.Kind != KindURL || a.URL == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(a.Label)
		b.WriteString(": ")
		b.WriteString(a.URL)
	}
	return b.String()
}

// Meta returns {"assistant_platform": {"card": c}}, ready to be used as the
// Meta of an mcp.CallToolResult that has no other _meta. Use [Attach] to add
// the card to a result that may already carry _meta.
func (c Card) Meta() map[string]any {
	// A struct, not a nested map: it encodes without sorting keys or boxing the card, which is
	// most of what attaching a card costs.
	return map[string]any{MetaKey: platformMeta{Card: c}}
}

// Attach puts c under res.Meta["assistant_platform"]["card"]. Other _meta
// keys, and other keys of the assistant_platform namespace, are kept; the
// namespace map is copied rather than modified, so a map shared between
// results is never changed. Attach stores c as given: pass it through [Fit]
// first unless it is known to be valid. A nil res is ignored.
func Attach(res *mcp.CallToolResult, c Card) {
	if res == nil {
		return
	}
	ns := map[string]any{}
	switch old := res.Meta[MetaKey].(type) {
	case nil:
	case map[string]any:
		maps.Copy(ns, old)
	case mcp.Meta:
		maps.Copy(ns, old)
	default:
		// Some other value that encodes as a JSON object (a struct,
		// json.RawMessage): keep its keys. Anything else is replaced, as
		// the namespace must be an object to hold the card.
		if m, err := decodeObject(old); err == nil {
			maps.Copy(ns, m)
		}
	}
	ns[cardKey] = c
	if res.Meta == nil {
		res.Meta = mcp.Meta{}
	}
	res.Meta[MetaKey] = ns
}

// FromMeta reads the card back from a result's _meta, as written by [Attach]
// or [Card.Meta] or as decoded from JSON. It reports false when there is no
// card, and an error when _meta.assistant_platform is not an object or its
// "card" is present but is not a card object. Unknown JSON fields are ignored. FromMeta does not validate
// the card; call [Card.Validate] for that.
func FromMeta(meta map[string]any) (Card, bool, error) {
	ns, ok := meta[MetaKey]
	if !ok || ns == nil {
		return Card{}, false, nil
	}
	var raw any
	switch ns := ns.(type) {
	case platformMeta:
		return ns.Card, true, nil
	case map[string]any:
		raw = ns[cardKey]
	case mcp.Meta:
		raw = ns[cardKey]
	default:
		m, err := decodeObject(ns)
		if err != nil {
			return Card{}, false, fmt.Errorf("card: _meta.%s is not a JSON object (%w); it must be an object holding %q", MetaKey, err, cardKey)
		}
		raw = m[cardKey]
	}
	switch v := raw.(type) {
	case nil:
		return Card{}, false, nil
	case Card:
		return v, true, nil
	case *Card:
		if v == nil {
			return Card{}, false, nil
		}
		return *v, true, nil
	}
	b, err := json.Marshal(raw)
	if err != nil {
		return Card{}, true, fmt.Errorf("card: _meta.%s.%s cannot be encoded as JSON: %w", MetaKey, cardKey, err)
	}
	if bytes.Equal(bytes.TrimSpace(b), []byte("null")) {
		return Card{}, false, nil
	}
	var c Card
	if err := json.Unmarshal(b, &c); err != nil {
		return Card{}, true, fmt.Errorf("card: _meta.%s.%s is not a result card: %w", MetaKey, cardKey, err)
	}
	return c, true, nil
}

// decodeObject converts any JSON-encodable value into a generic JSON object.
func decodeObject(v any) (map[string]any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	if m == nil {
		return nil, fmt.Errorf("got null")
	}
	return m, nil
}
