package ecmapattern

import (
	"sync"
	"unicode"
)

// Go's regexp looks a \p name up loosely (case aside, and without _, - and spaces): as Any,
// Assigned or ASCII, a general category or its long alias, or a script. JavaScript takes only
// exact names, and a script only as Script=Name.

// jsProperty returns the JavaScript property expression that means what Go's \p{name} means,
// and whether Go knows the name at all.
func jsProperty(name string) (string, bool) {
	switch key := lookupKey(name); key {
	case "Any":
		return "Any", true
	case "Assigned":
		return "Assigned", true
	case "Ascii":
		return "ASCII", true
	default:
		js, ok := properties()[key]
		return js, ok
	}
}

// jsAccepts reports whether JavaScript takes \p{name} as written with the meaning Go gives it:
// the exact name of a general category, a long name of one, or Any, Assigned or ASCII.
func jsAccepts(name string) bool {
	switch name {
	case "Any", "Assigned", "ASCII":
		return true
	}
	return unicode.Categories[name] != nil || unicode.CategoryAliases[name] != ""
}

// lookupKey is name as Go's regexp looks it up: the first letter upper case, the others lower
// case, without _, - and spaces.
func lookupKey(name string) string {
	b := make([]byte, 0, len(name))
	for i := range len(name) {
		c := name[i]
		switch {
		case c == '_' || c == '-' || c == ' ':
			continue
		case len(b) == 0 && 'a' <= c && c <= 'z':
			c -= 'a' - 'A'
		case len(b) > 0 && 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return string(b)
}

// properties maps the lookupKey of every category, script and category alias that Go's
// unicode package knows to the JavaScript property expression of the same characters. Where two
// share a key, Go's regexp takes a category before a script before an alias, and so does this.
var properties = sync.OnceValue(func() map[string]string {
	m := make(map[string]string)
	for long, short := range unicode.CategoryAliases {
		m[lookupKey(long)] = short
	}
	for script := range unicode.Scripts {
		m[lookupKey(script)] = "Script=" + script
	}
	for cat := range unicode.Categories {
		m[lookupKey(cat)] = cat
	}
	return m
})
