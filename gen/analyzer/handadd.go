package analyzer

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"strconv"

	"github.com/cardgen/cardgen/gen"
	"golang.org/x/tools/go/analysis"
)

// A server moving to cardgen one tool at a time registers the tools it has not moved yet by
// hand, beside the generated RegisterTools (docs/migrating.md). Generation does not look at
// those calls; the analyzer does, for two mistakes that nothing else reports before the server
// runs:
//
//   - A hand registration whose schema the SDK infers from a type with a jsonschema tag in
//     invopop's form (jsonschema:"description=the order id"), which jsonschema-go refuses: the
//     server panics at start-up. cardgen asks for that form, and cardvet -fix writes it, on
//     every type a generated tool uses, so a type shared with a hand-registered tool gets it.
//   - A hand registration under the name of a generated tool of the package: the SDK keeps
//     whichever is registered last, without a word.

const (
	mcpPath        = "github.com/modelcontextprotocol/go-sdk/mcp"
	registerPath   = "github.com/cardgen/cardgen/runtime/register"
	jsonschemaPath = "github.com/google/jsonschema-go/jsonschema"
)

// handRegistrations returns the diagnostics of the calls in files (the package's own, without
// its tests) that register a tool by hand or infer a schema with jsonschema-go. tools are the
// package's generated tools.
func handRegistrations(pass *analysis.Pass, info *types.Info, files []*ast.File, tools []*gen.Tool) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	strict, lenient := &sdkInference{}, &sdkInference{ignoreInvalid: true}
	for _, f := range files {
		if gen.HasGeneratedHeader(f) {
			continue // cardgen's own registrations, which pass both schemas
		}
		c := &callSite{pass: pass, info: info, file: f, strict: strict, lenient: lenient}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			c.call = call
			fn, targs := callee(info, call.Fun)
			if fn == nil || fn.Pkg() == nil {
				return true
			}
			switch path, name, method := fn.Pkg().Path(), fn.Name(), fn.Signature().Recv() != nil; {
			case (path == mcpPath || path == registerPath) && name == "AddTool" && !method && len(call.Args) >= 3:
				lit := toolLiteral(info, call.Args[1])
				out = append(out, c.sameName(lit, tools)...)
				if lit != nil && targs != nil && targs.Len() == 2 {
					out = append(out, c.inferred(qualifiedName(fn), lit, targs.At(0), targs.At(1))...)
				}
			case path == mcpPath && name == "AddTool" && method && len(call.Args) == 2 && isMethodCall(info, call.Fun):
				// Server.AddTool takes the schemas as given: only the name matters.
				out = append(out, c.sameName(toolLiteral(info, call.Args[0]), tools)...)
			case path == jsonschemaPath && name == "For" && !method && len(call.Args) == 1 && targs != nil && targs.Len() == 1:
				out = append(out, c.forType("jsonschema.For", targs.At(0), call.Args[0])...)
			case path == jsonschemaPath && name == "ForType" && !method && len(call.Args) == 2:
				if t := reflectedType(info, call.Args[0]); t != nil {
					out = append(out, c.forType("jsonschema.ForType", t, call.Args[1])...)
				}
			}
			return true
		})
	}
	return out
}

// callSite is one call of handRegistrations, in file.
type callSite struct {
	pass *analysis.Pass
	info *types.Info
	file *ast.File
	call *ast.CallExpr
	// strict and lenient follow jsonschema-go's inference without and with IgnoreInvalidTypes;
	// they are shared by the calls of a package.
	strict, lenient *sdkInference
}

// sameName reports the Name of lit, an mcp.Tool literal (nil when the call passes none the
// analyzer can see), when it is the name of a generated tool of the package.
func (c *callSite) sameName(lit *ast.CompositeLit, tools []*gen.Tool) []analysis.Diagnostic {
	name := literalField(c.info, lit, "Name")
	if name == nil {
		return nil
	}
	tv := c.info.Types[name]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return nil
	}
	s := constant.StringVal(tv.Value)
	for _, t := range tools {
		if t.Name != s || t.Decl == nil {
			continue
		}
		handler := t.Decl.Name.Name
		if t.Recv != nil {
			handler = t.Recv.Type.Name() + "." + handler
		}
		return []analysis.Diagnostic{{Pos: name.Pos(), End: name.End(), Message: fmt.Sprintf(
			"tool name %q is also the name of the generated tool of handler %s (%s); the SDK keeps whichever is registered last: remove this registration or rename one",
			s, handler, c.shortPos(t.NamePos))}}
	}
	return nil
}

