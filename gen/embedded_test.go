package gen

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGeneratedCardsAtRunTime runs generated card builders and replies on hostile outputs.
//
// Template fields promoted through an embedded pointer left nil: selected by promotion
// (out.Owner) they panicked and took the server down; each embedded pointer on the path is now
// selected by name and checked, so the text is empty, as for any nil pointer on a path.
//
// Data in URLs: pasted in raw, "@evil.com/x" after a fixed host opened evil.com, and
// "1042&status=cancelled#" added a query parameter; each value is now escaped for its part of
// the URL, so the host, path and query are what the template says.
func TestGeneratedCardsAtRunTime(t *testing.T) {
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

type Link struct {
	ID   string ` + "`json:\"id\"`" + `
	Path string ` + "`json:\"path\"`" + `
}

// Open opens.
//
//card:tool
//card:result title="Link" image="https://img.example.com/{{.Path}}"
//card:action url Open "https://shop.example.com/o/{{.Path}}?id={{.ID}}"
func Open(ctx context.Context, in In) (*Link, error) { return &Link{}, nil }

// Answer answers.
//
//card:tool
//card:reply "{{.Title}} by {{.Owner}}"
func Answer(ctx context.Context, in In) (*Out, error) { return &Out{Title: in.Q}, nil }
`,
		"p_test.go": `package p

import (
	"net/url"
	"testing"
	"time"
)

func TestHostileURLs(t *testing.T) {
	for _, l := range []Link{
		{Path: "@evil.com/steal", ID: "1042&status=cancelled#"},
		{Path: "a b?x=1#y", ID: "A 1042"},
		{Path: "guides/setup", ID: "1"},
	} {
		c := OpenCard(&l)
		if len(c.Actions) != 1 {
			t.Fatalf("%+v: actions %+v", l, c.Actions)
		}
		u, err := url.Parse(c.Actions[0].URL)
		if err != nil || u.Host != "shop.example.com" || u.Path != "/o/"+l.Path || u.Query().Get("id") != l.ID || len(u.Query()) != 1 || u.Fragment != "" {
			t.Errorf("%+v: action url %q parses as %+v, %v", l, c.Actions[0].URL, u, err)
		}
		img, err := url.Parse(c.ImageURL)
		if err != nil || img.Host != "img.example.com" || img.Path != "/"+l.Path {
			t.Errorf("%+v: image url %q", l, c.ImageURL)
		}
	}
}

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
	cmd := exec.Command("go", "test", "-count=1", "-run", "TestNilEmbedded|TestHostileURLs", ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		src, _ := exec.Command("sed", "-n", "/func GetCard/,/^}/p", filepath.Join(dir, "cards_gen.go")).Output()
		t.Fatalf("go test: %v\n%s\n%s", err, out, strings.TrimSpace(string(src)))
	}
}
