package gen_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestGuardBreaksBuild proves the stringer-style guard: a fixed card text edited in the
// generated file without regenerating (here the title grows past its 80-character limit) makes
// `go build` fail, pointing at the guard.
func TestGuardBreaksBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build; skipped with -short")
	}
	dir, _ := filepath.Abs(filepath.Join(goldenRoot, "result_card_full"))
	want := filepath.Join(dir, "want", "cards_gen.go")
	src, err := os.ReadFile(want)
	if err != nil {
		t.Fatal(err)
	}
	orig := regexp.MustCompile(`getOrderTitle\s+= "Order #"`).FindString(string(src))
	if orig == "" {
		t.Fatalf("%s no longer declares getOrderTitle = \"Order #\"; update this test", want)
	}
	tmp := t.TempDir()
	build := func(content string) (string, error) {
		edited := filepath.Join(tmp, "cards_gen.go")
		if err := os.WriteFile(edited, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return goWithOverlay(t, tmp, "overlay", map[string]string{filepath.Join(dir, "cards_gen.go"): edited}, "build", "./testdata/golden/result_card_full")
	}
	if out, err := build(string(src)); err != nil {
		t.Fatalf("the generated file does not build as generated: %v\n%s", err, out)
	}
	long := `getOrderTitle = "Order number, as printed on the receipt that came with the parcel: #"`
	out, err := build(strings.Replace(string(src), orig, long, 1))
	if err == nil {
		t.Fatal("go build succeeded after a guarded text was edited past its limit; the guard is not working")
	}
	if !strings.Contains(out, "index") || !strings.Contains(out, "out of") {
		t.Errorf("go build failed, but not at the guard:\n%s", out)
	}
}

// TestRuntimeVersionMismatch proves that generated code built against a run-time whose API moved
// on fails at the version reference, with a message that names the constant.
func TestRuntimeVersionMismatch(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build; skipped with -short")
	}
	root, _ := filepath.Abs("..")
	regFile := filepath.Join(root, "runtime", "register", "register.go")
	src, err := os.ReadFile(regFile)
	if err != nil {
		t.Fatal(err)
	}
	moved := strings.Replace(string(src), "const GeneratedAPI1 = true", "const GeneratedAPI2 = true", 1)
	if moved == string(src) {
		t.Fatal("runtime/register no longer declares GeneratedAPI1; update this test")
	}
	tmp := t.TempDir()
	edited := filepath.Join(tmp, "register.go")
	if err := os.WriteFile(edited, []byte(moved), 0o644); err != nil {
		t.Fatal(err)
	}
	ov, _ := json.Marshal(map[string]map[string]string{"Replace": {regFile: edited}})
	ovPath := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(ovPath, ov, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "build", "-overlay", ovPath, "./examples/shop")
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatal("the example built against a run-time without GeneratedAPI1")
	}
	if !strings.Contains(string(out), "cards_gen.go") || !strings.Contains(string(out), "GeneratedAPI1") {
		t.Errorf("build failed, but not at the version reference:\n%s", out)
	}
}

// goWithOverlay runs the go command with args (its subcommand first) from the repository's root,
// with the files of replace (path → the file that stands for it) overlaid; the overlay file is
// written in tmp as name.json. It returns the command's output.
func goWithOverlay(t *testing.T, tmp, name string, replace map[string]string, args ...string) (string, error) {
	t.Helper()
	ov, _ := json.Marshal(map[string]map[string]string{"Replace": replace})
	ovPath := filepath.Join(tmp, name+".json")
	if err := os.WriteFile(ovPath, ov, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", append([]string{args[0], "-overlay", ovPath}, args[1:]...)...)
	cmd.Dir = ".."
	out, err := cmd.CombinedOutput()
	return string(out), err
}
