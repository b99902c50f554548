// Package apps serves MCP Apps UI cards ("views") from an MCP server built
// with the official Go SDK.
//
// The SDK knows nothing about the MCP Apps extension (io.modelcontextprotocol/ui);
// this package fills the gap:
//
//   - [Registry] holds a server's ui:// resources. Each card's URI carries a
//     content hash (ui://<server>/<path>?v=<hash>) so hosts that cache cards by
//     URI see a new URI when a card changes. [Registry.Register] adds them to an
//     [mcp.Server] with the resource _meta.ui on both the resources/list entry
//     and the resources/read content, because some hosts read only one of them.
//   - [ToolMeta] builds a tool's _meta: _meta.ui.resourceUri, _meta.ui.visibility
//     and the legacy flat key "ui/resourceUri" that some hosts still read.
//   - [ParseResourceMeta] strictly decodes a <card>.meta.json sidecar (CSP,
//     permissions, domain, prefersBorder) and reports every problem with its
//     byte offset.
//   - [ResultCardView] and [StarterView] are self-contained HTML views: one
//     draws a result card (_meta.assistant_platform.card) in any MCP Apps host,
//     the other is a template for hand-written views.
//
// Nothing outside the registered set is ever served, and nothing is read from a
// file system once the server runs.
package apps

// MIMEType is the MIME type of an MCP Apps HTML resource.
const MIMEType = "text/html;profile=mcp-app"

// ExtensionID identifies the MCP Apps extension in client and server
// capabilities (capabilities.extensions).
const ExtensionID = "io.modelcontextprotocol/ui"

// ProtocolVersion is the MCP Apps protocol version the built-in views speak in
// ui/initialize.
const ProtocolVersion = "2026-01-26"
