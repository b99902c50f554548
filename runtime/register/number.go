package register

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/cardgen/cardgen/internal/elide"
	"github.com/cardgen/cardgen/internal/validatortext"
)

// number is the exact value of a selection value that reads as a number: a JSON number from
// acp.ParseResponse, or a form's text (spaces trimmed) written as a person or a number input
// writes a number (see readNumber: "3", "3.0", "+1e3", ".5"). Nothing of it goes through a
// float64 on the way: a float64 has 53 bits for the digits, and an int64 or uint64 ID beyond
// 2^53 came out as another number.
type number struct {
	zero  bool    // the value is 0, however written (0, -0, 0.0e9)
	whole bool    // the value is an integer
	fits  int8    // for a whole value: 1, it is i; 2, it is u (above int64's range); 0, neither
	i     int64   // the value, when fits is 1
	u     uint64  // the value, when fits is 2
	f     float64 // the float64 nearest the value, as strconv.ParseFloat gives it (-0 keeps its sign)
	inf   bool    // the value is beyond float64's range: f is ±Inf
	exact bool    // f, written as encoding/json writes it (its shortest form), is the value
	lit   string  // the value as a JSON number, digit for digit
}

// readNumber reads s exactly and reports whether it is a number as a person or a number input
// writes one: JSON's number grammar, but that a plus sign may lead, the integer part may have
// leading zeros, and a decimal point needs digits on one side only ("+42", "007", "5.", ".5"):
//
//	[+-]? ( digits ( "." digits? )? | "." digits ) ( [eE] [+-]? digits )?
//
// with digits ASCII 0-9. The caller trims the spaces around a form's text. Anything else is no
// number: "NaN" and "Inf" (JSON has no such numbers), and the Go syntax strconv.ParseFloat also
// reads, digit separators ("1_0", which it read as 10) and hexadecimal floats ("0x1p4", 16),
// which no number input and no JSON sends, and which a person who typed them did not mean as
// those numbers. Decimal numbers are read digit by digit, so an exponent of any size costs
// nothing.
func readNumber(s string) (number, bool) {
	if !isTypedNumber(s) {
		return number{}, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return number{}, false // not reached: ParseFloat reads every number of that grammar
	}
	n := number{f: f, inf: math.IsInf(f, 0)}
	body := s
	neg := body[0] == '-'
	if body[0] == '-' || body[0] == '+' {
		body = body[1:]
	}
	digits, exp := decimal(body)
	if isJSONNumber(s) {
		n.lit = s
	} else {
		n.lit = jsonLiteral(neg, digits, exp)
	}
	if digits == "" {
		n.zero, n.whole, n.fits, n.exact = true, true, 1, true
		return n, true
	}
	n.whole = exp >= 0
	if n.whole && int64(len(digits))+exp <= 20 { // math.MaxUint64 has 20 digits
		text := digits + strings.Repeat("0", int(exp))
		if neg {
			text = "-" + text
		}
		if i, err := strconv.ParseInt(text, 10, 64); err == nil {
			n.i, n.fits = i, 1
		} else if u, err := strconv.ParseUint(text, 10, 64); err == nil {
			n.u, n.fits = u, 2
		}
	}
	if !n.inf {
		short := strconv.FormatFloat(math.Abs(f), 'e', -1, 64)
		fd, fe := decimal(short)
		n.exact = fd == digits && fe == exp
	}
	return n, true
}

// maxExponent bounds the exponents decimal keeps: a number past 10^±maxExponent is far beyond
// what any field holds, and the bound keeps the arithmetic on exponents from overflowing.
const maxExponent = 1e15

