package acp

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"
)

// ReplyForm says how a user's card interaction reached the agent.
type ReplyForm int

const (
	// ReplyEmpty: the message holds neither text nor a card response.
	ReplyEmpty ReplyForm = iota
	// ReplyJSON: a direct @mention; the text is the selection JSON object.
	ReplyJSON
	// ReplyProse: the planner LLM described the pick in natural language.
	ReplyProse
	// ReplyMetadata: a card-response MetadataContent (card_protocol_version
	// "1" without card_kind) carries selection, text, card_id, cancelled.
	ReplyMetadata
)

// String returns "empty", "json", "prose" or "metadata".
func (f ReplyForm) String() string {
	switch f {
	case ReplyEmpty:
		return "empty"
	case ReplyJSON:
		return "json"
	case ReplyProse:
		return "prose"
	case ReplyMetadata:
		return "metadata"
	}
	return "ReplyForm(" + strconv.Itoa(int(f)) + ")"
}

// Response is what ParseResponse understood of a reply.
type Response struct {
	// Form is the shape the reply arrived in.
	Form ReplyForm
	// Selection holds the picked values: the JSON object (ReplyJSON), the
	// decoded selection (ReplyMetadata), or for ReplyProse the values of
	// the expected CTAs found in the prose (the matched CTA's whole
	// selection when one matched). Numbers are json.Number. It is nil for
	// prose with a negation cue (see ParseResponse), when the JSON object or
	// the card response's selection gives one key two different values (such
	// a reply names two picks, and no CTA matches it), and for a JSON object
	// with a lone surrogate escape ("\ud83d"), which names no character.
	Selection Selection
	// Text is the message text, or the card response's text.
	Text string
	// CardID is the card_id echoed by a card response, uuid.Nil otherwise.
	CardID uuid.UUID
	// Cancelled reports a card response with cancelled "true".
	Cancelled bool
	// Matched is the expected CTA the reply picked, when exactly one fits
	// best. For a JSON or metadata reply, every value of its selection is
	// in the reply's selection and no other such CTA has as many values.
	// For prose, see ParseResponse. Nil when none or several fit.
	Matched *CTA
}

