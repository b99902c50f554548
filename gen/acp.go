package gen

import (
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/invopop/jsonschema"

	"github.com/cardgen/cardgen/annotations"
	"github.com/cardgen/cardgen/gen/schema"
	"github.com/cardgen/cardgen/runtime/acp"
)

// ACPSpec is a tool's Agent Chat Protocol card (//card:acp KIND).
type ACPSpec struct {
	Kind string    // detail, review, carousel or form
	Pos  token.Pos // where the directive is

	// Carousel: the output's slice field whose elements have a card, and the element's id field.
	ItemsField string
	ItemType   *types.Named // the element's type (not a pointer to it)
	ItemPtr    bool         // the slice holds pointers
	ItemCard   *CardSpec    // the card ItemType declares
	ItemID     *ValuePath   // the element's id field

	// Form: the payload, complete at generate time (it depends on the input type only).
	Form *acp.FormPayload
}

// carouselItem is the tool-like value whose card the carousel of t draws for each item: the
// renderer writes its card builder (GetRoomsItemCard) as a tool's, and its fixed texts are named
// after it. It is nil when t has no carousel.
func carouselItem(t *Tool) *Tool {
	spec := t.ACP
	if spec == nil || spec.Kind != "carousel" || spec.ItemCard == nil {
		return nil
	}
	return &Tool{Home: t.Home, Name: t.Name + " carousel item", GoName: t.GoName + "Item", Out: spec.ItemType, Card: spec.ItemCard,
		fitter: t.GoName + "ACP", itemOf: t.Name}
}

// acpDirective models //card:acp; it runs after the card and the schemas are known.
func (b *builder) acpDirective(t *Tool, d *annotations.Directive, in schema.Result) {
	if len(d.Args) == 0 {
		return
	}
	kind := d.Args[0].Text
	spec := &ACPSpec{Kind: kind, Pos: d.Args[0].Pos}
	switch kind {
	case "detail", "review":
		if t.Card == nil {
			b.errorf(spec.Pos, "//card:acp %s is projected from the tool's result card, and %s has none; add //card:result", kind, t.Name)
			return
		}
		if kind == "detail" && len(t.Card.Actions) == 0 {
			b.errorf(spec.Pos, "a detail card needs at least one CTA, projected from the result card's buttons; add a //card:action to %s", t.Name)
			return
		}
		if kind == "review" && (len(t.Card.Fields) == 0 || len(t.Card.Actions) == 0) {
			var missing, add []string
			if len(t.Card.Fields) == 0 {
				missing, add = append(missing, "summary rows (the result card's fields)"), append(add, "a //card:field")
			}
			if len(t.Card.Actions) == 0 {
				missing, add = append(missing, "an approve CTA (the result card's first button, as its second is the reject CTA)"), append(add, "a //card:action")
			}
			b.errorf(spec.Pos, "the review card of %s needs %s; add %s", t.Name, strings.Join(missing, " and "), strings.Join(add, " and "))
			return
		}
	case "carousel":
		if !b.carousel(t, spec) {
			return
		}
	case "form":
		if t.ReturnsResult {
			// DispatchACP calls the handler for a chat reply, which has no MCP result to send
			// the handler's Content, _meta or IsError with.
			b.errorf(spec.Pos, "a form tool is called by DispatchACP for a chat reply, which sends the output alone, and %s returns an *mcp.CallToolResult it would drop; return (*%s, error), or give the tool another acp kind", t.Decl.Name.Name, t.Out.Obj().Name())
			return
		}
		if in.Schema == nil {
			b.errorf(spec.Pos, "a form is built from the input schema at generate time, but %s's schema comes from a JSONSchema method at run time; use a plain struct input", t.In.Obj().Name())
			return
		}
		form, ok := b.form(t, spec, in)
		if !ok {
			return
		}
		spec.Form = form
	default:
		return // the annotations parser reported the unknown kind
	}
	t.ACP = spec
}

