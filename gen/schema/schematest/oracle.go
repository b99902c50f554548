// Package schematest proves gen/schema's mapping against invopop/jsonschema itself: it compiles a
// small program that reflects the same types with invopop and compares the two outputs. It is
// meant for tests (gen/schema's own fixtures, the generator's golden cases, the example service).
package schematest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"text/template"

	"github.com/cardgen/cardgen/gen/schema"
	"golang.org/x/tools/go/packages"
)

// OracleDiff describes one type whose schema the oracle could not prove equal to invopop's.
// Exactly one of the cases holds: the schemas differ (Ours != Invopop), For reported Problems, For
// said Runtime, or invopop panicked (Panic).
type OracleDiff struct {
	Ours     string   // schema.Marshal of For's schema, indented with sorted keys; "" when not mapped
	Invopop  string   // invopop's schema in the same form; "" when invopop was not run
	Order    bool     // the schemas are the same JSON value but their bytes differ (key order)
	Runtime  bool     // For says the type needs invopop at init, so there is nothing to compare
	Problems []string // For's problems as "file.go:line:col: msg", file relative to dir
	Panic    string   // invopop panicked on a type For mapped
}

// OutputSuffix ends the key of OracleCompare's entry for a type's output schema.
const OutputSuffix = " (output)"

// OracleCompare loads the package in dir, maps each named type with schema.For and
// schema.ForOutput, and reflects it with invopop as the generated code would at init:
// register.Reflector()'s Reflect, then register.AdjustSchema for an input and for an output.
// AdjustSchema is the reflect-based twin of the changes gen/schema makes to invopop's schema on
// purpose (docs/schemas.md lists them), written independently over reflect, so the comparison
// proves both. With no typeNames it takes every exported, non-generic type of the package whose
// underlying type is a struct. It returns an entry for each schema that was not proven
// byte-identical, keyed by the type name for the input schema and by the name and OutputSuffix
// for the output schema; an empty map means every type matched. dir must hold a non-main package
// inside a module that requires github.com/invopop/jsonschema and github.com/cardgen/cardgen; a
// package under a testdata directory works.
//
// The invopop side runs as a temporary main package in a directory named _oracle* at the module
// root (the go command skips "_" directories in ./... patterns), removed before returning.
func OracleCompare(dir string, typeNames []string) (map[string]OracleDiff, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedSyntax |
			packages.NeedFiles | packages.NeedModule,
		Dir: dir,
	}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", dir, err)
	}
	if len(pkgs) != 1 {
		return nil, fmt.Errorf("load %s: found %d packages, want 1", dir, len(pkgs))
	}
	pkg := pkgs[0]
	if len(pkg.Errors) > 0 {
		return nil, fmt.Errorf("load %s: %v", dir, pkg.Errors[0])
	}
	if pkg.Name == "main" || pkg.Module == nil {
		return nil, fmt.Errorf("load %s: need a non-main package inside a module", dir)
	}
	if len(typeNames) == 0 {
		typeNames = structTypes(pkg.Types)
	}

	diffs := map[string]OracleDiff{}
	ours := map[string][]byte{}
	for _, name := range typeNames {
		obj, ok := pkg.Types.Scope().Lookup(name).(*types.TypeName)
		if !ok {
			return nil, fmt.Errorf("%s: no type %s", pkg.PkgPath, name)
		}
		for _, mode := range []struct {
			key string
			fn  func(types.Type, token.Pos) (schema.Result, []schema.Problem)
		}{{name, schema.For}, {name + OutputSuffix, schema.ForOutput}} {
			res, probs := mode.fn(obj.Type(), obj.Pos())
			// Words of jsonschema tags that invopop ignores are reported but leave the schema as
			// invopop makes it: the schema is still compared.
			probs = slices.DeleteFunc(probs, func(p schema.Problem) bool { return p.Ignored })
			switch {
			case len(probs) > 0:
				diffs[mode.key] = OracleDiff{Problems: formatProblems(pkg.Fset, dir, probs)}
			case res.Runtime:
				diffs[mode.key] = OracleDiff{Runtime: true}
			default:
				b, err := schema.Marshal(res.Schema)
				if err != nil {
					return nil, fmt.Errorf("%s: marshal: %w", mode.key, err)
				}
				ours[mode.key] = b
			}
		}
	}
	if len(ours) == 0 {
		return diffs, nil
	}

	names := make([]string, 0, len(ours))
	for n := range ours {
		names = append(names, n)
	}
	slices.Sort(names)
	// invopop reflects only the types mapped without problems: on the others it may panic or,
	// for a recursive type, never return.
	var reflected []string
	for _, n := range typeNames {
		_, in := ours[n]
		_, out := ours[n+OutputSuffix]
		if in || out {
			reflected = append(reflected, n)
		}
	}
	theirs, err := reflectWithInvopop(pkg.Module.Dir, pkg.PkgPath, reflected)
	if err != nil {
		return nil, err
	}
	for _, name := range names {
		got, ok := theirs[name]
		if !ok {
			return nil, fmt.Errorf("oracle printed no result for %s", name)
		}
		if got.Panic != "" {
			diffs[name] = OracleDiff{Ours: indent(ours[name]), Panic: got.Panic}
			continue
		}
		if bytes.Equal(ours[name], got.Schema) {
			continue
		}
		d := OracleDiff{Ours: indent(ours[name]), Invopop: indent(got.Schema)}
		d.Order = d.Ours == d.Invopop
		diffs[name] = d
	}
	return diffs, nil
}

