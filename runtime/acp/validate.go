package acp

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Card limits from the Agentverse documentation and the reference.
const (
	// MaxPayloadBytes is the largest card_payload, in bytes of UTF-8 JSON: the
	// documentation's "card_payload ≤ 64 KB" read as 64,000 bytes. It may mean
	// 65,536 (64 KiB), but a host that means 64,000 shows a payload of
	// 64,001–65,536 bytes as a plain text reply; 64,000 is within the limit
	// under both readings.
	MaxPayloadBytes = 64000
	// MaxElementTreeDepth is the deepest custom element tree: the root
	// counts 1 and each level of section/group children or list-item
	// children adds 1.
	MaxElementTreeDepth = 8
	// MaxProblems is the most problems a ValidationError lists one by one;
	// a last problem counts the rest. Each problem carries its path, so a
	// payload with thousands of bad keys deep in a tree would otherwise make
	// an error of hundreds of megabytes.
	MaxProblems = 100
)

// Problem is one thing wrong with a payload. Path is a JSON path into the
// payload such as "items[3].primary_cta.label"; an empty Path means the
// payload as a whole.
type Problem struct {
	Path string
	Msg  string
}

// String returns "path: msg", or "payload: msg" for the whole payload.
func (p Problem) String() string {
	if p.Path == "" {
		return "payload: " + p.Msg
	}
	return p.Path + ": " + p.Msg
}

// ValidationError lists every problem found in one card payload, up to
// MaxProblems (and the element-tree depth problem); Omitted counts the
// problems found past them, which are not listed.
type ValidationError struct {
	Kind     string    // the card kind the payload was checked as (KindCarousel…), or the unknown one given
	Problems []Problem // the problems listed, at most MaxProblems plus the depth problem
	Omitted  int       // how many more were found and not listed
}

// Error lists the problems, one per line after the first when there are
// several.
func (e *ValidationError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "acp: invalid %q card payload", e.Kind)
	if len(e.Problems) == 1 && e.Omitted == 0 {
		b.WriteString(": ")
		b.WriteString(e.Problems[0].String())
		return b.String()
	}
	fmt.Fprintf(&b, " (%d problems):", len(e.Problems)+e.Omitted)
	for _, p := range e.Problems {
		b.WriteString("\n\t")
		b.WriteString(p.String())
	}
	switch {
	case e.Omitted == 1:
		b.WriteString("\n\tand 1 more problem, not listed: fix the ones above and validate again")
	case e.Omitted > 1:
		fmt.Fprintf(&b, "\n\tand %d more problems, not listed: fix the ones above and validate again", e.Omitted)
	}
	return b.String()
}

// valueKind is the JSON shape a schema position expects.
type valueKind uint8

const (
	vString valueKind = iota
	vBool
	vInt
	vSelection // object of flat scalar values
	vObject
	vList
	vNode // element-tree node, dispatched on "type"
)

// spec describes what one JSON position must hold.
type spec struct {
	kind     valueKind
	enum     []string // allowed strings, when set
	ints     []int64  // allowed integers, when set
	obj      *objSpec // vObject
	elem     *spec    // vList
	minItems int      // vList
	deeper   bool     // vList: nodes inside are one tree level deeper
}

// field is one key of an object. nullable mirrors the reference's
// "X | None" annotations, which accept an explicit null.
type field struct {
	name     string
	required bool
	nullable bool
	spec
}

// objSpec is one pydantic model: its fields in declaration order and an
// optional model validator run after the fields.
type objSpec struct {
	fields []field
	after  func(v *validator, obj int32)
	// allowed is the list of keys shown in "unknown field" messages.
	allowed string
}

func obj(after func(*validator, int32), fields ...field) *objSpec {
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.name
	}
	return &objSpec{fields: fields, after: after, allowed: strings.Join(names, ", ")}
}