// carousel finds the output's slice of carded elements and their id.
func (b *builder) carousel(t *Tool, spec *ACPSpec) bool {
	st := t.Out.Underlying().(*types.Struct)
	// cardedElem returns the named type of elem, a container's element type, and whether elem is
	// a pointer to it, when field i can hold carousel items: elements of a type with a result
	// card, in a field not tagged card:"-" (which never appears on a card, a carousel's items
	// included).
	cardedElem := func(i int, elem types.Type) (*types.Named, bool, bool) {
		if reflect.StructTag(st.Tag(i)).Get("card") == "-" {
			return nil, false, false
		}
		// An element type may be written through aliases (type Item = Room, type RoomRef = *Room).
		p, ptr := types.Unalias(elem).(*types.Pointer)
		if ptr {
			elem = p.Elem()
		}
		named, ok := types.Unalias(elem).(*types.Named)
		if !ok || b.out.TypeCards[named.Obj()] == nil || b.out.TypeCards[named.Obj()].Markdown != nil {
			return nil, false, false
		}
		return named, ptr, true
	}
	var found []string
	for i := range st.NumFields() {
		f := st.Field(i)
		sl, ok := f.Type().Underlying().(*types.Slice)
		if !ok {
			continue
		}
		named, ptr, ok := cardedElem(i, sl.Elem())
		if !ok {
			continue
		}
		found = append(found, f.Name())
		if len(found) > 1 {
			continue
		}
		spec.ItemsField, spec.ItemType, spec.ItemPtr, spec.ItemCard = f.Name(), named, ptr, b.out.TypeCards[named.Obj()]
	}
	switch len(found) {
	case 0:
		for i := range st.NumFields() {
			f := st.Field(i)
			var elem types.Type
			switch u := f.Type().Underlying().(type) {
			case *types.Array:
				elem = u.Elem()
			case *types.Map:
				elem = u.Elem()
			default:
				continue
			}
			if named, _, ok := cardedElem(i, elem); ok {
				// An array or a map of carded elements is what the user meant: say what is wrong
				// with it rather than that there is nothing.
				b.errorf(spec.Pos, "a carousel is built from a slice field of the output, and %s's field %s of carded %s elements is %s; make it a slice ([]%s)", t.Out.Obj().Name(), f.Name(), named.Obj().Name(), describeContainer(f.Type()), b.typeString(elem))
				return false
			}
		}
		b.errorf(spec.Pos, "a carousel is built from a slice field of the output whose element type has a card; %s has none: give the element type a //card:result or card:\"title\" tags", t.Out.Obj().Name())
		return false
	case 1:
	default:
		b.errorf(spec.Pos, "%s has several slices of carded elements (%s); a carousel shows one: tag the others card:\"-\", or give the tool another acp kind", t.Out.Obj().Name(), strings.Join(found, ", "))
		return false
	}
	if spec.ItemCard.Title == nil {
		b.errorf(spec.Pos, "carousel items need a title; give %s a card title", spec.ItemType.Obj().Name())
		return false
	}
	if path := jsonIDPath(spec.ItemType.Underlying().(*types.Struct)); path != nil {
		// The id is not a template the user wrote: say what is wrong with it in its own words
		// rather than resolvePath's "{{.ID}} has type …".
		var ft types.Type = spec.ItemType
		for _, name := range path {
			obj, _, _ := types.LookupFieldOrMethod(ft, true, b.pkg.Types, name)
			ft = obj.Type()
		}
		if p, ok := ft.Underlying().(*types.Pointer); ok {
			ft = p.Elem()
		}
		if _, ok := showKind(ft); !ok {
			b.errorf(spec.Pos, "carousel items need an id the user's pick can send back as text, and %s's id (field %s) has type %s; make it a string or a number", spec.ItemType.Obj().Name(), strings.Join(path, "."), b.typeString(ft))
			return false
		}
		spec.ItemID = b.resolvePath(spec.ItemType, path, spec.Pos, false)
		return spec.ItemID != nil
	}
	b.errorf(spec.Pos, "carousel items need an id: %s has no field whose JSON name is \"id\"; add one, such as ID string `json:\"id\"`", spec.ItemType.Obj().Name())
	return false
}

// describeContainer names an array or map type for a message.
func describeContainer(t types.Type) string {
	if _, ok := t.Underlying().(*types.Map); ok {
		return "a map, which has no order for the items"
	}
	return "an array"
}

// jsonIDPath returns the Go field path of the field encoding/json writes as "id" for st: one of
// st's own fields, else one promoted from a struct st embeds without a JSON name, which
// encoding/json inlines. As encoding/json does, it looks a depth at a time, so the shallowest
// such field wins wherever it is, and two at that depth cancel each other out (encoding/json
// writes neither). It returns nil when there is none.
func jsonIDPath(st *types.Struct) []string {
	type level struct {
		st   *types.Struct
		path []string
	}
	current := []level{{st: st}}
	for depth := 0; depth <= 8 && len(current) > 0; depth++ {
		var found [][]string
		var next []level
		for _, l := range current {
			for i := range l.st.NumFields() {
				f := l.st.Field(i)
				path := append(slices.Clip(l.path), f.Name())
				if jsonName(f, l.st.Tag(i)) == "id" {
					found = append(found, path)
					continue
				}
				name, _, _ := strings.Cut(reflect.StructTag(l.st.Tag(i)).Get("json"), ",")
				if !f.Embedded() || name != "" {
					continue // a named embedded struct is one JSON object, not inlined
				}
				t := types.Unalias(f.Type())
				if p, ok := t.Underlying().(*types.Pointer); ok {
					t = types.Unalias(p.Elem())
				}
				if inner, ok := t.Underlying().(*types.Struct); ok {
					next = append(next, level{st: inner, path: path})
				}
			}
		}
		switch len(found) {
		case 0:
			current = next
		case 1:
			return found[0]
		default:
			return nil
		}
	}
	return nil
}

