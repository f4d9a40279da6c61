//go:build unix

package browsertest

import (
	"os/exec"
	"syscall"
)

// killGroup starts the browser in its own process group and, on timeout,
// kills the whole group: Chromium's renderer and GPU helpers die with it.
func killGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
