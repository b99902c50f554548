//go:build !unix

package scaffold

import "os/exec"

// interruptTogether leaves cmd's cancellation as exec.CommandContext makes it: the process is
// killed. (Windows has no interrupt to send to a process and its children.)
func interruptTogether(cmd *exec.Cmd) {}

// killTogether has nothing more to kill where processes have no groups to signal.
func killTogether(cmd *exec.Cmd) {}
