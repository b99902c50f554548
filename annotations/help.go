package annotations

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// Help topics besides the directive names.
const (
	topicTemplates = "templates"
	topicTags      = "tags"
	topicKinds     = "kinds"
)

// topicsText is the last paragraph of the overview, in the terminal and in docs/directives.md:
// where the rest of the reference is.
const topicsText = "Run \"cardgen help NAME\" for one directive, \"cardgen help templates\" for the template " +
	"grammar, \"cardgen help tags\" for the struct tags and \"cardgen help kinds\" for the kinds of values " +
	"the arguments and keys take."

// viewText points from the overview at the command that writes a view, which no directive can.
const viewText = "Run \"cardgen new <tool_name> -view\" to write the starter view of an existing tool into its " +
	"package's ui folder, for //card:ui."

// valueKinds says what each kind of argument or key value accepts, for cardgen help kinds and
// docs/directives.md's "Value kinds".
var valueKinds = []struct {
	kind ArgKind
	help string
}{
	{KindString, "Any bare word or quoted string."},
	{KindIdent, "Letters, digits, `_`, `-` and `.`; at most 64 characters (MCP allows 128, but several clients enforce 64)."},
	{KindEnum, "Exactly one of the listed words."},
	{KindTemplate, "A template: see Templates (cardgen help templates)."},
	{KindURLTemplate, "A template whose value is an https URL; other URLs are dropped at run time. Either the whole URL is one {{…}}, or the fixed text gives the scheme and host, ended by / ? or #, and each {{…}} after it is percent-encoded for its part of the URL (card.PathPart in the path and fragment, keeping / but not a . or .. segment; card.QueryPart after ?), so data cannot change the host, leave the path or add a query parameter."},
	{KindJSON, "The rest of the line, which must be one valid JSON value."},
	{KindPath, "A relative, clean, slash-separated path to an `.html` file inside the ui folder."},
	{KindList, "Comma-separated listed words without spaces, each at most once, such as `model,app`."},
}

const grammarText = "A directive is a line comment with no space after //, like //go:embed, in the doc comment " +
	"of a handler func or a type: //card:NAME [ARG…] [key=value…] [flag…]. Words are separated by spaces " +
	"or tabs. A word is a bare word (no spaces or quotes), a Go string \"…\" with Go escapes, or a raw " +
	"string `…`; quote any value that contains spaces. A key is an identifier directly followed by = and " +
	"its value. Give arguments before keys: a value without quotes ends at the first space, so a bare " +
	"word right after one is an error, not an argument, unless it is a flag (title=Order status); quote " +
	"the value: title=\"Order status\". A bare word that names a flag is the flag; quote it to use it " +
	"as an argument. Flags are separate words: readonly idempotent, not readonly,idempotent. The rest " +
	"of the doc comment, without the directive lines, becomes the tool description."

const templateText = "Text values marked template may refer to the handler's output with {{.Field}} or " +
	"{{.Field.Sub}} (spaces inside the braces are allowed: {{ .ID }}). A path is resolved against the " +
	"output type at generate time and compiled to plain Go: a value shows through its String method if " +
	"it has one (a named string type's too), else as itself if it is a string, or through strconv for " +
	"numbers and bools; a nil pointer on the path shows as empty. Only field paths are supported: no pipelines, functions or variables. Write a " +
	"literal {{ as {{\"{{\"}}, in a backquoted value (`…`), where the quotes need no escaping."

const tagText = "Struct tags map fields of the output type to card slots without directives: " +
	"`card:\"ITEM,ITEM…\"`, where an item is a slot name, or field=Label / action=Label. " +
	"Tags on the fields of an embedded struct apply too, wherever Go promotes the field (not where " +
	"the outer struct shadows it); a field reached through a nil embedded pointer shows as empty."

// WriteHelp writes the help text for `cardgen help`. An empty name writes an
// overview of every directive and the struct tag grammar; a directive name
// ("tool", "card:tool" or "//card:tool") writes its full help; "templates"
// and "tags" write those grammars, and "kinds" what each kind of value
// accepts. An unknown name is an error with a did-you-mean hint.
func WriteHelp(w io.Writer, name string) error {
	var b bytes.Buffer
	switch name = strings.TrimPrefix(strings.TrimPrefix(name, "//"), "card:"); name {
	case "":
		writeOverview(&b)
	case topicTemplates, "template":
		writeWrapped(&b, "", templateText)
	case topicTags, "tag":
		writeTags(&b)
	case topicKinds, "kind":
		writeKinds(&b)
	default:
		spec, ok := Lookup(name)
		if !ok {
			topics := append(Names(), topicTemplates, topicTags, topicKinds)
			hint := suggest(name, topics, "%s")
			if hint == "" {
				hint = "; run cardgen help for the list"
			}
			return fmt.Errorf("unknown directive %q%s", name, hint)
		}
		writeSpec(&b, spec)
	}
	_, err := w.Write(b.Bytes())
	return err
}

