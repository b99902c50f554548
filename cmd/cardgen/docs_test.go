package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/cardgen/cardgen/internal/testenv"
)

// docFiles are the pages a user reads: the README and docs/*.md.
func docFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{"../../README.md"}, files...)
}

var (
	// mdLink is a markdown link or image target: ](target), without a title.
	mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	// hasScheme is a target with a URL scheme (https:, mailto:).
	hasScheme = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
	// codeSpan is a `code span` on one line.
	codeSpan = regexp.MustCompile("`[^`]*`")
)

// TestDocLinks: every relative link in the README and docs/*.md names a file of the repository,
// and every #anchor a heading of the page it points to, as GitHub renders them. Links inside
// code (fenced blocks, `spans`) are not links; links with a scheme are not checked.
func TestDocLinks(t *testing.T) {
	links := 0
	for _, page := range docFiles(t) {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		rel := strings.TrimPrefix(filepath.ToSlash(page), "../../")
		for i, line := range proseLines(string(text), false) {
			for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if hasScheme.MatchString(target) {
					continue
				}
				links++
				file, anchor, _ := strings.Cut(target, "#")
				path := page
				if file != "" {
					path = filepath.Join(filepath.Dir(page), filepath.FromSlash(file))
				}
				if _, err := os.Stat(path); err != nil {
					t.Errorf("%s:%d: link %s: no such file", rel, i+1, target)
					continue
				}
				if anchor == "" || !strings.HasSuffix(path, ".md") {
					continue
				}
				if !headingAnchors(t, path)[anchor] {
					t.Errorf("%s:%d: link %s: %s has no heading with the anchor #%s", rel, i+1, target, filepath.Base(path), anchor)
				}
			}
		}
	}
	if links < 20 {
		t.Errorf("found %d relative links in the docs; the README alone has more: the link pattern no longer matches", links)
	}
}

// proseLines are the lines of a markdown page, with the lines of fenced code blocks blanked, so
// that line numbers stay those of the file, and with the text of code spans blanked too unless
// keepCode.
func proseLines(text string, keepCode bool) []string {
	lines := strings.Split(text, "\n")
	fenced := false
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			fenced = !fenced
			lines[i] = ""
			continue
		}
		if fenced {
			lines[i] = ""
			continue
		}
		if !keepCode {
			lines[i] = codeSpan.ReplaceAllString(l, "``")
		}
	}
	return lines
}

// headingAnchors are the anchors GitHub gives the headings of a markdown page: the heading's
// text (code spans' included) in lower case, without punctuation other than '-' and '_', spaces
// turned into '-', and "-1", "-2"… after a repeated one.
func headingAnchors(t *testing.T, path string) map[string]bool {
	t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	anchors := map[string]bool{}
	seen := map[string]int{}
	for _, line := range proseLines(string(text), true) {
		heading, ok := strings.CutPrefix(strings.TrimLeft(line, "#"), " ")
		if !ok || !strings.HasPrefix(line, "#") {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			anchors[fmt.Sprintf("%s-%d", a, n)] = true
		} else {
			anchors[a] = true
		}
		seen[a]++
	}
	return anchors
}

// TestScaffoldingDocSession runs the "Example session" of docs/scaffolding.md, command by
// command, in a module of its own named as the page's (example.com/app) that already requires
// cardgen's runtime and the SDK, and requires each command's output to be the page's, character
// for character (but the time go test takes), and echo $? the exit status the page shows.
func TestScaffoldingDocSession(t *testing.T) {
	text, err := os.ReadFile("../../docs/scaffolding.md")
	if err != nil {
		t.Fatal(err)
	}
	_, session, ok := strings.Cut(string(text), "## Example session\n\n```console\n")
	session, _, closed := strings.Cut(session, "\n```\n")
	if !ok || !closed || !strings.HasPrefix(session, "$ cardgen new ") {
		t.Fatalf("docs/scaffolding.md: no console block starting with $ cardgen new under ## Example session")
	}
	// A module that requires what the generated code and its tests import, as the page's module
	// does.
	dir := ownModule(t, "example.com/app", map[string]string{
		"app.go":      "// Package app uses cardgen's runtime.\npackage app\n\nimport _ \"github.com/cardgen/cardgen/runtime/register\"\n",
		"app_test.go": "package app\n\nimport _ \"github.com/cardgen/cardgen/runtime/cardtest\"\n",
	})
	t.Setenv("GOWORK", "off")
	t.Setenv("GOFLAGS", "")
	shIn(t, dir, "go mod edit -require=github.com/cardgen/cardgen@v0.1.0 && go mod tidy")

	// The time go test prints, which no run repeats.
	elapsed := regexp.MustCompile(`(?m)\t([0-9.]+s|\(cached\))$`)
	var commands, wants []string
	for line := range strings.Lines(session + "\n") {
		if command, ok := strings.CutPrefix(line, "$ "); ok {
			commands, wants = append(commands, strings.TrimSuffix(command, "\n")), append(wants, "")
		} else {
			wants[len(wants)-1] += line
		}
	}
	lastCode := -1
	for i, command := range commands {
		var got string
		switch {
		case strings.HasPrefix(command, "cardgen "):
			code, out, errOut := runIn(t, dir, strings.Fields(command)[1:]...)
			got, lastCode = out+errOut, code
		case command == "echo $?":
			got = fmt.Sprintln(lastCode)
		default:
			cmd := exec.Command("sh", "-c", command)
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			if err != nil {
				testenv.FailGoCommand(t, fmt.Sprintf("docs/scaffolding.md: $ %s: %v", command, err), out)
			}
			got = string(out)
		}
		got = elapsed.ReplaceAllString(got, "\t(time)")
		want := elapsed.ReplaceAllString(wants[i], "\t(time)")
		if got != want {
			t.Errorf("docs/scaffolding.md: $ %s printed\n%s\nthe page says\n%s", command, got, want)
		}
	}
}
