// Package ports answers one question for the generator and for cardgen new: is a set of files
// built on every platform a package is expected to build on? Both need it — the generator for
// the -update flag of a package's golden tests, cardgen new for the file it writes and for the
// type a handler is a method of — and both must agree on which platforms count.
//
// The platforms are the Go project's first-class ports (go.dev/wiki/PortingPolicy), each
// without build tags, and with CGO_ENABLED=0 as well when cgo matters. go/build decides whether
// a file is taken, from its name and its build constraint, so the rules are the go command's.
package ports

import (
	"go/build"
	"io"
	"slices"
	"strings"
)

// firstClass are the Go project's first-class ports as GOOS/GOARCH.
var firstClass = []string{"linux/amd64", "linux/arm64", "linux/386", "linux/arm", "darwin/amd64", "darwin/arm64", "windows/amd64", "windows/arm64", "windows/386"}

// A File is a Go file of a directory, as Check reads it.
type File struct {
	Name     string // its name in the directory
	ImportsC bool   // whether it imports "C", which a build with CGO_ENABLED=0 leaves out
}

// A Check says which platforms a directory's files are built on.
type Check struct {
	Dir string
	// Cgo also tries each port with CGO_ENABLED=0, where files that import "C" and files
	// whose constraint needs cgo are left out.
	Cgo bool
	// OpenFile reads a file as build.Context.OpenFile does; nil reads it from disk. A check of
	// a file not written yet gives one that returns its contents.
	OpenFile func(path string) (io.ReadCloser, error)
}

// Uncovered returns the first port (with " with CGO_ENABLED=0" when it is that setting that
// fails) on which go/build takes none of files, or "" when every port takes at least one of
// them. A file go/build cannot read is taken nowhere.
func (c Check) Uncovered(files ...File) string {
	settings := []bool{true}
	if c.Cgo {
		settings = append(settings, false)
	}
	for _, port := range firstClass {
		for _, cgo := range settings {
			ctx := build.Default
			ctx.GOOS, ctx.GOARCH, _ = strings.Cut(port, "/")
			ctx.CgoEnabled, ctx.BuildTags, ctx.OpenFile = cgo, nil, c.OpenFile
			if !slices.ContainsFunc(files, func(f File) bool {
				ok, err := ctx.MatchFile(c.Dir, f.Name)
				return err == nil && ok && (cgo || !f.ImportsC)
			}) {
				if !cgo {
					return port + " with CGO_ENABLED=0"
				}
				return port
			}
		}
	}
	return ""
}
