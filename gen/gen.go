// Package gen is cardgen's generator: it loads annotated Go packages with go/packages, models
// their tools, checks every rule that can be decided before run time, renders the registration
// code with jennifer and writes it only when nothing is wrong.
//
// The pipeline is load → model (build) → check → render → write; every stage collects all of
// its problems, so one run reports everything.
//
// The exported API serves cardgen's own commands (cmd/cardgen with gen/scaffold, and cardvet
// with gen/analyzer) and has no compatibility promise beyond them: it changes with them. The API
// that generated code, and the programs that use it, rely on is that of the packages under
// runtime/.
package gen

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io"
	"maps"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	gjsonschema "github.com/google/jsonschema-go/jsonschema"

	"github.com/cardgen/cardgen/gen/schema"
	"github.com/cardgen/cardgen/internal/sdkschema"
	"github.com/cardgen/cardgen/internal/textdist"
	"github.com/cardgen/cardgen/internal/typedtool"
	"github.com/cardgen/cardgen/internal/validatortext"
)

// Version is cardgen's version. Generated files record it, and the run-time API they need.
const Version = "v0.1.0"

// Options control one generator run.
type Options struct {
	// Dir is the directory patterns are resolved in; "" is the current directory.
	Dir string
	// UIDir is the folder of ui files relative to each package. When empty, each package takes
	// the -ui of its //go:generate line for cardgen, or else DefaultUIDir (PackageUIDir).
	UIDir string
	// Log receives a line per package with what was generated and how long it took (the -v
	// flag); nil is silent.
	Log io.Writer
	// Command is what the user runs, "cardgen" when empty ("cardgen check"): the advice about a
	// pattern the go command cannot list gives commands to run instead.
	Command string
	// Partial makes a run with diagnostics also render the packages that have none: Generate
	// then returns their Result along with the Diagnostics, so that cardgen check can name the
	// stale files of the other packages too. Never pass such a Result to Write: the run failed.
	Partial bool
}

// File is one generated file: where it goes and its bytes.
type File struct {
	Path    string // absolute
	Content []byte // gofmt'd; nil when Remove is set
	// Remove is set for a file cardgen wrote earlier that is no longer wanted (the package has
	// no tools left): Write deletes it, so a stale registration cannot break the build.
	Remove bool
}

// Result is what a run produced.
type Result struct {
	Packages []*Package // the packages modelled, as loaded; with Options.Partial, those without a diagnostic
	Files    []File     // rendered files, in package order
}

// Generate loads the packages matching patterns and renders their generated files. It writes
// nothing: call Write with the result. When any package has a problem it returns every
// diagnostic of every package, sorted, as Diagnostics, and no files (with Options.Partial, the
// files of the packages without a problem).
func Generate(opts Options, patterns ...string) (*Result, error) {
	start := time.Now()
	command := opts.Command
	if command == "" {
		command = "cardgen"
	}
	pkgs, goDirs, err := load(opts.Dir, command, patterns)
	if err != nil {
		return nil, err
	}
	loaded := time.Since(start)
	// Packages are modelled, and then rendered, on every core: a repository's packages are
	// independent of each other, and most are too small to keep the cores busy on their own.
	res := &Result{Packages: make([]*Package, len(pkgs))}
	diags := make([]Diagnostics, len(pkgs))
	roots := map[string]bool{}
	for _, p := range pkgs {
		roots[p.PkgPath] = true
	}
	onEveryCore(len(pkgs), func(i int) {
		in := InputOf(pkgs[i])
		// A package this run also generates reports its own errors, less those the run cures.
		in.ImportErrors = slices.DeleteFunc(in.ImportErrors, func(e ImportError) bool { return roots[e.Path] })
		res.Packages[i], diags[i] = Model(in, opts)
	})
	all := excludedPackageTools(goDirs, pkgs)
	for _, d := range diags {
		all = append(all, d...)
	}
	if len(all) > 0 && !opts.Partial {
		return nil, sortDiagnostics(all)
	}
	if len(all) > 0 {
		// Render only the packages without a diagnostic of their own.
		kept := res.Packages[:0:0]
		for i, p := range res.Packages {
			if len(diags[i]) == 0 {
				kept = append(kept, p)
			}
		}
		res.Packages = kept
	}
	modelled := time.Since(start)
	files := make([][]File, len(res.Packages))
	errs := make([]error, len(res.Packages))
	onEveryCore(len(res.Packages), func(i int) {
		files[i], errs[i] = packageFiles(res.Packages[i])
	})
	for i := range res.Packages {
		if errs[i] != nil {
			return nil, errs[i]
		}
		res.Files = append(res.Files, files[i]...)
	}
	if len(all) > 0 {
		return res, sortDiagnostics(all)
	}
	if opts.Log != nil {
		for _, p := range res.Packages {
			if len(p.Tools) == 0 {
				fmt.Fprintf(opts.Log, "cardgen: %s: no annotated tools\n", p.Path)
				continue
			}
			names := make([]string, len(p.Tools))
			for i, t := range p.Tools {
				names[i] = t.Name
			}
			fmt.Fprintf(opts.Log, "cardgen: %s: %s %s\n", p.Path, plural(len(p.Tools), "tool", "tools"), toolList(names))
		}
		total := time.Since(start)
		fmt.Fprintf(opts.Log, "cardgen: %s in %s (load %s, model %s, render %s)\n", plural(len(res.Packages), "package", "packages"),
			total.Round(time.Millisecond), loaded.Round(time.Millisecond), (modelled - loaded).Round(time.Millisecond), (total - modelled).Round(time.Millisecond))
	}
	return res, nil
}

