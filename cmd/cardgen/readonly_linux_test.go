//go:build linux

package main

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
)

// mountNamespaceEnv marks the run of the test binary that rerunForReadOnly started.
const mountNamespaceEnv = "CARDGEN_TEST_MOUNT_NAMESPACE"

// rerunForReadOnly lets a test of a read-only directory fail as root, as CI runs the tests:
// root writes into a directory whatever its mode, but not into a read-only mount. As root it
// runs t's test again in a mount namespace of its own, where makeReadOnly mounts the directory
// read-only, and reports that it did; the caller returns. Where no namespace can be made (a
// container without CAP_SYS_ADMIN), or no mount in it, the test is skipped, saying why.
func rerunForReadOnly(t *testing.T) bool {
	t.Helper()
	if os.Geteuid() != 0 || os.Getenv(mountNamespaceEnv) != "" {
		return false
	}
	cmd := exec.Command(os.Args[0], "-test.run", "^"+t.Name()+"$", "-test.v", "-test.count", "1")
	cmd.Env = append(os.Environ(), mountNamespaceEnv+"=1")
	// Go makes the new namespace's mounts private, so nothing mounted there is seen outside.
	cmd.SysProcAttr = &syscall.SysProcAttr{Unshareflags: syscall.CLONE_NEWNS}
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	switch {
	case err != nil && !errors.As(err, &exit):
		t.Skipf("root writes into read-only directories, and no mount namespace for a read-only mount can be made here: %v", err)
	case err != nil:
		t.Fatalf("the test run again in a mount namespace: %v\n%s", err, out)
	case strings.Contains(string(out), "--- SKIP: "+t.Name()):
		t.Skipf("root writes into read-only directories, and the run in a mount namespace skipped:\n%s", out)
	case !strings.Contains(string(out), "--- PASS: "+t.Name()):
		t.Fatalf("the test run again in a mount namespace did not pass it:\n%s", out)
	}
	t.Logf("run again in a mount namespace, with the directory mounted read-only: passed")
	return true
}

// makeReadOnly makes dir read-only until the test ends, and returns the error text of a write
// into it: by its mode, or in rerunForReadOnly's namespace by a read-only bind mount of it.
func makeReadOnly(t *testing.T, dir string) string {
	if os.Getenv(mountNamespaceEnv) == "" {
		return chmodReadOnly(t, dir)
	}
	if err := syscall.Mount(dir, dir, "", syscall.MS_BIND, ""); err != nil {
		if errors.Is(err, syscall.EPERM) || errors.Is(err, syscall.EACCES) {
			// A namespace may be allowed where mounting is not (seccomp, an AppArmor profile).
			t.Skipf("no read-only mount can be made here (%v), and root writes into read-only directories", err)
		}
		t.Fatalf("bind-mounting %s: %v", dir, err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, 0) }) // before the directory is removed
	if err := syscall.Mount("", dir, "", syscall.MS_BIND|syscall.MS_REMOUNT|syscall.MS_RDONLY, ""); err != nil {
		t.Fatalf("remounting %s read-only: %v", dir, err)
	}
	return syscall.EROFS.Error()
}