// ParseResponse reads the user's reply to a card in any of its three forms.
// Pass the CTAs the card offered as expect: their selection values are the
// identifiers looked for in planner prose, and the CTA the reply matches is
// returned in Matched.
//
// In prose, a value counts when it appears as a whole word, ignoring case
// ("off_123" is found in "picked off_123." but not in "off_1234"; a value
// of letters only may be inflected, "approve" in "approved"). A CTA whose
// values are all found wins, the one with most values first, unless the prose
// also names a value of its own of another CTA (then nothing matches);
// failing that,
// the only CTA with a value of its own (one no other CTA shares) found in
// the prose wins, because the planner always names the picked identifier
// but may paraphrase a shared "action".
//
// Prose that names a value but also holds a negation cue, anywhere and outside
// the values it names, matches nothing and has no Selection, so that the caller
// asks again: "The user did not cancel order 1043" must not cancel it. The
// cues are English words only, matched whole and ignoring case: not, no,
// never, nor, neither, none, nobody, nothing, cannot, without; decline,
// refuse, reject and deny, and their -s, -d/-ed and -ing forms; any word ending
// in n't (with the apostrophe ', ’ or ʼ) and the common contractions typed
// without one (dont, didnt, wont…); and the phrases "instead of" and "rather
// than". A cue counts even where it negates something else ("no extra fee"):
// a needless question costs less than acting on what the user declined.
//
// A card-response MetadataContent wins over text. Its block is ignored, as
// the reference ignores it, when its selection is not a JSON object of flat
// values or its card_id is not a version 4 UUID. Otherwise the text blocks are joined;
// text that is a JSON object is a selection, anything else is prose.
// ParseResponse never fails: unreadable input is prose.
//
// A selection that repeats a key with two different values, such as
// {"offer_id":"off_123","offer_id":"off_456"}, is ambiguous: the host never
// writes one, decoders keep the last value, and acting on it could book what
// the user did not pick. Such a reply keeps its Form, Text, CardID and
// Cancelled, with no Selection and no Matched. A key repeated with the same
// value is read as one.
func ParseResponse(msg ChatMessage, expect ...CTA) Response {
	for _, c := range msg.Content {
		mc, ok := asBlock[MetadataContent](c)
		if !ok {
			continue
		}
		if r, ok := cardResponse(mc.Metadata); ok {
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
		data := []byte(trimmed)
		if sel, repeats, err := readSelection(data); err == nil {
			r := Response{Form: ReplyJSON, Text: text}
			if !repeats {
				r.Selection = sel
				r.Matched = matchCTA(sel, expect)
			}
			return r
		}
		// parseJSON refuses a lone surrogate escape, which encoding/json reads as U+FFFD: it is
		// refused as in a card response, because the text does not say which character was
		// meant. Such text is still a JSON reply, with no selection, not prose. Only text
		// parseJSON refuses is parsed a second time.
		var sel map[string]any
		if unmarshalNumbers(data, &sel) == nil {
			return Response{Form: ReplyJSON, Text: text}
		}
	}
	r := Response{Form: ReplyProse, Text: text}
	r.Selection, r.Matched = matchProse(text, expect)
	return r
}

// cardResponse reads a card-response metadata block as the reference's
// extract_card_response does.
func cardResponse(md map[string]string) (Response, bool) {
	if md[MetaCardProtocolVersion] != CardProtocolVersion {
		return Response{}, false
	}
	if _, isRequest := md[MetaCardKind]; isRequest {
		return Response{}, false
	}
	r := Response{Form: ReplyMetadata, Text: md[MetaText], Cancelled: md[MetaCancelled] == "true"}
	if raw, ok := md[MetaSelection]; ok {
		sel, err := flatSelection(raw)
		if err != nil {
			return Response{}, false
		}
		r.Selection = sel // nil when the selection gives a key two different values
	}
	if raw, ok := md[MetaCardID]; ok {
		// The reference reads card_id as a version 4 UUID (pydantic UUID4, which also
		// wants the RFC 4122 variant), the only kind Metadata sends, and ignores a block
		// with any other.
		id, err := uuid.Parse(raw)
		if err != nil || id.Version() != 4 || id.Variant() != uuid.RFC4122 {
			return Response{}, false
		}
		r.CardID = id
	}
	return r, true
}

// flatSelection decodes a selection JSON object whose values (of a repeated key, the last, as
// encoding/json keeps it) are all strings, numbers or booleans. The selection is nil, with no
// error, when the object gives a key two different values: the block is read, but names no
// pick (see readSelection).
func flatSelection(raw string) (Selection, error) {
	// encoding/json reads an escape of half a surrogate pair as U+FFFD; the reference's
	// parser refuses it, and so ignores the block. The card payload's parser, which
	// readSelection uses, does too.
	sel, repeats, err := readSelection([]byte(raw))
	if err != nil {
		return nil, err
	}
	for k, v := range sel {
		switch v.(type) {
		case string, bool, json.Number:
		default:
			return nil, fmt.Errorf("selection value %q is not flat", k)
		}
	}
	if repeats {
		return nil, nil
	}
	return sel, nil
}

// readSelection parses the JSON object data once and returns it as encoding/json decodes it
// (numbers as json.Number; of a key given more than once, the last value), and whether it gives
// one key two different values. A document parseJSON refuses, or one that is not an object, is
// an error.
//
// A repeated key is reported because encoding/json keeps the last of its values and so does the
// reference's json.loads, but the host serializes a selection from one object, which cannot
// hold a key twice: a reply that does says two things, and acting on the last could do what the
// user did not pick (text sent to an agent by @mention can be typed by anyone). A key repeated
// with the same value, as sameValue compares them, says one thing.
func readSelection(data []byte) (sel Selection, repeats bool, err error) {
	t, err := parseJSON(data)
	if err != nil {
		return nil, false, err
	}
	if t.vals[0].kind != jObject {
		return nil, false, fmt.Errorf("selection is not a JSON object")
	}
	kids := t.elems(0)
	sel = make(Selection, len(kids)/2)
	for i := 0; i < len(kids); i += 2 {
		k, v := t.goString(kids[i]), t.decode(kids[i+1])
		if prev, ok := sel[k]; ok && !sameValue(prev, v) {
			repeats = true
		}
		sel[k] = v
	}
	return sel, repeats, nil
}

// sameValue reports whether two decoded values are one value as matching compares them: flat
// values by their text, anything else exactly.
func sameValue(a, b any) bool {
	x, okA := scalarText(a)
	y, okB := scalarText(b)
	if okA && okB {
		return x == y
	}
	return reflect.DeepEqual(a, b)
}

// scalarText returns the text form of a flat selection value, used both to
// compare values and to find them in prose. ok is false for values that
// are not scalars.
func scalarText(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case bool:
		return strconv.FormatBool(x), true
	case json.Number:
		if f, err := x.Float64(); err == nil {
			return strconv.FormatFloat(f, 'g', -1, 64), true
		}
		return x.String(), true
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64), true
	case float32:
		return strconv.FormatFloat(float64(x), 'g', -1, 32), true
	case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		f, err := strconv.ParseFloat(fmt.Sprint(x), 64)
		if err != nil {
			return fmt.Sprint(x), true
		}
		return strconv.FormatFloat(f, 'g', -1, 64), true
	}
	rv := reflect.ValueOf(v)
	if rv.IsValid() && encodesItself(rv.Type()) {
		// The card sends what the type's own encoding writes, and its reply carries that.
		b, err := marshalNoHTML(v)
		if err != nil {
			return "", false
		}
		var decoded any
		if err := unmarshalNumbers(b, &decoded); err != nil {
			return "", false
		}
		return scalarText(decoded) // a string, json.Number or bool: no method of its own

	}
	// A value of a named type (type OfferID string) encodes as the JSON string, number or
	// boolean it is, so validation accepts it, and its reply must match it.
	switch rv.Kind() {
	case reflect.String:
		return rv.String(), true
	case reflect.Bool:
		return scalarText(rv.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return scalarText(rv.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return scalarText(rv.Uint())
	case reflect.Float32:
		return scalarText(float32(rv.Float()))
	case reflect.Float64:
		return scalarText(rv.Float())
	}
	return "", false
}

// matchCTA returns the expected CTA whose whole selection is contained in
// sel; when several are, the one with most keys wins, and a tie is
// ambiguous.
func matchCTA(sel Selection, expect []CTA) *CTA {
	if len(sel) == 0 {
		return nil
	}
	return best(expect, func(k string, want any) bool {
		got, ok := sel[k]
		if !ok {
			return false
		}
		a, okA := scalarText(got)
		b, okB := scalarText(want)
		return okA && okB && a == b
	})
}

// best picks the CTA with the most selection values for which has is true,
// among those for which it is true of every value.
func best(expect []CTA, has func(k string, v any) bool) *CTA {
	var (
		winner  *CTA
		top     int
		tied    bool
		scanned bool
	)
	for i := range expect {
		c := &expect[i]
		if len(c.Selection) == 0 {
			continue
		}
		all := true
		for k, v := range c.Selection {
			if !has(k, v) {
				all = false
				break
			}
		}
		if !all {
			continue
		}
		n := len(c.Selection)
		switch {
		case !scanned || n > top:
			winner, top, tied, scanned = c, n, false, true
		case n == top && !sameSelection(c.Selection, winner.Selection):
			tied = true
		}
	}
	if tied || winner == nil {
		return nil
	}
	m := *winner
	return &m
}

func sameSelection(a, b Selection) bool {
	if len(a) != len(b) {
		return false
	}
	for k, av := range a {
		bv, ok := b[k]
		if !ok {
			return false
		}
		x, _ := scalarText(av)
		y, _ := scalarText(bv)
		if x != y {
			return false
		}
	}
	return true
}

// matchProse finds the expected CTAs' selection values in planner prose.
// A value is found when it appears as a whole token (see containsToken);
// booleans and empty strings carry no identifier and are not looked for.
//
// A CTA matches strongly when all its identifier values are found; the
// strong match with the most values wins, unless the prose also names a
// value of its own of another CTA, which makes the whole reply ambiguous
// (no selection at all: a review's "Keep order instead of Cancel order"
// must not cancel). Failing a strong match, it matches weakly
// when it is the only CTA with a value of its own (one no other CTA shares)
// in the prose: the planner names the picked offer_id, but may paraphrase a
// shared "action". Anything else is ambiguous and matches nothing, and so
// is prose with a negation cue (see negated) outside the values it names.
func matchProse(text string, expect []CTA) (Selection, *CTA) {
	if len(expect) == 0 {
		return nil, nil
	}
	lower := strings.ToLower(text)
	type score struct {
		total, found, ownFound int
	}
	scores := make([]score, len(expect))
	found := map[string]map[string]any{} // key -> value text -> value
	for i, c := range expect {
		for _, k := range sortedKeys(c.Selection) {
			v := c.Selection[k]
			s, ok := scalarText(v)
			if !ok || s == "" || isBool(v) {
				continue
			}
			scores[i].total++
			if !containsToken(lower, strings.ToLower(s)) {
				continue
			}
			scores[i].found++
			if !shared(expect, i, k, s) {
				scores[i].ownFound++
			}
			if found[k] == nil {
				found[k] = map[string]any{}
			}
			found[k][s] = v
		}
	}
	var strong []CTA
	for i, sc := range scores {
		if sc.total > 0 && sc.found == sc.total {
			strong = append(strong, expect[i])
		}
	}
	if len(found) > 0 && negated(lower, found) {
		// "The user did not cancel order 1043; they decided to keep it" names every value of
		// Cancel and none of Keep's: the words around the values say the opposite of a pick.
		return nil, nil
	}
	matched := best(strong, func(string, any) bool { return true })
	if matched != nil && contradicted(lower, *matched, expect) {
		// "The user chose Keep order instead of Cancel order 1043" names every value of
		// Cancel and one of Keep's own: acting on either could do what the user declined.
		return nil, nil
	}
	if matched == nil && len(strong) == 0 {
		weak := -1
		for i, sc := range scores {
			if sc.ownFound == 0 {
				continue
			}
			if weak >= 0 && !sameSelection(expect[weak].Selection, expect[i].Selection) {
				weak = -2 // ambiguous
				break
			}
			weak = i
		}
		if weak >= 0 {
			m := expect[weak]
			matched = &m
		}
	}
	if matched != nil {
		return clone(matched.Selection), matched
	}
	sel := Selection{}
	for k, vals := range found {
		if len(vals) == 1 { // several different values for one key are ambiguous
			for _, v := range vals {
				sel[k] = v
			}
		}
	}
	if len(sel) == 0 {
		return nil, nil
	}
	return sel, nil
}

// contradicted reports whether the prose also names a value of its own of another CTA, one
// with a different selection: a value that CTA alone selects, found as a token where the prose
// does not name one of won's own values ("keep order" inside "approve and keep order" does not
// count; a second "keep order" elsewhere does).
//
// For each such value, the prose is masked only where it names a value of won's that holds it
// as a token. Masking all of won's values would also hide a value that holds one of them: with
// won's "keep" masked, "keep, not keep order" no longer named the other CTA's "keep order".
func contradicted(lower string, won CTA, expect []CTA) bool {
	var wonValues []string
	for _, v := range won.Selection {
		if s, ok := scalarText(v); ok && s != "" && !isBool(v) {
			wonValues = append(wonValues, strings.ToLower(s))
		}
	}
	slices.Sort(wonValues) // masking order is deterministic, not the map's
	for i, c := range expect {
		if sameSelection(c.Selection, won.Selection) {
			continue
		}
		for k, v := range c.Selection {
			s, ok := scalarText(v)
			if !ok || s == "" || isBool(v) || shared(expect, i, k, s) {
				continue
			}
			ls := strings.ToLower(s)
			var holders []string
			for _, w := range wonValues {
				if containsToken(w, ls) {
					holders = append(holders, w)
				}
			}
			rest := lower
			if len(holders) > 0 {
				rest = maskTokens(lower, holders)
			}
			if containsToken(rest, ls) {
				return true
			}
		}
	}
	return false
}

// negationWords are the words that make prose negated (see negated), lower case, with the
// apostrophe U+0027. A word ending in "n't" is one too.
var negationWords = map[string]bool{
	"not": true, "no": true, "never": true, "nor": true, "neither": true, "none": true,
	"nobody": true, "nothing": true, "cannot": true, "without": true,
	"decline": true, "declines": true, "declined": true, "declining": true,
	"refuse": true, "refuses": true, "refused": true, "refusing": true,
	"reject": true, "rejects": true, "rejected": true, "rejecting": true,
	"deny": true, "denies": true, "denied": true, "denying": true,
	// Contractions typed without their apostrophe.
	"dont": true, "doesnt": true, "didnt": true, "isnt": true, "arent": true, "wasnt": true,
	"werent": true, "wont": true, "cant": true, "couldnt": true, "shouldnt": true,
	"wouldnt": true, "hasnt": true, "havent": true, "hadnt": true, "mustnt": true, "neednt": true,
}

// negationPairs are the two-word phrases that make prose negated: the second word by the first.
var negationPairs = map[string]string{"instead": "of", "rather": "than"}

// negated reports whether the prose lower (lower case) holds a negation cue outside every
// occurrence of the found values (keys of found's maps): one of negationWords, a word ending in
// "n't", or one of negationPairs, its two words apart by white space only. A word is a longest
// run of identifier characters (identRune) and apostrophes (', ’ or ʼ, read as '), without the
// apostrophes at its ends ('no' is the word no), so that "no" is a word in "no." but not in
// "no-show" or "no_123", as a value is found only as a whole token.
//
// The cue may be anywhere in the prose, before or after the values, in the same sentence or
// another: "Cancel order 1043 is not what they chose" and "They were asked to confirm Cancel
// order 1043. They declined." both name every value of Cancel, and a cue as far away as that
// still says the opposite. A cue inside a found value does not count, so that a CTA whose value
// says "No thanks" or "reject" can be picked in prose: "The user chose No thanks." and "The user
// rejected order 1042" name a pick, not its opposite.
//
// It costs one pass over lower, after maskTokens's, which is linear in it.
func negated(lower string, found map[string]map[string]any) bool {
	var vals []string
	for _, texts := range found {
		for text := range texts {
			vals = append(vals, strings.ToLower(text))
		}
	}
	s := maskTokens(lower, vals)
	prev, spaced := "", false // the word before, and whether only white space follows it
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !wordRune(r) {
			if !unicode.IsSpace(r) {
				prev = ""
			}
			spaced = prev != ""
			i += size
			continue
		}
		j := i + size
		for j < len(s) {
			r, size := utf8.DecodeRuneInString(s[j:])
			if !wordRune(r) {
				break
			}
			j += size
		}
		w := s[i:j]
		if strings.ContainsAny(w, "’ʼ") {
			w = apostrophes.Replace(w)
		}
		w = strings.Trim(w, "'")
		if negationWords[w] || len(w) > 3 && strings.HasSuffix(w, "n't") || spaced && w != "" && negationPairs[prev] == w {
			return true
		}
		prev, spaced, i = w, false, j
	}
	return false
}

