// Package mdcard renders markdown documents as interactive cards and serves
// them through the create_markdown_card MCP tool.
//
// The server does all the rendering: [Render] turns markdown (CommonMark plus
// GitHub tables, strikethrough, task lists and linkify, parsed by goldmark)
// into an HTML fragment whose every tag and attribute is on the package's own
// allow-list ([CheckFragment] proves it). The card view, a single embedded
// HTML file speaking the MCP Apps protocol, only places that fragment and
// wires up its controls: copy buttons, Show all / Hide all for the folded H2
// sections, tutor-term tooltips and a right-click menu of context actions.
//
// Long documents are split at top-level H2 headings into parts of at most
// [PartLimit] rendered characters; every result carries
// Parts{Current, Total, HasMore}.
//
// [Register] adds the create_markdown_card tool and its ui:// view resource to
// an *mcp.Server. Clients that do not advertise MCP Apps support get the card
// as a ready-made show_widget payload in the result's display field instead.
package mdcard
