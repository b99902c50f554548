package register

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/cardgen/cardgen/internal/typedtool"
	"github.com/cardgen/cardgen/runtime/acp"
	"github.com/cardgen/cardgen/runtime/card"
)

// SelectionTool is the selection key that names the tool a card's CTA calls: generated form
// cards put it in their submit CTA, and generated DispatchACP functions read it.
const SelectionTool = "tool"

// ActionCTA turns a result-card button into an Agent Chat Protocol CTA whose selection carries
// the action: {"action": label, "url": …} or {"action": label, "text": …}.
func ActionCTA(a card.Action, primary bool) acp.CTA {
	sel := acp.Selection{"action": a.Label}
	if a.Kind == card.KindURL {
		sel["url"] = a.URL
	} else {
		sel["text"] = a.Text
	}
	return acp.CTA{Label: a.Label, Selection: sel, Primary: primary}
}

func summaryRows(c card.Card) []acp.SummaryRow {
	rows := make([]acp.SummaryRow, 0, len(c.Fields))
	for _, f := range c.Fields {
		rows = append(rows, acp.SummaryRow{Label: f.Label, Value: f.Value})
	}
	return rows
}

// DetailFromCard projects a fitted result card onto a detail payload: title, image as the hero
// image, fields as summary rows, buttons as CTAs (the first primary). A button that repeats an
// earlier one — the same label and, from data, the same target — is left out: both would send
// the same selection, and acp refuses a card whose CTAs the reply cannot tell apart. The payload
// is validated.
//
// A card without buttons is an error that says so: the reference requires at least one CTA,
// and card.Fit drops every button when the first, the primary one, is invalid (an http:// or
// data: URL, an empty label), as ReviewFromCard explains for a review card. An image is valid
// in a result card at any length, but a long one (a 100 KB https URL) makes the payload exceed
// the 64 KB card_payload limit (acp.MaxPayloadBytes): the hero image, which the reference does
// not require, is then left out so that the card is sent, and what was dropped is logged at
// debug level to slog's default logger (the generated <Tool>ACP functions have no logger of
// their own to pass).
func DetailFromCard(c card.Card) (acp.DetailPayload, error) {
	p := acp.DetailPayload{Title: c.Title, HeroImage: c.ImageURL, SummaryRows: summaryRows(c)}
	for i, a := range c.Actions {
		if slices.ContainsFunc(c.Actions[:i], func(b card.Action) bool { return sameCTA(a, b) }) {
			continue
		}
		p.CTAs = append(p.CTAs, ActionCTA(a, i == 0))
	}
	if len(p.CTAs) == 0 {
		// acp's own message, "ctas: must be an array, not null", describes the nil slice, not
		// the card.
		return p, errors.New("register: a detail card needs a button, and the result card has none left: " +
			"it had none, or card.Fit dropped its first button (the primary one) as invalid, and the others with it")
	}
	err := p.Validate()
	if err != nil && p.HeroImage != "" && overLimit(err) {
		fitted := p
		fitted.HeroImage = ""
		if fitted.Validate() == nil {
			logDropped("detail", p.Title, "hero_image", len(p.HeroImage))
			return fitted, nil
		}
	}
	return p, err
}

// overLimit reports whether err, an acp payload's validation error, says the payload is over
// the card_payload limit (acp.MaxPayloadBytes).
func overLimit(err error) bool {
	var v *acp.ValidationError
	if !errors.As(err, &v) {
		return false
	}
	return slices.ContainsFunc(v.Problems, func(p acp.Problem) bool {
		return p.Path == "" && strings.Contains(p.Msg, "bytes; the limit is")
	})
}

// logDropped logs, at debug level to slog's default logger, that what of the ACP card of kind and
// title was dropped to fit the card_payload limit, as AttachCard logs what fitting a result card
// changed.
func logDropped(kind, title, what string, n int) {
	if !slog.Default().Enabled(context.Background(), slog.LevelDebug) {
		return
	}
	slog.Default().Debug("cardgen: ACP card fitted to the payload limit", slog.String("card_kind", kind),
		slog.String("title", title), slog.String(what, fmt.Sprintf("dropped: %d bytes, over the %d-byte card_payload limit with the rest of the card", n, acp.MaxPayloadBytes)))
}

