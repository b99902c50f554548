package gen

import (
	"testing"

	"github.com/cardgen/cardgen/runtime/acp"
)

// TestFormQuotedFields: a bool or a number with the json ",string" option has the schema of a
// string, and its form field was a text input chosen from that alone (the bool a required one,
// which the user had to fill in). It is the checkbox, never required, or the number input its Go
// type asks for now, as encoding/json applies the option: to a named bool or number type and an
// unnamed pointer to one too, not to a named pointer type (whose value is written as a number),
// and not to a string, which stays text. An enum is a select whatever the type.
func TestFormQuotedFields(t *testing.T) {
	const src = `package p

import "context"

type IntPtr *int

type Level int

type In struct {
	Flag  bool    ` + "`json:\"flag,string\"`" + `
	Price float64 ` + "`json:\"price,string,omitempty\"`" + `
	Qty   int     ` + "`json:\"qty,string\"`" + `
	Lvl   *Level  ` + "`json:\"lvl,string,omitempty\"`" + `
	Ptr   IntPtr  ` + "`json:\"ptr,string,omitempty\"`" + `
	Name  string  ` + "`json:\"name\"`" + `
	Tier  int     ` + "`json:\"tier,string,omitempty\" jsonschema:\"enum=1,enum=2\"`" + `
}

type Out struct {
	OK bool ` + "`json:\"ok\"`" + `
}

// Order orders.
//
//card:tool
//card:acp form
func Order(ctx context.Context, in In) (*Out, error) { return &Out{}, nil }
`
	dir := moduleTempDir(t, "acpquoted")
	writeTree(t, dir, map[string]string{"p.go": src})
	pkgs, err := Load(dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	p, diags := Model(InputOf(pkgs[0]), Options{})
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	type want struct {
		kind     acp.InputKind
		required bool
	}
	wants := map[string]want{
		"flag":  {acp.InputCheckbox, false},
		"price": {acp.InputNumber, false},
		"qty":   {acp.InputNumber, true},
		"lvl":   {acp.InputNumber, false},
		"ptr":   {acp.InputNumber, false}, // encoding/json ignores the option: its schema is an integer
		"name":  {acp.InputText, true},
		"tier":  {acp.InputSelect, false},
	}
	form := p.Tools[0].ACP.Form
	if len(form.Fields) != len(wants) {
		t.Fatalf("form fields %+v; want %d", form.Fields, len(wants))
	}
	for _, f := range form.Fields {
		if w := wants[f.Name]; f.Kind != w.kind || f.Required != w.required {
			t.Errorf("field %s: kind %s, required %v; want %s, %v", f.Name, f.Kind, f.Required, w.kind, w.required)
		}
	}
}

// TestDispatchACPFormAnswers runs a generated DispatchACP on the reviewer's answers: a blank
// optional date (a *time.Time) or quoted number (an int64 with ",string") made the whole form
// unsendable, a required date left blank was said to be no date rather than required, the
// checkbox and number inputs of ",string" fields sent what encoding/json refused (true, 12.5,
// "2.0"), and a "tool" key holding an array was said to be missing.
func TestDispatchACPFormAnswers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and tests a generated package; skipped with -short")
	}
	dir := moduleTempDir(t, "acpanswers")
	writeTree(t, dir, map[string]string{
		"p.go": `package p

import (
	"context"
	"time"
)

type Trip struct {
	Depart  *time.Time ` + "`json:\"depart,omitempty\"`" + `
	Arrival time.Time  ` + "`json:\"arrival\"`" + `
	Code    int64      ` + "`json:\"code,string,omitempty\"`" + `
	Flag    bool       ` + "`json:\"flag,string\"`" + `
	Price   float64    ` + "`json:\"price,string,omitempty\"`" + `
	Qty     int        ` + "`json:\"qty,string\"`" + `
}

type Booked struct {
	Got Trip ` + "`json:\"got\"`" + `
}

// Book books a trip.
//
//card:tool
//card:acp form
func Book(ctx context.Context, in Trip) (*Booked, error) { return &Booked{Got: in}, nil }
`,
		"p_test.go": `package p

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/cardgen/cardgen/runtime/acp"
)

func dispatch(text string) (any, error) {
	_, out, err := DispatchACP(context.Background(), acp.ParseResponse(acp.NewChatMessage(acp.TextContent{Text: text})))
	return out, err
}

func TestAnswers(t *testing.T) {
	kinds := map[string]acp.InputKind{}
	for _, f := range BookACPForm().Fields {
		kinds[f.Name] = f.Kind
	}
	if kinds["flag"] != acp.InputCheckbox || kinds["price"] != acp.InputNumber || kinds["qty"] != acp.InputNumber || kinds["code"] != acp.InputNumber {
		t.Errorf("form kinds %v; want a checkbox for flag and number inputs for price, qty and code", kinds)
	}
	out, err := dispatch(` + "`" + `{"tool":"book","depart":"","code":"","arrival":"2026-01-31T09:00:00Z","flag":true,"price":12.5,"qty":"2.0"}` + "`" + `)
	if err != nil {
		t.Fatalf("DispatchACP: %v", err)
	}
	got := out.(*Booked).Got
	if got.Depart != nil || got.Code != 0 || !got.Arrival.Equal(time.Date(2026, 1, 31, 9, 0, 0, 0, time.UTC)) || !got.Flag || got.Price != 12.5 || got.Qty != 2 {
		t.Errorf("input %+v; want no depart or code, the arrival, flag true, price 12.5, qty 2", got)
	}
	if out, err := dispatch(` + "`" + `{"tool":"book","arrival":"2026-01-31T09:00:00Z","qty":3}` + "`" + `); err != nil || out.(*Booked).Got.Flag || out.(*Booked).Got.Qty != 3 {
		t.Errorf("unticked flag, qty 3: %v, %v; want flag false, qty 3", out, err)
	}
	for text, want := range map[string]string{
		` + "`" + `{"tool":"book","arrival":"","qty":"1"}` + "`" + `:  "arrival is required",
		` + "`" + `{"tool":"book","arrival":"2026-01-31T09:00:00Z","qty":"2.5"}` + "`" + `: "qty is 2.5, not a whole number",
		` + "`" + `{"tool":["book"]}` + "`" + `: ` + "`" + `the selection's "tool" key holds an array (["book"]), not a tool name` + "`" + `,
	} {
		if _, err := dispatch(text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want %q", text, err, want)
		}
	}
}
`,
	})
	generateAndWrite(t, dir)
	if out, err := goTestIn(dir, "-run", "TestAnswers"); err != nil {
		t.Fatalf("go test: %v\n%s", err, out)
	}
}
