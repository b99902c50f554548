//go:build unix

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestStopOnSignal: Ctrl-C while the go command lists the packages ends cardgen with the
// shell's status for it (130), says so, removes the go command's overlay from the temporary
// directory, where a killed run used to leave it, and leaves the generated file as it was. A
// stand-in for the go command holds go list back until the signal has been sent.
func TestStopOnSignal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cardgen and runs it; skipped with -short")
	}
	realGo, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "cardgen")
	if out, err := exec.Command(realGo, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// With its generated files present, a run hands the go command an overlay of them.
	pkg := copyCase(t, "func_handler", map[string]string{"p.go": "p.go", "want/cards_gen.go": "cards_gen.go"})
	generated, err := os.ReadFile(filepath.Join(pkg, "cards_gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	fakeBin := t.TempDir()
	script := "#!/bin/sh\nif [ \"$1\" = list ]; then exec sleep 120; fi\nexec " + realGo + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(fakeBin, "go"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	cmd := exec.Command(bin, ".")
	cmd.Dir = pkg
	cmd.Env = append(os.Environ(), "PATH="+fakeBin+string(os.PathListSeparator)+os.Getenv("PATH"), "TMPDIR="+tmp)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // the sleeping stand-in is killed with its group
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)

	overlays := func() []string {
		m, _ := filepath.Glob(filepath.Join(tmp, "cardgen-overlay*"))
		return m
	}
	for deadline := time.Now().Add(60 * time.Second); len(overlays()) == 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no overlay appeared in the temporary directory within a minute; stderr:\n%s", stderr.String())
		}
	}
	time.Sleep(100 * time.Millisecond) // the stand-in for go list is running by now
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 130 {
		t.Errorf("cardgen ended with %v; want exit status 130", err)
	}
	if !strings.Contains(stderr.String(), "cardgen: stopped by interrupt") {
		t.Errorf("stderr says %q; want that the interrupt stopped it", stderr.String())
	}
	if left := overlays(); len(left) > 0 {
		t.Errorf("the overlay is still there after the interrupt: %v", left)
	}
	if after, err := os.ReadFile(filepath.Join(pkg, "cards_gen.go")); err != nil || !bytes.Equal(after, generated) {
		t.Errorf("cards_gen.go changed after the interrupt (%v)", err)
	}
}
