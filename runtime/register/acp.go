package register

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"math"
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
// data: URL, an empty label), as ReviewFromCard explains for a review card.
//
// An image or a button's URL is valid in a result card at any length, but a long one (a 100 KB
// https URL) makes the payload exceed the 64 KB card_payload limit (acp.MaxPayloadBytes), and a
// host shows such a card as plain text. The payload is then fitted by leaving out what the
// reference does not require, one part at a time, until it fits: first the hero image, then the
// CTAs after the first from the last one back (ctas[2], then ctas[1]). The first CTA, the primary
// one, is never left out: a detail card needs a CTA, and a card without its main action would be
// another card. Once the payload fits, the parts left out before the last one are put back one
// at a time, from the last of them back to the hero image, each kept if the payload still fits
// with it: a small image is not lost for a long link in a secondary button. Each part left out is
// logged at debug level to slog's default logger, one line each, naming it by its JSON path
// ("hero_image", "ctas[1]") and its size (the generated <Tool>ACP functions have no logger of
// their own to pass). A payload that fits is encoded once and returned as it is.
//
// When the payload is over the limit even with all of them left out (the primary button's URL
// alone is too long, say), nothing is left out and the error says that the card is too large,
// how large it is without them, and which part of it is the largest, for the developer to
// shorten; it wraps the *acp.ValidationError. A payload that is invalid for another reason as
// well is returned with its validation error, as it is.
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
	if err == nil || !overLimit(err) {
		return p, err // the common case, a payload that fits: encoded once
	}
	// What may be left out, in the order it is: the hero image, then the CTAs but the primary
	// one from the last. cta is the CTA's index, or -1 for the hero image; the indexes go down,
	// so deleting them in this order leaves the ones still to delete where they were.
	type optional struct {
		what string
		cta  int
	}
	var opts []optional
	if p.HeroImage != "" {
		opts = append(opts, optional{"hero_image", -1})
	}
	for i := len(p.CTAs) - 1; i >= 0; i-- {
		if !p.CTAs[i].Primary {
			opts = append(opts, optional{fmt.Sprintf("ctas[%d]", i), i})
		}
	}
	fitted, drop, ferr := dropToFit(p, err, len(opts), func(drop []bool) acp.DetailPayload {
		q := p
		q.CTAs = slices.Clone(p.CTAs)
		for k, o := range opts {
			switch {
			case !drop[k]:
			case o.cta < 0:
				q.HeroImage = ""
			default:
				q.CTAs = slices.Delete(q.CTAs, o.cta, o.cta+1)
			}
		}
		return q
	})
	switch {
	case ferr == nil:
		for k, o := range opts {
			switch {
			case !drop[k]:
			case o.cta < 0:
				logDropped(acp.KindDetail, p.Title, o.what, len(p.HeroImage))
			default:
				logDropped(acp.KindDetail, p.Title, o.what, jsonLen(p.CTAs[o.cta]))
			}
		}
		return fitted, nil
	case !overLimit(ferr):
		return p, err // it fits without them, but something else is wrong: all of it is said
	}
	var left []string
	for k, o := range opts {
		if drop[k] {
			left = append(left, o.what)
		}
	}
	parts := []part{textPart("title", "the title", fitted.Title), textPart("hero_image", "the hero image", fitted.HeroImage),
		{path: "summary_rows", desc: "the summary rows", size: jsonLen(fitted.SummaryRows)}}
	if fitted.SubOptions != nil {
		parts = append(parts, part{path: "sub_options", desc: "the sub-options", size: jsonLen(fitted.SubOptions)})
	}
	for i, cta := range fitted.CTAs {
		role := "the button"
		if cta.Primary {
			role = "the primary button"
		}
		parts = append(parts, ctaPart(fmt.Sprintf("ctas[%d]", i), role, cta))
	}
	return p, tooLarge(cardName(acp.KindDetail, p.Title), withoutParts(left), ferr, parts)
}

