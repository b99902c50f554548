package gen

import (
	"encoding/json"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
	"time"
)

// decodeSrc declares the types decodeStock and decodeLine mirror, for go/types.
const decodeSrc = `package p

import "time"

type Stock struct {
	Level  uint8            ` + "`json:\"level\"`" + `
	Count  uint             ` + "`json:\"count\"`" + `
	Ratio  float32          ` + "`json:\"ratio\"`" + `
	Since  time.Time        ` + "`json:\"since\"`" + `
	Lines  []Line           ` + "`json:\"lines\"`" + `
	ByName map[string]*Line ` + "`json:\"by_name\"`" + `
	Line
}

type Line struct {
	Qty int8 ` + "`json:\"qty\"`" + `
}

type Shadow struct {
	Qty   int    ` + "`json:\"qty\"`" + `
	Title string ` + "`json:\"title\"`" + `
	Line
}

type P struct {
	N int8
}

type Q struct {
	N int16
}

type Both struct {
	P
	Q
	M int8
}

type Noter interface{ Note() string }

type Quoted struct {
	N    int8    ` + "`json:\"n,string\"`" + `
	U    uint    ` + "`json:\"u,string\"`" + `
	F    float32 ` + "`json:\"f,string\"`" + `
	B    *bool   ` + "`json:\"b,string\"`" + `
	L    []int   ` + "`json:\"l,string\"`" + `
	Note Noter   ` + "`json:\"note\"`" + `
	Any  any     ` + "`json:\"any\"`" + `
}
`

type decodeLine struct {
	Qty int8 `json:"qty"`
}

type decodeShadow struct {
	Qty   int    `json:"qty"`
	Title string `json:"title"`
	decodeLine
}

type decodeP struct {
	N int8
}

type decodeQ struct {
	N int16
}

type decodeBoth struct {
	decodeP
	decodeQ
	M int8
}

type decodeNoter interface{ Note() string }

type decodeQuoted struct {
	N int8    `json:"n,string"`
	U uint    `json:"u,string"`
	F float32 `json:"f,string"`
	B *bool   `json:"b,string"`
	//lint:ignore SA5008 the option on a type it does not apply to, which encoding/json ignores
	L    []int       `json:"l,string"`
	Note decodeNoter `json:"note"`
	Any  any         `json:"any"`
}

type decodeStock struct {
	Level  uint8                  `json:"level"`
	Count  uint                   `json:"count"`
	Ratio  float32                `json:"ratio"`
	Since  time.Time              `json:"since"`
	Lines  []decodeLine           `json:"lines"`
	ByName map[string]*decodeLine `json:"by_name"`
	decodeLine
}

// TestDecodeProblemAgreesWithEncodingJSON: decodeProblem finds a problem exactly where
// encoding/json fails to decode the example into the same type.
func TestDecodeProblemAgreesWithEncodingJSON(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", decodeSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.ForCompiler(fset, "source", nil)}).Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Fields encoding/json chooses among: a shallower qty shadows Line's, and two n at one depth
	// fill neither; a key matches a field in another case too (m for M).
	for _, c := range []struct {
		typ string
		ex  string
		v   any
	}{
		{"Shadow", `{"qty":300,"title":"a"}`, &decodeShadow{}},
		{"Shadow", `{"qty":1e2}`, &decodeShadow{}},
		{"Both", `{"N":300}`, &decodeBoth{}},
		{"Both", `{"n":300}`, &decodeBoth{}},
		{"Both", `{"m":300}`, &decodeBoth{}},
		{"Both", `{"M":1}`, &decodeBoth{}},
		// The ,string option: the value's JSON inside a string, as encoding/json reads it.
		{"Quoted", `{"n":"12","u":"7","f":"1.5","b":"true","l":[300],"note":null,"any":{"a":1}}`, &decodeQuoted{}},
		{"Quoted", `{"n":12}`, &decodeQuoted{}},
		{"Quoted", `{"n":"128"}`, &decodeQuoted{}},
		{"Quoted", `{"n":"1.0"}`, &decodeQuoted{}},
		{"Quoted", `{"n":"ten"}`, &decodeQuoted{}},
		{"Quoted", `{"n":""}`, &decodeQuoted{}},
		{"Quoted", `{"n":" 1"}`, &decodeQuoted{}},
		{"Quoted", `{"n":null}`, &decodeQuoted{}},
		{"Quoted", `{"n":"null"}`, &decodeQuoted{}},
		{"Quoted", `{"u":"-1"}`, &decodeQuoted{}},
		{"Quoted", `{"f":"1e39"}`, &decodeQuoted{}},
		{"Quoted", `{"b":"yes"}`, &decodeQuoted{}},
		{"Quoted", `{"b":"null"}`, &decodeQuoted{}},
		{"Quoted", `{"b":true}`, &decodeQuoted{}},
		{"Quoted", `{"note":{"text":"hi"}}`, &decodeQuoted{}},
		{"Quoted", `{"note":"hi"}`, &decodeQuoted{}},
	} {
		jsonErr := json.Unmarshal([]byte(c.ex), c.v)
		got := decodeProblem(pkg.Scope().Lookup(c.typ).Type(), c.ex)
		if (got != "") != (jsonErr != nil) {
			t.Errorf("%s %s: decodeProblem %q; encoding/json says %v", c.typ, c.ex, got, jsonErr)
		}
	}
	stock := pkg.Scope().Lookup("Stock").Type()
	for _, ex := range []string{
		`{"level":255,"count":18446744073709551615,"ratio":3.4e38,"since":"2026-01-02T03:04:05.5+07:00","lines":[{"qty":-128}],"qty":127}`,
		`{"level":256}`,
		`{"level":-1}`,
		`{"level":1.0}`,
		`{"level":1e2}`,
		`{"count":-1}`,
		`{"count":18446744073709551616}`,
		`{"ratio":1e39}`,
		`{"ratio":1e308}`,
		`{"since":"yesterday"}`,
		`{"since":"2026-01-02"}`,
		`{"since":null,"level":null}`,
		`{"lines":[{"qty":1},{"qty":128}]}`,
		`{"by_name":{"a":{"qty":-129}}}`,
		`{"by_name":{"a":null}}`,
		`{"qty":300}`,
	} {
		var v decodeStock
		jsonErr := json.Unmarshal([]byte(ex), &v)
		got := decodeProblem(stock, ex)
		if (got != "") != (jsonErr != nil) {
			t.Errorf("%s: decodeProblem %q; encoding/json says %v", ex, got, jsonErr)
		}
	}
}