// packageFiles renders the generated files of p; for a package without tools, the removal of
// the files cardgen wrote for it earlier.
func packageFiles(p *Package) ([]File, error) {
	if len(p.Tools) == 0 {
		var files []File
		for _, name := range []string{GeneratedFile, GeneratedTestFile} {
			// Only a file with cardgen's header is cardgen's to remove: a package of its own
			// may have a cards_gen.go (a card game's), which cardgen's name alone does not make
			// cardgen's.
			if path := filepath.Join(p.Dir, name); fileExists(path) && isCardgenFile(path) {
				files = append(files, File{Path: path, Remove: true})
			}
		}
		return files, nil
	}
	// The test file is independent of the main one: render it alongside.
	var test []byte
	var testErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		test, testErr = RenderTest(p)
	}()
	src, err := Render(p)
	<-done
	if err != nil {
		return nil, err
	}
	if testErr != nil {
		return nil, testErr
	}
	return []File{
		{Path: filepath.Join(p.Dir, GeneratedFile), Content: src},
		{Path: filepath.Join(p.Dir, GeneratedTestFile), Content: test},
	}, nil
}

// generatedLocals are the names the bodies of the generated functions that take receivers
// (RegisterTools, DispatchACP) use for their own variables, and generatedImports the names of
// the packages they use, which are renamed with a number after them (card1) when the package
// declares the name itself. A receiver parameter of one of these names would shadow it.
var (
	generatedLocals  = setOf(append([]string{"ctx", "in", "out", "res", "err", "req", "reply", "sel", "md"}, registerToolsLocals...))
	generatedImports = map[string]bool{
		"mcp": true, "card": true, "register": true, "json": true, "context": true,
		"strconv": true, "apps": true, "acp": true, "mdcard": true, "embed": true,
	}
)

// registerToolsLocals are the variables of RegisterTools' own scope (uiFiles is the package's),
// where its function literals call handlers and write the tools' types.
var registerToolsLocals = []string{"s", "opts", "cfg", "ui", "uiFS", "uiFiles", "resultCardUI", "markdownUI"}

// registerToolsScope is registerToolsLocals as a set.
var registerToolsScope = setOf(registerToolsLocals)

// setOf returns the set of names.
func setOf(names []string) map[string]bool {
	set := make(map[string]bool, len(names))
	for _, n := range names {
		set[n] = true
	}
	return set
}

