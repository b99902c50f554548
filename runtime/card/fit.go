package card

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/cardgen/cardgen/internal/grapheme"
)

// Change records one repair made by [FitWithChanges], for debug logs.
type Change struct {
	// Path names the slot of the input card, as in Problem.Path; indexes
	// are those of the input's Fields and Actions.
	Path string
	// What says what was done, e.g. "clipped from 93 to 80 characters" (UTF-16 code
	// units, see [Len]).
	What string
}

// String returns "path: what".
func (c Change) String() string { return c.Path + ": " + c.What }

// defaultTitle is the title of a card that has nothing to make one from.
const defaultTitle = "Result"

// Fit returns a card that passes [Card.Validate], losing as little of c as
// possible. A card that is already valid is returned unchanged (deep-equal,
// V included); any other card comes back with V set to 1. Fit never changes
// c, and the result shares no memory with it. Slot by slot:
//
//   - invalid UTF-8 becomes U+FFFD;
//   - in one-line slots, line breaks and tabs become spaces; in text and
//     fallback_text, "\r\n", "\r" and the other line breaks become "\n" and
//     tabs become spaces; other control characters are removed;
//   - text over its limit is clipped with [Clip], "…" included in the limit;
//   - icon_url and image_url that are not https URLs are dropped (surrounding
//     white space is trimmed first, and a scheme in upper case, "HTTPS://", is
//     written in lower case);
//   - fields without a label or value are dropped, then fields past the
//     fourth;
//   - actions without a label, with an unknown kind, a url button without an
//     https URL or a message button without text are dropped, then actions
//     past the second; a kind in other case or with spaces is normalized and
//     an empty kind is inferred from URL or Text; a url button loses its Text
//     and a message button its URL;
//   - when the first action is dropped, every action is: the first button is
//     the primary one, and no other button is promoted into its role;
//   - a blank title is replaced by the first of: the first field as
//     "Label: value", the subtitle, the first line of the fallback text, the
//     first line of the text, "Result";
//   - a blank fallback text is written from the title, subtitle, text and
//     "Label: value" per field, one per line, clipped to MaxFallbackText.
func Fit(c Card) Card {
	f := fitter{}
	return f.card(c)
}

// FitWithChanges is [Fit] that also reports every change it made, in a
// fixed order. The list is empty when c was valid.
func FitWithChanges(c Card) (Card, []Change) {
	f := fitter{record: true}
	out := f.card(c)
	return out, f.changes
}

// Clip returns s cut to at most max UTF-16 code units ([Len]), "…" (one unit)
// included: a longer s keeps as many of its first code points as fit in
// max-1 units, then "…". Clip never splits a code point, and so never a
// surrogate pair: an emoji past U+FFFF that does not fit whole is dropped
// whole. Nor does it leave a combining mark, variation selector, emoji
// modifier, zero-width joiner, half a flag, half a Hangul syllable of
// conjoining jamo or half an Indic conjunct without the character it belongs
// to: such clusters are dropped whole. White space before the "…" is
// removed. Invalid UTF-8 in s is replaced by U+FFFD, so the result is always
// valid UTF-8. Clip returns "" when max < 1.
func Clip(s string, max int) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	if max < 1 {
		return ""
	}
	if len(s) <= max || Len(s) <= max {
		return s
	}
	return clip(s, max)
}

// clip is Clip of s, valid UTF-8 and longer than max >= 1 UTF-16 units.
func clip(s string, max int) string {
	// Byte offset of the first code point that does not fit before "…": s is longer than max,
	// so the loop stops before its end.
	cut := 0
	for room := max - 1; ; {
		r, size := utf8.DecodeRuneInString(s[cut:])
		if room -= utf16.RuneLen(r); room < 0 {
			break
		}
		cut += size
	}
	cut = grapheme.Start(s, cut)
	return strings.TrimRightFunc(s[:cut], unicode.IsSpace) + "…"
}

// fitter carries the state of one Fit run.
type fitter struct {
	record  bool // collect changes (FitWithChanges) or only note that one happened (Fit)
	changed bool
	changes []Change
}

