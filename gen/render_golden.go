package gen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/cardgen/cardgen/internal/ports"
)

const cardtestPath = "github.com/cardgen/cardgen/runtime/cardtest"

// leftoversSubtest is the name of the generated golden test's subtest that looks for golden files
// no tool writes (cardtest.Leftovers).
const leftoversSubtest = "(leftovers)"

// RenderTest builds cards_gen_test.go: a golden test that snapshots each tool's schemas and the
// card of each //card:example under the package's testdata/golden, and fails when an example
// does not fit the card limits as written or does not match the output schema.
func RenderTest(p *Package) ([]byte, error) {
	src, err := renderFreeOfScope(p, renderTestSource)
	if err != nil {
		return nil, fmt.Errorf("rendering the test of %s: %w", p.Path, err)
	}
	return formatFile(src)
}

// renderTestSource is jennifer's unformatted rendering of the golden test file of p.
func renderTestSource(p *Package) ([]byte, error) {
	f := jen.NewFile(p.Name)
	f.NoFormat = true // formatted once, by formatFile
	f.HeaderComment(GeneratedHeader)
	f.ImportNames(map[string]string{cardtestPath: "cardtest"})
	for path, alias := range p.importAliases {
		f.ImportAlias(path, alias)
	}
	if !p.ownUpdateFlag {
		doc(f, "-update rewrites the golden files under testdata/golden after a reviewed change; it is defined here unless a package the test imports defines it.")
		f.Func().Id("init").Params().Block(jen.Qual(cardtestPath, "DefineUpdateFlag").Call())
	}
	// The types the schemas and cards were made from, each held to its fields as cardgen read
	// them: names, order, types and tags (typeguard.go).
	for _, g := range typeGuards(p) {
		f.Add(g)
	}
	var runs []jen.Code
	var written []jen.Code // the name of each golden file the test writes, for cardtest.Leftovers
	for _, t := range p.Tools {
		// golden compares v with the tool's golden file of this kind (one of cardtest.GoldenKinds())
		// and records the file's name.
		golden := func(kind string, v jen.Code) jen.Code {
			written = append(written, jen.Lit(t.Name+kind))
			return jen.Qual(cardtestPath, "Golden").Call(jen.Id("t"), jen.Lit("testdata/golden/"+t.Name+kind), v)
		}
		body := []jen.Code{
			golden(".schema.json", jen.Qual(cardtestPath, "Schemas").Call(jen.Id(schemaVar(t, "Input")), jen.Id(schemaVar(t, "Output")))),
		}
		if len(t.Examples) > 0 {
			var exs []jen.Code
			for _, ex := range t.Examples {
				exs = append(exs, rawString(ex.JSON))
			}
			loop := []jen.Code{
				jen.Var().Id("out").Add(t.typ(t.outName())),
				jen.Qual(cardtestPath, "Decode").Call(jen.Id("t"), jen.Id("ex"), jen.Op("&").Id("out")),
			}
			if t.Markdown == nil {
				loop = append([]jen.Code{jen.Qual(cardtestPath, "Validate").Call(jen.Id("t"), jen.Id(schemaVar(t, "Output")), jen.Id("ex"))}, loop...)
			}
			if t.Markdown != nil {
				loop = append(loop,
					jen.List(jen.Id("md"), jen.Id("renderOpts")).Op(":=").Id(lowerFirst(t.GoName)+"Document").Call(jen.Op("&").Id("out")),
					jen.Id("docs").Op("=").Append(jen.Id("docs"), jen.Qual(cardtestPath, "Document").Call(jen.Id("t"), jen.Id("md"), jen.Id("renderOpts"))))
			}
			if t.Card != nil {
				loop = append(loop, jen.Id("cards").Op("=").Append(jen.Id("cards"),
					jen.Qual(cardtestPath, "MustFitExample").Call(jen.Id("t"), jen.Id("ex"), jen.Id(t.GoName+"Card").Call(jen.Op("&").Id("out")))))
			}
			body = append(body, jen.Id("examples").Op(":=").Index().String().Values(exs...))
			if t.Card != nil {
				body = append(body, jen.Var().Id("cards").Index().Qual(cardtestPath, "Example"))
			}
			if t.Markdown != nil {
				body = append(body, jen.Var().Id("docs").Index().Index().Qual(cardtestPath, "DocumentPart"))
			}
			if projectedACP(t) {
				body = append(body, jen.Var().Id("acps").Index().Any())
				loop = append(loop,
					jen.List(jen.Id("p"), jen.Err()).Op(":=").Id(t.GoName+"ACP").Call(jen.Op("&").Id("out")),
					jen.If(jen.Err().Op("!=").Nil()).Block(jen.Id("t").Dot("Errorf").Call(jen.Lit("the ACP card of the example %s is not valid: %v"), jen.Id("ex"), jen.Err())))
				if t.ACP.Kind == "carousel" {
					// At run time a carousel drops an item whose id repeats an earlier one's, or
					// that does not fit the payload limit; an example must show every item, as a
					// result card must fit as written.
					items := jen.Id("out").Dot(t.ACP.ItemsField)
					loop = append(loop, jen.If(jen.Err().Op("==").Nil().Op("&&").Len(jen.Id("p").Dot("Items")).Op("!=").Len(items)).Block(
						jen.Id("t").Dot("Errorf").Call(jen.Lit("the carousel of the example %s shows %d of its %d items: the others repeat an earlier item's id or do not fit the payload limit; give the example's items distinct ids, or fewer of them"),
							jen.Id("ex"), jen.Len(jen.Id("p").Dot("Items")), jen.Len(items))))
				}
				loop = append(loop, jen.Id("acps").Op("=").Append(jen.Id("acps"), jen.Id("p")))
			}
			body = append(body, jen.For(jen.List(jen.Id("_"), jen.Id("ex")).Op(":=").Range().Id("examples")).Block(loop...))
			if t.Card != nil {
				body = append(body, golden(".card.json", jen.Id("cards")))
			}
			if t.Markdown != nil {
				body = append(body, golden(".markdown.json", jen.Id("docs")))
			}
			if projectedACP(t) {
				body = append(body, golden(".acp.json", jen.Id("acps")))
			}
		}
		if t.ACP != nil && t.ACP.Kind == "form" {
			body = append(body, golden(".acp.json", jen.Id(t.GoName+"ACPForm").Call()))
		}
		runs = append(runs, jen.Id("t").Dot("Run").Call(jen.Lit(t.Name), jen.Func().Params(jen.Id("t").Op("*").Qual("testing", "T")).Block(body...)))
	}
	// The subtest's name can't be a tool's (tool names have no parentheses), so a run of one
	// tool's subtest, as cardgen new's, leaves other files alone.
	runs = append(runs,
		jen.Comment("A file named like the golden files above that no tool writes any more, left over from a renamed"),
		jen.Comment("or removed tool or a card a tool no longer has, fails here; -update removes it."),
		jen.Id("t").Dot("Run").Call(jen.Lit(leftoversSubtest), jen.Func().Params(jen.Id("t").Op("*").Qual("testing", "T")).Block(
			jen.Qual(cardtestPath, "Leftovers").Call(jen.Id("t"), jen.Lit("testdata/golden"), jen.Index().String().ValuesFunc(func(g *jen.Group) {
				for _, w := range written {
					g.Line().Add(w)
				}
				g.Line()
			})))))
	doc(f, "TestCardgenGolden snapshots each tool's schemas and the result card of each //card:example under "+
		"testdata/golden. An example must match the output schema and fit the card limits as written.")
	f.Func().Id("TestCardgenGolden").Params(jen.Id("t").Op("*").Qual("testing", "T")).Block(runs...)

	var buf bytes.Buffer
	err := f.Render(&buf)
	return buf.Bytes(), err
}