// receiverParam names the parameter of RegisterTools (and DispatchACP) for a receiver type: the
// type's name with a lower-case first letter, with "Svc" added while taken reports the name as
// used by the generated functions already, and "_" after a Go keyword.
func receiverParam(typeName string, taken func(string) bool) string {
	p := lowerFirst(typeName)
	if isGoKeyword(p) {
		p += "_"
	}
	for taken(p) {
		p += "Svc"
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

// schemaJob is the schema work of one tool: mapping its input and output types and marshalling
// the schemas. Jobs read only type-checked go/types data, so they run in parallel.
type schemaJob struct {
	t *Tool
	// module is the path of the package's module ("" when unknown): a method of the name of
	// one invopop calls, declared in a package outside it, is a dependency's, not the user's to
	// fix, and the schema is invopop's all the same.
	module          string
	in, out         schema.Result
	probs           []schema.Problem
	inJSON, outJSON []byte
	inErr, outErr   error
	examples        []schema.Problem // examples that do not match the output schema
}

func (j *schemaJob) run() {
	t := j.t
	var inProbs, outProbs []schema.Problem
	// Either type is nil only for a handler whose signature is refused (refusedHandlerTypes):
	// the other's schema is still checked.
	if t.In != nil {
		j.in, inProbs = schema.For(t.In, t.inPos)
	}
	if t.Out != nil && t.Markdown == nil { // a markdown card tool sends mdcard's output, not Out
		j.out, outProbs = schema.ForOutput(t.Out, t.outPos)
	}
	j.probs = slices.DeleteFunc(append(inProbs, outProbs...), func(p schema.Problem) bool {
		return p.MethodPkg != "" && j.module != "" && p.MethodPkg != j.module && !strings.HasPrefix(p.MethodPkg, j.module+"/")
	})
	if t.In != nil && len(j.probs) == 0 && !j.in.Runtime {
		j.inJSON, j.inErr = schema.Marshal(j.in.Schema)
	}
	// The examples need the output schema alone: a problem of the input's is no reason to
	// leave them unchecked until it is fixed.
	if t.Out == nil || len(outProbs) > 0 {
		return
	}
	// The examples are checked against Out's schema. A markdown card tool sends no Out, so it
	// has no output schema of its own; its examples are values of Out all the same, which the
	// golden test decodes strictly, and Out is mapped for them alone (a type without a schema,
	// a problem only for a tool that sends it, leaves them to the golden test).
	var exampleSchema []byte
	switch {
	case t.Markdown == nil && !j.out.Runtime:
		j.outJSON, j.outErr = schema.Marshal(j.out.Schema)
		exampleSchema = j.outJSON
	case t.Markdown == nil && j.out.Loose != nil && len(t.Examples) > 0:
		// The schema is reflected at init; the examples are checked against what cardgen can
		// map of it, where a type with its own JSONSchema method takes any value (the golden
		// test checks those against the real one).
		exampleSchema, _ = schema.Marshal(j.out.Loose)
	case t.Markdown != nil && len(t.Examples) > 0:
		out, probs := schema.ForOutput(t.Out, t.outPos)
		switch {
		case len(probs) > 0:
		case !out.Runtime:
			exampleSchema, _ = schema.Marshal(out.Schema)
		case out.Loose != nil:
			exampleSchema, _ = schema.Marshal(out.Loose)
		}
	}
	if exampleSchema != nil && len(t.Examples) > 0 {
		j.examples = checkExamples(t, exampleSchema)
	}
}

// exampleMismatches says what is wrong with the example v, which failed validation against the
// output schema raw (resolved) with err. The validator stops at the first failure, so an example
// with three mistakes would take three runs to fix; when v is an object, each of its top-level
// properties is validated on its own (against the schema without its "required"), the unknown
// ones together, and the missing required ones are listed, one message each. Anything else, or
// a failure none of those finds (a bound on the object's own size, say), is reported as the
// validator reports v. Below the top, each value is narrowed to its first mistake (narrower)
// before it is validated, so that the message and its position are the same on every run.
func exampleMismatches(raw []byte, resolved *gjsonschema.Resolved, v any, err error) []exampleMismatch {
	var n narrower
	first, ok := n.mismatch(raw, resolved, v)
	if !ok { // not expected: a narrowed value keeps the mistake it was narrowed to
		first = validationMessage(raw, resolved, v, err)
	}
	obj, ok := v.(map[string]any)
	var top map[string]any
	if !ok || json.Unmarshal(raw, &top) != nil {
		return []exampleMismatch{first}
	}
	delete(top, "required")
	looseRaw, merr := json.Marshal(top)
	if merr != nil {
		return []exampleMismatch{first}
	}
	loose, rerr := sdkschema.Resolve(looseRaw)
	if rerr != nil {
		return []exampleMismatch{first}
	}
	// A required property that an unknown key misspells is named by the advice that comes with
	// the unknown key ("use the output's JSON names"), not listed as missing as well.
	props := resolved.Schema().Properties
	names := slices.Sorted(maps.Keys(props))
	meant := map[string]bool{}
	for k := range obj {
		if _, known := props[k]; !known {
			if c := textdist.Closest(k, names); c != "" {
				meant[c] = true
			}
		}
	}
	var msgs []exampleMismatch
	var missing []string
	for _, name := range resolved.Schema().Required {
		if _, ok := obj[name]; !ok && !meant[name] {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		msgs = append(msgs, exampleMismatch{msg: fmt.Sprintf("required: missing properties: %q", missing)})
	}
	unknown := map[string]any{}
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		if _, known := props[k]; !known {
			unknown[k] = obj[k]
			continue
		}
		if m, ok := n.mismatch(looseRaw, loose, map[string]any{k: obj[k]}); ok {
			msgs = append(msgs, m)
		}
	}
	if len(unknown) > 0 {
		if m, ok := n.mismatch(looseRaw, loose, unknown); ok {
			msgs = append(msgs, m)
		}
	}
	if len(msgs) == 0 {
		return []exampleMismatch{first}
	}
	return msgs
}

// validationMessage is err, the failure of validating v against the schema raw (resolved), as an
// example's diagnostic quotes it, with where in v the failure is. The validator names the place
// of the failure once for every level it descended through ("validating root: validating
// /properties/a: validating /properties/a/properties/c: …"); the message keeps the innermost,
// as sdkschema.Explain's does for a schema with a nullable field, and none for the top, which
// says nothing here.
func validationMessage(raw []byte, resolved *gjsonschema.Resolved, v any, err error) exampleMismatch {
	explained := sdkschema.Explain(raw, v, err).Error()
	ptr, clause := failedAt(explained, resolved.Schema())
	msg := clause
	if ptr != "" {
		msg = "validating " + ptr + ": " + clause
	}
	// The validator's numbers, bounds and Go-quoted values in JSON's terms, as a tool's refusals
	// put them at run time (internal/validatortext).
	// An enum, const, oneOf, anyOf, contains or not refusal names the value as JSON and what the
	// schema allows, as a tool's refusal does (the validator prints Go's %v: "x does not equal
	// any of: [red green]").
	msg = typedtool.ExplainChoice(msg, raw, resolved.Schema(), v, err)
	m := exampleMismatch{msg: validatortext.PlainIn(validatortext.Bounds(sortedAdditional(msg), resolved.Schema()), "a condition of the schema", resolved.Schema())}
	m.path = instancePath(raw, v, ptr, clause)
	if list, ok := strings.CutPrefix(clause, "unexpected additional properties "); ok {
		for _, q := range quotedRE.FindAllString(list, -1) {
			if name, err := strconv.Unquote(q); err == nil {
				m.members = append(m.members, name)
			}
		}
	}
	return m
}

// additionalRE finds the validator's list of unexpected properties, and quotedRE the names in it.
var (
	additionalRE = regexp.MustCompile(`additional properties \[[^\]]*\]`)
	quotedRE     = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
)

// sortedAdditional sorts the names the validator lists as unexpected properties: it lists them in
// map order, and cardgen's output must be the same on every run.
func sortedAdditional(msg string) string {
	return additionalRE.ReplaceAllStringFunc(msg, func(list string) string {
		names := quotedRE.FindAllString(list, -1)
		slices.Sort(names)
		return "additional properties [" + strings.Join(names, " ") + "]"
	})
}

// closeKeys pairs each top-level key of the example v that the output schema does not have with
// the property most likely meant, as `"id" for "ID"`: a Go field name where the JSON name belongs,
// or a typo. It returns "" when no key has a close property.
func closeKeys(v any, props map[string]*gjsonschema.Schema) string {
	obj, ok := v.(map[string]any)
	if !ok || len(props) == 0 {
		return ""
	}
	names := slices.Sorted(maps.Keys(props))
	var pairs []string
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		if _, known := props[k]; known {
			continue
		}
		if c := textdist.Closest(k, names); c != "" {
			pairs = append(pairs, fmt.Sprintf("%q for %q", c, k))
		}
	}
	return strings.Join(pairs, ", ")
}

// checkExamples validates each //card:example of t against its output schema, with the validator
// the Go SDK checks structuredContent with, so that an example the server would refuse to send is
// reported when cardgen runs rather than when its golden test does. An example that is not JSON
// was reported by the directive parser.
func checkExamples(t *Tool, outSchema []byte) []schema.Problem {
	resolved, err := sdkschema.Resolve(outSchema)
	if err != nil {
		return []schema.Problem{{Pos: t.Decl.Name.Pos(), Msg: fmt.Sprintf("the output schema of %s does not resolve as the SDK resolves it (%v); fix the types' tags", t.Name, err)}}
	}
	var probs []schema.Problem
	for _, ex := range t.Examples {
		var v any
		if json.Unmarshal([]byte(ex.JSON), &v) != nil {
			continue
		}
		if err := resolved.Validate(v); err != nil {
			var at *jsonNode // where each value is, for a mismatch about one
			if ex.Verbatim {
				at = jsonPositions(ex.JSON)
			}
			for _, m := range exampleMismatches(outSchema, resolved, v, err) {
				todo := "fix the example, or the golden test fails on it"
				if strings.Contains(m.msg, "additional properties") {
					if names := closeKeys(v, resolved.Schema().Properties); names != "" {
						todo = "use the output's JSON names: " + names
					}
				}
				probs = append(probs, schema.Problem{Pos: ex.Pos + token.Pos(at.find(m.path, m.members)), Msg: fmt.Sprintf(
					"example does not match the output schema of %s (%s); %s", t.Name, m.msg, todo)})
			}
			continue
		}
		if why := decodeProblem(t.Out, ex.JSON); why != "" {
			probs = append(probs, schema.Problem{Pos: ex.Pos, Msg: fmt.Sprintf(
				"example matches the output schema of %s, but encoding/json cannot decode it into %s: %s; fix the example, or the golden test fails on it", t.Name, t.Out.Obj().Name(), why)})
		}
	}
	return probs
}

// schemas maps every tool's input and output types to JSON schemas at generate time, on every
// core: on a package of hundreds of tools it is most of the model's cost. The results are then
// recorded, and reported, in tool order, so the output does not depend on scheduling.
func (b *builder) schemas(tools []*Tool) {
	jobs := make([]schemaJob, len(tools))
	for i, t := range tools {
		jobs[i].t, jobs[i].module = t, b.pkg.ModulePath
	}
	onEveryCore(len(jobs), func(i int) { jobs[i].run() })
	for i := range jobs {
		j := &jobs[i]
		t := j.t
		for _, p := range j.probs {
			if b.compileErrors && p.InvalidType {
				continue // the compile error that made the type invalid is reported itself
			}
			if p.Field != nil {
				b.tagProblem(p)
				continue
			}
			b.errorf(p.Pos, "%s", p.Msg)
		}
		for _, p := range j.examples {
			b.errorf(p.Pos, "%s", p.Msg)
		}
		if len(j.probs) > 0 {
			continue
		}
		if t.acpDir != nil {
			b.acpDirective(t, t.acpDir, j.in)
		}
		t.InRuntime, t.OutRuntime = j.in.Runtime, j.out.Runtime
		t.guarded = guardedTypes(t, j.in.Declared, j.out.Declared)
		t.InSchema, t.OutSchema = j.inJSON, j.outJSON
		if j.inErr != nil {
			b.errorf(t.Decl.Name.Pos(), "marshalling the input schema of %s: %v", t.Name, j.inErr)
		}
		if j.outErr != nil {
			b.errorf(t.Decl.Name.Pos(), "marshalling the output schema of %s: %v", t.Name, j.outErr)
		}
	}
}

// logNames is how many tool names -v lists per package: a package of thousands of tools would
// otherwise print one line of tens of kilobytes.
const logNames = 20

// toolList formats names as -v prints them: "[a b c]", or the first logNames and a count of the
// rest.
func toolList(names []string) string {
	if len(names) <= logNames {
		return "[" + strings.Join(names, " ") + "]"
	}
	return fmt.Sprintf("[%s … and %d more]", strings.Join(names[:logNames], " "), len(names)-logNames)
}

// CleanUIDir is a -ui value (Options.UIDir) as the generated code needs it, slash-separated and
// cleaned ("./cards/" is "cards"), or why it cannot be one: empty, absolute, outside the package
// directory, or with a character cardgen's //go:embed patterns cannot hold. cardgen's -ui flag
// and cardvet's take their values through it, so that both refuse the same ones. The folder
// becomes a //go:embed pattern and the argument of fs.Sub in the generated code, which accept
// only clean, relative paths inside the package: "./cards" or "cards/" compile but make fs.Sub
// panic when the server starts, "../x" does not compile, and an absolute path would be joined to
// each package directory.
func CleanUIDir(s string) (string, error) {
	const rule = "-ui names a folder relative to each package directory, such as cards (go:embed embeds only files inside the package directory)"
	if s == "" {
		return "", errors.New("empty; " + rule + `, or "." for the package directory itself`)
	}
	slash := filepath.ToSlash(s)
	if filepath.IsAbs(s) || filepath.VolumeName(s) != "" || path.IsAbs(slash) {
		return "", errors.New("an absolute path; " + rule)
	}
	dir := path.Clean(slash)
	if dir == ".." || strings.HasPrefix(dir, "../") {
		return "", errors.New("a folder outside the package directory; " + rule)
	}
	if i := strings.IndexFunc(dir, func(c rune) bool {
		return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("._~-/", c))
	}); i >= 0 {
		// The whole character, not its first byte ("ü", not "\xc3"); a byte that is not UTF-8
		// is shown escaped.
		r, size := utf8.DecodeRuneInString(dir[i:])
		c := string(r)
		if r == utf8.RuneError && size <= 1 {
			c = dir[i : i+1]
		}
		return "", fmt.Errorf("the character %q cannot be in a //go:embed pattern as cardgen writes it (which separates paths by spaces and reads *?[ as wildcards); use ASCII letters, digits, ._~- and / only", c)
	}
	// The generated //go:embed line names the folder (aux/card.html): go:embed refuses what
	// modules refuse, a name Windows reserves (aux, con), a trailing dot, a version control
	// folder.
	if elem, why := badEmbedName(dir); elem != "" && dir != "." {
		return "", fmt.Errorf("go:embed refuses the folder name %q (%s), so no package could build with it; name another folder", elem, why)
	}
	return dir, nil
}

// UIDirValue returns the value of a -ui flag (flag.Value) that sets *dir to each value given, as
// CleanUIDir cleans it, and refuses what CleanUIDir refuses, with its reason: the flag package
// prints it after "invalid value". cardgen's -ui and cardvet's are both this value, so that a
// //go:generate line and a vet run read one folder. *dir's value when the flag is made is its
// default.
func UIDirValue(dir *string) flag.Value { return uiDirValue{dir} }

// uiDirValue is UIDirValue's flag.Value.
type uiDirValue struct{ dir *string }

// String is the flag's value, for -h (flag.Value). The flag package also calls it on a zero
// value, to tell whether the default is empty.
func (v uiDirValue) String() string {
	if v.dir == nil {
		return ""
	}
	return *v.dir
}

// Set cleans and checks a -ui value (flag.Value).
func (v uiDirValue) Set(s string) error {
	dir, err := CleanUIDir(s)
	if err != nil {
		return err
	}
	*v.dir = dir
	return nil
}
