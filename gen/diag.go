package gen

import (
	"cmp"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cardgen/cardgen/annotations"
)

// Diagnostic is one problem found in the annotated package, positioned like the Go toolchain's
// errors so that editors and CI logs can jump to it.
type Diagnostic struct {
	Pos token.Position // file, line and column (1-based, in bytes like go/token)
	Msg string         // "what is wrong; what to do"
	// At is Pos as a token.Pos of the load's FileSet (NoPos for errors from the go command);
	// the vet analyzer reports there.
	At token.Pos
	// Fix is the certain edit that mends the problem, when there is one.
	Fix *annotations.Fix
	// Via is, for a problem in a file that is not Go source (a ui view's .meta.json sidecar),
	// the position in Go source that led to the file: the path of the //card:ui directive. Drivers
	// that show only Go files, such as golangci-lint, report such a problem there.
	Via token.Pos
}

// String formats the diagnostic as file:line:col: message.
func (d Diagnostic) String() string {
	if !d.Pos.IsValid() {
		return d.Msg
	}
	// token.Position's own form, as the Go toolchain prints it: without the column when it is
	// unknown (a //line directive that names no column), instead of a column 0.
	return d.Pos.String() + ": " + d.Msg
}

// Diagnostics is every problem of one run. It is an error so that callers can return it as one.
type Diagnostics []Diagnostic

// Error joins the diagnostics one per line.
func (ds Diagnostics) Error() string {
	lines := make([]string, len(ds))
	for i, d := range ds {
		lines[i] = d.String()
	}
	return strings.Join(lines, "\n")
}

// Relative returns a copy whose file names are relative to dir where that is shorter
// (ShortPath), which is how the go command prints positions: p.go for the package in the
// current directory, ../bad/p.go for one beside it.
func (ds Diagnostics) Relative(dir string) Diagnostics {
	out := make(Diagnostics, len(ds))
	for i, d := range ds {
		d.Pos.Filename = ShortPath(dir, d.Pos.Filename)
		out[i] = d
	}
	return out
}

// ShortPath is path as go build prints a file in a message when it runs in dir: relative to dir
// when that is shorter than path itself, "../bad/p.go" included, and otherwise path.
func ShortPath(dir, path string) string {
	if !filepath.IsAbs(path) {
		return path
	}
	rel, err := filepath.Rel(dir, path)
	if err != nil || len(rel) >= len(path) {
		return path
	}
	if rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		// Above dir, ".." is the parent on disk, which is not dir's lexical parent when dir was
		// reached through a symlink: the relative name must lead to the same file, as the go
		// command makes sure.
		a, errA := os.Stat(dir + string(filepath.Separator) + rel) // not Join, which cleans .. away
		b, errB := os.Stat(path)
		if errA != nil || errB != nil || !os.SameFile(a, b) {
			return path
		}
	}
	return rel
}

// RelativeTo is path relative to dir when path lies below dir, as the go command prints paths;
// otherwise path unchanged.
func RelativeTo(dir, path string) string {
	if rel, err := filepath.Rel(dir, path); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return rel
	}
	return path
}

// sortDiagnostics orders by file, line, column and message, and reports each cause once
// (SameCause), by its shortest field path.
func sortDiagnostics(ds Diagnostics) Diagnostics {
	ds.bound()
	slices.SortFunc(ds, func(a, b Diagnostic) int { return CompareDiagnostics(a.Pos, b.Pos, a.Msg, b.Msg) })
	return slices.CompactFunc(ds, func(a, b Diagnostic) bool { return a.Pos == b.Pos && SameCause(a.Msg, b.Msg) })
}

// CompareDiagnostics orders two problems, at positions a and b with messages aMsg and bMsg, as
// generation prints them: by file, line and column, then by message, the same cause (SameCause)
// together with its shortest field path first. cardvet orders its diagnostics with it too.
func CompareDiagnostics(a, b token.Position, aMsg, bMsg string) int {
	return cmp.Or(
		cmp.Compare(a.Filename, b.Filename),
		cmp.Compare(a.Line, b.Line),
		cmp.Compare(a.Column, b.Column),
		cmp.Compare(withoutFieldPath(aMsg), withoutFieldPath(bMsg)),
		cmp.Compare(len(aMsg), len(bMsg)),
		cmp.Compare(aMsg, bMsg),
	)
}

