package card

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Problem is one broken rule of a card.
type Problem struct {
	// Path names the slot in JSON terms: "title", "fields", "fields[2].value",
	// "actions[0].url".
	Path string
	// Msg says what is wrong and what to do about it.
	Msg string
}

// String returns "path: msg".
func (p Problem) String() string { return p.Path + ": " + p.Msg }

// ValidationError lists every problem of an invalid card, in the order of
// the card's JSON fields (v, title, subtitle, text, icon_url, image_url,
// fields, actions, fallback_text) and, within a slot, in a fixed order.
type ValidationError struct {
	Problems []Problem
}

// Error lists the problems: on one line when there is one, else one per
// line, indented, after a count.
func (e *ValidationError) Error() string {
	if len(e.Problems) == 1 {
		return "invalid result card: " + e.Problems[0].String()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "invalid result card, %d problems:", len(e.Problems))
	for _, p := range e.Problems {
		b.WriteString("\n\t")
		b.WriteString(p.String())
	}
	return b.String()
}

// Validate checks c against every rule a host applies and returns nil or a
// *ValidationError that lists every broken rule:
//
//   - v is 0 or 1;
//   - title and fallback_text are not blank (something other than white
//     space), every field has a non-blank label and value, every action a
//     non-blank label;
//   - no slot is longer than its limit, counted in Unicode code points;
//   - every string is valid UTF-8 and free of control characters (Unicode
//     category Cc and U+2028, U+2029); text and fallback_text may contain "\n";
//   - icon_url and image_url are empty or https URLs ([IsHTTPS]);
//   - at most MaxFields fields and MaxActions actions;
//   - an action's kind is "url", with an https url and no text, or "message",
//     with a non-blank text and no url.
func (c Card) Validate() error {
	var v validator
	if c.V != 0 && c.V != Version {
		v.add(at("v"), "is "+strconv.Itoa(c.V)+"; only 0 (unset) and 1 are known: set V to card.Version")
	}
	v.text(at("title"), c.Title, MaxTitle, singleLine, "is empty; every card needs a title: set Title")
	v.text(at("subtitle"), c.Subtitle, MaxSubtitle, singleLine, "")
	v.text(at("text"), c.Text, MaxText, multiLine, "")
	v.url(at("icon_url"), c.IconURL, false)
	v.url(at("image_url"), c.ImageURL, false)
	if len(c.Fields) > MaxFields {
		v.add(at("fields"), fmt.Sprintf("has %d rows; the limit is %d: keep the most important ones", len(c.Fields), MaxFields))
	}
	for i, f := range c.Fields {
		v.text(elem("fields", i, "label"), f.Label, MaxFieldLabel, singleLine, "is empty; every field needs a label")
		v.text(elem("fields", i, "value"), f.Value, MaxFieldValue, singleLine, "is empty; every field needs a value: drop the row when there is nothing to show")
	}
	if len(c.Actions) > MaxActions {
		v.add(at("actions"), fmt.Sprintf("has %d buttons; the limit is %d: keep the most important ones, the first is the primary one", len(c.Actions), MaxActions))
	}
	for i, a := range c.Actions {
		switch a.Kind {
		case KindURL, KindMessage:
		default:
			v.add(elem("actions", i, "kind"), fmt.Sprintf("is %q; it must be %q (with a url) or %q (with a text)", a.Kind, KindURL, KindMessage))
		}
		v.text(elem("actions", i, "label"), a.Label, MaxActionLabel, singleLine, "is empty; every button needs a label")
		switch a.Kind {
		case KindURL:
			v.url(elem("actions", i, "url"), a.URL, true)
			if a.Text != "" {
				v.add(elem("actions", i, "text"), "is set on a url button; only message buttons carry a text: remove it")
			}
		case KindMessage:
			v.text(elem("actions", i, "text"), a.Text, MaxMessageText, singleLine, "is empty; a message button needs the text it sends")
			if a.URL != "" {
				v.add(elem("actions", i, "url"), "is set on a message button; only url buttons carry a url: remove it or use kind \"url\"")
			}
		}
	}
	v.text(at("fallback_text"), c.FallbackText, MaxFallbackText, multiLine, "is empty; hosts drop a card without one: write a plain-text summary (Fit builds one from the other slots)")
	if len(v.problems) == 0 {
		return nil
	}
	return &ValidationError{Problems: v.problems}
}

// IsHTTPS reports whether s is an absolute URL with the https scheme (in any
// case) and a non-empty host. It also requires what a host needs to open the
// URL as written: valid UTF-8, no white space and no control characters
// (percent-encode them).
func IsHTTPS(s string) bool {
	if ok, decided := simpleHTTPS(s); decided {
		return ok
	}
	if !utf8.ValidString(s) || strings.IndexFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
		return false
	}
	u, err := url.Parse(s)
	return err == nil && strings.EqualFold(u.Scheme, "https") && u.Hostname() != ""
}