func writeOverview(b *bytes.Buffer) {
	writeWrapped(b, "", grammarText)
	b.WriteString("\nDirectives:\n\n")
	tw := tabwriter.NewWriter(b, 0, 8, 3, ' ', 0)
	for _, s := range registry {
		fmt.Fprintf(tw, "  %s%s\t%s\t%s\n", Prefix, s.Name, s.On, s.Summary)
	}
	tw.Flush()
	b.WriteString("\n")
	writeTags(b)
	b.WriteString("\n")
	writeWrapped(b, "", topicsText)
	b.WriteString("\n")
	writeWrapped(b, "", viewText)
}

// writeKinds writes what each kind of value accepts, each kind's text indented under its name.
func writeKinds(b *bytes.Buffer) {
	b.WriteString("Kinds of argument and key values:\n")
	for _, k := range valueKinds {
		fmt.Fprintf(b, "\n  %s\n", k.kind)
		writeWrapped(b, "      ", k.help)
	}
}

func writeTags(b *bytes.Buffer) {
	writeWrapped(b, "", tagText)
	b.WriteString("\n")
	tw := tabwriter.NewWriter(b, 0, 8, 3, ' ', 0)
	for _, s := range tagSlots {
		item := s.Name
		if s.HasLabel {
			item += "=Label"
		}
		fmt.Fprintf(tw, "  %s\t%s\n", item, s.Help)
	}
	tw.Flush()
}

func writeSpec(b *bytes.Buffer, s *Spec) {
	fmt.Fprintf(b, "%s%s: %s.\n\n", Prefix, s.Name, s.Summary)
	fmt.Fprintf(b, "Usage:  %s\n", s.Usage())
	fmt.Fprintf(b, "On:     %s%s\n\n", s.On, map[bool]string{true: " (repeatable)", false: ""}[s.Repeatable])
	writeWrapped(b, "", s.Help)
	tw := tabwriter.NewWriter(b, 0, 8, 3, ' ', 0)
	if len(s.Args) > 0 {
		fmt.Fprintf(tw, "\nArguments:\n")
		for _, a := range s.Args {
			fmt.Fprintf(tw, "  %s\t%s\t%s\n", strings.ToUpper(a.Name), kindLabel(a.Kind, a.Enum, a.Optional), a.Help)
		}
	}
	if len(s.Keys) > 0 {
		fmt.Fprintf(tw, "\nKeys:\n")
		for _, k := range s.Keys {
			fmt.Fprintf(tw, "  %s=\t%s\t%s\n", k.Name, kindLabel(k.Kind, k.Enum, false), k.Help)
		}
	}
	if len(s.Flags) > 0 {
		fmt.Fprintf(tw, "\nFlags:\n")
		for _, f := range s.Flags {
			fmt.Fprintf(tw, "  %s\t%s\n", f.Name, f.Help)
		}
	}
	tw.Flush()
	fmt.Fprintf(b, "\nExample:\n  %s\n", s.Example)
}

// kindLabel describes a value kind in one short phrase: "enum: url | message".
func kindLabel(k ArgKind, enum []string, optional bool) string {
	label := k.String()
	switch k {
	case KindEnum:
		label = strings.Join(enum, " | ")
	case KindList:
		label = "list of " + strings.Join(enum, ", ")
	case KindJSON:
		label = "JSON, rest of line"
	}
	if optional {
		label += ", optional"
	}
	return label
}

// writeWrapped writes text word-wrapped at 80 columns, each line prefixed.
func writeWrapped(b *bytes.Buffer, prefix, text string) {
	const width = 80
	line := prefix
	for _, w := range strings.Fields(text) {
		if len(line) > len(prefix) && len(line)+1+len(w) > width {
			b.WriteString(line + "\n")
			line = prefix
		}
		if len(line) > len(prefix) {
			line += " "
		}
		line += w
	}
	b.WriteString(line + "\n")
}

