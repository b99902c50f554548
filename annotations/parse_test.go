package annotations

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

func TestParseCommentDirectives(t *testing.T) {
	tests := []struct {
		line string
		want string
	}{
		{`//card:tool get_order title="Order status" readonly idempotent`,
			`tool@1:1 name@1:8 | arg get_order@1:13 | key title@1:23="Order status"("Order status")@1:29 | flag readonly@1:44 | flag idempotent@1:53`},
		{`//card:tool`, `tool@1:1 name@1:8`},
		{"//card:tool\treadonly   \t", `tool@1:1 name@1:8 | flag readonly@1:13`},
		{`//card:tool "readonly"`, `tool@1:1 name@1:8 | arg "readonly"("readonly")@1:13`},
		{`//card:field Total "{{.Total}}"`, `field@1:1 name@1:8 | arg Total@1:14 | arg "{{.Total}}"("{{.Total}}")@1:20`},
		{"//card:field `Unit price` `{{.Price}}`", "field@1:1 name@1:8 | arg \"Unit price\"(`Unit price`)@1:14 | arg \"{{.Price}}\"(`{{.Price}}`)@1:27"},
		{`//card:action message Cancel "Cancel order {{.ID}}"`,
			`action@1:1 name@1:8 | arg message@1:15 | arg Cancel@1:23 | arg "Cancel order {{.ID}}"("Cancel order {{.ID}}")@1:30`},
		{`//card:result title="Order #{{.ID}}" icon=https://x.example/i.png`,
			`result@1:1 name@1:8 | key title@1:15="Order #{{.ID}}"("Order #{{.ID}}")@1:21 | key icon@1:38=https://x.example/i.png@1:43`},
		{`//card:example  {"id": "1042", "note": "a b"}  `,
			`example@1:1 name@1:8 | arg {"id": "1042", "note": "a b"}@1:17`},
		{`//card:visibility model,app`, `visibility@1:1 name@1:8 | arg model,app@1:19`},
		{`//card:ui orders/card.html`, `ui@1:1 name@1:8 | arg orders/card.html@1:11`},
		{`//card:acp carousel`, `acp@1:1 name@1:8 | arg carousel@1:12`},
		{`//card:reply "Tab\there"`, `reply@1:1 name@1:8 | arg "Tab\there"("Tab\there")@1:14`},
		// Arguments before keys, and flags after an unquoted value.
		{`//card:tool get_order title=Orders readonly idempotent`,
			`tool@1:1 name@1:8 | arg get_order@1:13 | key title@1:23=Orders@1:29 | flag readonly@1:36 | flag idempotent@1:45`},
		{`//card:result title=Order subtitle={{.Status}}`,
			`result@1:1 name@1:8 | key title@1:15=Order@1:21 | key subtitle@1:27={{.Status}}@1:36`},
	}
	for _, tt := range tests {
		fset, pos := lineFile(tt.line)
		d, errs := ParseComment(tt.line, pos)
		if len(errs) > 0 {
			t.Errorf("ParseComment(%q) errors:\n%s", tt.line, fmtErrors(fset, errs))
		}
		if got := fmtDirective(fset, d); got != tt.want {
			t.Errorf("ParseComment(%q)\n got %s\nwant %s", tt.line, got, tt.want)
		}
	}
}

func TestParseCommentNotDirective(t *testing.T) {
	for _, line := range []string{"// GetOrder looks up one order.", "//", "/* card:tool */", "//go:generate cardgen", "//cardtool x", "// see card: the result", "//cart:total x", "//cards:note", "//car:x"} {
		d, errs := ParseComment(line, token.Pos(1))
		if d != nil || errs != nil {
			t.Errorf("ParseComment(%q) = %v, %v; want nil, nil", line, d, errs)
		}
	}
}

