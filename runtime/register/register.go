// Package register is the small run-time support that cardgen's generated RegisterTools functions
// call: options, attaching fitted result cards, and schemas that must be reflected at start-up.
//
// A service never needs to call it directly except to pass options:
//
//	shop.RegisterTools(server, svc, register.WithLogger(logger))
package register

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"log/slog"
	"slices"

	"github.com/invopop/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/runtime/apps"
	"github.com/cardgen/cardgen/runtime/card"
	"github.com/cardgen/cardgen/runtime/mdcard"
)

// Option configures generated RegisterTools functions.
type Option func(*Config)

// WithLogger sets the logger that reports what card.Fit had to change in a card built from data
// (at debug level) and a handler's recovered panic with its stack (at error level; without this
// option, slog's default logger gets it). Pass the logger the server was given in
// mcp.ServerOptions.Logger so that everything about a call shows in one place.
func WithLogger(l *slog.Logger) Option {
	return func(c *Config) { c.Logger = l }
}

// WithUIServer sets the server name in the package's ui:// URIs (ui://NAME/orders/card.html);
// the default is the Go package name.
func WithUIServer(name string) Option {
	return func(c *Config) { c.UIServer = name }
}

// WithUIDefault sets the _meta.ui of views that have no <view>.meta.json sidecar of their own
// (CSP origins, permissions, prefersBorder). The default is strict: no outside origins. The
// built-in views start from it too: the result-card view adds the origins of the cards' images
// known at generate time (BuiltinViewMeta), the markdown card view its clipboard permission and
// border (MarkdownViewMeta).
func WithUIDefault(m apps.ResourceMeta) Option {
	return func(c *Config) { c.UIDefault = m }
}

// Config is what the options set. Generated code builds one per RegisterTools call.
type Config struct {
	Logger    *slog.Logger      // nil: changes are not logged
	UIServer  string            // "" = the package name
	UIDefault apps.ResourceMeta // meta of views without a sidecar
}

// UIRegistry returns the registry for the package's ui:// resources, named by WithUIServer or
// else by pkgName.
func (cfg *Config) UIRegistry(pkgName string) *apps.Registry {
	name := cfg.UIServer
	if name == "" {
		name = pkgName
	}
	return apps.NewRegistry(name, apps.Options{Default: cfg.UIDefault})
}

// BuiltinViewMeta is the _meta.ui of the built-in result-card view in a package whose cards show
// icons or images from origins known when cardgen ran (image="https://cdn.example.com/{{.ID}}.png"):
// WithUIDefault's, with those origins added to csp.resourceDomains, as a host blocks an image
// from any origin the CSP does not list. With no origins it is nil, and the registry applies
// WithUIDefault's as to any view without a sidecar. Origins of URLs that come whole from data
// are not known to cardgen: list them with WithUIDefault.
func (cfg *Config) BuiltinViewMeta(origins ...string) *apps.ResourceMeta {
	if len(origins) == 0 {
		return nil
	}
	m := cfg.UIDefault
	var csp apps.CSP
	if m.CSP != nil {
		csp = *m.CSP
	}
	// A fresh slice: the caller's WithUIDefault value must not change under it.
	domains := slices.Clone(csp.ResourceDomains)
	for _, o := range origins {
		if !slices.Contains(domains, o) {
			domains = append(domains, o)
		}
	}
	csp.ResourceDomains = domains
	m.CSP = &csp
	return &m
}

// MarkdownViewMeta is the _meta.ui of the markdown card view (runtime/mdcard) in a package with
// markdown tools: WithUIDefault's, whose CSP lists the origins of the documents' images, with
// the view's own needs added (mdcard.ViewMetaFor). The view has a _meta.ui of its own, so the
// registry's default would not reach it.
func (cfg *Config) MarkdownViewMeta() *apps.ResourceMeta {
	return mdcard.ViewMetaFor(cfg.UIDefault)
}

