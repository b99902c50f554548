package mdcard

import "encoding/json"

// ToolName is the name of the tool [Register] adds.
const ToolName = "create_markdown_card"

// toolTitle and toolDescription are the seed's, to the character.
const (
	toolTitle       = "Create document card from markdown"
	toolDescription = "Render a markdown document as one interactive card: tables become card tables, fenced code gets copy buttons, and H2 sections fold into show/hide reveals. Pass either the markdown content or the path of a markdown file generated earlier in the conversation (for example a walkthrough or guide) to plug it into the chat in one call. Raw HTML in the markdown is NOT rendered as markup: it is shown as literal text, the same as in every other card's text fields, so use markdown syntax for formatting. Long documents split at H2 boundaries into parts of about 32,000 rendered characters each; the result's structuredContent.parts {current,total,hasMore} says whether more parts remain. A document with no H2 headings cannot be split and renders as one part."
)

// inputSchema is the tool's input schema. Names, types and descriptions
// follow the seed; the item shapes of tutorTerms and contextActions follow
// the mcp-chat-cards port. part is an integer so a fractional part is
// refused by schema validation rather than by JSON decoding. maxLength and
// maxItems are the limits of render.go (and MaxPath), which the seed leaves
// open but for the 40 tutor terms; TestInputLimitsAdvertised holds them
// equal.
var inputSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "markdown": {"type": "string", "description": "Markdown content to render"},
    "path": {"type": "string", "maxLength": 1024, "description": "Path to a markdown file ON THE MACHINE RUNNING THIS SERVER, not in the caller's sandbox. Over a remote bridge those are different machines: if the file exists only on your side, pass its text as markdown instead."},
    "title": {"type": "string", "maxLength": 300, "description": "Card title; defaults to the document's first H1"},
    "subtitle": {"type": "string", "maxLength": 500},
    "part": {"type": "integer", "description": "Part number for large documents (1-based). Long documents split automatically; while structuredContent.parts.hasMore is true, call again with the next part."},
    "openFirst": {"type": "boolean", "description": "Open the first section initially (default true)"},
    "splitSections": {"type": "boolean", "description": "Fold H2 sections into reveals (default true)"},
    "tutorTerms": {
      "type": "array",
      "maxItems": 40,
      "description": "Educational tutor terms. The first occurrence of each term in the card's visible prose is underlined; hovering ~1.2s shows the tip and notifies the host so the model can follow up. Terms are matched once per card, longest first, and never inside code samples, tooltips, or another term's tip. Matching is CASE-SENSITIVE, so \"PATH\" does not attach its tip to a filesystem \"path\"; set caseInsensitive on a term to match any casing. Term and tip are PLAIN text.",
      "items": {
        "type": "object",
        "properties": {
          "term": {"type": "string", "maxLength": 100, "description": "Exact term as it appears in the card text"},
          "tip": {"type": "string", "maxLength": 500, "description": "Short plain-text definition shown on hover"},
          "caseInsensitive": {"type": "boolean", "description": "Match the term regardless of letter case (default false)"}
        },
        "required": ["term"],
        "additionalProperties": false
      }
    },
    "contextActions": {
      "type": "array",
      "maxItems": 20,
      "description": "Right-click menu actions the model anticipates being useful. Choosing one sends its prompt to the conversation; use {{selection}} to include the user's selected text.",
      "items": {
        "type": "object",
        "properties": {
          "label": {"type": "string", "maxLength": 80, "description": "Menu item label"},
          "prompt": {"type": "string", "maxLength": 2000, "description": "Prompt sent to the conversation when chosen"}
        },
        "required": ["label", "prompt"],
        "additionalProperties": false
      }
    }
  },
  "additionalProperties": false
}`)

// outputSchema is the tool's output schema: parts and display exactly as in
// the seed, card as this package defines it ([Card]).
var outputSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "card": {
      "type": "object",
      "properties": {
        "title": {"type": "string", "description": "Card title (plain text)"},
        "subtitle": {"type": "string", "description": "Subtitle (plain text)"},
        "html": {"type": "string", "description": "This part's rendered HTML fragment; every tag and attribute is on the renderer's allow-list"},
        "openFirst": {"type": "boolean", "description": "Whether the part's first section starts open"},
        "splitSections": {"type": "boolean", "description": "Whether H2 sections are folded into reveals"},
        "tutorTerms": {
          "type": "array",
          "description": "Tutor terms underlined in this part, in document order",
          "items": {
            "type": "object",
            "properties": {
              "term": {"type": "string"},
              "tip": {"type": "string"},
              "caseInsensitive": {"type": "boolean"}
            },
            "required": ["term"],
            "additionalProperties": false
          }
        },
        "contextActions": {
          "type": "array",
          "description": "Right-click menu actions",
          "items": {
            "type": "object",
            "properties": {
              "label": {"type": "string"},
              "prompt": {"type": "string"}
            },
            "required": ["label", "prompt"],
            "additionalProperties": false
          }
        }
      },
      "required": ["title", "html", "openFirst", "splitSections"],
      "additionalProperties": false
    },
    "parts": {
      "type": "object",
      "description": "Split state, present on EVERY card result so one completeness check works for all card types. Cards that cannot split always report {current:1,total:1,hasMore:false}; create_markdown_card and create_code_tour_card pack oversized content into parts and can report more. Read hasMore rather than the card title to decide whether content was withheld.",
      "properties": {
        "current": {"type": "number", "description": "Part number this result rendered (1-based)"},
        "total": {"type": "number", "description": "How many parts the content splits into"},
        "hasMore": {"type": "boolean", "description": "True when content was withheld; call again with part: current + 1"}
      },
      "required": ["current", "total", "hasMore"],
      "additionalProperties": false
    },
    "display": {
      "type": "object",
      "description": "Present only when the host is not mounting this server's MCP Apps template (see MCP_CHAT_CARDS_RENDER): the card ships as a ready-made visualizer widget instead.",
      "properties": {
        "shown": {"type": "boolean", "description": "False: the user cannot see this card until action is taken"},
        "action": {"type": "string", "description": "What the caller must do to put the card in front of the user"},
        "title": {"type": "string", "description": "show_widget title (snake_case)"},
        "loading_messages": {"type": "array", "items": {"type": "string"}, "description": "show_widget loading_messages"},
        "widget_code": {"type": "string", "description": "show_widget widget_code, passed unchanged"}
      },
      "required": ["shown", "action", "title", "loading_messages", "widget_code"],
      "additionalProperties": false
    }
  },
  "required": ["card", "parts"],
  "additionalProperties": false
}`)
