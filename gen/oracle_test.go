package gen_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/gen/schema/schematest"
)

// TestSchemaOracle proves the generated schemas against invopop's own Reflector for every struct
// type of every golden case that generates and of the example service. The only types not
// compared are those the mapping hands to invopop at run time (a JSONSchema method) and recursive
// types, which an inline schema cannot describe (docs/schemas.md lists both).
func TestSchemaOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("runs invopop in a child go process per package; skipped with -short")
	}
	dirs := []string{"../examples/shop"}
	for _, name := range goldenCases(t) {
		if !strings.HasPrefix(name, "bad_") {
			dirs = append(dirs, filepath.Join(goldenRoot, name))
		}
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			abs, _ := filepath.Abs(dir)
			diffs, err := schematest.OracleCompare(abs, nil)
			if err != nil {
				t.Fatal(err)
			}
			for typ, d := range diffs {
				if d.Runtime {
					continue // reflected by invopop itself at start-up
				}
				t.Errorf("%s: the generated schema differs from invopop's:\nours:    %s\ninvopop: %s\nproblems: %v %s", typ, d.Ours, d.Invopop, d.Problems, d.Panic)
			}
		})
	}
}