// Field constructors keep the schema tables below readable.
func req(name string, s spec) field { return field{name: name, required: true, spec: s} }
func opt(name string, s spec) field { return field{name: name, nullable: true, spec: s} }
func def(name string, s spec) field { return field{name: name, spec: s} }

var (
	str        = spec{kind: vString}
	boolean    = spec{kind: vBool}
	integer    = spec{kind: vInt}
	selection  = spec{kind: vSelection}
	node       = spec{kind: vNode}
	children   = spec{kind: vList, elem: &node, minItems: 1, deeper: true}
	variants   = spec{kind: vString, enum: []string{"info", "success", "warning"}}
	inputKinds = spec{kind: vString, enum: []string{"text", "number", "email", "select", "checkbox"}}
)

func object(o *objSpec) spec { return spec{kind: vObject, obj: o} }
func listOf(o *objSpec, min int) spec {
	e := object(o)
	return spec{kind: vList, elem: &e, minItems: min}
}
func enumOf(values ...string) spec { return spec{kind: vString, enum: values} }
func selectNeedsOptions(what string) func(*validator, int32) {
	return func(v *validator, o int32) {
		k, ok := v.member(o, "kind")
		if !ok || v.t.vals[k].kind != jString || !v.t.is(k, "select") {
			return
		}
		if opts, ok := v.member(o, "options"); ok {
			switch ov := v.t.vals[opts]; ov.kind {
			case jNull:
			case jArray:
				if ov.n > 0 {
					return
				}
			default:
				return // wrong type, already reported
			}
		}
		v.at("options", `required when kind is "select"; give the `+what+` at least one {"value", "label"} option`)
	}
}

var (
	ctaSpec    = obj(nil, req("label", str), req("selection", selection), def("primary", boolean))
	rowSpec    = obj(nil, req("label", str), req("value", str))
	optionSpec = obj(nil, req("value", str), req("label", str))
	actionSpec = obj(nil, req("selection", selection))

	carouselSpec = obj(carouselPicks,
		opt("title", str),
		opt("subtitle", str),
		req("items", listOf(obj(nil,
			req("id", str),
			opt("image", str),
			req("title", str),
			opt("subtitle", str),
			opt("badges", listOf(obj(nil, req("label", str), opt("variant", variants)), 0)),
			opt("secondary_text", str),
			req("primary_cta", object(ctaSpec)),
		), 1)),
	)
	detailSpec = obj(detailPicks,
		req("title", str),
		opt("hero_image", str),
		opt("summary_rows", listOf(rowSpec, 0)),
		opt("sub_options", object(obj(nil,
			req("name", str),
			req("kind", enumOf("radio", "select")),
			req("label", str),
			req("choices", listOf(obj(nil, req("value", str), req("label", str), opt("secondary_text", str)), 1)),
		))),
		req("ctas", listOf(ctaSpec, 1)),
	)
	formSpec = obj(formPicks,
		opt("title", str),
		req("fields", listOf(obj(selectNeedsOptions("field"),
			req("name", str),
			req("kind", inputKinds),
			req("label", str),
			def("required", boolean),
			opt("options", listOf(optionSpec, 0)),
			opt("placeholder", str),
		), 1)),
		req("submit_cta", object(ctaSpec)),
	)
	reviewSpec = obj(reviewPicks,
		req("title", str),
		req("summary_rows", listOf(rowSpec, 1)),
		req("approve_cta", object(ctaSpec)),
		opt("reject_cta", object(ctaSpec)),
	)
	customSpec = obj(customPicks, req("root", node))

	payloadSpecs = map[string]*objSpec{
		KindCarousel: carouselSpec,
		KindDetail:   detailSpec,
		KindForm:     formSpec,
		KindReview:   reviewSpec,
		KindCustom:   customSpec,
	}

	// nodeSpecs holds each node's fields besides "type".
	nodeSpecs = map[string]*objSpec{
		NodeSection: obj(nil, opt("title", str), opt("subtitle", str), req("children", children)),
		NodeGroup:   obj(nil, req("direction", enumOf("row", "column")), opt("gap", integer), req("children", children)),
		NodeDivider: obj(nil),
		NodeText:    obj(nil, req("value", str), opt("style", enumOf("body", "muted", "emphasis"))),
		NodeHeading: obj(nil, req("value", str), def("level", spec{kind: vInt, ints: []int64{1, 2, 3}})),
		NodeImage:   obj(nil, req("src", str), opt("alt", str), opt("aspect_ratio", str)),
		NodeBadge:   obj(nil, req("label", str), opt("variant", variants)),
		NodeButton:  obj(nil, req("label", str), def("primary", boolean), req("action", object(actionSpec))),
		NodeInput: obj(selectNeedsOptions("input"),
			req("name", str),
			req("kind", inputKinds),
			req("label", str),
			def("required", boolean),
			opt("options", listOf(optionSpec, 0)),
			opt("placeholder", str),
		),
		NodeList: obj(nil, req("items", listOf(obj(nil,
			req("children", children),
			opt("action", object(actionSpec)),
		), 1))),
		NodeChoiceGrid: obj(nil,
			req("name", str),
			req("choices", listOf(obj(nil, req("value", str), req("label", str), opt("image", str)), 1)),
			def("multi", boolean),
		),
	}
	nodeTypeList = strings.Join(NodeTypes(), ", ")
	kindList     = strings.Join(Kinds(), ", ")
)