// dropToFit fits orig, a payload whose validation error err says it is over the card_payload
// limit, by leaving out n optional parts: build(drop) is orig without the parts i for which
// drop[i] is true. The parts are left out in order, one more each time, until the payload
// validates; then each part left out before the last one, from the last back, is put back if the
// payload still validates with it, so that a part is not lost for a larger one that came after
// it. It returns the payload that validates, which parts it leaves out, and nil. Otherwise it
// returns the last payload it tried, which parts that leaves out, and its error: the payload with
// every part left out, still over the limit, or the first within it but invalid for another
// reason (it stops there). With no parts it returns orig and err. Each step validates the payload
// once; the common case, a payload that fits, never gets here.
func dropToFit[P interface{ Validate() error }](orig P, err error, n int, build func(drop []bool) P) (P, []bool, error) {
	if n == 0 {
		return orig, nil, err
	}
	drop := make([]bool, n)
	var p P
	for last := range n {
		drop[last] = true
		p = build(drop)
		if err = p.Validate(); err != nil {
			if !overLimit(err) {
				return p, drop, err
			}
			continue
		}
		for i := last - 1; i >= 0; i-- {
			drop[i] = false
			if q := build(drop); q.Validate() == nil {
				p = q
			} else {
				drop[i] = true
			}
		}
		return p, drop, nil
	}
	return p, drop, err
}

// part is one part of a payload that is over the card_payload limit, as tooLarge names it.
type part struct {
	path string // its JSON path in the payload: "ctas[0]", "items[0].primary_cta"
	desc string // what it is, in words: `the primary button "Buy"`
	size int    // its bytes of JSON
	url  int    // the bytes of its URL, for a link CTA; 0 otherwise
}

// textPart is the part of the string s at path, or no part (size 0) when s is empty, as it is
// then not written.
func textPart(path, desc, s string) part {
	if s == "" {
		return part{path: path, desc: desc}
	}
	return part{path: path, desc: desc, size: jsonLen(s)}
}

// ctaPart is the part of cta at path; role says what the CTA does ("the approve button").
func ctaPart(path, role string, cta acp.CTA) part {
	pt := part{path: path, desc: fmt.Sprintf("%s %q", role, cta.Label), size: jsonLen(cta)}
	if u, ok := cta.Selection["url"].(string); ok {
		pt.url = len(u)
	}
	return pt
}

// jsonLen is the length of v encoded as acp encodes a payload, without HTML escaping. It is only
// for words to a person: a U+2028 or U+2029, which acp writes raw, counts the 6 bytes of its
// escape here.
func jsonLen(v any) int {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if enc.Encode(v) != nil {
		return 0
	}
	return b.Len() - 1 // the newline Encode ends with
}

// cardName names a card of kind with its title in an error, or by its kind alone when it has
// none (a generated carousel's).
func cardName(kind, title string) string {
	if title == "" {
		return "the " + kind + " card"
	}
	return fmt.Sprintf("the %s card %q", kind, title)
}

// withoutParts says, for tooLarge, that the parts at the paths left were left out.
func withoutParts(left []string) string {
	if len(left) == 0 {
		return ""
	}
	return "even without " + strings.Join(left, " and ") + ", which the reference does not require"
}

// tooLargeError is a payload over the card_payload limit that leaving out what the reference
// does not require could not fit. Its text says so in words, and names the largest part; it
// wraps the *acp.ValidationError, whose text ("send fewer items or shorter texts") would not
// say which part to shorten.
type tooLargeError struct {
	msg string
	err error
}

func (e *tooLargeError) Error() string { return e.msg }
func (e *tooLargeError) Unwrap() error { return e.err }

// tooLarge returns the error for name (cardName's) whose payload, as fitted, is over the
// card_payload limit by err, its validation error: how large it is, what was left out already
// (without, withoutParts's), and the largest of parts, for the developer to shorten.
func tooLarge(name, without string, err error, parts []part) error {
	var b strings.Builder
	fmt.Fprintf(&b, "register: %s is too large to send: its card_payload is ", name)
	if n, ok := payloadSize(err); ok {
		fmt.Fprintf(&b, "%d bytes", n)
	} else {
		b.WriteString("larger")
	}
	if without != "" {
		b.WriteString(" " + without + ",")
	}
	fmt.Fprintf(&b, " over the %d-byte limit (acp.MaxPayloadBytes) past which a host shows the message as plain text", acp.MaxPayloadBytes)
	if len(parts) > 0 {
		big := slices.MaxFunc(parts, func(a, b part) int { return cmp.Compare(a.size, b.size) })
		fmt.Fprintf(&b, "; its largest part is %s, %s, at %d bytes", big.path, big.desc, big.size)
		if big.url > 0 {
			fmt.Fprintf(&b, " (its URL alone is %d bytes)", big.url)
		}
		b.WriteString(": shorten it")
	}
	return &tooLargeError{msg: b.String(), err: err}
}

