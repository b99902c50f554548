package acp

import (
	"encoding/json"
	"fmt"
)

// Node is one element of a custom card's tree. It is implemented only by
// the node types of this package, one per reference primitive; each writes
// its "type" discriminator first, as the reference does.
type Node interface {
	// NodeType returns the node's "type" discriminator, e.g. "section".
	NodeType() string
	isNode()
}

// Node type discriminators.
const (
	NodeSection    = "section"
	NodeGroup      = "group"
	NodeDivider    = "divider"
	NodeText       = "text"
	NodeHeading    = "heading"
	NodeImage      = "image"
	NodeBadge      = "badge"
	NodeButton     = "button"
	NodeInput      = "input"
	NodeList       = "list"
	NodeChoiceGrid = "choice_grid"
)

// NodeTypes lists every node type in the order the reference declares them.
func NodeTypes() []string {
	return []string{NodeText, NodeHeading, NodeImage, NodeBadge, NodeDivider,
		NodeSection, NodeGroup, NodeButton, NodeInput, NodeList, NodeChoiceGrid}
}

// Direction lays out a group's children.
type Direction string

// Group directions allowed by the reference.
const (
	DirectionRow    Direction = "row"
	DirectionColumn Direction = "column"
)

// TextStyle styles a text node.
type TextStyle string

// Text styles allowed by the reference.
const (
	StyleBody     TextStyle = "body"
	StyleMuted    TextStyle = "muted"
	StyleEmphasis TextStyle = "emphasis"
)

// SectionNode groups children under an optional title. Children needs at
// least one node and adds one level of depth.
type SectionNode struct {
	Title    string `json:"title,omitempty"`
	Subtitle string `json:"subtitle,omitempty"`
	Children []Node `json:"children"`
}

// GroupNode lays children out in a row or column. Direction is required;
// Gap is optional (nil = absent). Children adds one level of depth.
type GroupNode struct {
	Direction Direction `json:"direction"`
	Gap       *int      `json:"gap,omitempty"`
	Children  []Node    `json:"children"`
}

// DividerNode is a horizontal rule.
type DividerNode struct{}

// TextNode is a paragraph of text. An empty Style is omitted.
type TextNode struct {
	Value string    `json:"value"`
	Style TextStyle `json:"style,omitempty"`
}

// HeadingNode is a heading of level 1, 2 or 3. A zero Level means the
// reference default 2, and 2 is what is written.
type HeadingNode struct {
	Value string `json:"value"`
	Level int    `json:"level"`
}

// ImageNode is an image. AspectRatio is a width:height string like "16:9".
type ImageNode struct {
	Src         string `json:"src"`
	Alt         string `json:"alt,omitempty"`
	AspectRatio string `json:"aspect_ratio,omitempty"`
}

// BadgeNode is a small coloured label.
type BadgeNode struct {
	Label   string       `json:"label"`
	Variant BadgeVariant `json:"variant,omitempty"`
}

// Action is what a button or list item sends back when picked.
type Action struct {
	Selection Selection `json:"selection"`
}

// ButtonNode is a button; Primary is always written (false by default).
type ButtonNode struct {
	Label   string `json:"label"`
	Primary bool   `json:"primary"`
	Action  Action `json:"action"`
}

// InputNode is a form input inside a custom tree, with the same rules as
// FormField: Required is always written and a select input needs options.
type InputNode struct {
	Name        string    `json:"name"`
	Kind        InputKind `json:"kind"`
	Label       string    `json:"label"`
	Required    bool      `json:"required"`
	Options     []Option  `json:"options,omitempty"`
	Placeholder string    `json:"placeholder,omitempty"`
}

// ListItem is one row of a list node; its Children add one level of depth
// and Action, when set, makes the row selectable.
type ListItem struct {
	Children []Node  `json:"children"`
	Action   *Action `json:"action,omitempty"`
}

// ListNode is a vertical list of rows. Items needs at least one entry.
type ListNode struct {
	Items []ListItem `json:"items"`
}

// GridChoice is one tile of a choice grid.
type GridChoice struct {
	Value string `json:"value"`
	Label string `json:"label"`
	Image string `json:"image,omitempty"`
}

// ChoiceGridNode is a grid of picture tiles; the picked value(s) come back
// under Name. Multi is always written (false by default).
type ChoiceGridNode struct {
	Name    string       `json:"name"`
	Choices []GridChoice `json:"choices"`
	Multi   bool         `json:"multi"`
}

// NodeType returns "section".
func (SectionNode) NodeType() string { return NodeSection }

// NodeType returns "group".
func (GroupNode) NodeType() string { return NodeGroup }

// NodeType returns "divider".
func (DividerNode) NodeType() string { return NodeDivider }

// NodeType returns "text".
func (TextNode) NodeType() string { return NodeText }

// NodeType returns "heading".
func (HeadingNode) NodeType() string { return NodeHeading }

// NodeType returns "image".
func (ImageNode) NodeType() string { return NodeImage }

// NodeType returns "badge".
func (BadgeNode) NodeType() string { return NodeBadge }