// seg is one step of a JSON path: an object key, or a list index when key
// is empty.
type seg struct {
	key string
	idx int
}

// validator walks a parsed payload against a spec and collects problems.
// The path is kept as a stack and rendered only when a problem is found,
// so a valid payload costs no path strings.
type validator struct {
	t        *jtree
	path     []seg
	problems []Problem
	maxDepth int
	deepAt   string // path of the first node beyond MaxElementTreeDepth
	omitted  int    // problems found past MaxProblems, counted and not listed
	// owner and slot place each value in its parent (t.kids[t.vals[owner].first+slot]), built
	// by parent the first time a check of picks.go reports a value by its index.
	owner, slot []int32
}

func (v *validator) pathString() string { return renderPath(v.path) }

// renderPath writes a path as problems show it: keys joined by dots, indexes in brackets.
func renderPath(path []seg) string {
	var b strings.Builder
	for i, s := range path {
		if s.key == "" {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(s.idx))
			b.WriteByte(']')
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s.key)
	}
	return b.String()
}

func (v *validator) add(msg string) {
	if v.full() {
		return
	}
	v.problems = append(v.problems, Problem{Path: v.pathString(), Msg: msg})
}

// full reports whether MaxProblems are listed, and counts the problem that is not.
func (v *validator) full() bool {
	if len(v.problems) < MaxProblems {
		return false
	}
	v.omitted++
	return true
}

// at reports a problem under key of the current object.
func (v *validator) at(key, msg string) {
	v.path = append(v.path, seg{key: key})
	v.add(msg)
	v.path = v.path[:len(v.path)-1]
}

// member returns the value of key in object o; with duplicate keys the
// last one wins, as in the reference's parser.
func (v *validator) member(o int32, key string) (int32, bool) { return v.t.member(o, key) }

func jsonType(k jkind) string {
	switch k {
	case jNull:
		return "null"
	case jString:
		return "a string"
	case jBool:
		return "a boolean"
	case jNumber:
		return "a number"
	case jArray:
		return "an array"
	}
	return "an object"
}

func (s *spec) want() string {
	switch s.kind {
	case vString:
		return "a string"
	case vBool:
		return "a boolean (true or false)"
	case vInt:
		return "an integer"
	case vSelection:
		return "an object of string, number or boolean values"
	case vList:
		return "an array"
	case vNode:
		return "an element node object with a \"type\""
	}
	return "an object"
}

