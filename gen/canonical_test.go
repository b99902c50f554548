package gen

import (
	"fmt"
	"go/format"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// gofmtDecl is what format.Source makes of one top-level declaration.
func gofmtDecl(t *testing.T, decl []byte) string {
	t.Helper()
	const clause = "package p\n\n"
	b, err := format.Source(append([]byte(clause), decl...))
	if err != nil {
		t.Fatalf("format.Source: %v\n%s", err, decl)
	}
	return string(b[len(clause):])
}

// TestCanonicalDeclMatchesGofmt renders the example, every generating golden case and a
// synthetic package, and checks every declaration canonicalDecl writes against format.Source.
// It also requires the fast path to be taken for each shape it is for, so that a change in
// jennifer's spacing cannot quietly turn it off.
func TestCanonicalDeclMatchesGofmt(t *testing.T) {
	dirs := append(generatingDirs(t), synthDir(t, 30))
	taken := map[string]int{}
	for _, dir := range dirs {
		src, err := renderSource(modelDir(t, dir))
		if err != nil {
			t.Fatal(err)
		}
		_, decls := splitDecls(src)
		for _, d := range decls {
			got, ok := canonicalDecl(d)
			if !ok {
				continue
			}
			taken[strings.Fields(string(stripDoc(d)))[0]]++
			if want := gofmtDecl(t, d); string(got) != want {
				t.Errorf("%s: canonicalDecl differs from gofmt\n--- got\n%s--- want\n%s", dir, got, want)
			}
		}
	}
	for _, kw := range []string{"const", "var", "func"} {
		if taken[kw] == 0 {
			t.Errorf("no %s declaration took the fast path (taken: %v)", kw, taken)
		}
	}
}

// TestCanonicalDeclRandom compares canonicalDecl with gofmt on blocks of random names (ASCII and
// other scripts, so that widths are counted in runes) and random texts (quotes, escapes, "(",
// non-ASCII), and on guards with random lengths.
func TestCanonicalDeclRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	letters := []rune("abcXYZ_ñüÅ日本語ΩЖ")
	name := func() string {
		var b strings.Builder
		for range 1 + r.IntN(24) {
			b.WriteRune(letters[r.IntN(len(letters))])
		}
		if r.IntN(3) == 0 {
			b.WriteString(strconv.Itoa(r.IntN(100)))
		}
		return b.String()
	}
	texts := []string{"Order #", " (", "\"quoted\"", "tab\there", "✓ done", "a\\b", "", "100%", "`tick`", "new\nline"}
	for i := range 300 {
		var d strings.Builder
		d.WriteString("// Doc comment of block " + strconv.Itoa(i) + ".\n")
		switch i % 3 {
		case 0:
			d.WriteString("const (\n")
			for range 1 + r.IntN(12) {
				fmt.Fprintf(&d, "%s = %#v\n", name(), texts[r.IntN(len(texts))]+texts[r.IntN(len(texts))])
			}
			d.WriteString(")\n")
		case 1:
			d.WriteString("var (\n")
			for range 1 + r.IntN(12) {
				if r.IntN(3) == 0 { // a schema another tool has too
					fmt.Fprintf(&d, "%s = %s\n", name(), name())
					continue
				}
				fmt.Fprintf(&d, "%s = json.RawMessage (`{\"type\":\"object\",\"description\":%q}`)\n", name(), texts[r.IntN(3)])
			}
			d.WriteString(")\n")
		default:
			d.WriteString("func _ () {\nvar x [1] struct{}\n")
			for range 1 + r.IntN(12) {
				fmt.Fprintf(&d, "_ = x [len(%s) - %d]\n", name(), 1+r.IntN(3000))
			}
			d.WriteString("}\n")
		}
		decl := []byte(d.String())
		got, ok := canonicalDecl(decl)
		if !ok {
			t.Fatalf("canonicalDecl refused a declaration of its shapes:\n%s", decl)
		}
		if want := gofmtDecl(t, decl); string(got) != want {
			t.Fatalf("canonicalDecl differs from gofmt\n--- got\n%s--- want\n%s", got, want)
		}
	}
}

// TestCanonicalDeclRefuses lists declarations close to the fast path's shapes that it must leave
// to gofmt.
func TestCanonicalDeclRefuses(t *testing.T) {
	for _, decl := range []string{
		"//  indented doc is a code block to gofmt\nconst (\na = \"x\"\n)\n",
		"// - a list item\nconst (\na = \"x\"\n)\n",
		"//go:embed x\nvar (\na = json.RawMessage (`{}`)\n)\n",
		"const (\na = 1\n)\n",
		"const (\na, b = \"x\", \"y\"\n)\n",
		"const (\na = \"x\" + \"y\"\n)\n",
		"const (\na = \"x\" // trailing comment\n)\n",
		"const (\na = \"x\\\"\n)\n",
		"var (\na = json.RawMessage (\"{}\")\n)\n",
		"var (\na = mdcard.OutputSchema ()\n)\n",
		"var (\na = json.RawMessage (`{}`) + b\n)\n",
		"var (\na = b.c\n)\n",
		"var (\na = b + c\n)\n",
		"var (\na = b // the same\n)\n",
		"const a = \"x\"\n",
		"func _ () {\nvar x [1] struct{}\n_ = x [len(a) - 0]\n}\n",
		"func _ () {\nvar x [1] struct{}\n_ = x [len(a.b) - 1]\n}\n",
		"func _ () {\nvar x [1] struct{}\nprintln()\n}\n",
		"func f () {\nvar x [1] struct{}\n_ = x [len(a) - 1]\n}\n",
	} {
		if got, ok := canonicalDecl([]byte(decl)); ok {
			t.Errorf("canonicalDecl took\n%s\nand wrote\n%s", decl, got)
		}
	}
}
