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
// The golden test runs beside a helper the test imports that defines -update too.
//
// String methods: a nil interface (an fmt.Stringer field) and a String promoted through a nil
// embedded pointer panicked in the builder; both now show as empty text.
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
	"fmt"
	"time"
)

type Inner struct {
	N string ` + "`json:\"n\"`" + `
}

func (i Inner) String() string { return "inner " + i.N }

type Holder struct {
	*Inner
}

type Shown struct {
	S     fmt.Stringer ` + "`json:\"s\"`" + `
	H     Holder       ` + "`json:\"h\"`" + `
	Title string       ` + "`json:\"title\"`" + `
}

// Show shows.
//
//card:tool
//card:result title="{{.Title}}" subtitle="{{.S}}" text="{{.H}}"
func Show(ctx context.Context, in In) (*Shown, error) { return &Shown{Title: in.Q}, nil }

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
		// A golden-file helper the test imports defines -update, as teatest's does: the generated
		// test defined it again and panicked ("flag redefined: update") before any test ran.
		"helper/helper.go": "package helper\n\nimport \"flag\"\n\nvar Update = flag.Bool(\"update\", false, \"rewrite golden files\")\n",
		"p_test.go": `package p

import (
	"net/url"
	"testing"
	"time"

	_ "github.com/cardgen/cardgen/gen/` + filepath.Base(dir) + `/helper"
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

func TestNilStringers(t *testing.T) {
	c := ShowCard(&Shown{Title: "t"})
	if c.Subtitle != "" || c.Text != "" {
		t.Errorf("nil interface and embedded pointer: card %+v", c)
	}
	c = ShowCard(&Shown{Title: "t", S: Inner{N: "s"}, H: Holder{&Inner{N: "h"}}})
	if c.Subtitle != "inner s" || c.Text != "inner h" {
		t.Errorf("set interface and embedded pointer: card %+v", c)
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
	generateAndWrite(t, dir)
	// -update through the helper's flag writes the golden files; the run after it compares.
	if out, err := goTestIn(dir, "-run", "TestCardgenGolden", "-update"); err != nil {
		t.Fatalf("go test -run TestCardgenGolden -update: %v\n%s", err, out)
	}
	if out, err := goTestIn(dir, "-run", "TestNilEmbedded|TestNilStringers|TestHostileURLs|TestCardgenGolden"); err != nil {
		src, _ := exec.Command("sed", "-n", "/func GetCard/,/^}/p", filepath.Join(dir, "cards_gen.go")).Output()
		t.Fatalf("go test: %v\n%s\n%s", err, out, strings.TrimSpace(string(src)))
	}
}

// generateAndWrite generates the package in dir and writes its files, as go generate would.
func generateAndWrite(t *testing.T, dir string) {
	t.Helper()
	res, err := Generate(Options{Dir: dir}, ".")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Write(res.Files); err != nil {
		t.Fatal(err)
	}
}

// goTestIn runs go test -count=1 with args on the package in dir, and returns its output.
func goTestIn(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", append(append([]string{"test", "-count=1"}, args...), ".")...)
	cmd.Dir = dir
	return cmd.CombinedOutput()
}

// TestCarouselExampleKeepsEveryItem: at run time a carousel drops an item whose id repeats an
// earlier one's, and an example with such items passed its golden test while the recorded card
// showed fewer items than the example. The generated test now fails on it, naming the example.
func TestCarouselExampleKeepsEveryItem(t *testing.T) {
	dir := moduleTempDir(t, "carouselex")
	writeTree(t, dir, map[string]string{
		"p.go": `package p

import "context"

type In struct {
	Q string ` + "`json:\"q\"`" + `
}

// Room is one room.
type Room struct {
	ID   string ` + "`json:\"id\"`" + `
	Name string ` + "`json:\"name\" card:\"title\"`" + `
}

// Rooms is a list of rooms.
type Rooms struct {
	Rooms []Room ` + "`json:\"rooms\"`" + `
}

// FindRooms lists rooms as a carousel.
//
//card:tool
//card:acp carousel
//card:example {"rooms":[{"id":"r1","name":"Garden"},{"id":"r1","name":"Sea"}]}
func FindRooms(ctx context.Context, in In) (*Rooms, error) { return &Rooms{}, nil }
`,
	})
	generateAndWrite(t, dir)
	out, err := goTestIn(dir, "-run", "TestCardgenGolden", "-update")
	want := `the carousel of the example {"rooms":[{"id":"r1","name":"Garden"},{"id":"r1","name":"Sea"}]} shows 1 of its 2 items`
	if err == nil || !strings.Contains(string(out), want) {
		t.Fatalf("go test -update on an example whose items repeat an id: %v\n%s\nwant a failure saying %q", err, out, want)
	}
}