func (v *validator) wrongType(s *spec, k jkind) {
	v.add(fmt.Sprintf("must be %s, not %s", s.want(), jsonType(k)))
}

// walk checks value x against s; depth is the tree level of the node x
// would be.
func (v *validator) walk(x int32, s *spec, depth int) {
	xv := &v.t.vals[x]
	switch s.kind {
	case vString:
		if xv.kind != jString {
			v.wrongType(s, xv.kind)
			return
		}
		if s.enum != nil && !slices.ContainsFunc(s.enum, func(e string) bool { return v.t.is(x, e) }) {
			v.add(fmt.Sprintf("%q is not allowed; use one of %s", v.t.text(x), strings.Join(s.enum, ", ")))
		}
	case vBool:
		if xv.kind != jBool {
			v.wrongType(s, xv.kind)
		}
	case vInt:
		if xv.kind != jNumber {
			v.wrongType(s, xv.kind)
			return
		}
		n := v.t.number(x)
		i, ok := integral(n)
		if !ok {
			v.add(fmt.Sprintf("must be an integer, not %s", n))
			return
		}
		if s.ints != nil && !slices.Contains(s.ints, i) {
			v.add(fmt.Sprintf("%d is not allowed; use one of %s", i, joinInts(s.ints)))
		}
	case vSelection:
		if xv.kind != jObject {
			v.wrongType(s, xv.kind)
			return
		}
		var bad []string
		kids := v.t.kids[xv.first : xv.first+xv.n]
		// A selection is an object like any other: repeating a key gives it no single
		// meaning, ParseResponse refuses a reply that does, and the check that picks differ
		// would compare all the pairs where every decoder keeps only the last.
		for _, k := range v.t.repeatedKeys(kids) {
			v.at(k, "duplicate key; a selection gives each key one value, keep only one")
		}
		for i := 0; i < len(kids); i += 2 {
			switch k := v.t.vals[kids[i+1]].kind; k {
			case jString, jBool, jNumber:
			default:
				bad = append(bad, v.t.text(kids[i])+"\x00"+jsonType(k))
			}
		}
		slices.Sort(bad)
		for _, b := range slices.Compact(bad) {
			key, typ, _ := strings.Cut(b, "\x00")
			v.at(key, fmt.Sprintf("must be a string, number or boolean, not %s; selections are flat key/value pairs", typ))
		}
	case vObject:
		if xv.kind != jObject {
			v.wrongType(s, xv.kind)
			return
		}
		v.object(x, s.obj, depth, false)
	case vList:
		if xv.kind != jArray {
			v.wrongType(s, xv.kind)
			return
		}
		if int(xv.n) < s.minItems {
			v.add(fmt.Sprintf("must have at least %d item; it is empty", s.minItems))
		}
		d := depth
		if s.deeper {
			d++
		}
		for i, e := range v.t.kids[xv.first : xv.first+xv.n] {
			v.path = append(v.path, seg{idx: i})
			v.walk(e, s.elem, d)
			v.path = v.path[:len(v.path)-1]
		}
	case vNode:
		if xv.kind != jObject {
			v.wrongType(s, xv.kind)
			return
		}
		if depth > v.maxDepth {
			v.maxDepth = depth
		}
		if depth > MaxElementTreeDepth && v.deepAt == "" {
			v.deepAt = v.pathString()
		}
		t, present := v.member(x, "type")
		if !present {
			v.at("type", "required; use one of "+nodeTypeList)
			return
		}
		if k := v.t.vals[t].kind; k != jString {
			v.at("type", fmt.Sprintf("must be a string, not %s; use one of %s", jsonType(k), nodeTypeList))
			return
		}
		ns, ok := nodeSpecs[v.t.text(t)]
		if !ok {
			v.at("type", fmt.Sprintf("unknown node type %q; use one of %s", v.t.text(t), nodeTypeList))
			return
		}
		v.object(x, ns, depth, true)
	}
}

