package gen

import (
	"strings"
	"testing"
)

// TestGeneratedViewsAtRunTime builds a generated package with views and serves it to the SDK's
// client: every tool's _meta (each visibility the directives allow, with a view of its own, the
// built-in view or none), and every ui:// resource listed and read back.
//
// Two tools naming one view (a list tool and a detail tool sharing a card is the common case)
// used to add the view to the registry twice, and RegisterTools panicked at start-up with "view
// ... was already added"; each view is now added once and its URI shared.
func TestGeneratedViewsAtRunTime(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and tests a generated package; skipped with -short")
	}
	dir := moduleTempDir(t, "views")
	writeTree(t, dir, map[string]string{
		"cards/tickets/view.html":      "<!doctype html><title>Ticket</title><p>ticket</p>",
		"cards/tickets/view.meta.json": `{"csp": {"connectDomains": ["https://api.example.com"]}, "prefersBorder": false}`,
		"cards/a/b/c/deep.html":        "<!doctype html><title>Deep</title><p>deep</p>",
		"p.go": `package p

import "context"

type In struct {
	ID string ` + "`json:\"id\"`" + `
}

type Ticket struct {
	ID string ` + "`json:\"id\"`" + `
}

// GetTicket has a view of its own.
//
//card:tool readonly
//card:ui tickets/view.html
//card:result title="Ticket {{.ID}}"
func GetTicket(ctx context.Context, in In) (*Ticket, error) { return &Ticket{ID: in.ID}, nil }

// ListTickets shares GetTicket's view and is for the model only.
//
//card:tool readonly
//card:ui tickets/view.html
//card:visibility model
func ListTickets(ctx context.Context, in In) (*Ticket, error) { return &Ticket{ID: in.ID}, nil }

// ReloadTicket is for views only and has no view.
//
//card:tool readonly
//card:visibility app
func ReloadTicket(ctx context.Context, in In) (*Ticket, error) { return &Ticket{ID: in.ID}, nil }

// CloseTicket is drawn by the built-in view, for both.
//
//card:tool
//card:result title="Closed {{.ID}}" image="https://img.example.com/t/{{.ID}}.png"
//card:visibility model,app
func CloseTicket(ctx context.Context, in In) (*Ticket, error) { return &Ticket{ID: in.ID}, nil }

// DeepTicket has a view three folders down, for views only.
//
//card:tool readonly
//card:ui a/b/c/deep.html
//card:visibility app
func DeepTicket(ctx context.Context, in In) (*Ticket, error) { return &Ticket{ID: in.ID}, nil }

// PlainTicket has neither a card nor a view.
//
//card:tool readonly
func PlainTicket(ctx context.Context, in In) (*Ticket, error) { return &Ticket{ID: in.ID}, nil }
`,
		"p_test.go": `package p

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/internal/mcptest"
)

func TestServe(t *testing.T) {
	ctx := context.Background()
	s := mcp.NewServer(&mcp.Implementation{Name: "p", Version: "1"}, nil)
	RegisterTools(s)
	cs := mcptest.Connect(t, s, nil)

	resources, err := cs.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	uris := map[string]string{} // name → listed URI
	for _, r := range resources.Resources {
		uris[r.Name] = r.URI
		if r.MIMEType != "text/html;profile=mcp-app" || !strings.HasPrefix(r.URI, "ui://p/"+r.Name+"?v=") {
			t.Errorf("listed %s: uri %s, mime %q", r.Name, r.URI, r.MIMEType)
		}
		read, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: r.URI})
		if err != nil {
			t.Errorf("read %s: %v", r.URI, err)
			continue
		}
		c := read.Contents[0]
		listed, _ := json.Marshal(r.Meta)
		got, _ := json.Marshal(c.Meta)
		if c.URI != r.URI || c.MIMEType != r.MIMEType || string(got) != string(listed) || int64(len(c.Text)) != r.Size {
			t.Errorf("read %s: uri %s, mime %q, _meta %s (listed %s), %d bytes (listed %d)", r.URI, c.URI, c.MIMEType, got, listed, len(c.Text), r.Size)
		}
	}
	wantNames := "a/b/c/deep.html result-card.html tickets/view.html"
	var names []string
	for _, r := range resources.Resources {
		names = append(names, r.Name)
	}
	if strings.Join(names, " ") != wantNames {
		t.Errorf("resources %q; want %q", names, wantNames)
	}
	read, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uris["tickets/view.html"]})
	if err == nil {
		if got, _ := json.Marshal(read.Contents[0].Meta); string(got) != ` + "`" + `{"ui":{"csp":{"connectDomains":["https://api.example.com"]},"prefersBorder":false}}` + "`" + ` {
			t.Errorf("tickets/view.html _meta %s; want the sidecar's", got)
		}
	}

	// The built-in view loads the card's image, from an origin its CSP must list.
	read, err = cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uris["result-card.html"]})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := json.Marshal(read.Contents[0].Meta); string(got) != ` + "`" + `{"ui":{"csp":{"resourceDomains":["https://img.example.com"]}}}` + "`" + ` {
		t.Errorf("result-card.html _meta %s; want the image origin in its CSP", got)
	}

	view := func(name string) string { return uris[name] }
	want := map[string]string{
		"get_ticket":    ` + "`" + `{"ui":{"resourceUri":"` + "`" + ` + view("tickets/view.html") + ` + "`" + `","visibility":["model","app"]},"ui/resourceUri":"` + "`" + ` + view("tickets/view.html") + ` + "`" + `"}` + "`" + `,
		"list_tickets":  ` + "`" + `{"ui":{"resourceUri":"` + "`" + ` + view("tickets/view.html") + ` + "`" + `","visibility":["model"]},"ui/resourceUri":"` + "`" + ` + view("tickets/view.html") + ` + "`" + `"}` + "`" + `,
		"reload_ticket": ` + "`" + `{"ui":{"visibility":["app"]}}` + "`" + `,
		"close_ticket":  ` + "`" + `{"ui":{"resourceUri":"` + "`" + ` + view("result-card.html") + ` + "`" + `","visibility":["model","app"]},"ui/resourceUri":"` + "`" + ` + view("result-card.html") + ` + "`" + `"}` + "`" + `,
		"deep_ticket":   ` + "`" + `{"ui":{"resourceUri":"` + "`" + ` + view("a/b/c/deep.html") + ` + "`" + `","visibility":["app"]},"ui/resourceUri":"` + "`" + ` + view("a/b/c/deep.html") + ` + "`" + `"}` + "`" + `,
		"plain_ticket":  "null",
	}
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(tools.Tools) != len(want) {
		t.Errorf("%d tools; want %d", len(tools.Tools), len(want))
	}
	for _, tool := range tools.Tools {
		got, _ := json.Marshal(tool.Meta)
		if string(got) != want[tool.Name] {
			t.Errorf("%s _meta:\n got %s\nwant %s", tool.Name, got, want[tool.Name])
		}
	}
}
`,
	})
	generateAndWrite(t, dir)
	if out, err := goTestIn(dir, "-run", "TestServe"); err != nil {
		t.Fatalf("go test: %v\n%s", err, strings.TrimSpace(string(out)))
	}
}

