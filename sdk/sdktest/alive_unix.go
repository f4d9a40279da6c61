//go:build unix

package sdktest

import (
	"errors"
	"syscall"
)

// alive reports whether a process with pid exists (and is not a zombie
// the kernel is about to reap: go-plugin waits for its children, so a
// dead plugin is gone).
func alive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
