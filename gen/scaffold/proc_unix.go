//go:build unix

package scaffold

import (
	"os/exec"
	"syscall"
)

// interruptTogether runs cmd in a process group of its own, and makes its cancellation interrupt
// the whole group: the go command and the test binary it starts.
func interruptTogether(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGINT) }
}

// killTogether kills what is left of cmd's process group once cmd has ended.
func killTogether(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // none left is no error worth saying
	}
}