// updateFlags finds the package's own definitions of an -update flag in its tests, which the
// generated test reads instead of defining the flag twice (which panics when the test binary
// starts): everywhere reports whether a test file built everywhere defines it, and constrained
// holds each definition in a file that build constraints leave out of some builds. A definition
// is a call of the flag package with the name "update": flag.Bool("update", …),
// flag.BoolVar(&update, "update", …), flag.CommandLine.Bool(…), under any import name. Only a
// file that spells update somewhere is parsed, so a name written with escapes ("\x75pdate") in
// a file that spells it nowhere else is not found. Other mentions of "update"
// (t.Run("update", …)) are not: taking one for a definition left the package without the flag,
// and go test -update failed.
func (p *Package) updateFlags() (everywhere bool, constrained []flagDef) {
	entries, _ := os.ReadDir(p.Dir) // read, not globbed: the directory's name may hold [ or *
	fset := token.NewFileSet()
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, "_test.go") || name == GeneratedTestFile {
			continue
		}
		path := filepath.Join(p.Dir, name)
		src, err := os.ReadFile(path)
		// A file that never spells update defines no such flag: only the rest are parsed.
		if err != nil || !bytes.Contains(src, []byte("update")) {
			continue
		}
		f, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		at := definesFlag(f, "update")
		if !at.IsValid() {
			continue
		}
		if c := fileConstraint(fset, f); c != "" {
			constrained = append(constrained, flagDef{fset.Position(at), c})
		} else {
			everywhere = true
		}
	}
	return everywhere, constrained
}

