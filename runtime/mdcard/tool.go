package mdcard

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/internal/typedtool"
	"github.com/cardgen/cardgen/internal/validatortext"
	"github.com/cardgen/cardgen/runtime/apps"
)

// RenderEnv is the environment variable that chooses how cards reach the
// user: "widget" always adds the show_widget display, "apps" never does, and
// "" or "auto" adds it only for clients that do not advertise MCP Apps.
const RenderEnv = "MCP_CHAT_CARDS_RENDER"

// MaxPath is the longest path the path input takes, in characters: longer than any real path,
// and short enough to quote whole in the error that says it cannot be read. The input schema
// states it, so the SDK refuses a longer path before the tool runs.
const MaxPath = 1024

// MaxFileBytes is the largest markdown file the path input reads: the largest document
// Render accepts, so a larger file is refused by its name before it is read in full.
const MaxFileBytes = MaxSourceBytes

// ViewMeta is the view's _meta.ui on its own: the clipboard permission its Copy buttons need
// (hosts that honour permissions block navigator.clipboard without it) and a border. It is
// ViewMetaFor of the strict default; a server whose documents show images from other origins
// serves the view with ViewMetaFor of its default instead.
func ViewMeta() *apps.ResourceMeta {
	return ViewMetaFor(apps.ResourceMeta{})
}

// ViewMetaFor is the view's _meta.ui on a server whose views default to base (apps.Options.Default,
// register.WithUIDefault): base's CSP origins and domain — a document's ![image](https://…) is
// drawn only from an origin its csp.resourceDomains lists — with the clipboard permission added
// to base's permissions, and a border unless base says otherwise. Register serves the view with
// ViewMetaFor(Options.UIDefault), and the code cardgen generates with WithUIDefault's. base is
// not changed.
func ViewMetaFor(base apps.ResourceMeta) *apps.ResourceMeta {
	m := base
	var perms apps.Permissions
	if base.Permissions != nil {
		perms = *base.Permissions
	}
	perms.ClipboardWrite = &struct{}{}
	m.Permissions = &perms
	if m.PrefersBorder == nil {
		yes := true
		m.PrefersBorder = &yes
	}
	return &m
}

// ViewPath is the view's path in its ui:// URI.
const ViewPath = "markdown-card.html"

// Options configures [Register].
type Options struct {
	// Root is the folder the path input may read markdown files from. Empty
	// refuses every path: callers must pass the markdown text.
	Root string
	// ServerName is the host of the view's ui:// URI when Register makes its
	// own registry; empty means "mdcard". Ignored when Apps is set.
	ServerName string
	// Apps, when set, receives the view (AddHTML) instead of a registry of
	// Register's own; the caller then registers it on the server after adding
	// its other views, as apps.Registry requires. Use it when the server
	// already serves views under its name, so their ui:// template is shared.
	Apps *apps.Registry
	// ForceDisplay adds the show_widget display to every result, whatever
	// the client advertises and whatever MCP_CHAT_CARDS_RENDER says.
	ForceDisplay bool
	// UIDefault is the _meta.ui the view's own needs are added to (ViewMetaFor):
	// the CSP origins the documents' images come from. Pass the Default of
	// the Apps registry, if any: the view has a _meta.ui of its own, so the
	// registry's default does not reach it otherwise.
	UIDefault apps.ResourceMeta
}

// Output is the structured content of a create_markdown_card result.
type Output struct {
	Card  Card  `json:"card"`
	Parts Parts `json:"parts"`
	// Display is present only when the card must be shown with show_widget.
	Display *Display `json:"display,omitempty"`
}

// Display is the card as a ready-made show_widget call, for hosts that do
// not mount the MCP Apps view.
type Display struct {
	// Shown is always false: the user cannot see the card until the caller
	// calls show_widget.
	Shown bool `json:"shown"`
	// Action tells the caller what to do.
	Action string `json:"action"`
	// Title is the show_widget title, in snake_case.
	Title string `json:"title"`
	// LoadingMessages are one or two short show_widget loading messages.
	LoadingMessages []string `json:"loading_messages"`
	// WidgetCode is an HTML fragment (styles, then markup, then scripts),
	// to be passed to show_widget unchanged.
	WidgetCode string `json:"widget_code"`
}

// input is the tool's arguments. Pointers tell "not given" from false or 0.
type input struct {
	Markdown       string          `json:"markdown,omitempty"`
	Path           string          `json:"path,omitempty"`
	Title          string          `json:"title,omitempty"`
	Subtitle       string          `json:"subtitle,omitempty"`
	Part           *int            `json:"part,omitempty"`
	OpenFirst      *bool           `json:"openFirst,omitempty"`
	SplitSections  *bool           `json:"splitSections,omitempty"`
	TutorTerms     []TutorTerm     `json:"tutorTerms,omitempty"`
	ContextActions []ContextAction `json:"contextActions,omitempty"`
}

