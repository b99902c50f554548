package flagscan_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/cardgen/cardgen/internal/flagscan"
)

func TestFind(t *testing.T) {
	for _, c := range []struct {
		words   []string
		boolean bool
		want    []flagscan.Setting
	}{
		{[]string{"-ui", "views", "./..."}, false, []flagscan.Setting{{Index: 0, Words: 2, Value: "views"}}},
		{[]string{"--ui=views"}, false, []flagscan.Setting{{Index: 0, Words: 1, Value: "views", Inline: true}}},
		{[]string{"-ui="}, false, []flagscan.Setting{{Index: 0, Words: 1, Value: "", Inline: true}}},
		{[]string{"-v", "-ui"}, false, []flagscan.Setting{{Index: 1, Words: 1}}}, // no word left for its value
		{[]string{"-ui", "views"}, true, []flagscan.Setting{{Index: 0, Words: 1}}},
		{[]string{"-ui=/a", "x", "-ui", "/b"}, false, []flagscan.Setting{{Index: 0, Words: 1, Value: "/a", Inline: true}, {Index: 2, Words: 2, Value: "/b"}}},
		{[]string{"---ui", "x", "-", "ui", "-uix", "-=ui"}, false, nil},
		{[]string{"-ui", "-ui"}, false, []flagscan.Setting{{Index: 0, Words: 2, Value: "-ui"}}},
		{[]string{"-v", "--", "-ui", "x"}, false, nil},
	} {
		if got := flagscan.Find(c.words, "ui", c.boolean); !slices.Equal(got, c.want) {
			t.Errorf("Find(%q, ui, %v) = %+v, want %+v", c.words, c.boolean, got, c.want)
		}
	}
}

func ExampleFind() {
	words := []string{"go", "tool", "cardgen", "-v", "-ui", "web", "$GOFILE"}
	for _, s := range flagscan.Find(words, "ui", false) {
		fmt.Println(s.Value)
	}
	// Output: web
}
