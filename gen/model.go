package gen

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/cardgen/cardgen/annotations"
	"github.com/cardgen/cardgen/runtime/apps"
)

// Package is the generator's plain model of one annotated package: what render needs and nothing
// of go/packages beyond names and types. Every value keeps the position it came from so that
// check can point at it.
type Package struct {
	Name      string      // package name
	Path      string      // import path
	Dir       string      // directory of the package's files
	GoMod     string      // the go.mod of its module, as go/packages found it ("" when unknown)
	Tools     []*Tool     // the package's //card:tool handlers, in source order
	Receivers []*Receiver // one RegisterTools parameter per receiver type, in source order
	UIDir     string      // folder of ui files relative to Dir (see PackageUIDir)
	UIFiles   []string    // views and sidecars to embed, relative to UIDir, sorted
	// GenerateLine is set when a //go:generate line of the package runs cardgen, so that go
	// generate in the package updates its generated files.
	GenerateLine bool
	// TypeCards are the cards that types of the package declare (//card:result and the other
	// card directives on a type, or card:"…" struct tags), by type: the card of a tool whose
	// output is such a type, unless the handler gives its own, and of a carousel's items.
	TypeCards   map[*types.TypeName]*CardSpec
	pkg         Input
	generated   map[string]bool // files of the package that cardgen wrote
	willDeclare map[string]bool // top-level names the new generated file declares
	// ownUpdateFlag is set when the package's own tests define -update (see updateFlag), which
	// the generated test then does not define again.
	ownUpdateFlag bool
	// importAliases names imports of the generated files that would otherwise take a name the
	// package declares (see renderFreeOfScope); set on a copy of the Package for one rendering.
	importAliases map[string]string
	// tests are the top-level names of the package's own test files, read when first needed
	// (testDeclares); shared by the copies renderFreeOfScope makes.
	tests *testScope
}

// Receiver is a type whose methods are tool handlers; RegisterTools takes one value of it.
type Receiver struct {
	Type  *types.TypeName // the named type, never a pointer to it
	Param string          // parameter name in RegisterTools
}

// Tool is one annotated handler.
type Tool struct {
	Home       string        // import path of the package the tool is generated into
	Name       string        // MCP tool name
	NamePos    token.Pos     // where the name was written, or the function name when derived
	GoName     string        // exported Go stem for generated identifiers (GetOrder)
	Func       *types.Func   // the handler
	Decl       *ast.FuncDecl // the handler's declaration, for positions
	Recv       *Receiver     // nil for plain functions
	HasRequest bool          // the handler takes *mcp.CallToolRequest after ctx
	In         *types.Named  // the handler's input type
	Out        *types.Named  // the handler's output type (the element, when it returns *Out)
	OutPtr     bool          // the handler returns *Out
	// ReturnsResult is set when the handler returns (*mcp.CallToolResult, Out, error), as
	// mcp.ToolHandlerFor does: its result is sent, with the card and reply added to it.
	ReturnsResult bool
	Title         string // //card:tool title=; "" = none
	Icon          string // //card:tool icon=: the tool's icon URL; "" = none
	ReadOnly      bool   // //card:tool readonly: the readOnlyHint annotation
	Destructive   bool   // //card:tool destructive: the destructiveHint annotation
	Idempotent    bool   // //card:tool idempotent: the idempotentHint annotation
	OpenWorld     bool   // //card:tool openworld: the openWorldHint annotation
	Description   string // the doc comment without its directive lines

	// InName and OutName are the names the generated code writes for In and Out when those
	// of the types themselves cannot be written there: an alias in the handler's signature
	// (api.Out for model.Out of an internal package the generated package may not import, or
	// api.In for api's unexported in). Nil means the type's own name.
	InName, OutName *types.TypeName

	InSchema, OutSchema   []byte // marshalled JSON schemas, when mapped at generate time
	InRuntime, OutRuntime bool   // the schema must be reflected by invopop at init

	UIPath        string          // //card:ui path relative to the ui folder ("" = none)
	UIPos         token.Pos       // where the //card:ui path is, for diagnostics about the view
	Visibility    apps.Visibility // //card:visibility; zero = both
	HasVisibility bool            // a //card:visibility was given, which a zero Visibility cannot tell

	Card *CardSpec // nil when the tool has no result card
	// Markdown is set for a markdown card tool: the output type's card, with its
	// card:"markdown" document.
	Markdown *CardSpec
	// PartField is, for a markdown card tool, the Go name of the integer input field whose JSON
	// name is "part", with which a caller asks for the next part of a long document; "" when
	// the input has none.
	PartField string
	// ACP is the tool's Agent Chat Protocol card (//card:acp), nil without one.
	ACP    *ACPSpec
	acpDir *annotations.Directive
	// fitter names what fits the card before it is sent, for the builder's doc comment; ""
	// means RegisterTools (a carousel item's card is fitted by its carousel builder).
	fitter string
	// itemOf is, for a carousel item's card, the tool whose carousel it is; "" for a tool.
	itemOf string
	// inTried is, for a handler whose signature is refused, the named struct its input
	// parameter holds, also when that is a pointer to one (which In never is): its schema is
	// still checked, so that fixing the signature does not uncover a second round of problems.
	inTried *types.Named
	// inPos and outPos are where the signature writes the input's and the output's types:
	// problems of a type's top level (not a struct to encoding/json, say) are reported there.
	inPos, outPos token.Pos
	// guarded are the named struct types the tool's generated code depends on by their
	// fields, which the generated test holds to their declarations (typeguard.go).
	guarded  []*types.Named
	Reply    *Text     // the text content the model reads; nil = the JSON of the output
	Examples []Example // //card:example values
	// Dirs are the //card: directives of the handler's doc comment, as parsed, in source order.
	// The fields above are built from them; cardgen reads only those.
	Dirs []*annotations.Directive
}

