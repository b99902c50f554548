package gen

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"html"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cardgen/cardgen/annotations"
	"github.com/cardgen/cardgen/runtime/card"
)

// slot describes one text slot of a result card: its name in messages and its limit.
type slot struct {
	name  string
	limit int // in Unicode code points; 0 = no length limit (URLs)
	url   bool
	lines lineRule
}

// lineRule is what a text slot allows of line breaks and other control characters, as
// card.Validate checks them.
type lineRule int

const (
	anyText  lineRule = iota // no card rule (URLs, checked as URLs; the reply text)
	oneLine                  // no control characters at all
	multiple                 // no control characters but "\n"
)

var (
	slotTitle    = slot{"card title", card.MaxTitle, false, oneLine}
	slotSubtitle = slot{"card subtitle", card.MaxSubtitle, false, oneLine}
	slotText     = slot{"card text", card.MaxText, false, multiple}
	slotIcon     = slot{"card icon", 0, true, anyText}
	slotImage    = slot{"card image", 0, true, anyText}
	slotValue    = slot{"field value", card.MaxFieldValue, false, oneLine}
	slotURL      = slot{"action url", 0, true, anyText}
	slotMessage  = slot{"action message", card.MaxMessageText, false, oneLine}
	slotFallback = slot{"fallback text", card.MaxFallbackText, false, multiple}
	slotReply    = slot{"reply text", 0, false, anyText}
)

// badControl returns the first character of s that a slot with rule lr may not hold: a control
// character (Unicode category Cc) or U+2028/U+2029, except "\n" where line breaks are kept. Fit
// would replace or remove it at run time (a tab becomes a space), so fixed text that holds one is
// not what the user sees, and the generated golden test, which wants a card Fit leaves as it is,
// would fail on every example.
func badControl(s string, lr lineRule) (rune, bool) {
	if lr == anyText {
		return 0, false
	}
	for _, r := range s {
		if r == '\n' && lr == multiple {
			continue
		}
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return r, true
		}
	}
	return 0, false
}

// checkPlain reports fixed text that card.Fit would change at run time: control characters, line
// breaks in a one-line slot, invalid UTF-8, and (for a slot the host requires) a value of white
// space and invisible characters alone, which the user would see as nothing.
func (b *builder) checkPlain(v annotations.Value, what, s string, lr lineRule, requiredBlank bool) {
	pos := v.Pos
	if !utf8.ValidString(s) {
		b.errorf(pos, "%s is not valid UTF-8; write the text as UTF-8 (an escape such as \\xff is a byte, not a character: use \\u00ff)", what)
		return
	}
	if r, ok := badControl(s, lr); ok {
		pos := charPos(v, r)
		switch {
		case r == '\t':
			b.errorf(pos, "%s contains a tab, which card.Fit would turn into a space; write a space", what)
		case lr == oneLine && strings.ContainsRune("\n\r\v\f\u0085\u2028\u2029", r):
			b.errorf(pos, "%s contains a line break (%U), and %s is one line (card.Fit would turn the break into a space); remove the line break", what, r, withArticle(what))
		case lr == multiple:
			b.errorf(pos, "%s contains the control character %U, which card.Fit would remove or replace; use plain text, where only \"\\n\" line breaks are kept", what, r)
		default:
			b.errorf(pos, "%s contains the control character %U, which card.Fit would remove or replace; use plain text on one line", what, r)
		}
	}
	if requiredBlank && card.IsBlank(s) {
		b.errorf(pos, "%s %q shows nothing (white space and invisible characters alone), and hosts need it to show something; write visible text", what, s)
	}
}

// charPos is where the value v has the character r first, as written (an escape such as \t in a
// quoted value); where v starts when its text does not have it, or v was not read from a
// directive (a struct tag's label, whose position is the tag's).
func charPos(v annotations.Value, r rune) token.Pos {
	if i := strings.IndexRune(v.Text, r); i >= 0 && v.Raw != "" {
		return v.PosOf(i)
	}
	return v.Pos
}

// valueMark stands for a {{…}} in the shape of a text checkMarkup reads: a letter to the patterns.
const valueMark = '\uE000'

// checkMarkup reports markup in the text of a card slot, whose shape is its fixed text with each
// {{…}} written as valueMark ("**\uE000**" for "**{{.ID}}**"); multiline says the slot keeps line
// breaks, where a heading can be a line of its own.
func (b *builder) checkMarkup(pos token.Pos, what, shape string, multiline bool) {
	var found, fixes []string
	for _, p := range markupPatterns {
		if p.multiline && !multiline {
			continue
		}
		for _, m := range p.re.FindAllStringSubmatch(shape, -1) {
			markup := m[len(m)-1]
			if p.is != nil && !p.is(markup) {
				continue
			}
			text := strings.ReplaceAll(strings.TrimSpace(markup), string(valueMark), "{{…}}")
			found = append(found, fmt.Sprintf("%s (%s)", p.what, text))
			if !slices.Contains(fixes, p.fix) {
				fixes = append(fixes, p.fix)
			}
			break // one of each kind is enough to say what to fix
		}
	}
	if len(found) > 0 {
		b.errorf(pos, "%s holds %s, which hosts show as typed: every field of a result card is plain text, with no Markdown or HTML; %s", what, strings.Join(found, " and "), strings.Join(fixes, ", and "))
	}
}

// markupChars are the characters each of markupPatterns needs in the fixed text.
const markupChars = "<&*[`#~"