// TestGeneratedViewsNonASCIIPackage serves the built-in view of a package whose name is not
// ASCII. The package name is the default host of its ui:// URIs, which runtime/apps refuses in
// any other letters than ASCII, so RegisterTools panicked at start-up; the host is now the
// name's Punycode form, as a browser writes it.
func TestGeneratedViewsNonASCIIPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and tests a generated package; skipped with -short")
	}
	dir := moduleTempDir(t, "cafe")
	writeTree(t, dir, map[string]string{
		"p.go": `package café

import "context"

type In struct {
	ID string ` + "`json:\"id\"`" + `
}

type Order struct {
	ID string ` + "`json:\"id\"`" + `
}

// GetOrder is drawn by the built-in view.
//
//card:tool readonly
//card:result title="Order {{.ID}}"
func GetOrder(ctx context.Context, in In) (*Order, error) { return &Order{ID: in.ID}, nil }
`,
		"p_test.go": `package café

import (
	"context"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/internal/mcptest"
)

func TestServe(t *testing.T) {
	ctx := context.Background()
	s := mcp.NewServer(&mcp.Implementation{Name: "p", Version: "1"}, nil)
	RegisterTools(s)
	cs := mcptest.Connect(t, s, nil)
	resources, err := cs.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(resources.Resources) != 1 || !strings.HasPrefix(resources.Resources[0].URI, "ui://xn--caf-dma/result-card.html?v=") {
		t.Fatalf("resources %+v; want the built-in view under ui://xn--caf-dma/", resources.Resources)
	}
	if _, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: resources.Resources[0].URI}); err != nil {
		t.Errorf("read %s: %v", resources.Resources[0].URI, err)
	}
}
`,
	})
	generateAndWrite(t, dir)
	if out, err := goTestIn(dir, "-run", "TestServe"); err != nil {
		t.Fatalf("go test: %v\n%s", err, strings.TrimSpace(string(out)))
	}
}
