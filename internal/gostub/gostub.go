// Package gostub cuts a Go file to what the go command needs to list its package and compile it
// for export data: its header (build constraints, package clause) and its imports, each made
// blank, and no declaration.
//
// go/packages asks "go list -export" for the export data of a load's dependencies, and the go
// command then compiles the packages it was asked to list as well, whose export data a load that
// type-checks them from source never reads. Given stubs of their files through -overlay, it
// compiles packages that declare nothing: a compile that stays in the build cache until a file's
// header or imports change, where the package itself would be compiled again after every edit.
package gostub

import (
	"bytes"
	"go/parser"
	"go/token"
	"path/filepath"
)

// File returns src, the Go file at path, cut to the end of its imports, with every import made
// blank (`_ "path"`); false when a stub could change what the go command does with the package:
// a header that does not parse, a cgo file (import "C", from which the go command generates
// code), or a //go:embed directive (its patterns are checked when the package is listed).
//
// Every byte up to the end of the imports is kept and each import spec starts where it started,
// so that an error the go command gives for an import (a package that does not exist, an
// internal package of another module), which it places at the spec's start, has the position it
// has in the file: a name becomes _ padded with spaces, and an unnamed import gets a _ before its
// path, which moves the path, not the spec's start, by a column (and the rest of its line: a
// second import on the line, which gofmt'd code does not have, starts a column later).
func File(path string, src []byte) ([]byte, bool) {
	if bytes.Contains(src, []byte("//go:embed")) {
		return nil, false
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ImportsOnly)
	if err != nil {
		return nil, false
	}
	tf := fset.File(f.Package)
	end := tf.Offset(f.Name.End())
	if n := len(f.Decls); n > 0 {
		end = tf.Offset(f.Decls[n-1].End()) // ImportsOnly: the declarations are the imports
	}
	stub := bytes.Clone(src[:end])
	// From the last import to the first, so that an insertion leaves the offsets before it.
	for i := len(f.Imports) - 1; i >= 0; i-- {
		spec := f.Imports[i]
		if spec.Path.Value == `"C"` {
			return nil, false
		}
		if spec.Name != nil {
			if spec.Name.Name != "_" {
				at := tf.Offset(spec.Name.Pos())
				stub[at] = '_'
				for j := at + 1; j < tf.Offset(spec.Name.End()); j++ {
					stub[j] = ' '
				}
			}
			continue
		}
		at := tf.Offset(spec.Path.Pos())
		stub = append(stub[:at], append([]byte{'_'}, stub[at:]...)...)
	}
	return append(stub, '\n'), true
}

// OtherLanguageFile reports whether a file of that name is one the go command builds into a
// package beside its Go files (go help c, go help packages) — assembly, C and C++, Fortran,
// Objective-C, SWIG, a .syso object — and which may use the package's Go declarations
// (go_asm.h, cgo exports): a package with one must be compiled as it is.
func OtherLanguageFile(name string) bool {
	switch filepath.Ext(name) {
	case ".s", ".S", ".sx", ".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp", ".hxx",
		".f", ".F", ".for", ".f90", ".m", ".swig", ".swigcxx", ".syso":
		return true
	}
	return false
}