// inferred reports the input and output types that fn (mcp.AddTool or register.AddTool) infers
// a schema of, lit leaving the schema nil, when the SDK's inference panics on a jsonschema tag of
// the type.
func (c *callSite) inferred(fn string, lit *ast.CompositeLit, in, out types.Type) []analysis.Diagnostic {
	var diags []analysis.Diagnostic
	how := "with the Go SDK"
	if fn == "register.AddTool" {
		how = "as the Go SDK does"
	}
	for _, s := range []struct {
		field, reflect string
		t              types.Type
	}{
		{"InputSchema", "ReflectSchema", in},
		{"OutputSchema", "ReflectOutputSchema", out},
	} {
		// mcp.AddTool infers a schema the Tool leaves nil, but for a type argument of any: an
		// input of type any takes any object, an output of type any has no schema.
		if schemaGiven(c.info, literalField(c.info, lit, s.field)) || isAny(s.t) {
			continue
		}
		if _, fail := c.strict.forType(s.t); fail != nil && fail.field != nil {
			name := c.typeName(s.t)
			diags = append(diags, analysis.Diagnostic{Pos: c.call.Pos(), End: c.call.Fun.End(), Message: fmt.Sprintf(
				"%s infers %s's schema %s, which panics on the jsonschema tag %q of field %s (%s); pass %s: %s.%s[%s]()",
				fn, name, how, fail.tag, fail.field.Name(), c.shortPos(fail.field.Pos()), s.field, c.importName(registerPath, "register"), s.reflect, name)})
		}
	}
	return diags
}

// forType reports the type t that fn (jsonschema.For or ForType) infers a schema of, with the
// options opts, when the inference fails on a jsonschema tag of the type. Options the analyzer
// cannot see, or that map types to schemas of their own, leave the call alone.
func (c *callSite) forType(fn string, t types.Type, opts ast.Expr) []analysis.Diagnostic {
	ignoreInvalid, ok := c.forOptions(opts)
	if !ok {
		return nil
	}
	inference := c.strict
	if ignoreInvalid {
		inference = c.lenient
	}
	_, fail := inference.forType(t)
	if fail == nil || fail.field == nil {
		return nil
	}
	name := c.typeName(t)
	return []analysis.Diagnostic{{Pos: c.call.Pos(), End: c.call.Fun.End(), Message: fmt.Sprintf(
		"%s infers %s's schema with the Go SDK's jsonschema-go, which fails on the jsonschema tag %q of field %s (%s); use %s.ReflectSchema[%s]() instead, which reads the tag as cardgen does",
		fn, name, fail.tag, fail.field.Name(), c.shortPos(fail.field.Pos()), c.importName(registerPath, "register"), name)}}
}

// forOptions returns the IgnoreInvalidTypes of opts, a jsonschema.ForOptions pointer, when the
// call shows it: nil, or a literal without TypeSchemas whose IgnoreInvalidTypes is constant.
func (c *callSite) forOptions(opts ast.Expr) (ignoreInvalid, ok bool) {
	opts = ast.Unparen(opts)
	if tv, found := c.info.Types[opts]; found && tv.IsNil() {
		return false, true
	}
	u, isAddr := opts.(*ast.UnaryExpr)
	if !isAddr || u.Op != token.AND {
		return false, false
	}
	lit, isLit := ast.Unparen(u.X).(*ast.CompositeLit)
	if !isLit || !isNamed(c.info.TypeOf(lit), jsonschemaPath, "ForOptions") {
		return false, false
	}
	if v := literalField(c.info, lit, "TypeSchemas"); v != nil && !c.info.Types[v].IsNil() {
		return false, false
	}
	v := literalField(c.info, lit, "IgnoreInvalidTypes")
	if v == nil {
		return false, true
	}
	if tv := c.info.Types[v]; tv.Value != nil && tv.Value.Kind() == constant.Bool {
		return constant.BoolVal(tv.Value), true
	}
	return false, false
}