// apostrophes writes the other apostrophes a contraction may be typed with as '.
var apostrophes = strings.NewReplacer("’", "'", "ʼ", "'")

// wordRune reports whether r belongs to a word as negated reads words: an identifier character
// or an apostrophe.
func wordRune(r rune) bool { return identRune(r) || r == '\'' || r == '’' || r == 'ʼ' }

// shared reports whether a CTA other than expect[i] selects the same value
// text under key k.
func shared(expect []CTA, i int, k, text string) bool {
	for j, c := range expect {
		if j == i {
			continue
		}
		if v, ok := c.Selection[k]; ok {
			if s, _ := scalarText(v); s == text {
				return true
			}
		}
	}
	return false
}

func clone(s Selection) Selection {
	c := make(Selection, len(s))
	for k, v := range s {
		c[k] = v
	}
	return c
}

// inflections are the English endings a planner may glue to a one-word
// value ("approve" -> "approved", "cancel" -> "cancelled").
var inflections = []string{"s", "es", "d", "ed", "led", "ing"}

// containsToken reports whether tok occurs in s with no identifier
// character immediately before or after it. A tok of letters only may
// also carry one of the inflections.
func containsToken(s, tok string) bool {
	_, _, ok := tokenSpan(s, tok, 0, 0)
	return ok
}

