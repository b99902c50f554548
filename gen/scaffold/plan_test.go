package scaffold

import (
	"bytes"
	"errors"
	"fmt"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/gen"
)

// writeFiles writes name → content under dir, making folders as needed.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// problemsOf returns the problems of a refused plan with dir written as DIR.
func problemsOf(t *testing.T, err error, dir string) []string {
	t.Helper()
	var probs Problems
	if !errors.As(err, &probs) {
		t.Fatalf("error %v (%T); want Problems", err, err)
	}
	out := make([]string, len(probs))
	for i, p := range probs {
		out[i] = strings.ReplaceAll(p, dir, "DIR")
	}
	return out
}

const shopSource = `package shop

import "context"

type Service struct {
	db        string
	GetThing2 int
}

func (s *Service) GetThing() {}

type Doer interface{ Do() }

type Box[T any] struct{ v T }

type Alias = Service

type In struct{}

type Out struct{}

// GetOrder is a tool with a derived name.
//
//card:tool
func GetOrder(ctx context.Context, in In) (*Out, error) { return nil, nil }

// Cancel is a tool with an explicit name.
//
//card:tool cancel_order
func (s *Service) Cancel(ctx context.Context, in In) (*Out, error) { return nil, nil }

var ListOrdersCard = 1

const showReportInputSchema = "x"

var ListOrdersACP, findRoomsDocument, FindRoomsItemCard, BookACPForm = 1, 2, 3, 4
`