// SameCause reports whether two problems at one position are one cause: a problem of a type that
// several tools reach is found once per tool, with the same words after the field path it was
// reached by ("field Items.Price: …" for one tool, "field Order.Items.Price: …" for another).
func SameCause(aMsg, bMsg string) bool { return withoutFieldPath(aMsg) == withoutFieldPath(bMsg) }

// withoutFieldPath is msg without the "field <path>: " a schema problem starts with (a path of Go
// field names joined by dots, which holds no ": ").
func withoutFieldPath(msg string) string {
	if rest, ok := strings.CutPrefix(msg, "field "); ok {
		if _, after, ok := strings.Cut(rest, ": "); ok {
			return after
		}
	}
	return msg
}

// Messages quote the user's text — a directive key, a template field, a name — and that text
// can be of any length: a 100,000-character key made a 100 KB line. A run of more than
// longRun characters without a space is shortened to its first runHead and last runTail
// characters around the count of those left out, so that every line stays short enough to read
// whatever the input. The limit is above anything a message quotes on purpose (a JSON example
// or an import path of the golden cases, 77 characters at most).
const (
	longRun = 200
	runHead = 80
	runTail = 40
)

// bound shortens the long runs of every message in place (BoundMessage). The positions are
// the diagnostics' own, not part of the message, and stay as they are.
func (ds Diagnostics) bound() {
	for i := range ds {
		ds[i].Msg = BoundMessage(ds[i].Msg)
	}
}

// BoundMessage returns msg with each run of more than 200 characters (runes) that are not white
// space replaced by its first 80 and last 40 characters with "…(N more characters)…" between
// them. The result has no such run, so shortening it again changes nothing. Every diagnostic's
// message is bounded so; a command that prints a message quoting a user's words outside
// Diagnostics (cardgen help of an unknown directive) bounds it with this too, so that a
// 100,000-character word gives a line of a few hundred bytes there as well.
func BoundMessage(msg string) string {
	if len(msg) <= longRun {
		return msg // fewer bytes than the limit's runes
	}
	var b strings.Builder
	done := 0 // msg[:done] is written to b, or nothing was shortened yet when b is empty
	start, runes := 0, 0
	flush := func(end int) {
		if runes > longRun {
			head, tail := start, end
			for range runHead {
				_, size := utf8.DecodeRuneInString(msg[head:])
				head += size
			}
			for range runTail {
				_, size := utf8.DecodeLastRuneInString(msg[:tail])
				tail -= size
			}
			b.Grow(len(msg[done:head]) + 32 + len(msg[tail:end]))
			b.WriteString(msg[done:head])
			b.WriteString("…(" + strconv.Itoa(runes-runHead-runTail) + " more characters)…")
			b.WriteString(msg[tail:end])
			done = end
		}
	}
	for i, r := range msg {
		if unicode.IsSpace(r) {
			flush(i)
			start, runes = i+utf8.RuneLen(r), 0
			continue
		}
		runes++
	}
	flush(len(msg))
	if done == 0 {
		return msg
	}
	b.WriteString(msg[done:])
	return b.String()
}

// collector gathers diagnostics for one package, in the style of wire's error collector: every
// check reports and goes on, so that one run shows every problem.
type collector struct {
	fset  *token.FileSet
	diags Diagnostics
}

func (c *collector) errorf(pos token.Pos, format string, args ...any) {
	c.diags = append(c.diags, Diagnostic{Pos: c.fset.Position(pos), Msg: fmt.Sprintf(format, args...), At: pos})
}

// errorfFix records a problem with the certain edit that mends it.
func (c *collector) errorfFix(pos token.Pos, fix *annotations.Fix, format string, args ...any) {
	c.errorf(pos, format, args...)
	c.diags[len(c.diags)-1].Fix = fix
}

// annotationError records a parse error of the annotations package, keeping its fix.
func (c *collector) annotationError(e annotations.Error) {
	c.diags = append(c.diags, Diagnostic{Pos: c.fset.Position(e.Pos), Msg: e.Msg, At: e.Pos, Fix: e.Fix})
}

func (c *collector) at(p token.Position, format string, args ...any) {
	c.diags = append(c.diags, Diagnostic{Pos: p, Msg: fmt.Sprintf(format, args...)})
}

// atVia records a problem at p, in a file that is not Go source, reached from via in Go source.
func (c *collector) atVia(p token.Position, via token.Pos, format string, args ...any) {
	c.diags = append(c.diags, Diagnostic{Pos: p, Msg: fmt.Sprintf(format, args...), Via: via})
}