// structTypes lists the exported type names of pkg, but for generic types and generic aliases,
// whose underlying type is a struct.
func structTypes(pkg *types.Package) []string {
	var names []string
	for _, n := range pkg.Scope().Names() { // sorted
		obj, ok := pkg.Scope().Lookup(n).(*types.TypeName)
		if !ok || !obj.Exported() {
			continue
		}
		if a, ok := obj.Type().(*types.Alias); ok && a.TypeParams().Len() > 0 {
			continue // a generic alias (type PageOf[T any] = Page[T]) is no type until instantiated
		}
		t := types.Unalias(obj.Type())
		if named, ok := t.(*types.Named); ok && named.TypeParams().Len() > named.TypeArgs().Len() {
			continue
		}
		if _, ok := t.Underlying().(*types.Struct); ok {
			names = append(names, n)
		}
	}
	return names
}

func formatProblems(fset *token.FileSet, dir string, probs []schema.Problem) []string {
	out := make([]string, len(probs))
	for i, p := range probs {
		pos := fset.Position(p.Pos)
		if rel, err := filepath.Rel(dir, pos.Filename); err == nil {
			pos.Filename = filepath.ToSlash(rel)
		}
		out[i] = fmt.Sprintf("%s: %s", pos, p.Msg)
	}
	return out
}

// indent gives a JSON document a canonical, readable form: sorted keys, two-space indent.
func indent(b []byte) string {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return "invalid JSON: " + err.Error() + ": " + string(b)
	}
	out, _ := json.MarshalIndent(v, "", "  ")
	return string(out)
}

type invopopResult struct {
	Schema json.RawMessage
	Panic  string
}

var program = template.Must(template.New("main").Parse(`// Code generated by schematest.OracleCompare; DO NOT EDIT. Removed after the run.

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"

	"github.com/cardgen/cardgen/runtime/register"
	target "{{.Path}}"
)

type result struct {
	Schema json.RawMessage ` + "`json:\",omitempty\"`" + `
	Panic  string          ` + "`json:\",omitempty\"`" + `
}

func reflectSchema(v any, output bool) (res result) {
	defer func() {
		if p := recover(); p != nil {
			res = result{Panic: fmt.Sprint(p)}
		}
	}()
	s := register.Reflector().Reflect(v)
	register.AdjustSchema(reflect.TypeOf(v), s, output)
	b, err := json.Marshal(s)
	if err != nil {
		return result{Panic: "marshal: " + err.Error()}
	}
	return result{Schema: b}
}

func main() {
	out := map[string]result{
{{- range .Names}}
		{{printf "%q" .}}: reflectSchema(new(target.{{.}}), false),
		{{printf "%q" (print . $.Suffix)}}: reflectSchema(new(target.{{.}}), true),
{{- end}}
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		os.Exit(1)
	}
}
`))

// reflectWithInvopop writes, runs and removes the oracle program.
func reflectWithInvopop(modRoot, pkgPath string, names []string) (map[string]invopopResult, error) {
	var src bytes.Buffer
	if err := program.Execute(&src, struct {
		Path, Suffix string
		Names        []string
	}{pkgPath, OutputSuffix, names}); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp(modRoot, "_oracle")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	if err := os.WriteFile(filepath.Join(tmp, "main.go"), src.Bytes(), 0o644); err != nil {
		return nil, err
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command("go", "run", "./"+filepath.Base(tmp))
	cmd.Dir = modRoot
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("run the invopop oracle: %w\n%s", err, strings.TrimSpace(stderr.String()))
	}
	var out map[string]invopopResult
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		return nil, fmt.Errorf("read the invopop oracle's output: %w", err)
	}
	if out == nil {
		return nil, errors.New("the invopop oracle printed nothing")
	}
	return out, nil
}
