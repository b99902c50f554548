package mdcard

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// goldmarkCard is goldmark's own parser with the card's renderer, and linearCard the card's
// parser without the limits: the parsers of linear.go must render what goldmark renders.
var (
	goldmarkCard = goldmark.New(
		goldmark.WithExtensions(extension.GFM),
		goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(cardRenderer{}, 100))),
	)
	linearCard = goldmark.New(
		goldmark.WithParser(newParser(false)),
		goldmark.WithExtensions(extension.GFM),
		goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(cardRenderer{}, 100))),
	)
)

// linearSeeds are small inputs that take each path of the parsers of linear.go.
var linearSeeds = []string{
	"`a` ``b`` `c",
	"\\``\\``\\`` `x`",
	"a ``` b `` c ` d ``` e",
	"`a\nb` ``c\n``d``",
	"> `a\n> ``b` ``\n> c``",
	"- `a\n\n  ``b``\n- ``c`",
	"|a|`b|\n|-|-|\n|`c`|``d`|",
	"`` ` `` ` `` `",
	"\t`a\n\t`",
	"[a](b \"x\ny\nz\") [c](d 'e\nf') [g](h (i\nj))",
	"[a](b \"x\ny\n\n[c]: /u 'v\nw'\n\n[c] [c][] [C\n][]",
	"> [a](b \"x\n> y\n>\tz\")\n> [p\n> q]\n>\n> [p q]: /r",
	"- [a](b 'x\n\ty') ![i](j \"k\n  l\")\n- [m\n  n][o\np]\n\n[o p]: /q",
	"]([\n]([\n]([\n[x]\n\n[x]: /y",
	"[a\nb\nc\nd]\n\n[a b c d]: /e \"f\"",
}

func convertWith(t *testing.T, md goldmark.Markdown, src string) string {
	t.Helper()
	var out bytes.Buffer
	if err := md.Convert([]byte(src), &out); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestLinearParsersMatchGoldmark renders the seeds, the representative document and 4 KiB
// of each pathological input with goldmark's parser and with the card's without limits.
func TestLinearParsersMatchGoldmark(t *testing.T) {
	inputs := append(append([]string{}, linearSeeds...), fuzzSeeds...)
	rep, err := os.ReadFile(filepath.Join("testdata", "representative.md"))
	if err != nil {
		t.Fatal(err)
	}
	inputs = append(inputs, string(rep))
	for _, input := range pathological {
		inputs = append(inputs, input(4<<10))
	}
	for _, md := range inputs {
		if got, want := convertWith(t, linearCard, md), convertWith(t, goldmarkCard, md); got != want {
			t.Errorf("%.80q:\ncard's parser:\n%s\ngoldmark's:\n%s", md, got, want)
		}
	}
}

func FuzzLinearParsersMatchGoldmark(f *testing.F) {
	for _, s := range linearSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, md string) {
		if strings.Count(md, "\n") > 2000 {
			return // goldmark itself is quadratic on some inputs of many lines
		}
		if got, want := convertWith(t, linearCard, md), convertWith(t, goldmarkCard, md); got != want {
			t.Fatalf("%q:\ncard's parser:\n%s\ngoldmark's:\n%s", md, got, want)
		}
	})
}
