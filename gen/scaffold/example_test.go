package scaffold_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/cardgen/cardgen/gen/scaffold"
)

// NewPlan decides names and files without writing: here the package already has a GetInvoice,
// so the handler becomes GetInvoice2.
func ExampleNewPlan() {
	dir, err := os.MkdirTemp("", "shop")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "shop.go"), []byte("package shop\n\nfunc GetInvoice() {}\n"), 0o644); err != nil {
		panic(err)
	}

	p, err := scaffold.NewPlan(scaffold.Options{Tool: "get_invoice", Dir: dir, UI: true})
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Package, p.Func, p.Input, p.Output)
	for _, f := range p.Files {
		rel, _ := filepath.Rel(dir, f.Path)
		fmt.Println(filepath.ToSlash(rel))
	}
	// Output:
	// shop GetInvoice2 GetInvoiceInput GetInvoiceOutput
	// get_invoice.go
	// cards/get_invoice.html
}

// A refused plan lists every reason at once.
func ExampleNewPlan_refused() {
	dir, err := os.MkdirTemp("", "shop")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)

	_, err = scaffold.NewPlan(scaffold.Options{Tool: "get invoice", Dir: dir, Markdown: true, UI: true})
	fmt.Println(err)
	// Output:
	// tool name "get invoice" is not valid; a tool name is 1 to 64 letters, digits, '_', '.' or '-', such as get_invoice
	// -markdown and -ui cannot be combined: a markdown document is drawn by the markdown card view, and a tool has one view; leave one out
}

func ExamplePackageName() {
	fmt.Println(scaffold.PackageName("My-Tools"), scaffold.PackageName("2fa"), scaffold.PackageName("type"))
	// Output: mytools p2fa typepkg
}

func ExampleTitle() {
	fmt.Println(scaffold.Title("orders.list-all"))
	// Output: Orders list all
}
