package scaffold

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/runtime/apps"
)

const viewsSource = `package shop

import "context"

type In struct{}

type Out struct{ Title string }

type Doc struct {
	Title    string ` + "`card:\"title\"`" + `
	Markdown string ` + "`card:\"markdown\"`" + `
}

type Page struct{ Doc }

// GetOrder has no view.
//
//card:tool get_order
func GetOrder(ctx context.Context, in In) (*Out, error) { return nil, nil }

// ShowMap names a view that is not written yet.
//
//card:tool show_map
//card:ui maps/show.html
func ShowMap(ctx context.Context, in In) (*Out, error) { return nil, nil }

// Listed names a view that exists.
//
//card:tool listed
//card:ui listed.html
func Listed(ctx context.Context, in In) (*Out, error) { return nil, nil }

// ReadDoc returns a markdown document.
//
//card:tool read_doc
func ReadDoc(ctx context.Context, in In) (*Doc, error) { return nil, nil }

// ReadPage returns a markdown document through an embedded struct.
//
//card:tool read_page
func ReadPage(ctx context.Context, in In) (Page, error) { return Page{}, nil }

// ResultCard has the name of the built-in view.
//
//card:tool result-card
func ResultCard(ctx context.Context, in In) (*Out, error) { return nil, nil }

// Aux has a name Windows reserves.
//
//card:tool aux
func Aux(ctx context.Context, in In) (*Out, error) { return nil, nil }

// Old has a sidecar left from an earlier view.
//
//card:tool old
func Old(ctx context.Context, in In) (*Out, error) { return nil, nil }

// Taken has a view of its name already.
//
//card:tool taken
func (s *Service) Taken(ctx context.Context, in In) (*Out, error) { return nil, nil }

type Service struct{}
`

