package annotations

import (
	"fmt"
	"slices"
	"strings"
)

// TagItem is one item of a `card:"…"` struct tag.
type TagItem struct {
	Slot   string // title, subtitle, text, image, icon, field, action, markdown or "-"
	Arg    string // the label for field= and action=; "" otherwise
	Offset int    // byte offset of the item inside the tag value
}

// TagSlot describes one slot a `card:"…"` tag item may name.
type TagSlot struct {
	Name     string
	HasLabel bool // written Name=Label
	Help     string
}

// tagSlots lists the struct tag slots in the order the docs show them.
var tagSlots = []TagSlot{
	{Name: "title", Help: "The field is the card title."},
	{Name: "subtitle", Help: "The field is the card subtitle."},
	{Name: "text", Help: "The field is the card body text."},
	{Name: "image", Help: "The field is the https URL of the card image."},
	{Name: "icon", Help: "The field is the https URL of the card icon."},
	{Name: "field", HasLabel: true, Help: "The field is a detail row with this label (field=Total)."},
	{Name: "action", HasLabel: true, Help: "The field is an https URL opened by a button with this label (action=Track)."},
	{Name: "markdown", Help: "The field is a markdown document, rendered as a markdown card."},
	{Name: "-", Help: "The field never appears on a card; it must be the only item."},
}

// TagSlots returns the slots a `card:"…"` struct tag may name.
func TagSlots() []TagSlot { return slices.Clone(tagSlots) }

func tagSlot(name string) (TagSlot, bool) {
	i := slices.IndexFunc(tagSlots, func(s TagSlot) bool { return s.Name == name })
	if i < 0 {
		return TagSlot{}, false
	}
	return tagSlots[i], true
}

// ParseTag parses the value of a `card:"…"` struct tag (as returned by
// reflect.StructTag.Lookup): comma-separated items title, subtitle, text,
// image, icon, markdown, field=Label, action=Label, or "-" alone. Spaces
// around items are ignored; a label runs to the next comma. It returns the
// valid items and every problem found.
func ParseTag(value string) ([]TagItem, []TagError) {
	if value == "" {
		return nil, nil
	}
	var items []TagItem
	var errs []TagError
	errorf := func(off int, format string, args ...any) {
		errs = append(errs, TagError{Offset: off, Msg: fmt.Sprintf(format, args...)})
	}
	dash := -1
	n := 0 // items given, valid or not
	for start := 0; start <= len(value); {
		end := strings.IndexByte(value[start:], ',')
		if end < 0 {
			end = len(value)
		} else {
			end += start
		}
		raw := value[start:end]
		off := start + len(raw) - len(strings.TrimLeft(raw, " "))
		item := strings.Trim(raw, " ")
		start = end + 1
		n++
		if item == "" {
			errorf(off, "empty item in card tag; remove the extra comma")
			continue
		}
		name, label, hasLabel := strings.Cut(item, "=")
		name = strings.TrimRight(name, " ")
		slot, ok := tagSlot(name)
		switch {
		case !ok:
			hint := suggest(name, slotNames(), "%s")
			if hint == "" {
				hint = "; use " + orList(slotNames())
			}
			errorf(off, "unknown card slot %q%s", name, hint)
			if s := DidYouMean(name, slotNames()); s != "" {
				errs[len(errs)-1].Fix = &TagFix{Offset: off, End: off + len(name), NewText: s}
			}
		case slot.HasLabel && strings.TrimSpace(label) == "":
			errorf(off, "%s needs a label; write %s=Label", name, name)
		case !slot.HasLabel && hasLabel:
			errorf(off, "%s takes no label; write %s", name, name)
		case slices.ContainsFunc(items, func(it TagItem) bool { return it.Slot == name }):
			errorf(off, "%s given twice in card tag; keep one", name)
		default:
			if name == "-" {
				dash = off
			}
			items = append(items, TagItem{Slot: name, Arg: strings.TrimSpace(label), Offset: off})
		}
	}
	if dash >= 0 && n > 1 {
		errorf(dash, `card:"-" must be alone; remove the other items or the -`)
		items = slices.DeleteFunc(items, func(it TagItem) bool { return it.Slot == "-" })
	}
	slices.SortStableFunc(errs, func(a, b TagError) int { return a.Offset - b.Offset })
	return items, errs
}

func slotNames() []string {
	names := make([]string, len(tagSlots))
	for i, s := range tagSlots {
		names[i] = s.Name
	}
	return names
}