func TestParseCommentErrors(t *testing.T) {
	tests := []struct {
		line string
		want string // every error as "line:col: msg\n"
	}{
		{"// card:tool get_order", "1:1: directive must have no space after //; write //card:tool\n"},
		{"//\tcard:", "1:1: directive must have no space after //; write //card:NAME\n"},
		{"//card:", "1:8: missing directive name after //card:; write //card:NAME (run cardgen help for the list)\n"},
		{"//card: tool x", "1:8: missing directive name after //card:; remove the space: write //card:tool\n"},
		{"//card: thing", "1:8: missing directive name after //card:; write //card:NAME (run cardgen help for the list)\n"},
		{"//cards:tool x", "1:3: //cards:tool is not a cardgen directive, so it is ignored; write //card:tool\n"},
		{"//Card:result title=x", "1:3: //Card:result is not a cardgen directive, so it is ignored; write //card:result\n"},
		{"//card:tool name=get_order", "1:13: name is not a key of //card:tool; give NAME as a plain word, without name=, as in //card:tool get_order\n"},
		{"//card:ui path=a.html", "1:11: path is not a key of //card:ui; give PATH as a plain word, without path=, as in //card:ui a.html\n"},
		{"//card:fallback 'Order'", "1:17: single quotes do not quote a value; use double quotes \"…\" or backquotes `…`\n"},
		{"//card:tool t title='Order status' readonly", "1:21: single quotes do not quote a value; use double quotes \"…\" or backquotes `…`\n"},
		{"//card:result title='x'", "1:21: single quotes do not quote a value; use double quotes \"…\" or backquotes `…`\n"},
		{"//card:tol x", "1:8: unknown directive //card:tol; did you mean //card:tool?\n"},
		{"//card:fall x", "1:8: unknown directive //card:fall; did you mean //card:fallback?\n"},
		{"//card:bogus", "1:8: unknown directive //card:bogus; run cardgen help for the list\n"},
		{"//card:result titel=x", "1:15: unknown key titel for //card:result; did you mean title?\n"},
		{"//card:result zzz=x", "1:15: unknown key zzz for //card:result; valid keys are title, subtitle, text, icon or image\n"},
		// A key whose value comes from elsewhere says where, not which keys there are.
		{`//card:tool get_order description="Looks up an order."`, "1:23: description is not a key of //card:tool: a tool's description is its handler's doc comment without the //card: lines; write it there, above them\n"},
		{"//card:field A B c=d", "1:18: //card:field takes no keys; usage: //card:field LABEL VALUE\n"},
		{"//card:tool get_order readonyl", "1:23: unknown flag readonyl for //card:tool; did you mean readonly?\n"},
		{"//card:tool readonli", "1:13: unknown flag readonli for //card:tool; did you mean readonly? (quote the word to use it as NAME)\n"},
		{"//card:tool get_order titl", "1:23: unknown word titl for //card:tool; did you mean title=VALUE?\n"},
		{"//card:field Total", "1:8: //card:field needs VALUE; usage: //card:field LABEL VALUE\n"},
		{"//card:action", "1:8: //card:action needs KIND and LABEL and TARGET; usage: //card:action KIND LABEL TARGET\n"},
		{"//card:example", "1:8: //card:example needs JSON; usage: //card:example JSON…\n"},
		{`//card:fallback Order shipped`,
			"1:23: too many arguments for //card:fallback at shipped; quote a value that contains spaces; usage: //card:fallback TEXT\n"},
		{`//card:result "x"`,
			`1:15: too many arguments for //card:result at "x"; usage: //card:result [title=TEMPLATE] [subtitle=TEMPLATE] [text=TEMPLATE] [icon=URL_TEMPLATE] [image=URL_TEMPLATE]` + "\n"},
		{`//card:action link Track "https://x.example"`, `1:15: unknown action kind "link"; use url or message` + "\n"},
		{`//card:acp slideshow`, `1:12: unknown acp kind "slideshow"; use detail, review, carousel or form` + "\n"},
		// An enumerated value close to an allowed one gets the suggestion (and its fix: TestParseCommentFixes).
		{`//card:acp detial`, `1:12: unknown acp kind "detial"; did you mean detail?` + "\n"},
		{`//card:acp Detail`, `1:12: unknown acp kind "Detail"; did you mean detail?` + "\n"},
		{`//card:action URL Track "https://x.example"`, `1:15: unknown action kind "URL"; did you mean url?` + "\n"},
		{`//card:visibility modle`, `1:19: unknown visibility "modle"; did you mean model?` + "\n"},
		{`//card:visibility "model,ap"`, `1:26: unknown visibility "ap"; did you mean app?` + "\n"},
		// Flags joined by commas are flags to separate, not one unknown flag whose suggestion drops the rest.
		{`//card:tool c readonly,idempotent`, "1:15: flags of //card:tool are separated by spaces, not commas; write readonly idempotent\n"},
		{`//card:tool readonly,idempotent,readonly`, "1:13: flags of //card:tool are separated by spaces, not commas; write readonly idempotent\n"},
		{`//card:tool c readonly, idempotent`, "1:15: flags of //card:tool are separated by spaces, not commas; write readonly\n"},
		{`//card:tool c readonly,idempotnet`, "1:15: flags of //card:tool are separated by spaces, not commas; write readonly idempotent\n"},
		{`//card:tool c readonly,fast`, "1:15: unknown flag readonly,fast for //card:tool; did you mean readonly?\n"},
		// A bare word right after an unquoted key value is the rest of the value, not an argument
		// (TestParseCommentBareValue), in every directive.
		{`//card:tool title=Order status readonly`,
			`1:25: the value of title ends at the space before "status"; quote a value that contains spaces: title="Order status" (to give status as NAME, write it before title=)` + "\n"},
		{`//card:tool get_x title=Order status`,
			`1:31: the value of title ends at the space before "status"; quote a value that contains spaces: title="Order status"` + "\n"},
		{`//card:result title=Order #{{.ID}}`,
			`1:27: the value of title ends at the space before "#{{.ID}}"; quote a value that contains spaces: title="Order #{{.ID}}"` + "\n"},
		{`//card:result title=Order #{{.ID}} for {{.Name}} subtitle=x`,
			`1:27: the value of title ends at the space before "#{{.ID}}"; quote a value that contains spaces: title="Order #{{.ID}} for {{.Name}}"` + "\n"},
		{"//card:tool title=Order\tstatus page readonly",
			`1:25: the value of title ends at the space before "status"; quote a value that contains spaces: title="Order\tstatus page"` + "\n"},
		{`//card:tool title=C:\x y`,
			`1:24: the value of title ends at the space before "y"; quote a value that contains spaces: title="C:\\x y" (to give y as NAME, write it before title=)` + "\n"},
		{`//card:tool title=Orders #1`, // #1 would not do as NAME: no hint to write it there
			`1:26: the value of title ends at the space before "#1"; quote a value that contains spaces: title="Orders #1"` + "\n"},
		{`//card:tool titel=Order status`, "1:13: unknown key titel for //card:tool; did you mean title?\n" +
			`1:25: the value of titel ends at the space before "status"; quote a value that contains spaces: titel="Order status" (to give status as NAME, write it before titel=)` + "\n"},
		{"//card:tool title=Order\u00a0status", "1:24: a no-break space (U+00A0) separates words here, where a plain space belongs; replace it with a space\n" +
			`1:26: the value of title ends at the space before "status"; quote a value that contains spaces: title="Order status" (to give status as NAME, write it before title=)` + "\n"},
		// After it, a flag, a misspelt flag, joined flags and a key are what they are.
		{`//card:tool title=Orders readonyl`, "1:26: unknown flag readonyl for //card:tool; did you mean readonly?\n"},
		{`//card:tool title=Orders readonly,idempotent`, "1:26: flags of //card:tool are separated by spaces, not commas; write readonly idempotent\n"},
		{`//card:result title=Order text`, "1:27: key text has no value; write text=VALUE\n"},
		{`//card:result title=Order status text`,
			`1:27: the value of title ends at the space before "status"; quote a value that contains spaces: title="Order status"` + "\n" +
				"1:34: key text has no value; write text=VALUE\n"},
		// Keys that are flags or arguments have advice of their own; quoting would not help.
		{`//card:tool name=get_x status`, "1:13: name is not a key of //card:tool; give NAME as a plain word, without name=, as in //card:tool get_x\n" +
			"1:24: status is not a flag of //card:tool, and NAME is given already; remove it, or use one of its flags: readonly, destructive, idempotent or openworld\n"},
		{`//card:tool readonly=yes please`, "1:13: readonly is a flag and takes no value; write readonly\n"},
		{`//card:result title=a title=b`, "1:23: key title given twice; keep one\n"},
		{`//card:tool readonly readonly`, "1:22: flag readonly given twice; keep one\n"},
		{`//card:tool readonly=true`, "1:13: readonly is a flag and takes no value; write readonly\n"},
		{`//card:result title=`, "1:15: key title has no value; write title=VALUE\n"},
		{`//card:result title`, "1:15: key title has no value; write title=VALUE\n"},
		{`//card:result title = "Order" text="x"`, "1:15: spaces around = after key title; write title=VALUE\n"},
		{`//card:tool title =`, "1:13: spaces around = after key title; write title=VALUE\n"},
		{`//card:result title=""`, "1:21: result title is empty; give it a value\n"},
		{`//card:fallback "Order {{.ID}`, "1:17: unterminated string; add the closing \"\n"},
		{"//card:fallback `raw", "1:17: unterminated string; add the closing `\n"},
		{`//card:fallback "a\"`, "1:17: unterminated string; add the closing \"\n"},
		{`//card:fallback "a\qb\xZZ"`,
			"1:19: invalid escape sequence \\q in string; use a Go escape such as \\n or \\\", or a `raw string`\n" +
				"1:22: invalid escape sequence \\x in string; use a Go escape such as \\n or \\\", or a `raw string`\n"},
		{`//card:fallback "a"b`, "1:20: missing space after quoted string; separate words with a space\n"},
		{`//card:fallback a"b"`, "1:18: unexpected \" inside a word; quote the whole word\n"},
		{`//card:tool "get order"`, `1:13: tool name "get order" is not valid; use only letters, digits, _, - and .` + "\n"},
		{`//card:tool ` + strings.Repeat("a", 129), "1:13: tool name is 129 characters; the limit is 64, which several clients enforce: shorten it by 65\n"},
		{`//card:tool ` + strings.Repeat("a", 65), "1:13: tool name is 65 characters; the limit is 64, which several clients enforce: shorten it by 1\n"},
		{`//card:example {"id":1,}`, "1:24: example is not valid JSON: invalid character '}' looking for beginning of object key string; write one JSON value on the line\n"},
		{`//card:example {"id":1} x`, "1:25: example is not valid JSON: invalid character 'x' after top-level value; write one JSON value on the line\n"},
		{`//card:example {"id":`, "1:21: example is not valid JSON: unexpected end of JSON input; write one JSON value on the line\n"},
		{`//card:example {"id":1, "name":"a", "id":2}`, "1:37: example has the key \"id\" twice in one object, and encoding/json keeps only the last value; remove one\n"},
		{`//card:example {"items":[{"k":1},{"k":2,"k":3}],"k":4}`, "1:41: example has the key \"k\" twice in one object, and encoding/json keeps only the last value; remove one\n"},
		{`//card:ui ../x.html`, `1:11: ui path "../x.html" leaves the ui folder; remove the .. elements (` + PathRule + ")\n"},
		{`//card:ui /cards/x.html`, `1:11: ui path "/cards/x.html" is absolute; write it relative to the ui folder (` + PathRule + ")\n"},
		{`//card:ui orders\x.html`, `1:11: ui path "orders\\x.html" uses \; separate folders with / (` + PathRule + ")\n"},
		{`//card:ui orders//x.html`, `1:11: ui path "orders//x.html" is not clean; remove empty and . elements and any trailing / (` + PathRule + ")\n"},
		{`//card:ui orders/x.htm`, `1:11: ui path "orders/x.htm" is not an .html file; point at the card's .html file (` + PathRule + ")\n"},
		{`//card:visibility model,,app`, "1:25: visibility has an empty item; write model or app separated by commas, without spaces\n"},
		{`//card:visibility app,model,app`, "1:29: visibility lists app twice; keep one\n"},
		{`//card:visibility "model,bot"`, `1:26: unknown visibility "bot"; use model or app` + "\n"},
		{`//card:visibility card`, `1:19: unknown visibility "card"; a tool only UI cards call is visible to the app: write app` + "\n"},
		{`//card:visibility model,ui`, `1:25: unknown visibility "ui"; a tool only UI cards call is visible to the app: write app` + "\n"},
		// Template errors point inside the quoted value, past escapes.
		{`//card:fallback "\t\u00e9 {{.A..B}}"`, "1:32: empty element in path .A..B; write fields separated by single dots, as in .Customer.Name\n"},
		{`//card:result title="{{.}}" text=x`, "1:24: empty path {{.}}; name a field, as in {{.ID}}\n"},
		// All problems of one line, in source order.
		{`//card:result titel=x subtitle="{{ID}}" title= image="{{.A`,
			"1:15: unknown key titel for //card:result; did you mean title?\n" +
				"1:35: only {{.Field}} paths are supported; write {{.ID}}\n" +
				"1:41: key title has no value; write title=VALUE\n" +
				"1:54: unterminated string; add the closing \"\n"},
		{`//card:action lnk "" "{{.U|x}}" extra`,
			"1:15: unknown action kind \"lnk\"; use url or message\n" +
				"1:19: action label is empty; give it a value\n" +
				"1:25: only {{.Field}} paths are supported; {{.U|x}} is not a field path: compute the value in Go, as a field or a String() method\n" +
				"1:33: too many arguments for //card:action at extra; usage: //card:action KIND LABEL TARGET\n"},
		// A word past the last argument is the rest of a value only after an unquoted one that may
		// hold spaces; after a quoted value, a flag or a name it is an unknown flag (or one too many).
		{`//card:tool get_order title="x" extra`,
			"1:33: extra is not a flag of //card:tool, and NAME is given already; remove it, or use one of its flags: readonly, destructive, idempotent or openworld\n"},
		{`//card:tool get_order readonly extra`,
			"1:32: extra is not a flag of //card:tool, and NAME is given already; remove it, or use one of its flags: readonly, destructive, idempotent or openworld\n"},
		{`//card:tool get_order extra`, // a tool name holds no spaces
			"1:23: extra is not a flag of //card:tool, and NAME is given already; remove it, or use one of its flags: readonly, destructive, idempotent or openworld\n"},
		{`//card:tool title="x" extra`, // NAME is free: extra is the tool name
			""},
		{`//card:tool get_order title="x" idempotnet`, "1:33: unknown flag idempotnet for //card:tool; did you mean idempotent?\n"},
		{`//card:field Total "{{.Total}}" extra`, "1:33: too many arguments for //card:field at extra; usage: //card:field LABEL VALUE\n"},
		{`//card:fallback "Order shipped" today`, "1:33: too many arguments for //card:fallback at today; usage: //card:fallback TEXT\n"},
		{`//card:fallback Order shipped today`,
			"1:23: too many arguments for //card:fallback at shipped; quote a value that contains spaces; usage: //card:fallback TEXT\n" +
				"1:31: too many arguments for //card:fallback at today; quote a value that contains spaces; usage: //card:fallback TEXT\n"},
		{`//card:action message Ask "Tell me" more`, "1:37: too many arguments for //card:action at more; usage: //card:action KIND LABEL TARGET\n"},
		{`//card:action message Ask Tell me`,
			"1:32: too many arguments for //card:action at me; quote a value that contains spaces; usage: //card:action KIND LABEL TARGET\n"},
	}
	for _, tt := range tests {
		fset, pos := lineFile(tt.line)
		_, errs := ParseComment(tt.line, pos)
		if got := fmtErrors(fset, errs); got != tt.want {
			t.Errorf("ParseComment(%q) errors\n got: %s\nwant: %s", tt.line, got, tt.want)
		}
	}
}