// validator collects problems in the order its methods are called.
type validator struct {
	problems []Problem
}

func (v *validator) add(p path, msg string) {
	v.problems = append(v.problems, Problem{Path: p.String(), Msg: msg})
}

// text checks one text slot. A non-empty emptyMsg makes the slot required.
func (v *validator) text(p path, s string, limit int, mode lineMode, emptyMsg string) {
	if !utf8.ValidString(s) {
		v.add(p, "is not valid UTF-8: fix the encoding of the source value (Fit replaces bad bytes with U+FFFD)")
	}
	if emptyMsg != "" && isBlank(s) {
		v.add(p, emptyMsg)
	}
	if r, ok := firstBadControl(s, mode); ok {
		if mode == multiLine {
			v.add(p, fmt.Sprintf("contains the control character %U; use plain text, where only \"\\n\" line breaks are kept", r))
		} else {
			v.add(p, fmt.Sprintf("contains the control character %U; use plain text on one line", r))
		}
	}
	if n := utf8.RuneCountInString(s); n > limit {
		v.add(p, fmt.Sprintf("is %d characters; the limit is %d: shorten it, or clip it with card.Fit or card.Clip", n, limit))
	}
}

// url checks one URL slot.
func (v *validator) url(p path, s string, required bool) {
	switch {
	case s == "" && required:
		v.add(p, "is empty; a url button needs an https URL to open")
	case s != "" && !IsHTTPS(s):
		v.add(p, fmt.Sprintf("%q is not an https URL; use an absolute https:// URL with a host (percent-encode spaces), or leave it empty", Clip(s, 60)))
	}
}

// lineMode tells whether a text slot keeps line breaks.
type lineMode int

const (
	singleLine lineMode = iota // title, subtitle, labels, values, message texts
	multiLine                  // text and fallback_text: "\n" is kept
)

// isControl reports whether r may not appear in a slot of the given mode:
// Unicode control characters (C0, DEL, C1) and the line and paragraph
// separators, except "\n" in multi-line slots.
func isControl(r rune, mode lineMode) bool {
	if r == '\n' && mode == multiLine {
		return false
	}
	return unicode.IsControl(r) || r == '\u2028' || r == '\u2029'
}

// firstBadControl returns the first rune of s that isControl rejects.
func firstBadControl(s string, mode lineMode) (rune, bool) {
	for _, r := range s {
		if isControl(r, mode) {
			return r, true
		}
	}
	return 0, false
}

// plainASCII reports whether s is printable ASCII, with line breaks in multi-line text: valid
// UTF-8 without a character isControl rejects, one character per byte. It is one pass over the
// bytes where the general checks take three over the runes.
func plainASCII(s string, mode lineMode) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x7f || c < 0x20 && (c != '\n' || mode != multiLine) {
			return false
		}
	}
	return true
}

// isBlank reports whether s holds nothing but white space.
func isBlank(s string) bool { return strings.TrimSpace(s) == "" }

// path names a slot without building the string until it is needed, so
// that checking and fitting a valid card allocate nothing for paths.
type path struct {
	slot  string // "title", "fields", …
	index int    // element index when elem is true
	sub   string // "label", …; empty for the element itself
	elem  bool
}

func at(slot string) path { return path{slot: slot} }

func elem(slot string, i int, sub string) path {
	return path{slot: slot, index: i, sub: sub, elem: true}
}

// String returns the path in the form used by Problem and Change.
func (p path) String() string {
	if !p.elem {
		return p.slot
	}
	s := p.slot + "[" + strconv.Itoa(p.index) + "]"
	if p.sub != "" {
		s += "." + p.sub
	}
	return s
}

// simpleHTTPS decides the common case without url.Parse: "https://" (any case), a host of
// letters, digits, '.' and '-' with an optional ":port", then nothing or a path, query or
// fragment of printable ASCII without '%' or '\\'. Anything else is left undecided, for the
// full check.
func simpleHTTPS(s string) (ok, decided bool) {
	const scheme = "https://"
	if len(s) <= len(scheme) || !strings.EqualFold(s[:len(scheme)], scheme) {
		return false, false
	}
	rest := s[len(scheme):]
	host := 0
	for host < len(rest) {
		c := rest[host]
		if c == '/' || c == '?' || c == '#' || c == ':' {
			break
		}
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '-') {
			return false, false
		}
		host++
	}
	if host == 0 {
		return false, false
	}
	i := host
	if i < len(rest) && rest[i] == ':' {
		i++
		digits := 0
		for i < len(rest) && '0' <= rest[i] && rest[i] <= '9' {
			i++
			digits++
		}
		if digits == 0 || digits > 5 {
			return false, false
		}
	}
	for ; i < len(rest); i++ {
		c := rest[i]
		if c <= ' ' || c >= 0x7f || c == '%' || c == '\\' {
			return false, false
		}
	}
	return true, true
}
