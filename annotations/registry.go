package annotations

import (
	"slices"
	"strings"
)

// Target says where a directive may appear. It is a bit set.
type Target int

// The places a directive may appear.
const (
	OnFunc Target = 1 << iota // the doc comment of a handler func or method
	OnType                    // the doc comment of a type declaration (its card for every tool returning it)
)

// String returns "func", "type" or "func or type".
func (t Target) String() string {
	var parts []string
	if t&OnFunc != 0 {
		parts = append(parts, "func")
	}
	if t&OnType != 0 {
		parts = append(parts, "type")
	}
	if len(parts) == 0 {
		return "nowhere"
	}
	return strings.Join(parts, " or ")
}

// ArgKind is the kind of value a positional argument or key takes. It decides
// how ParseComment checks the word.
type ArgKind int

// The kinds of directive values.
const (
	KindString      ArgKind = iota // any word or quoted string
	KindIdent                      // a Go-ish word: letters, digits, _ . and -
	KindEnum                       // one of the spec's Enum words
	KindTemplate                   // a card template with {{.Field.Path}} references
	KindURLTemplate                // a card template whose value is a URL (https is checked by gen and at run time)
	KindJSON                       // the raw rest of the line, which must be valid JSON
	KindPath                       // a slash-separated relative file path
	KindList                       // comma-separated Enum words, each at most once
)

var kindNames = [...]string{
	KindString:      "string",
	KindIdent:       "identifier",
	KindEnum:        "enum",
	KindTemplate:    "template",
	KindURLTemplate: "URL template",
	KindJSON:        "JSON",
	KindPath:        "path",
	KindList:        "list",
}

