package analyzer

import "github.com/cardgen/cardgen/gen"

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
	dir, err := gen.CleanUIDir(s)
	if err != nil {
		return err
	}
	*f.dir = dir
	return nil
}
