package gen

import (
	"go/format"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"
)

func TestWrapDoc(t *testing.T) {
	for _, c := range []struct {
		text  string
		width int
		want  []string
	}{
		{"", 10, nil},
		{"one two three", 20, []string{"one two three"}},
		{"one two three", 7, []string{"one two", "three"}},
		{"a  b\tc\nd", 3, []string{"a b", "c d"}},
		{"tiny averyveryverylongword end", 8, []string{"tiny", "averyveryverylongword", "end"}},
		{"costs 12 - 3 items", 8, []string{"costs 12", "- 3", "items"}},
	} {
		got := wrapDoc(c.text, c.width)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("wrapDoc(%q, %d) = %q, want %q", c.text, c.width, got, c.want)
		}
	}
}

// TestDocIsGofmtStable renders doc comments of random words (list and heading markers among
// them, first on a line too) above a declaration and requires gofmt to leave them exactly as written, each line within docWidth
// unless it is one long word.
func TestDocIsGofmtStable(t *testing.T) {
	words := []string{"a", "tool", "get_order", "-", "+", "*", "#", "1.", "2)", "—", "x.y", "items.delete-one", strings.Repeat("w", 120), "RegisterTools", "(see", "it)."}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 300 {
		var text []string
		for range 1 + r.IntN(60) {
			text = append(text, words[r.IntN(len(words))])
		}
		f := jen.NewFile("p")
		doc(f, strings.Join(text, " "))
		f.Var().Id("x").Int()
		src := []byte(f.GoString())
		out, err := format.Source(src)
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != string(src) {
			t.Fatalf("case %d: gofmt rewrites the comment:\n%s\n--- gofmt:\n%s", i, src, out)
		}
		for _, line := range strings.Split(string(src), "\n") {
			if !strings.HasPrefix(line, "// ") {
				continue
			}
			if len(line) > docWidth && strings.Contains(line[len("// "):], " ") {
				t.Errorf("case %d: line of %d bytes: %s", i, len(line), line)
			}
		}
	}
}