// NodeType returns "button".
func (ButtonNode) NodeType() string { return NodeButton }

// NodeType returns "input".
func (InputNode) NodeType() string { return NodeInput }

// NodeType returns "list".
func (ListNode) NodeType() string { return NodeList }

// NodeType returns "choice_grid".
func (ChoiceGridNode) NodeType() string { return NodeChoiceGrid }

func (SectionNode) isNode()    {}
func (GroupNode) isNode()      {}
func (DividerNode) isNode()    {}
func (TextNode) isNode()       {}
func (HeadingNode) isNode()    {}
func (ImageNode) isNode()      {}
func (BadgeNode) isNode()      {}
func (ButtonNode) isNode()     {}
func (InputNode) isNode()      {}
func (ListNode) isNode()       {}
func (ChoiceGridNode) isNode() {}

// typed puts the "type" discriminator in front of a node's own fields. The
// embedded alias has no MarshalJSON, so its fields are flattened in order.
type typed[T any] struct {
	Type string `json:"type"`
	Node T
}

// MarshalJSON writes {"type":..., fields...} with the node fields inlined.
func (t typed[T]) MarshalJSON() ([]byte, error) {
	head, err := marshalNoHTML(struct {
		Type string `json:"type"`
	}{t.Type})
	if err != nil {
		return nil, err
	}
	body, err := marshalNoHTML(t.Node)
	if err != nil {
		return nil, err
	}
	if len(body) <= 2 { // "{}": no fields besides the type
		return head, nil
	}
	out := make([]byte, 0, len(head)+len(body))
	out = append(out, head[:len(head)-1]...)
	out = append(out, ',')
	return append(out, body[1:]...), nil
}

// The alias types drop the MarshalJSON methods so the node's own fields can
// be written without recursion.
type (
	sectionFields    SectionNode
	groupFields      GroupNode
	textFields       TextNode
	headingFields    HeadingNode
	imageFields      ImageNode
	badgeFields      BadgeNode
	buttonFields     ButtonNode
	inputFields      InputNode
	listFields       ListNode
	choiceGridFields ChoiceGridNode
)

// MarshalJSON writes the node with its "type" first.
func (n SectionNode) MarshalJSON() ([]byte, error) {
	return typed[sectionFields]{NodeSection, sectionFields(n)}.MarshalJSON()
}

// MarshalJSON writes the node with its "type" first.
func (n GroupNode) MarshalJSON() ([]byte, error) {
	return typed[groupFields]{NodeGroup, groupFields(n)}.MarshalJSON()
}

// MarshalJSON writes {"type":"divider"}.
func (DividerNode) MarshalJSON() ([]byte, error) {
	return []byte(`{"type":"divider"}`), nil
}

// MarshalJSON writes the node with its "type" first.
func (n TextNode) MarshalJSON() ([]byte, error) {
	return typed[textFields]{NodeText, textFields(n)}.MarshalJSON()
}

// MarshalJSON writes the node with its "type" first; a zero Level is
// written as the default 2.
func (n HeadingNode) MarshalJSON() ([]byte, error) {
	if n.Level == 0 {
		n.Level = DefaultHeadingLevel
	}
	return typed[headingFields]{NodeHeading, headingFields(n)}.MarshalJSON()
}

// MarshalJSON writes the node with its "type" first.
func (n ImageNode) MarshalJSON() ([]byte, error) {
	return typed[imageFields]{NodeImage, imageFields(n)}.MarshalJSON()
}

// MarshalJSON writes the node with its "type" first.
func (n BadgeNode) MarshalJSON() ([]byte, error) {
	return typed[badgeFields]{NodeBadge, badgeFields(n)}.MarshalJSON()
}

// MarshalJSON writes the node with its "type" first.
func (n ButtonNode) MarshalJSON() ([]byte, error) {
	return typed[buttonFields]{NodeButton, buttonFields(n)}.MarshalJSON()
}

// MarshalJSON writes the node with its "type" first.
func (n InputNode) MarshalJSON() ([]byte, error) {
	return typed[inputFields]{NodeInput, inputFields(n)}.MarshalJSON()
}

// MarshalJSON writes the node with its "type" first.
func (n ListNode) MarshalJSON() ([]byte, error) {
	return typed[listFields]{NodeList, listFields(n)}.MarshalJSON()
}

// MarshalJSON writes the node with its "type" first.
func (n ChoiceGridNode) MarshalJSON() ([]byte, error) {
	return typed[choiceGridFields]{NodeChoiceGrid, choiceGridFields(n)}.MarshalJSON()
}

// DefaultHeadingLevel is the level the reference gives a heading that does
// not say.
const DefaultHeadingLevel = 2

// UnmarshalJSON decodes the children by their "type" discriminators.
func (n *SectionNode) UnmarshalJSON(data []byte) error {
	var raw struct {
		Title    string            `json:"title"`
		Subtitle string            `json:"subtitle"`
		Children []json.RawMessage `json:"children"`
	}
	if err := unmarshalNumbers(data, &raw); err != nil {
		return err
	}
	children, err := decodeNodes(raw.Children)
	if err != nil {
		return err
	}
	*n = SectionNode{Title: raw.Title, Subtitle: raw.Subtitle, Children: children}
	return nil
}