// note records a change; the message is only formatted when recording.
func (f *fitter) note(p path, format string, args ...any) {
	f.changed = true
	if f.record {
		f.changes = append(f.changes, Change{Path: p.String(), What: fmt.Sprintf(format, args...)})
	}
}

func (f *fitter) card(c Card) Card {
	out := Card{V: c.V}
	out.Title = f.text(at("title"), c.Title, MaxTitle, singleLine)
	out.Subtitle = f.text(at("subtitle"), c.Subtitle, MaxSubtitle, singleLine)
	out.Text = f.text(at("text"), c.Text, MaxText, multiLine)
	out.IconURL = f.url(at("icon_url"), c.IconURL)
	out.ImageURL = f.url(at("image_url"), c.ImageURL)
	out.Fields = f.fields(c.Fields)
	out.Actions = f.actions(c.Actions)
	out.FallbackText = f.text(at("fallback_text"), c.FallbackText, MaxFallbackText, multiLine)
	if IsBlank(out.Title) {
		var from string
		out.Title, from = substituteTitle(out)
		f.note(at("title"), "was empty; used %s", from)
	}
	if IsBlank(out.FallbackText) {
		out.FallbackText = buildFallback(out)
		f.note(at("fallback_text"), "was empty; built from the title, subtitle, text and fields")
	}
	if out.V != Version && (f.changed || out.V != 0) {
		f.note(at("v"), "set to %d (was %d)", Version, out.V)
		out.V = Version
	}
	return out
}

// text makes one text slot valid, except for blankness, which the caller
// decides on.
func (f *fitter) text(p path, s string, limit int, mode lineMode) string {
	if plainASCII(s, mode) && len(s) <= limit {
		return s // the common case: nothing to replace, and bytes are UTF-16 units
	}
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
		f.note(p, "replaced invalid UTF-8 with U+FFFD")
	}
	if _, ok := firstBadControl(s, mode); ok {
		s = cleanControls(s, mode)
		if mode == multiLine {
			f.note(p, "normalized line breaks to \"\\n\", tabs to spaces and removed other control characters")
		} else {
			f.note(p, "replaced line breaks and tabs with spaces and removed other control characters")
		}
	}
	// Len(s) <= len(s): no UTF-8 sequence is shorter in bytes than in UTF-16 units.
	if len(s) <= limit {
		return s
	}
	n := Len(s)
	if n <= limit {
		return s
	}
	clipped := clip(s, limit)
	if IsBlank(strings.TrimSuffix(clipped, "…")) {
		// Nothing that shows is left before the cut (a CHAR(n) column's padding, say): a lone
		// "…" would say nothing, where an empty slot is replaced (a title, the fallback) or its
		// row or button dropped, as for one that was blank to start with.
		f.note(p, "emptied: nothing in its first %d characters shows", limit-1)
		return ""
	}
	switch {
	case !f.record:
		f.changed = true // counting for the message is all that is left
	case n == utf8.RuneCountInString(s):
		f.note(p, "clipped from %d to %d characters", n, Len(clipped))
	default:
		f.note(p, "clipped from %d to %d UTF-16 code units (characters past U+FFFF, as most emoji are, count 2)", n, Len(clipped))
	}
	return clipped
}

// url keeps an https URL, trims one that is only wrapped in white space, writes an upper-case
// scheme in lower case and drops anything else.
func (f *fitter) url(p path, s string) string {
	if s == "" || IsHTTPS(s) {
		return s
	}
	t := strings.TrimSpace(s)
	if l := LowerScheme(t); IsHTTPS(l) {
		if t != s {
			f.note(p, "trimmed surrounding white space")
		}
		if l != t {
			f.note(p, "wrote the scheme %q in lower case, as hosts look for \"https://\"", t[:strings.IndexByte(t, ':')])
		}
		return l
	}
	f.note(p, "dropped %q: not an https URL", Clip(s, 60))
	return ""
}

