package acp

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func intp(i int) *int { return &i }

// TestEncodeGoValues checks the JSON written for Go-built payloads: absent
// optionals omitted, non-None defaults written, reference field order, no
// HTML escaping.
func TestEncodeGoValues(t *testing.T) {
	tests := []struct {
		name string
		p    Payload
		kind string
		want string
	}{
		{
			name: "carousel zero optionals",
			p: CarouselPayload{Items: []CarouselItem{{ID: "a", Title: "A <b> & c",
				PrimaryCTA: NewCTA("Pick", Selection{"id": "a", "n": 2, "f": 0.5, "ok": true})}}},
			kind: "carousel",
			want: `{"items":[{"id":"a","title":"A <b> & c","primary_cta":{"label":"Pick","selection":{"f":0.5,"id":"a","n":2,"ok":true},"primary":false}}]}`,
		},
		{
			name: "detail with pointer sub-options",
			p: DetailPayload{Title: "T", SubOptions: &SubOptions{Name: "s", Kind: SubOptionSelect, Label: "S",
				Choices: []SubOptionChoice{{Value: "v", Label: "V"}}}, CTAs: []CTA{PrimaryCTA("Go", Selection{"go": "1"})}},
			kind: "detail",
			want: `{"title":"T","sub_options":{"name":"s","kind":"select","label":"S","choices":[{"value":"v","label":"V"}]},"ctas":[{"label":"Go","selection":{"go":"1"},"primary":true}]}`,
		},
		{
			name: "form writes required=false",
			p: FormPayload{Fields: []FormField{{Name: "n", Kind: InputText, Label: "N"}},
				SubmitCTA: PrimaryCTA("Send", Selection{"a": "send"})},
			kind: "form",
			want: `{"fields":[{"name":"n","kind":"text","label":"N","required":false}],"submit_cta":{"label":"Send","selection":{"a":"send"},"primary":true}}`,
		},
		{
			name: "review without reject",
			p: ReviewPayload{Title: "R", SummaryRows: []SummaryRow{{Label: "L", Value: "V"}},
				ApproveCTA: PrimaryCTA("OK", Selection{"a": "ok"})},
			kind: "review",
			want: `{"title":"R","summary_rows":[{"label":"L","value":"V"}],"approve_cta":{"label":"OK","selection":{"a":"ok"},"primary":true}}`,
		},
		{
			name: "custom tree with defaults",
			p: CustomPayload{Root: Section("Trip",
				Heading(0, "Default level"),
				GroupNode{Direction: DirectionRow, Gap: intp(0), Children: []Node{BadgeNode{Label: "b"}, DividerNode{}}},
				Column(Text("t"), ImageNode{Src: "https://x.example/i.png"}),
				InputNode{Name: "q", Kind: InputSelect, Label: "Q", Options: []Option{{Value: "1", Label: "One"}}},
				ListNode{Items: []ListItem{{Children: []Node{Text("row")}, Action: &Action{Selection: Selection{"row": 1}}}}},
				ChoiceGridNode{Name: "c", Choices: []GridChoice{{Value: "x", Label: "X"}}},
				Button("Go", Selection{"go": true}),
			)},
			kind: "custom",
			want: `{"root":{"type":"section","title":"Trip","children":[` +
				`{"type":"heading","value":"Default level","level":2},` +
				`{"type":"group","direction":"row","gap":0,"children":[{"type":"badge","label":"b"},{"type":"divider"}]},` +
				`{"type":"group","direction":"column","children":[{"type":"text","value":"t"},{"type":"image","src":"https://x.example/i.png"}]},` +
				`{"type":"input","name":"q","kind":"select","label":"Q","required":false,"options":[{"value":"1","label":"One"}]},` +
				`{"type":"list","items":[{"children":[{"type":"text","value":"row"}],"action":{"selection":{"row":1}}}]},` +
				`{"type":"choice_grid","name":"c","choices":[{"value":"x","label":"X"}],"multi":false},` +
				`{"type":"button","label":"Go","primary":false,"action":{"selection":{"go":true}}}]}}`,
		},
		{
			name: "pointer payload",
			p:    &ReviewPayload{Title: "R", SummaryRows: []SummaryRow{{Label: "L", Value: "V"}}, ApproveCTA: NewCTA("OK", Selection{"a": "ok"})},
			kind: "review",
			want: `{"title":"R","summary_rows":[{"label":"L","value":"V"}],"approve_cta":{"label":"OK","selection":{"a":"ok"},"primary":false}}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			kind, b, err := Encode(tt.p)
			if err != nil {
				t.Fatal(err)
			}
			if kind != tt.kind || string(b) != tt.want {
				t.Errorf("Encode = %q,\n%s\nwant %q,\n%s", kind, b, tt.kind, tt.want)
			}
		})
	}
}

// TestValidateGoValues checks that the typed Validate methods report the
// mistakes Go zero values make, with the same paths as ValidatePayload.
func TestValidateGoValues(t *testing.T) {
	tests := []struct {
		name     string
		validate func() error
		want     []string
	}{
		{"carousel without items", CarouselPayload{Title: "x"}.Validate,
			[]string{"items: must be an array, not null"}},
		{"carousel item with nil selection and unknown variant", CarouselPayload{Items: []CarouselItem{
			{ID: "a", Title: "A", Badges: []Badge{{Label: "b", Variant: "red"}}, PrimaryCTA: CTA{Label: "x"}}}}.Validate,
			[]string{
				`items[0].badges[0].variant: "red" is not allowed; use one of info, success, warning`,
				"items[0].primary_cta.selection: must be an object of string, number or boolean values, not null",
			}},
		{"nested selection from Go", DetailPayload{Title: "T", CTAs: []CTA{NewCTA("x", Selection{"ids": []string{"a"}})}}.Validate,
			[]string{"ctas[0].selection.ids: must be a string, number or boolean, not an array; selections are flat key/value pairs"}},
		{"form select without options and empty kind", FormPayload{Fields: []FormField{
			{Name: "a", Kind: InputSelect, Label: "A"}, {Name: "b", Label: "B"}}, SubmitCTA: NewCTA("s", Selection{"s": 1})}.Validate,
			[]string{
				`fields[0].options: required when kind is "select"; give the field at least one {"value", "label"} option`,
				`fields[1].kind: "" is not allowed; use one of text, number, email, select, checkbox`,
			}},
		{"review with empty rows", ReviewPayload{Title: "T", SummaryRows: []SummaryRow{}, ApproveCTA: NewCTA("ok", Selection{"a": "b"})}.Validate,
			[]string{"summary_rows: must have at least 1 item; it is empty"}},
		{"custom nil root", CustomPayload{}.Validate,
			[]string{`root: must be an element node object with a "type", not null`}},
		{"custom bad level, empty direction, empty section", CustomPayload{Root: Section("", Heading(4, "h"),
			GroupNode{Children: []Node{DividerNode{}}}, SectionNode{})}.Validate,
			[]string{
				"root.children[0].level: 4 is not allowed; use one of 1, 2, 3",
				`root.children[1].direction: "" is not allowed; use one of row, column`,
				"root.children[2].children: must be an array, not null",
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.validate()
			var ve *ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("err = %v; want *ValidationError", err)
			}
			var got []string
			for _, p := range ve.Problems {
				got = append(got, p.String())
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestDepthLimit(t *testing.T) {
	nest := func(levels int) Node {
		var n Node = Text("leaf")
		for i := 1; i < levels; i++ {
			if i%2 == 0 {
				n = Row(n)
			} else {
				n = ListNode{Items: []ListItem{{Children: []Node{n}}}}
			}
		}
		return n
	}
	if err := (CustomPayload{Root: nest(MaxElementTreeDepth)}).Validate(); err != nil {
		t.Errorf("depth %d: %v", MaxElementTreeDepth, err)
	}
	err := CustomPayload{Root: nest(MaxElementTreeDepth + 3)}.Validate()
	var ve *ValidationError
	if !errors.As(err, &ve) || len(ve.Problems) != 1 || !strings.HasPrefix(ve.Problems[0].Msg, "element tree is 11 levels deep; the limit is 8") {
		t.Fatalf("depth 11: err = %v; want one depth problem", err)
	}
	// Root row (1) > list (2) > row (3) > list (4) > row (5) > list (6) >
	// row (7) > list (8) > row (9): the first node past the limit.
	const wantPath = "root.children[0].items[0].children[0].children[0].items[0].children[0]" +
		".children[0].items[0].children[0].children[0].items[0].children[0]"
	if ve.Problems[0].Path != wantPath {
		t.Errorf("depth problem path = %q", ve.Problems[0].Path)
	}
}

func TestPayloadSizeLimit(t *testing.T) {
	items := make([]CarouselItem, 0, 700)
	for i := 0; len(items) < 700; i++ {
		// Ids of one width keep every item the same size; they differ, as a carousel's must.
		id := fmt.Sprintf("%060d", i)
		items = append(items, CarouselItem{ID: id, Title: strings.Repeat("t", 20),
			PrimaryCTA: NewCTA("Pick", Selection{"id": id})})
	}
	_, b, err := Encode(CarouselPayload{Items: items[:1]})
	if err != nil {
		t.Fatal(err)
	}
	one := len(b)
	kind, _, err := Encode(CarouselPayload{Items: items})
	var ve *ValidationError
	if !errors.As(err, &ve) || len(ve.Problems) != 1 || ve.Problems[0].Path != "" || kind != "" {
		t.Fatalf("oversize: kind %q, err = %v; want one whole-payload problem", kind, err)
	}
	size := one + 699*(one-len(`{"items":[]}`)+1)
	want := "payload: is " + strconv.Itoa(size) + " bytes; the limit is 64000 bytes of UTF-8 JSON: send fewer items or shorter texts"
	if got := ve.Problems[0].String(); got != want {
		t.Errorf("problem = %q; want %q", got, want)
	}
	// Exactly at the limit is accepted.
	const shell = `{"items":[{"id":"a","title":"","primary_cta":{"label":"x","selection":{"a":""},"primary":false}}]}`
	pad := MaxPayloadBytes - len(shell)
	exact := []byte(`{"items":[{"id":"a","title":"` + strings.Repeat("x", pad) + `","primary_cta":{"label":"x","selection":{"a":""},"primary":false}}]}`)
	if len(exact) != MaxPayloadBytes {
		t.Fatalf("built %d bytes", len(exact))
	}
	if err := ValidatePayload(KindCarousel, exact); err != nil {
		t.Errorf("exactly %d bytes: %v", MaxPayloadBytes, err)
	}
	if err := ValidatePayload(KindCarousel, append(exact[:len(exact)-1:len(exact)-1], ' ', '}')); err == nil {
		t.Errorf("%d bytes: err = nil", MaxPayloadBytes+1)
	}
}

func TestValidationErrorMessage(t *testing.T) {
	one := &ValidationError{Kind: "form", Problems: []Problem{{Path: "fields", Msg: "required"}}}
	if got, want := one.Error(), `acp: invalid "form" card payload: fields: required`; got != want {
		t.Errorf("Error() = %q; want %q", got, want)
	}
	two := &ValidationError{Kind: "form", Problems: []Problem{{Path: "fields", Msg: "required"}, {Msg: "is too big"}}}
	if got, want := two.Error(), "acp: invalid \"form\" card payload (2 problems):\n\tfields: required\n\tpayload: is too big"; got != want {
		t.Errorf("Error() = %q; want %q", got, want)
	}
}

func TestEncodeErrors(t *testing.T) {
	if _, _, err := Encode(nil); err == nil || !strings.Contains(err.Error(), "nil payload") {
		t.Errorf("nil: err = %v", err)
	}
	_, _, err := Encode(DetailPayload{Title: "x", CTAs: []CTA{NewCTA("x", Selection{"f": 1.0 / zero()})}})
	if err == nil || !strings.Contains(err.Error(), "not representable in JSON") {
		t.Errorf("Inf selection: err = %v", err)
	}
	if _, err := DecodePayload("nope", []byte(`{}`)); err == nil {
		t.Error("DecodePayload unknown kind: err = nil")
	}
}

func TestKindsAndNodeTypes(t *testing.T) {
	if got := strings.Join(Kinds(), ","); got != "carousel,detail,form,review,custom" {
		t.Errorf("Kinds() = %s", got)
	}
	if len(NodeTypes()) != len(nodeSpecs) {
		t.Errorf("NodeTypes() has %d entries; the schema has %d", len(NodeTypes()), len(nodeSpecs))
	}
	for _, nt := range NodeTypes() {
		if nodeSpecs[nt] == nil {
			t.Errorf("node type %q has no schema", nt)
		}
	}
}

func TestRawLineSeparators(t *testing.T) {
	tests := []struct{ in, want string }{
		{`"a\u2028b\u2029c"`, "\"a\u2028b\u2029c\""},
		{`"a\\u2028b"`, `"a\\u2028b"`},       // an escaped backslash followed by text
		{`"a\\\u2028b"`, "\"a\\\\\u2028b\""}, // a backslash, then a real U+2028
		{`"\u2027\u202a"`, `"\u2027\u202a"`},
		{`"plain"`, `"plain"`},
	}
	for _, tt := range tests {
		if got := string(rawLineSeparators([]byte(tt.in))); got != tt.want {
			t.Errorf("rawLineSeparators(%s) = %s; want %s", tt.in, got, tt.want)
		}
	}
	_, b, err := Encode(CustomPayload{Root: Text("a\u2028b\\u2028")})
	if err != nil {
		t.Fatal(err)
	}
	// pydantic's model_dump_json writes the same bytes.
	if want := "{\"root\":{\"type\":\"text\",\"value\":\"a\u2028b\\\\u2028\"}}"; string(b) != want {
		t.Errorf("Encode = %s; want %s", b, want)
	}
}

// TestNodeTypeMatchesJSON checks that every node writes the "type" its
// NodeType reports, and that the nodes cover NodeTypes exactly.
func TestNodeTypeMatchesJSON(t *testing.T) {
	nodes := []Node{SectionNode{}, GroupNode{}, DividerNode{}, TextNode{}, HeadingNode{}, ImageNode{},
		BadgeNode{}, ButtonNode{}, InputNode{}, ListNode{}, ChoiceGridNode{}}
	var seen []string
	for _, n := range nodes {
		b, err := json.Marshal(n)
		if err != nil {
			t.Fatal(err)
		}
		var probe struct{ Type string }
		if err := json.Unmarshal(b, &probe); err != nil {
			t.Fatal(err)
		}
		if probe.Type != n.NodeType() {
			t.Errorf("%T writes type %q; NodeType() = %q", n, probe.Type, n.NodeType())
		}
		seen = append(seen, n.NodeType())
	}
	slices.Sort(seen)
	want := slices.Sorted(slices.Values(NodeTypes()))
	if !slices.Equal(seen, want) {
		t.Errorf("node types %v; NodeTypes() = %v", seen, want)
	}
}
