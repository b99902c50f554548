package gen

import (
	"fmt"
	"go/types"
	"strconv"

	"github.com/dave/jennifer/jen"
)

// cardRenderer builds one card builder function: fixed texts become constants (guarded at build
// time), values become plain Go expressions over the output.
type cardRenderer struct {
	t      *Tool
	root   string // the variable the paths start from; "out" when empty
	consts []jen.Code
	guards []jen.Code
	locals []jen.Code
	nLocal int
}

func renderCard(f *jen.File, t *Tool) {
	r := &cardRenderer{t: t}
	c := t.Card
	// One statement per slot, in the order of the wire shape as the seed documents it: a flat
	// builder reads like the directives it comes from, and is far cheaper to gofmt than one
	// nested composite literal (see BENCHMARKS.md). The rows and buttons stay slice literals, one
	// element a line: appending them one call at a time compiled measurably slower.
	var stmts []jen.Code
	set := func(name, stem string, txt *Text) {
		if txt != nil {
			stmts = append(stmts, jen.Id("c").Dot(name).Op("=").Add(r.text(stem, txt)))
		}
	}
	for _, h := range c.headTexts() {
		set(h.field, h.stem, h.txt)
	}
	if len(c.Fields) > 0 {
		var rows []jen.Code
		for i, fs := range c.Fields {
			stem := fieldStem(i)
			rows = append(rows, jen.Line().Values(
				jen.Id("Label").Op(":").Add(r.constant(stem+"Label", fs.Label)),
				jen.Id("Value").Op(":").Add(r.text(stem+"Value", fs.Value))))
		}
		stmts = append(stmts, jen.Id("c").Dot("Fields").Op("=").Index().Qual(cardPath, "Field").Values(append(rows, jen.Line())...))
	}
	if len(c.Actions) > 0 {
		var buttons []jen.Code
		for i, a := range c.Actions {
			stem, target := actionStem(i, a)
			ctor := "URLAction"
			if a.Kind == "message" {
				ctor = "MessageAction"
			}
			buttons = append(buttons, jen.Line().Qual(cardPath, ctor).Call(r.constant(stem+"Label", a.Label), r.text(stem+target, a.Target)))
		}
		stmts = append(stmts, jen.Id("c").Dot("Actions").Op("=").Index().Qual(cardPath, "Action").Values(append(buttons, jen.Line())...))
	}
	set("FallbackText", stemFallback, c.Fallback)

	if len(r.consts) > 0 {
		doc(f, fmt.Sprintf("Fixed texts of the %s card, checked against the card limits when cardgen ran.", t.Name))
		f.Const().Defs(r.consts...)
		// Words only at the start of each line, so that the block keeps gofmt's fast path
		// (canonicalDecl's plainDoc).
		doc(f, "A compile-time guard in the style of stringer: an invalid argument error here, an index out of "+
			"bounds or one that must not be negative, means a text above changed length after cardgen checked "+
			"it; cardgen check finds any change. Run go generate again.")
		f.Func().Id("_").Params().Block(append([]jen.Code{jen.Var().Id("x").Index(jen.Lit(1)).Struct()}, r.guards...)...)
	}
	param := jen.Id("out").Op("*").Add(t.typ(t.outName()))
	fitter := "RegisterTools"
	if t.fitter != "" {
		fitter = t.fitter
	}
	what := fmt.Sprintf("the result card of the %s tool from its output", t.Name)
	if t.itemOf != "" {
		what = fmt.Sprintf("the card of one item of the %s carousel from one %s of its output", t.itemOf, t.Out.Obj().Name())
	}
	doc(f, fmt.Sprintf("%sCard builds %s; out must not be nil (%s never passes nil). %s fits it to the host "+
		"limits (card.Fit) before sending, so values from data can never make a host drop it.", t.GoName, what, fitter, fitter))
	result := jen.Id("c")
	if c.Fallback == nil {
		// No //card:fallback: the fallback is written from the other slots as the card is
		// built, so that the card is complete before Fit (which then changes nothing).
		result = jen.Id("c").Dot("WithFallback").Call()
	}
	body := append(r.locals, jen.Id("c").Op(":=").Qual(cardPath, "Card").Values(jen.Id("V").Op(":").Qual(cardPath, "Version")))
	body = append(body, stmts...)
	body = append(body, jen.Return(result))
	f.Func().Id(t.GoName+"Card").Params(param).Qual(cardPath, "Card").Block(body...)
}