func (f *fitter) fields(in []Field) []Field {
	if in == nil {
		return nil
	}
	out := make([]Field, 0, min(len(in), MaxFields))
	for i, fl := range in {
		p := elem("fields", i, "")
		if len(out) == MaxFields {
			f.note(p, "dropped: a card shows at most %d fields", MaxFields)
			continue
		}
		mark := len(f.changes)
		label := f.text(elem("fields", i, "label"), fl.Label, MaxFieldLabel, singleLine)
		value := f.text(elem("fields", i, "value"), fl.Value, MaxFieldValue, singleLine)
		if IsBlank(label) || IsBlank(value) {
			f.changes = f.changes[:mark] // the drop says it all
			f.note(p, "dropped: the label or value is empty")
			continue
		}
		out = append(out, Field{Label: label, Value: value})
	}
	if len(out) == 0 && len(in) > 0 {
		return nil
	}
	return out
}

func (f *fitter) actions(in []Action) []Action {
	if in == nil {
		return nil
	}
	out := make([]Action, 0, min(len(in), MaxActions))
	for i, a := range in {
		p := elem("actions", i, "")
		if len(out) == MaxActions {
			f.note(p, "dropped: a card shows at most %d buttons", MaxActions)
			continue
		}
		if i > 0 && len(out) == 0 {
			// The first button is the primary one, and it was dropped. Moving a later
			// button up would make it primary: a "Cancel" would become what the host
			// draws (and an ACP review card sends) as the main action.
			f.note(p, "dropped: the primary button, actions[0], was dropped, and a later button must not take its place")
			continue
		}
		mark := len(f.changes)
		fixed, fault := f.action(i, a)
		if fault != "" {
			f.changes = f.changes[:mark] // the drop says it all
			f.note(p, "dropped: %s", fault)
			continue
		}
		out = append(out, fixed)
	}
	if len(out) == 0 && len(in) > 0 {
		return nil
	}
	return out
}

// action repairs one action, or says why it has to be dropped.
func (f *fitter) action(i int, a Action) (Action, string) {
	kind := normalizeKind(a)
	switch {
	case kind == "" && IsBlank(a.Kind):
		return Action{}, "no kind, url or text"
	case kind == "":
		return Action{}, fmt.Sprintf("unknown kind %q", a.Kind)
	case kind != a.Kind:
		f.note(elem("actions", i, "kind"), "changed %q to %q", a.Kind, kind)
	}
	out := Action{Kind: kind}
	if out.Label = f.text(elem("actions", i, "label"), a.Label, MaxActionLabel, singleLine); IsBlank(out.Label) {
		return Action{}, "the label is empty"
	}
	switch kind {
	case KindURL:
		if out.URL = f.url(elem("actions", i, "url"), a.URL); out.URL == "" {
			if a.URL == "" {
				return Action{}, "the url is empty"
			}
			return Action{}, fmt.Sprintf("%q is not an https URL", Clip(a.URL, 60))
		}
		if a.Text != "" {
			f.note(elem("actions", i, "text"), "removed: url buttons carry no text")
		}
	case KindMessage:
		if out.Text = f.text(elem("actions", i, "text"), a.Text, MaxMessageText, singleLine); IsBlank(out.Text) {
			return Action{}, "the message text is empty"
		}
		if a.URL != "" {
			f.note(elem("actions", i, "url"), "removed: message buttons carry no url")
		}
	}
	return out, ""
}

// normalizeKind returns the kind a should have, or "" when it cannot be
// told: a known kind in other case or with spaces is normalized, and an
// empty kind is inferred from the URL or Text that is set.
func normalizeKind(a Action) string {
	switch k := strings.ToLower(strings.TrimSpace(a.Kind)); {
	case k == KindURL || k == KindMessage:
		return k
	case k != "":
		return ""
	case !IsBlank(a.URL):
		return KindURL
	case !IsBlank(a.Text):
		return KindMessage
	}
	return ""
}