// typeName is t, without its pointers, as the file would write it.
func (c *callSite) typeName(t types.Type) string {
	for {
		p, ok := types.Unalias(t).(*types.Pointer)
		if !ok {
			break
		}
		t = p.Elem()
	}
	return types.TypeString(t, func(p *types.Package) string {
		if p.Path() == c.pass.Pkg.Path() {
			return ""
		}
		return c.importName(p.Path(), p.Name())
	})
}

// importName is the name under which the file imports the package of path, or name when it does
// not import it.
func (c *callSite) importName(path, name string) string {
	for _, spec := range c.file.Imports {
		pn := c.info.PkgNameOf(spec)
		if pn != nil && pn.Imported().Path() == path && pn.Name() != "_" && pn.Name() != "." {
			return pn.Name()
		}
	}
	return name
}

// shortPos is pos as file:line, the file's base name alone.
func (c *callSite) shortPos(pos token.Pos) string {
	p := c.pass.Fset.Position(pos)
	return filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line)
}

// callee returns the function or method fun calls and the type arguments of its instance, or nil.
func callee(info *types.Info, fun ast.Expr) (*types.Func, *types.TypeList) {
	fun = ast.Unparen(fun)
	switch f := fun.(type) {
	case *ast.IndexExpr:
		fun = ast.Unparen(f.X)
	case *ast.IndexListExpr:
		fun = ast.Unparen(f.X)
	}
	var id *ast.Ident
	switch f := fun.(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	default:
		return nil, nil
	}
	fn, _ := info.Uses[id].(*types.Func)
	return fn, info.Instances[id].TypeArgs
}

// isMethodCall reports whether fun is x.M, a method called on a value (not a method expression).
func isMethodCall(info *types.Info, fun ast.Expr) bool {
	sel, ok := ast.Unparen(fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s := info.Selections[sel]
	return s != nil && s.Kind() == types.MethodVal
}

// toolLiteral returns the literal of e when e is &mcp.Tool{…}, or nil.
func toolLiteral(info *types.Info, e ast.Expr) *ast.CompositeLit {
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return nil
	}
	lit, ok := ast.Unparen(u.X).(*ast.CompositeLit)
	if !ok || !isNamed(info.TypeOf(lit), mcpPath, "Tool") {
		return nil
	}
	return lit
}

// literalField returns the value lit, a struct literal, gives its field name, or nil.
func literalField(info *types.Info, lit *ast.CompositeLit, name string) ast.Expr {
	if lit == nil {
		return nil
	}
	st, ok := info.TypeOf(lit).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return kv.Value
			}
			continue
		}
		if i < st.NumFields() && st.Field(i).Name() == name {
			return e
		}
	}
	return nil
}

// schemaGiven reports whether e, the value of a literal's InputSchema or OutputSchema (nil when
// the literal leaves the field out), gives a schema: it is not the nil the SDK infers for.
func schemaGiven(info *types.Info, e ast.Expr) bool {
	return e != nil && !info.Types[e].IsNil()
}

// isAny reports whether t is the empty interface itself (any), which reflect.TypeFor of an
// unnamed interface{} is, and not a named type of it.
func isAny(t types.Type) bool {
	i, ok := types.Unalias(t).(*types.Interface)
	return ok && i.NumMethods() == 0 && i.NumEmbeddeds() == 0
}

// isNamed reports whether t is the named type path.name.
func isNamed(t types.Type, path, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// reflectedType returns T of e, reflect.TypeFor[T]() or reflect.TypeOf(x) of an x whose type is
// no interface, or nil.
func reflectedType(info *types.Info, e ast.Expr) types.Type {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn, targs := callee(info, call.Fun)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "reflect" {
		return nil
	}
	switch {
	case fn.Name() == "TypeFor" && len(call.Args) == 0 && targs != nil && targs.Len() == 1:
		return targs.At(0)
	case fn.Name() == "TypeOf" && len(call.Args) == 1:
		t := info.TypeOf(call.Args[0])
		if t == nil || types.IsInterface(t) {
			return nil
		}
		return t
	}
	return nil
}

// qualifiedName is fn as pkg.Name.
func qualifiedName(fn *types.Func) string {
	return fn.Pkg().Name() + "." + fn.Name()
}