type displayMode int

const (
	displayAuto displayMode = iota
	displayAlways
	displayNever
)

type tool struct {
	root string
	mode displayMode
}

// Register adds the create_markdown_card tool to s, with the seed's input
// and output schemas and _meta pointing at the card view, and the view
// itself as a ui://<server>/markdown-card.html?v=<hash> resource (through
// opts.Apps when set). It reports a bad MCP_CHAT_CARDS_RENDER value, a bad
// server name and an unusable Root, all at once. The tool is registered as
// register.AddTool registers one: a handler's panic recovered, null arguments
// taken as none, integers kept exact, and s given, once, the middleware that
// keeps its JSON-RPC errors sendable.
func Register(s *mcp.Server, opts Options) error {
	var errs []error
	t := &tool{root: opts.Root}
	mode, err := modeFromEnv()
	t.mode = mode
	errs = append(errs, err)
	if opts.ForceDisplay {
		t.mode = displayAlways
	}
	if opts.Root != "" {
		if fi, err := os.Stat(opts.Root); err != nil || !fi.IsDir() {
			errs = append(errs, errors.New("Options.Root is not a readable folder; point it at the folder of markdown files, or leave it empty to refuse paths"))
		}
	}
	reg := opts.Apps
	if reg == nil {
		name := opts.ServerName
		if name == "" {
			name = "mdcard"
		}
		reg = apps.NewRegistry(name, apps.Options{})
	}
	uri, err := reg.AddHTML(ViewPath, View(), ViewMetaFor(opts.UIDefault))
	if err != nil {
		errs = append(errs, err)
	}
	if _, werr := widgetParts(); werr != nil {
		errs = append(errs, werr)
	}
	for i, err := range errs {
		if err != nil {
			errs[i] = fmt.Errorf("mdcard: %w", err) // each line says where it comes from
		}
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	if opts.Apps == nil {
		reg.Register(s)
	}
	// typedtool.Add is mcp.AddTool with a handler's panic recovered, "arguments": null taken
	// as none and integers kept exact, as generated tools are registered: the SDK recovers no
	// panic, so one bad request would end the server.
	typedtool.Add(s, &mcp.Tool{
		Name:         ToolName,
		Title:        toolTitle,
		Description:  toolDescription,
		InputSchema:  inputSchema,
		OutputSchema: outputSchema,
		Annotations:  &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: new(false)},
		Meta:         apps.ToolMeta(uri, 0),
	}, t.call, nil)
	return nil
}

func (t *tool) call(_ context.Context, req *mcp.CallToolRequest, in input) (*mcp.CallToolResult, Output, error) {
	opts := RenderOptions{
		Title:           in.Title,
		Subtitle:        in.Subtitle,
		NoOpenFirst:     in.OpenFirst != nil && !*in.OpenFirst,
		NoSplitSections: in.SplitSections != nil && !*in.SplitSections,
		TutorTerms:      in.TutorTerms,
		ContextActions:  in.ContextActions,
	}
	var errs []error
	if in.Part != nil {
		if *in.Part < 1 {
			errs = append(errs, fmt.Errorf("part %d does not exist; parts are numbered from 1", *in.Part))
		} else {
			opts.Part = *in.Part
		}
	}
	md, err := t.source(in)
	errs = append(errs, err)
	if in.Path != "" {
		base := filepath.Base(in.Path)
		opts.DefaultTitle = strings.TrimSuffix(base, filepath.Ext(base))
	}
	if err := errors.Join(errs...); err != nil {
		// Report the options' problems too, so one retry can fix them all.
		_, optErr := checkOptions(opts)
		return nil, Output{}, errors.Join(err, optErr)
	}
	res, err := Render(md, opts)
	if err != nil {
		return nil, Output{}, err
	}
	out := Output{Card: res.Card, Parts: res.Parts}
	if t.wantDisplay(req) {
		d, err := display(res)
		if err != nil {
			return nil, Output{}, err
		}
		out.Display = &d
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: summary(out)}}}, out, nil
}

// modeFromEnv reads MCP_CHAT_CARDS_RENDER: "" or auto (decide by the client), widget, apps.
func modeFromEnv() (displayMode, error) {
	switch v := os.Getenv(RenderEnv); v {
	case "", "auto":
		return displayAuto, nil
	case "widget":
		return displayAlways, nil
	case "apps":
		return displayNever, nil
	default:
		return displayAuto, fmt.Errorf("%s=%q is not a render mode; use auto, apps or widget", RenderEnv, v)
	}
}

// summary is the short text the model reads alongside the structured card.
func summary(out Output) string { return summaryFor(ToolName, out) }

