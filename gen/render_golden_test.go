package gen

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestUpdateFlags: the generated test defines -update unless the package's own tests
// already do, in any of the ways the flag package allows; a mere mention of "update" is not one.
func TestUpdateFlags(t *testing.T) {
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
			if got, constrained := p.updateFlags(); got != tc.want || len(constrained) > 0 {
				t.Errorf("updateFlags with %s = %v, %v; want %v, none", tc.src, got, constrained, tc.want)
			}
		})
	}
}

// TestUpdateFlagWithBuildConstraints: a package whose tests define -update only in a file with
// build constraints (//go:build integration, a _linux_test.go name) is a diagnostic at the
// flag's name: the generated test could neither leave the flag out (go test -update fails
// without the tag) nor define it (go test -tags integration panics, "flag redefined"). A
// definition in a file built everywhere as well settles it.
func TestUpdateFlagWithBuildConstraints(t *testing.T) {
	tool := "package p\n\nimport \"context\"\n\n// In is the input.\ntype In struct {\n\tID string `json:\"id\"`\n}\n\n" +
		"// Get gets.\n//\n//card:tool\nfunc Get(ctx context.Context, in In) (*In, error) { return &in, nil }\n"
	flagFile := func(header, pkg string) string {
		return header + "package " + pkg + "\n\nimport \"flag\"\n\nvar update = flag.Bool(\"update\", false, \"\")\n"
	}
	for name, c := range map[string]struct {
		files map[string]string
		want  string // the first diagnostic's position and the start of its message, or ""
	}{
		"go:build line": {map[string]string{"it_test.go": flagFile("//go:build integration\n\n", "p_test")},
			"it_test.go:7:24: -update is defined in a test file built only with //go:build integration"},
		"file name": {map[string]string{"x_linux_test.go": flagFile("", "p")},
			"x_linux_test.go:5:24: -update is defined in a test file built only on linux (its file name ends in _linux_test.go), and no definition is built for darwin/amd64 without build tags"},
		"also built everywhere": {map[string]string{"it_test.go": flagFile("//go:build integration\n\n", "p"), "y_test.go": flagFile("", "p_test")}, ""},
		// Every first-class port builds one of the two.
		"cgo only": {map[string]string{"x_test.go": flagFile("//go:build cgo\n\n", "p")},
			"x_test.go:7:24: -update is defined in a test file built only with //go:build cgo, and no definition is built for linux/amd64 with CGO_ENABLED=0 without build tags"},
		"cgo and not":             {map[string]string{"x_test.go": flagFile("//go:build cgo\n\n", "p"), "y_test.go": flagFile("//go:build !cgo\n\n", "p")}, ""},
		"complementary platforms": {map[string]string{"x_linux_test.go": flagFile("", "p"), "x_other_test.go": flagFile("//go:build !linux\n\n", "p")}, ""},
		"some platforms": {map[string]string{"x_linux_test.go": flagFile("", "p"), "x_darwin_test.go": flagFile("", "p")},
			"x_darwin_test.go:5:24: -update is defined in a test file built only on darwin (its file name ends in _darwin_test.go), and no definition is built for windows/amd64 without build tags"},
	} {
		t.Run(name, func(t *testing.T) {
			dir := moduleTempDir(t, "updateflag")
			c.files["p.go"] = tool
			writeTree(t, dir, c.files)
			diags := modelDiags(t, dir)
			switch {
			case c.want == "" && len(diags) > 0:
				t.Errorf("diagnostics %v; want none", diags)
			case c.want != "" && (len(diags) != len(c.files)-1 || !strings.HasPrefix(fmt.Sprintf("%s:%d:%d: %s", filepath.Base(diags[0].Pos.Filename), diags[0].Pos.Line, diags[0].Pos.Column, diags[0].Msg), c.want)):
				t.Errorf("diagnostics %v; want one at each definition, the first %s…", diags, c.want)
			}
		})
	}
}
