package annotations

import (
	"go/token"
	"slices"
	"strings"
	"testing"
)

// The generator relies on the registry's shape; these are its invariants.
func TestRegistryInvariants(t *testing.T) {
	specs := Specs()
	if !slices.IsSortedFunc(specs, func(a, b *Spec) int { return strings.Compare(a.Name, b.Name) }) {
		t.Error("Specs() is not sorted by name")
	}
	want := []string{"acp", "action", "example", "fallback", "field", "reply", "result", "tool", "ui", "visibility"}
	if got := Names(); !slices.Equal(got, want) {
		t.Errorf("Names() = %v; want %v", got, want)
	}
	for _, s := range specs {
		if got, ok := Lookup(s.Name); !ok || got != s {
			t.Errorf("Lookup(%q) = %v, %v", s.Name, got, ok)
		}
		if s.On == 0 || s.Summary == "" || s.Help == "" || strings.HasSuffix(s.Summary, ".") {
			t.Errorf("%s: needs On, Help and a Summary without a final period", s.Name)
		}
		for i, a := range s.Args {
			if i > 0 && s.Args[i-1].Optional && !a.Optional {
				t.Errorf("%s: required argument %s after an optional one", s.Name, a.Name)
			}
			if a.Kind == KindJSON && i != len(s.Args)-1 {
				t.Errorf("%s: JSON argument %s must be last: it takes the rest of the line", s.Name, a.Name)
			}
			if hasEnum := a.Kind == KindEnum || a.Kind == KindList; hasEnum != (len(a.Enum) > 0) {
				t.Errorf("%s: argument %s of kind %s has Enum %v", s.Name, a.Name, a.Kind, a.Enum)
			}
		}
		var words []string
		for _, k := range s.Keys {
			words = append(words, k.Name)
			if token.IsIdentifier(k.Name) == false {
				t.Errorf("%s: key %q is not an identifier", s.Name, k.Name)
			}
		}
		for _, f := range s.Flags {
			words = append(words, f.Name)
		}
		if len(slices.Compact(slices.Sorted(slices.Values(words)))) != len(words) {
			t.Errorf("%s: keys and flags share a name: %v", s.Name, words)
		}
		// Every example is a real, valid line of its own directive.
		fset, pos := lineFile(s.Example)
		d, errs := ParseComment(s.Example, pos)
		if len(errs) > 0 || d == nil || d.Name != s.Name {
			t.Errorf("%s: example %q does not parse: %s", s.Name, s.Example, fmtErrors(fset, errs))
		}
	}
	if _, ok := Lookup("tools"); ok {
		t.Error("Lookup(tools) found something")
	}
}

func TestSpecsIsACopy(t *testing.T) {
	s := Specs()
	s[0] = nil
	if Specs()[0] == nil {
		t.Error("Specs() returned the registry itself")
	}
}

func TestUsage(t *testing.T) {
	tests := map[string]string{
		"tool":       "//card:tool [NAME] [title=STRING] [icon=STRING] [readonly] [destructive] [idempotent] [openworld]",
		"action":     "//card:action KIND LABEL TARGET",
		"example":    "//card:example JSON…",
		"visibility": "//card:visibility WHO",
	}
	for name, want := range tests {
		s, _ := Lookup(name)
		if got := s.Usage(); got != want {
			t.Errorf("%s usage = %q; want %q", name, got, want)
		}
	}
}

func TestTargetAndKindStrings(t *testing.T) {
	if got := (OnFunc | OnType).String(); got != "func or type" {
		t.Errorf("got %q", got)
	}
	if got := Target(0).String(); got != "nowhere" {
		t.Errorf("got %q", got)
	}
	if got := KindURLTemplate.String(); got != "URL template" {
		t.Errorf("got %q", got)
	}
	if got := ArgKind(99).String(); got != "unknown" {
		t.Errorf("got %q", got)
	}
	if !KindURLTemplate.IsTemplate() || !KindTemplate.IsTemplate() || KindString.IsTemplate() {
		t.Error("IsTemplate is wrong")
	}
}
