package gen

import (
	"path/filepath"
	"testing"
)

// TestDeclaresUpdateFlag: the generated test defines -update unless the package's own tests
// already do, in any of the ways the flag package allows; a mere mention of "update" is not one.
func TestDeclaresUpdateFlag(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      bool
	}{
		{"flag.Bool", `var update = flag.Bool("update", false, "")`, true},
		{"flag.BoolVar", "var update bool\n\nfunc init() { flag.BoolVar(&update, `update`, false, \"\") }", true},
		{"CommandLine", `var update = flag.CommandLine.Bool("update", false, "")`, true},
		{"import name", `var update = fl.Bool("update", false, "")`, true},
		{"another flag", `var golden = flag.Bool("golden", false, "update the files")`, false},
		{"a subtest named update", "func TestX(t *testing.T) { t.Run(\"update\", func(*testing.T) {}); _ = flag.Parsed }", false},
		{"not the flag package", `var update = other.Bool("update", false, "")`, false},
		{"flag.Lookup reads another's", `var update = flag.Lookup("update")`, false},
		{"flag.Set", "func init() { flag.Set(\"update\", \"true\") }", false},
		{"a flag set named update", `var set = flag.NewFlagSet("update", flag.ContinueOnError)`, false},
		{"update as a default value", `var mode = flag.String("mode", "update", "")`, false},
		{"no mention of the name", `var golden = flag.Bool("golden", false, "")`, false},
		{"flag.Var", "var update boolValue\n\nfunc init() { flag.Var(&update, \"update\", \"\") }", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The directory's name holds glob characters, which a glob would read as a pattern.
			dir := filepath.Join(t.TempDir(), "pkg[1]")
			imports := `import (
	"flag"
	fl "flag"
	"testing"

	other "example.com/other"
)

var _, _, _, _ = flag.Parse, fl.Parse, testing.Short, other.Bool
`
			writeTree(t, dir, map[string]string{
				"p.go":            "package p\n",
				"p_test.go":       "package p\n\n" + imports + "\n" + tc.src + "\n",
				GeneratedTestFile: "package p\n\nimport \"flag\"\n\nvar _ = flag.Bool(\"update\", false, \"\")\n",
			})
			p := &Package{Dir: dir}
			if got := p.declaresUpdateFlag(); got != tc.want {
				t.Errorf("declaresUpdateFlag with %s = %v, want %v", tc.src, got, tc.want)
			}
		})
	}
}