// markupPatterns are markup that is plainly meant as markup, in the fixed text of a card: the
// seed says every field is plain text, so a host shows "**Order**" with its asterisks. Each is
// written so that ordinary text does not match: "Order #1042", "# of guests", "a < b",
// "List<Order>", "Press <Enter>", "5 * 3", "2**3", "C++", "__init__", "[prod](us-east-1)", a
// lone backtick. The last group of each pattern is the markup quoted in the message.
var markupPatterns = []struct {
	re        *regexp.Regexp
	what, fix string
	multiline bool              // only in a slot that keeps line breaks
	is        func(string) bool // when set, a match is markup only if it says so
}{
	// Lower-case element names, with attributes that are attributes: "Press <Q>", "List<B>",
	// "a<b && c>d" are text. An HTML comment and a Markdown autolink are markup too.
	{regexp.MustCompile(`(</?(?:a|abbr|b|big|blockquote|br|button|center|code|del|details|div|em|font|h[1-6]|hr|i|iframe|img|input|ins|kbd|li|mark|ol|p|pre|q|s|script|small|span|strike|strong|style|sub|summary|sup|table|td|th|tr|u|ul)(?:\s+[a-zA-Z][a-zA-Z0-9:-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>` + "`" + `]+))?)*\s*/?>|<!--.*?-->|<https?://[^<>\s]+>)`), "HTML markup", "remove the markup", false, nil},
	// A reference is one only when HTML knows it: "R&D;" and "A&B;" are text.
	{regexp.MustCompile(`(&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);)`), "an HTML character reference", "write the character itself (& for &amp;)", false,
		func(m string) bool { return html.UnescapeString(m) != m }},
	{regexp.MustCompile(`(?:^|[^\pL\pN*])(\*{2,3}[^*\s](?:[^*]*[^*\s])?\*{2,3})(?:$|[^\pL\pN*])`), "Markdown emphasis", "remove the markup", false, nil},
	{regexp.MustCompile(`(?:^|[^\pL\pN~])(~~[^~\s](?:[^~]*[^~\s])?~~)(?:$|[^\pL\pN~])`), "Markdown strikethrough", "remove the markup", false, nil},
	{regexp.MustCompile(`(\[[^\]]+\]\((?:https?://|mailto:|/|\./|\.\./|#)[^)\s]*\))`), "a Markdown link", "remove the markup", false, nil},
	{regexp.MustCompile("(`[^`\n]+`)"), "Markdown code", "remove the markup", false, nil},
	// A heading as people write one, capitalised: "# of guests" on a line of its own is text.
	{regexp.MustCompile(`(?m)(^#{1,6}[ \t]+\p{Lu}.*)\n`), "a Markdown heading line", "remove the markup", true, nil},
}

// misspeltTitleTag reports whether a field of st, or of a struct it embeds (by value or pointer,
// as its fields are promoted onto the card), has a card tag whose slot is a misspelling of title
// (card:"titel"), which is reported as such.
func misspeltTitleTag(st *types.Struct) bool {
	return cardTagsIn(st, nil, func(v string) bool {
		for item := range strings.SplitSeq(v, ",") {
			slot, _, _ := strings.Cut(strings.TrimSpace(item), "=")
			if slot != "title" && annotations.DidYouMean(slot, []string{"title"}) == "title" {
				return true
			}
		}
		return false
	})
}

