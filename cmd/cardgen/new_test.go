package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestNew scaffolds a tool with the command into a new package inside the module, with the flag
// after the tool name, then checks the package tests pass and that a second run is refused with
// every reason and exit status 1.
func TestNew(t *testing.T) {
	root, _ := filepath.Abs("../..")
	base, err := os.MkdirTemp(root, "_newtest")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(base)

	code, out, errOut := runIn(t, base, "new", "get_invoice", "-dir", "billing")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, errOut)
	}
	want := `cardgen new: created billing/doc.go
cardgen new: created billing/get_invoice.go
cardgen new: created billing/testdata/golden/get_invoice.schema.json
cardgen new: created billing/testdata/golden/get_invoice.card.json
cardgen new: regenerated billing/cards_gen.go
cardgen new: regenerated billing/cards_gen_test.go
cardgen new: next, implement GetInvoice in billing/get_invoice.go; RegisterTools registers get_invoice.
`
	if out != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", out, want)
	}
	cmd := exec.Command("go", "test", "-count=1", ".")
	cmd.Dir = filepath.Join(base, "billing")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test in the scaffolded package: %v\n%s", err, b)
	}

	code, out, errOut = runIn(t, base, "new", "-dir", "billing", "get_invoice", "-acp", "grid")
	wantErr := `cardgen new: -acp "grid" is not an ACP card kind; use one of detail, review, carousel, form
cardgen new: tool name "get_invoice" is already used by GetInvoice (billing/get_invoice.go:31); tool names must be unique in a package, pick another
cardgen new: billing/get_invoice.go already exists; cardgen new never overwrites a file: move it away or pick another tool name
cardgen new: billing/testdata/golden/get_invoice.schema.json already exists; cardgen new never overwrites a file: move it away or pick another tool name
cardgen new: billing/testdata/golden/get_invoice.card.json already exists; cardgen new never overwrites a file: move it away or pick another tool name
`
	if code != 1 || out != "" || errOut != wantErr {
		t.Errorf("second run: exit %d, stdout %q, stderr:\n%s\nwant exit 1 and:\n%s", code, out, errOut, wantErr)
	}
}

func TestNewUsage(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string // in stderr
	}{
		{[]string{"new"}, 2, `cardgen new: want one tool name, got 0 []`},
		{[]string{"new", "a", "b"}, 2, `cardgen new: want one tool name, got 2 ["a" "b"]`},
		{[]string{"new", "a", "-acp"}, 2, "flag needs an argument: -acp"},
		{[]string{"new", "-nope", "a"}, 2, "flag provided but not defined: -nope"},
		{[]string{"new", "-h"}, 0, "usage: cardgen new <tool_name> [-dir PKG] [-recv TYPE] [-ui] [-acp KIND] [-markdown]"},
		{[]string{"new", "bad name", "-dir", t.TempDir()}, 1, `cardgen new: tool name "bad name" is not valid`},
	}
	for _, tt := range tests {
		code, out, errOut := runIn(t, ".", tt.args...)
		if code != tt.code || out != "" || !strings.Contains(errOut, tt.want) {
			t.Errorf("cardgen %q: exit %d, stdout %q, stderr:\n%s\nwant exit %d and %q", tt.args, code, out, errOut, tt.code, tt.want)
		}
	}
}