// payloadSize returns the size of the payload that err, an acp payload's validation error, says
// is over the card_payload limit.
func payloadSize(err error) (int, bool) {
	var v *acp.ValidationError
	if !errors.As(err, &v) {
		return 0, false
	}
	for _, p := range v.Problems {
		var n int
		if p.Path == "" && strings.Contains(p.Msg, "bytes; the limit is") {
			if _, err := fmt.Sscanf(p.Msg, "is %d bytes", &n); err == nil {
				return n, true
			}
		}
	}
	return 0, false
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
// title, n bytes, was dropped to fit the card_payload limit, as AttachCard logs what fitting a
// result card changed.
func logDropped(kind, title, what string, n int) { logFitted(kind, title, what, "dropped", n) }

// logFitted logs as logDropped does, with how what was fitted: "dropped", or what replaced it.
func logFitted(kind, title, what, how string, n int) {
	if !slog.Default().Enabled(context.Background(), slog.LevelDebug) {
		return
	}
	slog.Default().Debug("cardgen: ACP card fitted to the payload limit", slog.String("card_kind", kind),
		slog.String("title", title), slog.String(what, fmt.Sprintf("%s: %d bytes, over the %d-byte card_payload limit with the rest of the card", how, n, acp.MaxPayloadBytes)))
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
//
// A card without fields is an error too: the reference requires at least one summary row.
// cardgen checks that a review tool's card has a field, but card.Fit leaves out a field whose
// label or value is empty, and a value comes from data: an output that leaves every field empty
// leaves the fitted card none. The reference would take a row with an empty value, but the
// fitted card has lost its label too; the error names the cause rather than acp's
// "summary_rows: must have at least 1 item", for the developer to give the review a field that
// is never empty.
//
// A button's URL is valid in a result card at any length, but a long one (a 100 KB https URL)
// makes the payload exceed the 64 KB card_payload limit (acp.MaxPayloadBytes), and a host shows
// such a card as plain text. The reject CTA, which the reference does not require, is then left
// out if the payload fits without it, and that is logged at debug level to slog's default logger
// ("reject_cta" and its size), as DetailFromCard logs what it leaves out. The approve CTA is
// required: when the payload is over the limit without the reject CTA too (the approve button's
// URL alone is too long, say), the reject CTA is kept and the error says that the card is too
// large, how large it is without the reject CTA, and which part of it is the largest, for the
// developer to shorten; it wraps the *acp.ValidationError. A payload that fits is encoded once
// and returned as it is.
func ReviewFromCard(c card.Card) (acp.ReviewPayload, error) {
	p := acp.ReviewPayload{Title: c.Title, SummaryRows: summaryRows(c)}
	if len(c.Actions) == 0 {
		return p, errors.New("register: a review card needs an approve button, and the result card has none: " +
			"its first button (the primary one, which approves) is missing or card.Fit dropped it as invalid")
	}
	if len(p.SummaryRows) == 0 {
		return p, fmt.Errorf("register: %s needs at least one summary row, and the result card has no field left: "+
			"card.Fit leaves out a field whose label or value is empty, and every field was empty for this output; "+
			"give the review a field whose value is never empty", cardName(acp.KindReview, c.Title))
	}
	p.ApproveCTA = ActionCTA(c.Actions[0], true)
	// A reject button that repeats the approve button (from data) would send approve's
	// selection: it is left out rather than let a reply mean both.
	if len(c.Actions) > 1 && !sameCTA(c.Actions[0], c.Actions[1]) {
		reject := ActionCTA(c.Actions[1], false)
		p.RejectCTA = &reject
	}
	err := p.Validate()
	if err == nil || !overLimit(err) {
		return p, err // the common case, a payload that fits: encoded once
	}
	n := 0
	if p.RejectCTA != nil {
		n = 1
	}
	fitted, _, ferr := dropToFit(p, err, n, func([]bool) acp.ReviewPayload {
		q := p
		q.RejectCTA = nil
		return q
	})
	switch {
	case ferr == nil:
		logDropped(acp.KindReview, p.Title, "reject_cta", jsonLen(p.RejectCTA))
		return fitted, nil
	case !overLimit(ferr):
		return p, err // it fits without it, but something else is wrong: all of it is said
	}
	var without string
	if n > 0 {
		without = withoutParts([]string{"reject_cta"})
	}
	parts := []part{textPart("title", "the title", fitted.Title),
		{path: "summary_rows", desc: "the summary rows", size: jsonLen(fitted.SummaryRows)},
		ctaPart("approve_cta", "the approve button", fitted.ApproveCTA)}
	if fitted.RejectCTA != nil {
		parts = append(parts, ctaPart("reject_cta", "the reject button", *fitted.RejectCTA))
	}
	return p, tooLarge(cardName(acp.KindReview, p.Title), without, ferr, parts)
}

// chooseCTA is the CTA of a carousel item without a button of its own: "Choose", sending the
// item's id.
func chooseCTA(id string) acp.CTA {
	return acp.CTA{Label: "Choose", Selection: acp.Selection{"id": id}, Primary: true}
}

// CarouselItem projects one element's fitted card onto a carousel item. Its CTA is the card's
// first button, or "Choose" with the item's id as the selection when the card has none.
func CarouselItem(id string, c card.Card) acp.CarouselItem {
	item := acp.CarouselItem{ID: id, Image: c.ImageURL, Title: c.Title, Subtitle: c.Subtitle, SecondaryText: c.Text}
	if len(c.Actions) > 0 {
		item.PrimaryCTA = ActionCTA(c.Actions[0], true)
		item.PrimaryCTA.Selection["id"] = id
	} else {
		item.PrimaryCTA = chooseCTA(id)
	}
	return item
}

// hasChooseCTA reports whether the primary CTA of it is chooseCTA's: fitItem has nothing to
// replace it with.
func hasChooseCTA(it acp.CarouselItem) bool {
	return reflect.DeepEqual(it.PrimaryCTA, chooseCTA(it.ID))
}

// chooseInstead says, in a debug line, what replaced an item's primary CTA.
const chooseInstead = `replaced by the default "Choose" CTA with the item's id`

// Carousel validates a carousel of items, fitted to the host's card_payload limit of 64 KB
// (acp.MaxPayloadBytes): when the payload is larger, items are dropped from the end until it
// fits, as acp.FitCarousel does, keeping at least one (a carousel needs one). The items come
// from data, so their number is not known when cardgen runs; a host rejects an oversized
// payload and shows the message as plain text, so a shorter carousel is sent rather than none.
// For the same reason an item whose id or selection repeats an earlier item's (a repeated SKU in
// the data) is dropped, as acp.FitCarousel drops it: the user's reply could not tell the two
// apart. A payload that fits is encoded once and returned as it is.
//
// Before items are dropped, an item that is over the limit on its own (in a carousel of it
// alone) is fitted, as DetailFromCard fits a detail card. An image or a button's URL is valid
// in a result card at any length (a 100 KB https URL), and an item is left out of the carousel
// only when it is too large to be sent at all. First its image, which the reference does not
// require, is left out. If it is still over the limit, its primary CTA is replaced by the one
// CarouselItem gives a card without buttons: "Choose", whose selection is the item's id. The
// reference requires a primary CTA for each item, so it cannot be left out; replacing it keeps
// the item in the carousel and choosable, and the agent, which gets the id back, can look the
// item up, as it does for an item that never had a button. What the reply loses is the
// button's label and its URL, which the host does not open (a CTA only sends its selection back
// to the agent) and which was too long to send anyway. Once the item fits, its image is put back
// if it still fits with it: the picture is not lost for a long link. Each change is logged at
// debug level to slog's default logger, naming the item's part by its JSON path
// ("items[3].image" dropped, "items[3].primary_cta" replaced) and its size. An item too large
// without its image and with the "Choose" CTA (a title far longer than card.Fit leaves it) is
// kept as it is.
//
// An error remains for what this cannot fix: no items, one item still over the limit on its
// own, or any other invalid value. For an item too large, the error says that the carousel is too
// large with that item alone, how large, and which part of the item is the largest, for the
// developer to shorten; it wraps the *acp.ValidationError.
func Carousel(title string, items []acp.CarouselItem) (acp.CarouselPayload, error) {
	p := acp.CarouselPayload{Title: title, Items: items}
	err := p.Validate()
	if err == nil {
		return p, nil // the common case: encoded once, as before
	}
	if overLimit(err) {
		p.Items = fitOversizedItems(title, items)
		if err = p.Validate(); err == nil {
			return p, nil
		}
	}
	if fitted, dropped := acp.FitCarousel(p); dropped > 0 {
		p, err = fitted, fitted.Validate()
	}
	if err != nil && len(p.Items) == 1 && overLimit(err) {
		err = itemTooLarge(title, p.Items[0], err)
	}
	return p, err
}

// fitOversizedItems returns items, or a copy in which each item over the card_payload limit in a
// carousel of its own is fitted by fitItem, and logs what fitItem changed. An item that fitItem
// cannot fit is left as it is: an error remains, as before.
func fitOversizedItems(title string, items []acp.CarouselItem) []acp.CarouselItem {
	out := items
	for i, it := range items {
		if it.Image == "" && hasChooseCTA(it) {
			continue // nothing to fit it with
		}
		alone := acp.CarouselPayload{Title: title, Items: []acp.CarouselItem{it}}
		err := alone.Validate()
		if err == nil || !overLimit(err) {
			continue
		}
		fitted, image, cta, ferr := fitItem(title, it, err)
		if ferr != nil {
			continue
		}
		if &out[0] == &items[0] {
			out = slices.Clone(items)
		}
		out[i] = fitted
		if image {
			logDropped(acp.KindCarousel, it.Title, fmt.Sprintf("items[%d].image", i), len(it.Image))
		}
		if cta {
			logFitted(acp.KindCarousel, it.Title, fmt.Sprintf("items[%d].primary_cta", i), chooseInstead, jsonLen(it.PrimaryCTA))
		}
	}
	return out
}

// fitItem fits it, an item whose carousel of its own (with title) is over the card_payload limit
// by err, as dropToFit fits a payload: without its image, then with its primary CTA replaced by
// chooseCTA, the image put back if it then fits. It returns the item and whether its image was
// left out and its CTA replaced; or, with the error of a carousel of it alone, the item with
// both done, when it is still too large, or the error of one it fits in but that is invalid.
func fitItem(title string, it acp.CarouselItem, err error) (acp.CarouselItem, bool, bool, error) {
	const image, cta = 0, 1
	var opts []int
	if it.Image != "" {
		opts = append(opts, image)
	}
	if !hasChooseCTA(it) {
		opts = append(opts, cta)
	}
	orig := acp.CarouselPayload{Title: title, Items: []acp.CarouselItem{it}}
	fitted, drop, ferr := dropToFit(orig, err, len(opts), func(drop []bool) acp.CarouselPayload {
		q := it
		for k, o := range opts {
			switch {
			case !drop[k]:
			case o == image:
				q.Image = ""
			default:
				q.PrimaryCTA = chooseCTA(it.ID)
			}
		}
		return acp.CarouselPayload{Title: title, Items: []acp.CarouselItem{q}}
	})
	var noImage, choose bool
	for k, o := range opts {
		noImage = noImage || drop[k] && o == image
		choose = choose || drop[k] && o == cta
	}
	return fitted.Items[0], noImage, choose, ferr
}

// itemTooLarge returns the error of a carousel of one item, it, that is over the card_payload
// limit by err: the item fitted as fitItem fits it, and named with its largest part. err itself
// is returned when fitItem fits it (it is not the item that is too large) or finds another
// problem.
func itemTooLarge(title string, it acp.CarouselItem, err error) error {
	fitted, image, cta, ferr := fitItem(title, it, err)
	if ferr == nil || !overLimit(ferr) {
		return err
	}
	var without string
	switch {
	case image && cta:
		without = `even without its image and with the default "Choose" CTA, the least the reference requires`
	case image:
		without = "even without its image, which the reference does not require"
	case cta:
		without = `even with the default "Choose" CTA, the least the reference requires`
	}
	parts := []part{textPart("title", "the carousel's title", title),
		textPart("items[0].id", "the item's id", fitted.ID), textPart("items[0].image", "the item's image", fitted.Image),
		textPart("items[0].title", "the item's title", fitted.Title), textPart("items[0].subtitle", "the item's subtitle", fitted.Subtitle),
		textPart("items[0].secondary_text", "the item's secondary text", fitted.SecondaryText),
		ctaPart("items[0].primary_cta", "the item's button", fitted.PrimaryCTA)}
	if len(fitted.Badges) > 0 {
		parts = append(parts, part{path: "items[0].badges", desc: "the item's badges", size: jsonLen(fitted.Badges)})
	}
	name := cardName(acp.KindCarousel, title) + fmt.Sprintf(" with its one item %q", it.ID)
	return tooLarge(name, without, ferr, parts)
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
// The schema does not say everything a form's answer needs, so in's type is read too. A field is
// text when its Go type is a string type without a decoder of its own (UnmarshalJSON or
// UnmarshalText) and without the json ",string" option: a blank (empty, or spaces only) is the
// empty text there, and no answer anywhere else — a time.Time, a netip.Addr, a number, a select —
// so that an optional field left blank is unset, and a required one is said to be required (a
// checkbox left blank is unticked, and false when required, as above). A bool or number field with
// the ",string" option has a string schema, and its form field is a checkbox or a number input
// (cardgen makes it so): it takes what a plain bool or number field takes, read the same way ("2.0"
// is 2 for an integer), and the value is validated and decoded as the string encoding/json reads
// for it ("2"); what it refuses is said as a plain field's would be ("qty is 2.5, not a whole
// number"). One with an enum is a select, whose option is sent as the schema writes it. An input
// type that decodes itself, or that is no struct, is read by the schema alone, and its string
// fields are text.
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
// Numbers, whether a JSON reply's, typed as text, or Go integers and floats put in the selection
// (by hand, or decoded with encoding/json into map[string]any: each is read as the JSON number
// it writes), keep their exact value, as they do through
// MCP tools/call: nothing goes through a float64 that would round an ID beyond 2^53. An integer
// field takes a whole number from -2^63 to 2^64-1 however a reply or a person writes it (3,
// "3.0", "1e3", 9.223372036854775809e18), zero of either sign as 0. Form text is a number when
// it is JSON's number but for a leading "+", leading zeros and a point with digits on one side
// only ("+42", "007", "5.", ".5"), spaces around it trimmed; Go's "1_0" and "0x1p4" are text,
// which a number field refuses. A whole number beyond an integer field's range, or one
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
	fields := inputFields(in)
	read := selection{args: map[string]any{}}
	for k, v := range sel {
		if k == SelectionTool {
			continue
		}
		// A Go number put in the selection (a reply decoded into map[string]any holds
		// float64s) is read as the JSON number it writes, as acp.ParseResponse's are.
		v = goNumber(v)
		var lit any
		if prop, ok := s.Properties[k]; ok {
			f, known := fields[k]
			if str, isStr := v.(string); isStr && strings.TrimSpace(str) == "" && (prop.Type != "string" || len(prop.Enum) > 0 || known && !f.text) {
				// A field left blank: no answer, not an empty number, an option no one chose,
				// or a date, an address or a quoted number that "" is not. Only a text
				// field's blank is the empty text.
				continue
			}
			if f.quoted != "" && prop.Type == "string" && len(prop.Enum) == 0 {
				// A bool or number with the ",string" option: its form field is a checkbox
				// or a number input, and encoding/json reads its value inside a string. (A
				// select's option is sent as the schema's enum writes it.)
				val, written, problem := quotedValue(k, v, f)
				if problem != "" {
					if read.failed == nil {
						read.failed = map[string]string{}
					}
					read.failed[k] = problem
					continue
				}
				if written != "" {
					if read.texts == nil {
						read.texts = map[string]string{}
					}
					read.texts[k] = written
				}
				read.args[k] = val
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
		prop := s.Properties[name]
		if _, ok := read.args[name]; ok || prop == nil || read.failed[name] != "" {
			continue
		}
		// An unticked checkbox sends nothing. Only a required bool is filled in: an optional
		// one (a *bool, say) stays unset. A bool with the ",string" option is a checkbox too,
		// and encoding/json reads its false inside a string.
		switch {
		case prop.Type == "boolean":
			read.args[name] = false
		case prop.Type == "string" && len(prop.Enum) == 0 && fields[name].quoted == "boolean":
			read.args[name] = "false"
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

// goNumber returns the json.Number a Go integer or float v writes as JSON, so that a selection
// built by hand or decoded with encoding/json reads as acp.ParseResponse's exact numbers do; v
// itself for any other value, and for a float JSON cannot write (NaN, ±Inf), which encoding
// then refuses with an error that names the field.
func goNumber(v any) any {
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return json.Number(strconv.FormatInt(rv.Int(), 10))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return json.Number(strconv.FormatUint(rv.Uint(), 10))
	case reflect.Float32, reflect.Float64:
		f := rv.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return v
		}
		bits := 64
		if rv.Kind() == reflect.Float32 {
			bits = 32
		}
		return json.Number(strconv.FormatFloat(f, 'g', -1, bits))
	}
	return v
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
		// Text readNumber refuses ("NaN", "1_0", "0x1p4") stays text, and validation says the
		// field wants a number.
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
// tool of the package: it has no "tool" key, or one that holds no tool's name (an array, a
// number, empty text), or the name of a tool without a form card. The error says which, so that
// a "tool" key of the wrong type is not taken for a missing one.
func UnknownSelection(sel acp.Selection, tools []string) error {
	v, present := sel[SelectionTool]
	name, isText := v.(string)
	switch {
	case !present:
		return unknownTool(`the selection names no tool (no "tool" key); it did not come from a form card of this package`)
	case !isText:
		// A form card's submit CTA sends the tool's name as text: whatever sent this, it was
		// not one of ours. The value is the reply's, and is shown shortened (show).
		return unknownTool(`the selection's "tool" key holds ` + valueWords(v) + `, not a tool name; it did not come from a form card of this package, whose selection names the tool as text`)
	case name == "":
		return unknownTool(`the selection's "tool" key is empty, not a tool name; it did not come from a form card of this package`)
	}
	// The name is the reply's: shortened as any value of it is, not echoed whole.
	return unknownTool("the selection names tool " + show(name) + ", which has no form card here; form tools are " + strings.Join(tools, ", "))
}

// ErrUnknownTool is what every error of UnknownSelection is (errors.Is), and ErrNoOutput every
// error of NoOutput: a caller of a generated DispatchACP tells them from its handlers' errors.
var (
	ErrUnknownTool = errors.New("the selection names no form tool of this package")
	ErrNoOutput    = errors.New("the handler returned a nil output and no error")
)

// unknownTool is an error of UnknownSelection: its own words, and ErrUnknownTool to errors.Is.
type unknownTool string

func (e unknownTool) Error() string        { return string(e) }
func (e unknownTool) Is(target error) bool { return target == ErrUnknownTool }

// valueWords says what the selection's value v is, its type in words and the value as JSON
// (shortened, as show writes it): `an array (["order"])`, `the number 3`, `null`.
func valueWords(v any) string {
	if _, ok := v.(json.Number); ok { // acp.ParseResponse keeps numbers exact
		return "the number " + show(v)
	}
	switch t := jsonType(reflect.ValueOf(v)); t {
	case "null":
		return "null"
	case "array", "object":
		return "an " + t + " (" + show(v) + ")"
	case "integer", "number":
		return "the number " + show(v)
	}
	return show(v) // true or false
}
