package mdcard

import (
	"errors"
	"fmt"
	"html"
	"regexp"
	"slices"
	"strings"

	"github.com/cardgen/cardgen/internal/validatortext"
)

// AllowList returns every element the card renderer may emit, with the
// attributes each may carry: a copy, for a host that configures its own
// sanitizer to match. It is the contract [CheckFragment] enforces; the renderer
// in this package writes nothing else, whatever the markdown.
func AllowList() map[string][]string {
	m := make(map[string][]string, len(allowList))
	for tag, attrs := range allowList {
		m[tag] = slices.Clone(attrs)
	}
	return m
}

// allowList is what AllowList returns copies of: a package variable that an
// importer could change would let it widen what CheckFragment accepts.
var allowList = map[string][]string{
	"a":          {"href", "title", "rel", "target"},
	"blockquote": nil,
	"br":         nil,
	"button":     {"type", "class", "data-md-copy"},
	"code":       {"class"},
	"del":        nil,
	"details":    {"class", "open"},
	"div":        {"class"},
	"em":         nil,
	"h1":         nil,
	"h2":         nil,
	"h3":         nil,
	"h4":         nil,
	"h5":         nil,
	"h6":         nil,
	"hr":         nil,
	"img":        {"src", "alt", "title", "loading", "referrerpolicy"},
	"input":      {"checked", "disabled", "type"},
	"li":         nil,
	"ol":         {"start"},
	"p":          {"class"},
	"pre":        nil,
	"span":       {"class", "data-term", "data-tip", "tabindex"},
	"strong":     nil,
	"summary":    nil,
	"table":      nil,
	"tbody":      nil,
	"td":         {"class"},
	"th":         {"class"},
	"thead":      nil,
	"tr":         nil,
	"ul":         nil,
}

// voidElements have no end tag.
var voidElements = map[string]bool{"br": true, "hr": true, "img": true, "input": true}

// fixedValues pins attributes whose value is not free text to the values the
// renderer writes.
var fixedValues = map[string][]string{
	"type":           {"button", "checkbox"},
	"rel":            {"noopener noreferrer"},
	"target":         {"_blank"},
	"loading":        {"lazy"},
	"referrerpolicy": {"no-referrer"},
	"open":           {""},
	"checked":        {""},
	"disabled":       {""},
	"data-md-copy":   {""},
	"tabindex":       {"0"},
}

var (
	classToken = regexp.MustCompile(`^(md-[a-z]+|language-[A-Za-z0-9_+#.-]+)$`)
	digits     = regexp.MustCompile(`^[0-9]{1,9}$`)
)

// CheckFragment reports every way fragment breaks the card's safety
// contract: a tag or attribute that is not on [AllowList], an on* or style
// attribute, an href that is not http, https or mailto, an img src that is
// not https, a fixed attribute with another value, markup that does not
// tokenize as plain tags and escaped text, or unbalanced elements. Attribute
// values are checked after HTML character references are decoded, as a
// browser would. It returns nil for every fragment [Render] produces.
func CheckFragment(fragment string) error {
	var errs []error
	bad := func(at int, format string, args ...any) {
		errs = append(errs, fmt.Errorf("offset %d: "+format, append([]any{at}, args...)...))
	}
	var open []string
	for i := 0; i < len(fragment); {
		switch fragment[i] {
		case '>':
			bad(i, "bare '>' in text")
			i++
			continue
		case '<':
		default:
			i++
			continue
		}
		t, n, err := scanTag(fragment[i:])
		if err != nil {
			bad(i, "%v", err)
			return errors.Join(errs...) // the rest cannot be tokenized reliably
		}
		allowed, ok := allowList[t.name]
		switch {
		case !ok:
			bad(i, "element <%s> is not allowed", t.name)
		case t.closing && voidElements[t.name]:
			bad(i, "void element </%s> has an end tag", t.name)
		case t.closing:
			if len(open) == 0 || open[len(open)-1] != t.name {
				bad(i, "</%s> does not close the open element %s", t.name, strings.Join(open, ">"))
			} else {
				open = open[:len(open)-1]
			}
		default:
			if !voidElements[t.name] {
				open = append(open, t.name)
			}
			for _, a := range t.attrs {
				checkAttr(i, t.name, a, allowed, bad)
			}
		}
		i += n
	}
	if len(open) > 0 {
		bad(len(fragment), "elements left open: %s", strings.Join(open, ">"))
	}
	return errors.Join(errs...)
}

