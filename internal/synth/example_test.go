package synth_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/cardgen/cardgen/internal/synth"
)

// Write spreads the handlers over one file per ten, next to service.go with the shared types.
func ExampleWrite() {
	dir, err := os.MkdirTemp("", "synth")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	if err := synth.Write(dir, 20); err != nil {
		fmt.Println(err)
		return
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	tools := 0
	for _, f := range files {
		src, _ := os.ReadFile(f)
		tools += bytes.Count(src, []byte("\n//card:tool "))
		fmt.Println(filepath.Base(f))
	}
	fmt.Println(tools, "tools")
	// Output:
	// service.go
	// tools000.go
	// tools001.go
	// 20 tools
}

// WriteInferred adds register.go, which registers every handler with plain mcp.AddTool.
func ExampleWriteInferred() {
	dir, err := os.MkdirTemp("", "synth")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	if err := synth.WriteInferred(dir, 3); err != nil {
		fmt.Println(err)
		return
	}
	src, _ := os.ReadFile(filepath.Join(dir, "register.go"))
	fmt.Println(bytes.Count(src, []byte("mcp.AddTool(s, ")), "registrations")
	// Output:
	// 3 registrations
}
