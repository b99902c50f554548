package analyzer

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strings"
)

// uiFlag is the -ui flag: a folder relative to each package directory, cleaned and checked as
// cardgen's -ui is, so that the analyzer refuses what generation refuses ("../views", an
// absolute path, a space) instead of reading views from where generation never would, and reads
// "./cards/" as "cards".
type uiFlag struct{ dir *string }

// String is the flag's value (flag.Value).
func (f uiFlag) String() string {
	if f.dir == nil {
		return ""
	}
	return *f.dir
}

// Set cleans and checks a -ui value (flag.Value); its error is the reason the flag package
// prints after "invalid value", in cardgen's words.
func (f uiFlag) Set(s string) error {
	const rule = "-ui names a folder relative to each package directory, such as cards (go:embed embeds only files inside the package directory)"
	slash := filepath.ToSlash(s)
	dir := path.Clean(slash)
	switch {
	case s == "":
		return errors.New("empty; " + rule + `, or "." for the package directory itself`)
	case filepath.IsAbs(s) || filepath.VolumeName(s) != "" || path.IsAbs(slash):
		return errors.New("an absolute path; " + rule)
	case dir == ".." || strings.HasPrefix(dir, "../"):
		return errors.New("a folder outside the package directory; " + rule)
	}
	if i := strings.IndexFunc(dir, func(c rune) bool {
		return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("._~-/", c))
	}); i >= 0 {
		return fmt.Errorf("the character %q cannot be in a //go:embed pattern as cardgen writes it (which separates paths by spaces and reads *?[ as wildcards); use letters, digits, ._~- and / only", dir[i:i+1])
	}
	*f.dir = dir
	return nil
}
