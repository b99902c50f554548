package acp

import (
	"fmt"
	"hash/maphash"
	"slices"
	"strconv"
)

// This file holds the checks that whatever a user can pick on one card comes back as a reply
// the agent can tell apart from every other pick. The host sends back the CTA's selection and
// what the user entered, in one object: "The JSON contains every value declared in the CTA's
// selection payload — both the static selection text fields and any dynamically captured user
// inputs (form-field values, picked option ids, etc.)". So two carousel items with one id, two
// CTAs with one selection, two fields with one name or two options with one value make the
// reply ambiguous, and so does a field named like a key of the selection it is sent with: one
// value hides the other. The reference does not check any of this (pydantic validates each
// item on its own); the host draws the card, and the agent then cannot act on the pick.
//
// Values compare as ParseResponse compares them (scalarText): a string as it is, a boolean as
// true or false, a number as the shortest form of its float64, so "1", 1 and 1.0 are one value.
// Ids, names and option values are strings and compare exactly.

// pickSeed seeds the hashes that find repeated values without a string per value.
var pickSeed = maphash.MakeSeed()

// appendScalar appends the text of flat value x as scalarText writes it; ok is false for an
// array, an object or null.
func (t *jtree) appendScalar(dst []byte, x int32) ([]byte, bool) {
	switch t.vals[x].kind {
	case jString:
		if t.vals[x].esc {
			return append(dst, unescape(t.raw(x))...), true
		}
		return append(dst, t.raw(x)...), true
	case jBool:
		return append(dst, t.raw(x)...), true
	case jNumber:
		if f, err := strconv.ParseFloat(string(t.raw(x)), 64); err == nil {
			return strconv.AppendFloat(dst, f, 'g', -1, 64), true
		}
		return append(dst, t.raw(x)...), true // beyond float64, as json.Number.String
	}
	return dst, false
}

// stringHash hashes string value x by its unescaped text.
func (t *jtree) stringHash(x int32) uint64 {
	if !t.vals[x].esc {
		return maphash.Bytes(pickSeed, t.raw(x))
	}
	return maphash.String(pickSeed, unescape(t.raw(x)))
}

// selectionHash hashes the flat object x so that selections sameFlat finds equal hash alike,
// whatever the order of their keys (the hashes of the key/value pairs are added); ok is false
// when a value is not flat, which validation reports on its own.
func (t *jtree) selectionHash(x int32) (uint64, bool) {
	var (
		sum uint64
		buf [64]byte
	)
	kids := t.elems(x)
	for i := 0; i < len(kids); i += 2 {
		b, _ := t.appendScalar(buf[:0], kids[i]) // a key is a string
		b = append(b, 0)
		b, ok := t.appendScalar(b, kids[i+1])
		if !ok {
			return 0, false
		}
		sum += maphash.Bytes(pickSeed, b)
	}
	return sum, true
}

// sameScalar reports whether flat values a and b have the same text.
func (t *jtree) sameScalar(a, b int32) bool {
	var ba, bb [64]byte
	x, okA := t.appendScalar(ba[:0], a)
	y, okB := t.appendScalar(bb[:0], b)
	return okA && okB && string(x) == string(y)
}

// sameFlat reports whether the flat objects a and b select the same, as sameSelection
// compares decoded selections: the same keys, each with the same value text.
func (t *jtree) sameFlat(a, b int32) bool {
	ka, kb := t.elems(a), t.elems(b)
	if len(ka) != len(kb) {
		return false
	}
	// Looking each key of a up in b pair by pair costs the square of their size: a large b's
	// keys go in a map first (the last of repeated keys, as member).
	var index map[string]int32
	if len(kb)/2 > smallObject {
		index = make(map[string]int32, len(kb)/2)
		for j := 0; j < len(kb); j += 2 {
			index[t.text(kb[j])] = kb[j+1]
		}
	}
	for i := 0; i < len(ka); i += 2 {
		bv, found := int32(0), false
		if index != nil {
			bv, found = index[t.text(ka[i])]
		} else {
			for j := len(kb) - 2; j >= 0; j -= 2 { // the last of repeated keys, as member
				if t.sameString(ka[i], kb[j]) {
					bv, found = kb[j+1], true
					break
				}
			}
		}
		if !found || !t.sameScalar(ka[i+1], bv) {
			return false
		}
	}
	return true
}

