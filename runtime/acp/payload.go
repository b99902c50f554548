package acp

import (
	"encoding/json"
	"errors"
)

// Card kinds: the values of the card_kind metadata key.
const (
	KindCarousel = "carousel"
	KindDetail   = "detail"
	KindForm     = "form"
	KindReview   = "review"
	KindCustom   = "custom"
)

// Kinds lists every card kind in the order the reference declares them.
func Kinds() []string {
	return []string{KindCarousel, KindDetail, KindForm, KindReview, KindCustom}
}

// Payload is a typed card payload. The five payload types of this package
// implement it; Kind reports the card_kind the payload is sent as.
type Payload interface {
	Kind() string
}

// Selection is the flat map a CTA or button sends back when the user picks
// it. Values must be strings, bools, Go integers, Go floats or json.Number
// (or of a named type of one of those kinds, such as type OfferID string);
// nested values are rejected by validation because the host forwards the
// selection as flat key/value pairs.
//
// Selection marshals with sorted keys (Python keeps insertion order; JSON
// objects are unordered, and sorted keys keep our output deterministic) and
// writes Go floats as pydantic-core's model_dump_json writes a Python float
// (float64(1) is 1.0, 1e-5 is 0.00001, 1e-6 is 1e-6), as the reference's
// pydantic models write theirs.
type Selection map[string]any

// MarshalJSON writes the selection with sorted keys and Python-style floats.
// A nil Selection is written as null, which validation rejects: every CTA
// must say what it selects.
func (s Selection) MarshalJSON() ([]byte, error) {
	if s == nil {
		return []byte("null"), nil
	}
	return marshalSelection(s)
}

// CTA is a call-to-action button of a predefined card (the reference's
// CtaAction). Primary is always written, false by default, as the reference
// writes its non-None default.
type CTA struct {
	Label     string    `json:"label"`
	Selection Selection `json:"selection"`
	Primary   bool      `json:"primary"`
}

// NewCTA returns a secondary CTA that sends selection when picked.
func NewCTA(label string, selection Selection) CTA {
	return CTA{Label: label, Selection: selection}
}

// PrimaryCTA returns a CTA drawn as the card's primary action.
func PrimaryCTA(label string, selection Selection) CTA {
	return CTA{Label: label, Selection: selection, Primary: true}
}

// BadgeVariant colours a badge.
type BadgeVariant string

// Badge variants allowed by the reference.
const (
	BadgeInfo    BadgeVariant = "info"
	BadgeSuccess BadgeVariant = "success"
	BadgeWarning BadgeVariant = "warning"
)

// Badge is a small label on a carousel item. An empty Variant is omitted.
type Badge struct {
	Label   string       `json:"label"`
	Variant BadgeVariant `json:"variant,omitempty"`
}

// CarouselItem is one card of a carousel. Empty optional strings and empty
// badge lists are omitted, as the reference omits None.
type CarouselItem struct {
	ID            string  `json:"id"`
	Image         string  `json:"image,omitempty"`
	Title         string  `json:"title"`
	Subtitle      string  `json:"subtitle,omitempty"`
	Badges        []Badge `json:"badges,omitempty"`
	SecondaryText string  `json:"secondary_text,omitempty"`
	PrimaryCTA    CTA     `json:"primary_cta"`
}

// CarouselPayload is a horizontally scrolling list of selectable items
// (card_kind "carousel"). Items needs at least one entry.
type CarouselPayload struct {
	Title    string         `json:"title,omitempty"`
	Subtitle string         `json:"subtitle,omitempty"`
	Items    []CarouselItem `json:"items"`
}

// Kind returns "carousel".
func (CarouselPayload) Kind() string { return KindCarousel }

// SummaryRow is one label/value line of a detail or review card.
type SummaryRow struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// SubOptionKind says how a detail card draws its sub-options.
type SubOptionKind string

// Sub-option kinds allowed by the reference.
const (
	SubOptionRadio  SubOptionKind = "radio"
	SubOptionSelect SubOptionKind = "select"
)

// SubOptionChoice is one choice of a detail card's sub-options.
type SubOptionChoice struct {
	Value         string `json:"value"`
	Label         string `json:"label"`
	SecondaryText string `json:"secondary_text,omitempty"`
}

// SubOptions is a radio group or select list on a detail card; the picked
// value is sent back under Name. Choices needs at least one entry.
type SubOptions struct {
	Name    string            `json:"name"`
	Kind    SubOptionKind     `json:"kind"`
	Label   string            `json:"label"`
	Choices []SubOptionChoice `json:"choices"`
}

// DetailPayload shows one item in depth with its actions (card_kind
// "detail"). CTAs needs at least one entry.
type DetailPayload struct {
	Title       string       `json:"title"`
	HeroImage   string       `json:"hero_image,omitempty"`
	SummaryRows []SummaryRow `json:"summary_rows,omitempty"`
	SubOptions  *SubOptions  `json:"sub_options,omitempty"`
	CTAs        []CTA        `json:"ctas"`
}

// Kind returns "detail".
func (DetailPayload) Kind() string { return KindDetail }

// InputKind is the kind of a form field or input node.
type InputKind string

// Input kinds allowed by the reference. InputSelect needs options.
const (
	InputText     InputKind = "text"
	InputNumber   InputKind = "number"
	InputEmail    InputKind = "email"
	InputSelect   InputKind = "select"
	InputCheckbox InputKind = "checkbox"
)

// Option is one choice of a select field or input.
type Option struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// FormField is one field of a form card. Required is always written (false
// by default), because the reference's exclude_none dump keeps non-None
// defaults.
type FormField struct {
	Name        string    `json:"name"`
	Kind        InputKind `json:"kind"`
	Label       string    `json:"label"`
	Required    bool      `json:"required"`
	Options     []Option  `json:"options,omitempty"`
	Placeholder string    `json:"placeholder,omitempty"`
}

// FormPayload collects input from the user (card_kind "form"). Fields needs
// at least one entry; the submitted values come back with the SubmitCTA's
// selection.
type FormPayload struct {
	Title     string      `json:"title,omitempty"`
	Fields    []FormField `json:"fields"`
	SubmitCTA CTA         `json:"submit_cta"`
}

// Kind returns "form".
func (FormPayload) Kind() string { return KindForm }

// ReviewPayload asks the user to confirm a summary (card_kind "review").
// SummaryRows needs at least one entry; RejectCTA is optional.
type ReviewPayload struct {
	Title       string       `json:"title"`
	SummaryRows []SummaryRow `json:"summary_rows"`
	ApproveCTA  CTA          `json:"approve_cta"`
	RejectCTA   *CTA         `json:"reject_cta,omitempty"`
}

// Kind returns "review".
func (ReviewPayload) Kind() string { return KindReview }

// CustomPayload is a free element tree (card_kind "custom"). The tree may
// be at most MaxElementTreeDepth levels deep.
type CustomPayload struct {
	Root Node `json:"root"`
}

// Kind returns "custom".
func (CustomPayload) Kind() string { return KindCustom }

// UnmarshalJSON decodes the root node by its "type" discriminator.
func (p *CustomPayload) UnmarshalJSON(data []byte) error {
	var raw struct {
		Root json.RawMessage `json:"root"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	if raw.Root == nil {
		return errors.New("acp: custom payload has no root")
	}
	n, err := decodeNode(raw.Root)
	if err != nil {
		return err
	}
	p.Root = n
	return nil
}
