package shop

import (
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cardgen/cardgen/runtime/register"
)

// Version is the example server's version, sent in the MCP handshake.
const Version = "0.1.0"

// NewServer returns an MCP server with every shop tool registered on svc. The logger, when not
// nil, also receives cardgen's debug lines about cards fitted to the host limits.
func NewServer(svc *Shop, logger *slog.Logger) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "shop", Title: "Example shop", Version: Version}, &mcp.ServerOptions{Logger: logger})
	RegisterTools(s, svc, register.WithLogger(logger))
	return s
}