// sameCTA reports whether a and b project onto the same CTA selection (ActionCTA).
func sameCTA(a, b card.Action) bool {
	if a.Label != b.Label || (a.Kind == card.KindURL) != (b.Kind == card.KindURL) {
		return false
	}
	if a.Kind == card.KindURL {
		return a.URL == b.URL
	}
	return a.Text == b.Text
}

// ReviewFromCard projects a fitted result card onto a review payload: the fields are what is
// reviewed, the first button approves and the second, if any, rejects. The payload is validated.
//
// A card without buttons is an error, not a review card: the reference requires approve_cta,
// and there is nothing to approve with. This is also what happens when card.Fit dropped the
// card's first button (an http:// URL, an empty label): Fit then drops the second too, so the
// reject button is never sent as approve_cta. The host would show the message as plain text
// anyway; the error says why.
func ReviewFromCard(c card.Card) (acp.ReviewPayload, error) {
	p := acp.ReviewPayload{Title: c.Title, SummaryRows: summaryRows(c)}
	if len(c.Actions) == 0 {
		return p, errors.New("register: a review card needs an approve button, and the result card has none: " +
			"its first button (the primary one, which approves) is missing or card.Fit dropped it as invalid")
	}
	p.ApproveCTA = ActionCTA(c.Actions[0], true)
	// A reject button that repeats the approve button (from data) would send approve's
	// selection: it is left out rather than let a reply mean both.
	if len(c.Actions) > 1 && !sameCTA(c.Actions[0], c.Actions[1]) {
		reject := ActionCTA(c.Actions[1], false)
		p.RejectCTA = &reject
	}
	return p, p.Validate()
}

// CarouselItem projects one element's fitted card onto a carousel item. Its CTA is the card's
// first button, or "Choose" with the item's id as the selection when the card has none.
func CarouselItem(id string, c card.Card) acp.CarouselItem {
	item := acp.CarouselItem{ID: id, Image: c.ImageURL, Title: c.Title, Subtitle: c.Subtitle, SecondaryText: c.Text}
	if len(c.Actions) > 0 {
		item.PrimaryCTA = ActionCTA(c.Actions[0], true)
		item.PrimaryCTA.Selection["id"] = id
	} else {
		item.PrimaryCTA = acp.CTA{Label: "Choose", Selection: acp.Selection{"id": id}, Primary: true}
	}
	return item
}

// Carousel validates a carousel of items, fitted to the host's card_payload limit of 64 KB
// (acp.MaxPayloadBytes): when the payload is larger, items are dropped from the end until it
// fits, as acp.FitCarousel does, keeping at least one (a carousel needs one). The items come
// from data, so their number is not known when cardgen runs; a host rejects an oversized
// payload and shows the message as plain text, so a shorter carousel is sent rather than none.
// For the same reason an item whose id or selection repeats an earlier item's (a repeated SKU in
// the data) is dropped, as acp.FitCarousel drops it: the user's reply could not tell the two
// apart. Before that, an item over the limit on its own with its image (a 100 KB https URL,
// valid in a result card) loses the image, which the reference does not require, as
// DetailFromCard drops a hero image, and it is logged the same way. An error remains for what
// dropping cannot fix: no items, one item over the limit on its own without its image, or any
// other invalid value.
func Carousel(title string, items []acp.CarouselItem) (acp.CarouselPayload, error) {
	p := acp.CarouselPayload{Title: title, Items: items}
	err := p.Validate()
	if err == nil {
		return p, nil // the common case: encoded once, as before
	}
	if overLimit(err) {
		p.Items = withoutOversizedImages(title, items)
		if err = p.Validate(); err == nil {
			return p, nil
		}
	}
	if fitted, dropped := acp.FitCarousel(p); dropped > 0 {
		return fitted, fitted.Validate()
	}
	return p, err
}

// withoutOversizedImages returns items, or a copy in which each item whose carousel of its own
// is over the card_payload limit with its image, and not without it, has no image.
func withoutOversizedImages(title string, items []acp.CarouselItem) []acp.CarouselItem {
	out := items
	for i, it := range items {
		if it.Image == "" {
			continue
		}
		alone := acp.CarouselPayload{Title: title, Items: []acp.CarouselItem{it}}
		if err := alone.Validate(); err == nil || !overLimit(err) {
			continue
		}
		it.Image = ""
		alone.Items[0] = it
		if alone.Validate() != nil {
			continue // too large without it too: an error remains, as before
		}
		if &out[0] == &items[0] {
			out = slices.Clone(items)
		}
		out[i] = it
		logDropped("carousel", it.Title, fmt.Sprintf("items[%d].image", i), len(items[i].Image))
	}
	return out
}