// Example is one //card:example: a JSON value of the output type.
type Example struct {
	JSON string    // the value, as the directive gives it once unquoted
	Pos  token.Pos // where the value starts in the directive
	// Verbatim is set when the source holds JSON as it is, so that byte n of it is at Pos+n
	// (not a quoted value, whose escapes move it).
	Verbatim bool
}

// CardSpec is a result card: slots filled from templates over the output type.
type CardSpec struct {
	Pos                   token.Pos    // the directive or type that declared it
	Title, Subtitle, Text *Text        // nil where the card has none
	Icon, Image           *Text        // URLs; nil where the card has none
	Fields                []FieldSpec  // detail rows, in order
	Actions               []ActionSpec // buttons, in order
	Fallback              *Text        // the text shown where the card cannot be drawn; nil = derived
	Markdown              *ValuePath   // the card:"markdown" document, for markdown card tools
}

// FieldSpec is one detail row of a card.
type FieldSpec struct {
	Label    string    // the row's fixed label
	LabelPos token.Pos // where the label is written
	Value    *Text     // the row's value
}

// ActionSpec is one button of a card.
type ActionSpec struct {
	Kind     string    // "url" or "message"
	Label    string    // the button's fixed label
	LabelPos token.Pos // where the label is written
	Target   *Text     // the URL or the message text
}

// Text is a card text: literal parts and values from the output, resolved against go/types.
type Text struct {
	Parts []Part    // in order; concatenated, they are the text
	Pos   token.Pos // where the template is written
	Slot  string    // human name of the slot for messages ("card title")
}

// IsLiteral reports whether the text has no dynamic part.
func (t *Text) IsLiteral() bool {
	for _, p := range t.Parts {
		if p.Value != nil {
			return false
		}
	}
	return true
}

// Literal returns the concatenated literal parts.
func (t *Text) Literal() string {
	s := ""
	for _, p := range t.Parts {
		if p.Value == nil {
			s += p.Lit
		}
	}
	return s
}

// Part is a literal string or a value path.
type Part struct {
	Lit   string     // the literal text, when Value is nil
	Value *ValuePath // the {{…}} value; nil for a literal
	Pos   token.Pos  // where the part is written
	// Escape is how a value in a URL is escaped for its part of the URL, so data cannot change
	// the link's host, add a query parameter or make card.Fit drop the link.
	Escape URLEscape
}

// URLEscape is how a {{…}} in a URL slot is escaped.
type URLEscape int

const (
	EscapeNone  URLEscape = iota // not in a URL, or the whole URL's start (checked by card.Fit)
	EscapePath                   // card.PathPart: in the path or the fragment
	EscapeQuery                  // card.QueryPart: after a '?'
)

// ValuePath is {{.A.B}} resolved: the field selections from the output value and how to show the
// final value as a string.
type ValuePath struct {
	Steps []Step     // the field selections, from the output value on
	Show  ShowKind   // how the final value is written as a string
	Type  types.Type // the final value's type
	Text  string     // the path as written, for comments and messages
}

// Step is one selection; NilCheck is set when the value it selects is a pointer or an interface
// that may be nil.
type Step struct {
	Field    string // the Go name of the field selected
	NilCheck bool   // the value it selects is a pointer or an interface that may be nil
	// Deref is set on a last step whose pointer is of a defined type (type MoneyPtr *Money):
	// such a type has no methods of its own and does not reach its element's, so String is
	// called on the element, written (*out.Total).String().
	Deref bool
}

// ShowKind is how a value becomes text, decided at generate time so that no reflection runs.
type ShowKind int

const (
	ShowString   ShowKind = iota // a string (or a named string type: converted)
	ShowStringer                 // fmt.Stringer
	ShowInt                      // strconv.FormatInt
	ShowUint                     // strconv.FormatUint
	ShowFloat32                  // strconv.FormatFloat(…, 32)
	ShowFloat64                  // strconv.FormatFloat(…, 64)
	ShowBool                     // strconv.FormatBool
)

// empty reports whether no slot of the card is filled.
func (c *CardSpec) empty() bool {
	return c.Title == nil && c.Subtitle == nil && c.Text == nil && c.Icon == nil && c.Image == nil &&
		c.Fallback == nil && len(c.Fields) == 0 && len(c.Actions) == 0 && c.Markdown == nil
}