// withArticle puts "a" or "an" before a slot's name, as its first letter sounds ("an action
// message", "a card title"); the slots' names hold no word where the letter misleads.
func withArticle(name string) string {
	if name != "" && strings.ContainsRune("aeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}

// foreignCardTags reports a tool whose output type, declared in another package, has card:"…"
// tags and which has no card directive of its own: cardgen reads a type's card (its tags and
// //card: lines) only in the package it generates, so the tool would have no card, without a
// word, where the same type in its own package gives it one.
func (b *builder) foreignCardTags(t *Tool, dirs []*annotations.Directive) {
	pkg := t.Out.Obj().Pkg()
	if pkg == nil || pkg == b.pkg.Types {
		return
	}
	st, ok := t.Out.Underlying().(*types.Struct)
	if !ok || !hasCardTags(st) {
		return
	}
	pos := t.Decl.Name.Pos()
	for _, d := range dirs {
		if d.Name == "tool" {
			pos = d.NamePos
		}
	}
	b.errorf(pos, "the output type %s.%s of tool %s has card:\"…\" tags, but it is declared in package %s, and cardgen reads a type's card only in the package it generates, so the tool would have no card; give the tool its card here (//card:result title=\"…\" and the other slots), or declare the output type in this package",
		pkg.Name(), t.Out.Obj().Name(), t.Name, pkg.Path())
}

// hasCardTags reports whether any field of st, or of a struct it embeds, carries a card tag
// other than "-".
func hasCardTags(st *types.Struct) bool {
	return cardTagsIn(st, nil, func(v string) bool { return v != "-" })
}

// cardTagsIn reports whether a card tag of a field of st, or of a struct it embeds without a card
// tag of its own, matches; outer are the structs that embed st. A struct may embed a pointer to
// itself, directly (type List struct{ *List }) or through others, and a struct already on the
// way down is not entered again; outer is a slice rather than a set so that the common case, no
// embedding, allocates nothing.
func cardTagsIn(st *types.Struct, outer []*types.Struct, match func(value string) bool) bool {
	for i := range st.NumFields() {
		if v, ok := reflect.StructTag(st.Tag(i)).Lookup("card"); ok && match(v) {
			return true
		}
		inner := embeddedStruct(st.Field(i), st.Tag(i))
		if inner != nil && inner != st && !slices.Contains(outer, inner) && cardTagsIn(inner, append(outer, st), match) {
			return true
		}
	}
	return false
}

// embeddedStruct returns the struct type f embeds (by value or through a pointer) when f is an
// embedded field without a card tag of its own, whose fields are promoted; nil otherwise.
func embeddedStruct(f *types.Var, tag string) *types.Struct {
	if !f.Embedded() {
		return nil
	}
	if _, ok := reflect.StructTag(tag).Lookup("card"); ok {
		return nil
	}
	t := types.Unalias(f.Type())
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	st, _ := t.Underlying().(*types.Struct)
	return st
}

// cardFromTags fills c from `card:"…"` struct tags of the fields of named, and of the fields
// promoted from the structs it embeds, as Go and encoding/json promote them (a field the outer
// struct shadows is not promoted, so its tag is not read).
func (b *builder) cardFromTags(c *CardSpec, named *types.Named, st *types.Struct, ts *ast.TypeSpec) {
	astStruct, _ := ts.Type.(*ast.StructType)
	b.cardFromFieldTags(c, named, st, astStruct, 0)
}

func (b *builder) cardFromFieldTags(c *CardSpec, named *types.Named, st *types.Struct, astStruct *ast.StructType, depth int) {
	for i := range st.NumFields() {
		f := st.Field(i)
		tag := st.Tag(i)
		if inner := embeddedStruct(f, tag); inner != nil && depth < 8 {
			b.cardFromFieldTags(c, named, inner, b.structSyntax(f), depth+1)
			continue
		}
		v, ok := reflect.StructTag(tag).Lookup("card")
		if !ok {
			continue
		}
		if depth > 0 {
			if obj, _, _ := types.LookupFieldOrMethod(named, true, b.pkg.Types, f.Name()); obj != f {
				continue // shadowed by a shallower field, or ambiguous: not promoted
			}
		}
		src := tagSource{tag: tag, lit: fieldTagLit(astStruct, f), field: f.Pos()}
		// A fix is offered only for a tag in the package's own files, the files an analysis
		// driver hands the analyzer; another package's tag is reported, not edited.
		local := src.lit != nil
		if !local && f.Pkg() != b.pkg.Types {
			src.lit = b.moduleTagLit(f, tag)
		}
		items, errs := annotations.ParseTag(v)
		for _, e := range errs {
			var fix *annotations.Fix
			if e.Fix != nil && local {
				if pos, end, ok := src.verbatim("card", v, e.Fix.Offset, e.Fix.End); ok {
					fix = &annotations.Fix{Pos: pos, End: end, NewText: e.Fix.NewText}
				}
			}
			b.errorfFix(src.valueAt("card", e.Offset), fix, "%s", e.Msg)
		}
		for _, it := range items {
			pos := src.valueAt("card", it.Offset)
			path := &Text{Pos: pos}
			if it.Slot != "-" && it.Slot != "markdown" {
				// Said of the tag, not of a {{…}} the user never wrote.
				elem := f.Type()
				if p, ok := elem.Underlying().(*types.Pointer); ok {
					elem = p.Elem()
				}
				if _, ok := showKind(elem); !ok {
					b.errorf(pos, "field %s (card:%q) has type %s, which a card cannot show; tag a field of a string, number or bool type, or of a type with a String() string method", f.Name(), it.Slot, b.typeString(f.Type()))
					continue
				}
			}
			vp := b.resolvePath(named, []string{f.Name()}, pos, false)
			if vp == nil {
				continue
			}
			path.Parts = []Part{{Value: vp, Pos: pos}}
			switch it.Slot {
			case "-":
			case "markdown":
				if vp.Show != ShowString || isPointer(f.Type()) && !isStringPtr(f.Type()) {
					b.errorf(pos, "card:\"markdown\" is on %s, of type %s; the markdown document must be a string field", f.Name(), b.typeString(f.Type()))
					continue
				}
				if c.Markdown != nil {
					b.errorf(pos, "a second card:\"markdown\" field (%s); a type holds one markdown document", f.Name())
					continue
				}
				c.Markdown = vp
			case "title":
				path.Slot = slotTitle.name
				c.Title = path
			case "subtitle":
				path.Slot = slotSubtitle.name
				c.Subtitle = path
			case "text":
				path.Slot = slotText.name
				c.Text = path
			case "icon":
				path.Slot = slotIcon.name
				c.Icon = path
				b.checkURLType(vp, pos, "card:\"icon\"", f.Name())
			case "image":
				path.Slot = slotImage.name
				c.Image = path
				b.checkURLType(vp, pos, "card:\"image\"", f.Name())
			case "field":
				path.Slot = slotValue.name
				b.checkLabel(it.Arg, pos, card.MaxFieldLabel, "field label")
				c.Fields = append(c.Fields, FieldSpec{Label: it.Arg, LabelPos: pos, Value: path})
			case "action":
				path.Slot = slotURL.name
				b.checkURLType(vp, pos, "card:\"action="+it.Arg+"\"", f.Name())
				b.checkLabel(it.Arg, pos, card.MaxActionLabel, "action label")
				c.Actions = append(c.Actions, ActionSpec{Kind: card.KindURL, Label: it.Arg, LabelPos: pos, Target: path})
			}
		}
	}
}

// structSyntax returns the syntax of the struct type embedded field f names, when it is declared
// in this package (for tag positions), or nil.
func (b *builder) structSyntax(f *types.Var) *ast.StructType {
	t := types.Unalias(f.Type())
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() != b.pkg.Types {
		return nil
	}
	if b.typeSpecs == nil {
		b.typeSpecs = map[*types.TypeName]*ast.TypeSpec{}
		for _, file := range b.pkg.Files {
			for _, d := range file.Decls {
				if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
					for _, spec := range gd.Specs {
						ts := spec.(*ast.TypeSpec)
						if obj, ok := b.pkg.Info.Defs[ts.Name].(*types.TypeName); ok {
							b.typeSpecs[obj] = ts
						}
					}
				}
			}
		}
	}
	if ts := b.typeSpecs[n.Obj()]; ts != nil {
		st, _ := ts.Type.(*ast.StructType)
		return st
	}
	return nil
}

// cardFromDirectives applies //card:result, field, action and fallback directives to c.
// Repeatable directives replace what c had (a handler's fields replace its type's fields).
func (b *builder) cardFromDirectives(c *CardSpec, dirs []*annotations.Directive, out *types.Named) {
	var fields []FieldSpec
	var actions []ActionSpec
	var actionTargets []string // each action's target as written, to find repeats
	sawField, sawAction := false, false
	for _, d := range dirs {
		if !c.Pos.IsValid() && isCardDirective(d.Name) {
			// A card made of //card:field, action or fallback lines alone is positioned at the
			// first of them, so that a missing title is reported where the card is.
			c.Pos = d.NamePos
		}
		switch d.Name {
		case "result":
			c.Pos = d.NamePos
			for _, kv := range d.Keys {
				var sl slot
				var dst **Text
				switch kv.Key {
				case "title":
					sl, dst = slotTitle, &c.Title
				case "subtitle":
					sl, dst = slotSubtitle, &c.Subtitle
				case "text":
					sl, dst = slotText, &c.Text
				case "icon":
					sl, dst = slotIcon, &c.Icon
				case "image":
					sl, dst = slotImage, &c.Image
				default:
					continue
				}
				*dst = b.text(kv.Value, sl, out)
			}
		case "field":
			sawField = true
			if len(d.Args) < 2 {
				continue
			}
			b.checkLabelValue(d.Args[0], card.MaxFieldLabel, "field label")
			fields = append(fields, FieldSpec{Label: d.Args[0].Text, LabelPos: d.Args[0].Pos, Value: b.text(d.Args[1], slotValue, out)})
			if len(fields) == card.MaxFields+1 {
				b.errorf(d.NamePos, "a card has at most %d fields, and this is field %d; remove it or combine fields", card.MaxFields, len(fields))
			}
		case "action":
			sawAction = true
			if len(d.Args) < 3 {
				continue
			}
			kind := d.Args[0].Text
			b.checkLabelValue(d.Args[1], card.MaxActionLabel, "action label")
			sl := slotMessage
			if kind == card.KindURL {
				sl = slotURL
			}
			// Two buttons of one kind, label and target are one button shown twice, and on an ACP
			// card both send the same selection, which the reply cannot tell apart (runtime/acp
			// refuses such a card).
			for i, a := range actions {
				if a.Kind == kind && a.Label == d.Args[1].Text && actionTargets[i] == d.Args[2].Text {
					b.errorf(d.Args[1].Pos, "this %s button repeats button %d (the same label and target), and a click on either could not be told apart; remove it, or give it another label or target", kind, i+1)
					break
				}
			}
			actionTargets = append(actionTargets, d.Args[2].Text)
			actions = append(actions, ActionSpec{Kind: kind, Label: d.Args[1].Text, LabelPos: d.Args[1].Pos, Target: b.text(d.Args[2], sl, out)})
			if len(actions) == card.MaxActions+1 {
				b.errorf(d.NamePos, "a card has at most %d actions, and this is action %d; remove it", card.MaxActions, len(actions))
			}
		case "fallback":
			if len(d.Args) > 0 {
				c.Fallback = b.text(d.Args[0], slotFallback, out)
			}
		}
	}
	if sawField {
		c.Fields = fields
	} else if len(c.Fields) > card.MaxFields {
		b.errorf(c.Pos, "a card has at most %d fields, and %s has %d card:\"field=…\" tags; remove some or combine fields", card.MaxFields, out.Obj().Name(), len(c.Fields))
	}
	if sawAction {
		c.Actions = actions
	} else if len(c.Actions) > card.MaxActions {
		b.errorf(c.Pos, "a card has at most %d actions, and %s has %d card:\"action=…\" tags; remove some", card.MaxActions, out.Obj().Name(), len(c.Actions))
	}
}

func (b *builder) checkLabel(label string, pos token.Pos, limit int, what string) {
	b.checkLabelValue(annotations.Value{Text: label, Pos: pos}, limit, what)
}

// checkLabelValue is checkLabel for a label written in a directive, whose characters are
// reported where they are written.
func (b *builder) checkLabelValue(v annotations.Value, limit int, what string) {
	label, pos := v.Text, v.Pos
	n := card.Len(label)
	switch {
	case strings.TrimSpace(label) == "":
		b.errorf(pos, "%s is empty; a card %s must say what it is", what, strings.TrimPrefix(what, "card "))
	case n > limit:
		b.errorf(pos, "%s %q is %s; the limit is %d: shorten it by %d", what, label, cardLength(label), limit, n-limit)
	}
	if strings.TrimSpace(label) != "" {
		b.checkPlain(v, what, label, oneLine, true)
		if strings.ContainsAny(label, markupChars) {
			b.checkMarkup(pos, what, label, false)
		}
	}
	if strings.Contains(label, "{{") {
		// Labels are fixed text: "Buy {{.ID}}" would be drawn as it is written.
		b.errorf(pos, "%s %q has a {{…}}, but labels are fixed text, not templates, and show the braces as written; write a fixed label (put the data in the value or target)", what, label)
	}
}

// cardForTool builds the tool's card: its output type's card, then the handler's directives.
func (b *builder) cardForTool(t *Tool, dirs []*annotations.Directive) {
	base := b.out.TypeCards[t.Out.Obj()]
	if base == nil && !hasCardDirective(dirs) {
		b.foreignCardTags(t, dirs)
		b.otherDirectives(t, dirs)
		return
	}
	if base != nil && base.Markdown != nil {
		if t.ReturnsResult {
			// runtime/mdcard makes the whole result of a markdown card tool, the part asked for.
			b.errorf(t.Decl.Type.Results.Pos(), "%s returns an *mcp.CallToolResult, but the result of a markdown card tool is the document's part that runtime/mdcard makes; return (*%s, error)", t.Decl.Name.Name, t.Out.Obj().Name())
		}
		b.markdownTool(t, base, dirs)
		// ui, reply and acp were refused above; the rest applies as to any tool.
		b.otherDirectives(t, slices.DeleteFunc(slices.Clone(dirs), func(d *annotations.Directive) bool {
			return d.Name == "ui" || d.Name == "reply" || d.Name == "acp"
		}))
		return
	}
	c := &CardSpec{}
	if base != nil {
		*c = *base
	}
	b.cardFromDirectives(c, dirs, t.Out)
	switch {
	case c.Title != nil || b.badLines[b.lineOf(c.Pos)]:
	case t.Out.Obj().Pkg() == b.pkg.Types && misspeltTitleTag(t.Out.Underlying().(*types.Struct)):
		// A card:"titel" of this package is reported where it stands; "no title" would only
		// repeat it. (Another package's tags are not read, nor reported.)
	case t.Out.Obj().Pkg() != b.pkg.Types:
		// cardgen reads the card tags of this package's types only: tagging the other
		// package's field would change nothing.
		b.errorf(c.Pos, "the result card of tool %s has no title; add title=\"…\" to //card:result (the card:\"…\" tags of %s, declared in package %s, are not read)", t.Name, t.Out.Obj().Name(), t.Out.Obj().Pkg().Name())
	default:
		b.errorf(c.Pos, "the result card of tool %s has no title; add title=\"…\" to //card:result or tag a field card:\"title\"", t.Name)
	}
	t.Card = c
	b.otherDirectives(t, dirs)
}

// otherDirectives handles the handler-only directives that are not card slots.
func (b *builder) otherDirectives(t *Tool, dirs []*annotations.Directive) {
	for _, d := range dirs {
		switch d.Name {
		case "reply":
			if len(d.Args) > 0 {
				t.Reply = b.text(d.Args[0], slotReply, t.Out)
			}
		case "example":
			if len(d.Args) > 0 {
				a := d.Args[0]
				t.Examples = append(t.Examples, Example{JSON: a.Text, Pos: a.Pos, Verbatim: a.Text == a.Raw && !a.Quoted})
			}
		case "ui":
			b.uiDirective(t, d)
		case "visibility":
			b.visibilityDirective(t, d)
		case "acp":
			t.acpDir = d // modelled after the schemas, which a form needs
		}
	}
}

// text parses and resolves one template value, and checks what can be checked of it now.
func (b *builder) text(v annotations.Value, sl slot, out *types.Named) *Text {
	// The parser of the directive reported the template's errors already (it keeps a broken
	// template so that the paths that did parse are resolved here).
	tmpl, errs := annotations.ParseTemplate(v)
	t := &Text{Pos: v.Pos, Slot: sl.name}
	literal := len(errs) == 0 && tmpl.IsLiteral()
	for _, seg := range tmpl.Segments {
		if seg.Path == nil {
			t.Parts = append(t.Parts, Part{Lit: seg.Literal, Pos: seg.Pos})
			continue
		}
		// A path's bytes are the source's unless the string has escapes before or inside it.
		vp := b.resolvePath(out, seg.Path, seg.Pos, !strings.Contains(v.Raw, `\`))
		if vp == nil {
			continue
		}
		t.Parts = append(t.Parts, Part{Value: vp, Pos: seg.Pos})
	}
	lit := t.Literal()
	n := card.Len(lit)
	if sl.limit > 0 && n > sl.limit {
		if t.IsLiteral() {
			b.errorf(v.Pos, "%s is %s; the limit is %d: shorten it by %d", sl.name, cardLength(lit), sl.limit, n-sl.limit)
		} else {
			b.errorf(v.Pos, "the fixed text of the %s is already %s; the limit is %d: shorten the text outside {{…}} by at least %d", sl.name, cardLength(lit), sl.limit, n-sl.limit)
		}
	} else if sl.limit > 0 && n == sl.limit && !tmpl.IsLiteral() {
		// Within the limit, but card.Fit would cut every value the {{…}} brings, or the fixed
		// text after it: what the author wrote could never be shown whole.
		b.errorf(v.Pos, "the fixed text of the %s is %d characters, its whole limit, so the data of its {{…}} would always be cut off; shorten the text outside {{…}}", sl.name, n)
	}
	required := sl == slotTitle || sl == slotValue || sl == slotMessage || sl == slotFallback
	b.checkPlain(v, sl.name, lit, sl.lines, required && literal)
	// Every markup pattern needs one of these characters in the fixed text: most texts have none,
	// and are not shaped and matched at all.
	if sl.lines != anyText && strings.ContainsAny(lit, markupChars) {
		var shape strings.Builder
		for _, seg := range tmpl.Segments {
			if seg.Path == nil {
				shape.WriteString(seg.Literal)
			} else {
				shape.WriteRune(valueMark)
			}
		}
		b.checkMarkup(v.Pos, sl.name, shape.String(), sl.lines == multiple)
	}
	// A URL whose template did not parse is missing the broken part, and what is left of it
	// could only give a second, wrong diagnostic.
	if sl.url && len(errs) == 0 {
		b.checkURL(t, sl)
	}
	return t
}

// checkURLType rejects a whole URL from a number or a bool, which can never be an https URL, so
// card.Fit would drop the image or button every time. what names the slot (the action url, or the
// tag), from names the value.
func (b *builder) checkURLType(vp *ValuePath, pos token.Pos, what, from string) {
	switch vp.Show {
	case ShowInt, ShowUint, ShowFloat32, ShowFloat64, ShowBool:
		b.errorf(pos, "%s takes its URL from %s, of type %s, which is never an https URL, so the card would always drop it; use a string field that holds the URL", what, from, b.typeString(vp.Type))
	}
}

// checkURL rejects URLs whose scheme is already known at generate time and is not https.
func (b *builder) checkURL(t *Text, sl slot) {
	if len(t.Parts) == 0 {
		return
	}
	defer escapeURLParts(t)
	first := t.Parts[0]
	if first.Value != nil && len(t.Parts) == 1 {
		b.checkURLType(first.Value, t.Pos, "the "+sl.name, "{{"+first.Value.Text+"}}")
	}
	if first.Value != nil {
		// A URL from data, checked at run time (card.Fit drops one that is not https). What
		// follows it must start past its host: {{.Base}}{{.Path}} with Path "@evil.com/x", or
		// {{.Base}}:{{.Port}}, would let data choose the site.
		if len(t.Parts) > 1 {
			next := t.Parts[1]
			if next.Value != nil || !strings.ContainsAny(next.Lit, "/?#&") {
				b.errorf(t.Pos, "the %s puts a {{…}} right after the URL's leading {{…}}, so data could change which site the link opens; put fixed text that starts the path, query or fragment between them ({{.Base}}/orders/{{.ID}}), or give the whole URL as one {{…}}", sl.name)
			}
		}
		return
	}
	lit := first.Lit
	if lower := card.LowerScheme(lit); lower != lit && strings.HasPrefix(lower, "https://") {
		scheme := lit[:len("https")]
		// A URL parser takes it, a host that checks for the "https://" prefix drops the card,
		// and card.Fit rewrites it on every call.
		b.errorf(t.Pos, "%s writes its scheme %s in capitals, which hosts that check for the https:// prefix refuse (card.Fit rewrites it on every call); write https://", sl.name, scheme)
		return
	}
	if t.IsLiteral() {
		switch {
		case card.IsHTTPS(lit):
		case hasUserinfo(lit):
			b.errorf(t.Pos, "%s %q holds a user name or password before its host, which card.Fit drops (browsers refuse to load such URLs, and a link that reads as one host and opens another is a phishing shape); remove the part before the @", sl.name, lit)
		default:
			b.errorf(t.Pos, "%s %q is not an https URL; hosts drop cards with other URLs, write https://…", sl.name, lit)
		}
		return
	}
	scheme, _, found := strings.Cut(lit, "://")
	if !found {
		if strings.Contains(lit, ":") {
			b.errorf(t.Pos, "%s starts with %q, which is not an https URL; write https://…", sl.name, lit)
		} else {
			b.errorf(t.Pos, "%s starts with %q, which is not an absolute https URL; write https://… before the first {{…}}", sl.name, lit)
		}
		return
	}
	if !strings.EqualFold(scheme, "https") {
		b.errorf(t.Pos, "%s uses the %s scheme; hosts drop cards with URLs that are not https, so write https://", sl.name, scheme)
		return
	}
	if u, err := url.Parse(lit + "x"); err == nil && strings.Contains(lit, "/") && u.Host == "" {
		b.errorf(t.Pos, "%s %q has no host; write https://host/…", sl.name, lit)
		return
	}
	if _, rest, _ := strings.Cut(lit, "://"); !strings.ContainsAny(rest, "/?#") {
		// https://shop.example.com{{.Path}} with Path "@evil.com/x" would open evil.com.
		b.errorf(t.Pos, "the %s puts {{…}} in the host part of %q, so data could change which site the link opens; end the fixed host with / (https://host/{{…}}), or give the whole URL as one {{…}}", sl.name, lit+"…")
		return
	}
	// The values are percent-encoded for their part of the URL, so the fixed text alone decides
	// whether the URL can be one a browser opens: a host such as 256.1.1.1, a port over 65535 or
	// a space in the fixed path would make card.Fit drop the URL on every call.
	var sample, written strings.Builder
	for _, p := range t.Parts {
		if p.Value != nil {
			sample.WriteString("x")
			written.WriteString("{{" + p.Value.Text + "}}")
		} else {
			sample.WriteString(p.Lit)
			written.WriteString(p.Lit)
		}
	}
	switch {
	case card.IsHTTPS(sample.String()):
	case hasUserinfo(sample.String()):
		b.errorf(t.Pos, "the %s %q holds a user name or password before its host, which card.Fit drops on every call (browsers refuse to load such URLs); remove the part before the @", sl.name, written.String())
	default:
		b.errorf(t.Pos, "the %s %q is never an https URL a browser can open (its fixed text has an invalid host or port, or white space or a control character), so the card would drop it on every call; fix the fixed text (percent-encode spaces)", sl.name, written.String())
	}
}

// cardLength says how long s is in the unit of a result card's limits (card.Len, UTF-16 code
// units, as a JavaScript host counts): "12 characters", or "84 UTF-16 code units (42
// characters)" where the two differ (emoji), so that the count is not taken for a mistake.
func cardLength(s string) string {
	n, chars := card.Len(s), utf8.RuneCountInString(s)
	if n == chars {
		return fmt.Sprintf("%d characters", n)
	}
	return fmt.Sprintf("%d UTF-16 code units (%d characters)", n, chars)
}

// hasUserinfo reports whether the URL s has a user name or password before its host
// (https://user:pass@host/), which card.IsHTTPS refuses.
func hasUserinfo(s string) bool {
	u, err := url.Parse(s)
	return err == nil && u.User != nil
}

// escapeURLParts marks each value of a URL for escaping by the part of the URL it is in, known
// from the fixed text before it. A value at the very start is a whole URL from data, sent as it
// is (card.Fit drops it unless it is https).
func escapeURLParts(t *Text) {
	const (
		inPath = iota
		inQuery
		inFragment
	)
	state := inPath
	for i := range t.Parts {
		p := &t.Parts[i]
		if p.Value == nil {
			for j, c := range []byte(p.Lit) {
				switch {
				case c == '?' && state == inPath,
					// After a leading URL from data, which may hold a query of its own, an '&'
					// adds a parameter to it: {{.Search}}&page={{.Page}}.
					c == '&' && state == inPath && i == 1 && t.Parts[0].Value != nil && !strings.ContainsAny(p.Lit[:j], "/#"):
					state = inQuery
				case c == '#':
					state = inFragment
				}
			}
			continue
		}
		switch {
		case i == 0:
		case state == inQuery:
			p.Escape = EscapeQuery
		default: // a fragment takes the same characters as a path
			p.Escape = EscapePath
		}
	}
}

// resolvePath resolves a template path against the output type and decides how the final value
// shows as text. pos is the path's leading dot; inSource says the path is written there as it
// is, so that a misspelt field can carry the fix that replaces it.
func (b *builder) resolvePath(out *types.Named, path []string, pos token.Pos, inSource bool) *ValuePath {
	vp := &ValuePath{Text: "." + strings.Join(path, ".")}
	var cur types.Type = out
	for i, name := range path {
		base := cur
		if p, ok := base.Underlying().(*types.Pointer); ok {
			base = p.Elem()
		}
		st, ok := base.Underlying().(*types.Struct)
		if _, twice := base.Underlying().(*types.Pointer); !ok && twice {
			b.errorf(pos, "{{%s}}: %s is %s, a pointer to a pointer, which a card template does not follow; make it a single pointer (%s)", vp.Text, "."+strings.Join(path[:i], "."), b.typeString(cur), b.typeString(base))
			return nil
		}
		if !ok {
			prefix := "." + strings.Join(path[:i], ".")
			if _, showable := showKind(base); showable {
				b.errorf(pos, "{{%s}}: %s is %s, which has no fields; end the path there, as in {{%s}}", vp.Text, prefix, b.typeString(base), prefix)
				return nil
			}
			// A map or slice: a path selects fields, not keys or elements, and the value cannot
			// be shown whole either, so ending the path there is no way out.
			b.errorf(pos, "{{%s}}: %s is %s, %s, and a card template selects struct fields only and cannot show %s whole; add a field to %s that holds the value to show, set it in the handler, and show that", vp.Text, prefix, b.typeString(base), kindWord(base), kindWord(base), b.typeString(out))
			return nil
		}
		// indirect: the field is promoted through an embedded pointer (base is not a pointer).
		obj, index, indirect := types.LookupFieldOrMethod(base, true, b.pkg.Types, name)
		if m, isMethod := obj.(*types.Func); isMethod {
			// {{.Label}} works in text/template; here a path is compiled to field selections.
			b.errorf(pos, "{{%s}}: %s is a method of %s, and a card template reaches fields only; show a field, or set a field of the output from %s() in the handler", vp.Text, name, b.typeString(base), m.Name())
			return nil
		}
		if obj == nil && index != nil {
			// Promoted at one depth from several embedded structs: Go refuses out.ID too.
			var from []string // the embedded fields that hold it at the depth Go finds it
			for j := range st.NumFields() {
				if f := st.Field(j); f.Embedded() {
					if o, sub, _ := types.LookupFieldOrMethod(f.Type(), true, b.pkg.Types, name); o != nil && len(sub)+1 == len(index) {
						from = append(from, f.Name())
					}
				}
			}
			if len(from) < 2 { // deeper down: name no way through
				b.errorf(pos, "{{%s}}: %s is ambiguous in %s, which embeds it more than once at one depth; select it through the embedded field you mean", vp.Text, name, b.typeString(base))
				return nil
			}
			b.errorf(pos, "{{%s}}: %s is ambiguous in %s, which embeds it from %s; name the one you mean, as in {{%s}}", vp.Text, name, b.typeString(base), strings.Join(from, " and "), "."+strings.Join(append(append(slices.Clone(path[:i]), from[0]), path[i:]...), "."))
			return nil
		}
		if _, isField := obj.(*types.Var); !isField {
			var names []string
			for j := range st.NumFields() {
				// Another package's unexported fields cannot be selected here: they are neither
				// the answer nor a suggestion.
				if f := st.Field(j); f.Exported() || f.Pkg() == b.pkg.Types {
					names = append(names, f.Name())
				}
				if f := st.Field(j); f.Name() == name && !f.Exported() && f.Pkg() != b.pkg.Types {
					b.errorf(pos, "{{%s}}: %s is an unexported field of %s, which code outside package %s cannot read; show an exported field, or copy the value into a field of the output in the handler", vp.Text, name, b.typeString(base), f.Pkg().Name())
					return nil
				}
			}
			s := annotations.DidYouMean(name, names)
			if s == "" && len(names) == 0 && st.NumFields() > 0 && i > 0 {
				prefix := "." + strings.Join(path[:i], ".")
				b.errorf(pos, "{{%s}}: %s has no exported fields, and only those can be read outside its package; end the path at {{%s}}, or copy the value into a field of the output in the handler", vp.Text, b.typeString(base), prefix)
				return nil
			}
			if s == "" && len(names) == 0 {
				b.errorf(pos, "{{%s}}: %s has no fields; add field %s to it, or take {{%s}} out", vp.Text, b.typeString(base), name, vp.Text)
				return nil
			}
			if s == "" {
				// Fields promoted from embedded structs are selected as the struct's own: they
				// are suggestions too, and listed.
				promoted := promotedFieldNames(st, b.pkg.Types)
				if s = annotations.DidYouMean(name, promoted); s == "" {
					b.errorf(pos, "{{%s}}: %s has no field %s; the fields are %s", vp.Text, b.typeString(base), name, strings.Join(append(names, promoted...), ", "))
					return nil
				}
			}
			var fix *annotations.Fix
			if inSource {
				at := pos + token.Pos(len("."+strings.Join(path[:i], ".")))
				if i > 0 {
					at++ // the dot between the last good field and name
				}
				fix = &annotations.Fix{Pos: at, End: at + token.Pos(len(name)), NewText: s}
			}
			b.errorfFix(pos, fix, "{{%s}}: %s has no field %s; did you mean .%s?", vp.Text, b.typeString(base), name,
				strings.Join(append(append([]string{}, path[:i]...), s), "."))
			return nil
		}
		// A field promoted from embedded structs is selected through each of them, so that an
		// embedded pointer on the way is checked for nil like any other pointer on the path
		// (out.Owner with a nil embedded *Meta would panic; out.Meta.Owner is guarded).
		t := cur
		if !indirect {
			// Selected by promotion, as the handler's author would write it.
			if len(vp.Steps) > 0 && t != base {
				vp.Steps[len(vp.Steps)-1].NilCheck = true
			}
			vp.Steps = append(vp.Steps, Step{Field: name})
			cur = obj.Type()
			continue
		}
		for _, k := range index {
			if p, ok := t.Underlying().(*types.Pointer); ok {
				t = p.Elem()
				if len(vp.Steps) > 0 { // the handler's own result is never nil here
					vp.Steps[len(vp.Steps)-1].NilCheck = true
				}
			}
			fv := t.Underlying().(*types.Struct).Field(k)
			if fv.Embedded() && !fv.Exported() && fv.Pkg() != b.pkg.Types {
				// Another package's unexported embedded field cannot be named here; select
				// through it by promotion, which is safe only when it is not a pointer.
				if _, ptr := fv.Type().Underlying().(*types.Pointer); ptr {
					b.errorf(pos, "{{%s}}: %s is promoted through %s's unexported embedded pointer %s, which generated code cannot check for nil; show a field the package exports instead", vp.Text, name, b.typeString(t), fv.Name())
					return nil
				}
				t = fv.Type()
				continue
			}
			vp.Steps = append(vp.Steps, Step{Field: fv.Name()})
			t = fv.Type()
		}
		cur = t
	}
	// A final pointer shows its element, or nothing when nil.
	if p, ok := cur.Underlying().(*types.Pointer); ok {
		vp.Steps[len(vp.Steps)-1].NilCheck = true
		_, vp.Steps[len(vp.Steps)-1].Deref = types.Unalias(cur).(*types.Named)
		cur = p.Elem()
	}
	vp.Type = cur
	show, ok := showKind(cur)
	if !ok {
		b.errorf(pos, "{{%s}} has type %s, which a card cannot show; use a string, a number, a bool or a type with a String() string method", vp.Text, b.typeString(cur))
		return nil
	}
	vp.Show = show
	if show == ShowStringer && len(vp.Steps) > 0 {
		b.stringerPath(vp, cur)
	}
	return vp
}

// inComment reports whether pos is inside a comment of the package (a //card: directive) rather
// than in code (a struct tag).
func (b *builder) inComment(pos token.Pos) bool {
	f := b.fileOf(pos)
	if f == nil {
		return false
	}
	for _, g := range f.Comments {
		if g.Pos() <= pos && pos < g.End() {
			return true
		}
	}
	return false
}

// kindWord names the kind of a type that has no fields, with an article: "a map", "a slice", "an
// array", "an interface" and so on, for a message.
func kindWord(t types.Type) string {
	switch t.Underlying().(type) {
	case *types.Map:
		return "a map"
	case *types.Slice:
		return "a slice"
	case *types.Array:
		return "an array"
	case *types.Interface:
		return "an interface"
	case *types.Chan:
		return "a channel"
	case *types.Signature:
		return "a function"
	}
	return "a value of its type"
}

// promotedFieldNames lists the fields promoted into st from embedded structs (and pointers to
// them), which a path may select as st's own, breadth first, leaving out those st itself, or a
// shallower level, already has, and another package's unexported ones.
func promotedFieldNames(st *types.Struct, pkg *types.Package) []string {
	seen := map[string]bool{}
	for i := range st.NumFields() {
		seen[st.Field(i).Name()] = true
	}
	var names []string
	visited := map[*types.Struct]bool{st: true}
	level := []*types.Struct{st}
	for len(level) > 0 {
		var next []*types.Struct
		for _, s := range level {
			for i := range s.NumFields() {
				f := s.Field(i)
				if !f.Embedded() {
					continue
				}
				t := f.Type()
				if p, ok := t.Underlying().(*types.Pointer); ok {
					t = p.Elem()
				}
				inner, ok := t.Underlying().(*types.Struct)
				if !ok || visited[inner] {
					continue
				}
				visited[inner] = true
				next = append(next, inner)
				for j := range inner.NumFields() {
					g := inner.Field(j)
					if seen[g.Name()] || !g.Exported() && g.Pkg() != pkg {
						continue
					}
					seen[g.Name()] = true
					names = append(names, g.Name())
				}
			}
		}
		level = next
	}
	return names
}

// stringerPath makes the call of String on vp's value, of type t, safe where fmt's would be: an
// interface value is checked for nil (its String would panic), and a String promoted through
// embedded pointers or interfaces (type Wrap struct{ *Inner }) is called through each of them by
// name, each checked for nil, so that a nil one shows as empty text, as a nil pointer on the path
// does.
func (b *builder) stringerPath(vp *ValuePath, t types.Type) {
	last := func() *Step { return &vp.Steps[len(vp.Steps)-1] }
	if types.IsInterface(t) {
		last().NilCheck = true
	}
	_, index, _ := types.LookupFieldOrMethod(t, true, b.pkg.Types, "String")
	for _, k := range index[:max(len(index)-1, 0)] {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return
		}
		fv := st.Field(k)
		if !fv.Exported() && fv.Pkg() != b.pkg.Types {
			return // another package's unexported field: reached by promotion only
		}
		vp.Steps = append(vp.Steps, Step{Field: fv.Name()})
		t = fv.Type()
		if isPointer(t) || types.IsInterface(t) {
			last().NilCheck = true
		}
	}
}

// showKind decides how a value of type t becomes text, like fmt would print it.
func showKind(t types.Type) (ShowKind, bool) {
	if implementsStringer(t) {
		return ShowStringer, true
	}
	basic, ok := t.Underlying().(*types.Basic)
	if !ok {
		return 0, false
	}
	info := basic.Info()
	switch {
	case info&types.IsString != 0:
		return ShowString, true
	case info&types.IsBoolean != 0:
		return ShowBool, true
	case info&types.IsUnsigned != 0:
		return ShowUint, true
	case info&types.IsInteger != 0:
		return ShowInt, true
	case basic.Kind() == types.Float32:
		return ShowFloat32, true
	case info&types.IsFloat != 0:
		return ShowFloat64, true
	}
	return 0, false
}

func implementsStringer(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "String")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 &&
		types.Identical(sig.Results().At(0).Type(), types.Typ[types.String])
}

func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}

func isStringPtr(t types.Type) bool {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	b, ok := p.Elem().Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// markdownTool makes t a markdown card tool: its output's card:"markdown" field is rendered by
// runtime/mdcard, a part at a time, and drawn by the markdown card view. Its title and subtitle
// come from the fields tagged card:"title" and card:"subtitle".
func (b *builder) markdownTool(t *Tool, base *CardSpec, dirs []*annotations.Directive) {
	for _, d := range dirs {
		switch {
		case isCardDirective(d.Name):
			b.errorf(d.NamePos, "//card:%s cannot be used on %s: its output %s is a markdown document (card:\"markdown\"), which is drawn as a markdown card, not a result card; remove the directive", d.Name, t.Name, t.Out.Obj().Name())
		case d.Name == "ui":
			// The tool's one view is the markdown card view; another would replace it.
			b.errorf(d.NamePos, "//card:ui cannot be used on %s: its output %s is a markdown document, drawn by the markdown card view, and a tool has one view; remove the directive", t.Name, t.Out.Obj().Name())
		case d.Name == "reply":
			// The model reads the part's markdown and where it stands in the document.
			b.errorf(d.NamePos, "//card:reply cannot be used on %s: its output %s is a markdown document, and the model reads the document's part as the reply; remove the directive", t.Name, t.Out.Obj().Name())
		case d.Name == "acp":
			b.errorf(d.NamePos, "//card:acp cannot be used on %s: its output %s is a markdown document, which has no Agent Chat Protocol card; remove the directive", t.Name, t.Out.Obj().Name())
		}
	}
	// Each unused tag is reported at itself, where cardvet's fix and an editor can reach it.
	var unused []token.Pos
	for _, txt := range []*Text{base.Text, base.Icon, base.Image} {
		if txt != nil {
			unused = append(unused, txt.Pos)
		}
	}
	for _, f := range base.Fields {
		unused = append(unused, f.LabelPos)
	}
	for _, a := range base.Actions {
		unused = append(unused, a.LabelPos)
	}
	for _, pos := range unused {
		what := "card tag"
		if b.inComment(pos) {
			what = "//card: line"
		}
		b.errorf(pos, "%s holds a markdown document, so only its card:\"title\" and card:\"subtitle\" tags are used; remove this %s", t.Out.Obj().Name(), what)
	}
	t.Markdown = base
	// The part input: the caller asks for part 2, 3, … while parts.hasMore is true.
	st := t.In.Underlying().(*types.Struct)
	for i := range st.NumFields() {
		f := st.Field(i)
		if jsonName(f, st.Tag(i)) != "part" {
			continue
		}
		if basic, ok := f.Type().Underlying().(*types.Basic); ok && basic.Info()&types.IsInteger != 0 {
			switch basic.Kind() {
			case types.Int, types.Int8, types.Int16, types.Int32, types.Uint8, types.Uint16:
				t.PartField = f.Name()
			default:
				// The generated code converts the part to mdcard's int: 2^64-1 would become
				// -1, and on 32-bit platforms 2^32+1 part 1, which the schema lets through.
				b.errorf(f.Pos(), "the part input of markdown card tool %s is %s, whose values do not all fit the int runtime/mdcard numbers parts with on every platform; declare it as %s", t.Name, b.typeString(f.Type()), partFieldHint)
			}
			return
		}
		b.errorf(f.Pos(), "the part input of markdown card tool %s must be an integer, not %s; declare it as %s", t.Name, b.typeString(f.Type()), partFieldHint)
		return
	}
	b.errorf(t.Decl.Type.Params.Pos(), "markdown card tool %s needs a part input so callers can ask for the next part; add %s to %s", t.Name, partFieldHint, t.In.Obj().Name())
}

// jsonName is the JSON name encoding/json gives a field.
func jsonName(f *types.Var, tag string) string {
	name, _, _ := strings.Cut(reflect.StructTag(tag).Get("json"), ",")
	if name == "" {
		return f.Name()
	}
	return name
}

// partFieldHint is the field a markdown card tool's input needs, as the diagnostic spells it.
const partFieldHint = "Part int `json:\"part,omitempty\" jsonschema:\"minimum=1,description=Part of the document to show (1-based)\"`"