// selectionTool is register.SelectionTool, the selection key naming the tool a form submits to
// (TestReservedViewPaths holds them equal; gen does not import register, which would bring the
// SDK into the generator).
const selectionTool = "tool"

// form builds the form that asks for the tool's input, one field per top-level property, and
// validates it now: it depends on the input type alone.
func (b *builder) form(t *Tool, spec *ACPSpec, in schema.Result) (*acp.FormPayload, bool) {
	s := in.Schema
	required := map[string]bool{}
	for _, r := range s.Required {
		required[r] = true
	}
	form := &acp.FormPayload{
		Title:     t.Title,
		SubmitCTA: acp.CTA{Label: "Submit", Selection: acp.Selection{selectionTool: t.Name}, Primary: true},
	}
	if form.Title == "" {
		// A title for a person, as the field labels are: "Book room", not "book_room".
		form.Title = Words(t.Name)
	}
	ok := true
	if s.Properties != nil {
		for pair := s.Properties.Oldest(); pair != nil; pair = pair.Next() {
			name, p := pair.Key, pair.Value
			if name == selectionTool {
				// The submit CTA's selection names the tool under this key, and DispatchACP and
				// DecodeSelection read it as such: the field could never be answered.
				b.errorf(b.fieldPos(in.Fields[name], spec.Pos), "%s's input field %q has the JSON name %q, which a form's selection uses to name the tool it submits to; give the field another JSON name (json:\"tool_name\")", t.Name, name, selectionTool)
				ok = false
				continue
			}
			label := p.Title
			if label == "" {
				label = Words(name)
			}
			f := acp.FormField{Name: name, Label: label, Required: required[name]}
			typ := p.Type
			// A bool or number the json ",string" option writes as a string: the user answers
			// it as the bool or number it is, and DecodeSelection puts the answer in the string
			// encoding/json reads.
			if field := in.Fields[name]; typ == "string" && field.Var != nil {
				if q := schema.QuotedJSONType(field.Var.Type(), reflect.StructTag(field.Tag)); q != "" {
					typ = q
				}
			}
			switch {
			case isDuration(in.Fields[name].Var):
				// encoding/json reads a time.Duration as nanoseconds: a person typing 2 for two
				// hours would book two nanoseconds, and "2h" is refused.
				b.errorf(b.fieldPos(in.Fields[name], spec.Pos), "%s's input field %q is a time.Duration, which encoding/json reads as a whole number of nanoseconds, not what a person types in a form; take a number in the unit people think in (an int of minutes, with a description saying so) and convert it in the handler", t.Name, name)
				ok = false
				continue
			case len(p.Enum) > 0:
				f.Kind = acp.InputSelect
				for _, e := range p.Enum {
					v := fmt.Sprint(e)
					f.Options = append(f.Options, acp.Option{Value: v, Label: v})
				}
			case p.Type == "string" && p.ContentEncoding != "":
				// []byte: the JSON value is base64, which DecodeSelection would refuse for
				// anything the user types that is not base64.
				b.errorf(b.fieldPos(in.Fields[name], spec.Pos), "%s's input field %q holds %s-encoded bytes ([]byte), and what a user types in a form is text, which would fail to decode; make it a string field", t.Name, name, p.ContentEncoding)
				ok = false
				continue
			case typ == "string" && p.Format == "email":
				f.Kind = acp.InputEmail
			case typ == "string":
				f.Kind = acp.InputText
			case typ == "integer" || typ == "number":
				f.Kind = acp.InputNumber
			case typ == "boolean":
				// An unticked checkbox is the answer false, which DecodeSelection fills in; a
				// required checkbox would make the user tick it, so "no" could not be answered.
				f.Kind = acp.InputCheckbox
				f.Required = false
			default:
				b.errorf(b.fieldPos(in.Fields[name], spec.Pos), "a form asks for strings, numbers, booleans and enums, and %s's input field %q is %s; make the form tool's input flat", t.Name, name, describeType(p))
				ok = false
				continue
			}
			if p.Description != "" {
				f.Placeholder = p.Description
			} else if p.Format == "date-time" {
				f.Placeholder = "date and time, as 2026-01-31T09:00:00Z"
			}
			form.Fields = append(form.Fields, f)
		}
	}
	if !ok {
		return nil, false
	}
	if len(form.Fields) == 0 {
		b.errorf(spec.Pos, "the form of %s would ask for nothing: its input %s has no fields; give the input the fields the form should ask for, or use another card kind", t.Name, t.In.Obj().Name())
		return nil, false
	}
	if err := form.Validate(); err != nil {
		b.errorf(spec.Pos, "the form card of %s is not valid: %v", t.Name, err)
		return nil, false
	}
	return form, true
}