func renderReply(f *jen.File, t *Tool) {
	r := &cardRenderer{t: t}
	expr := r.text(stemReply, t.Reply)
	if len(r.consts) > 0 {
		f.Const().Defs(r.consts...)
	}
	body := append(r.locals, jen.Return(expr))
	doc(f, fmt.Sprintf("%sReply is the text the model reads from a %s result.", lowerFirst(t.GoName), t.Name))
	f.Func().Id(lowerFirst(t.GoName) + "Reply").Params(jen.Id("out").Op("*").Add(t.typ(t.outName()))).String().Block(body...)
}

// constant declares a fixed text and its guard, and returns a reference to it.
func (r *cardRenderer) constant(stem, s string) jen.Code {
	name := lowerFirst(r.t.GoName) + stem
	r.consts = append(r.consts, jen.Id(name).Op("=").Lit(s))
	r.guards = append(r.guards, jen.Id("_").Op("=").Id("x").Index(jen.Len(jen.Id(name)).Op("-").Lit(len(s))))
	return jen.Id(name)
}

// text renders a template as a concatenation.
func (r *cardRenderer) text(stem string, t *Text) jen.Code {
	var parts []jen.Code
	names := litStems(stem, t)
	for _, p := range t.Parts {
		if p.Value == nil {
			if p.Lit == "" {
				continue
			}
			parts = append(parts, r.constant(names[0], p.Lit))
			names = names[1:]
			continue
		}
		v := r.value(p.Value)
		switch p.Escape {
		case EscapePath:
			v = jen.Qual(cardPath, "PathPart").Call(v)
		case EscapeQuery:
			v = jen.Qual(cardPath, "QueryPart").Call(v)
		}
		parts = append(parts, v)
	}
	if len(parts) == 0 {
		return jen.Lit("")
	}
	expr := jen.Add(parts[0])
	for _, p := range parts[1:] {
		expr = expr.Op("+").Add(p)
	}
	return expr
}

func countLits(t *Text) int {
	n := 0
	for _, p := range t.Parts {
		if p.Value == nil && p.Lit != "" {
			n++
		}
	}
	return n
}

// The stems of the constants of a card's, reply's and document's fixed texts, after the tool's
// lowered Go name: the renderers name the constants with them, and fixedTextNames lists them
// (the names the package's own declarations are checked against), so the two cannot disagree.
const (
	stemFallback = "Fallback"
	stemReply    = "ReplyText"
)

// A cardText is a one-text slot of a card: the card.Card field it sets and its constants' stem.
type cardText struct {
	field, stem string
	txt         *Text
}

// headTexts are c's one-text slots before its rows, in the wire order the builder sets them in.
func (c *CardSpec) headTexts() []cardText {
	return []cardText{
		{"Title", "Title", c.Title}, {"Subtitle", "Subtitle", c.Subtitle}, {"Text", "Text", c.Text},
		{"IconURL", "Icon", c.Icon}, {"ImageURL", "Image", c.Image},
	}
}

// fieldStem is the stem of row i's constants (Field1Label, Field1Value).
func fieldStem(i int) string { return "Field" + strconv.Itoa(i+1) }

// actionStem is the stem of button i's constants, and the suffix of its target's (Action1Label,
// Action1URL or Action1Text).
func actionStem(i int, a ActionSpec) (stem, target string) {
	if a.Kind == "message" {
		return "Action" + strconv.Itoa(i+1), "Text"
	}
	return "Action" + strconv.Itoa(i+1), "URL"
}

// litStems are the stems of the constants of t's fixed parts, in order: stem for the one part,
// stem1, stem2, … when there are several.
func litStems(stem string, t *Text) []string {
	n := countLits(t)
	if n == 1 {
		return []string{stem}
	}
	stems := make([]string, n)
	for i := range stems {
		stems[i] = stem + strconv.Itoa(i+1)
	}
	return stems
}