// A flagDef is a definition of a flag in a test file with build constraints.
type flagDef struct {
	pos        token.Position // of the flag's name
	constraint string         // as fileConstraint describes it
}

// updateFlag records whether the package's tests define -update, and reports a definition only
// in test files with build constraints: without them go test -run Golden -update would fail
// ("flag provided but not defined"), and the generated test defining it too would panic with
// them ("flag redefined").
func (b *builder) updateFlag() {
	if len(b.out.Tools) == 0 {
		return // no test is generated
	}
	everywhere, constrained := b.out.updateFlags()
	b.out.ownUpdateFlag = everywhere || len(constrained) > 0
	if everywhere || len(constrained) == 0 {
		return
	}
	// Definitions in files for complementary platforms (x_linux_test.go and a //go:build !linux
	// file) together define it in every build.
	port := uncoveredPort(constrained)
	if port == "" {
		return
	}
	for _, d := range constrained {
		b.at(d.pos, "-update is defined in a test file built only %s, and no definition is built for %s without build tags, so go test -run Golden -update fails there (flag provided but not defined), and the generated test cannot define it as well; define it in a _test.go file without build constraints", d.constraint, port)
	}
}

// uncoveredPort returns the first of the first-class ports, with cgo on or off, for which none
// of the files of defs (all of one package) is built without build tags, or "" when each is
// built for every one of them. CGO_ENABLED=0 is the default without a C compiler, and a
// //go:build cgo test file is left out there.
func uncoveredPort(defs []flagDef) string {
	files := make([]ports.File, len(defs))
	for i, d := range defs {
		files[i] = ports.File{Name: filepath.Base(d.pos.Filename)}
	}
	return ports.Check{Dir: filepath.Dir(defs[0].pos.Filename), Cgo: true}.Uncovered(files...)
}

// flagDefiners maps each function of the flag package (and method of its CommandLine) that
// defines a flag to the position of the flag's name among its arguments. Other calls that take
// a flag's name (flag.Lookup("update"), how cardtest reads it; flag.Set) define nothing.
var flagDefiners = map[string]int{
	"Bool": 0, "BoolFunc": 0, "Duration": 0, "Float64": 0, "Func": 0, "Int": 0, "Int64": 0, "String": 0, "Uint": 0, "Uint64": 0,
	"BoolVar": 1, "DurationVar": 1, "Float64Var": 1, "Int64Var": 1, "IntVar": 1, "StringVar": 1, "TextVar": 1, "Uint64Var": 1, "UintVar": 1, "Var": 1,
}

// definesFlag returns the position of the name in f's definition of a flag called name with the
// flag package (or its CommandLine), or token.NoPos when there is none.
func definesFlag(f *ast.File, name string) token.Pos {
	local := map[string]bool{}
	for _, imp := range f.Imports {
		if path, _ := strconv.Unquote(imp.Path.Value); path == "flag" {
			switch {
			case imp.Name == nil:
				local["flag"] = true
			case imp.Name.Name != "_" && imp.Name.Name != ".":
				local[imp.Name.Name] = true
			}
		}
	}
	if len(local) == 0 {
		return token.NoPos
	}
	found := token.NoPos
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found.IsValid() {
			return !found.IsValid()
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		x := sel.X
		if cl, ok := x.(*ast.SelectorExpr); ok && cl.Sel.Name == "CommandLine" {
			x = cl.X
		}
		if id, ok := x.(*ast.Ident); !ok || !local[id.Name] {
			return true
		}
		at, ok := flagDefiners[sel.Sel.Name]
		if !ok || at >= len(call.Args) {
			return true
		}
		if lit, ok := call.Args[at].(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if s, err := strconv.Unquote(lit.Value); err == nil && s == name {
				found = lit.Pos()
			}
		}
		return !found.IsValid()
	})
	return found
}

// projectedACP reports whether the tool's ACP card is built from its output (and so from each
// example), rather than from its input type.
func projectedACP(t *Tool) bool { return t.ACP != nil && t.ACP.Kind != "form" }
