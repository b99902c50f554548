package shop

import (
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/runtime/apps"
	"github.com/cardgen/cardgen/runtime/mdcard"
	"github.com/cardgen/cardgen/runtime/register"
)

// Version is the example server's version, sent in the MCP handshake.
const Version = "0.1.0"

// ImageOrigin is where the catalogue's product images are.
const ImageOrigin = "https://shop.example.com"

// NewServer returns an MCP server with every shop tool registered on svc, and the generic
// create_markdown_card tool, which renders markdown text (or, when docs is not empty, the
// markdown files under docs). The logger, when not nil, also receives cardgen's debug lines
// about cards fitted to the host limits.
func NewServer(svc *Shop, logger *slog.Logger, docs string) (*mcp.Server, error) {
	s := mcp.NewServer(&mcp.Implementation{Name: "shop", Title: "Example shop", Version: Version}, &mcp.ServerOptions{Logger: logger})
	// A product's card shows its image_url, which comes whole from the catalogue, so cardgen
	// cannot know its origin: the built-in view, drawing get_product's card in an MCP Apps host,
	// may load images only from the origins listed here (docs/mcp-apps.md).
	RegisterTools(s, svc, register.WithLogger(logger),
		register.WithUIDefault(apps.ResourceMeta{CSP: &apps.CSP{ResourceDomains: []string{ImageOrigin}}}))
	if err := mdcard.Register(s, mdcard.Options{Root: docs, ServerName: "shop-docs"}); err != nil {
		return nil, err
	}
	return s, nil
}
