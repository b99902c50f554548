// Package gen is cardgen's generator: it loads annotated Go packages with go/packages, models
// their tools, checks every rule that can be decided before run time, renders the registration
// code with jennifer and writes it only when nothing is wrong.
//
// The pipeline is load → model (build) → check → render → write; every stage collects all of
// its problems, so one run reports everything.
package gen

import (
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/cardgen/cardgen/gen/schema"
)

// Version is cardgen's version. Generated files record it, and the run-time API they need.
const Version = "v0.1.0"

// Options control one generator run.
type Options struct {
	// Dir is the directory patterns are resolved in; "" is the current directory.
	Dir string
	// UIDir is the folder of ui files relative to each package ("cards" when empty).
	UIDir string
	// Log receives a line per package with what was generated and how long it took (the -v
	// flag); nil is silent.
	Log io.Writer
}

func (o Options) uiDir() string {
	if o.UIDir == "" {
		return "cards"
	}
	return o.UIDir
}

// File is one generated file: where it goes and its bytes.
type File struct {
	Path    string
	Content []byte
	// Remove is set for a file cardgen wrote earlier that is no longer wanted (the package has
	// no tools left): Write deletes it, so a stale registration cannot break the build.
	Remove bool
}

// Result is what a run produced.
type Result struct {
	Packages []*Package
	Files    []File // rendered files, in package order
}

// Generate loads the packages matching patterns and renders their generated files. It writes
// nothing: call Write with the result. When any package has a problem it returns every
// diagnostic of every package, sorted, as Diagnostics, and no files.
func Generate(opts Options, patterns ...string) (*Result, error) {
	start := time.Now()
	pkgs, err := Load(opts.Dir, patterns...)
	if err != nil {
		return nil, err
	}
	loaded := time.Since(start)
	res := &Result{}
	var all Diagnostics
	for _, pkg := range pkgs {
		p, diags := Model(InputOf(pkg), opts)
		all = append(all, diags...)
		res.Packages = append(res.Packages, p)
	}
	if len(all) > 0 {
		return nil, sortDiagnostics(all)
	}
	for _, p := range res.Packages {
		if len(p.Tools) == 0 {
			for _, name := range []string{GeneratedFile, GeneratedTestFile} {
				if path := filepath.Join(p.Dir, name); p.generated[path] || fileExists(path) && isCardgenFile(path) {
					res.Files = append(res.Files, File{Path: path, Remove: true})
				}
			}
			continue
		}
		for _, r := range p.Receivers {
			r.Param = receiverParam(r.Type.Name())
		}
		src, err := Render(p)
		if err != nil {
			return nil, err
		}
		test, err := RenderTest(p)
		if err != nil {
			return nil, err
		}
		res.Files = append(res.Files,
			File{Path: filepath.Join(p.Dir, GeneratedFile), Content: src},
			File{Path: filepath.Join(p.Dir, GeneratedTestFile), Content: test})
	}
	if opts.Log != nil {
		for _, p := range res.Packages {
			names := make([]string, len(p.Tools))
			for i, t := range p.Tools {
				names[i] = t.Name
			}
			fmt.Fprintf(opts.Log, "cardgen: %s: %d tools %v\n", p.Path, len(p.Tools), names)
		}
		fmt.Fprintf(opts.Log, "cardgen: %d packages in %s (load %s)\n", len(res.Packages), time.Since(start).Round(time.Millisecond), loaded.Round(time.Millisecond))
	}
	return res, nil
}

// receiverParam names the RegisterTools parameter for a receiver type, avoiding the names the
// generated code already uses.
func receiverParam(typeName string) string {
	p := lowerFirst(typeName)
	switch p {
	case "s", "opts", "cfg", "mcp", "card", "register", "json", "context", "strconv", "ctx", "in", "out", "res", "err", "req":
		p += "Svc"
	}
	if isGoKeyword(p) {
		p += "_"
	}
	return p
}

func isGoKeyword(s string) bool {
	switch s {
	case "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for",
		"func", "go", "goto", "if", "import", "interface", "map", "package", "range", "return", "select",
		"struct", "switch", "type", "var":
		return true
	}
	return false
}

// schemas maps the tool's input and output types to JSON schemas at generate time.
func (b *builder) schemas(t *Tool) {
	in, probs := schema.For(t.In, t.Decl.Type.Params.Pos())
	for _, p := range probs {
		b.errorf(p.Pos, "%s", p.Msg)
	}
	var out schema.Result
	var probs2 []schema.Problem
	if t.Markdown == nil { // a markdown card tool sends mdcard's output, not Out
		out, probs2 = schema.For(t.Out, t.Decl.Type.Results.Pos())
	}
	for _, p := range probs2 {
		b.errorf(p.Pos, "%s", p.Msg)
	}
	if len(probs)+len(probs2) > 0 {
		return
	}
	if t.acpDir != nil {
		b.acpDirective(t, t.acpDir, in.Schema)
	}
	t.InRuntime, t.OutRuntime = in.Runtime, out.Runtime
	var err error
	if !in.Runtime {
		if t.InSchema, err = schema.Marshal(in.Schema); err != nil {
			b.errorf(t.Decl.Name.Pos(), "marshalling the input schema of %s: %v", t.Name, err)
		}
	}
	if !out.Runtime && t.Markdown == nil {
		if t.OutSchema, err = schema.Marshal(out.Schema); err != nil {
			b.errorf(t.Decl.Name.Pos(), "marshalling the output schema of %s: %v", t.Name, err)
		}
	}
}