// MustUI returns uri, or panics with an error that wraps err (recover it and use errors.Is or
// errors.As). Generated code adds views that cardgen has already
// checked at generate time and go:embed has already found at build time, so an error here
// means a bad WithUIServer or WithUIDefault option: a programming error best seen at start-up.
func MustUI(uri string, err error) string {
	if err != nil {
		panic(fmt.Errorf("cardgen: registering a ui view: %w", err))
	}
	return uri
}

// SubFS returns the ui folder dir of an embedded file system (fs.Sub; it fails only for a
// malformed dir, which generated code never passes).
func SubFS(fsys fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		panic(fmt.Errorf("cardgen: ui folder %q: %w", dir, err))
	}
	return sub
}

// NewConfig applies opts to a zero Config.
func NewConfig(opts ...Option) *Config {
	c := &Config{}
	for _, o := range opts {
		o(c)
	}
	return c
}

// AttachCard fits c, so that no host ever receives a card it would drop, logs what fitting
// changed, and puts the card in res._meta. The text content the model reads is left alone.
func (cfg *Config) AttachCard(ctx context.Context, res *mcp.CallToolResult, tool string, c card.Card) {
	fitted, changes := card.FitWithChanges(c)
	if len(changes) > 0 && cfg.Logger != nil && cfg.Logger.Enabled(ctx, slog.LevelDebug) {
		attrs := make([]any, 0, len(changes)+1)
		attrs = append(attrs, slog.String("tool", tool))
		for _, ch := range changes {
			attrs = append(attrs, slog.String(ch.Path, ch.What))
		}
		cfg.Logger.DebugContext(ctx, "cardgen: result card fitted to the host limits", attrs...)
	}
	card.Attach(res, fitted)
}

// NoOutput is the error a generated handler returns when the user's handler returned a nil
// output and a nil error, whether or not it returned a result of its own: the SDK would send
// the zero value of the output, which may break its schema and says nothing of a forgotten
// return. (An output struct without fields is exempt: generated code sends its nil as {}.)
func NoOutput(tool string) error {
	return fmt.Errorf("tool %s: %w", tool, ErrNoOutput)
}

// Reflector is the invopop configuration whose output the Go SDK accepts (no top-level $ref),
// with a Mapper for the types encoding/json does not write as their Go structure: json.Number is
// a JSON number, a type with a MarshalText method but no MarshalJSON (uuid.UUID, netip.Addr), or
// with MarshalText on its pointer only (big.Float, reached through a pointer), a JSON string, and
// net.IP an IPv4 or IPv6 address or "". time.Time, json.RawMessage and types with invopop's
// JSONSchema or JSONSchemaExtend methods keep invopop's schema. cardgen's generate-time mapping
// does the same.
func Reflector() *jsonschema.Reflector {
	return &jsonschema.Reflector{ExpandedStruct: true, DoNotReference: true, Mapper: jsonMapper}
}

// ReflectSchema reflects T with invopop at start-up, with AdjustSchema's changes for a tool's
// input. Generated code uses it only for types with their own JSONSchema-style methods, which
// cardgen cannot evaluate at generate time.
func ReflectSchema[T any]() json.RawMessage {
	return reflectSchema[T](false)
}

// Bool returns a pointer to v, for the SDK's optional tool annotation hints.
func Bool(v bool) *bool { return &v }

// GeneratedAPI1 is referenced by every file cardgen generates against this run-time API. When
// the run-time changes in a way older generated code cannot use, the constant is renamed
// (GeneratedAPI2), so stale generated code fails to build exactly there, next to a comment that
// names the cardgen version that wrote it — instead of failing in some less obvious way.
const GeneratedAPI1 = true

// MustDocument returns d, or panics with an error that wraps err: mdcard.NewDocument fails only for a bad
// MCP_CHAT_CARDS_RENDER value, which is best seen at start-up.
func MustDocument(d *mdcard.Document, err error) *mdcard.Document {
	if err != nil {
		panic(fmt.Errorf("cardgen: %w", err))
	}
	return d
}
