package gen

import "testing"

// TestLowerFirst: generated locals and receiver parameters lower a leading initialism whole, as
// Go's style does (a receiver of type UI was the parameter uI).
func TestLowerFirst(t *testing.T) {
	for in, want := range map[string]string{
		"":         "",
		"GetOrder": "getOrder",
		"UI":       "ui",
		"HTTPGet":  "httpGet",
		"ID":       "id",
		"IDs":      "ids",
		"URLsByID": "urlsByID",
		"A":        "a",
		"A1":       "a1",
		"Été":      "été",
		"already":  "already",
		"_x":       "_x",
	} {
		if got := lowerFirst(in); got != want {
			t.Errorf("lowerFirst(%q) = %q, want %q", in, got, want)
		}
	}
}
