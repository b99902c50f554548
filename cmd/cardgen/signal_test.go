//go:build unix

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
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
	// With its generated files present, a run hands the go command an overlay of them.
	pkg := copyCase(t, "func_handler", map[string]string{"p.go": "p.go", "want/cards_gen.go": "cards_gen.go"})
	generated, err := os.ReadFile(filepath.Join(pkg, "cards_gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	started := filepath.Join(t.TempDir(), "started")
	cmd := cardgenHeldBack(t, "list", started, ".")
	cmd.Dir = pkg
	cmd.Env = append(cmd.Env, "TMPDIR="+tmp)
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
	// go/packages runs go list in a process group of its own, which the interrupt does not
	// reach: it went on (here, sleeping for two minutes) after cardgen had ended.
	if b, err := os.ReadFile(started); err != nil {
		t.Errorf("the stand-in for go list never started: %v", err)
	} else if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err != nil {
		t.Errorf("the stand-in's pid %q: %v", b, err)
	} else if syscall.Kill(pid, 0) == nil {
		syscall.Kill(pid, syscall.SIGKILL)
		t.Errorf("go list (the stand-in, pid %d) is still running after cardgen ended", pid)
	}
	if left := overlays(); len(left) > 0 {
		t.Errorf("the overlay is still there after the interrupt: %v", left)
	}
	if after, err := os.ReadFile(filepath.Join(pkg, "cards_gen.go")); err != nil || !bytes.Equal(after, generated) {
		t.Errorf("cards_gen.go changed after the interrupt (%v)", err)
	}
}

// TestStopNewOnSignal: Ctrl-C while cardgen new writes the golden files undoes the scaffold —
// the new handler file removed, cards_gen.go and its test restored — before cardgen ends with
// status 130; it used to end at once and leave them. A stand-in for the go command holds the
// golden run back (and says when it started) until the signal has been sent.
func TestStopNewOnSignal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cardgen and runs it; skipped with -short")
	}
	pkg := copyCase(t, "func_handler", map[string]string{
		"p.go": "p.go", "want/cards_gen.go": "cards_gen.go", "want/cards_gen_test.go": "cards_gen_test.go"})
	snapshot := func() map[string]string {
		files := map[string]string{}
		filepath.WalkDir(pkg, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				b, _ := os.ReadFile(path)
				files[path] = string(b)
			}
			return nil
		})
		return files
	}
	before := snapshot()
	started := filepath.Join(t.TempDir(), "golden-run-started")
	cmd := cardgenHeldBack(t, "test", started, "new", "pong")
	cmd.Dir = pkg
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	ended := make(chan error, 1)
	go func() { ended <- cmd.Wait() }()
	for deadline := time.Now().Add(90 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if _, err := os.Stat(started); err == nil {
			break
		}
		select {
		case err := <-ended:
			t.Fatalf("cardgen new ended (%v) before its golden run started; stderr:\n%s", err, stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("the golden run did not start within 90 s; stderr:\n%s", stderr.String())
		}
	}
	if _, err := os.Stat(filepath.Join(pkg, "pong.go")); err != nil {
		t.Fatalf("pong.go was not written before the golden run (%v); the undo below would prove nothing", err)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil { // to cardgen alone, as a kill would send it
		t.Fatal(err)
	}
	err := <-ended
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 130 {
		t.Errorf("cardgen new ended with %v; want exit status 130\n%s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "the scaffold is undone") {
		t.Errorf("stderr says %q; want that the interrupt undoes the scaffold", stderr.String())
	}
	after := snapshot()
	for path, content := range before {
		if after[path] != content {
			t.Errorf("%s changed after the interrupt", path)
		}
	}
	for path := range after {
		if _, ok := before[path]; !ok {
			t.Errorf("%s was left behind after the interrupt", path)
		}
	}
}

// cardgenHeldBack builds cardgen and returns the command that runs it with args, with a stand-in
// for the go command first on its PATH: the stand-in runs the real go command, except for the
// subcommand verb (list, test), where it creates the file started (when not "") and sleeps,
// holding the run there until a signal is sent. The command runs in a process group of its own,
// so that the sleeping stand-in can be killed with its group.
func cardgenHeldBack(t *testing.T, verb, started string, args ...string) *exec.Cmd {
	t.Helper()
	realGo, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "cardgen")
	if out, err := exec.Command(realGo, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	mark := ""
	if started != "" {
		mark = "echo $$ > " + started + "; " // exec keeps the process: its pid is sleep's
	}
	fakeBin := t.TempDir()
	script := "#!/bin/sh\nif [ \"$1\" = " + verb + " ]; then " + mark + "exec sleep 120; fi\nexec " + realGo + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(fakeBin, "go"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "PATH="+fakeBin+string(os.PathListSeparator)+os.Getenv("PATH"))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return cmd
}
