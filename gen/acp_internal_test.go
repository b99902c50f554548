package gen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"slices"
	"testing"
)

// TestJSONIDPath: the carousel id is the field encoding/json writes as "id": the shallowest,
// looked for a depth at a time (a deeper one inside the first embedded struct does not win over
// a shallower one in the second), and none when two at the same depth cancel out.
func TestJSONIDPath(t *testing.T) {
	const src = `package p
type C struct{ ID string ` + "`json:\"id\"`" + ` }
type A struct{ C }
type B struct{ ID string ` + "`json:\"id\"`" + ` }
type Deep struct{ A; B }
type Own struct{ A; Key string ` + "`json:\"id\"`" + ` }
type D struct{ ID string ` + "`json:\"id\"`" + ` }
type Tie struct{ B; *D }
type None struct{ Name string ` + "`json:\"name\"`" + ` }
type Named struct{ B ` + "`json:\"b\"`" + ` }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := new(types.Config).Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string][]string{
		"Deep":  {"B", "ID"},
		"Own":   {"Key"},
		"A":     {"C", "ID"},
		"Tie":   nil,
		"None":  nil,
		"Named": nil,
	} {
		st := pkg.Scope().Lookup(name).Type().Underlying().(*types.Struct)
		if got := jsonIDPath(st); !slices.Equal(got, want) {
			t.Errorf("jsonIDPath(%s) = %q; want %q", name, got, want)
		}
	}
}

// TestFormLabelWords holds the labels of form fields without a schema title: words split at
// separators and camel case, acronyms and common initialisms in capitals, the first letter of a
// non-ASCII name upper-cased whole (cutting its first byte gave invalid UTF-8), and no stray
// spaces from leading or doubled separators.
func TestFormLabelWords(t *testing.T) {
	for name, want := range map[string]string{
		"product_id":    "Product ID",
		"inStock":       "In stock",
		"userID":        "User ID",
		"URL":           "URL",
		"HTTPSProxy":    "HTTPS proxy",
		"été":           "Été",
		"_x":            "X",
		"a__b":          "A b",
		"late-checkout": "Late checkout",
		"page2Size":     "Page2 size",
		"email":         "Email",
		"ÅrsTal":        "Års tal",
		"___":           "___",
		"userIDs":       "User IDs",
		"imageURLs":     "Image URLs",
		"IDs":           "IDs",
		"productIds":    "Product IDs",
		"URLsList":      "URLs list",
		"status":        "Status",
		"items":         "Items",
	} {
		if got := Words(name); got != want {
			t.Errorf("Words(%q) = %q; want %q", name, got, want)
		}
	}
}

// TestACPNamesBeforeFirstGeneration: a package whose code already refers to the ACP builders
// cardgen will declare (as an agent's code does) generates before they exist. The names were
// added to the ones generation cures only after the ACP cards were modelled, too late for the
// package's "undefined: FindRoomsACP".
func TestACPNamesBeforeFirstGeneration(t *testing.T) {
	src, err := os.ReadFile("../testdata/golden/acp_cards/p.go")
	if err != nil {
		t.Fatal(err)
	}
	dir := moduleTempDir(t, "acpnames")
	writeTree(t, dir, map[string]string{
		"p.go":    string(src),
		"uses.go": "package p\n\nvar (\n\t_ = FindRoomsACP\n\t_ = BookRoomACPForm\n\t_ = DispatchACP\n)\n",
	})
	if diags := modelDiags(t, dir); len(diags) > 0 {
		t.Errorf("diagnostics for names cardgen will declare: %v", diags)
	}
}
