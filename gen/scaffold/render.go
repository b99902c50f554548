package scaffold

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
)

// cardgenCmd is cardgen's command package, which a module names as a tool for the go:generate
// line of a new package (go tool cardgen).
const cardgenCmd = "github.com/cardgen/cardgen/cmd/cardgen"

// generateLine is the //go:generate line that runs cardgen: in a new package's doc.go, and the
// one cardgen new tells to add to a package that has none (Result.GenerateLine).
const generateLine = "//go:generate go tool cardgen"

// field is one field of a scaffolded struct.
type field struct {
	name, typ string
	tags      map[string]string
	doc       string
}

// shape is what the tool's output is drawn as; it decides the output type and the directives.
type shape int

const (
	resultCard  shape = iota // a result card from //card:result, field, action and fallback
	markdownDoc              // -markdown: a markdown document
	carousel                 // -acp carousel: a slice of items, each with a card from its tags
)

func shapeOf(o Options) shape {
	switch {
	case o.Markdown:
		return markdownDoc
	case o.ACP == "carousel":
		return carousel
	}
	return resultCard
}

// itemFields are the fields of a carousel item: an id, and tags that make its card.
var itemFields = []field{
	{name: "ID", typ: "string", tags: map[string]string{"json": "id"}},
	{name: "Title", typ: "string", tags: map[string]string{"json": "title", "card": "title"}},
	{name: "Status", typ: "string", tags: map[string]string{"json": "status", "card": "subtitle"}},
	{name: "Summary", typ: "string", tags: map[string]string{"json": "summary", "card": "text"}},
}

// outputFields are the output type's fields for the plan's shape.
func outputFields(p *Plan) []field {
	switch shapeOf(p.Options) {
	case markdownDoc:
		return []field{
			{name: "Title", typ: "string", tags: map[string]string{"json": "title", "card": "title"},
				doc: "Title is the card title."},
			{name: "Markdown", typ: "string", tags: map[string]string{"json": "markdown", "card": "markdown"},
				doc: "Markdown is the whole document; RegisterTools renders the part the caller asked for."},
		}
	case carousel:
		return []field{{name: "Items", typ: "[]" + p.Item, tags: map[string]string{"json": "items"},
			doc: "Items are the carousel's items, one card each."}}
	}
	return []field{
		{name: "ID", typ: "string", tags: map[string]string{"json": "id"}},
		{name: "Title", typ: "string", tags: map[string]string{"json": "title"}},
		{name: "Status", typ: "string", tags: map[string]string{"json": "status"}},
		{name: "Summary", typ: "string", tags: map[string]string{"json": "summary"}},
	}
}

// directives are the //card: lines of the handler's doc comment.
func directives(o Options) []string {
	lines := []string{fmt.Sprintf("//card:tool %s title=%q", o.Tool, Title(o.Tool))}
	if o.UI {
		lines = append(lines, "//card:ui "+o.Tool+".html")
	}
	if o.ACP != "" {
		lines = append(lines, "//card:acp "+o.ACP)
	}
	if shapeOf(o) != resultCard {
		return append(lines, "//card:example "+exampleJSON(o))
	}
	lines = append(lines,
		`//card:result title="{{.Title}}" subtitle="{{.Status}}" text="{{.Summary}}"`,
		`//card:field ID "{{.ID}}"`)
	lines = append(lines, actions(o)...)
	return append(lines,
		`//card:fallback "{{.Title}} ({{.Status}}): {{.Summary}}"`,
		"//card:example "+exampleJSON(o),
	)
}

// actions are the card's //card:action lines. A review card's first button is its approve CTA
// and its second its reject CTA, so a review gets the two, each naming the item by its ID so
// that the reply says what was approved or rejected; any other card gets one button that asks
// for more.
func actions(o Options) []string {
	if o.ACP == "review" {
		return []string{
			`//card:action message "Approve" "Approve {{.ID}}"`,
			`//card:action message "Reject" "Reject {{.ID}}"`,
		}
	}
	return []string{`//card:action message "Tell me more" "Tell me more about {{.Title}}"`}
}

// sample is the example result of a result card, and each example item of a carousel.
type sample struct {
	ID      string `json:"id"`
	Title   string `json:"title"`
	Status  string `json:"status"`
	Summary string `json:"summary"`
}

// exampleJSON is the //card:example value: a sample output that fits its card as written.
func exampleJSON(o Options) string {
	one := sample{"example-1", "Example", "ready", "A sample result of " + o.Tool + ": replace this example with a real one."}
	var v any = one
	switch shapeOf(o) {
	case markdownDoc:
		v = struct {
			Title    string `json:"title"`
			Markdown string `json:"markdown"`
		}{Title(o.Tool), "A sample document of " + o.Tool + ": replace this example with a real one.\n\n" +
			"## Details\n\n| Key | Value |\n| --- | --- |\n| id | example-1 |\n"}
	case carousel:
		two := sample{"example-2", "Another example", "draft", "A second item, so the carousel has something to scroll."}
		v = struct {
			Items []sample `json:"items"`
		}{[]sample{one, two}}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v) // strings only: cannot fail
	return strings.TrimSuffix(b.String(), "\n")
}

