// Package register stubs cardgen's run-time registration API, with its import path, for the
// analyzer's tests of hand registrations.
package register

import (
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Config struct{}

type Option func(*Config)

func AddTool[In, Out any](s *mcp.Server, t *mcp.Tool, h mcp.ToolHandlerFor[In, Out], opts ...Option) {
}

func ReflectSchema[T any]() json.RawMessage { return nil }

func ReflectOutputSchema[T any]() json.RawMessage { return nil }
