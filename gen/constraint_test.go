package gen

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCgoHandler: a handler in a file that imports "C" is refused whether cgo is on (the file is
// built, but not where CGO_ENABLED=0) or off (the file is left out, and with it the tool), and
// both messages name cgo rather than a //go:build line the file does not have.
func TestCgoHandler(t *testing.T) {
	dir := moduleTempDir(t, "cgo")
	writeTree(t, dir, map[string]string{
		"p.go": `package p

import "context"

type In struct{ ID string ` + "`json:\"id\"`" + ` }
type Out struct{ OK bool ` + "`json:\"ok\"`" + ` }

// Get is an ordinary tool.
//
//card:tool
func Get(ctx context.Context, in In) (*Out, error) { return &Out{}, nil }
`,
		"c.go": `package p

import "C"

import "context"

// Native calls C.
//
//card:tool
func Native(ctx context.Context, in In) (*Out, error) { return &Out{}, nil }
`,
	})
	cases := []struct{ cgo, want string }{
		{"0", `c.go:9:8: this file is built only with cgo (it imports "C"), which CGO_ENABLED=0 builds leave out, and this build leaves it out, so its tools would be left out`},
		{"1", `c.go:9:8: handler Native is in a file built only with cgo (it imports "C"), which CGO_ENABLED=0 builds leave out, but the generated registrations are built everywhere`},
	}
	for _, c := range cases {
		t.Run("CGO_ENABLED="+c.cgo, func(t *testing.T) {
			if c.cgo == "1" {
				if _, err := exec.LookPath("gcc"); err != nil {
					t.Skip("skipped: loading a cgo file with cgo on needs a C compiler, and gcc is not on PATH")
				}
			}
			t.Setenv("CGO_ENABLED", c.cgo)
			diags := modelDiags(t, dir)
			if len(diags) != 1 || !strings.HasPrefix(fmt.Sprintf("%s:%d:%d: %s", filepath.Base(diags[0].Pos.Filename), diags[0].Pos.Line, diags[0].Pos.Column, diags[0].Msg), c.want) {
				t.Errorf("diagnostics %v; want one starting %q", diags, c.want)
			}
		})
	}
}