// ErrFormCancelled is the error of FormSelection, and so of a generated DispatchACP, for a card
// response that cancelled the form: the user chose not to call the tool.
var ErrFormCancelled = errors.New("the user cancelled the form, so no tool is called; carry on without it or offer the form again")

// ErrNoFormValues is the error of FormSelection, and so of a generated DispatchACP, for a reply
// that carries no values the user entered: an empty message, planner prose, or a card response
// without one selection. Prose that names the tool matches the form's submit CTA, but its values
// are the planner's guesses, and for a form whose fields are all optional it would be a valid
// input with every field blank.
var ErrNoFormValues = errors.New("the reply carries no form values the user entered, and a tool is only called with those; send the form card again")

// FormSelection returns the selection of a reply to a form card, as a generated DispatchACP
// reads it: only a JSON reply (a direct @mention) or a card response carries the values the user
// entered. A cancelled card response is ErrFormCancelled; prose, an empty message, and a reply
// with no selection or one that gives a key two values are ErrNoFormValues (test for both with
// errors.Is).
func FormSelection(r acp.Response) (acp.Selection, error) {
	switch {
	case r.Cancelled:
		return nil, ErrFormCancelled
	case r.Form == acp.ReplyEmpty:
		return nil, fmt.Errorf("an empty reply: %w", ErrNoFormValues)
	case r.Form != acp.ReplyJSON && r.Form != acp.ReplyMetadata:
		return nil, fmt.Errorf("a %s reply: %w", r.Form, ErrNoFormValues)
	case r.Selection == nil:
		// A card response may carry no selection at all, and ParseResponse also leaves out one
		// that gives a key two values: either way there is no one input the user entered.
		return nil, fmt.Errorf("the reply has no selection, or one that gives a key two different values: %w", ErrNoFormValues)
	}
	return r.Selection, nil
}

