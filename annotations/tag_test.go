package annotations

import (
	"reflect"
	"testing"
)

func TestParseTag(t *testing.T) {
	tests := []struct {
		value string
		items []TagItem
		errs  []TagError
	}{
		{"", nil, nil},
		{"title", []TagItem{{Slot: "title", Offset: 0}}, nil},
		{"title,field=Total", []TagItem{{Slot: "title"}, {Slot: "field", Arg: "Total", Offset: 6}}, nil},
		{"field=Unit price, action=Track", []TagItem{{Slot: "field", Arg: "Unit price"}, {Slot: "action", Arg: "Track", Offset: 18}}, nil},
		{"-", []TagItem{{Slot: "-"}}, nil},
		{"subtitle,text,image,icon,markdown", []TagItem{{Slot: "subtitle"}, {Slot: "text", Offset: 9}, {Slot: "image", Offset: 14},
			{Slot: "icon", Offset: 20}, {Slot: "markdown", Offset: 25}}, nil},
		{"titel", nil, []TagError{{Offset: 0, Msg: `unknown card slot "titel"; did you mean title?`, Fix: &TagFix{Offset: 0, End: 5, NewText: "title"}}}},
		{"title, feild=Total", []TagItem{{Slot: "title"}}, []TagError{{Offset: 7, Msg: `unknown card slot "feild"; did you mean field?`, Fix: &TagFix{Offset: 7, End: 12, NewText: "field"}}}},
		{"title,bogus", []TagItem{{Slot: "title"}},
			[]TagError{{Offset: 6, Msg: `unknown card slot "bogus"; use title, subtitle, text, image, icon, field, action, markdown or -`}}},
		{"field", nil, []TagError{{Offset: 0, Msg: "field needs a label; write field=Label"}}},
		{"action= ", nil, []TagError{{Offset: 0, Msg: "action needs a label; write action=Label"}}},
		{"title=Name", nil, []TagError{{Offset: 0, Msg: "title takes no label; write title"}}},
		{"title,,text,", []TagItem{{Slot: "title"}, {Slot: "text", Offset: 7}},
			[]TagError{{Offset: 6, Msg: "empty item in card tag; remove the extra comma"}, {Offset: 12, Msg: "empty item in card tag; remove the extra comma"}}},
		{"text,text", []TagItem{{Slot: "text"}}, []TagError{{Offset: 5, Msg: "text given twice in card tag; keep one"}}},
		{"-,title", []TagItem{{Slot: "title", Offset: 2}}, []TagError{{Offset: 0, Msg: `card:"-" must be alone; remove the other items or the -`}}},
	}
	for _, tt := range tests {
		items, errs := ParseTag(tt.value)
		if !reflect.DeepEqual(items, tt.items) {
			t.Errorf("ParseTag(%q) items = %+v; want %+v", tt.value, items, tt.items)
		}
		if !reflect.DeepEqual(errs, tt.errs) {
			t.Errorf("ParseTag(%q) errors = %+v; want %+v", tt.value, errs, tt.errs)
		}
	}
}

func TestTagSlots(t *testing.T) {
	var names []string
	for _, s := range TagSlots() {
		names = append(names, s.Name)
	}
	want := []string{"title", "subtitle", "text", "image", "icon", "field", "action", "markdown", "-"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("TagSlots() = %v; want %v", names, want)
	}
}

func TestErrorStrings(t *testing.T) {
	if got := (Error{Pos: 7, Msg: "bad"}).Error(); got != "bad" {
		t.Errorf("Error.Error() = %q", got)
	}
	if got := (TagError{Offset: 3, Msg: "worse"}).Error(); got != "worse" {
		t.Errorf("TagError.Error() = %q", got)
	}
}