// cleanControls rewrites the characters isControl rejects: line breaks
// become "\n" (multi-line) or a space (one line), tabs a space, and other
// control characters are removed. "\r\n" counts as one line break.
func cleanControls(s string, mode lineMode) string {
	brk := " "
	if mode == multiLine {
		brk = "\n"
	}
	var b strings.Builder
	b.Grow(len(s))
	for i, r := range s {
		switch r {
		case '\r':
			if strings.HasPrefix(s[i+1:], "\n") {
				continue // the "\n" that follows writes the break
			}
			b.WriteString(brk)
		case '\n', '\v', '\f', '\u0085', '\u2028', '\u2029':
			b.WriteString(brk)
		case '\t':
			b.WriteByte(' ')
		default:
			if !isControl(r, mode) {
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

// substituteTitle picks a title for a card whose title is blank, and says
// where it came from.
func substituteTitle(c Card) (title, from string) {
	if len(c.Fields) > 0 {
		return Clip(strings.TrimSpace(c.Fields[0].Label+": "+c.Fields[0].Value), MaxTitle), "the first field"
	}
	if !IsBlank(c.Subtitle) {
		return Clip(strings.TrimSpace(c.Subtitle), MaxTitle), "the subtitle"
	}
	if l := firstLine(c.FallbackText); l != "" {
		return Clip(l, MaxTitle), "the first line of the fallback text"
	}
	if l := firstLine(c.Text); l != "" {
		return Clip(l, MaxTitle), "the first line of the text"
	}
	return defaultTitle, fmt.Sprintf("%q", defaultTitle)
}

// firstLine returns the first non-blank line of s, trimmed.
func firstLine(s string) string {
	for l := range strings.Lines(s) {
		if !IsBlank(l) {
			return strings.TrimSpace(l)
		}
	}
	return ""
}

// buildFallback writes a fallback text from the card's other slots, one per
// line, skipping blank and repeated lines (a substituted title repeats the
// slot it came from).
func buildFallback(c Card) string {
	lines := make([]string, 0, 3+len(c.Fields))
	add := func(s string) {
		if s = strings.TrimSpace(s); !IsBlank(s) && !slices.Contains(lines, s) {
			lines = append(lines, s)
		}
	}
	add(c.Title)
	add(c.Subtitle)
	for l := range strings.Lines(c.Text) {
		add(l)
	}
	for _, f := range c.Fields {
		add(f.Label + ": " + f.Value)
	}
	return Clip(strings.Join(lines, "\n"), MaxFallbackText)
}

// WithFallback returns c with a fallback text written from its other slots (title, subtitle,
// text, then "Label: value" per field, one per line) when it has none. Generated card builders
// call it for cards declared without //card:fallback, so a card's fallback is part of the card
// as built, not a repair that Fit reports.
//
// The text is written from the slots as [Fit] will leave them, exactly as Fit writes a missing
// fallback: a row Fit drops (an empty value, say, from a nil pointer in a template) is not
// listed, control characters are cleaned, long slots are clipped, and a blank title is the one
// Fit substitutes. A fallback built from the card as given would describe rows the user never
// sees, and Fit could then take it for the title. Fit(c.WithFallback()) is Fit(c) but for V.
func (c Card) WithFallback() Card {
	if IsBlank(c.FallbackText) {
		c.FallbackText = buildFallback(shownText(c))
	}
	return c
}

// shownText returns the text slots and fields of c as Fit leaves them, the title substituted if
// blank: what buildFallback describes. It mirrors fitter.card without the URLs and actions,
// which a fallback does not list, and with no fallback text, which it is about to write.
func shownText(c Card) Card {
	var f fitter
	out := Card{
		Title:    f.text(at("title"), c.Title, MaxTitle, singleLine),
		Subtitle: f.text(at("subtitle"), c.Subtitle, MaxSubtitle, singleLine),
		Text:     f.text(at("text"), c.Text, MaxText, multiLine),
		Fields:   f.fields(c.Fields),
	}
	if IsBlank(out.Title) {
		out.Title, _ = substituteTitle(out)
	}
	return out
}
