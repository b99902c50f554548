//go:build linux

package main

import (
	"errors"
	"os"
	"syscall"
	"testing"

	"github.com/cardgen/cardgen/internal/testenv"
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
	cmd := testenv.Rerun(t, os.Args[0])
	cmd.Env = append(os.Environ(), mountNamespaceEnv+"=1")
	// Go makes the new namespace's mounts private, so nothing mounted there is seen outside.
	cmd.SysProcAttr = &syscall.SysProcAttr{Unshareflags: syscall.CLONE_NEWNS}
	if err := testenv.RerunVerdict(t, cmd, "in a mount namespace, with the directory mounted read-only"); err != nil {
		t.Skipf("root writes into read-only directories, and no mount namespace for a read-only mount can be made here: %v", err)
	}
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