// object checks one model: its repeated and unknown keys in sorted order
// first (a misspelt key explains the "required" that follows), then its
// fields in declaration order, then its model validator.
func (v *validator) object(x int32, o *objSpec, depth int, isNode bool) {
	xv := v.t.vals[x]
	kids := v.t.kids[xv.first : xv.first+xv.n]
	var unknown []string
	for i := 0; i < len(kids); i += 2 {
		if !known(v.t, kids[i], o, isNode) {
			unknown = append(unknown, v.t.text(kids[i]))
		}
	}
	// Parsers disagree on repeated keys (pydantic keeps the last, Go merges
	// them), so a payload that repeats one has no single meaning.
	for _, k := range v.t.repeatedKeys(kids) {
		v.at(k, "duplicate field; keep only one")
	}
	if unknown != nil {
		slices.Sort(unknown)
		allowed := o.allowed
		if isNode {
			allowed = strings.TrimSuffix("type, "+allowed, ", ")
		}
		for _, k := range slices.Compact(unknown) {
			v.at(k, "unknown field; allowed fields are "+allowed)
		}
	}
	for i := range o.fields {
		f := &o.fields[i]
		m, ok := v.member(x, f.name)
		v.path = append(v.path, seg{key: f.name})
		switch {
		case !ok:
			if f.required {
				v.add("required")
			}
		case v.t.vals[m].kind == jNull:
			if !f.nullable {
				v.add(fmt.Sprintf("must be %s, not null", f.want()))
			}
		default:
			v.walk(m, &f.spec, depth)
		}
		v.path = v.path[:len(v.path)-1]
	}
	if o.after != nil {
		o.after(v, x)
	}
}

func known(t *jtree, key int32, o *objSpec, isNode bool) bool {
	if isNode && t.is(key, "type") {
		return true
	}
	for i := range o.fields {
		if t.is(key, o.fields[i].name) {
			return true
		}
	}
	return false
}

// integral accepts integer literals and whole floats such as 2.0, as the
// reference's lax int validation does.
func integral(n json.Number) (int64, bool) {
	if i, err := n.Int64(); err == nil {
		return i, true
	}
	f, err := n.Float64()
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, false
	}
	return int64(f), true
}