// firsts finds, for each value added, the first equal value added before it. Values are
// indexes into one tree, found by their hash and confirmed by same.
type firsts struct {
	same func(a, b int32) bool
	hint int // values expected, so that the map is made once
	m    map[uint64]int32
	more []hashedValue // values whose hash an unequal value had first
}

type hashedValue struct {
	h uint64
	x int32
}

func stringSet(t *jtree, hint int) firsts    { return firsts{same: t.sameString, hint: hint} }
func selectionSet(t *jtree, hint int) firsts { return firsts{same: t.sameFlat, hint: hint} }

// find returns the value added before that equals x, whose hash is h.
func (f *firsts) find(h uint64, x int32) (int32, bool) {
	e, ok := f.m[h]
	if !ok {
		return 0, false
	}
	if f.same(e, x) {
		return e, true
	}
	for _, e := range f.more {
		if e.h == h && f.same(e.x, x) {
			return e.x, true
		}
	}
	return 0, false
}

// add returns the value added before that equals x, or else adds x as the first of its value.
func (f *firsts) add(h uint64, x int32) (int32, bool) {
	if e, ok := f.find(h, x); ok {
		return e, true
	}
	if _, taken := f.m[h]; taken {
		f.more = append(f.more, hashedValue{h, x})
	} else {
		if f.m == nil {
			f.m = make(map[uint64]int32, f.hint)
		}
		f.m[h] = x
	}
	return 0, false
}

// addString adds string value x to set and reports it when an earlier value equals it.
func (v *validator) addString(set *firsts, x int32, what, why string) (dup bool) {
	e, dup := set.add(v.t.stringHash(x), x)
	if dup {
		v.addAt(x, fmt.Sprintf("duplicate %s %q, as %s: %s", what, v.t.text(x), v.pathOf(e), why))
	}
	return dup
}

// addSelection adds selection x to set and reports it when an earlier selection equals it.
func (v *validator) addSelection(set *firsts, x int32, why string) {
	h, ok := v.t.selectionHash(x)
	if !ok {
		return
	}
	if e, dup := set.add(h, x); dup {
		v.addAt(x, fmt.Sprintf("same selection as %s: the reply is the selection, so %s", v.pathOf(e), why))
	}
}

// uniqueValues reports every element of list whose "value" repeats an earlier element's.
func (v *validator) uniqueValues(list int32, what string) {
	set := stringSet(v.t, len(v.t.elems(list)))
	for _, el := range v.t.elems(list) {
		if val, ok := v.t.get(el, "value", jString); ok {
			v.addString(&set, val, "value", "the reply could not say which of the two "+what+" the user picked; give each its own value")
		}
	}
}

// keyClashes reports every name (a string value) that is also a key of one of sels, the
// selections sent together with what the user entered under those names.
func (v *validator) keyClashes(names, sels []int32) {
	if len(names) == 0 || len(sels) == 0 {
		return
	}
	keys := stringSet(v.t, 0)
	for _, s := range sels {
		kids := v.t.elems(s)
		for i := 0; i < len(kids); i += 2 {
			keys.add(v.t.stringHash(kids[i]), kids[i])
		}
	}
	for _, n := range names {
		if k, ok := keys.find(v.t.stringHash(n), n); ok {
			v.addAt(n, fmt.Sprintf("%q is also a key of %s: the reply holds what the user entered and the selection in one object, where one value would hide the other; rename one",
				v.t.text(n), v.pathOf(v.parent(k))))
		}
	}
}

// ctaSelection returns the selection object of the CTA under key of o.
func (t *jtree) ctaSelection(o int32, key string) (int32, bool) {
	cta, ok := t.get(o, key, jObject)
	if !ok {
		return 0, false
	}
	return t.get(cta, "selection", jObject)
}