// decimal returns a decimal number's significant digits, without leading or trailing zeros ("" for
// zero), and the exponent that makes them the number: digits × 10^exp. body is a number
// readNumber has read, without its sign.
func decimal(body string) (digits string, exp int64) {
	mant := body
	if i := strings.IndexAny(body, "eE"); i >= 0 {
		mant = body[:i]
		e := body[i+1:]
		neg := e != "" && e[0] == '-'
		if e != "" && (e[0] == '-' || e[0] == '+') {
			e = e[1:]
		}
		for _, c := range e {
			if exp < maxExponent {
				exp = exp*10 + int64(c-'0')
			}
		}
		if neg {
			exp = -exp
		}
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	digits = strings.TrimLeft(intPart+frac, "0")
	exp -= int64(len(frac))
	trimmed := strings.TrimRight(digits, "0")
	exp += int64(len(digits) - len(trimmed))
	if trimmed == "" {
		return "", 0
	}
	return trimmed, exp
}

// jsonLiteral writes digits × 10^exp as a JSON number: -1.25e-3.
func jsonLiteral(neg bool, digits string, exp int64) string {
	if digits == "" {
		return "0"
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	b.WriteString(digits[:1])
	if len(digits) > 1 {
		b.WriteByte('.')
		b.WriteString(digits[1:])
	}
	b.WriteByte('e')
	b.WriteString(strconv.FormatInt(exp+int64(len(digits))-1, 10))
	return b.String()
}

// isTypedNumber reports whether s is a number as readNumber takes it:
// [+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?
func isTypedNumber(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	rest, n := leadingDigits(s)
	if strings.HasPrefix(rest, ".") {
		var frac int
		rest, frac = leadingDigits(rest[1:])
		n += frac
	}
	if n == 0 {
		return false // no digit before or after the point: "", "+", "."
	}
	rest, ok := skipExponent(rest)
	return ok && rest == ""
}

// isJSONNumber reports whether s is a number as JSON writes it: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func isJSONNumber(s string) bool {
	s = strings.TrimPrefix(s, "-")
	rest, n := leadingDigits(s)
	if n == 0 || n > 1 && s[0] == '0' {
		return false
	}
	if strings.HasPrefix(rest, ".") {
		if rest, n = leadingDigits(rest[1:]); n == 0 {
			return false
		}
	}
	rest, ok := skipExponent(rest)
	return ok && rest == ""
}

// leadingDigits returns how many ASCII digits s starts with, and what follows them.
func leadingDigits(s string) (rest string, n int) {
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return s[n:], n
}

// skipExponent returns s after the exponent it starts with ([eE][+-]?[0-9]+), or s itself when
// it starts with none; ok is false for an "e" without digits after it.
func skipExponent(s string) (rest string, ok bool) {
	if s == "" || s[0] != 'e' && s[0] != 'E' {
		return s, true
	}
	s = s[1:]
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	rest, n := leadingDigits(s)
	return rest, n > 0
}

// integer is n for an integer field: an int64, or a uint64 above int64's range, exactly as
// written however it was written (3, 3.0, 3e0, 9.223372036854775809e18). A value that is not
// whole is a float64 the validator refuses as not an integer, or an error when its float64
// would be whole (1.0000000000000000001 is 1 in a float64, and 1e-400 is 0); a whole value
// beyond int64 and uint64 is a *tooWide error, where it was rounded before: it says which of
// the schema s's bounds the value is beyond, when it is beyond one.
func (n number) integer(key, shown string, s *jsonschema.Schema) (any, error) {
	switch {
	case n.zero:
		return int64(0), nil // -0 and 0.0 too: an integer field has no sign of zero
	case n.fits == 1:
		return n.i, nil
	case n.fits == 2:
		return n.u, nil
	case n.whole:
		shown = shorten(shown, shortHead, shortTail, nil)
		if bound := n.beyond(s); bound != "" {
			return nil, &tooWide{msg: key + " is " + shown + ", " + bound}
		}
		return nil, &tooWide{lit: n.lit, msg: fmt.Sprintf("%s is %s, beyond the whole numbers a field takes (%d to %d), and it is not rounded",
			key, shown, int64(math.MinInt64), uint64(math.MaxUint64))}
	case n.f == math.Trunc(n.f): // also ±Inf
		return nil, fmt.Errorf("%s is %s, not a whole number, and it is not rounded to one", key, shorten(shown, shortHead, shortTail, nil))
	}
	return n.f, nil
}

// tooWide is the error of number.integer for a whole number beyond int64 and uint64.
type tooWide struct {
	lit string // the number as JSON writes it, digit for digit; "" when msg names a bound of the schema
	msg string
}

func (e *tooWide) Error() string { return e.msg }

// beyond says which bound of s the whole number n, beyond int64 and uint64, is beyond ("above
// the maximum 10"), as checkValue says it, or "" when it is beyond none that it can tell. n.f is
// n rounded, and rounding keeps order: when n.f is beyond a bound, which a float64 is, so is n.
func (n number) beyond(s *jsonschema.Schema) string {
	if s == nil {
		return ""
	}
	switch {
	case n.f > 0 && s.Maximum != nil && n.f > *s.Maximum:
		return "above the maximum " + show(*s.Maximum)
	case n.f > 0 && s.ExclusiveMaximum != nil && n.f > *s.ExclusiveMaximum:
		return "not less than " + show(*s.ExclusiveMaximum)
	case n.f < 0 && s.Minimum != nil && n.f < *s.Minimum:
		return "below the minimum " + show(*s.Minimum)
	case n.f < 0 && s.ExclusiveMinimum != nil && n.f < *s.ExclusiveMinimum:
		return "not greater than " + show(*s.ExclusiveMinimum)
	}
	return ""
}

// value is n for a number field, or for any value whose schema does not ask for text or an
// integer: a whole number that fits an int64 or a uint64 is one, exactly; another is the float64
// nearest it to validate, and to encode its digits as written (lit), so that a json.Number
// field gets them all, when the float64 does not write back as the same number. A zero, however
// written (-0, -0.0, 0e5), is the float64 +0: a JSON reply's -0 always was, and a float field
// gets the same zero whether the user typed -0 or the reply wrote -0.0. A number beyond
// float64's range is an error when strict (a number field), else ok is false.
func (n number) value(key, shown string, strict bool) (val any, lit any, ok bool, err error) {
	switch {
	case n.zero:
		return float64(0), nil, true, nil
	case n.fits == 1:
		return n.i, nil, true, nil
	case n.fits == 2:
		return n.u, nil, true, nil
	case n.inf && strict:
		return nil, nil, false, fmt.Errorf("%s is %s, beyond the numbers the field holds (%s)", key, shorten(shown, shortHead, shortTail, nil), validatortext.Float64Range)
	case n.inf:
		return nil, nil, false, nil
	case !n.exact:
		return n.f, json.Number(n.lit), true, nil
	}
	return n.f, nil, true, nil
}

// shorten shortens a long text quoted in an error: a reply may carry thousands of digits, or of
// characters of any script, which are counted and cut as characters, not bytes (elide.Ends). A
// text of more than head+tail+8 characters is written as its first head and last tail
// characters, each as write writes it (as they are when write is nil), around an ellipsis, then
// how many characters it has: `999999999999999999999999…99999999 (400 characters)`. The note is
// short and says the length, not what was left out, unlike a tool error's (typedtool): the
// reader is a person, and the text a value of theirs inside a sentence about it. show writes the
// two ends as JSON, quotes and escapes included, so that an escape is never cut in two.
func shorten(s string, head, tail int, write func(end string, first bool) string) string {
	if write == nil {
		write = func(end string, _ bool) string { return end }
	}
	first, last, n, cut := elide.Ends(s, head+tail+8, head, tail)
	if !cut {
		return write(s, true) + write("", false)
	}
	return fmt.Sprintf("%s…%s (%d characters)", write(first, true), write(last, false), n)
}

// shortHead and shortTail are how much of a long value an error writes: see shorten.
const shortHead, shortTail = 24, 8