func joinInts(ints []int64) string {
	s := make([]string, len(ints))
	for i, n := range ints {
		s[i] = strconv.FormatInt(n, 10)
	}
	return strings.Join(s, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// ValidatePayload checks a card_payload for card_kind kind as strictly as
// the reference models (unknown keys and wrong JSON types are rejected at
// every level) plus the card limits: at most MaxPayloadBytes bytes, at most
// MaxElementTreeDepth tree levels, flat selections. It returns nil or a
// *ValidationError listing every problem with its JSON path (past
// MaxProblems, the rest are counted in Omitted).
//
// It also refuses a card whose picks the reply could not tell apart, which
// the reference does not check: a carousel item id, a CTA, button or list
// row selection, a field, input or choice-grid name, or an option or choice
// value within one field that repeats an earlier one, and a field or
// sub-options name that is also a key of the selection sent with it. The
// problem is reported at the repeat and names the first:
//
//	items[2].id: duplicate id "sku-1", as items[0].id: the reply could not say which …
//
// Selections compare as ParseResponse compares them, so "1", 1 and 1.0 are
// one value.
//
// Where the reference's lax parsing would coerce a value, this is stricter:
// "true" is not a boolean, and true is not a heading level. Whole floats
// like 2.0 are accepted for integers, as the reference accepts them.
func ValidatePayload(kind string, payload []byte) error {
	o, ok := payloadSpecs[kind]
	if !ok {
		return &ValidationError{Kind: kind, Problems: []Problem{{
			Path: "card_kind",
			Msg:  fmt.Sprintf("unknown card kind %q; use one of %s", kind, kindList),
		}}}
	}
	v := &validator{}
	if len(payload) > MaxPayloadBytes {
		v.add(fmt.Sprintf("is %d bytes; the limit is %d bytes of UTF-8 JSON: send fewer items or shorter texts",
			len(payload), MaxPayloadBytes))
	}
	if !utf8.Valid(payload) {
		v.add("is not valid UTF-8; encode the payload as UTF-8 JSON")
		return &ValidationError{Kind: kind, Problems: v.problems}
	}
	tree, err := parseJSON(payload)
	if err != nil {
		v.add("is not valid JSON: " + err.Error())
		return &ValidationError{Kind: kind, Problems: v.problems}
	}
	v.t = tree
	v.walk(0, &spec{kind: vObject, obj: o}, 1)
	if v.maxDepth > MaxElementTreeDepth {
		v.problems = append(v.problems, Problem{Path: v.deepAt, Msg: fmt.Sprintf(
			"element tree is %d levels deep; the limit is %d (the root counts 1, each level of section/group children or list-item children adds 1): flatten the tree",
			v.maxDepth, MaxElementTreeDepth)})
	}
	if len(v.problems) > 0 {
		return &ValidationError{Kind: kind, Problems: v.problems, Omitted: v.omitted}
	}
	return nil
}

// Encode validates p and returns its card_kind and card_payload bytes,
// written as the reference's model_dump_json(exclude_none=True) writes
// them. It returns a *ValidationError when the payload would be rejected.
func Encode(p Payload) (kind string, payload []byte, err error) {
	if p == nil {
		return "", nil, fmt.Errorf("acp: Encode: nil payload; pass a CarouselPayload, DetailPayload, FormPayload, ReviewPayload or CustomPayload")
	}
	if rv := reflect.ValueOf(p); rv.Kind() == reflect.Pointer && rv.IsNil() {
		return "", nil, fmt.Errorf("acp: Encode: nil %T payload", p)
	}
	kind = p.Kind()
	b, err := marshalNoHTML(p)
	if err != nil {
		return "", nil, fmt.Errorf("acp: encode %s payload: %w", kind, err)
	}
	b = rawLineSeparators(b)
	if err := ValidatePayload(kind, b); err != nil {
		return "", nil, err
	}
	return kind, b, nil
}

// DecodePayload validates payload as ValidatePayload does and decodes it
// into the typed payload for kind (a CarouselPayload, DetailPayload,
// FormPayload, ReviewPayload or CustomPayload value). Numbers inside
// selections are json.Number, so nothing is lost on the way back out.
func DecodePayload(kind string, payload []byte) (Payload, error) {
	if err := ValidatePayload(kind, payload); err != nil {
		return nil, err
	}
	var (
		p   Payload
		err error
	)
	switch kind {
	case KindCarousel:
		p, err = decodeAs[CarouselPayload](payload)
	case KindDetail:
		p, err = decodeAs[DetailPayload](payload)
	case KindForm:
		p, err = decodeAs[FormPayload](payload)
	case KindReview:
		p, err = decodeAs[ReviewPayload](payload)
	case KindCustom:
		p, err = decodeAs[CustomPayload](payload)
	}
	if err != nil {
		return nil, fmt.Errorf("acp: decode %s payload: %w", kind, err)
	}
	return p, nil
}

// Validate reports whether the payload would be accepted, as Encode does.
func (p CarouselPayload) Validate() error { _, _, err := Encode(p); return err }

// Validate reports whether the payload would be accepted, as Encode does.
func (p DetailPayload) Validate() error { _, _, err := Encode(p); return err }

// Validate reports whether the payload would be accepted, as Encode does.
func (p FormPayload) Validate() error { _, _, err := Encode(p); return err }

// Validate reports whether the payload would be accepted, as Encode does.
func (p ReviewPayload) Validate() error { _, _, err := Encode(p); return err }

// Validate reports whether the payload would be accepted, as Encode does.
func (p CustomPayload) Validate() error { _, _, err := Encode(p); return err }
