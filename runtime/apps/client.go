package apps

import (
	"encoding/json"
	"slices"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ClientSupportsApps reports whether the client of session advertised MCP
// Apps in its initialize request:
// capabilities.extensions["io.modelcontextprotocol/ui"].mimeTypes contains
// [MIMEType]. It is false for a nil session or before initialization.
//
// Hosts that draw views do not always advertise it, and hosts that do not
// ignore _meta.ui, so servers should send the same tools either way and use
// this only for optional extras.
func ClientSupportsApps(session *mcp.ServerSession) bool {
	if session == nil {
		return false
	}
	params := session.InitializeParams()
	if params == nil || params.Capabilities == nil {
		return false
	}
	ext, ok := params.Capabilities.Extensions[ExtensionID]
	if !ok || ext == nil {
		return false
	}
	var settings struct {
		MIMETypes []string `json:"mimeTypes"`
	}
	// Settings usually arrive decoded from JSON (map[string]any), but an
	// in-process caller may have put any value there: round-trip through JSON
	// to read every form the same way.
	b, err := json.Marshal(ext)
	if err != nil || json.Unmarshal(b, &settings) != nil {
		return false
	}
	return slices.Contains(settings.MIMETypes, MIMEType)
}