// A directive with a registered name comes back even when its words are
// wrong, so that the caller can keep checking it; unknown names do not.
func TestParseCommentPartialDirective(t *testing.T) {
	fset, pos := lineFile(`//card:tool get_order titel=x readonly`)
	d, errs := ParseComment(`//card:tool get_order titel=x readonly`, pos)
	if len(errs) != 1 {
		t.Fatalf("want 1 error, got %s", fmtErrors(fset, errs))
	}
	if got, want := fmtDirective(fset, d), "tool@1:1 name@1:8 | arg get_order@1:13 | flag readonly@1:31"; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	if d.Spec == nil || d.Spec.Name != "tool" {
		t.Errorf("Spec = %v; want the tool spec", d.Spec)
	}
	if !d.Flag("readonly") || d.Flag("idempotent") {
		t.Errorf("Flag: readonly=%v idempotent=%v; want true, false", d.Flag("readonly"), d.Flag("idempotent"))
	}
	if _, ok := d.Key("titel"); ok {
		t.Error("Key(titel) found an unknown key")
	}
	// A word with an error takes its place but is not returned, except a template that is not
	// empty: the generator resolves the paths in it that did parse.
	line := `//card:field "a\q" "{{.}}" extra`
	fset, pos = lineFile(line)
	d, errs = ParseComment(line, pos)
	if len(errs) != 3 || len(d.Args) != 1 || d.Args[0].Text != "{{.}}" {
		t.Errorf("ParseComment(%s) = %s with errors\n%s; want only the template and 3 errors", line, fmtDirective(fset, d), fmtErrors(fset, errs))
	}
	line = `//card:result title="{{.ID" subtitle=""`
	fset, pos = lineFile(line)
	d, errs = ParseComment(line, pos)
	if _, ok := d.Key("title"); len(errs) != 2 || !ok {
		t.Errorf("ParseComment(%s) = %s with errors\n%s; want the title kept and 2 errors", line, fmtDirective(fset, d), fmtErrors(fset, errs))
	}
	if _, ok := d.Key("subtitle"); ok {
		t.Errorf("ParseComment(%s) kept the empty subtitle", line)
	}
	if d, _ := ParseComment("//card:tools x", pos); d != nil {
		t.Errorf("unknown directive returned %v; want nil", d)
	}
}

