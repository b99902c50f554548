package gen_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTypeGuardsBreakStaleTests proves the generated test's type guards: a handler's type edited
// after cardgen ran — a tag, a field added, a field's type, the order of fields, an unexported
// field's name, a type it embeds, an alias it embeds pointed at another type — makes `go vet` (which compiles the tests, as go test does) fail
// at the guard of the edited type in cards_gen_test.go, while the package itself still builds.
func TestTypeGuardsBreakStaleTests(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go vet and go build; skipped with -short")
	}
	dir, _ := filepath.Abs(filepath.Join(goldenRoot, "type_guards"))
	src, err := os.ReadFile(filepath.Join(dir, "p.go"))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	// run runs go with the generated files in the package and p.go as given.
	run := func(name, content string, args ...string) (string, error) {
		edited := filepath.Join(tmp, name+".go")
		if err := os.WriteFile(edited, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return goWithOverlay(t, tmp, name, map[string]string{
			filepath.Join(dir, "p.go"):              edited,
			filepath.Join(dir, "cards_gen.go"):      filepath.Join(dir, "want", "cards_gen.go"),
			filepath.Join(dir, "cards_gen_test.go"): filepath.Join(dir, "want", "cards_gen_test.go"),
		}, append(args, "./testdata/golden/type_guards")...)
	}
	if out, err := run("as-generated", string(src), "vet"); err != nil {
		t.Fatalf("the generated test does not compile against the types it was generated from: %v\n%s", err, out)
	}
	for _, c := range []struct {
		name, old, new string
		guard          string // the guard the compiler must stop at
	}{
		{"tag", "V int `json:\"v\"`", "V int `json:\"value\"`", "Inner{}"},
		{"field added", "Tags []string `json:\"tags,omitempty\"`", "Tags []string `json:\"tags,omitempty\"`\n\tMore int `json:\"more\"`", "Extra{}"},
		{"field type", "[3]int", "[4]int", "In{}"},
		{"field order", "Key   K `json:\"key\"`\n\tValue V `json:\"value\"`", "Value V `json:\"value\"`\n\tKey   K `json:\"key\"`", "Pair[string, int]{}"},
		{"unexported field", "private int", "hidden int", "In{}"},
		{"description", `description=say \"hi\"`, `description=say \"hello\"`, "In{}"},
		{"alias pointed elsewhere", "type Code = string", "type Code = int", "In{}"},
		{"named string made an int", "type Status string", "type Status int", "(*Status)(nil)"},
		{"named slice made a map", "type Items []Inner", "type Items map[string]Inner", "(*Items)(nil)"},
		{"embedded alias pointed elsewhere", "type Alias = Inner", "type Alias = Extra", "(*Alias)(nil)"},
		{"interface method changed", "Greet(name string) string", "Greet(name string) (string, error)", "In{}"},
		{"channel of channels turned", "chan (<-chan int)", "chan (chan<- int)", "In{}"},
	} {
		t.Run(c.name, func(t *testing.T) {
			edited := strings.Replace(string(src), c.old, c.new, 1)
			if edited == string(src) {
				t.Fatalf("p.go of the type_guards case no longer holds %q; update this test", c.old)
			}
			if out, err := run(c.name+"-build", edited, "build"); err != nil {
				t.Fatalf("the package must still build with a stale generated file (only its test is held to the types): %v\n%s", err, out)
			}
			out, err := run(c.name, edited, "vet")
			if err == nil {
				t.Fatalf("go vet passed after the edit; the type guard did not catch it")
			}
			if !strings.Contains(out, "cards_gen_test.go") || !strings.Contains(out, "cannot use "+c.guard) && !strings.Contains(out, "cannot convert "+c.guard) {
				t.Errorf("go vet failed, but not at the guard of %s:\n%s", c.guard, out)

			}
		})
	}
}
