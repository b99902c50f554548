package gen

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPromotedThroughNilPointer runs generated card builders and replies on outputs whose
// template fields are promoted through an embedded pointer left nil. Selected by promotion
// (out.Owner) they panicked and took the server down; each embedded pointer on the path is now
// selected by name and checked, so the text is empty, as for any nil pointer on a path.
func TestPromotedThroughNilPointer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and tests a generated package; skipped with -short")
	}
	dir := moduleTempDir(t, "promoted")
	writeTree(t, dir, map[string]string{
		"p.go": `package p

import (
	"context"
	"time"
)

type In struct {
	Q string ` + "`json:\"q\"`" + `
}

type Meta struct {
	Owner string     ` + "`json:\"owner,omitempty\"`" + `
	When  *time.Time ` + "`json:\"when,omitempty\"`" + `
}

type Wrap struct {
	*Meta
}

type Out struct {
	*Meta
	S     Wrap   ` + "`json:\"s\"`" + `
	Title string ` + "`json:\"title\"`" + `
}

// Get gets.
//
//card:tool
//card:result title="{{.Title}}" subtitle="{{.Owner}}" text="{{.S.Owner}} {{.When}}"
//card:fallback "{{.Title}} by {{.Owner}}"
func Get(ctx context.Context, in In) (*Out, error) { return &Out{Title: in.Q}, nil }

// Answer answers.
//
//card:tool
//card:reply "{{.Title}} by {{.Owner}}"
func Answer(ctx context.Context, in In) (*Out, error) { return &Out{Title: in.Q}, nil }
`,
		"p_test.go": `package p

import (
	"testing"
	"time"
)

func TestNilEmbedded(t *testing.T) {
	c := GetCard(&Out{Title: "t"})
	if c.Subtitle != "" || c.Text != " " || c.FallbackText != "t by " {
		t.Errorf("nil embedded pointers: card %+v", c)
	}
	when := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	c = GetCard(&Out{Title: "t", Meta: &Meta{Owner: "ann", When: &when}, S: Wrap{&Meta{Owner: "bo"}}})
	if c.Subtitle != "ann" || c.Text != "bo "+when.String() {
		t.Errorf("set embedded pointers: card %+v", c)
	}
	if got := answerReply(&Out{Title: "t"}); got != "t by " {
		t.Errorf("reply = %q", got)
	}
}
`,
	})
	res, err := Generate(Options{Dir: dir}, ".")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Write(res.Files); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "test", "-count=1", "-run", "TestNilEmbedded", ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		src, _ := exec.Command("sed", "-n", "/func GetCard/,/^}/p", filepath.Join(dir, "cards_gen.go")).Output()
		t.Fatalf("go test: %v\n%s\n%s", err, out, strings.TrimSpace(string(src)))
	}
}