const groupSrc = `package shop

// GetOrder looks up one order.
//
// It shows the status and the total.
//card:tool get_order readonly
//card:result title="Order #{{.ID}}"
//card:field Total "{{.Total}}"
//card:field Carrier "{{.Carrier}}"
// card:ui orders/card.html
//card:tool again
//card:result  subtitle={{.Status}}
//card:bogus
func GetOrder() {}
`

func TestParseCommentGroup(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "shop.go", groupSrc, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	g := f.Decls[0].(*ast.FuncDecl).Doc
	dirs, doc, errs := ParseCommentGroup(g)
	if want := "GetOrder looks up one order.\n\nIt shows the status and the total."; doc != want {
		t.Errorf("doc = %q; want %q", doc, want)
	}
	var got []string
	for _, d := range dirs {
		got = append(got, fmtDirective(fset, d))
	}
	want := []string{
		"tool@6:1 name@6:8 | arg get_order@6:13 | flag readonly@6:23",
		`result@7:1 name@7:8 | key title@7:15="Order #{{.ID}}"("Order #{{.ID}}")@7:21`,
		`field@8:1 name@8:8 | arg Total@8:14 | arg "{{.Total}}"("{{.Total}}")@8:20`,
		`field@9:1 name@9:8 | arg Carrier@9:14 | arg "{{.Carrier}}"("{{.Carrier}}")@9:22`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("directives\n got %s\nwant %s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	wantErrs := "10:1: directive must have no space after //; write //card:ui\n" +
		"11:8: //card:tool is given twice; keep one\n" +
		"12:8: //card:result is given twice; keep one\n" +
		"13:8: unknown directive //card:bogus; run cardgen help for the list\n"
	if got := fmtErrors(fset, errs); got != wantErrs {
		t.Errorf("errors\n got %s\nwant %s", got, wantErrs)
	}
	if dirs, doc, errs := ParseCommentGroup(nil); dirs != nil || doc != "" || errs != nil {
		t.Errorf("ParseCommentGroup(nil) = %v, %q, %v", dirs, doc, errs)
	}
}

func TestCheckTarget(t *testing.T) {
	src := "//card:tool x\n//card:result title=T\n//card:reply R\n"
	fset := token.NewFileSet()
	file := fset.AddFile("x.go", -1, len(src))
	file.SetLinesForContent([]byte(src))
	var dirs []*Directive
	off := 0
	for _, line := range strings.SplitAfter(src, "\n") {
		if line == "" {
			continue
		}
		d, errs := ParseComment(strings.TrimSuffix(line, "\n"), file.Pos(off))
		if len(errs) > 0 || d == nil {
			t.Fatalf("ParseComment(%q): %v", line, errs)
		}
		dirs = append(dirs, d)
		off += len(line)
	}
	want := "1:8: //card:tool is not allowed on a type; put it in the doc comment of a func\n" +
		"3:8: //card:reply is not allowed on a type; put it in the doc comment of a func\n"
	if got := fmtErrors(fset, CheckTarget(dirs, OnType)); got != want {
		t.Errorf("CheckTarget(OnType)\n got %s\nwant %s", got, want)
	}
	if errs := CheckTarget(dirs, OnFunc); errs != nil {
		t.Errorf("CheckTarget(OnFunc) = %v; want none", errs)
	}
}

// TestParseCommentOddSpaces: a Unicode space outside quotes, pasted from a web page or a chat,
// looks like a space (or like nothing) but joined two words into one: "//card:field A" was an
// unknown directive named "field A", "ping readonly" an invalid tool name, each without a word
// about the character. It is reported at its place (with the fix: TestParseCommentFixes), and
// the line is read as it looks, so that nothing else is reported. Inside quotes it is text.
func TestParseCommentOddSpaces(t *testing.T) {
	tests := []struct {
		line      string
		directive string // as fmtDirective shows it
		errs      string
	}{
		{"//card:tool ping\u00a0readonly", `tool@1:1 name@1:8 | arg ping@1:13 | flag readonly@1:19`,
			"1:17: a no-break space (U+00A0) separates words here, where a plain space belongs; replace it with a space\n"},
		{"//card:field\u00a0A \"{{.Name}}\"", `field@1:1 name@1:8 | arg A@1:15 | arg "{{.Name}}"("{{.Name}}")@1:17`,
			"1:13: a no-break space (U+00A0) separates words here, where a plain space belongs; replace it with a space\n"},
		{"//card:result title=\"{{.Name}}\"\u202fsubtitle=x", `result@1:1 name@1:8 | key title@1:15="{{.Name}}"("{{.Name}}")@1:21 | key subtitle@1:35=x@1:44`,
			"1:32: a narrow no-break space (U+202F) separates words here, where a plain space belongs; replace it with a space\n"},
		{"//card:tool\u3000ping", `tool@1:1 name@1:8 | arg ping@1:15`,
			"1:12: an ideographic space (U+3000) separates words here, where a plain space belongs; replace it with a space\n"},
		{"//card:tool ping \u200breadonly", `tool@1:1 name@1:8 | arg ping@1:13 | flag readonly@1:21`,
			"1:18: a zero-width space (U+200B), which shows as nothing, is between the words here; delete it\n"},
		{"//card:tool ping\u2003readonly", `tool@1:1 name@1:8 | arg ping@1:13 | flag readonly@1:20`,
			"1:17: a Unicode space (U+2003) separates words here, where a plain space belongs; replace it with a space\n"},
		// Quoted, it is the author's text; escaped quotes do not end the string.
		{"//card:fallback \"Order\u00a0#1 \\\"a\u00a0b\\\"\"", "fallback@1:1 name@1:8 | arg \"Order\\u00a0#1 \\\"a\\u00a0b\\\"\"(\"Order\u00a0#1 \\\"a\u00a0b\\\"\")@1:17", ""},
		{"//card:fallback `Order\u00a0#1`", "fallback@1:1 name@1:8 | arg \"Order\\u00a0#1\"(`Order\u00a0#1`)@1:17", ""},
		{"//card:example {\"note\":\"a\u00a0b\"}", "example@1:1 name@1:8 | arg {\"note\":\"a\u00a0b\"}@1:16", ""},
		// Not a space: a word of its own.
		{"//card:fallback Ça", "fallback@1:1 name@1:8 | arg Ça@1:17", ""},
	}
	for _, tt := range tests {
		fset, pos := lineFile(tt.line)
		d, errs := ParseComment(tt.line, pos)
		if got := fmtErrors(fset, errs); got != tt.errs {
			t.Errorf("ParseComment(%q) errors\n got: %s\nwant: %s", tt.line, got, tt.errs)
		}
		if got := fmtDirective(fset, d); got != tt.directive {
			t.Errorf("ParseComment(%q)\n got %s\nwant %s", tt.line, got, tt.directive)
		}
	}
}

// TestParseCommentBareValue: in "//card:tool title=Order status readonly" the word status
// was silently the tool's NAME. A bare word right after an unquoted key value is reported with
// the quoted value to write, and not taken as an argument; following the advice gives the
// value meant, and a line that gives its arguments first is read as before.
func TestParseCommentBareValue(t *testing.T) {
	const lead = "quote a value that contains spaces: "
	for _, tt := range []struct {
		line, key, want string // the key and the value the advice gives it
		directive       string // as fmtDirective shows the fixed line
	}{
		{`//card:tool title=Order status readonly`, "title", "Order status",
			`tool@1:1 name@1:8 | key title@1:13="Order status"("Order status")@1:19 | flag readonly@1:34`},
		{`//card:tool get_x title=Order status page idempotent`, "title", "Order status page",
			`tool@1:1 name@1:8 | arg get_x@1:13 | key title@1:19="Order status page"("Order status page")@1:25 | flag idempotent@1:45`},
		{`//card:result title=Order #{{.ID}} text=x`, "title", "Order #{{.ID}}",
			`result@1:1 name@1:8 | key title@1:15="Order #{{.ID}}"("Order #{{.ID}}")@1:21 | key text@1:38=x@1:43`},
		{`//card:result subtitle=Back \o/ soon`, "subtitle", `Back \o/ soon`,
			`result@1:1 name@1:8 | key subtitle@1:15="Back \\o/ soon"("Back \\o/ soon")@1:24`},
	} {
		fset, pos := lineFile(tt.line)
		d, errs := ParseComment(tt.line, pos)
		if len(errs) != 1 || !strings.Contains(errs[0].Msg, lead) {
			t.Errorf("ParseComment(%q) errors:\n%s; want one that says to quote", tt.line, fmtErrors(fset, errs))
			continue
		}
		start := strings.Index(tt.line, tt.key+"=")
		for _, a := range d.Args {
			if int(a.Pos-pos) > start {
				t.Errorf("ParseComment(%q) took %s as an argument", tt.line, fmtValue(fset, a))
			}
		}
		// Follow the advice: replace key=value and the words after it with the quoted form.
		advice, _, _ := strings.Cut(errs[0].Msg[strings.Index(errs[0].Msg, lead)+len(lead):], " (")
		span := tt.key + "=" + tt.want
		if !strings.HasPrefix(tt.line[start:], span) {
			t.Fatalf("%q does not hold %q", tt.line, span)
		}
		fixed := tt.line[:start] + advice + tt.line[start+len(span):]
		fset, pos = lineFile(fixed)
		d, errs = ParseComment(fixed, pos)
		if len(errs) > 0 {
			t.Errorf("the advised line %q has errors:\n%s", fixed, fmtErrors(fset, errs))
		}
		if got := fmtDirective(fset, d); got != tt.directive {
			t.Errorf("the advised line %q\n got %s\nwant %s", fixed, got, tt.directive)
		}
	}
}