// DecodeSelection decodes a form card's selection into a tool's input: the "tool" key is
// dropped, values a form sends as text are converted to the numbers and booleans the input
// schema asks for (a number sent for a text field is its text, "3.0" for an integer is 3), a
// field left blank is no answer unless the field is text, a required checkbox left unticked is
// false (an optional one stays unset), the result is validated against the schema with the
// validator the Go SDK uses, and decoded strictly (an unknown key is an error, and keys match
// field names case-sensitively, as in tool arguments).
//
// A selection that is not a valid input is a *SelectionError, whose text is fit to show the user:
// it lists every problem, each naming the field and writing the value as JSON, in the order of
// the schema's properties ("nights is 0, below the minimum 1; guest is \"nope\", not an email
// address"). The validator stops at the first problem, so a refused selection is checked again
// field by field: each value against its property's schema on its own (in words for required,
// type, enum, const, bounds, multipleOf, lengths, pattern, items, nested properties, allOf,
// anyOf and a nullable oneOf; in the validator's for other keywords) and, if valid, decoded on
// its own into the input type, so that a value the Go field refuses (300 for an int8, a date
// without a time for a time.Time) is listed too. The validator still decides: nothing it refuses
// gets through. Besides, format=email is checked, which the validator does not do: the text, spaces
// around it trimmed, must be an address alone, as net/mail reads it or writes it back (a quoted
// local part keeps its quotes), and an optional field left blank, or holding spaces only, stays
// blank. Other
// formats are not: a time.Time refuses what is not RFC 3339 when decoded, and a net.IP (ipv4)
// takes IPv6 too. An error for a schema that does not resolve, or for an in that is not a non-nil
// pointer, is a mistake of the caller, not a *SelectionError.
//
// Numbers, whether a JSON reply's or typed as text, keep their exact value, as they do through
// MCP tools/call: nothing goes through a float64 that would round an ID beyond 2^53. An integer
// field takes a whole number from -2^63 to 2^64-1 however it is written (3, "3.0", "1e3",
// 9.223372036854775809e18), zero of either sign as 0; a whole number beyond that range, or one
// that is not whole but would be in a float64 (1.0000000000000000001, 1e-400), is an error that
// names the field, where it used to be rounded; for one beyond the range, it names the schema's
// bound it is beyond ("above the maximum 10"), else the Go field's own range. Otherwise a number
// decodes as encoding/json decodes the same JSON number into the field (a negative number into
// an unsigned field is an error, and a json.Number field gets every digit), but that a number
// beyond float64's range is an error for a number field, and that a zero however written (-0,
// "-0", -0.0, "-0e5") is +0 in a float field. Numbers inside a JSON reply's arrays and objects, and under a key the schema has no
// property for, are validated as the numbers they are and decoded as written, as encoding/json
// would decode the reply (a -0.0 there keeps its sign).
func DecodeSelection(schema json.RawMessage, sel acp.Selection, in any) error {
	// The same once-per-process resolution AddTool uses: a reply is decoded on a hot path.
	resolved, err := typedtool.Lazy(schema).Resolved()
	if err != nil {
		return fmt.Errorf("input schema: %w", err)
	}
	// Checked first: the decoder would refuse it only after a valid selection, and the user
	// would be told to correct a form they filled in right.
	if rv := reflect.ValueOf(in); rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("register: DecodeSelection decodes into a non-nil pointer, and in is %T; pass &in", in)
	}
	s := resolved.Schema()
	x := explainerOf(schema, resolved)
	read := selection{args: map[string]any{}}
	for k, v := range sel {
		if k == SelectionTool {
			continue
		}
		var lit any
		if prop, ok := s.Properties[k]; ok {
			if str, isStr := v.(string); isStr && strings.TrimSpace(str) == "" && (prop.Type != "string" || len(prop.Enum) > 0) {
				// A field left blank: no answer, not an empty number or an option no one chose.
				continue
			}
			if str, isStr := v.(string); isStr && prop.Format == "email" {
				// Spaces around an address are no part of it: a form's text field keeps them.
				v = strings.TrimSpace(str)
			}
			written := v
			var err error
			if v, lit, err = coerce(k, v, prop); err != nil {
				// Not validated, and not reported as missing: the other values are still
				// checked, so that the user hears of every problem at once.
				if read.failed == nil {
					read.failed = map[string]string{}
				}
				msg := err.Error()
				if wide, ok := err.(*tooWide); ok && wide.lit != "" {
					// Within the schema's bounds, or it has none: the Go field's own range
					// says what it takes, when decoding the number into it says that.
					if p := decodeProblem(k, prop, json.Number(wide.lit), nil, in, s); p != "" {
						msg = p
					}
				}
				read.failed[k] = msg
				continue
			}
			if text, ok := numberText(written, v); ok {
				if read.texts == nil {
					read.texts = map[string]string{}
				}
				read.texts[k] = text
			}
		} else {
			// A key the schema has no property for (it may allow any): its numbers are
			// validated as what they are, and decoded as written.
			v, lit = asWritten(v)
		}
		if lit != nil {
			if read.lits == nil {
				// The values to encode where they are not those validated: numbers as the
				// reply wrote them, where a float64 would change them or where they are
				// inside an array or object.
				read.lits = map[string]any{}
			}
			read.lits[k] = lit
		}
		read.args[k] = v
	}
	for _, name := range s.Required {
		if prop := s.Properties[name]; prop != nil && prop.Type == "boolean" {
			if _, ok := read.args[name]; !ok {
				// An unticked checkbox sends nothing. Only a required bool is filled in: an
				// optional one (a *bool, say) stays unset.
				read.args[name] = false
			}
		}
	}
	// The validator runs on every selection, and stops at its first problem: only a refused
	// selection is gone through again, value by value, to say what is wrong with each. It does
	// not check formats, which x does.
	if err := resolved.Validate(read.args); err != nil || read.failed != nil || !x.formatsOK(read.args) {
		return x.explain(read, err, nil, in)
	}
	encode := read.args
	if read.lits != nil {
		encode = maps.Clone(read.args)
		maps.Copy(encode, read.lits)
	}
	b, err := json.Marshal(encode)
	if err != nil {
		// A value JSON cannot hold, such as a Go float NaN put in the selection by hand.
		return x.explain(read, nil, err, in)
	}
	// Keys match fields case-sensitively, as AddTool's do for tool arguments: the schema
	// checked "qty", and encoding/json would fill Qty from an unchecked "QTY" when the schema
	// lets unknown keys through.
	if err := decodeStrict(b, in); err != nil {
		return x.explain(read, nil, err, in)
	}
	return nil
}