// TestNewViewPlan: cardgen new -view finds the tool, and writes its starter view where the
// //card:ui line it has names, or else at <ui folder>/<tool>.html, saying which //card:ui line to
// add; it refuses a tool the package does not have, a markdown tool, and a view that exists or
// that the generator would refuse.
func TestNewViewPlan(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"p.go":                 viewsSource,
		"cards/listed.html":    "<!doctype html>",
		"cards/old.meta.json":  "{}",
		"cards/taken.html":     "<!doctype html>",
		"views/v.go":           "// Package views keeps its views in views/.\npackage views\n\n//go:generate go tool cardgen -ui views\n\nimport \"context\"\n\ntype In struct{}\n\ntype Out struct{}\n\n// Get gets.\n//\n//card:tool get\nfunc Get(ctx context.Context, in In) (*Out, error) { return nil, nil }\n",
		"empty/doc.go":         "// Package empty has no tools.\npackage empty\n",
		"cards/show_map.html":  "<!doctype html>", // not the path show_map's //card:ui line names
		"notes/readme.txt":     "no Go here",
		"testdata/golden/x.md": "",
	})
	for _, tt := range []struct {
		tool, sub                     string
		path, directive, toolAt, uiAt string
	}{
		{"get_order", "", "cards/get_order.html", "//card:ui get_order.html", "DIR/p.go:18", ""},
		{"show_map", "", "cards/maps/show.html", "", "DIR/p.go:23", "DIR/p.go:24"},
		{"get", "views", "views/views/get.html", "//card:ui get.html", "DIR/views/v.go:14", ""},
	} {
		t.Run(tt.tool, func(t *testing.T) {
			p, err := NewViewPlan(ViewOptions{Tool: tt.tool, Dir: filepath.Join(dir, tt.sub)})
			if err != nil {
				t.Fatal(err)
			}
			rel, _ := filepath.Rel(dir, p.Path)
			got := []string{filepath.ToSlash(rel), p.Directive, strings.ReplaceAll(p.ToolLine, dir, "DIR"), strings.ReplaceAll(p.UILine, dir, "DIR")}
			if want := []string{tt.path, tt.directive, tt.toolAt, tt.uiAt}; !slices.Equal(got, want) {
				t.Errorf("path, directive, //card:tool and //card:ui lines %q; want %q", got, want)
			}
			if string(p.Content) != string(apps.StarterViewFor(tt.tool)) {
				t.Error("the view is not apps.StarterViewFor of the tool")
			}
			if err := p.Write(); err != nil {
				t.Fatal(err)
			}
			if b, err := os.ReadFile(p.Path); err != nil || string(b) != string(p.Content) {
				t.Errorf("the view was not written: %v", err)
			}
			if err := p.Write(); err == nil || !strings.Contains(err.Error(), "never overwrites a file") {
				t.Errorf("a second Write: %v; want a refusal to overwrite", err)
			}
		})
	}

	const startOver = "; -view writes the starter view of an existing tool, and cardgen new %s -ui scaffolds a new tool with its starter view"
	for _, tt := range []struct {
		tool, sub string
		want      []string
	}{
		{"get_ordr", "", []string{"package shop has no tool named get_ordr; did you mean get_order? (-view writes the starter view of an existing tool, and cardgen new get_ordr -ui scaffolds a new tool with its starter view)"}},
		{"zzz", "", []string{"package shop has no tool named zzz (its tools: aux, get_order, listed, old, read_doc, read_page, result-card, show_map, taken)" + strings.ReplaceAll(startOver, "%s", "zzz")}},
		{"get", "empty", []string{"package empty has no tools, so none named get" + strings.ReplaceAll(startOver, "%s", "get")}},
		{"get", "notes", []string{"DIR/notes holds no Go package, so it has no tool get" + strings.ReplaceAll(startOver, "%s", "get")}},
		{"bad name", "", []string{`tool name "bad name" is not valid; a tool name is 1 to 64 letters, digits, '_', '.' or '-', such as get_invoice`}},
		{"read_doc", "", []string{`tool read_doc returns Doc, a markdown document (card:"markdown"), which the markdown card view draws, and a tool has one view; a markdown tool has no view of its own`}},
		{"read_page", "", []string{`tool read_page returns Page, a markdown document (card:"markdown"), which the markdown card view draws, and a tool has one view; a markdown tool has no view of its own`}},
		{"listed", "", []string{"DIR/cards/listed.html, the view the //card:ui line of Listed names (DIR/p.go:30), already exists; cardgen new never overwrites a file: edit it, or move it away to start again from the starter view"}},
		{"taken", "", []string{"DIR/cards/taken.html already exists; cardgen new never overwrites a file: if it is the view of Service.Taken, add //card:ui taken.html to its doc comment (DIR/p.go:60); else move it away, or name another view with a //card:ui line and run cardgen new taken -view again"}},
		{"result-card", "", []string{"the view of result-card would be DIR/cards/result-card.html, the path of cardgen's built-in result-card view in every package's ui registry; add a //card:ui line with another path to the doc comment of ResultCard (DIR/p.go:45), such as //card:ui result-card-view.html, and run cardgen new result-card -view again to write the view there"}},
		{"aux", "", []string{`the view of aux would be DIR/cards/aux.html, a name Windows reserves ("aux" disallowed as path element component on Windows), which no checkout there can hold and no module zip may carry; name another view with a //card:ui line on Aux (DIR/p.go:50)`}},
		{"old", "", []string{"DIR/cards/old.meta.json already exists, and would be the sidecar of the view DIR/cards/old.html (its CSP and permissions, in place of the strict default); if it is left from an earlier view of that name, remove it, or name another view with a //card:ui line on Old"}},
	} {
		t.Run("refuses "+tt.tool, func(t *testing.T) {
			_, err := NewViewPlan(ViewOptions{Tool: tt.tool, Dir: filepath.Join(dir, tt.sub)})
			if got := problemsOf(t, err, dir); !slices.Equal(got, tt.want) {
				t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}