// String returns a human name of the kind, as used in help texts.
func (k ArgKind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// IsTemplate reports whether values of this kind are card templates, which
// ParseTemplate accepts.
func (k ArgKind) IsTemplate() bool { return k == KindTemplate || k == KindURLTemplate }

// ArgSpec describes one positional argument.
type ArgSpec struct {
	Name     string   // lower-case name, shown upper-case in usage lines: "label" → LABEL
	Kind     ArgKind  // how the word is checked
	Enum     []string // the allowed words, for KindEnum and KindList
	Optional bool     // may be left out; only trailing arguments are optional
	Help     string   // one sentence
}

// KeySpec describes one key=value pair.
type KeySpec struct {
	Name string
	Kind ArgKind
	Enum []string
	Help string
}

// FlagSpec describes one bare flag word.
type FlagSpec struct {
	Name string
	Help string
}

// Spec is one registered directive.
type Spec struct {
	Name       string
	On         Target // where it may appear
	Args       []ArgSpec
	Keys       []KeySpec
	Flags      []FlagSpec
	Repeatable bool   // may appear more than once in one doc comment
	Summary    string // one line, no final period
	Help       string // a short paragraph
	Example    string // a real directive line, starting with //card:
	// Elsewhere names keys people write that the directive does not take because the value
	// comes from elsewhere, each with where: an unknown key's message says so instead of
	// listing the keys it does take.
	Elsewhere map[string]string
}

// toolDescription says where a tool's description comes from, for a description= key.
const toolDescription = "a tool's description is its handler's doc comment without the //card: lines; write it there, above them"

// Key returns the key spec called name.
func (s *Spec) Key(name string) (KeySpec, bool) {
	for _, k := range s.Keys {
		if k.Name == name {
			return k, true
		}
	}
	return KeySpec{}, false
}

// HasFlag reports whether the directive has a flag called name.
func (s *Spec) HasFlag(name string) bool {
	return slices.ContainsFunc(s.Flags, func(f FlagSpec) bool { return f.Name == name })
}

// Usage returns the directive's grammar in one line, for example
// "//card:field LABEL VALUE" or "//card:tool [NAME] [title=STRING] [readonly] …".
func (s *Spec) Usage() string {
	var b strings.Builder
	b.WriteString("//card:" + s.Name)
	for _, a := range s.Args {
		w := strings.ToUpper(a.Name)
		if a.Kind == KindJSON {
			w += "…"
		}
		if a.Optional {
			w = "[" + w + "]"
		}
		b.WriteString(" " + w)
	}
	for _, k := range s.Keys {
		b.WriteString(" [" + k.Name + "=" + strings.ToUpper(strings.ReplaceAll(k.Kind.String(), " ", "_")) + "]")
	}
	for _, f := range s.Flags {
		b.WriteString(" [" + f.Name + "]")
	}
	return b.String()
}

// argNamed returns the upper-case name of the positional argument called name in any case, as
// it appears in Usage, or "".
func (s *Spec) argNamed(name string) string {
	for _, a := range s.Args {
		if strings.EqualFold(a.Name, name) {
			return strings.ToUpper(a.Name)
		}
	}
	return ""
}

func (s *Spec) keyNames() []string {
	names := make([]string, len(s.Keys))
	for i, k := range s.Keys {
		names[i] = k.Name
	}
	return names
}

func (s *Spec) flagNames() []string {
	names := make([]string, len(s.Flags))
	for i, f := range s.Flags {
		names[i] = f.Name
	}
	return names
}

func templateKeys(help map[string]string, kinds map[string]ArgKind, names ...string) []KeySpec {
	keys := make([]KeySpec, len(names))
	for i, n := range names {
		keys[i] = KeySpec{Name: n, Kind: kinds[n], Help: help[n]}
	}
	return keys
}

// registry is the one table of directives, sorted by name. Everything else
// (validation, help, docs) is derived from it.
var registry = []*Spec{
	{
		Name: "acp",
		On:   OnFunc,
		Args: []ArgSpec{{Name: "kind", Kind: KindEnum, Enum: []string{"detail", "review", "carousel", "form"},
			Help: "The Agent Chat Protocol card_kind the result is sent as."}},
		Summary: "Generate builders that send the result as an Agent Chat Protocol card of the given kind",
		Help: "Agent Chat Protocol hosts (Agentverse, ASI:One) draw a card from a MetadataContent with card_kind and " +
			"a JSON card_payload. cardgen generates the builders your agent calls to send the tool's result as a " +
			"card of this kind: <Tool>ACP(out) for detail and review (projected from the result card: title, " +
			"fields, buttons) and for carousel (one item per element of the output's slice of carded " +
			"elements); <Tool>ACPForm() for form (built from the input schema) and DispatchACP, which decodes " +
			"a submitted form and calls the tool. RegisterTools does not send ACP cards: MCP clients have none.",
		Example: "//card:acp detail",
	},
	{
		Name: "action",
		On:   OnFunc | OnType,
		Args: []ArgSpec{
			{Name: "kind", Kind: KindEnum, Enum: []string{"url", "message"},
				Help: "url opens a page in a new tab; message sends a prepared sentence as the user's next message."},
			{Name: "label", Kind: KindString, Help: "The button label, at most 30 characters."},
			{Name: "target", Kind: KindTemplate,
				Help: "For url, the https URL to open; for message, the text to send (at most 200 characters)."},
		},
		Repeatable: true,
		Summary:    "Add a button to the result card",
		Help: "A card has at most 2 actions; the first one is the primary button. A url action whose URL is not " +
			"https is dropped at run time, so the card is never rejected by the host. Messaging channels show " +
			"url actions as \"Label: URL\" after the fallback text.",
		Example: `//card:action url Track "{{.TrackURL}}"`,
	},
	{
		Name:       "example",
		On:         OnFunc,
		Args:       []ArgSpec{{Name: "json", Kind: KindJSON, Help: "An output value as JSON, on one line."}},
		Repeatable: true,
		Summary:    "Give an example output value for golden tests and previews",
		Help: "The rest of the line is one JSON value of the handler's output type. cardgen checks it against " +
			"the tool's output schema when it runs (a misspelt key, a wrong type, a missing field or a key given " +
			"twice is an error there; where a type has its own JSONSchema method, whose schema the server reflects " +
			"when it starts, any value is taken, and the golden test checks it); the generated golden tests build the card from each example and snapshot it under " +
			"testdata/golden/, so a change to a card is reviewed like code.",
		Example: `//card:example {"id":"1042","status":"Shipped","eta":"Friday","total":1250000,"carrier":"GHN","track_url":"https://shop.example.com/o/1042"}`,
	},
	{
		Name:    "fallback",
		On:      OnFunc | OnType,
		Args:    []ArgSpec{{Name: "text", Kind: KindTemplate, Help: "Plain text, at most 500 characters."}},
		Summary: "Set the card's fallback text, shown where the card cannot be drawn",
		Help: "Every result card needs fallback text: hosts drop a card without it, and messaging channels show " +
			"it instead of the card, followed by url buttons as \"Label: URL\". Without //card:fallback, the " +
			"generated builder writes one from the card's title, subtitle, text and fields (card.WithFallback); " +
			"write your own for a sentence that reads better.",
		Example: `//card:fallback "Order #{{.ID}} {{.Status}}, arrives {{.ETA}}. Total {{.Total}}."`,
	},
	{
		Name: "field",
		On:   OnFunc | OnType,
		Args: []ArgSpec{
			{Name: "label", Kind: KindString, Help: "The row label, at most 40 characters."},
			{Name: "value", Kind: KindTemplate, Help: "The row value, at most 120 characters."},
		},
		Repeatable: true,
		Summary:    "Add a detail row (label and value) to the result card",
		Help:       "A card shows at most 4 fields, in the order given.",
		Example:    `//card:field Total "{{.Total}}"`,
	},
	{
		Name:    "reply",
		On:      OnFunc,
		Args:    []ArgSpec{{Name: "text", Kind: KindTemplate, Help: "The text content of the tool result."}},
		Summary: "Set the text the model reads in the tool result",
		Help: "By default the result's text content is the JSON of the output value. A reply template gives " +
			"the model a short sentence instead; the output is still sent as structuredContent.",
		Example: `//card:reply "Order {{.ID}} is {{.Status}} and arrives {{.ETA}}."`,
	},
	{
		Name: "result",
		On:   OnFunc | OnType,
		Keys: templateKeys(map[string]string{
			"title":    "The card title, at most 80 characters; required for a card.",
			"subtitle": "A line under the title, at most 160 characters.",
			"text":     "The body text, at most 300 characters; line breaks are kept.",
			"icon":     "An https URL of a small icon.",
			"image":    "An https URL of an image.",
		}, map[string]ArgKind{
			"title": KindTemplate, "subtitle": KindTemplate, "text": KindTemplate,
			"icon": KindURLTemplate, "image": KindURLTemplate,
		}, "title", "subtitle", "text", "icon", "image"),
		Summary: "Fill the result card's title, subtitle, text, icon and image",
		Help: "The result card (_meta.assistant_platform.card) is attached to the tools/call result. On a type " +
			"declaration it is that type's card for every tool that returns it; a handler's own directives " +
			"override it. Values are plain text: no Markdown or HTML. Dynamic values are clamped to their " +
			"limits at run time.",
		Example: `//card:result title="Order #{{.ID}}" subtitle="{{.Status}}" text="Arrives {{.ETA}}."`,
	},
	{
		Name: "tool",
		On:   OnFunc,
		Args: []ArgSpec{{Name: "name", Kind: KindIdent, Optional: true,
			Help: "The MCP tool name; by default the snake_case of the func name."}},
		Keys: []KeySpec{
			{Name: "title", Kind: KindString, Help: "A human-readable title for the tool."},
			{Name: "icon", Kind: KindString, Help: "The tool's icon, an https:// URL or a data:image/…;base64, URI (the tool's icons in tools/list)."},
		},
		Elsewhere: map[string]string{
			"description": toolDescription,
			"desc":        toolDescription,
		},
		Flags: []FlagSpec{
			{Name: "readonly", Help: "The tool does not modify its environment (readOnlyHint)."},
			{Name: "destructive", Help: "The tool may perform destructive updates (destructiveHint)."},
			{Name: "idempotent", Help: "Calling it again with the same arguments has no further effect (idempotentHint)."},
			{Name: "openworld", Help: "The tool talks to an open world of external entities (openWorldHint)."},
		},
		Summary: "Register the func as an MCP tool",
		Help: "The doc comment without its directive lines becomes the tool description, which a tool must " +
			"have: it is what a model reads to choose the tool. The handler has the " +
			"shape func(ctx, In) (Out, error) or (*Out, error), optionally with a *mcp.CallToolRequest after " +
			"ctx, or returns (*mcp.CallToolResult, Out, error) as mcp.ToolHandlerFor does, to write its own result. Flags become the tool's annotations (hints to the client, not guarantees).",
		Example: `//card:tool get_order title="Order status" readonly idempotent`,
	},
	{
		Name:    "ui",
		On:      OnFunc,
		Args:    []ArgSpec{{Name: "path", Kind: KindPath, Help: "A relative .html path inside the ui folder."}},
		Summary: "Show an MCP Apps UI card drawn by an HTML file",
		Help: "The file is embedded in the binary and served as a ui:// resource whose URI carries a content " +
			"hash, so hosts never show a stale card. The path is relative to the ui folder and may not leave it. " +
			"Start a view from the starter view: cardgen new <tool_name> -view [-dir PKG] writes it for an existing " +
			"tool into the package's ui folder and prints the //card:ui line to add (cardgen new -ui writes a new " +
			"tool with its view).",
		Example: "//card:ui orders/card.html",
	},
	{
		Name: "visibility",
		On:   OnFunc,
		Args: []ArgSpec{{Name: "who", Kind: KindList, Enum: []string{"model", "app"},
			Help: "Who may call the tool: model, app, or model,app."}},
		Summary: "Say whether the model, the UI card (app) or both may call the tool",
		Help: "Sent as _meta.ui.visibility. The default is both. A tool only UI cards use (for refreshing " +
			"data, say) is marked app. Hosts enforce it, but it is not access control: a client can still " +
			"call any tool by name.",
		Example: "//card:visibility app",
	},
}

// Lookup returns the registered directive called name ("tool", not "//card:tool").
func Lookup(name string) (*Spec, bool) {
	i, ok := slices.BinarySearchFunc(registry, name, func(s *Spec, n string) int { return strings.Compare(s.Name, n) })
	if !ok {
		return nil, false
	}
	return registry[i], true
}

// Specs returns every registered directive, sorted by name. The slice is a
// copy; the specs are shared and must not be modified.
func Specs() []*Spec { return slices.Clone(registry) }

// Names returns the names of every registered directive, sorted.
func Names() []string {
	names := make([]string, len(registry))
	for i, s := range registry {
		names[i] = s.Name
	}
	return names
}