// Markdown returns docs/directives.md, the complete directive reference,
// generated from the registry so that it cannot drift from the code.
func Markdown() []byte {
	var b bytes.Buffer
	b.WriteString("<!-- Code generated from the annotations registry; DO NOT EDIT.\n" +
		"     Regenerate with: go test ./annotations -run TestDirectivesDoc -update -->\n\n")
	b.WriteString("# cardgen directives\n\n")
	b.WriteString(mdEscape(grammarText) + "\n\n")
	b.WriteString("```go\n" +
		"// GetOrder looks up one order and shows its status, total and tracking link.\n//\n")
	for _, s := range []string{"tool", "result", "field", "action", "fallback"} {
		spec, _ := Lookup(s)
		b.WriteString(spec.Example + "\n")
	}
	b.WriteString("func (s *Shop) GetOrder(ctx context.Context, in GetOrderInput) (*Order, error)\n```\n\n")
	b.WriteString("Run `cardgen help` for this reference in the terminal. " + mdEscape(topicsText) + " " + mdEscape(viewText) + "\n\n")

	b.WriteString("| Directive | On | Repeatable | Summary |\n| --- | --- | --- | --- |\n")
	for _, s := range registry {
		fmt.Fprintf(&b, "| [`%s%s`](#card%s) | %s | %s | %s |\n", Prefix, s.Name, s.Name, s.On,
			map[bool]string{true: "yes", false: "no"}[s.Repeatable], mdEscape(s.Summary))
	}
	for _, s := range registry {
		fmt.Fprintf(&b, "\n## //card:%s\n\n", s.Name)
		fmt.Fprintf(&b, "%s.\n\n", mdEscape(s.Summary))
		fmt.Fprintf(&b, "```\n%s\n```\n\n", s.Usage())
		where := "in the doc comment of a handler func or method"
		switch s.On {
		case OnType:
			where = "in the doc comment of a type declaration"
		case OnFunc | OnType:
			where = "in the doc comment of a handler func or method, or of a type declaration"
		}
		rep := "at most once"
		if s.Repeatable {
			rep = "any number of times"
		}
		fmt.Fprintf(&b, "Appears %s, %s.\n\n%s\n\n", where, rep, mdEscape(s.Help))
		if len(s.Args) > 0 {
			b.WriteString("| Argument | Kind | Required | Description |\n| --- | --- | --- | --- |\n")
			for _, a := range s.Args {
				fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", strings.ToUpper(a.Name), mdKind(a.Kind, a.Enum),
					map[bool]string{true: "no", false: "yes"}[a.Optional], mdEscape(a.Help))
			}
			b.WriteString("\n")
		}
		if len(s.Keys) > 0 {
			b.WriteString("| Key | Kind | Description |\n| --- | --- | --- |\n")
			for _, k := range s.Keys {
				fmt.Fprintf(&b, "| `%s=` | %s | %s |\n", k.Name, mdKind(k.Kind, k.Enum), mdEscape(k.Help))
			}
			b.WriteString("\n")
		}
		if len(s.Flags) > 0 {
			b.WriteString("| Flag | Description |\n| --- | --- |\n")
			for _, f := range s.Flags {
				fmt.Fprintf(&b, "| `%s` | %s |\n", f.Name, mdEscape(f.Help))
			}
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "Example:\n\n```go\n%s\n```\n", s.Example)
	}

	b.WriteString("\n## Value kinds\n\n| Kind | Accepts |\n| --- | --- |\n")
	for _, k := range valueKinds {
		fmt.Fprintf(&b, "| %s | %s |\n", k.kind, k.help)
	}

	b.WriteString("\n## Templates\n\n" + mdEscape(templateText) + "\n\n")
	b.WriteString("| Template | Means |\n| --- | --- |\n" +
		"| `Order #{{.ID}}` | the text `Order #` followed by the output's `ID` |\n" +
		"| `{{ .Customer.Name }}` | the `Name` field of the output's `Customer` field |\n" +
		"| `{{\"{{\"}}literal}}` | the text `{{literal}}` |\n\n")

	b.WriteString("## Struct tags\n\n" + mdEscape(tagText) + "\n\n")
	b.WriteString("| Item | Meaning |\n| --- | --- |\n")
	for _, s := range tagSlots {
		item := s.Name
		if s.HasLabel {
			item += "=Label"
		}
		fmt.Fprintf(&b, "| `%s` | %s |\n", item, mdEscape(s.Help))
	}
	b.WriteString("\nItems are separated by commas; a label runs to the next comma. Each slot appears at most once " +
		"in a tag.\n\n```go\ntype Order struct {\n" +
		"\tID       string `json:\"id\" card:\"title\"`\n" +
		"\tStatus   string `json:\"status\" card:\"subtitle\"`\n" +
		"\tTotal    string `json:\"total\" card:\"field=Total\"`\n" +
		"\tTrackURL string `json:\"track_url\" card:\"action=Track\"`\n" +
		"\tInternal string `json:\"internal\" card:\"-\"`\n}\n```\n")
	return b.Bytes()
}

func mdKind(k ArgKind, enum []string) string {
	switch k {
	case KindEnum:
		return "one of `" + strings.Join(enum, "`, `") + "`"
	case KindList:
		return "list of `" + strings.Join(enum, "`, `") + "`"
	}
	return k.String()
}

// mdEscape makes prose safe in Markdown text and table cells. Help texts
// are plain text; only characters Markdown would interpret are escaped.
func mdEscape(s string) string { return mdReplacer.Replace(s) }

var mdReplacer = strings.NewReplacer("|", `\|`, "<", "&lt;", "*", `\*`, "_", `\_`)
