package scaffold

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// SignatureChange is a change to the parameters of a function that cardgen generates for the
// whole package (RegisterTools, DispatchACP): the first tool that is a method of a type adds a
// parameter for that type, and every caller of the function outside the regenerated files stops
// compiling until it passes one.
type SignatureChange struct {
	// Func is the function: RegisterTools or DispatchACP.
	Func string
	// Old and New are its parameters before and after, each as declared: "s *mcp.Server".
	Old, New []string
	// oldTypes and newTypes are the parameters' types, which are what callers must match.
	oldTypes, newTypes []string
}

// String says what changed and what to do, such as "RegisterTools now takes store *Store after
// s; update its callers".
func (c SignatureChange) String() string { return c.what() + "; update its callers" }

// what says what changed: "RegisterTools now takes store *Store after s".
func (c SignatureChange) what() string {
	var added []string
	i := 0 // the next old parameter to match
	for j, typ := range c.newTypes {
		if i < len(c.oldTypes) && c.oldTypes[i] == typ {
			i++
			continue
		}
		where := "first"
		if j > 0 {
			where = "after " + paramName(c.New[j-1])
		}
		added = append(added, c.New[j]+" "+where)
	}
	if i < len(c.oldTypes) || len(added) == 0 {
		// Not parameters added to the old ones: say the whole change.
		return fmt.Sprintf("%s now takes (%s) instead of (%s)",
			c.Func, strings.Join(c.New, ", "), strings.Join(c.Old, ", "))
	}
	return fmt.Sprintf("%s now takes %s", c.Func, strings.Join(added, ", and "))
}

// callersInPackage explains a golden run that failed to compile (out is the go command's output)
// because code of the package itself calls a function whose parameters changed: the scaffold
// cannot be kept until those calls change, and they cannot change before it. "" when no such
// call is in out.
func callersInPackage(changes []SignatureChange, out []byte) string {
	var lines []string
	for _, c := range changes {
		if !bytes.Contains(out, []byte("in call to "+c.Func)) {
			continue
		}
		lines = append(lines, fmt.Sprintf("%s, and code of the package calls it as before (above), which stops the golden test from compiling, so nothing was kept; "+
			"leave -recv out for a plain function, which keeps the parameters of %s, or write the method by hand and update those calls", c.what(), c.Func))
	}
	return strings.Join(lines, "\n")
}

// paramName is the name of a parameter written as "name type".
func paramName(param string) string {
	name, _, _ := strings.Cut(param, " ")
	return name
}

// signatureChanges compares the package-wide functions (packageGenerated) that the generated
// file declared before with those it declares after regeneration, and returns those whose parameter
// types changed. A function the old file did not declare has no callers yet, so it is no change;
// nor is a parameter only renamed, which no caller sees. Files that do not parse give nothing.
func signatureChanges(oldSrc, newSrc []byte) []SignatureChange {
	if oldSrc == nil || newSrc == nil {
		return nil
	}
	before, after := generatedParams(oldSrc), generatedParams(newSrc)
	var changes []SignatureChange
	for _, fn := range packageGenerated {
		b, had := before[fn]
		a, has := after[fn]
		if !had || !has || slices.Equal(b.types, a.types) {
			continue
		}
		changes = append(changes, SignatureChange{Func: fn, Old: b.params, New: a.params, oldTypes: b.types, newTypes: a.types})
	}
	return changes
}

// paramList is a function's parameters, each as declared ("store *Store") and its type alone.
type paramList struct {
	params, types []string
}

// generatedParams returns the parameters of each package-wide function the Go source src declares.
func generatedParams(src []byte) map[string]paramList {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	funcs := map[string]paramList{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || !slices.Contains(packageGenerated, fd.Name.Name) {
			continue
		}
		var l paramList
		for _, field := range fd.Type.Params.List {
			typ := types.ExprString(field.Type)
			if len(field.Names) == 0 {
				l.params, l.types = append(l.params, typ), append(l.types, typ)
			}
			for _, n := range field.Names {
				l.params, l.types = append(l.params, n.Name+" "+typ), append(l.types, typ)
			}
		}
		funcs[fd.Name.Name] = l
	}
	return funcs
}
