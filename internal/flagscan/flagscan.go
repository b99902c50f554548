// Package flagscan finds the settings of one flag among command-line words without parsing the
// rest, as the flag package would read them: -name, --name, -name=value, --name=value, and a
// value in the next word for a flag that is not boolean. cardgen needs that where it cannot run
// the flag package: on a //go:generate line that runs cardgen (its -ui), on go vet's arguments
// to cardvet (a -ui that would fail every run), and on cardgen new's arguments after the flag
// package has failed (a folder given to its boolean -ui).
package flagscan

import "strings"

// A Setting is one setting of the flag among the words.
type Setting struct {
	Index int    // the word that names the flag
	Words int    // how many words it takes: 2 when the value is the next word
	Value string // its value; "" for a boolean flag given alone
	// Inline is set when the value is written in the word itself (-name=value).
	Inline bool
}

// Find returns every setting of the flag name among words, in order. A boolean flag takes no
// value from the next word; another one takes it when it has no =value (the last word's has
// none), and that word is the value whatever it is. A word of three dashes or more, or "-", names
// no flag, and "--" ends the flags, as the flag package reads them.
func Find(words []string, name string, boolean bool) []Setting {
	var found []Setting
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w == "--" {
			break // the flag package stops here: the rest are arguments
		}
		rest, ok := strings.CutPrefix(w, "-")
		if !ok {
			continue
		}
		rest = strings.TrimPrefix(rest, "-")
		if rest == "" || rest[0] == '-' || rest[0] == '=' {
			continue
		}
		flagName, value, inline := strings.Cut(rest, "=")
		if flagName != name {
			continue
		}
		s := Setting{Index: i, Words: 1, Value: value, Inline: inline}
		if !inline && !boolean && i+1 < len(words) {
			s.Value, s.Words = words[i+1], 2
			i++ // the value is not read as a flag: -ui -ui sets -ui to "-ui"
		}
		found = append(found, s)
	}
	return found
}