// carouselPicks: each item has an id and a selection of its own.
func carouselPicks(v *validator, o int32) {
	items, ok := v.t.get(o, "items", jArray)
	if !ok {
		return
	}
	n := len(v.t.elems(items))
	ids, sels := stringSet(v.t, n), selectionSet(v.t, n)
	for _, it := range v.t.elems(items) {
		dupID := false
		if id, ok := v.t.get(it, "id", jString); ok && len(v.t.raw(id)) == 0 {
			v.addAt(id, "empty id: the reply names the picked item by its id, so a pick of this item could not be acted on; give each item an id (acp.FitCarousel drops items without one)")
		} else if ok {
			dupID = v.addString(&ids, id, "id", "the reply could not say which of the two items the user picked; give each item its own id (acp.FitCarousel keeps the first)")
		}
		if sel, ok := v.t.ctaSelection(it, "primary_cta"); ok {
			if dupID {
				// An item repeated whole (a repeated row of data) is one problem, not two.
				if h, ok := v.t.selectionHash(sel); ok {
					sels.add(h, sel)
				}
				continue
			}
			v.addSelection(&sels, sel, "it could not say which of the two items the user picked; put the item's id in it")
		}
	}
}

// detailPicks: each sub-option choice has a value of its own, each CTA a selection of its own,
// and the sub-options' name is no key of a CTA's selection.
func detailPicks(v *validator, o int32) {
	var names, selList []int32
	if sub, ok := v.t.get(o, "sub_options", jObject); ok {
		if choices, ok := v.t.get(sub, "choices", jArray); ok {
			v.uniqueValues(choices, "choices")
		}
		if name, ok := v.t.get(sub, "name", jString); ok {
			names = append(names, name)
		}
	}
	if ctas, ok := v.t.get(o, "ctas", jArray); ok {
		sels := selectionSet(v.t, len(v.t.elems(ctas)))
		for _, c := range v.t.elems(ctas) {
			if sel, ok := v.t.get(c, "selection", jObject); ok {
				v.addSelection(&sels, sel, "it could not say which of the two CTAs the user picked; make each CTA's selection different")
				selList = append(selList, sel)
			}
		}
	}
	v.keyClashes(names, selList)
}

// formPicks: each field has a name of its own and each option of a field a value of its own,
// and no field is named like a key of the submit CTA's selection.
func formPicks(v *validator, o int32) {
	var names []int32
	if fields, ok := v.t.get(o, "fields", jArray); ok {
		set := stringSet(v.t, len(v.t.elems(fields)))
		for _, f := range v.t.elems(fields) {
			if name, ok := v.t.get(f, "name", jString); ok {
				v.addString(&set, name, "name", "the reply holds one value per name, so one field's answer would hide the other's; give each field its own name")
				names = append(names, name)
			}
			if opts, ok := v.t.get(f, "options", jArray); ok {
				v.uniqueValues(opts, "options")
			}
		}
	}
	if sel, ok := v.t.ctaSelection(o, "submit_cta"); ok {
		v.keyClashes(names, []int32{sel})
	}
}

// reviewPicks: rejecting does not send what approving sends.
func reviewPicks(v *validator, o int32) {
	sels := selectionSet(v.t, 2)
	for _, key := range []string{"approve_cta", "reject_cta"} {
		if sel, ok := v.t.ctaSelection(o, key); ok {
			v.addSelection(&sels, sel, "a rejection could not be told from an approval; make the two selections different")
		}
	}
}

// customPicks: across the whole tree, inputs and choice grids have names of their own, buttons
// and list rows selections of their own, and no name is a key of a selection (a button sends
// what the user entered with its selection); within one input or grid, options and choices
// have values of their own.
func customPicks(v *validator, o int32) {
	root, ok := v.t.get(o, "root", jObject)
	if !ok {
		return
	}
	p := treePicks{names: stringSet(v.t, 0), sels: selectionSet(v.t, 0)}
	v.nodePicks(root, &p)
	v.keyClashes(p.nameList, p.selList)
}

type treePicks struct {
	names, sels       firsts
	nameList, selList []int32
}

