package acp

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/cardgen/cardgen/internal/cputime"
)

// manyKeys returns n members "k0":0, "k1":0, … for a JSON object.
func manyKeys(n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"k%d":0`, i)
	}
	return b.String()
}

// TestValidateManyKeysLinear: a payload comes from whoever sent the message, and validation
// reads all of it (an oversized one too, to report its other problems), so an object of many
// keys must cost time linear in its size. Comparing each key with every earlier one, to find
// repeats, took 0.75 s for 16,000 keys and grew with their square; so did comparing two
// selections of many keys to find a repeated pick.
func TestValidateManyKeysLinear(t *testing.T) {
	if raceEnabled {
		t.Skip("a CPU budget does not hold under the race detector")
	}
	const n = 40000
	payloads := map[string]string{
		"unknown keys": `{"title":"t","summary_rows":[{"label":"a","value":"b",` + manyKeys(n) +
			`}],"approve_cta":{"label":"x","selection":{"a":1}}}`,
		"two selections of many keys": `{"title":"t","ctas":[{"label":"x","selection":{` + manyKeys(n/2) +
			`}},{"label":"y","selection":{` + manyKeys(n/2) + `}}]}`,
	}
	kinds := map[string]string{"unknown keys": KindReview, "two selections of many keys": KindDetail}
	for name, p := range payloads {
		start, ok := cputime.Used()
		began := time.Now()
		err := ValidatePayload(kinds[name], []byte(p))
		took := time.Since(began)
		if end, ok2 := cputime.Used(); ok && ok2 {
			took = end - start
		}
		if err == nil {
			t.Errorf("%s: ValidatePayload accepted a payload of %d bytes", name, len(p))
		}
		if budget := 500 * time.Millisecond; took > budget {
			t.Errorf("%s: ValidatePayload of %d bytes took %v of CPU, over the %v budget", name, len(p), took.Round(time.Millisecond), budget)
		}
	}
}

// TestValidateRefusesRepeatedSelectionKey: a selection that gives one key twice has no single
// meaning, like any other object of the payload, and ParseResponse refuses such a reply. It
// also slipped past the check that picks differ: every decoder keeps the last value, so this
// approval sends what the rejection sends.
func TestValidateRefusesRepeatedSelectionKey(t *testing.T) {
	p := `{"title":"Cancel order 1042?","summary_rows":[{"label":"Refund","value":"12"}],` +
		`"approve_cta":{"label":"Cancel","selection":{"action":"cancel","order":"1042","action":"keep"}},` +
		`"reject_cta":{"label":"Keep","selection":{"action":"keep","order":"1042"}}}`
	err := ValidatePayload(KindReview, []byte(p))
	if err == nil || !strings.Contains(err.Error(), "approve_cta.selection.action: duplicate key") {
		t.Errorf("ValidatePayload = %v; want approve_cta.selection.action reported as a duplicate key", err)
	}
	// A button's selection in a custom tree, repeating a key with the same value.
	c := `{"root":{"type":"button","label":"Go","action":{"selection":{"a":"1","a":"1"}}}}`
	if err := ValidatePayload(KindCustom, []byte(c)); err == nil || !strings.Contains(err.Error(), "root.action.selection.a: duplicate key") {
		t.Errorf("ValidatePayload = %v; want root.action.selection.a reported as a duplicate key", err)
	}
}

// TestValidateProblemsBounded: each problem carries its path, and a payload nested deep with
// many bad keys at the bottom made one long path per key: 270 KB took 2 GB and returned an
// error of 458 MB. Past MaxProblems the rest are counted, not listed; the depth problem, which
// says why such a tree is refused, is always listed.
func TestValidateProblemsBounded(t *testing.T) {
	const depth, keys = 2000, 20000
	p := `{"root":` + strings.Repeat(`{"type":"section","children":[`, depth) +
		`{"type":"divider",` + manyKeys(keys) + `}` + strings.Repeat(`]}`, depth) + `}`
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	err := ValidatePayload(KindCustom, []byte(p))
	runtime.ReadMemStats(&after)
	var ve *ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("ValidatePayload = %v; want a *ValidationError", err)
	}
	if n := len(ve.Problems); n != MaxProblems+1 {
		t.Errorf("%d problems; want the first %d and the depth problem", n, MaxProblems)
	}
	// The size of the payload is one problem and each key another.
	if want := 1 + keys - MaxProblems; ve.Omitted != want {
		t.Errorf("Omitted = %d; want %d", ve.Omitted, want)
	}
	if !strings.Contains(ve.Problems[len(ve.Problems)-1].Msg, "element tree is 2001 levels deep") {
		t.Errorf("last problem = %q; want the depth problem", ve.Problems[len(ve.Problems)-1])
	}
	msg := err.Error()
	if head := fmt.Sprintf("(%d problems):", len(ve.Problems)+ve.Omitted); !strings.Contains(msg, head) ||
		!strings.HasSuffix(msg, fmt.Sprintf("and %d more problems, not listed: fix the ones above and validate again", ve.Omitted)) {
		t.Errorf("the error does not count every problem in its first line and end with the rest's count:\n%.200s\n…\n%s", msg, msg[max(0, len(msg)-200):])
	}
	if size := len(err.Error()); size > 4<<20 {
		t.Errorf("the error is %d MiB; want it bounded by MaxProblems", size>>20)
	}
	if used := after.TotalAlloc - before.TotalAlloc; used > 64<<20 {
		t.Errorf("validating %d KB allocated %d MiB; want under 64 MiB", len(p)>>10, used>>20)
	}
}

// TestValidateRefusesLoneSurrogates: JSON may escape half of a UTF-16 surrogate pair, as
// JavaScript writes a string cut between the two halves of an emoji, but the reference's JSON
// parser refuses such a payload (pydantic 2.13: "lone leading surrogate in hex escape",
// "unexpected end of hex escape"), so the host would show the message as plain text. A whole
// pair is one character and fine.
func TestValidateRefusesLoneSurrogates(t *testing.T) {
	review := func(title string) []byte {
		return []byte(`{"title":"` + title + `","summary_rows":[{"label":"a","value":"b"}],"approve_cta":{"label":"x","selection":{"a":1}}}`)
	}
	for _, title := range []string{`Grin \ud83d`, `\ude00 grin`, `\ud83d\ud83d\ude00`, `\ud83d\u0041`, `\ud83d\n`} {
		if err := ValidatePayload(KindReview, review(title)); err == nil || !strings.Contains(err.Error(), "surrogate") {
			t.Errorf("title %s: ValidatePayload = %v; want the lone surrogate refused", title, err)
		}
	}
	if err := ValidatePayload(KindReview, review(`Grin \ud83d\ude00 \\ud800`)); err != nil {
		t.Errorf("a whole surrogate pair and an escaped backslash before ud800: %v", err)
	}
}