// fieldPos returns where field f is declared — at the JSON name in its json tag, or at the
// field — so that a problem with one input field is reported there and not at the directive. It
// returns pos for no field, and for one declared outside the module or without a tag in another
// package of it.
func (b *builder) fieldPos(field schema.Field, pos token.Pos) token.Pos {
	f, tag := field.Var, field.Tag
	if f == nil {
		return pos
	}
	lit := b.tagLit(f)
	if f.Pkg() != b.pkg.Types {
		// Another package of the module: its file is read for the tag.
		if lit = b.moduleTagLit(f, tag); lit == nil {
			return pos
		}
	}
	if _, tagged := reflect.StructTag(tag).Lookup("json"); tagged {
		return tagSource{tag: tag, lit: lit, field: f.Pos()}.valueAt("json", 0)
	}
	return f.Pos()
}

func describeType(p *jsonschema.Schema) string {
	if p.Type == "" {
		return "not a simple type"
	}
	return "an " + p.Type
}

// Words turns a name — a JSON field's, a tool's — into words for people: product_id becomes
// "Product ID", list_urls "List URLs", userID "User ID", HTTPSProxy "HTTPS proxy". A form field
// without a schema title is labelled so, a tool's form is titled so, and cardgen new titles a
// new tool so. Words are split at _, -, . and spaces and where camel case changes case; a run of
// capitals stays one word (an acronym), and so does a common initialism (ID, URL, HTTPS: the
// words GoName writes in capitals), in capitals.
func Words(name string) string {
	var out []string
	for _, part := range strings.FieldsFunc(name, func(r rune) bool { return r == '_' || r == '-' || r == '.' || unicode.IsSpace(r) }) {
		for _, w := range camelWords(part) {
			single, plural := strings.CutSuffix(w, "s")
			switch {
			case isAcronym(w):
				out = append(out, strings.ToUpper(w))
			case plural && isAcronym(single):
				out = append(out, strings.ToUpper(single)+"s") // IDs, URLs, ids
			default:
				out = append(out, strings.ToLower(w))
			}
		}
	}
	if len(out) == 0 {
		return name
	}
	s := strings.Join(out, " ")
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}

// isAcronym reports whether the word w is shown in capitals: one of the common initialisms
// (initialisms, as GoName writes them) in any case (id), or a run of two or more capitals (HTTPS).
func isAcronym(w string) bool {
	upper := strings.ToUpper(w)
	return initialisms[upper] || utf8.RuneCountInString(w) > 1 && w == upper && strings.ToLower(w) != w
}

// camelWords splits s where camel case starts a word: before a capital after a lower-case
// letter or digit, and before the last capital of a run that a lower-case letter follows
// (HTTPSProxy is HTTPS and Proxy), unless that letter is a plural's s ending the run's word
// (userIDs is user and IDs).
func camelWords(s string) []string {
	rs := []rune(s)
	var ws []string
	start := 0
	for i := 1; i < len(rs); i++ {
		if !unicode.IsUpper(rs[i]) {
			continue
		}
		prev := rs[i-1]
		pluralS := i+1 < len(rs) && rs[i+1] == 's' && (i+2 == len(rs) || !unicode.IsLower(rs[i+2]))
		if unicode.IsLower(prev) || unicode.IsDigit(prev) || unicode.IsUpper(prev) && i+1 < len(rs) && unicode.IsLower(rs[i+1]) && !pluralS {
			ws = append(ws, string(rs[start:i]))
			start = i
		}
	}
	return append(ws, string(rs[start:]))
}

// isDuration reports whether the field v is a time.Duration, or a pointer to one.
func isDuration(v *types.Var) bool {
	if v == nil {
		return false
	}
	t := types.Unalias(v.Type())
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	return isNamed(t, "time", "Duration")
}