// UnmarshalJSON decodes the children by their "type" discriminators.
func (n *GroupNode) UnmarshalJSON(data []byte) error {
	var raw struct {
		Direction Direction         `json:"direction"`
		Gap       *json.Number      `json:"gap"`
		Children  []json.RawMessage `json:"children"`
	}
	if err := unmarshalNumbers(data, &raw); err != nil {
		return err
	}
	children, err := decodeNodes(raw.Children)
	if err != nil {
		return err
	}
	*n = GroupNode{Direction: raw.Direction, Children: children}
	if raw.Gap != nil {
		gap, err := intFromJSON(*raw.Gap)
		if err != nil {
			return err
		}
		n.Gap = &gap
	}
	return nil
}

// UnmarshalJSON decodes the children by their "type" discriminators.
func (it *ListItem) UnmarshalJSON(data []byte) error {
	var raw struct {
		Children []json.RawMessage `json:"children"`
		Action   *Action           `json:"action"`
	}
	if err := unmarshalNumbers(data, &raw); err != nil {
		return err
	}
	children, err := decodeNodes(raw.Children)
	if err != nil {
		return err
	}
	*it = ListItem{Children: children, Action: raw.Action}
	return nil
}

func decodeNodes(raws []json.RawMessage) ([]Node, error) {
	if raws == nil {
		return nil, nil
	}
	nodes := make([]Node, len(raws))
	for i, r := range raws {
		n, err := decodeNode(r)
		if err != nil {
			return nil, err
		}
		nodes[i] = n
	}
	return nodes, nil
}

// decodeNode decodes one node by its "type". Callers validate first, so an
// error here means the input skipped validation.
func decodeNode(data []byte) (Node, error) {
	var probe struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, err
	}
	var (
		n   Node
		err error
	)
	switch probe.Type {
	case NodeSection:
		n, err = decodeAs[SectionNode](data)
	case NodeGroup:
		n, err = decodeAs[GroupNode](data)
	case NodeDivider:
		n = DividerNode{}
	case NodeText:
		n, err = decodeAs[TextNode](data)
	case NodeHeading:
		n, err = decodeHeading(data)
	case NodeImage:
		n, err = decodeAs[ImageNode](data)
	case NodeBadge:
		n, err = decodeAs[BadgeNode](data)
	case NodeButton:
		n, err = decodeAs[ButtonNode](data)
	case NodeInput:
		n, err = decodeAs[InputNode](data)
	case NodeList:
		n, err = decodeAs[ListNode](data)
	case NodeChoiceGrid:
		n, err = decodeAs[ChoiceGridNode](data)
	default:
		return nil, fmt.Errorf("acp: unknown node type %q", probe.Type)
	}
	if err != nil {
		return nil, err
	}
	return n, nil
}

// decodeHeading reads a heading whose level may be written 2 or 2.0, as
// the reference accepts both; an absent level is the default.
func decodeHeading(data []byte) (Node, error) {
	var raw struct {
		Value string       `json:"value"`
		Level *json.Number `json:"level"`
	}
	if err := unmarshalNumbers(data, &raw); err != nil {
		return nil, err
	}
	h := HeadingNode{Value: raw.Value, Level: DefaultHeadingLevel}
	if raw.Level != nil {
		level, err := intFromJSON(*raw.Level)
		if err != nil {
			return nil, err
		}
		h.Level = level
	}
	return h, nil
}

// intFromJSON converts an integer written as 2 or 2.0.
func intFromJSON(n json.Number) (int, error) {
	i, ok := integral(n)
	if !ok || int64(int(i)) != i {
		return 0, fmt.Errorf("acp: %s is not an integer", n)
	}
	return int(i), nil
}

// decodeAs decodes into T; numbers inside selections stay json.Number so no
// precision is lost.
func decodeAs[T any](data []byte) (T, error) {
	var v T
	err := unmarshalNumbers(data, &v)
	return v, err
}

// Section returns a section node with an optional title.
func Section(title string, children ...Node) SectionNode {
	return SectionNode{Title: title, Children: children}
}

// Row returns a group node laying children out left to right.
func Row(children ...Node) GroupNode {
	return GroupNode{Direction: DirectionRow, Children: children}
}

// Column returns a group node laying children out top to bottom.
func Column(children ...Node) GroupNode {
	return GroupNode{Direction: DirectionColumn, Children: children}
}

// Text returns a body text node.
func Text(value string) TextNode { return TextNode{Value: value} }

// Heading returns a heading node of the given level (1, 2 or 3).
func Heading(level int, value string) HeadingNode {
	return HeadingNode{Value: value, Level: level}
}

// Button returns a secondary button that sends selection when pressed.
func Button(label string, selection Selection) ButtonNode {
	return ButtonNode{Label: label, Action: Action{Selection: selection}}
}