func TestNewPlanRefuses(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"p.go":                                  shopSource,
		"cards/show_report.html":                "<!doctype html>",
		"cards/old_view.meta.json":              `{"csp":{"connectDomains":["https://api.example.com"]}}`,
		"testdata/golden/old_tool.schema.json":  "{}",
		"testdata/golden/old_tool2.card.json":   "[]",
		"notes.txt":                             "not Go",
		"other/ignored.go":                      "package other",
		"gen/main.go":                           "//go:build ignore\n\npackage main\n\nfunc GetReport() {}\n",
		"cards_gen.go":                          "package shop\n\nfunc RegisterTools() {}\n",
		"testdata/golden/get_order.schema.json": "{}",
		// Receiver types that are not declared everywhere the handler's file is built.
		"fake_test.go":      "package shop\n\ntype Fake struct{}\n\n// helper is no tool of the package: cardgen reads no test file.\n//\n//card:tool test_helper\nfunc helper() {}\n",
		"win_windows.go":    "package shop\n\ntype Win struct{}\n",
		"tagged.go":         "//go:build integration\n\npackage shop\n\ntype Tagged struct{}\n",
		"old.go":            "// +build linux\n\npackage shop\n\ntype Old struct{}\n",
		"native.go":         "package shop\n\nimport \"C\"\n\ntype Native struct{}\n",
		"modern.go":         "//go:build go1.21 && (unix || windows)\n\npackage shop\n\ntype Modern struct{}\n",
		"both_linux.go":     "package shop\n\ntype Both struct{}\n",
		"both_otherwise.go": "//go:build !linux\n\npackage shop\n\ntype Both struct{}\n",
		"split_linux.go":    "package shop\n\ntype Split struct{}\n",
		"split_darwin.go":   "package shop\n\ntype Split struct{}\n",
		"withcgo.go":        "//go:build cgo\n\npackage shop\n\ntype WithCgo struct{}\n",
	})
	tooLong := strings.Repeat("a", 65)
	const unique = "tool names must be unique in a package, pick another"
	const never = "cardgen new never overwrites a file: move it away or pick another tool name"
	const leftover = "it is a golden file of an earlier tool of that name; if that tool is gone, remove the file, or pick another tool name"
	tests := []struct {
		name string
		opts Options
		want []string
	}{
		{"derived name taken", Options{Tool: "get_order"}, []string{
			`tool name "get_order" is already used by GetOrder (DIR/p.go:25); ` + unique,
			"DIR/testdata/golden/get_order.schema.json already exists; " + never,
		}},
		{"explicit name taken", Options{Tool: "cancel_order"}, []string{
			`tool name "cancel_order" is already used by Service.Cancel (DIR/p.go:30); ` + unique,
		}},
		// A view of the existing tool is likely what was meant: -view writes it.
		{"explicit name taken, with -ui", Options{Tool: "cancel_order", UI: true}, []string{
			`tool name "cancel_order" is already used by Service.Cancel (DIR/p.go:30); ` + unique + "; or, for the starter view of the existing tool, run cardgen new cancel_order -view -dir DIR",
		}},
		{"same Go names", Options{Tool: "get-order"}, []string{
			`tool name "get-order" gives the same generated Go names (GetOrderCard, …) as tool "get_order" of GetOrder (DIR/p.go:25); pick a name that differs in more than '_', '.' or '-'`,
		}},
		{"generated card func declared", Options{Tool: "list_orders"}, []string{
			`ListOrdersCard is declared at DIR/p.go:32, and cardgen generates ListOrdersCard for tool "list_orders"; rename it or pick another tool name`,
		}},
		{"generated schema var declared and view exists", Options{Tool: "show_report", UI: true}, []string{
			`showReportInputSchema is declared at DIR/p.go:34, and cardgen generates showReportInputSchema for tool "show_report"; rename it or pick another tool name`,
			"DIR/cards/show_report.html already exists; " + never,
		}},
		{"generated ACP payload func declared", Options{Tool: "list_orders", ACP: "detail"}, []string{
			`ListOrdersCard is declared at DIR/p.go:32, and cardgen generates ListOrdersCard for tool "list_orders"; rename it or pick another tool name`,
			`ListOrdersACP is declared at DIR/p.go:36, and cardgen generates ListOrdersACP for tool "list_orders"; rename it or pick another tool name`,
		}},
		{"generated markdown document func declared", Options{Tool: "find_rooms", Markdown: true}, []string{
			`findRoomsDocument is declared at DIR/p.go:36, and cardgen generates findRoomsDocument for tool "find_rooms"; rename it or pick another tool name`,
		}},
		{"generated carousel item card declared", Options{Tool: "find_rooms", ACP: "carousel"}, []string{
			`FindRoomsItemCard is declared at DIR/p.go:36, and cardgen generates FindRoomsItemCard for tool "find_rooms"; rename it or pick another tool name`,
		}},
		{"generated form func declared", Options{Tool: "book", ACP: "form"}, []string{
			`BookACPForm is declared at DIR/p.go:36, and cardgen generates BookACPForm for tool "book"; rename it or pick another tool name`,
		}},
		{"names generated only for other shapes are free", Options{Tool: "find_rooms"}, nil},
		// No tool is named so: the golden files an earlier tool of that name left behind.
		{"golden schema exists", Options{Tool: "old_tool"}, []string{
			"DIR/testdata/golden/old_tool.schema.json already exists, and no tool of the package is named old_tool: " + leftover,
		}},
		{"golden card exists", Options{Tool: "old_tool2"}, []string{
			"DIR/testdata/golden/old_tool2.card.json already exists, and no tool of the package is named old_tool2: " + leftover,
		}},
		{"golden card of a markdown tool is not written", Options{Tool: "old_tool2", Markdown: true}, nil},
		{"source file exists", Options{Tool: "p"}, []string{"DIR/p.go already exists; " + never}},
		// The generator would take it for the new view's sidecar: its CSP, unreviewed.
		{"the view's sidecar exists", Options{Tool: "old_view", UI: true}, []string{
			"DIR/cards/old_view.meta.json already exists, and would be the sidecar of the new view DIR/cards/old_view.html (its CSP and permissions, in place of the strict default); if it is left from an earlier view of that name, remove it, or pick another tool name",
		}},
		{"a sidecar without -ui", Options{Tool: "old_view"}, nil},
		{"the name of an annotated test helper", Options{Tool: "test_helper"}, nil},
		{"everything wrong at once", Options{Tool: "bad name!", ACP: "grid", Markdown: true, UI: true, Recv: "not-a-type"}, []string{
			`tool name "bad name!" is not valid; a tool name is 1 to 64 letters, digits, '_', '.' or '-', such as get_invoice`,
			`-acp "grid" is not an ACP card kind; use one of detail, review, carousel, form`,
			"-markdown and -ui cannot be combined: a markdown document is drawn by the markdown card view, and a tool has one view; leave one out",
			"-markdown and -acp cannot be combined: an ACP card is built from the result card, which -markdown replaces; leave one out",
			`-recv "not-a-type" is not a Go type name; give the name of a type declared in the package, such as Service`,
		}},
		{"empty name", Options{Tool: ""}, []string{
			`tool name "" is not valid; a tool name is 1 to 64 letters, digits, '_', '.' or '-', such as get_invoice`,
		}},
		{"65 characters", Options{Tool: tooLong}, []string{
			`tool name "` + tooLong + `" is not valid; a tool name is 1 to 64 letters, digits, '_', '.' or '-', such as get_invoice`,
		}},
		{"slash", Options{Tool: "a/b"}, []string{
			`tool name "a/b" is not valid; a tool name is 1 to 64 letters, digits, '_', '.' or '-', such as get_invoice`,
		}},
		// A misspelt value of an enumerated flag gets the value meant, as //card:acp detial does.
		{"misspelt ACP kind", Options{Tool: "x", ACP: "detial"}, []string{
			`-acp "detial" is not an ACP card kind; did you mean detail?`,
		}},
		{"ACP kind in capitals", Options{Tool: "x", ACP: "Form"}, []string{
			`-acp "Form" is not an ACP card kind; did you mean form?`,
		}},
		// The package's types are the values -recv takes: one that can be a receiver is offered.
		{"misspelt receiver", Options{Tool: "x", Recv: "Servce"}, []string{
			"-recv Servce: no type Servce is declared in package shop; did you mean Service? (else declare it first, or leave -recv out for a plain function)",
		}},
		{"receiver in lower case", Options{Tool: "x", Recv: "service"}, []string{
			"-recv service: no type service is declared in package shop; did you mean Service? (else declare it first, or leave -recv out for a plain function)",
		}},
		// Doer is an interface, which cannot be a receiver: it is not offered.
		{"receiver close only to an interface", Options{Tool: "x", Recv: "Doers"}, []string{
			"-recv Doers: no type Doers is declared in package shop; declare it first, or leave -recv out for a plain function",
		}},
		{"missing receiver", Options{Tool: "x", Recv: "Missing"}, []string{
			"-recv Missing: no type Missing is declared in package shop; declare it first, or leave -recv out for a plain function",
		}},
		{"interface receiver", Options{Tool: "x", Recv: "Doer"}, []string{
			"-recv Doer: Doer is an interface; methods need a concrete type, such as a struct",
		}},
		{"generic receiver", Options{Tool: "x", Recv: "Box"}, []string{
			"-recv Box: Box is generic; tool handlers must be methods of non-generic types",
		}},
		{"alias receiver", Options{Tool: "x", Recv: "Alias"}, []string{
			"-recv Alias: Alias is an alias; give the type it stands for",
		}},
		{"receiver of a test file", Options{Tool: "x", Recv: "Fake"}, []string{
			"-recv Fake: Fake is declared in DIR/fake_test.go, a test file, which the handler's file cannot use; declare the type in a file of the package, or leave -recv out for a plain function",
		}},
		{"receiver of a platform's file", Options{Tool: "x", Recv: "Win"}, []string{
			"-recv Win: Win is declared in DIR/win_windows.go, which is not built on every platform (its name ends in a GOOS or GOARCH); the handler's file and RegisterTools are, so declare the type in a file without build constraints, or leave -recv out for a plain function",
		}},
		{"receiver of a tagged file", Options{Tool: "x", Recv: "Tagged"}, []string{
			"-recv Tagged: Tagged is declared in DIR/tagged.go, which is not built on every platform (its build constraint leaves some out); the handler's file and RegisterTools are, so declare the type in a file without build constraints, or leave -recv out for a plain function",
		}},
		{"receiver of a +build file", Options{Tool: "x", Recv: "Old"}, []string{
			"-recv Old: Old is declared in DIR/old.go, which is not built on every platform (its build constraint leaves some out); the handler's file and RegisterTools are, so declare the type in a file without build constraints, or leave -recv out for a plain function",
		}},
		{"receiver of a cgo file", Options{Tool: "x", Recv: "Native"}, []string{
			"-recv Native: Native is declared in DIR/native.go, which is not built on every platform (it imports \"C\", which CGO_ENABLED=0 leaves out); the handler's file and RegisterTools are, so declare the type in a file without build constraints, or leave -recv out for a plain function",
		}},
		// Declared in two files that leave a port out: not there on Windows.
		{"receiver of files that leave a port out", Options{Tool: "x", Recv: "Split"}, []string{
			"-recv Split: Split is declared only in files that no build for windows/amd64 takes; the handler's file and RegisterTools are, so declare the type in a file without build constraints, or leave -recv out for a plain function",
		}},
		{"receiver of a file for cgo builds", Options{Tool: "x", Recv: "WithCgo"}, []string{
			"-recv WithCgo: WithCgo is declared in DIR/withcgo.go, which is not built on every platform (its build constraint leaves some out); the handler's file and RegisterTools are, so declare the type in a file without build constraints, or leave -recv out for a plain function",
		}},
		// Declared in two files that complement each other: there on every platform.
		{"receiver of complementary files", Options{Tool: "x", Recv: "Both"}, nil},
		// A constraint every first-class port satisfies limits nothing.
		{"receiver of a file built everywhere", Options{Tool: "x", Recv: "Modern"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opts.Dir = dir
			p, err := NewPlan(tt.opts)
			if tt.want == nil {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if p == nil || len(p.Files) == 0 {
					t.Fatal("no plan")
				}
				return
			}
			if got := problemsOf(t, err, dir); !slices.Equal(got, tt.want) {
				t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestNewPlanRefusesBadDirectories(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"file":          "x",
		"broken/a.go":   "package broken\n\nfunc {",
		"broken/b.go":   "package broken\n\nfunc (\n",
		"empty/a.go":    "",
		"two/a.go":      "package a\n",
		"two/b.go":      "package b\n",
		"ok/keep.go":    "package ok\n",
		"ok/keep.go.go": "package ok\n",
	})
	tests := []struct {
		sub  string
		want []string
	}{
		{"file", []string{"DIR/file is a file, not a directory; -dir names the package directory"}},
		{"broken", []string{
			"DIR/broken/a.go:3:6: expected 'IDENT', found '{'; fix the syntax before scaffolding into this package",
			"DIR/broken/b.go:3:8: expected ')', found 'EOF'; fix the syntax before scaffolding into this package",
		}},
		{"empty", []string{"DIR/empty/a.go:1:1: expected 'package', found 'EOF'; fix the syntax before scaffolding into this package"}},
		{"two", []string{"DIR/two holds files of several packages ([a b] in [a.go b.go]); cardgen new needs one package, so fix the package clauses first"}},
	}
	for _, tt := range tests {
		t.Run(tt.sub, func(t *testing.T) {
			_, err := NewPlan(Options{Tool: "get_invoice", Dir: filepath.Join(dir, tt.sub)})
			if got := problemsOf(t, err, dir); !slices.Equal(got, tt.want) {
				t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestNewPlanPicksFreeNames checks the numbered names chosen when the derived ones are taken,
// across functions, types, variables, methods and fields, in files of every platform.
func TestNewPlanPicksFreeNames(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"a.go": `package shop

func GetReport() {}

type GetReportInput struct{}

type Service struct{ GetReport2 int }

func (svc Service) GetReport() {}

type Store struct{}
`,
		"b_windows.go": "package shop\n\nvar GetReportInput2 = 0\n",
		"c_test.go":    "package shop\n\nvar GetReportOutput = 0\n",
		"d_test.go":    "package shop_test\n\nvar GetReportOutput2 = 0\n", // another package: not taken
		// cardgen's own files are rewritten, so their names do not count.
		"cards_gen.go": "package shop\n\nfunc GetReportOutput2() {}\n",
	})
	tests := []struct {
		recv                string
		fn, in, out, header string
	}{
		{"", "GetReport2", "GetReportInput3", "GetReportOutput2",
			"func GetReport2(ctx context.Context, in GetReportInput3) (*GetReportOutput2, error) {"},
		{"Service", "GetReport3", "GetReportInput3", "GetReportOutput2",
			"func (svc Service) GetReport3(ctx context.Context, in GetReportInput3) (*GetReportOutput2, error) {"},
		{"Store", "GetReport", "GetReportInput3", "GetReportOutput2",
			"func (s *Store) GetReport(ctx context.Context, in GetReportInput3) (*GetReportOutput2, error) {"},
	}
	for _, tt := range tests {
		t.Run("recv="+tt.recv, func(t *testing.T) {
			p, err := NewPlan(Options{Tool: "get_report", Dir: dir, Recv: tt.recv})
			if err != nil {
				t.Fatal(err)
			}
			if p.Func != tt.fn || p.Input != tt.in || p.Output != tt.out {
				t.Errorf("names %s, %s, %s; want %s, %s, %s", p.Func, p.Input, p.Output, tt.fn, tt.in, tt.out)
			}
			if p.NewPackage || p.Package != "shop" {
				t.Errorf("package %q (new %v); want the existing shop", p.Package, p.NewPackage)
			}
			src := string(p.Files[0].Content)
			if !strings.Contains(src, "\n"+tt.header+"\n") {
				t.Errorf("handler is not %q:\n%s", tt.header, src)
			}
		})
	}
}

// TestNewPackageName: a new package is named after the last element of its import path, which at
// the root of a module is the module path's, whatever the directory is called.
func TestNewPackageName(t *testing.T) {
	tests := []struct {
		modPath string // "" for no module
		dir     string // the package directory, relative to the module root
		want    string
	}{
		{"example.com/weather", ".", "weather"},
		{"example.com/weather/v2", ".", "weather"},
		{"gopkg.in/yaml.v3", ".", "yaml"},
		{"example.com/weather-api", ".", "weatherapi"},
		{"github.com/acme/go-weather", ".", "weather"},
		{"example.com/weather.go", ".", "weather"},
		{"weather", ".", "weather"},
		{"example.com/main", ".", "mainpkg"},
		// In a subdirectory, the last element is the directory's name, as it always was.
		{"example.com/weather", "billing", "billing"},
		{"example.com/weather/v2", "My-Billing", "mybilling"},
		{"example.com/weather", "api/v2", "v2"},
		{"example.com/weather", "not/yet/made", "made"},
		// Outside a module, and with a go.mod that names no module, the directory's name.
		{"", ".", "walknew"},
		{"-", ".", "walknew"},
	}
	for _, tt := range tests {
		root := filepath.Join(t.TempDir(), "walk-new")
		writeFiles(t, root, map[string]string{"README": "not Go\n"})
		switch tt.modPath {
		case "":
		case "-":
			writeFiles(t, root, map[string]string{"go.mod": "go 1.26\n"})
		default:
			writeFiles(t, root, map[string]string{"go.mod": "module " + tt.modPath + "\n\ngo 1.26\n"})
		}
		dir := filepath.Join(root, filepath.FromSlash(tt.dir))
		p, err := NewPlan(Options{Tool: "get_weather", Dir: dir})
		if err != nil {
			t.Errorf("module %q, %s: %v", tt.modPath, tt.dir, err)
			continue
		}
		if !p.NewPackage || p.Package != tt.want {
			t.Errorf("module %q, %s: package %q (new %v); want new %s", tt.modPath, tt.dir, p.Package, p.NewPackage, tt.want)
		}
		if !bytes.Contains(p.Files[0].Content, []byte("\npackage "+tt.want+"\n")) {
			t.Errorf("module %q, %s: doc.go is not of package %s:\n%s", tt.modPath, tt.dir, tt.want, p.Files[0].Content)
		}
	}
}

func TestNewPlanNewPackage(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "My-Billing")
	p, err := NewPlan(Options{Tool: "get_invoice", Dir: dir, UI: true})
	if err != nil {
		t.Fatal(err)
	}
	if !p.NewPackage || p.Package != "mybilling" {
		t.Errorf("package %q (new %v); want new mybilling", p.Package, p.NewPackage)
	}
	var got []string
	for _, f := range p.Files {
		r, _ := filepath.Rel(dir, f.Path)
		got = append(got, filepath.ToSlash(r))
	}
	if want := []string{"doc.go", "get_invoice.go", "cards/get_invoice.html"}; !slices.Equal(got, want) {
		t.Errorf("files %q; want %q", got, want)
	}
	for i, want := range []string{"testdata/golden/get_invoice.schema.json", "testdata/golden/get_invoice.card.json"} {
		if r, _ := filepath.Rel(dir, p.Golden[i]); filepath.ToSlash(r) != want {
			t.Errorf("golden %d is %s; want %s", i, r, want)
		}
	}
	wantDoc := `// Package mybilling holds MCP tools annotated for cardgen. Run go generate after changing an
// annotation: cardgen rewrites cards_gen.go, whose RegisterTools adds the tools to a server.
package mybilling

//go:generate go tool cardgen
`
	if string(p.Files[0].Content) != wantDoc {
		t.Errorf("doc.go:\n%s\nwant:\n%s", p.Files[0].Content, wantDoc)
	}
	if !strings.Contains(string(p.Files[2].Content), `<meta name="mcp-tool" content="get_invoice">`) {
		t.Errorf("the view is not bound to get_invoice:\n%s", p.Files[2].Content)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("NewPlan touched the disk: %v", err)
	}

	_, err = NewPlan(Options{Tool: "get_invoice", Dir: dir, Recv: "Service"})
	want := []string{"-recv Service: the directory holds no Go package yet, so it has no type Service; leave -recv out, or declare the type first"}
	if got := problemsOf(t, err, dir); !slices.Equal(got, want) {
		t.Errorf("problems %q; want %q", got, want)
	}
}

func TestRenderPlain(t *testing.T) {
	p, err := NewPlan(Options{Tool: "get_invoice", Dir: filepath.Join(t.TempDir(), "billing")})
	if err != nil {
		t.Fatal(err)
	}
	want := "package billing\n\n" + `import (
	"context"
	"errors"
)

// GetInvoiceInput is the input of the get_invoice tool.
type GetInvoiceInput struct {
	// ID names what to look up. The json and jsonschema tags shape the input schema.
	ID string ` + "`" + `json:"id" jsonschema:"description=What to look up,minLength=1"` + "`" + `
}

// GetInvoiceOutput is the result of the get_invoice tool: its fields fill the result card.
type GetInvoiceOutput struct {
	ID      string ` + "`" + `json:"id"` + "`" + `
	Title   string ` + "`" + `json:"title"` + "`" + `
	Status  string ` + "`" + `json:"status"` + "`" + `
	Summary string ` + "`" + `json:"summary"` + "`" + `
}

// GetInvoice is the get_invoice tool. Describe here what it does and when to use it:
// this comment, without its //card: lines, is the tool description the model reads.
//
//card:tool get_invoice title="Get invoice"
//card:result title="{{.Title}}" subtitle="{{.Status}}" text="{{.Summary}}"
//card:field ID "{{.ID}}"
//card:action message "Tell me more" "Tell me more about {{.Title}}"
//card:fallback "{{.Title}} ({{.Status}}): {{.Summary}}"
//card:example {"id":"example-1","title":"Example","status":"ready","summary":"A sample result of get_invoice: replace this example with a real one."}
func GetInvoice(ctx context.Context, in GetInvoiceInput) (*GetInvoiceOutput, error) {
	// TODO: implement get_invoice; the //card:example above shows what a result looks like.
	return nil, errors.New("get_invoice is not implemented yet")
}
`
	if got := string(p.Files[1].Content); got != want {
		t.Errorf("get_invoice.go:\n%s\nwant:\n%s", got, want)
	}
}

func TestDirectives(t *testing.T) {
	card := []string{
		`//card:result title="{{.Title}}" subtitle="{{.Status}}" text="{{.Summary}}"`,
		`//card:field ID "{{.ID}}"`,
		`//card:action message "Tell me more" "Tell me more about {{.Title}}"`,
		`//card:fallback "{{.Title}} ({{.Status}}): {{.Summary}}"`,
		`//card:example {"id":"example-1","title":"Example","status":"ready","summary":"A sample result of orders.list-all: replace this example with a real one."}`,
	}
	tests := []struct {
		opts Options
		want []string
	}{
		{Options{}, append([]string{`//card:tool orders.list-all title="Orders list all"`}, card...)},
		{Options{UI: true, ACP: "detail"}, append([]string{
			`//card:tool orders.list-all title="Orders list all"`,
			"//card:ui orders.list-all.html",
			"//card:acp detail",
		}, card...)},
		// A review card's first button approves and its second rejects: not "Tell me more".
		{Options{UI: true, ACP: "review"}, []string{
			`//card:tool orders.list-all title="Orders list all"`,
			"//card:ui orders.list-all.html",
			"//card:acp review",
			card[0], card[1],
			`//card:action message "Approve" "Approve {{.ID}}"`,
			`//card:action message "Reject" "Reject {{.ID}}"`,
			card[3], card[4],
		}},
		{Options{ACP: "carousel"}, []string{
			`//card:tool orders.list-all title="Orders list all"`,
			"//card:acp carousel",
			`//card:example {"items":[{"id":"example-1","title":"Example","status":"ready","summary":"A sample result of orders.list-all: replace this example with a real one."},{"id":"example-2","title":"Another example","status":"draft","summary":"A second item, so the carousel has something to scroll."}]}`,
		}},
		{Options{Markdown: true}, []string{
			`//card:tool orders.list-all title="Orders list all"`,
			`//card:example {"title":"Orders list all","markdown":"A sample document of orders.list-all: replace this example with a real one.\n\n## Details\n\n| Key | Value |\n| --- | --- |\n| id | example-1 |\n"}`,
		}},
	}
	for _, tt := range tests {
		tt.opts.Tool = "orders.list-all"
		if got := directives(tt.opts); !slices.Equal(got, tt.want) {
			t.Errorf("%+v:\n%s\nwant:\n%s", tt.opts, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
		}
	}
}

func TestPackageName(t *testing.T) {
	tests := map[string]string{
		"billing":      "billing",
		"My-Tools":     "mytools",
		"_scaffold123": "scaffold123",
		"2fa":          "p2fa",
		"type":         "typepkg",
		"---":          "tools",
		"café":         "caf",
		"v2.api":       "v2api",
		"main":         "mainpkg", // a package main without func main does not build
		"Main":         "mainpkg",
		"walk-new":     "walknew",
		// A go- prefix or -go or .go suffix names the language, not the package.
		"go-weather": "weather",
		"Go-Tools":   "tools",
		"weather-go": "weather",
		"nats.go":    "nats",
		"go-":        "gopkg",
		"golang":     "golang",
	}
	for dir, want := range tests {
		if got := PackageName(dir); got != want {
			t.Errorf("PackageName(%q) = %q; want %q", dir, got, want)
		}
	}
}

func TestTitle(t *testing.T) {
	tests := map[string]string{
		"get_invoice":     "Get invoice",
		"orders.list-all": "Orders list all",
		"x":               "X",
		"__a__b":          "A b",
		"---":             "---",
		"9lives":          "9lives",
		"école_ouverte":   "École ouverte",
		"list_urls":       "List URLs",
		"get_user_ids":    "Get user IDs",
		"id":              "ID",
		"get_http_status": "Get HTTP status",
	}
	for tool, want := range tests {
		if got := Title(tool); got != want {
			t.Errorf("Title(%q) = %q; want %q", tool, got, want)
		}
	}
}

// TestApplyNeverOverwrites makes files appear between NewPlan and Apply: Apply fails without
// replacing them and removes what it had created.
func TestApplyNeverOverwrites(t *testing.T) {
	tests := []struct {
		name, appears, want string
	}{
		{"source", "get_invoice.go", "get_invoice.go appeared while scaffolding; cardgen new never overwrites a file"},
		{"golden", "testdata/golden/get_invoice.card.json", "get_invoice.card.json appeared after the scaffold was planned; cardgen new never overwrites a file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "billing")
			p, err := NewPlan(Options{Tool: "get_invoice", Dir: dir})
			if err != nil {
				t.Fatal(err)
			}
			writeFiles(t, dir, map[string]string{tt.appears: "theirs"})
			before := tree(t, dir)
			_, err = p.Apply(t.Context())
			if err == nil || !strings.HasSuffix(err.Error(), tt.want) {
				t.Fatalf("error %v; want one ending %q", err, tt.want)
			}
			if after := tree(t, dir); !maps.Equal(before, after) {
				t.Errorf("files after the failure %q; want %q", slices.Sorted(maps.Keys(after)), slices.Sorted(maps.Keys(before)))
			}
		})
	}
}

func TestRenderCarousel(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"p.go": "package rooms\n\ntype FindRoomsItem struct{}\n"})
	p, err := NewPlan(Options{Tool: "find_rooms", Dir: dir, ACP: "carousel"})
	if err != nil {
		t.Fatal(err)
	}
	if p.Item != "FindRoomsItem2" {
		t.Errorf("item type %s; want FindRoomsItem2", p.Item)
	}
	want := `// FindRoomsOutput is the result of the find_rooms tool: its items are the carousel.
type FindRoomsOutput struct {
	// Items are the carousel's items, one card each.
	Items []FindRoomsItem2 ` + "`" + `json:"items"` + "`" + `
}

// FindRoomsItem2 is one item of the find_rooms carousel; its card comes from its card tags.
type FindRoomsItem2 struct {
	ID      string ` + "`" + `json:"id"` + "`" + `
	Title   string ` + "`" + `card:"title" json:"title"` + "`" + `
	Status  string ` + "`" + `card:"subtitle" json:"status"` + "`" + `
	Summary string ` + "`" + `card:"text" json:"summary"` + "`" + `
}
`
	if src := string(p.Files[0].Content); !strings.Contains(src, want) {
		t.Errorf("find_rooms.go lacks\n%s\nin:\n%s", want, src)
	}
}

// TestLacksCardgenTool holds the check behind the "go mod edit -tool=…" advice to the tool lines
// of go.mod: a module that already names cardgen as a tool must not be told to add it again.
func TestLacksCardgenTool(t *testing.T) {
	for _, tc := range []struct {
		gomod string
		want  bool
	}{
		{"module example.com/m\n\ngo 1.26.0\n", true},
		{"module example.com/m\n\ngo 1.26.0\n\ntool golang.org/x/tools/cmd/stringer\n", true},
		{"module example.com/m\n\ngo 1.26.0\n\ntool " + cardgenCmd + "\n", false},
		{"module example.com/m\n\ngo 1.26.0\n\ntool (\n\tgolang.org/x/tools/cmd/stringer\n\t" + cardgenCmd + "\n)\n", false},
	} {
		path := filepath.Join(t.TempDir(), "go.mod")
		if err := os.WriteFile(path, []byte(tc.gomod), 0o666); err != nil {
			t.Fatal(err)
		}
		if got := lacksCardgenTool(path); got != tc.want {
			t.Errorf("lacksCardgenTool(%q) = %v, want %v", tc.gomod, got, tc.want)
		}
	}
}

// TestRequirementProblemsDropAdvice keeps the go command's complaints and drops the advice that
// introduces lines requirementProblems does not keep ("to update it:" with nothing after it).
func TestRequirementProblemsDropAdvice(t *testing.T) {
	out := []byte("go: updates to go.mod needed; to update it:\n\tgo mod tidy\n" +
		"p.go:3:2: no required module provides package example.com/x; to add it:\n\tgo get example.com/x\n")
	got := requirementProblems(out)
	want := []string{"go: updates to go.mod needed", "p.go:3:2: no required module provides package example.com/x"}
	if !slices.Equal(got, want) {
		t.Errorf("requirementProblems = %q, want %q", got, want)
	}
}

// TestRequirementProblemsHeadline: a module that requires cardgen's runtime and the SDK but
// lacks their go.sum entries was told it "does not require" them, with the position of a file of
// cardgen's runtime in the module cache. The headline now says what the go command found, and a
// position is kept only for a file of the package.
func TestRequirementProblemsHeadline(t *testing.T) {
	for _, tc := range []struct {
		name, out string
		problems  []string
		headline  string
	}{{
		name: "go.sum",
		out: "../../../home/u/go/pkg/mod/github.com/cardgen/cardgen@v0.1.0/runtime/mdcard/render.go:8:2: missing go.sum entry for module providing package github.com/yuin/goldmark (imported by github.com/cardgen/cardgen/runtime/mdcard); to add:\n\tgo get github.com/cardgen/cardgen/runtime/mdcard@v0.1.0\n" +
			"cards_gen.go:12:2: missing go.sum entry for module providing package github.com/modelcontextprotocol/go-sdk/mcp (imported by example.com/sum); to add:\n\tgo get example.com/sum\n",
		problems: []string{
			"missing go.sum entry for module providing package github.com/yuin/goldmark (imported by github.com/cardgen/cardgen/runtime/mdcard)",
			"cards_gen.go:12:2: missing go.sum entry for module providing package github.com/modelcontextprotocol/go-sdk/mcp (imported by example.com/sum)",
		},
		headline: "the module's go.sum lacks entries",
	}, {
		name: "require",
		out: "cards_gen.go:13:2: no required module provides package github.com/modelcontextprotocol/go-sdk/mcp; to add it:\n\tgo get github.com/modelcontextprotocol/go-sdk/mcp\n" +
			"/abs/mod/x.go:3:2: missing go.sum entry for module providing package golang.org/x/net/html (imported by y); to add:\n\tgo get y\n",
		problems: []string{
			"cards_gen.go:13:2: no required module provides package github.com/modelcontextprotocol/go-sdk/mcp",
			"missing go.sum entry for module providing package golang.org/x/net/html (imported by y)",
		},
		headline: "the module does not require the packages",
	}, {
		name: "vendor",
		out: "# example.com/vend\ncards_gen.go:12:2: cannot find module providing package github.com/cardgen/cardgen/runtime/register: import lookup disabled by -mod=vendor\n" +
			"\t(Go version in go.mod is at least 1.14 and vendor directory exists.)\nFAIL\texample.com/vend [setup failed]\n",
		problems: []string{"cards_gen.go:12:2: cannot find module providing package github.com/cardgen/cardgen/runtime/register: import lookup disabled by -mod=vendor"},
		headline: "the module's vendor directory lacks the packages",
	}, {
		name:     "update",
		out:      "go: updates to go.mod needed; to update it:\n\tgo mod tidy\n",
		problems: []string{"go: updates to go.mod needed"},
		headline: "the module's go.mod needs updating",
	}} {
		e := &MissingRequirementsError{Problems: requirementProblems([]byte(tc.out))}
		if !slices.Equal(e.Problems, tc.problems) {
			t.Errorf("%s: problems = %q, want %q", tc.name, e.Problems, tc.problems)
		}
		if !strings.HasPrefix(e.Headline(), tc.headline) {
			t.Errorf("%s: headline %q, want it to start %q", tc.name, e.Headline(), tc.headline)
		}
	}
}

// TestNewPlanSourceName: the handler's file is <tool>.go unless the go command would not build
// that file into the package everywhere as an ordinary file — ignored (a leading _ or .), a test
// (_test), built on one platform (_linux, _arm64, _windows_amd64, also before a dot) — or it is a
// file cardgen writes itself. Those tool names are valid, and cardgen new took the file name
// as it was: the new tool was then missing from the package, and the run failed with the
// test binary's flag usage ("flag provided but not defined: -update"), or said "doc.go appeared
// while scaffolding", or left cards_gen.go behind.
func TestNewPlanSourceName(t *testing.T) {
	existing := t.TempDir()
	writeFiles(t, existing, map[string]string{"p.go": "package p\n"})
	for _, tt := range []struct {
		tool string
		want string // in a new package, and in the existing one when wantExisting is ""
		// wantExisting is the name in an existing package, where a doc.go is the user's own
		wantExisting string
	}{
		{tool: "get_invoice", want: "get_invoice.go"},
		{tool: "linux", want: "linux.go"}, // go/build never reads the first element as a platform
		{tool: "get.test", want: "get.test.go"},
		{tool: "run_test", want: "run_test_tool.go"},
		{tool: "x.y_test", want: "x.y_test_tool.go"},
		{tool: "deploy_linux", want: "deploy_linux_tool.go"},
		{tool: "build_arm64", want: "build_arm64_tool.go"},
		{tool: "ship_windows_amd64", want: "ship_windows_amd64_tool.go"},
		{tool: "run_plan9.v2", want: "run_plan9.v2_tool.go"},
		{tool: "_internal", want: "tool_internal.go"},
		{tool: ".hidden", want: "tool.hidden.go"},
		{tool: "-dash", want: "tool-dash.go"}, // the go command refuses a file whose name starts with '-'
		{tool: "_x_linux", want: "tool_x_linux_tool.go"},
		{tool: "cards_gen", want: "cards_gen_tool.go"},
		{tool: "cards_gen_test", want: "cards_gen_test_tool.go"},
		{tool: "doc", want: "doc_tool.go", wantExisting: "doc.go"},
		// A case twin of cardgen's own file is one file with it on macOS and Windows.
		{tool: "Cards_gen", want: "Cards_gen_tool.go"},
		{tool: "Doc", want: "Doc_tool.go", wantExisting: "Doc.go"},
	} {
		for _, dir := range []string{filepath.Join(t.TempDir(), "fresh"), existing} {
			want := tt.want
			if dir == existing && tt.wantExisting != "" {
				want = tt.wantExisting
			}
			p, err := NewPlan(Options{Tool: tt.tool, Dir: dir})
			if err != nil {
				t.Errorf("NewPlan(%s in %s): %v", tt.tool, filepath.Base(dir), err)
				continue
			}
			if got := filepath.Base(p.Source); got != want {
				t.Errorf("tool %s in %s: the handler goes in %s; want %s", tt.tool, filepath.Base(dir), got, want)
			}
			if !slices.ContainsFunc(p.Files, func(f gen.File) bool { return f.Path == p.Source }) {
				t.Errorf("tool %s: the plan does not write %s", tt.tool, p.Source)
			}
		}
	}
}

// TestNewPlanReceiverName: a receiver the type's methods do not name is named by the type's first
// letter, lower-cased, also when that letter is not ASCII.
func TestNewPlanReceiverName(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a.go": `package shop

type Ärger struct{}

type Ökonom struct{}

func (Ökonom) Name() string { return "" }
`})
	for _, tt := range []struct{ recv, header string }{
		{"Ärger", "func (ä *Ärger) GetReport(ctx context.Context, in GetReportInput) (*GetReportOutput, error) {"},
		{"Ökonom", "func (ö Ökonom) GetReport(ctx context.Context, in GetReportInput) (*GetReportOutput, error) {"},
	} {
		p, err := NewPlan(Options{Tool: "get_report", Dir: dir, Recv: tt.recv})
		if err != nil {
			t.Errorf("-recv %s: %v", tt.recv, err)
			continue
		}
		if src := string(p.Files[0].Content); !strings.Contains(src, "\n"+tt.header+"\n") {
			t.Errorf("-recv %s: the handler is not %q:\n%s", tt.recv, tt.header, src)
		}
	}
}

// TestNewPlanRefusesCaseTwins: a file the scaffold would write whose name differs only in case
// from an existing one is refused as an existing file is: on macOS and Windows the two are one
// file, and the go command refuses such a pair in one package ("case-insensitive file name
// collision").
func TestNewPlanRefusesCaseTwins(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"report.go":                           "package shop\n",
		"cards/report.html":                   "<!doctype html>",
		"testdata/golden/report.schema.json":  "{}",
		"testdata/golden/other.schema.json":   "{}",
		"testdata/golden/REPORT.markdown.txt": "not a golden file of the tool",
	})
	if _, err := os.Stat(filepath.Join(dir, "REPORT.GO")); err == nil {
		t.Skip("the file system ignores case: Report.go already exists, and is refused as such")
	}
	_, err := NewPlan(Options{Tool: "Report", Dir: dir, UI: true})
	const twin = ", which is the same file on macOS and Windows; cardgen new never overwrites a file: move it away or pick another tool name"
	want := []string{
		"DIR/Report.go differs only in case from DIR/report.go" + twin,
		"DIR/cards/Report.html differs only in case from DIR/cards/report.html" + twin,
		"DIR/testdata/golden/Report.schema.json differs only in case from DIR/testdata/golden/report.schema.json" + twin,
	}
	if got := problemsOf(t, err, dir); !slices.Equal(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestUndoRestoresReadOnlyGeneratedFiles: gen.Write replaces a generated file through a rename,
// which a read-only file (a Perforce checkout, a chmod a-w) does not stop, and keeps its mode;
// undoing a failed scaffold must restore such a file too, byte for byte and with its mode. (Root
// writes into read-only files anyway, so as root the test runs again as nobody.)
func TestUndoRestoresReadOnlyGeneratedFiles(t *testing.T) {
	if rerunAsNobody(t) {
		return
	}
	path := filepath.Join(t.TempDir(), gen.GeneratedFile)
	old := "// Code generated by cardgen. DO NOT EDIT.\r\n\r\npackage shop\r\n"
	if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	u := &undo{saved: map[string][]byte{}}
	if err := u.save(path); err != nil {
		t.Fatal(err)
	}
	if _, err := gen.Write([]gen.File{{Path: path, Content: []byte("// Code generated by cardgen. DO NOT EDIT.\n\npackage shop\n\nvar x int\n")}}); err != nil {
		t.Fatal(err)
	}
	if err := u.run(); err != nil {
		t.Fatalf("undo: %v", err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != old {
		t.Errorf("undo left %q; want the old bytes %q", b, old)
	}
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o444 {
		t.Errorf("undo left mode %v (%v); want -r--r--r--", st.Mode(), err)
	}
}

// TestNewPlanUIFolder: the ui folder comes from the -ui of the //go:generate line that runs
// cardgen, in each form the flag package takes; lines that disagree, or a -ui cardgen refuses,
// are refusals.
func TestNewPlanUIFolder(t *testing.T) {
	for _, tt := range []struct {
		line, want string
	}{
		{"", "cards"},
		{"//go:generate go tool cardgen", "cards"},
		{"//go:generate go tool cardgen -ui views", "views"},
		{"//go:generate go tool cardgen -v -ui=./ui/cards/ $GOFILE", "ui/cards"},
		{"//go:generate go run github.com/cardgen/cardgen/cmd/cardgen@v0.1.0 --ui web", "web"},
		{"//go:generate other -ui views", "cards"}, // not cardgen's
		// go generate reads a double-quoted word as a Go string, and takes a tab after the verb.
		{"//go:generate go tool cardgen -ui \"views\"", "views"},
		{"//go:generate\tgo tool cardgen -ui web", "web"},
	} {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"p.go": "package p\n\n" + tt.line + "\n"})
		p, err := NewPlan(Options{Tool: "get_x", Dir: dir, UI: true})
		if err != nil {
			t.Errorf("%q: %v", tt.line, err)
			continue
		}
		if p.UIDir != tt.want || p.Files[1].Path != filepath.Join(dir, filepath.FromSlash(tt.want), "get_x.html") {
			t.Errorf("%q: ui folder %q, view %s; want %q", tt.line, p.UIDir, p.Files[1].Path, tt.want)
		}
	}

	// go generate runs the lines of the package's test files, of either package, too; cardgen
	// reads them, and cardgen new did not: it scaffolded the view into cards/.
	for _, file := range []string{"package p\n", "package p_test\n"} {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"p.go": "package p\n", "gen_test.go": file + "\n//go:generate go tool cardgen -ui views\n"})
		p, err := NewPlan(Options{Tool: "get_x", Dir: dir, UI: true})
		if err != nil {
			t.Errorf("%s//go:generate … -ui views in a test file: %v", file, err)
		} else if p.UIDir != "views" {
			t.Errorf("%s//go:generate … -ui views in a test file: ui folder %q; want views", file, p.UIDir)
		}
	}

	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"a.go": "package p\n\n//go:generate go tool cardgen -ui views\n",
		"b.go": "package p\n\n//go:generate go tool cardgen -ui web\n\n//go:generate go tool cardgen -ui ../up\n",
	})
	_, err := NewPlan(Options{Tool: "get_x", Dir: dir})
	want := []string{
		"DIR/b.go:3: the //go:generate line runs cardgen with -ui web, and the one at a.go:3 with -ui views; make them name one ui folder",
	}
	got := problemsOf(t, err, dir)
	if len(got) != 2 || got[0] != want[0] || !strings.HasPrefix(got[1], "DIR/b.go:5: the //go:generate line runs cardgen with -ui ../up, which cardgen refuses (") {
		t.Errorf("problems:\n%s\nwant:\n%s\nand the refused -ui ../up at DIR/b.go:5", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestNewPlanGoldenPaths: the golden files are testdata/golden/<tool>.<kind>.json as the generated
// test writes them, also for the tool names "." and "..", which are path elements of their own.
func TestNewPlanGoldenPaths(t *testing.T) {
	dir := t.TempDir()
	for _, tool := range []string{"get_x", ".", ".."} {
		p, err := NewPlan(Options{Tool: tool, Dir: dir, UI: true})
		if err != nil {
			t.Fatal(err)
		}
		golden := filepath.Join(dir, "testdata", "golden")
		want := []string{filepath.Join(golden, tool+".schema.json"), filepath.Join(golden, tool+".card.json")}
		if !slices.Equal(p.Golden, want) {
			t.Errorf("tool %q: golden files %q; want %q", tool, p.Golden, want)
		}
		if view := p.Files[len(p.Files)-1].Path; view != filepath.Join(dir, "cards", tool+".html") {
			t.Errorf("tool %q: view %s", tool, view)
		}
	}
}

// TestNewPlanPackageForOtherPlatforms: a directory whose Go files are all for other platforms
// holds a package all the same (go/build calls it "no buildable Go source files" here): the
// scaffold joins it, under its name and around its names, rather than start a new package whose
// name would clash with it where its files are built. A program for no platform
// (//go:build ignore, package main) is not a package of the directory.
func TestNewPlanPackageForOtherPlatforms(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"svc/svc_windows.go": "package service\n\nfunc GetReport() {}\n",
		// An external test package beside it names no second package to choose from.
		"svc/svc_windows_test.go": "package service_test\n",
		"svc/gen.go":              "//go:build ignore\n\npackage main\n\nfunc main() {}\n",
		"tool/gen.go":             "//go:build ignore && linux\n\npackage main\n\nfunc main() {}\n",
		"tool/old.go":             "// +build ignore\n\npackage main\n\nfunc main() {}\n",
		"svc/other.go":            "//go:build !linux\n\npackage service\n",
		"two/a_windows.go":        "package a\n",
		"two/b_darwin.go":         "package b\n",
		"broken/a_windows.go":     "packag a\n",
	})
	p, err := NewPlan(Options{Tool: "get_report", Dir: filepath.Join(dir, "svc")})
	if err != nil {
		t.Fatal(err)
	}
	if p.NewPackage || p.Package != "service" || p.Func != "GetReport2" || len(p.Files) != 1 {
		t.Errorf("new package %v, package %q, handler %s, %d files; want the existing package service, GetReport2 and no doc.go",
			p.NewPackage, p.Package, p.Func, len(p.Files))
	}
	p, err = NewPlan(Options{Tool: "get_report", Dir: filepath.Join(dir, "tool")})
	if err != nil {
		t.Fatal(err)
	}
	if !p.NewPackage || p.Package != "tool" {
		t.Errorf("beside a //go:build ignore program: new package %v, package %q; want a new package tool", p.NewPackage, p.Package)
	}
	_, err = NewPlan(Options{Tool: "get_report", Dir: filepath.Join(dir, "two")})
	if got, want := problemsOf(t, err, dir), []string{"DIR/two holds files of several packages ([a b] in [a_windows.go b_darwin.go]); cardgen new needs one package, so fix the package clauses first"}; !slices.Equal(got, want) {
		t.Errorf("problems %q; want %q", got, want)
	}
	_, err = NewPlan(Options{Tool: "get_report", Dir: filepath.Join(dir, "broken")})
	if got, want := problemsOf(t, err, dir), []string{"DIR/broken/a_windows.go:1:1: expected 'package', found packag; fix the syntax before scaffolding into this package"}; !slices.Equal(got, want) {
		t.Errorf("problems %q; want %q", got, want)
	}
}

// TestNewPlanAroundGeneratedNames: the regenerated cards_gen.go declares names for the package's
// tools (GetOrderACP and GetOrderItemCard for a carousel tool get_order, RegisterTools for the
// package), so the new handler and types are numbered around them as around declarations of the
// package; and a new tool for which the generator would declare one of them again is refused.
func TestNewPlanAroundGeneratedNames(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"p.go": `package shop

import "context"

type In struct{ ID string }

type Out struct{ Items []Item }

type Item struct{ Title string ` + "`card:\"title\"`" + ` }

// GetOrder shows orders.
//
//card:tool get_order
//card:acp carousel
func GetOrder(ctx context.Context, in In) (*Out, error) { return nil, nil }
`})
	for _, tt := range []struct{ tool, fn string }{
		{"get_order_a_c_p", "GetOrderACP2"},
		{"register_tools", "RegisterTools2"},
		{"dispatch_a_c_p", "DispatchACP2"},
	} {
		p, err := NewPlan(Options{Tool: tt.tool, Dir: dir})
		if err != nil {
			t.Errorf("%s: %v", tt.tool, err)
			continue
		}
		if p.Func != tt.fn {
			t.Errorf("%s: the handler is %s; want %s", tt.tool, p.Func, tt.fn)
		}
	}
	_, err := NewPlan(Options{Tool: "get_order_item", Dir: dir})
	want := []string{`cardgen generates GetOrderItemCard for tool "get_order_item", and for tool "get_order" of GetOrder (DIR/p.go:15) too; pick another tool name`}
	if got := problemsOf(t, err, dir); !slices.Equal(got, want) {
		t.Errorf("problems %q; want %q", got, want)
	}
	if _, err := NewPlan(Options{Tool: "get_order_item", Dir: dir, Markdown: true}); err != nil {
		t.Errorf("a markdown tool get_order_item, which has no GetOrderItemCard: %v", err)
	}
}

// TestNewPlanRefusesWhatTheGeneratorWould: what the generator reports only once the tool is
// written, and what NewPlan can tell before, is refused before anything is written. Each used to
// be written, found by the generator, and undone, with a message at a position in the files just
// removed again: a tool name Windows reserves (con, COM1, lpt1.x, Aux) as a file name, a view at
// the path of a built-in view, a name that differs from another tool's in case only, and the
// names the generated files declare once for the package.
func TestNewPlanRefusesWhatTheGeneratorWould(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"p.go": `package shop

import "context"

type In struct{}

type Out struct{}

// Cancel is a tool.
//
//card:tool cancel_order
func Cancel(ctx context.Context, in In) (*Out, error) { return nil, nil }

func RegisterTools() {}

var uiFiles, DispatchACP = 1, 2
`,
		"p_test.go": "package shop\n\nimport \"testing\"\n\nfunc TestCardgenGolden(t *testing.T) {}\n",
	})
	const reserved = " with a name Windows reserves (%q disallowed as path element component on Windows): no checkout there could hold them, and no module zip may carry them; pick another tool name"
	pkgNames := []string{
		"RegisterTools is declared at DIR/p.go:14, and cardgen generates RegisterTools (which registers the package's tools) in the package once it has the new tool; rename it",
		"TestCardgenGolden is declared at DIR/p_test.go:5, and cardgen generates TestCardgenGolden (the golden test of cards_gen_test.go) in the package once it has the new tool; rename it",
	}
	tests := []struct {
		name string
		opts Options
		want []string
	}{
		{"con", Options{Tool: "con"}, append(slices.Clone(pkgNames),
			`tool name "con" would name the tool's files DIR/con.go, DIR/testdata/golden/con.schema.json, DIR/testdata/golden/con.card.json`+fmt.Sprintf(reserved, "con"),
		)},
		{"COM1 with a view", Options{Tool: "COM1", UI: true}, []string{
			pkgNames[0],
			"uiFiles is declared at DIR/p.go:16, and cardgen generates uiFiles (the views it embeds) in the package once it has the new tool; rename it",
			pkgNames[1],
			`tool name "COM1" would name the tool's files DIR/COM1.go, DIR/cards/COM1.html, DIR/testdata/golden/COM1.schema.json, DIR/testdata/golden/COM1.card.json` + fmt.Sprintf(reserved, "COM1"),
		}},
		{"lpt1.x", Options{Tool: "lpt1.x", Markdown: true}, append(slices.Clone(pkgNames),
			`tool name "lpt1.x" would name the tool's files DIR/lpt1.x.go, DIR/testdata/golden/lpt1.x.schema.json, DIR/testdata/golden/lpt1.x.markdown.json`+fmt.Sprintf(reserved, "lpt1"),
		)},
		{"Aux with a form", Options{Tool: "Aux", ACP: "form"}, []string{
			pkgNames[0],
			"DispatchACP is declared at DIR/p.go:16, and cardgen generates DispatchACP (which dispatches the package's ACP form submissions) in the package once it has the new tool; rename it",
			pkgNames[1],
			`tool name "Aux" would name the tool's files DIR/Aux.go, DIR/testdata/golden/Aux.schema.json, DIR/testdata/golden/Aux.card.json, DIR/testdata/golden/Aux.acp.json` + fmt.Sprintf(reserved, "Aux"),
		}},
		{"result-card", Options{Tool: "result-card", UI: true}, []string{
			pkgNames[0],
			"uiFiles is declared at DIR/p.go:16, and cardgen generates uiFiles (the views it embeds) in the package once it has the new tool; rename it",
			pkgNames[1],
			"with -ui the view would be DIR/cards/result-card.html, and result-card.html is the path of cardgen's built-in result-card view in every package's ui registry; pick another tool name, or leave -ui out",
		}},
		{"markdown-card", Options{Tool: "markdown-card", UI: true}, []string{
			pkgNames[0],
			"uiFiles is declared at DIR/p.go:16, and cardgen generates uiFiles (the views it embeds) in the package once it has the new tool; rename it",
			pkgNames[1],
			"with -ui the view would be DIR/cards/markdown-card.html, and markdown-card.html is the path of cardgen's built-in markdown-card view in every package's ui registry; pick another tool name, or leave -ui out",
		}},
		{"case", Options{Tool: "CANCEL_ORDER"}, append([]string{
			`tool name "CANCEL_ORDER" differs only in case from tool "cancel_order" of Cancel (DIR/p.go:12), and their golden files in testdata/golden would be one file on macOS and Windows; pick another tool name`,
		}, pkgNames...)},
		{"a name of the package only", Options{Tool: "get_order"}, pkgNames},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opts.Dir = dir
			_, err := NewPlan(tt.opts)
			if got := problemsOf(t, err, dir); !slices.Equal(got, tt.want) {
				t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestNewPlanAroundDotImports: a dot-import puts the imported package's exported names in its
// file's scope, and the package may not declare them too ("Contains already declared through
// dot-import of package strings"). The handler and its types are numbered around them, as around
// names the package declares; a name the generator declares for the tool or the package that a
// dot-import brings is refused, with the import to change. A dot-import in a test of the package
// counts (go test compiles it with the package); one in an external test package does not.
func TestNewPlanAroundDotImports(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"go.mod":       "module example.com/m\n\ngo 1.22\n",
		"lib/lib.go":   "package lib\n\nfunc RegisterTools() {}\n\nvar FindCard, FindACP = 1, 2\n\ntype FindInput struct{}\n\nfunc unexported() {}\n\nfunc (FindInput) Method() {}\n",
		"ok/a.go":      "package ok\n\nimport . \"strings\"\n\nvar _ = ToUpper\n",
		"ok/a_test.go": "package ok\n\nimport . \"bytes\"\n\nvar _ = Fields\n",
		"ok/x_test.go": "package ok_test\n\nimport . \"unicode\"\n\nvar _ = IsUpper\n",
		"bad/a.go":     "package bad\n\nimport . \"example.com/m/lib\"\n\nvar _ = FindInput{}\n",
	})
	for _, tt := range []struct{ tool, fn, in string }{
		{"contains", "Contains2", "ContainsInput"},
		{"to_upper", "ToUpper2", "ToUpperInput"},
		{"fields_func", "FieldsFunc2", "FieldsFuncInput"}, // bytes, of the test file
		{"is_upper", "IsUpper", "IsUpperInput"},           // unicode, of the external test package
	} {
		p, err := NewPlan(Options{Tool: tt.tool, Dir: filepath.Join(dir, "ok")})
		if err != nil {
			t.Errorf("%s: %v", tt.tool, err)
			continue
		}
		if p.Func != tt.fn || p.Input != tt.in {
			t.Errorf("%s: handler %s, input %s; want %s, %s", tt.tool, p.Func, p.Input, tt.fn, tt.in)
		}
	}
	_, err := NewPlan(Options{Tool: "find", Dir: filepath.Join(dir, "bad"), ACP: "detail"})
	want := []string{
		`DIR/bad/a.go:3:8: the dot-import of example.com/m/lib brings FindCard into that file, and cardgen generates FindCard for tool "find", so the package would not compile; import example.com/m/lib by name, or pick another tool name`,
		`DIR/bad/a.go:3:8: the dot-import of example.com/m/lib brings FindACP into that file, and cardgen generates FindACP for tool "find", so the package would not compile; import example.com/m/lib by name, or pick another tool name`,
		`DIR/bad/a.go:3:8: the dot-import of example.com/m/lib brings RegisterTools into that file, and cardgen generates RegisterTools (which registers the package's tools) in the package once it has the new tool, so the package would not compile; import example.com/m/lib by name`,
	}
	if got := problemsOf(t, err, dir); !slices.Equal(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestScaffoldedText: once Apply has undone a scaffold, the files it created are gone, so a
// position in one of them, in a diagnostic of the generator's or in the go command's output, is
// replaced by the scaffolded declaration that was there; one in a generated file is said to be
// of the file as regenerated; other positions stay.
func TestScaffoldedText(t *testing.T) {
	dir := t.TempDir()
	p, err := NewPlan(Options{Tool: "get_log", Dir: filepath.Join(dir, "billing"), UI: true})
	if err != nil {
		t.Fatal(err)
	}
	p.Options.Dir = "billing" // as the user wrote it
	lineOf := func(prefix string) int {
		for i, l := range strings.Split(string(p.Files[1].Content), "\n") {
			if strings.HasPrefix(l, prefix) {
				return i + 1
			}
		}
		t.Fatalf("the handler's file has no line %q", prefix)
		return 0
	}
	handler, tool, input := lineOf("func GetLog("), lineOf("//card:tool"), lineOf("type GetLogInput")
	out := fmt.Sprintf("# example.com/billing\n./get_log.go:%d:6: GetLog redeclared in this block\n\tother.go:3:6: other declaration of GetLog\n"+
		"    cards_gen_test.go:80: the example does not fit\n%s:%d:2: bad input\nget_log.go:%d:3: bad directive (get_log.go:%d:6)\n"+
		"doc.go:1:1: bad package\n%s:1:1: bad view",
		handler, filepath.Join(p.Dir, "get_log.go"), input, tool, handler, filepath.Join(p.Dir, "cards", "get_log.html"))
	got := p.scaffoldedText(out, []string{filepath.Join(p.Dir, gen.GeneratedTestFile)})
	const kept = "billing/get_log.go, which was not kept"
	want := "# example.com/billing\nthe scaffolded handler GetLog in " + kept + ": GetLog redeclared in this block\n\tother.go:3:6: other declaration of GetLog\n" +
		"    billing/cards_gen_test.go as regenerated with the new tool (its line 80), which was undone since: the example does not fit\n" +
		"the scaffolded type GetLogInput in " + kept + ": bad input\n" +
		"the doc comment (its //card: lines) of the scaffolded handler GetLog in " + kept + ": bad directive (the scaffolded handler GetLog in " + kept + ")\n" +
		"the scaffolded billing/doc.go of the new package, which was not kept: bad package\n" +
		"the scaffolded starter view billing/cards/get_log.html, which was not kept: bad view"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}

	diags := gen.Diagnostics{
		{Pos: token.Position{Filename: filepath.Join(p.Dir, "get_log.go"), Line: tool, Column: 13}, Msg: "bad tool"},
		{Pos: token.Position{Filename: filepath.Join(p.Dir, "other.go"), Line: 3, Column: 1}, Msg: fmt.Sprintf("clash with tool get_log (get_log.go:%d:13)", tool)},
	}
	gotDiags := p.scaffolded(diags).Error()
	wantDiags := "the doc comment (its //card: lines) of the scaffolded handler GetLog in " + kept + ": bad tool\n" +
		filepath.Join(p.Dir, "other.go") + ":3:1: clash with tool get_log (the doc comment (its //card: lines) of the scaffolded handler GetLog in " + kept + ")"
	if gotDiags != wantDiags {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", gotDiags, wantDiags)
	}
}