// value renders one path. Paths through pointers read into a local first, so that a nil pointer
// anywhere on the path shows as empty text instead of panicking.
func (r *cardRenderer) value(v *ValuePath) jen.Code {
	root := r.root
	if root == "" {
		root = "out"
	}
	sel := func(k int) *jen.Statement {
		s := jen.Id(root)
		for _, st := range v.Steps[:k+1] {
			s = s.Dot(st.Field)
		}
		return s
	}
	last := len(v.Steps) - 1
	var conds []jen.Code
	for i, st := range v.Steps {
		if st.NilCheck {
			conds = append(conds, sel(i).Op("!=").Nil())
		}
	}
	final := sel(last)
	switch {
	case v.Steps[last].Deref && v.Show == ShowStringer:
		final = jen.Parens(jen.Op("*").Add(sel(last)))
	case v.Steps[last].NilCheck && v.Show != ShowStringer:
		final = jen.Op("*").Add(sel(last))
	}
	shown := show(final, v)
	if len(conds) == 0 {
		return shown
	}
	r.nLocal++
	name := "v" + strconv.Itoa(r.nLocal)
	cond := jen.Add(conds[0])
	for _, c := range conds[1:] {
		cond = cond.Op("&&").Add(c)
	}
	r.locals = append(r.locals,
		jen.Var().Id(name).String().Comment("{{"+v.Text+"}}; empty when a pointer on the path is nil"),
		jen.If(cond).Block(jen.Id(name).Op("=").Add(shown)))
	return jen.Id(name)
}

// show converts a value to text the way fmt would print it, with no reflection.
func show(expr *jen.Statement, v *ValuePath) jen.Code {
	exact := func(k types.BasicKind) bool {
		b, ok := types.Unalias(v.Type).(*types.Basic) // type Count = int64 is an int64
		return ok && b.Kind() == k
	}
	switch v.Show {
	case ShowStringer:
		return expr.Dot("String").Call()
	case ShowString:
		if exact(types.String) {
			return expr
		}
		return jen.String().Parens(expr)
	case ShowBool:
		if !exact(types.Bool) {
			expr = jen.Bool().Parens(expr)
		}
		return jen.Qual(strconvPath, "FormatBool").Call(expr)
	case ShowInt:
		if !exact(types.Int64) { // a conversion to the type it has is noise (unconvert)
			expr = jen.Int64().Parens(expr)
		}
		return jen.Qual(strconvPath, "FormatInt").Call(expr, jen.Lit(10))
	case ShowUint:
		if !exact(types.Uint64) {
			expr = jen.Uint64().Parens(expr)
		}
		return jen.Qual(strconvPath, "FormatUint").Call(expr, jen.Lit(10))
	case ShowFloat32:
		return jen.Qual(strconvPath, "FormatFloat").Call(jen.Float64().Parens(expr), jen.LitRune('f'), jen.Lit(-1), jen.Lit(32))
	default:
		if !exact(types.Float64) {
			expr = jen.Float64().Parens(expr)
		}
		return jen.Qual(strconvPath, "FormatFloat").Call(expr, jen.LitRune('f'), jen.Lit(-1), jen.Lit(64))
	}
}

// renderDocument writes the function that takes a markdown card tool's document and its title
// and subtitle from the output.
func renderDocument(f *jen.File, t *Tool) {
	r := &cardRenderer{t: t}
	c := t.Markdown
	opts := jen.Dict{}
	if c.Title != nil {
		opts[jen.Id("Title")] = r.text("Title", c.Title)
	}
	if c.Subtitle != nil {
		opts[jen.Id("Subtitle")] = r.text("Subtitle", c.Subtitle)
	}
	md := r.value(c.Markdown)
	if len(r.consts) > 0 {
		f.Const().Defs(r.consts...)
	}
	doc(f, fmt.Sprintf("%sDocument returns the markdown document of a %s result and its render options.", lowerFirst(t.GoName), t.Name))
	body := append(r.locals, jen.Return(md, jen.Qual(mdcardPath, "RenderOptions").Values(opts)))
	f.Func().Id(lowerFirst(t.GoName)+"Document").Params(jen.Id("out").Op("*").Add(t.typ(t.outName()))).
		Params(jen.String(), jen.Qual(mdcardPath, "RenderOptions")).Block(body...)
}
