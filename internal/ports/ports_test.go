package ports_test

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/internal/ports"
)

// TestUncovered writes files of each kind that decides a build and checks the first port that
// takes none of a set, with cgo tried and not.
func TestUncovered(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"plain.go":    "package p\n",
		"x_linux.go":  "package p\n",
		"x_darwin.go": "package p\n",
		"x_other.go":  "//go:build !linux\n\npackage p\n",
		"needcgo.go":  "//go:build cgo\n\npackage p\n",
		"nocgo.go":    "//go:build !cgo\n\npackage p\n",
		"arm.go":      "//go:build arm64 || arm\n\npackage p\n",
		"broken.go":   "//go:build (\n\npackage p\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		files []ports.File
		cgo   bool
		want  string
	}{
		{files: []ports.File{{Name: "plain.go"}}, cgo: true, want: ""},
		{files: nil, want: "linux/amd64"},
		{files: []ports.File{{Name: "x_linux.go"}}, want: "darwin/amd64"},
		{files: []ports.File{{Name: "x_linux.go"}, {Name: "x_other.go"}}, cgo: true, want: ""},
		{files: []ports.File{{Name: "x_linux.go"}, {Name: "x_darwin.go"}}, want: "windows/amd64"},
		{files: []ports.File{{Name: "arm.go"}}, want: "linux/amd64"},
		{files: []ports.File{{Name: "needcgo.go"}}, want: ""},
		{files: []ports.File{{Name: "needcgo.go"}}, cgo: true, want: "linux/amd64 with CGO_ENABLED=0"},
		{files: []ports.File{{Name: "needcgo.go"}, {Name: "nocgo.go"}}, cgo: true, want: ""},
		{files: []ports.File{{Name: "nocgo.go"}}, cgo: true, want: "linux/amd64"},
		{files: []ports.File{{Name: "plain.go", ImportsC: true}}, want: ""},
		{files: []ports.File{{Name: "plain.go", ImportsC: true}}, cgo: true, want: "linux/amd64 with CGO_ENABLED=0"},
		{files: []ports.File{{Name: "broken.go"}, {Name: "missing.go"}}, want: "linux/amd64"},
	}
	for _, c := range cases {
		got := ports.Check{Dir: dir, Cgo: c.cgo}.Uncovered(c.files...)
		if got != c.want {
			t.Errorf("Uncovered(%v) with Cgo %v = %q, want %q", c.files, c.cgo, got, c.want)
		}
	}
}

// TestOpenFile checks that a file not on disk is read through OpenFile.
func TestOpenFile(t *testing.T) {
	var read []string
	check := ports.Check{Dir: "nowhere", Cgo: true, OpenFile: func(path string) (io.ReadCloser, error) {
		read = append(read, path)
		return io.NopCloser(strings.NewReader("//go:build windows\n\npackage p\n")), nil
	}}
	if got, want := check.Uncovered(ports.File{Name: "new.go"}), "linux/amd64"; got != want {
		t.Errorf("Uncovered = %q, want %q", got, want)
	}
	if len(read) == 0 || read[0] != filepath.Join("nowhere", "new.go") {
		t.Errorf("OpenFile read %q, want nowhere/new.go first", read)
	}
}

func ExampleCheck_Uncovered() {
	// A file not written yet, named for Linux: every other system leaves it out.
	check := ports.Check{Cgo: true, OpenFile: func(string) (io.ReadCloser, error) {
		return io.NopCloser(strings.NewReader("package p\n")), nil
	}}
	fmt.Printf("%q\n", check.Uncovered(ports.File{Name: "server_linux.go"}))
	fmt.Printf("%q\n", check.Uncovered(ports.File{Name: "server.go"}))
	// The same file importing "C": no build with CGO_ENABLED=0 takes it.
	fmt.Printf("%q\n", check.Uncovered(ports.File{Name: "server.go", ImportsC: true}))
	// Output:
	// "darwin/amd64"
	// ""
	// "linux/amd64 with CGO_ENABLED=0"
}