// tokenSpan finds the first occurrence of tok in s at or after from, as
// containsToken counts one, and returns where it starts and ends (its
// inflection included). What precedes an occurrence is read from s[floor:]
// only, as if s ended at floor in a space: maskTokens searches past text it
// has masked.
func tokenSpan(s, tok string, from, floor int) (start, end int, ok bool) {
	if tok == "" {
		return 0, 0, false
	}
	word := strings.IndexFunc(tok, func(r rune) bool { return !unicode.IsLetter(r) }) < 0
	for off := from; off <= len(s)-len(tok); {
		i := strings.Index(s[off:], tok)
		if i < 0 {
			return 0, 0, false
		}
		start, end := off+i, off+i+len(tok)
		if boundaryBefore(s[floor:start]) {
			if boundaryAfter(s[end:]) {
				return start, end, true
			}
			if word {
				for _, suf := range inflections {
					if strings.HasPrefix(s[end:], suf) && boundaryAfter(s[end+len(suf):]) {
						return start, end + len(suf), true
					}
				}
			}
		}
		_, size := utf8.DecodeRuneInString(s[start:])
		off = start + size
	}
	return 0, 0, false
}

// maskTokens returns s with every occurrence of each tok, as containsToken
// counts them, replaced by spaces of the same length; longer toks go first,
// so a value is masked whole before a value inside it.
//
// An occurrence counts in the text as masked so far. Searching a fresh copy of
// the text for each occurrence made a reply of n copies of a value cost n×len(reply)
// (23 s for 256 KiB of "x "), so each tok searches one copy, as the longer toks left
// it, from the end of the occurrence it masked last. That copy differs from the masked
// text only before that end, where the masked text has a space, and boundaryBefore
// reads a space as it reads the start of the text: it looks back one rune (two after
// a '.' or ','), and reading a rune back stops at an ASCII byte. So the copy, read
// from that end on, answers as the masked text does.
func maskTokens(s string, toks []string) string {
	toks = slices.Clone(toks)
	slices.SortStableFunc(toks, func(a, b string) int { return len(b) - len(a) })
	b := []byte(s)
	for _, tok := range toks {
		cur := string(b)
		for from := 0; ; {
			start, end, ok := tokenSpan(cur, tok, from, from)
			if !ok {
				break
			}
			for i := start; i < end; i++ {
				b[i] = ' '
			}
			from = end
		}
	}
	return string(b)
}

// boundaryBefore reports whether a token may start right after prefix: no
// identifier character, and no "1." or "1," that would make it the tail of
// a number.
func boundaryBefore(prefix string) bool {
	r, size := utf8.DecodeLastRuneInString(prefix)
	if size == 0 {
		return true
	}
	if identRune(r) {
		return false
	}
	if r == '.' || r == ',' {
		p, _ := utf8.DecodeLastRuneInString(prefix[:len(prefix)-size])
		return !unicode.IsDigit(p)
	}
	return true
}

// boundaryAfter reports whether a token may end right before suffix: no
// identifier character, and no ".5" or ",000" that would continue a number.
func boundaryAfter(suffix string) bool {
	r, size := utf8.DecodeRuneInString(suffix)
	if size == 0 {
		return true
	}
	if identRune(r) {
		return false
	}
	if r == '.' || r == ',' {
		n, _ := utf8.DecodeRuneInString(suffix[size:])
		return !unicode.IsDigit(n)
	}
	return true
}

// isBool reports whether v is a boolean, of type bool or a named one.
func isBool(v any) bool {
	return v != nil && reflect.TypeOf(v).Kind() == reflect.Bool
}

func identRune(r rune) bool {
	return r == '_' || r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r)
}