// structOf renders fields as struct members, each after its doc comment.
func structOf(fields []field) []jen.Code {
	var code []jen.Code
	for _, fl := range fields {
		if fl.doc != "" {
			code = append(code, jen.Comment(fl.doc))
		}
		code = append(code, jen.Id(fl.name).Id(fl.typ).Tag(fl.tags))
	}
	return code
}

// importName is the name the handler's file imports the standard package name under: name
// itself, unless the package declares name at its top level (a var errors, a func context), which
// would clash with the import in the file's scope; then name with the smallest number from 1 up
// that the package leaves free, as the generator names its own imports (json1).
func importName(name string, declared func(string) bool) string {
	return freeFrom(name, 1, declared)
}

// renderTool renders <tool>.go: the input and output types and the annotated handler stub.
// declared reports the package's top-level names, which the file's imports must not take.
func renderTool(p *Plan, recv *recvInfo, declared func(string) bool) ([]byte, error) {
	o := p.Options
	f := jen.NewFile(p.Package)
	contextName, errorsName := importName("context", declared), importName("errors", declared)
	if contextName != "context" {
		f.ImportAlias("context", contextName)
	}
	if errorsName != "errors" {
		f.ImportAlias("errors", errorsName)
	}

	f.Commentf("%s is the input of the %s tool.", p.Input, o.Tool)
	in := []jen.Code{
		jen.Comment("ID names what to look up. The json and jsonschema tags shape the input schema."),
		jen.Id("ID").String().Tag(map[string]string{"json": "id", "jsonschema": "description=What to look up,minLength=1"}),
	}
	if o.Markdown {
		in = append(in,
			jen.Comment("Part is the part of a long document the caller asks for; RegisterTools picks it from the"),
			jen.Comment("whole document the handler returns."),
			jen.Id("Part").Int().Tag(map[string]string{"json": "part,omitempty", "jsonschema": "minimum=1,description=Part of the document to show (1-based)"}))
	}
	f.Type().Id(p.Input).Struct(in...)

	what := map[shape]string{
		resultCard:  "its fields fill the result card",
		markdownDoc: "its markdown field is drawn as a markdown card",
		carousel:    "its items are the carousel",
	}[shapeOf(o)]
	f.Commentf("%s is the result of the %s tool: %s.", p.Output, o.Tool, what)
	f.Type().Id(p.Output).Struct(structOf(outputFields(p))...)
	if shapeOf(o) == carousel {
		f.Commentf("%s is one item of the %s carousel; its card comes from its card tags.", p.Item, o.Tool)
		f.Type().Id(p.Item).Struct(structOf(itemFields)...)
	}

	doc := jen.Commentf("%s is the %s tool. Describe here what it does and when to use it:", p.Func, o.Tool).Line().
		Comment("this comment, without its //card: lines, is the tool description the model reads.").Line().
		Comment("//").Line()
	for _, d := range directives(o) {
		doc.Comment(d).Line()
	}
	fn := doc.Func()
	if recv != nil {
		// The parameters' names, and the import the body uses, must not be shadowed.
		name := recv.param
		if name == "" || name == "_" || name == "ctx" || name == "in" || name == errorsName {
			// The first letter, not the first byte: a type name may start with any Unicode
			// letter (Ärger), and half of its UTF-8 encoding is no identifier.
			first, _ := utf8.DecodeRuneInString(recv.name)
			name = string(unicode.ToLower(first))
			if name == "_" {
				name = "r"
			}
		}
		typ := jen.Id(recv.name)
		if recv.pointer {
			typ = jen.Op("*").Id(recv.name)
		}
		fn = fn.Params(jen.Id(name).Add(typ))
	}
	fn.Id(p.Func).
		Params(jen.Id("ctx").Qual("context", "Context"), jen.Id("in").Id(p.Input)).
		Params(jen.Op("*").Id(p.Output), jen.Error()).
		Block(
			jen.Comment("TODO: implement "+o.Tool+"; the //card:example above shows what a result looks like."),
			jen.Return(jen.Nil(), jen.Qual("errors", "New").Call(jen.Lit(o.Tool+" is not implemented yet"))),
		)
	f.Add(fn)

	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, fmt.Errorf("rendering %s.go: %w", o.Tool, err)
	}
	return buf.Bytes(), nil
}

// renderDoc renders doc.go for a new package: its doc comment and the go:generate line.
func renderDoc(pkg string) ([]byte, error) {
	f := jen.NewFile(pkg)
	f.PackageComment(fmt.Sprintf("Package %s holds MCP tools annotated for cardgen. Run go generate after changing an", pkg))
	f.PackageComment("annotation: cardgen rewrites cards_gen.go, whose RegisterTools adds the tools to a server.")
	// go tool, not go run: the module names cardgen as a tool (go mod edit -tool), so go mod
	// tidy keeps the go.sum entries of the generator's own dependencies, which go run of a
	// package nothing imports would lack.
	f.Comment(generateLine)
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, fmt.Errorf("rendering doc.go: %w", err)
	}
	return buf.Bytes(), nil
}
