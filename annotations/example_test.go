package annotations_test

import (
	"fmt"
	"go/token"
	"os"
	"strings"

	"github.com/cardgen/cardgen/annotations"
)

func ExampleParseComment() {
	line := `//card:tool get_order title="Order status" readonly`
	fset := token.NewFileSet()
	f := fset.AddFile("shop/orders.go", -1, len(line))
	d, errs := annotations.ParseComment(line, f.Pos(0))
	fmt.Println(d.Name, d.Args[0].Text, d.Flag("readonly"), len(errs))
	title, _ := d.Key("title")
	fmt.Printf("title %q at %s\n", title.Value.Text, fset.Position(title.Value.Pos))

	_, errs = annotations.ParseComment("//card:tool get_order titel=x", f.Pos(0))
	for _, e := range errs {
		fmt.Printf("%s: %s\n", fset.Position(e.Pos), e.Msg)
	}
	// Output:
	// tool get_order true 0
	// title "Order status" at shop/orders.go:1:29
	// shop/orders.go:1:23: unknown key titel for //card:tool; did you mean title?
}

// A diagnostic about one character of a quoted value points at it as written, past the quote
// and the escapes before it.
func ExampleValue_PosOf() {
	line := `//card:result title="Order\t#{{.ID}}"`
	fset := token.NewFileSet()
	f := fset.AddFile("shop/orders.go", -1, len(line))
	d, _ := annotations.ParseComment(line, f.Pos(0))
	title, _ := d.Key("title")
	tab := strings.IndexByte(title.Value.Text, '\t')
	fmt.Printf("%q: the tab is byte %d of the text, at %s\n", title.Value.Text, tab, fset.Position(title.Value.PosOf(tab)))
	// Output:
	// "Order\t#{{.ID}}": the tab is byte 5 of the text, at shop/orders.go:1:27
}

func ExampleParseTemplate() {
	tpl, errs := annotations.ParseTemplate(annotations.Value{Text: "Order #{{.ID}} for {{ .Customer.Name }}"})
	for _, s := range tpl.Segments {
		if s.Path != nil {
			fmt.Printf("field %s\n", strings.Join(s.Path, "."))
		} else {
			fmt.Printf("text %q\n", s.Literal)
		}
	}
	fmt.Println(tpl.IsLiteral(), len(errs))

	_, errs = annotations.ParseTemplate(annotations.Value{Text: "{{.ID | printf}}"})
	fmt.Println(errs[0].Msg)
	// Output:
	// text "Order #"
	// field ID
	// text " for "
	// field Customer.Name
	// false 0
	// only {{.Field}} paths are supported; {{.ID | printf}} is not a field path: compute the value in Go, as a field or a String() method
}

func ExampleParseTag() {
	items, _ := annotations.ParseTag("title,field=Total")
	for _, it := range items {
		fmt.Printf("%s %q at %d\n", it.Slot, it.Arg, it.Offset)
	}
	_, errs := annotations.ParseTag("subtitel")
	fmt.Println(errs[0].Msg)
	// Output:
	// title "" at 0
	// field "Total" at 6
	// unknown card slot "subtitel"; did you mean subtitle?
}

func ExampleDidYouMean() {
	fmt.Println(annotations.DidYouMean("feild", annotations.Names()))
	// Output: field
}

func ExampleWriteHelp() {
	if err := annotations.WriteHelp(os.Stdout, "ui"); err != nil {
		fmt.Println(err)
	}
	// Output:
	// //card:ui: Show an MCP Apps UI card drawn by an HTML file.
	//
	// Usage:  //card:ui PATH
	// On:     func
	//
	// The file is embedded in the binary and served as a ui:// resource whose URI
	// carries a content hash, so hosts never show a stale card. The path is relative
	// to the ui folder and may not leave it. Start a view from the starter view:
	// cardgen new <tool_name> -view [-dir PKG] writes it for an existing tool into the
	// package's ui folder and prints the //card:ui line to add (cardgen new -ui writes
	// a new tool with its view).
	//
	// Arguments:
	//   PATH   path   A relative .html path inside the ui folder.
	//
	// Example:
	//   //card:ui orders/card.html
}