// coerce converts the selection value v of key to the JSON type typ the schema asks for, when it
// reads as one, and returns what to validate and, when it is to be encoded otherwise, lit. A
// number keeps its exact value: an integer is an int64 or a uint64 (see number.integer and
// number.value), never a float64 that would round an ID beyond 2^53. A form's text is read as a
// number for an integer or number field, and as a boolean for a boolean one.
func coerce(key string, v any, prop *jsonschema.Schema) (val, lit any, err error) {
	typ := prop.Type
	if n, ok := v.(json.Number); ok { // acp.ParseResponse keeps numbers exact
		if typ == "string" {
			return string(n), nil, nil // a number typed into a text field is its text
		}
		if i, err := n.Int64(); err == nil {
			return i, nil, nil
		}
		num, ok := readNumber(string(n))
		if !ok {
			return string(n), nil, nil
		}
		if typ == "integer" {
			val, err := num.integer(key, string(n), prop)
			return val, nil, err
		}
		val, lit, ok, err := num.value(key, string(n), typ == "number")
		if !ok && err == nil {
			return string(n), nil, nil // beyond float64, as before: the validator says what it wants
		}
		return val, lit, err
	}
	s, ok := v.(string)
	if !ok {
		// An array or an object: not a form's, but a JSON reply may hold one.
		val, lit := asWritten(v)
		return val, lit, nil
	}
	text := strings.TrimSpace(s)
	switch typ {
	case "integer":
		if n, err := strconv.ParseInt(text, 10, 64); err == nil {
			return n, nil, nil
		}
		// "3.0" or "1e3": a whole number written as a number input may write it.
		if num, ok := readNumber(text); ok {
			val, err := num.integer(key, text, prop)
			return val, nil, err
		}
	case "number":
		// strconv also reads "NaN" and "Inf", which are no JSON number: they stay text, and
		// validation says the field wants a number.
		if num, ok := readNumber(text); ok {
			val, lit, _, err := num.value(key, text, true)
			return val, lit, err
		}
	case "boolean":
		if b, err := strconv.ParseBool(text); err == nil {
			return b, nil, nil
		}
	}
	return v, nil, nil
}

// numberText returns the text of written, a reply's value that coerce read as the number val,
// when it is a JSON number as written ("1e300", where encoding val would write 1e+300), so that a
// problem writes it as the user did.
func numberText(written, val any) (string, bool) {
	var text string
	switch w := written.(type) {
	case json.Number:
		text = string(w)
	case string:
		text = strings.TrimSpace(w)
	default:
		return "", false
	}
	if _, isText := val.(string); isText || !isJSONNumber(text) {
		return "", false
	}
	return text, true
}

// asWritten returns, for a JSON value of a selection that coerce does not convert (a key the
// schema does not name, an array or an object), the value to validate, each json.Number in it
// at any depth an exact Go number as number.value makes it, and in lit the value to encode: v
// itself, digit for digit, as encoding/json would decode the reply. The validator takes a
// json.Number for a string, so [1, 2] for a []int was refused as holding strings. lit is nil
// when v holds no json.Number to convert; v is not changed.
func asWritten(v any) (val, lit any) {
	switch v.(type) {
	case json.Number, []any, map[string]any:
		return exactCopy(v), v
	}
	return v, nil
}

// exactCopy is v with each json.Number at any depth converted, in new slices and maps.
func exactCopy(v any) any {
	switch v := v.(type) {
	case json.Number:
		if i, err := v.Int64(); err == nil {
			return i
		}
		if n, ok := readNumber(string(v)); ok {
			if val, _, ok, _ := n.value("", "", false); ok {
				return val
			}
		}
	case []any:
		c := make([]any, len(v))
		for i, e := range v {
			c[i] = exactCopy(e)
		}
		return c
	case map[string]any:
		c := make(map[string]any, len(v))
		for k, e := range v {
			c[k] = exactCopy(e)
		}
		return c
	}
	return v
}

// UnknownSelection is the error of a generated DispatchACP for a selection that names no form
// tool of the package.
func UnknownSelection(sel acp.Selection, tools []string) error {
	name, _ := sel[SelectionTool].(string)
	if name == "" {
		return errors.New(`the selection names no tool (no "tool" key); it did not come from a form card of this package`)
	}
	return fmt.Errorf("the selection names tool %q, which has no form card here; form tools are %s", name, strings.Join(tools, ", "))
}