type tag struct {
	name    string
	closing bool
	attrs   [][2]string
}

// scanTag reads one tag in the renderer's own form: <name>, </name>, or
// <name a="v" b="w"> with double-quoted values free of '<', '>' and '"'.
// Anything else is an error: the renderer never writes it, and a browser
// might read it differently.
func scanTag(s string) (tag, int, error) {
	var t tag
	i := 1
	if i < len(s) && s[i] == '/' {
		t.closing = true
		i++
	}
	j := i
	for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= '0' && s[j] <= '9') {
		j++
	}
	if j == i {
		return t, 0, errors.New("'<' does not start a tag")
	}
	t.name = s[i:j]
	for {
		if j >= len(s) {
			return t, 0, fmt.Errorf("<%s> is not terminated", t.name)
		}
		if s[j] == '>' {
			return t, j + 1, nil
		}
		if s[j] != ' ' || t.closing {
			return t, 0, fmt.Errorf("malformed <%s> tag", t.name)
		}
		j++
		k := j
		for k < len(s) && (s[k] >= 'a' && s[k] <= 'z' || s[k] == '-') {
			k++
		}
		if k == j || !strings.HasPrefix(s[k:], `="`) {
			return t, 0, fmt.Errorf("malformed attribute in <%s>", t.name)
		}
		name := s[j:k]
		k += 2
		end := strings.IndexAny(s[k:], `"<>`)
		if end < 0 || s[k+end] != '"' {
			return t, 0, fmt.Errorf("unterminated value of %s in <%s>", name, t.name)
		}
		t.attrs = append(t.attrs, [2]string{name, s[k : k+end]})
		j = k + end + 1
	}
}

func checkAttr(at int, elem string, a [2]string, allowed []string, bad func(int, string, ...any)) {
	name, value := a[0], html.UnescapeString(a[1])
	switch {
	case strings.HasPrefix(name, "on"):
		bad(at, "event handler attribute %s on <%s>", name, elem)
		return
	case name == "style":
		bad(at, "style attribute on <%s>", elem)
		return
	}
	ok := false
	for _, n := range allowed {
		ok = ok || n == name
	}
	if !ok {
		bad(at, "attribute %s is not allowed on <%s>", name, elem)
		return
	}
	if vals, fixed := fixedValues[name]; fixed {
		ok := false
		for _, v := range vals {
			ok = ok || v == value
		}
		if !ok {
			list, _ := validatortext.JSON(vals) // a []string always has JSON
			bad(at, "%s=%s on <%s> is not one of %s", name, quoted(value), elem, list)
		}
		return
	}
	switch name {
	case "href":
		if !urlHasScheme(value, linkSchemes) {
			bad(at, "href %s is not an http, https or mailto URL", quoted(value))
		}
	case "src":
		if !urlHasScheme(value, imageSchemes) {
			bad(at, "src %s is not an https URL", quoted(value))
		}
	case "class":
		for _, c := range strings.Fields(value) {
			if !classToken.MatchString(c) {
				bad(at, "class %s on <%s> is not a card class", quoted(c), elem)
			}
		}
	case "start":
		if !digits.MatchString(value) {
			bad(at, "start=%s is not a number", quoted(value))
		}
	}
}

// urlHasScheme checks a decoded attribute value the way a browser reads it:
// leading spaces and controls are ignored and tabs and newlines anywhere are
// dropped before the scheme is looked at.
func urlHasScheme(v string, schemes []string) bool {
	v = strings.TrimLeft(v, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ")
	v = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(v)
	return hasScheme([]byte(v), schemes)
}
