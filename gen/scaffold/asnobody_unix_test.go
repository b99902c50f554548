//go:build unix

package scaffold

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/cardgen/cardgen/internal/testenv"
)

// asNobodyEnv marks the run of a test binary that rerunAsNobody started.
const asNobodyEnv = "CARDGEN_TEST_AS_NOBODY"

// nobody is the user and group id of nobody on Linux and the BSDs (no entry in /etc/passwd is
// needed to run as it).
const nobody = 65534

// rerunAsNobody runs t's test again, in a copy of the test binary, as the user nobody (uid and
// gid 65534), and reports whether it did: it does when the tests run as root, as CI runs them,
// for whom file modes stop nothing, so that a test of what a read-only file stops can fail
// there too. The copy is needed because the go command's build directory is closed to others.
func rerunAsNobody(t *testing.T) bool {
	t.Helper()
	if os.Geteuid() != 0 || os.Getenv(asNobodyEnv) != "" {
		return false
	}
	dir, err := os.MkdirTemp("", "cardgen-nobody")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "scaffold.test")
	if err := copyExecutable(os.Args[0], bin); err != nil {
		t.Fatal(err)
	}
	// The test's temporary files go in a folder of nobody's own, removed with the rest.
	tmp := filepath.Join(dir, "tmp")
	if err := os.Mkdir(tmp, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(tmp, nobody, nobody); err != nil {
		t.Fatal(err)
	}
	cmd := testenv.Rerun(t, bin)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), asNobodyEnv+"=1", "TMPDIR="+tmp)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	if err := testenv.RerunVerdict(t, cmd, "as nobody, for whom a read-only file is read-only"); err != nil {
		t.Fatalf("running the test again as nobody: %v", err) // root can always become nobody
	}
	return true
}

// copyExecutable copies the file src to dst, executable by everyone.
func copyExecutable(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