func (v *validator) nodePicks(x int32, p *treePicks) {
	t := v.t
	typ, ok := t.get(x, "type", jString)
	if !ok {
		return
	}
	selection := func(holder int32) {
		if sel, ok := t.ctaSelection(holder, "action"); ok {
			v.addSelection(&p.sels, sel, "it could not say which of the two the user picked; make each selection different")
			p.selList = append(p.selList, sel)
		}
	}
	name := func() {
		if n, ok := t.get(x, "name", jString); ok {
			v.addString(&p.names, n, "name", "the reply holds one value per name, so one answer would hide the other; give each input and choice grid its own name")
			p.nameList = append(p.nameList, n)
		}
	}
	children := func(holder int32) {
		if kids, ok := t.get(holder, "children", jArray); ok {
			for _, c := range t.elems(kids) {
				v.nodePicks(c, p)
			}
		}
	}
	switch {
	case t.is(typ, NodeSection), t.is(typ, NodeGroup):
		children(x)
	case t.is(typ, NodeList):
		if items, ok := t.get(x, "items", jArray); ok {
			for _, it := range t.elems(items) {
				children(it)
				selection(it)
			}
		}
	case t.is(typ, NodeButton):
		selection(x)
	case t.is(typ, NodeInput):
		name()
		if opts, ok := t.get(x, "options", jArray); ok {
			v.uniqueValues(opts, "options")
		}
	case t.is(typ, NodeChoiceGrid):
		name()
		if choices, ok := t.get(x, "choices", jArray); ok {
			v.uniqueValues(choices, "choices")
		}
	}
}

// parent returns the array or object that holds value x.
func (v *validator) parent(x int32) int32 {
	if v.owner == nil {
		t := v.t
		v.owner = make([]int32, len(t.vals))
		v.slot = make([]int32, len(t.vals))
		for p := range t.vals {
			for j, k := range t.elems(int32(p)) {
				v.owner[k], v.slot[k] = int32(p), int32(j)
			}
		}
	}
	return v.owner[x]
}

// pathOf returns the path of value x (not an object key) as Problem.Path writes it. The checks
// of this file report values found by index, not during the walk that keeps v.path, and only a
// payload with a problem pays for the parent links.
func (v *validator) pathOf(x int32) string {
	var rev []seg
	for x != 0 {
		p := v.parent(x)
		j := v.slot[x]
		if v.t.vals[p].kind == jArray {
			rev = append(rev, seg{idx: int(j)})
		} else {
			rev = append(rev, seg{key: v.t.text(v.t.elems(p)[j-1])})
		}
		x = p
	}
	slices.Reverse(rev)
	return renderPath(rev)
}

// addAt reports a problem at value x.
func (v *validator) addAt(x int32, msg string) {
	if v.full() {
		return
	}
	v.problems = append(v.problems, Problem{Path: v.pathOf(x), Msg: msg})
}

// repeatedItems returns the indexes of the items of an encoded carousel whose id is empty or
// whose id or selection repeats one of an item before it that is kept, compared as Validate
// compares them; keeping the rest leaves a carousel whose every pick can be told apart and acted
// on.
func repeatedItems(payload []byte) []int {
	t, err := parseJSON(payload)
	if err != nil {
		return nil
	}
	items, ok := t.get(0, "items", jArray)
	if !ok {
		return nil
	}
	var drop []int
	n := len(t.elems(items))
	ids, sels := stringSet(t, n), selectionSet(t, n)
	for i, it := range t.elems(items) {
		id, hasID := t.get(it, "id", jString)
		if hasID && len(t.raw(id)) == 0 {
			drop = append(drop, i) // no id: a pick of it could not be acted on
			continue
		}
		if hasID {
			if _, dup := ids.find(t.stringHash(id), id); dup {
				drop = append(drop, i)
				continue
			}
		}
		sel, hasSel := t.ctaSelection(it, "primary_cta")
		var h uint64
		if hasSel {
			h, hasSel = t.selectionHash(sel)
		}
		if hasSel {
			if _, dup := sels.find(h, sel); dup {
				drop = append(drop, i)
				continue
			}
			sels.add(h, sel)
		}
		if hasID {
			ids.add(t.stringHash(id), id)
		}
	}
	return drop
}