func summaryFor(tool string, out Output) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Markdown card %s: part %d of %d.", quoted(out.Card.Title), out.Parts.Current, out.Parts.Total)
	if out.Parts.HasMore {
		fmt.Fprintf(&b, " More of the document remains: call %s again with part: %d.", tool, out.Parts.Current+1)
	}
	if out.Display != nil {
		b.WriteString(" " + out.Display.Action)
	}
	return b.String()
}

// source returns the markdown to render: the markdown input, or the file
// at path under the root.
func (t *tool) source(in input) (string, error) {
	switch {
	case in.Markdown != "" && in.Path != "":
		return "", errors.New("both markdown and path are set; pass one of them")
	case in.Path != "":
		return readUnderRoot(t.root, in.Path)
	case strings.TrimSpace(in.Markdown) == "":
		return "", errors.New("markdown is empty; pass the document text in markdown, or a file in path")
	}
	return in.Markdown, nil
}

// readUnderRoot reads the markdown file p inside root. os.Root refuses ".."
// and symbolic links that lead out of root; an absolute p is accepted only
// when it names a file inside root.
func readUnderRoot(root, p string) (string, error) {
	if root == "" {
		return "", errors.New("path is not available on this server (it has no markdown folder configured); pass the document text in markdown instead")
	}
	switch strings.ToLower(filepath.Ext(p)) {
	case ".md", ".markdown":
	default:
		return "", fmt.Errorf("path %s is not a markdown file; only .md and .markdown files are read", quoted(p))
	}
	rel := p
	if filepath.IsAbs(p) {
		absRoot, err := filepath.Abs(root)
		if err == nil {
			rel, err = filepath.Rel(absRoot, p)
		}
		if err != nil || !filepath.IsLocal(rel) {
			return "", fmt.Errorf("path %s is outside the markdown folder; pass a path inside it, or the text in markdown", quoted(p))
		}
	} else if !filepath.IsLocal(p) {
		return "", fmt.Errorf("path %s leads outside the markdown folder; pass a path inside it, or the text in markdown", quoted(p))
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		return "", errors.New("the markdown folder of this server cannot be opened; pass the document text in markdown instead")
	}
	defer r.Close()
	f, err := r.Open(rel)
	if err != nil {
		var pe *fs.PathError
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return "", fmt.Errorf("path %s does not exist in the markdown folder; check the name, or pass the text in markdown", quoted(p))
		case errors.As(err, &pe) && pe.Err.Error() == "path escapes from parent":
			return "", fmt.Errorf("path %s leads outside the markdown folder through a symbolic link; pass a file inside it, or the text in markdown", quoted(p))
		}
		return "", fmt.Errorf("path %s cannot be opened in the markdown folder (%v); pass the text in markdown instead", quoted(p), errors.Unwrap(err))
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return "", fmt.Errorf("path %s is not a regular file; pass a markdown file", quoted(p))
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return "", fmt.Errorf("path %s cannot be read: %v", quoted(p), errors.Unwrap(err))
	}
	if len(data) > MaxFileBytes {
		return "", fmt.Errorf("path %s is larger than %d bytes; split the document or pass a shorter text in markdown", quoted(p), MaxFileBytes)
	}
	return string(data), nil
}

// wantDisplay reports whether the result carries the show_widget display.
// Capabilities come from the request (2026-07-28 and later) or, for older
// protocol versions, the session's initialize parameters.
func (t *tool) wantDisplay(req *mcp.CallToolRequest) bool {
	switch t.mode {
	case displayAlways:
		return true
	case displayNever:
		return false
	}
	var caps *mcp.ClientCapabilities
	if req != nil {
		caps = req.ClientCapabilities()
	}
	return !supportsApps(caps)
}

// supportsApps reports whether caps advertise the MCP Apps extension with
// the view's MIME type.
func supportsApps(caps *mcp.ClientCapabilities) bool {
	if caps == nil {
		return false
	}
	ext, ok := caps.Extensions[apps.ExtensionID]
	if !ok || ext == nil {
		return false
	}
	// Settings arrive as decoded JSON or, in process, as any Go value:
	// round-trip through JSON to read both the same way.
	var settings struct {
		MIMETypes []string `json:"mimeTypes"`
	}
	b, err := json.Marshal(ext)
	if err != nil || json.Unmarshal(b, &settings) != nil {
		return false
	}
	return slices.Contains(settings.MIMETypes, apps.MIMEType)
}

// quoted is s as a JSON string, for the caller's text in messages a client reads: clients of a
// JSON protocol decode "\u0001", where Go's %q writes "\x01", which JSON has no escape for. It is
// written as validatortext.JSON writes every value a message quotes, HTML's characters as they
// are ("Q&A <intro>", not "Q\u0026A \u003cintro\u003e"), so that a title or a path reads the
// same here as in a tool's refusal. Bad UTF-8 is written as U+FFFD.
func quoted(s string) string {
	text, _ := validatortext.JSON(s) // a string always has JSON
	return text
}
